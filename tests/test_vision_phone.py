"""The Wordament reader on phone screens we draw ourselves (tests/render.py): the 2020s phone
app's look (a small value tucked in close to large letters, values 1 and 11 beside L, T, H, N:
the stray-I trap), online-tournament screens (a header with the timer and score, a leaderboard
and coloured buttons around the grid), and whole phone screenshots scaled down to 450 and 400
pixels wide and JPEG-compressed. The golden values are what was drawn."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from assistant.vision import wordament
from tests import render as R

FONTS = ("open-sans", "open-sans-semibold", "carlito", "liberation-sans", "dejavu-sans",
         "cantarell")  # cantarell: a font the templates were not made from


def phone_shot(seed, style=R.PHONE, kind="crop", tile=200, width=0, jpeg=0):
    """Return (image, tiles, values, grid box) of a phone board drawn for this seed: its font
    by the seed, scaled down to `width` px wide if given, JPEG-compressed if asked."""
    rng = random.Random(seed)
    tiles, values = R.phone_example(seed)
    looks = replace(style, font=FONTS[seed % len(FONTS)])
    if style is R.WIN8:
        looks = replace(looks, face=R.FACES[seed % len(R.FACES)])
    image, box = R.scene(R.board(tiles, values, looks, tile), kind, rng)
    scale = width / image.shape[1] if width else 1.0
    image = R.degrade(image, rng, jpeg=jpeg, scale=scale)
    return image, tiles, values, tuple(round(v * scale) for v in box)


def tally(reading, tiles, values):
    """Return (wrong tiles, uncertain tiles, wrong values, unread values) of a reading."""
    cells = list(zip(reading.cells, tiles, values, strict=True))
    return (sum(not c.uncertain and c.text != t for c, t, _ in cells),
            sum(c.uncertain for c, _, _ in cells),
            sum(not c.value_uncertain and c.value != v for c, _, v in cells),
            sum(c.value_uncertain for c, _, _ in cells))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("kind", ["crop", "phone"])
def test_the_phone_app_look_is_read_exactly(seed, kind):
    image, tiles, values, _ = phone_shot(seed, kind=kind, tile=150 + 20 * seed)
    reading = wordament.read(image, "template")
    assert [c.text for c in reading.cells] == tiles
    assert [c.value for c in reading.cells] == values
    assert reading.uncertain() == []


def test_a_value_of_1_beside_a_letter_adds_no_stray_i():
    for seed, font in enumerate(FONTS):
        tiles = list("LTHNLTHNFEKMPRBD")
        values = [(1, 11)[(seed + i) % 2] for i in range(16)]
        image = R.board(tiles, values, replace(R.PHONE, font=font), 120 + 20 * seed)
        for cell, drawn in zip(wordament.read(image, "template").cells, tiles, strict=True):
            assert not cell.text.startswith("I") and not cell.text.endswith("I"), (font, cell)
            assert cell.text == drawn and not cell.uncertain, (font, cell)
        assert [c.value for c in wordament.read(image, "template").cells] == values


@pytest.mark.parametrize("tuck", [0.0, 0.2, 0.5, 0.8, 1.0])
def test_a_value_beside_the_letters_top_reads_at_any_height(tuck):
    """tuck: how much of the value's height sits above the letters' top (0: all rows shared)."""
    tiles = list("LTHNIJFEKMWBDPRL")
    values = [(1, 11, 10, 12)[i % 4] for i in range(16)]
    for font in FONTS[::2]:
        image = R.board(tiles, values, replace(R.PHONE, font=font, tuck=tuck), 150)
        reading = wordament.read(image, "template")
        assert [c.text for c in reading.cells] == tiles, font
        assert [c.value for c in reading.cells] == values, font
        assert reading.uncertain() == [], font


def test_the_value_sits_beside_the_letters_top_in_the_drawings():
    """The trap is real: in the phone look a narrow letter's value shares rows with it."""
    ink = np.all(np.asarray(R.tile_image("L", 1, R.PHONE, 200))[..., :3] == R.PHONE.ink, axis=2)
    columns = np.flatnonzero(ink.any(axis=0))
    parts = np.split(columns, np.flatnonzero(np.diff(columns) > 1) + 1)
    assert len(parts) == 2  # the value, then the letter, apart
    value_rows, letter_rows = (np.flatnonzero(ink[:, part].any(axis=1)) for part in parts)
    assert value_rows.min() < letter_rows.min() < value_rows.max()


SPECIALS = [  # two letters, either/or, prefix and suffix tiles, each with a 1 or 11 beside it
    (["TH", "QU", "ER", "IN", "ST", "U/L", "E/S", "O/N", "RE-", "UN-", "-ING", "-ED",
      "L", "T", "H", "N"],
     [1, 11, 1, 11, 1, 20, 20, 20, 11, 1, 11, 1, 1, 11, 1, 11]),
]


@pytest.mark.parametrize("font", FONTS)
def test_special_tiles_in_the_phone_look(font):
    tiles, values = SPECIALS[0]
    reading = wordament.read(R.board(tiles, values, replace(R.PHONE, font=font), 170),
                             "template")
    for i, (cell, drawn) in enumerate(zip(reading.cells, tiles, strict=True)):
        # Cantarell's Q has a tail long enough to run into the U: one glyph, doubted
        doubt_allowed = drawn == "QU" and font == "cantarell"
        assert cell.text == drawn or (doubt_allowed and cell.uncertain), (i, cell)
        assert not cell.uncertain or doubt_allowed, (i, cell)
    assert [c.value for c in reading.cells] == values


@pytest.mark.parametrize("kind", ["tournament", "tournament-wide"])
@pytest.mark.parametrize("style", [R.PHONE, R.CREAM, R.WIN8], ids=["phone", "cream", "win8"])
def test_an_online_tournament_screen_is_located_and_read(kind, style):
    for seed in range(3):
        image, tiles, values, (x, y, w, h) = phone_shot(seed, style, kind, tile=170)
        reading = wordament.read(image, "template")
        assert reading.region is not None
        rx, ry, rw, rh = reading.region
        pad = 0.16 * w / 4  # the region is the tiles' faces, inside the grid's gaps
        assert x <= rx <= x + pad and y <= ry <= y + pad, (reading.region, (x, y, w, h))
        assert x + w - pad <= rx + rw <= x + w and y + h - pad <= ry + rh <= y + h
        assert tally(reading, tiles, values) == (0, 0, 0, 0), seed


UNREAD = {  # style -> the share of values a scaled-down shot may leave unread (never wrong):
    "phone": 0.05,  # digits 7 to 10 px tall after scaling and JPEG
    "cream": 0.05,
    "win8": 0.10,  # white digits on colour: JPEG's halved colour resolution blurs them more
}


@pytest.mark.parametrize("width", [450, 400])
@pytest.mark.parametrize("kind", ["phone", "tournament"])
@pytest.mark.parametrize("look", UNREAD)
def test_a_phone_screenshot_scaled_down_is_read_without_a_wrong_tile(width, kind, look):
    style = {"phone": R.PHONE, "cream": R.CREAM, "win8": R.WIN8}[look]
    wrong = doubts = bad_values = unread = 0
    for seed in range(6):
        image, tiles, values, _ = phone_shot(seed, style, kind, tile=250, width=width, jpeg=80)
        assert image.shape[1] == width
        counts = tally(wordament.read(image, "template"), tiles, values)
        wrong, doubts = wrong + counts[0], doubts + counts[1]
        bad_values, unread = bad_values + counts[2], unread + counts[3]
    assert (wrong, doubts, bad_values) == (0, 0, 0)
    assert unread <= UNREAD[look] * 6 * 16
