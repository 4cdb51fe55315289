"""Read a grid game's feedback on a swipe: the colour its tiles flash (new word, already
found, not a word), and whether the grid is still on the screen at all.

Each tile's face colour is taken from a strip along its bottom edge, below its letters and
away from its value, so the letters' ink does not count. A tile shows a verdict when its face
is of the verdict's hue, strongly coloured, and of another hue than the board's own tiles (an
orange board is not a yellow flash). The hues are a table: Wordament flashes green for a new
word, yellow for one already found, red for one it refuses; the exact shades are the game's
and may differ between versions, so the table holds hue ranges, not colours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from .shapes import median
from .types import Box

# verdict -> its hue range in degrees (from, to; wrapping past 360)
VERDICT_HUES = {"accepted": (80.0, 170.0), "repeated": (40.0, 70.0), "rejected": (340.0, 20.0)}
STRIP = (0.80, 0.92)  # the rows of a tile sampled for its face, as shares of its height
INSET = 0.2  # and the columns: this share of its width left out at each side
VIVID = 0.45  # least saturation and brightness (0..1) of a verdict's face
APART = 10.0  # degrees: a verdict's hue this far at least from the board's own
SAME = 0.25  # largest distance (hue turns, saturation, value together) of a face like the board's
PALE = (0.15, 0.85)  # a selected tile's face: saturation under this, brightness over that


@dataclass(frozen=True)
class Face:
    """A tile face's colour: hue in degrees, saturation and brightness from 0 to 1."""

    hue: float
    saturation: float
    value: float

    def hue_gap(self, other: Face) -> float:
        """Return the degrees between this colour's hue and another's (0 to 180)."""
        turn = abs(self.hue - other.hue) % 360
        return min(turn, 360 - turn)

    def off(self, other: Face) -> float:
        """Return how far this colour is from another, 0 to 1: the largest of the hue gap (in
        quarter turns), the saturation gap and the brightness gap."""
        return max(self.hue_gap(other) / 90, abs(self.saturation - other.saturation),
                   abs(self.value - other.value))


def faces(frame: np.ndarray, boxes: Sequence[Box]) -> list[Face]:
    """Return the face colour of each tile box (the median of its bottom strip)."""
    return [face(frame, box) for box in boxes]


def strip(box: Box) -> Box:
    """Return the part of a tile box its face colour is taken from: its bottom strip."""
    x, y, w, h = box
    top, bottom = y + round(STRIP[0] * h), y + max(round(STRIP[1] * h), round(STRIP[0] * h) + 1)
    left, right = x + round(INSET * w), x + w - round(INSET * w)
    return left, top, right - left, bottom - top


def face(frame: np.ndarray, box: Box) -> Face:
    """Return the median colour of a tile's bottom strip as a Face."""
    left, top, w, h = strip(box)
    return colour(frame[max(0, top):max(0, top + h), max(0, left):max(0, left + w)])


def colour(pixels: np.ndarray) -> Face:
    """Return the median colour of these pixels (BGR) as a Face."""
    strip = pixels.reshape(-1, 3)
    if not len(strip):
        return Face(0.0, 0.0, 0.0)
    bgr = median(strip, axis=0).astype(np.float32).reshape(1, 1, 3) / 255
    hue, saturation, value = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)[0, 0]  # degrees, 0..1, 0..1
    return Face(float(hue), float(saturation), float(value))


def within(hue: float, span: tuple[float, float]) -> bool:
    """True when a hue lies in a range of hues (which may wrap past 360)."""
    start, end = span
    return start <= hue <= end if start <= end else hue >= start or hue <= end


def verdict(tile: Face, board: Face) -> str | None:
    """Return the verdict a tile's face shows, or None (plain, selected, or unclear)."""
    if min(tile.saturation, tile.value) < VIVID:
        return None
    if board.saturation >= VIVID and tile.hue_gap(board) < APART:  # the board's own colour
        return None
    return next((v for v, span in VERDICT_HUES.items() if within(tile.hue, span)), None)


def selected(tile: Face) -> bool:
    """True when a tile's face is the pale face of a tile in the drag under way."""
    return tile.saturation < PALE[0] and tile.value > PALE[1]


def board_face(tiles: Sequence[Face]) -> Face:
    """Return the board's own face colour: the median of its tiles' faces."""
    return Face(*median([[t.hue, t.saturation, t.value] for t in tiles], axis=0).tolist())


def on_screen(tiles: Sequence[Face], board: Face, selected_too: bool = True) -> float:
    """Return the share of tiles that look like the board's, a verdict's, or selected (white):
    near 1 while the grid is on the screen, low once it has gone."""
    def known(t: Face) -> bool:
        return (t.off(board) < SAME or verdict(t, board) is not None
                or (selected_too and selected(t)))
    return sum(map(known, tiles)) / max(1, len(tiles))
