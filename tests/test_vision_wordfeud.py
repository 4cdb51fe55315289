"""The Wordfeud screenshot reader: drawn screenshots of known positions, and the real ones."""

from __future__ import annotations

import json
from dataclasses import replace
from itertools import product

import cv2
import numpy as np
import pytest

from assistant.core import crossword as cw
from assistant.core.crossword import Placement
from assistant.core.rules import WORDFEUD, parse_layout
from assistant.core.types import BadInput
from assistant.screenshot.evaluate import language_of
from assistant.vision import READERS, board, premiums, reader, scrabble, shapes, wordfeud, wwf
from assistant.vision import templates as T
from assistant.vision.board import crossword_inputs
from assistant.vision.image import load_image
from assistant.vision.types import UNCERTAIN, Cell, Reading
from tests.wordfeud_draw import (
    MIDGAME,
    SIZE,
    Position,
    jpeg,
    noisy,
    random_layout,
    scaled,
    screenshot,
    standard_layout,
)

EMPTY_BOARD = Position(board=["." * SIZE] * SIZE, rack="E?SA?NT")


def expected_board(position: Position) -> list[str]:
    """Return the board lines the reader should give: '.', A-Z, a-z for a blank."""
    return list(position.board)


def expected_layout(position: Position) -> list[str]:
    """Return the layout lines the reader should give: premiums of the empty squares only."""
    return [" ".join(token if position.board[r][c] == "." else "."
                     for c, token in enumerate(row)) for r, row in enumerate(position.layout)]


def check(position: Position, frame: np.ndarray, rack: bool = True) -> None:
    """Assert the reader gets every square and rack tile of the position, none uncertain."""
    reading = wordfeud.read(frame)
    inputs = crossword_inputs(reading)
    assert inputs.uncertain == ()
    assert list(inputs.board) == expected_board(position)
    assert list(inputs.layout) == expected_layout(position)
    assert inputs.rack == (position.rack if rack else "")
    assert reading.rows == reading.cols == SIZE and len(reading.cells) == SIZE * SIZE


def desktop(phone: np.ndarray) -> np.ndarray:
    """Return a 1920x1080 desktop with windows around a shrunk phone screenshot."""
    screen = np.full((1080, 1920, 3), (90, 60, 40), np.uint8)
    cv2.rectangle(screen, (40, 60), (700, 900), (235, 235, 235), -1)
    for y in range(100, 880, 28):
        cv2.putText(screen, "some text in another window", (60, y), cv2.FONT_HERSHEY_SIMPLEX,
                    0.7, (30, 30, 30), 1)
    cv2.rectangle(screen, (1500, 100), (1880, 700), (200, 120, 60), -1)
    small = scaled(phone, 1000 / phone.shape[0])
    screen[40:40 + small.shape[0], 900:900 + small.shape[1]] = small
    return screen


# -- drawn screenshots -----------------------------------------------------------------------

PHONES = [(1080, 2160), (1080, 2400), (739, 1600), (480, 960)]


@pytest.mark.parametrize("width,height", PHONES)
def test_reads_a_midgame_board_at_phone_resolutions(width, height):
    check(MIDGAME, screenshot(MIDGAME, width, height))


@pytest.mark.parametrize("change", [
    pytest.param(lambda f: scaled(f, 0.6), id="scaled-0.6"),
    pytest.param(lambda f: scaled(f, 1.5), id="scaled-1.5"),
    pytest.param(lambda f: jpeg(f, 70), id="jpeg-70"),
    pytest.param(lambda f: noisy(f, 4), id="noise"),
    pytest.param(lambda f: jpeg(noisy(scaled(f, 0.7), 3), 80), id="scaled-noise-jpeg"),
    pytest.param(desktop, id="desktop-with-other-windows"),
])
def test_reads_through_scaling_noise_jpeg_and_clutter(change):
    check(MIDGAME, change(screenshot(MIDGAME)))


def test_reads_a_tight_crop_of_the_board_without_a_rack():
    frame = screenshot(MIDGAME)
    x, y, w, h = board.locate(frame, "Wordfeud").region()
    check(MIDGAME, frame[y - 8:y + h + 8, x - 6:x + w + 6], rack=False)


def test_reads_a_random_layout_with_french_labels():
    position = replace(MIDGAME, layout=random_layout(seed=5), language="fr")
    check(position, screenshot(position, 739, 1600))


def test_reads_a_light_theme():
    position = replace(MIDGAME, theme="light")
    check(position, screenshot(position, 1080, 2400))


def test_an_empty_board_shows_the_start_square_and_a_rack_with_two_blanks():
    reading = wordfeud.read(screenshot(EMPTY_BOARD))
    assert reading.cells[7 * SIZE + 7].state == "start"
    assert [c.text for c in reading.rack] == list("E?SA?NT")
    assert [c.state for c in reading.rack].count("blank") == 2
    check(EMPTY_BOARD, screenshot(EMPTY_BOARD))


def test_letters_outside_a_to_z_are_uncertain_not_guessed():
    board = list(MIDGAME.board)
    board[7] = "......HÄDÖNIÑ.."
    reading = wordfeud.read(screenshot(replace(MIDGAME, board=board)))
    unsure = crossword_inputs(reading).uncertain
    assert unsure == ("row 7 col 7", "row 7 col 9", "row 7 col 12")


@pytest.mark.parametrize("width,height", [(1080, 2160), (739, 1600)])
def test_no_letter_outside_a_to_z_is_read_as_a_look_alike(width, height):
    accented = "ÅÄÖÆØÜÑÉÇ"
    board = list(MIDGAME.board)
    board[13] = "...." + accented + ".."
    reading = wordfeud.read(screenshot(replace(MIDGAME, board=board), width, height))
    cells = reading.cells[13 * SIZE + 4:13 * SIZE + 13]
    assert [c.uncertain for c in cells] == [True] * len(accented), \
        [(c.text, c.confidence) for c in cells]


def test_no_rack_is_read_when_none_is_shown():
    position = replace(MIDGAME, rack="")
    check(position, screenshot(position), rack=False)


def test_tiles_carry_their_values_and_blanks_none():
    reading = wordfeud.read(screenshot(MIDGAME))
    cells = {(i // SIZE, i % SIZE): c for i, c in enumerate(reading.cells)}
    assert (cells[2, 11].text, cells[2, 11].value) == ("Q", 10)  # Q is 10 in English Wordfeud
    assert (cells[7, 7].text, cells[7, 7].value) == ("E", 1)
    assert (cells[8, 11].text, cells[8, 11].value, cells[8, 11].state) == ("B", None, "blank")
    assert [c.value for c in reading.rack] == [1, 1, 1, 4, None, 1, 1]


def test_the_readers_are_registered_for_the_crossword_games():
    assert reader("wordfeud") is wordfeud and reader("scrabble") is scrabble
    assert reader("wwf") is reader("words_with_friends") is wwf
    assert READERS["scrabble"] == "scrabble"


def test_scrabble_is_read_like_wordfeud_under_its_own_name():
    reading = scrabble.read(screenshot(MIDGAME))
    assert reading.game == "scrabble"
    assert list(crossword_inputs(reading).board) == MIDGAME.board
    with pytest.raises(BadInput, match="no Scrabble board found"):
        scrabble.read(np.zeros((600, 400, 3), np.uint8))


# -- not a Wordfeud board --------------------------------------------------------------------


def wordament_like() -> np.ndarray:
    """Return a frame with a 4x4 grid of orange tiles, like Wordament."""
    frame = np.full((800, 600, 3), (60, 40, 20), np.uint8)
    for r in range(4):
        for c in range(4):
            cv2.rectangle(frame, (60 + c * 120, 160 + r * 120), (170 + c * 120, 270 + r * 120),
                          (0, 140, 240), -1)
    return frame


def crossword_puzzle() -> np.ndarray:
    """Return a 15x15 black-and-white crossword grid: a lattice, but no premium squares."""
    frame = np.full((700, 700, 3), 255, np.uint8)
    rng = np.random.default_rng(3)
    for r in range(SIZE):
        for c in range(SIZE):
            colour = (0, 0, 0) if rng.random() < 0.2 else (250, 250, 250)
            cv2.rectangle(frame, (20 + c * 44, 20 + r * 44), (60 + c * 44, 60 + r * 44), colour, -1)
    return frame


def big_grid() -> np.ndarray:
    """Return a 19x19 grid of dark squares with some coloured ones: larger than a board."""
    frame = np.full((800, 800, 3), (31, 24, 22), np.uint8)
    for r in range(19):
        for c in range(19):
            colour = (111, 150, 93) if (r * 7 + c) % 9 == 0 else (55, 46, 41)
            cv2.rectangle(frame, (20 + c * 40, 20 + r * 40), (56 + c * 40, 56 + r * 40), colour, -1)
    return frame


def zoomed_in() -> np.ndarray:
    """Return a screenshot zoomed in on the board's middle: ten columns of it, not fifteen."""
    frame = screenshot(MIDGAME)
    lattice = board.locate(frame, "Wordfeud")
    x, y = lattice.centre(7 * SIZE + 7)
    half = 5 * lattice.pitch_x
    return scaled(frame[round(y - 1.5 * half):round(y + 1.5 * half),
                        round(x - half):round(x + half)], 1.5)


def test_a_zoomed_in_board_is_bad_input():
    with pytest.raises(BadInput, match="not all in the image"):
        wordfeud.read(zoomed_in())


@pytest.mark.parametrize("frame", [
    pytest.param(np.zeros((600, 400, 3), np.uint8), id="black"),
    pytest.param(big_grid(), id="19x19-grid"),
    pytest.param(noisy(np.full((900, 600, 3), 128, np.uint8), 30), id="noise"),
    pytest.param(wordament_like(), id="wordament-like"),
    pytest.param(crossword_puzzle(), id="crossword-puzzle"),
])
def test_an_image_without_a_wordfeud_board_is_bad_input(frame):
    with pytest.raises(BadInput, match="no Wordfeud board found"):
        wordfeud.read(frame)


# -- the helpers -----------------------------------------------------------------------------


HOLES = {"B": 2, "A": 1, "8": 2, "O": 1, "L": 0, "X": 0, "0": 1, "4": 1, "6": 1, "9": 1}


def test_holes_are_counted_by_hand():
    drawn = {c: shapes.holes(shapes.fit(T.draw(c, T.SHEETS["dejavu-sans"].font))) for c in HOLES}
    assert drawn == HOLES
    for name in wordfeud.SHEETS:  # and in the committed templates the reader matches against
        table = T.load((name,))
        assert {c: table.holes[table.symbols.index(c)] for c in HOLES} == HOLES, name


def test_letters_in_another_font_are_matched():
    font = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
    matches = T.match([T.draw(c, font) for c in board.LETTERS],
                      T.load(wordfeud.SHEETS).only(board.LETTERS), wordfeud.LOOK.scoring)
    assert "".join(m.symbol for m in matches) == board.LETTERS


def test_a_blot_matches_no_letter_with_confidence():
    blot = np.zeros((40, 40), bool)
    blot[5:35, 5:35] = True
    (match,) = T.match([blot], T.load(wordfeud.SHEETS).only(board.LETTERS), wordfeud.LOOK.scoring)
    assert match.confidence < UNCERTAIN


@pytest.mark.parametrize("label,premium", [("2L", "DL"), ("3L", "TL"), ("2W", "DW"),
                                            ("3W", "TW"), ("LD", "DL"), ("LT", "TL"),
                                            ("MD", "DW"), ("MT", "TW"), ("DL", "DL"),
                                            ("TW", "TW"), ("22", ""), ("LW", ""), ("3", "")])
def test_a_label_names_its_premium(label, premium):
    matches = [T.Match(char, 1.0, "?", 0.0, 1.0) for char in label]
    assert premiums.label_premium(matches) == premium


def test_crossword_inputs_parse_as_the_crossword_solver_reads_them():
    position = replace(MIDGAME, layout=random_layout(seed=8))
    inputs = crossword_inputs(wordfeud.read(screenshot(position)))
    board = cw.parse_board("\n".join(inputs.board))
    layout = parse_layout("\n".join(inputs.layout))
    assert board == tuple(position.board)
    for r, c in product(range(SIZE), range(SIZE)):
        token = position.layout[r][c]
        if board[r][c] == "." and token != "*":
            assert layout.premiums[r][c] == {".": ""}.get(token, token)
    assert cw.parse_rack(inputs.rack, WORDFEUD) == position.rack


def test_crossword_inputs_from_a_reading():
    box = (0, 0, 1, 1)
    cells = [Cell(box, "", 1.0)] * (SIZE * SIZE)
    cells[7 * SIZE + 7] = Cell(box, "", 1.0, None, "start")
    cells[0] = Cell(box, "", 1.0, None, "TW")
    cells[7 * SIZE + 8] = Cell(box, "Q", 1.0, 10)
    cells[7 * SIZE + 9] = Cell(box, "I", 1.0, None, "blank")
    cells[1] = Cell(box, "E", 0.2, 1)
    rack = [Cell(box, "A", 1.0, 1), Cell(box, "?", 1.0, None, "blank")]
    inputs = crossword_inputs(Reading("wordfeud", SIZE, SIZE, cells, rack))
    assert inputs.board[7] == "........Qi....."
    assert inputs.board[0] == ".E" + "." * 13
    assert inputs.layout[0] == "TW" + " ." * 14
    assert inputs.layout[7] == " ".join(["."] * 7 + ["*"] + ["."] * 7)
    assert inputs.rack == "A?"
    assert inputs.uncertain == ("row 0 col 1",)


# -- the real screenshots (../shared) --------------------------------------------------------

# The premium squares of the random board in jensanjo_dutch_2.png, transcribed by looking at it.
DUTCH_2_LAYOUT = """
.  .  DW TL .  DL .  .  DL .  .  .  .  .  .
.  .  .  .  DL .  .  .  DL .  .  .  .  .  .
TW .  DL DL .  .  .  .  .  .  .  .  .  DL .
.  .  .  .  .  .  .  .  .  .  .  .  .  .  .
DW .  .  .  .  .  .  .  .  TL TL .  .  .  .
.  .  .  .  TW TL .  .  DL .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .  TL .  .  .
.  .  .  TW .  .  .  .  .  DL .  .  .  .  .
.  .  DW TW DW .  .  .  .  .  .  .  DW .  .
.  .  TL .  .  .  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .  .  .  .  .
.  DL DL TL .  DW .  .  .  .  DL .  TL .  .
DL .  .  .  .  .  .  .  .  TL DW TL DL DL .
TW .  .  .  .  DW .  TW .  .  TL TL .  .  .
DW DL DL DL TL TL .  TL .  .  .  .  .  DW .
"""


def real_screens(shared_dir):
    """Return the Wordfeud entries of labels.json."""
    labels = json.loads((shared_dir / "real-screens" / "labels.json").read_text())
    return [e for e in labels if e["game"] == "wordfeud"]


def layout_of(entry) -> list[list[str]]:
    """Return the premium layout a labelled screenshot shows."""
    if entry["file"].endswith("jensanjo_dutch_2.png"):
        return [line.split() for line in DUTCH_2_LAYOUT.strip().splitlines()]
    return standard_layout()


@pytest.mark.shared
def test_the_real_vega_scores_27_on_the_board_read_from_the_screenshot(shared_dir):
    frame = load_image(shared_dir / "real-screens" / "wordfeud" / "jensanjo_english.png")
    inputs = crossword_inputs(wordfeud.read(frame))
    board = cw.parse_board("\n".join(inputs.board))
    read_layout = parse_layout("\n".join(inputs.layout))
    for r, c in product(range(SIZE), range(SIZE)):  # the premiums read agree where visible
        if board[r][c] == "." and (r, c) != (7, 7):
            assert read_layout.premiums[r][c] == WORDFEUD.layout.premiums[r][c]
    assert "".join(row[10] for row in board[11:15]) == "VEGA"
    before = cw.apply(board, [Placement(r, 10, ".") for r in (11, 12, 14)])
    vega = [Placement(11, 10, "V"), Placement(12, 10, "E"), Placement(14, 10, "A")]
    assert cw.score(before, vega, WORDFEUD) == 27  # (4 + 1 + 3 + 1) x 3, as the game said


@pytest.mark.shared
def test_real_screenshots_have_no_wrong_tile(shared_dir):
    for entry in real_screens(shared_dir):
        frame = load_image(shared_dir / "real-screens" / entry["file"])
        inputs = crossword_inputs(wordfeud.read(frame, language=language_of(entry)))
        blanks = {tuple(b) for b in entry["blanks"]}
        want = ["".join(t.lower() if (r, c) in blanks else t for c, t in enumerate(row))
                for r, row in enumerate(entry["tiles"])]
        position = Position(want, entry["rack"], layout_of(entry))
        assert list(inputs.board) == want, entry["file"]
        assert inputs.rack == entry["rack"], entry["file"]
        assert list(inputs.layout) == expected_layout(position), entry["file"]
        assert inputs.uncertain == (), entry["file"]
