"""Reading Wordfeud screenshots in other languages: the language's letters (Å Ä Ö) are read,
and each tile's value is checked against its letter's (a tile showing 4 points is no E in
Swedish). Without a language, letters outside A-Z stay uncertain (test_vision_wordfeud.py)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from assistant import cli
from assistant.core.types import BadInput
from assistant.vision import games, wordfeud
from assistant.vision.board import crossword_inputs
from assistant.vision.image import load_image
from tests.wordfeud_draw import ENGLISH_VALUES, MIDGAME, Position, screenshot

# Swedish Wordfeud values, typed from the source table (README: Other languages)
SWEDISH_VALUES = dict(zip("ABCDEFGHIJKLMNOPRSTUVXYZÅÄÖ",
                          (1, 3, 8, 1, 1, 3, 2, 3, 1, 7, 3, 2, 3, 1, 2, 4, 1, 1, 1, 4, 3, 8, 7,
                           8, 4, 4, 4), strict=True))

# Swedish tiles, as many of each as the bag holds (a reading test, not a legal position):
# SKÅL, ÄTA, ÖRA (a blank as its Ö), the last move STAD
SWEDISH = Position(
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
           "......STAD.....",
           "...............",
           "..............."],
    rack="ÅÄÖ?EST",
    recent={(12, 6), (12, 7), (12, 8), (12, 9)},  # drawn yellow
    values=SWEDISH_VALUES,
)
SWEDISH = replace(SWEDISH, board=[row.replace("ÖRA", "öRA") for row in SWEDISH.board])


@pytest.mark.parametrize("width,height", [(1080, 2160), (739, 1600)])
def test_a_swedish_board_is_read_with_its_letters_and_values(width, height):
    reading = wordfeud.read(screenshot(SWEDISH, width, height), language="sv")
    inputs = crossword_inputs(reading)
    assert inputs.uncertain == ()
    assert list(inputs.board) == SWEDISH.board
    assert inputs.rack == SWEDISH.rack
    values = {(i // 15, i % 15): cell.value for i, cell in enumerate(reading.cells) if cell.text}
    assert values[7, 5] == 4 and values[9, 5] == 4 and values[11, 5] is None  # Å, Ä, blank ö


def test_the_board_reader_passes_a_language_only_to_a_reader_that_reads_in_languages():
    frame = screenshot(SWEDISH)
    assert crossword_inputs(games.read_board("wordfeud", frame, language="sv")).uncertain == ()
    with pytest.raises(BadInput, match=r"^--language sv: wwf is read in English only$"):
        games.read_board("wwf", frame, language="sv")


def test_without_a_language_the_swedish_letters_stay_uncertain():
    inputs = crossword_inputs(wordfeud.read(screenshot(SWEDISH)))
    assert {"row 7 col 5", "row 9 col 5", "row 5 col 6", "row 11 col 5"} <= set(inputs.uncertain)


def test_a_value_that_is_not_the_letters_makes_the_tile_uncertain():
    # an E showing 4 points: E is worth 1 in Swedish Wordfeud (and Å 4, Ä 4, Ö 4)
    lying = dict(SWEDISH_VALUES, E=4)
    board = list(SWEDISH.board)
    board[2] = "......E........"
    board[3] = "......J........"
    position = replace(SWEDISH, board=board, values=lying)
    inputs = crossword_inputs(wordfeud.read(screenshot(position), language="sv"))
    assert inputs.uncertain == ("row 2 col 6", "rack tile 5")  # the rack's E shows 4 too


def test_an_english_board_read_as_swedish_distrusts_each_tile_whose_value_differs():
    # MIDGAME's tiles show English values: read as Swedish, a tile is trusted exactly when its
    # English value is its Swedish one (J shows 10, worth 7 in Swedish: not trusted; S shows 1,
    # worth 1: trusted). Q and W have no Swedish tile: left out here.
    reading = wordfeud.read(screenshot(MIDGAME), language="sv")
    for r, row in enumerate(MIDGAME.board):
        for c, letter in enumerate(row):
            if letter in SWEDISH_VALUES:
                differs = ENGLISH_VALUES[letter] != SWEDISH_VALUES[letter]
                assert reading.cells[r * 15 + c].uncertain == differs, (r, c, letter)


@pytest.mark.shared
@pytest.mark.parametrize("name", ["jensanjo_dutch", "jensanjo_dutch_2"])
def test_real_dutch_screens_read_as_dutch_with_no_wrong_tile(shared_dir, name):
    labels = json.loads((shared_dir / "real-screens" / "labels.json").read_text())
    entry = next(e for e in labels if e["file"] == f"wordfeud/{name}.png")
    frame = load_image(shared_dir / "real-screens" / entry["file"])
    inputs = crossword_inputs(wordfeud.read(frame, language="nl"))
    blanks = {tuple(b) for b in entry["blanks"]}
    want = ["".join(t.lower() if (r, c) in blanks else t for c, t in enumerate(row))
            for r, row in enumerate(entry["tiles"])]
    assert list(inputs.board) == want
    assert inputs.rack == entry["rack"]
    assert inputs.uncertain == ()


@pytest.mark.shared
def test_solve_a_dutch_screenshot_with_language_nl(shared_dir, tmp_path, capsys):
    image = shared_dir / "real-screens" / "wordfeud" / "jensanjo_dutch.png"
    (tmp_path / "words.txt").write_text("kolkte\nbe\nbo\nel\n")
    status = cli.main(["solve", "--game", "wordfeud", "--language", "nl", str(image),
                       "--lexicon", str(tmp_path / "words.txt"), "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    result = json.loads(out)
    assert result["blocked"] == [] and not any("bag holds" in w for w in result["warnings"])


def test_the_annotation_draws_the_letters_marks():
    import numpy as np

    from assistant.vision.annotate import put_text, text_size

    def drawn(text: str) -> np.ndarray:
        out = np.zeros((80, 120, 3), np.uint8)
        put_text(out, text, (10, 60), 1.5, (255, 255, 255), 2)
        return out[..., 0] > 0

    a, a_ring, a_dots = drawn("A"), drawn("Å"), drawn("Ä")
    cap = 60 - text_size("A", 1.5, 2)[0][1]  # the top of a capital
    assert (a[cap:] == a_ring[cap:]).all() and (a[cap:] == a_dots[cap:]).all()
    assert not a[:cap - 1].any() and a_ring[:cap - 1].any() and a_dots[:cap - 1].any()
    assert (a_ring[:cap - 1] != a_dots[:cap - 1]).any()  # a ring is not two dots
