"""The Boggle reader on photos of a real board that we draw (tests/draw_boggle.py): dice turned
any way and sitting loose, each showing part of another letter on its side (turned with the
die, that part stands beside the letter like an I), the board in perspective, lit unevenly,
blurred, noisy and JPEG-compressed. The golden values are the dice drawn."""

from __future__ import annotations

import random

import pytest

from assistant.vision import boggle, ocr
from tests import draw_boggle as D

# no twins (N/Z, M/W, C/U read the same turned), R among them: the die once read as RI
DICE = list("TRGBEDARSLTEHIOK")


def shot(seed, **camera):
    """Return a photo of DICE, each turned at random by the seed, and the turns."""
    rng = random.Random(seed)
    turns = [rng.randrange(4) for _ in DICE]
    return D.photo(DICE, turns, rng, **camera), turns


def test_photos_of_a_board_are_read_right_and_nearly_all_sure():
    doubts = 0
    for seed in range(6):
        reading = boggle.read(shot(seed)[0], "auto")
        assert all(c.uncertain or c.text == d for c, d in zip(reading.cells, DICE, strict=True))
        assert len(reading.uncertain()) <= 1, (seed, reading.uncertain())
        doubts += len(reading.uncertain())
    assert doubts <= 2  # of 96 dice (a D upside down, blurred, is much like an O)


def test_an_r_beside_its_neighbours_edge_is_not_ri():
    """The R's die pushed against the die to its right and the one below, on every side."""
    for turn in range(4):
        rng = random.Random(turn)
        turns = [rng.randrange(4) for _ in DICE]
        turns[1] = turn
        image = D.photo(DICE, turns, rng, shift={1: (0.05, 0.04), 2: (-0.05, 0.0)})
        cell = boggle.read(image, "template").cells[1]
        assert cell.text == "R" and not cell.uncertain, (turn, cell)


def test_a_darker_blurrier_photo_is_never_wrong():
    for seed in range(4):
        image, _ = shot(seed, blur=1.8, jpeg=60, light=0.5, tilt=0.07)
        reading = boggle.read(image, "auto")
        assert all(c.uncertain or c.text == d for c, d in zip(reading.cells, DICE, strict=True))
        assert len(reading.uncertain()) <= 2


def test_a_twin_die_on_a_photo_stays_uncertain():
    """An N turned a quarter is a Z: which it is the photo cannot tell."""
    dice = ["N" if d == "T" else d for d in DICE]
    rng = random.Random(3)
    reading = boggle.read(D.photo(dice, [rng.randrange(4) for _ in dice], rng), "template")
    for i, (cell, die) in enumerate(zip(reading.cells, dice, strict=True)):
        assert cell.uncertain if die == "N" else cell.text == die, (i, cell)


def test_a_photo_is_read_with_at_most_one_tesseract_call(monkeypatch):
    """Speed: the templates read every die each way; Tesseract, one process, only for the
    dice they leave unsure, and no other game's reader is asked about a photo."""
    calls = []
    real = ocr.tesseract

    def counted(images, allowed):
        calls.append(len(images))
        return real(images, allowed)

    monkeypatch.setattr(ocr, "tesseract", counted)
    monkeypatch.setattr(boggle, "more_particular", lambda *a: pytest.fail("asked another"))
    image, _ = shot(11)
    boggle.read(image, "auto")
    assert len(calls) <= 1, calls


def test_the_qu_die_on_a_photo_is_read_surely():
    """The Q's small tail, blurred, leaves it much like an O, and the tail below the line once
    made the u's top look level with the Q's: the one die with two letters read as nothing."""
    for seed in range(8):
        rng = random.Random(seed)
        dice = [*DICE[:seed], "Qu", *DICE[seed + 1:]]
        image = D.photo(dice, [rng.randrange(4) for _ in dice], rng)
        reading = boggle.read(image, "auto")
        assert reading.cells[seed].text == "QU" and not reading.cells[seed].uncertain, seed
        assert all(c.uncertain or c.text == d.upper()
                   for c, d in zip(reading.cells, dice, strict=True))
