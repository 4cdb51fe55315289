"""Racks and letters real screenshots tripped on (issue 22), drawn: the older Wordfeud look's
rack (tiles the board's size, a blank among them), WWF2's glossy rack in a desktop window, a
rack tile the reader cannot read (the rack keeps the slot, uncertain), and the Nordic letters
drawn on a baseline as the apps draw them (Å's ring joined to its A), with and without a
language."""

from __future__ import annotations

from dataclasses import replace

import pytest

from assistant.vision import wordfeud, wwf
from assistant.vision.board import crossword_inputs, locate
from assistant.vision.image import load_image
from assistant.vision.rack import find_rack, read_rack
from tests import wwf_draw
from tests.test_vision_languages import SWEDISH_VALUES
from tests.wordfeud_draw import ENGLISH_VALUES, MIDGAME, Position, jpeg, scaled, screenshot

OLDER_LOOK = replace(MIDGAME, rack="?UGNBPS", rack_look="tray")


@pytest.mark.parametrize("width,height", [(1536, 2048), (768, 1024)])
def test_the_older_looks_rack_of_board_sized_tiles_reads_with_its_blank(width, height):
    inputs = crossword_inputs(wordfeud.read(screenshot(OLDER_LOOK, width, height)))
    assert (inputs.rack, inputs.uncertain) == ("?UGNBPS", ())
    assert list(inputs.board) == MIDGAME.board


def test_the_older_looks_rack_reads_through_jpeg():
    inputs = crossword_inputs(wordfeud.read(jpeg(screenshot(OLDER_LOOK, 1536, 2048), 75)))
    assert (inputs.rack, inputs.uncertain) == ("?UGNBPS", ())


@pytest.mark.parametrize("rack", ["TTVCMRE", "QI?ZEST"])
def test_a_glossy_rack_in_a_desktop_window_reads_every_tile(rack):
    frame = wwf_draw.desktop_window(replace(wwf_draw.MIDGAME, rack=rack))
    inputs = crossword_inputs(wwf.read(frame))
    assert (inputs.rack, inputs.uncertain) == (rack, ())
    assert list(inputs.board) == wwf_draw.MIDGAME.board


def test_a_glossy_rack_reads_in_a_smaller_window():
    frame = scaled(wwf_draw.desktop_window(replace(wwf_draw.MIDGAME, rack="TTVCMRE")), 0.7)
    assert crossword_inputs(wwf.read(frame)).rack == "TTVCMRE"


def test_a_rack_tile_the_reader_cannot_read_keeps_its_slot_uncertain():
    values = {**ENGLISH_VALUES, "~": 2, "-": 3}  # smudges: ink, but no letter's
    position = replace(MIDGAME, rack="A~E-I~S", values=values)
    reading = wordfeud.read(screenshot(position))
    inputs = crossword_inputs(reading)
    assert len(reading.rack) == 7  # no slot dropped, none guessed
    assert inputs.uncertain == ("rack tile 2", "rack tile 4", "rack tile 6")
    assert [reading.rack[i].text for i in (0, 2, 4, 6)] == list("AEIS")


NORDIC = Position(
    board=["...............",
           "...............",
           "...............",
           "...............",
           "......H........",
           "......Ö........",
           "......S........",
           "...SKÅL........",
           "......T.B......",
           ".....ÄTA.......",
           "........T......",
           ".....ÖRA.......",
           "......STÅD.....",
           "...............",
           "..............."],
    rack="ÅÄÖRDBA",
    values=SWEDISH_VALUES,
    letter_font="DejaVuSansMono.ttf",  # its Å's ring touches the A, as the app's does
    baseline=True,
)
NORDIC_SQUARES = [(5, 6), (7, 5), (9, 5), (11, 5), (12, 8)]


@pytest.mark.parametrize("width,height", [(1080, 2160), (739, 1600)])
def test_nordic_letters_on_a_baseline_read_right_in_their_language(width, height):
    inputs = crossword_inputs(wordfeud.read(screenshot(NORDIC, width, height), language="sv"))
    assert inputs.uncertain == ()
    assert (list(inputs.board), inputs.rack) == (NORDIC.board, NORDIC.rack)


@pytest.mark.parametrize("width,height", [(1080, 2160), (739, 1600)])
def test_without_a_language_nordic_letters_are_never_plain_a_or_o(width, height):
    reading = wordfeud.read(screenshot(NORDIC, width, height))
    unsure = set(crossword_inputs(reading).uncertain)
    for r, c in NORDIC_SQUARES:
        cell = reading.cells[r * 15 + c]
        assert f"row {r} col {c}" in unsure and cell.text == NORDIC.board[r][c], (r, c, cell)
    for i in range(3):
        assert f"rack tile {i + 1}" in unsure and reading.rack[i].text == NORDIC.rack[i]


# Norwegian Wordfeud values, typed from the bag's table (README: Other languages)
NORWEGIAN_VALUES = dict(zip("ABCDEFGHIJKLMNOPRSTUVWYÆØÅ",
                            (1, 4, 10, 1, 1, 2, 4, 3, 2, 4, 3, 2, 2, 1, 3, 4, 1, 1, 1, 4, 5, 10,
                             8, 8, 4, 4), strict=True))


def test_norwegian_letters_read_right_with_language_nb():
    board = [row.replace("Ö", "Ø").replace("Ä", "Æ") for row in NORDIC.board]
    position = replace(NORDIC, board=board, rack="ÆØÅRDBA", values=NORWEGIAN_VALUES)
    inputs = crossword_inputs(wordfeud.read(screenshot(position), language="nb"))
    assert inputs.uncertain == ()
    assert (list(inputs.board), inputs.rack) == (board, "ÆØÅRDBA")


@pytest.mark.shared
def test_the_real_swedish_board_reads_its_nordic_letters(shared_dir):
    """What the unlabelled README says by eye: the rack ÄÅZRDBA, RÖD on row 4 (columns 12-14),
    UTSÅR on row 15 (columns 11-15), counting from 1."""
    frame = load_image(shared_dir / "real-screens" / "unlabelled" /
                       "mk_wordfeud_swedish_newer_look.png")
    inputs = crossword_inputs(wordfeud.read(frame, language="sv"))
    assert inputs.rack == "ÄÅZRDBA"
    assert (inputs.board[3][11:14], inputs.board[14][10:15]) == ("RÖD", "UTSÅR")
    assert not {"row 3 col 12", "row 14 col 13", "rack tile 1", "rack tile 2"} & \
        set(inputs.uncertain)
    english = wordfeud.read(frame)
    for i, letter in ((3 * 15 + 12, "Ö"), (14 * 15 + 13, "Å")):
        assert english.cells[i].uncertain and english.cells[i].text == letter
    assert [(c.text, c.uncertain) for c in english.rack[:2]] == [("Ä", True), ("Å", True)]


def test_a_rack_tile_the_search_missed_is_found_from_the_rows_spacing():
    """A small, blurred screenshot: the search finds tiles 1, 2 and 4 of LTXE; the slot their
    spacing implies between them is read too, never dropped."""
    frame = wwf_draw.screenshot(replace(wwf_draw.MIDGAME, rack="LTXE"))
    boxes = find_rack(frame, locate(frame, "wwf"), wwf.TILE_HUE)
    assert len(boxes) == 4
    cells = read_rack(frame, [boxes[0], boxes[1], boxes[3]], wwf.LOOK)
    assert "".join(c.text for c in cells) == "LTXE" and not any(c.uncertain for c in cells)


def test_an_empty_slot_in_the_rack_is_accounted_for_not_read():
    """An endgame rack of six with an empty slot: the slot is not the tiles' ground."""
    frame = screenshot(replace(MIDGAME, rack="AE_IRS"))
    reading = wordfeud.read(frame)
    inputs = crossword_inputs(reading)
    assert (inputs.rack, inputs.uncertain) == ("AEIRS", ())
    boxes = [c.box for c in reading.rack]
    cells = read_rack(frame, boxes[:1] + boxes[2:], wordfeud.LOOK)  # one tile missed as well
    assert "".join(c.text for c in cells) == "AEIRS"
