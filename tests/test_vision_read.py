"""The Wordament and Boggle readers on boards we draw ourselves (tests/render.py): both
Wordament looks, many scales, noise and JPEG, other windows around, a font the templates were
not made from, special tiles, doubtful tiles, and images of the wrong game."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from assistant.core.types import BadInput
from assistant.vision import boggle, wordament
from tests import render as R


def shot(tiles, values, style, tile, kind="crop", seed=0, noise=0.0, jpeg=0, scale=1.0):
    """Return a rendered screenshot of a board."""
    rng = random.Random(seed)
    image, _ = R.scene(R.board(tiles, values, style, tile), kind, rng)
    return R.degrade(image, rng, noise=noise, jpeg=jpeg, scale=scale)


def misses(reading, tiles, values=None):
    """Return (wrong, uncertain, values wrong, values unread) counts of a reading."""
    wrong = sum(not c.uncertain and c.text != t for c, t in zip(reading.cells, tiles, strict=True))
    doubts = len(reading.uncertain())
    bad_values = unread = 0
    if values is not None:
        bad_values = sum(not c.value_uncertain and c.value != v
                         for c, v in zip(reading.cells, values, strict=True))
        unread = sum(c.value_uncertain for c in reading.cells)
    return wrong, doubts, bad_values, unread


CASES = [  # style, tile px, scene, noise, jpeg quality, scale, font
    (R.WIN8, 110, "desktop", 0, 0, 1.0, "open-sans"),
    (R.WIN8, 70, "crop", 3, 90, 1.0, "open-sans-semibold"),
    (R.WIN8, 180, "phone", 6, 70, 0.6, "carlito"),
    (R.CREAM, 250, "phone", 3, 80, 1.0, "open-sans"),
    (R.CREAM, 90, "desktop", 0, 90, 1.0, "liberation-sans"),
    (R.CREAM, 140, "crop", 8, 60, 1.5, "dejavu-sans"),
    (R.CREAM, 400, "crop", 0, 0, 1.0, "open-sans"),
]


@pytest.mark.parametrize(("style", "tile", "kind", "noise", "jpeg", "scale", "font"), CASES)
def test_every_tile_and_value_is_read(style, tile, kind, noise, jpeg, scale, font):
    seed = tile + int(100 * scale)
    tiles, values = R.example(seed)
    looks = replace(style, font=font, face=R.FACES[seed % 5] if style is R.WIN8 else style.face)
    reading = wordament.read(shot(tiles, values, looks, tile, kind, seed, noise, jpeg, scale),
                             "template")
    assert [c.text for c in reading.cells] == tiles
    assert [c.value for c in reading.cells] == values
    assert reading.uncertain() == []


def test_a_font_the_templates_never_saw_is_read_without_a_wrong_tile():
    wrong = doubts = cells = 0
    for seed in range(6):
        tiles, values = R.example(seed)
        font = ("cantarell", "cantarell-bold")[seed % 3 % 2]
        style = replace((R.WIN8, R.CREAM)[seed % 2], font=font)
        reading = wordament.read(shot(tiles, values, style, 100 + 20 * seed, seed=seed,
                                      noise=3, jpeg=85), "template")
        w, d, bad_values, _ = misses(reading, tiles, values)
        wrong, doubts, cells = wrong + w + bad_values, doubts + d, cells + 16
    assert wrong == 0
    assert doubts <= cells // 10


def test_a_tiny_grid_keeps_its_letters_and_marks_its_values_unread():
    tiles, values = R.example(11, special=False)
    reading = wordament.read(shot(tiles, values, R.WIN8, 34, "desktop", seed=3), "template")
    wrong, doubts, bad_values, unread = misses(reading, tiles, values)
    assert (wrong, bad_values) == (0, 0)
    assert doubts <= 2 and unread >= 12  # digits 4 px tall cannot be read; letters can


def test_special_tiles():
    tiles = ["QU", "U/L", "DE-", "-Y", "TH", "A", "I", "W", "ER", "M/N", "RE-", "-ING",
             "CH", "O", "E", "VE"]
    values = [12, 20, 12, 12, 9, 2, 2, 6, 4, 20, 8, 12, 9, 2, 1, 12]
    for style in (R.WIN8, R.CREAM):
        reading = wordament.read(shot(tiles, values, style, 150), "template")
        assert [c.text for c in reading.cells] == tiles
        assert [c.value for c in reading.cells] == values


@pytest.mark.parametrize("odd", ["&", "#", "?"])
def test_a_tile_that_is_no_letter_is_uncertain_never_guessed(odd):
    tiles, values = R.example(7, special=False)
    tiles[5] = odd
    reading = wordament.read(shot(tiles, values, R.CREAM, 120), "template")
    assert reading.uncertain() == [5]


def test_the_tesseract_reader_is_never_wrong_either():
    tiles, values = R.example(4)
    reading = wordament.read(shot(tiles, values, R.WIN8, 120), "tesseract")
    wrong, doubts, bad_values, _ = misses(reading, tiles, values)
    assert (wrong, bad_values) == (0, 0) and doubts <= 8


def test_auto_reads_like_templates_when_they_are_sure():
    tiles, values = R.example(9)
    image = shot(tiles, values, R.CREAM, 160)
    auto, plain = wordament.read(image, "auto"), wordament.read(image, "template")
    assert [c.text for c in auto.cells] == [c.text for c in plain.cells] == tiles


# --- Boggle -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "tile"), [(4, 200), (4, 60), (5, 90)])
def test_word_hunt_boards_are_read(size, tile):
    rng = random.Random(size * tile)
    tiles = [rng.choice("ABCDEFGHIJKLMNOPRSTUVWXYZ") for _ in range(size * size)]
    reading = boggle.read(shot(tiles, None, R.WORDHUNT, tile, seed=tile, jpeg=85), "template")
    assert (reading.rows, reading.cols) == (size, size)
    wrong, doubts, _, _ = misses(reading, tiles)
    assert wrong == 0 and doubts <= size * size // 8


def test_turned_dice_are_read_when_only_one_way_reads():
    tiles = list("TLEAKPRFGJYBDETC")
    turns = [1, 0, 2, 3, 0, 1, 0, 0, 2, 0, 3, 0, 0, 1, 0, 0]
    image = R.board(tiles, None, R.WORDHUNT, 150, turns)
    reading = boggle.read(image, "template")
    wrong, doubts, _, _ = misses(reading, tiles)
    assert wrong == 0 and doubts <= 3


def test_a_die_that_reads_two_ways_is_uncertain():
    tiles = list("NAEMTLRKSIOPWDUZ")  # N, M, W, Z: each a letter when turned
    turns = [1, 0, 2, 3, 0, 1, 0, 0, 2, 0, 3, 0, 0, 1, 0, 0]
    reading = boggle.read(R.board(tiles, None, R.WORDHUNT, 150, turns), "template")
    for i, c in enumerate(reading.cells):
        assert c.uncertain or c.text == tiles[i], (i, c)
    assert {0, 3, 12, 15} <= set(reading.uncertain())


def test_dirt_on_a_die_is_not_a_mark_but_a_blot_is():
    tiles = list("TLEAKPRFGJYBDETC")
    image = R.board(tiles, None, R.WORDHUNT, 150)
    pitch = image.shape[0] / 4
    for i, side in ((0, 6), (5, 6), (10, 6), (15, 22)):  # px: three specks of dirt, one blot
        x, y = round(i % 4 * pitch + 0.72 * pitch), round(i // 4 * pitch + 0.2 * pitch)
        image[y:y + side, x:x + side] = 0
    reading = boggle.read(image, "template")
    assert [c.text for c in reading.cells[:15]] == tiles[:15]
    assert reading.uncertain() == [15]


# --- no board, wrong game -----------------------------------------------------------------------


def test_no_board_in_the_image():
    noise = np.random.default_rng(3).integers(0, 255, (500, 700, 3), np.uint8)
    for reader in (wordament, boggle):
        with pytest.raises(BadInput, match=r"no .* grid found"):
            reader.read(noise)


def test_the_wrong_game_is_named():
    tiles, values = R.example(5)
    wordament_shot = shot(tiles, values, R.WIN8, 100)
    with pytest.raises(BadInput, match="looks like wordament"):
        boggle.read(wordament_shot)
    hunt = shot(list("FAMAIIGRTREDNUTN"), None, R.WORDHUNT, 120)
    with pytest.raises(BadInput, match=r"no values.*looks like boggle"):
        wordament.read(hunt)
    board = np.full((700, 700, 3), 40, np.uint8)
    for r in range(15):
        for c in range(15):
            board[20 + 44 * r:60 + 44 * r, 20 + 44 * c:60 + 44 * c] = (60, 90, 200)
    with pytest.raises(BadInput, match="looks like wordfeud"):
        wordament.read(board)
