"""Small phone Wordament shots, drawn (tests/render.py): whole phone screens about 450 px wide,
scaled down and JPEG-compressed hard, in the online tournament's looks: the current app's glossy
white keys on deep blue (GLOSSY), and the coloured squares (WIN8) on a phone held sideways, where
a tile is about 50 px and JPEG leaves a line along each tile's edge as wide as a letter's stem.
The golden values are what was drawn."""

from __future__ import annotations

import pytest

from assistant.vision import wordament
from tests import render as R
from tests.test_vision_phone import phone_shot, tally

SEEDS = range(8)


def edge_read_as_i(reading, tiles):
    """Return the cells read, surely or not, with an I more than drawn: a tile's edge taken in
    (as IT, or as ?I: the edge, longer than the letter, and the letter a fragment of it)."""
    return [(i, c.text) for i, (c, t) in enumerate(zip(reading.cells, tiles, strict=True))
            if c.text.count("I") > t.count("I")]


@pytest.mark.parametrize("look", ["win8", "glossy"])
def test_a_sideways_tournament_shot_450_wide_is_never_wrong_and_its_edges_are_no_is(look):
    style = {"win8": R.WIN8, "glossy": R.GLOSSY}[look]
    wrong = doubts = bad_values = 0
    for seed in SEEDS:
        image, tiles, values, _ = phone_shot(seed, style, "tournament-wide", tile=250,
                                             width=450, jpeg=55)
        reading = wordament.read(image, "template")
        assert edge_read_as_i(reading, tiles) == [], seed
        counts = tally(reading, tiles, values)
        wrong, doubts, bad_values = wrong + counts[0], doubts + counts[1], bad_values + counts[2]
    assert (wrong, bad_values) == (0, 0)
    assert doubts <= 4  # of 128: two-letter and prefix tiles drawn 6 px tall; O or D at 7 px


@pytest.mark.parametrize("width", [450, 400])
@pytest.mark.parametrize("kind", ["tournament", "phone"])
def test_the_glossy_tournament_look_scaled_down_is_read_exactly(width, kind):
    """Every letter read surely; the values, 5 to 7 px tall here, read or left unread (the
    usual letter values are used), never wrong."""
    for seed in SEEDS:
        image, tiles, values, _ = phone_shot(seed, R.GLOSSY, kind, tile=250, width=width,
                                             jpeg=60)
        wrong, unsure, bad_values, _ = tally(wordament.read(image, "template"), tiles, values)
        assert (wrong, unsure, bad_values) == (0, 0, 0), seed
