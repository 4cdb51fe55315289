"""Bookworm: where the attacker reads the Attack button's light and clicks a refused word's
letters back, against the practice game's own layout (practice/bookworm.py, written apart),
and how a lit button is told from a grey one (vision.bookworm_button), on painted buttons."""

from __future__ import annotations

import numpy as np
import pytest

from assistant.practice import bookworm as W
from assistant.profiles import bookworm as profile
from assistant.vision.bookworm_button import lit
from assistant.vision.types import Cell, Reading


def practice_reading() -> Reading:
    """Return a reading of the practice window's grid, its cells where the window draws them."""
    return Reading("bookworm", 4, 4, [Cell(W.tile_box(i), "A", 1.0) for i in range(16)])


def inside(point: tuple[int, int], box: tuple[int, int, int, int]) -> bool:
    """True when the point lies inside the box."""
    x, y, w, h = box
    return x <= point[0] < x + w and y <= point[1] < y + h


@pytest.mark.parametrize("length", range(3, 17))
def test_the_last_letter_clicked_is_the_practice_words_last_letter(length):
    click = profile.last_letter(practice_reading(), (0, 0), length)
    assert inside(click.point, W.word_boxes(length)[-1])
    assert W.target_at(*click.point, length) == f"word {length - 1}"


def test_the_buttons_middle_lies_inside_the_practice_attack_button():
    x, y, w, h = profile.attack_middle(practice_reading(), (100, 50))
    bx, by, bw, bh = W.button_box(W.ATTACK)
    assert bx + 100 < x and x + w < bx + 100 + bw and by + 50 < y and y + h < by + 50 + bh
    assert (w, h) == (102, 20)  # 2 x 0.4 pitches of 51 px


def painted(fill: str, ink: str) -> np.ndarray:
    """Return a 20x100 button: a fill with a bar of ink across its middle (BGR)."""
    def bgr(colour: str) -> list[int]:
        return [int(colour[5:7], 16), int(colour[3:5], 16), int(colour[1:3], 16)]

    image = np.full((20, 100, 3), bgr(fill), np.uint8)
    image[8:12, 20:80] = bgr(ink)
    return image


def test_lit_grey_and_too_close_to_tell():
    grey = painted("#6e9080", "#93aa9c")  # the practice button, inactive
    assert lit(grey, painted("#4fa060", "#ffe070")) is True  # lit
    assert lit(grey, grey) is False
    assert lit(grey, painted("#649a70", "#93aa9c")) is None  # a little more colourful
