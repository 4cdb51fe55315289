"""The Words With Friends screenshot reader: drawn screenshots of known positions in both app
looks, boards it must not take for Wordfeud's (nor Wordfeud's for its own), and the real ones."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from assistant.core.rules import WORDFEUD, WWF
from assistant.core.types import BadInput
from assistant.vision import board, identify, read_board, wordfeud, wwf
from assistant.vision.board import crossword_inputs
from assistant.vision.image import load_image
from tests import wordfeud_draw
from tests.wordfeud_draw import Position, jpeg, noisy, scaled
from tests.wwf_draw import HELD_OUT, MIDGAME, SIZE, screenshot

EMPTY_BOARD = Position(board=["." * SIZE] * SIZE, rack="E?SA?NT")
# WWF's premium squares, as in shared/RULES.md (a transcription independent of core.rules)
RULES_PREMIUMS = {
    "TW": "(0,3)(0,11)(3,0)(3,14)(11,0)(11,14)(14,3)(14,11)",
    "DW": "(1,5)(1,9)(3,7)(5,1)(5,13)(7,3)(7,11)(9,1)(9,13)(11,7)(13,5)(13,9)",
    "TL": "(0,6)(0,8)(3,3)(3,11)(5,5)(5,9)(6,0)(6,14)(8,0)(8,14)(9,5)(9,9)(11,3)(11,11)(14,6)"
          "(14,8)",
    "DL": "(1,2)(1,12)(2,1)(2,4)(2,10)(2,13)(4,2)(4,6)(4,8)(4,12)(6,4)(6,10)(8,4)(8,10)(10,2)"
          "(10,6)(10,8)(10,12)(12,1)(12,4)(12,10)(12,13)(13,2)(13,12)"}


def rules_premium(row: int, col: int) -> str | None:
    """Return the premium of a square as RULES.md lists it (None for a plain square)."""
    return next((name for name, where in RULES_PREMIUMS.items() if f"({row},{col})" in where),
                None)


def check(position: Position, frame: np.ndarray, rack: bool = True) -> None:
    """Assert the reader gets every square and rack tile of the position, none uncertain, and
    names the premium of every empty square as RULES.md does."""
    reading = wwf.read(frame)
    inputs = crossword_inputs(reading)
    assert inputs.uncertain == ()
    assert list(inputs.board) == position.board
    assert inputs.rack == (position.rack if rack else "")
    for i, cell in enumerate(reading.cells):
        r, c = divmod(i, SIZE)
        if position.board[r][c] == ".":
            assert cell.state == ("start" if (r, c) == (7, 7) else rules_premium(r, c)), (r, c)
    assert reading.game == "wwf" and len(reading.cells) == SIZE * SIZE


def desktop(phone: np.ndarray) -> np.ndarray:
    """Return a 1920x1080 desktop, a shrunk phone screenshot on it beside another window."""
    screen = np.full((1080, 1920, 3), (90, 60, 40), np.uint8)
    screen[100:900, 60:800] = (235, 235, 235)
    small = scaled(phone, 1060 / phone.shape[0])
    screen[10:10 + small.shape[0], 1000:1000 + small.shape[1]] = small
    return screen


# -- drawn screenshots -----------------------------------------------------------------------


@pytest.mark.parametrize("version", ["v1", "v2"])
@pytest.mark.parametrize("width,height", [(720, 1280), (1080, 1920), (1440, 2560)])
def test_reads_a_midgame_board_in_both_looks_at_phone_resolutions(version, width, height):
    check(MIDGAME, screenshot(MIDGAME, width, height, version))


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_reads_a_small_phone_screenshot(version):
    quiet = replace(MIDGAME, recent=set())  # no score badge: on 32 px squares it hides the E
    check(quiet, screenshot(quiet, 480, 854, version))


@pytest.mark.parametrize("change", [
    pytest.param(lambda f: scaled(f, 0.8), id="scaled-0.8"),
    pytest.param(lambda f: jpeg(f, 70), id="jpeg-70"),
    pytest.param(lambda f: noisy(f, 4), id="noise"),
    pytest.param(desktop, id="desktop-with-another-window"),
])
def test_reads_through_scaling_noise_jpeg_and_clutter(change):
    check(MIDGAME, change(screenshot(MIDGAME, 1080, 1920)))


def test_the_last_move_in_white_letters_and_its_score_badge_are_read():
    reading = wwf.read(screenshot(MIDGAME))
    last = [reading.cells[r * SIZE + c] for r, c in sorted(MIDGAME.recent)]
    assert [(c.text, c.value, c.confidence >= 0.6) for c in last] == \
        [("W", 4, True), ("E", 1, True), ("E", 1, True)]


def test_tiles_carry_wwf_values_and_blanks_none():
    reading = wwf.read(screenshot(MIDGAME, 1080, 1920))
    cells = {divmod(i, SIZE): c for i, c in enumerate(reading.cells)}
    # by hand from RULES.md: J and Q 10, X 8, H 3 (4 in Wordfeud), Y 3, L 2 (1 in Wordfeud)
    assert [(cells[rc].text, cells[rc].value) for rc in [(8, 4), (12, 12), (5, 13), (2, 9),
                                                         (6, 12), (0, 7)]] == \
        [("J", 10), ("Q", 10), ("X", 8), ("H", 3), ("Y", 3), ("L", 2)]
    assert [(cells[rc].text, cells[rc].value, cells[rc].state) for rc in [(7, 11), (14, 13)]] == \
        [("E", None, "blank"), ("G", None, "blank")]
    assert [c.value for c in reading.rack] == [2, 10, 3, 1, 1, 2, 1]


def test_an_empty_board_shows_the_layout_and_a_rack_with_two_blanks():
    reading = wwf.read(screenshot(EMPTY_BOARD, version="v2"))
    assert [c.text for c in reading.rack] == list("E?SA?NT")
    assert [c.state for c in reading.rack].count("blank") == 2
    check(EMPTY_BOARD, screenshot(EMPTY_BOARD, version="v2"))


@pytest.mark.parametrize("name", sorted(HELD_OUT))
@pytest.mark.parametrize("width,height", [(720, 1280), (1080, 1920)])
def test_letters_in_other_fonts_are_read_or_uncertain_never_wrong(name, width, height):
    rows = ["." * SIZE] * SIZE
    rows[3], rows[5], rows[9] = "ABCDEFGHIJKLM..", "NOPQRSTUVWXYZ..", "..JAQUEMWORKS.."
    reading = wwf.read(screenshot(Position(rows, "QJGRCMW"), width, height,
                                  letters=HELD_OUT[name]))
    truth = [*"".join(rows), *"QJGRCMW"]
    wrong = [(t, c.text) for t, c in zip(truth, reading.cells + reading.rack, strict=True)
             if t != "." and not c.uncertain and c.text != t]
    assert wrong == []
    assert sum(not c.uncertain for c in reading.cells if c.text) >= 30  # most are read


ACCENTED = "ÅÄÖÆØÜÑÉÇ"


@pytest.mark.parametrize("width,height", [(720, 1280), (1080, 1920)])
def test_letters_outside_a_to_z_are_uncertain_never_a_look_alike(width, height):
    rows = list(MIDGAME.board)
    rows[10] = "...." + ACCENTED + ".."
    reading = wwf.read(screenshot(replace(MIDGAME, board=rows, recent=set()), width, height))
    accented = reading.cells[10 * SIZE + 4:10 * SIZE + 13]
    assert [c.uncertain for c in accented] == [True] * len(ACCENTED), \
        [(c.text, c.confidence) for c in accented]


def test_an_empty_square_with_a_premium_where_wwf_has_none_is_uncertain():
    frame = screenshot(EMPTY_BOARD)
    lattice = board.locate(frame, "WWF")
    x, y, w, h = lattice.box(2 * SIZE + 2)  # a plain square, painted like its DL neighbour
    dx, dy, _, _ = lattice.box(2 * SIZE + 1)
    frame[y:y + h, x:x + w] = frame[dy:dy + h, dx:dx + w]
    cells = wwf.read(frame).cells
    assert cells[2 * SIZE + 2].uncertain and cells[2 * SIZE + 2].text == ""
    assert not cells[2 * SIZE + 1].uncertain


def test_ink_like_no_letter_is_an_uncertain_empty_square_never_a_letter(monkeypatch, tmp_path):
    """A square that looks like a tile but whose ink is like no letter (two dots: under Wine's
    OpenCV the real WWF's empty square 12A, a premium's label, was taken for a last-move tile
    and read as Ñ, its best match at -0.06) is read with no letter, uncertain: moves near it
    are left out, none is built on a letter that is not there. Read with Tesseract hidden (the
    crossword readers never ask it: the read is the same without it)."""
    import cv2

    monkeypatch.setenv("PATH", str(tmp_path))  # no tesseract on it
    frame = screenshot(replace(MIDGAME, recent=set()), 720, 1280)
    lattice = board.locate(frame, "WWF")
    tile = next(i for i in range(SIZE * SIZE) if MIDGAME.board[i // SIZE][i % SIZE] != ".")
    empty = 12 * SIZE + 7
    assert MIDGAME.board[12][7] == "."
    x, y, w, h = lattice.box(empty)
    tx, ty, _, _ = lattice.box(tile)
    patch = frame[ty:ty + h, tx:tx + w].copy()  # a tile, its letter and value painted over
    patch[:] = np.median(patch[h // 3:2 * h // 3, 1:w // 6].reshape(-1, 3), axis=0)
    for middle in (0.3, 0.7):
        cv2.circle(patch, (w // 2, round(middle * h)), max(2, w // 9), (40, 40, 40), -1)
    frame[y:y + h, x:x + w] = patch
    reading = wwf.read(frame)
    cell = reading.cells[empty]
    assert cell.uncertain and cell.text == "", (cell.text, cell.note)
    assert crossword_inputs(reading).board[12][7] == "."


# -- WWF or Wordfeud -------------------------------------------------------------------------


def premiums_of(layout_premiums) -> np.ndarray:
    """Return which of the 225 squares are premium squares in a layout (start excluded)."""
    return np.array([bool(p) for row in layout_premiums for p in row])


def test_the_layouts_tell_wwf_from_wordfeud():
    uncovered = np.zeros(SIZE * SIZE, bool)
    ours = premiums_of(WWF.layout.premiums)
    assert ours.sum() == 60 == sum(where.count("(") for where in RULES_PREMIUMS.values())
    assert all((WWF.layout.premiums[r][c] or None) == rules_premium(r, c)
               for r in range(SIZE) for c in range(SIZE))
    assert wwf.fits_layout(ours, uncovered)
    assert not wwf.fits_layout(premiums_of(WORDFEUD.layout.premiums), uncovered)
    some_off = ours.copy()
    some_off[:20] = ~some_off[:20]  # 20 of 224 squares seen wrong: still WWF's (over 90%)
    assert wwf.fits_layout(some_off, uncovered)
    some_off[:30] = ~ours[:30]  # 30: not
    assert not wwf.fits_layout(some_off, uncovered)
    # covered squares do not count: a full board shows too few premiums to tell
    assert not wwf.fits_layout(ours, np.ones(SIZE * SIZE, bool))


def test_a_wwf_board_is_not_read_as_wordfeud_and_the_other_way_round():
    wwf_frame = screenshot(MIDGAME, version="v2")
    feud_frame = wordfeud_draw.screenshot(wordfeud_draw.MIDGAME)
    with pytest.raises(BadInput, match="looks like wwf"):
        wordfeud.read(wwf_frame)
    with pytest.raises(BadInput, match="premium squares are not where WWF has them"):
        wwf.read(feud_frame)
    light = wordfeud_draw.screenshot(replace(wordfeud_draw.MIDGAME, theme="light"))
    with pytest.raises(BadInput, match="not where WWF"):
        wwf.read(light)  # light grey squares, like WWF's, but Wordfeud's layout
    assert (wwf.looks_like(wwf_frame), wordfeud.looks_like(wwf_frame)) == (True, False)
    assert (wwf.looks_like(feud_frame), wordfeud.looks_like(feud_frame)) == (False, True)
    assert identify(wwf_frame) == "wwf" and identify(screenshot(MIDGAME)) == "wwf"
    assert identify(feud_frame) == "wordfeud" and identify(light) == "wordfeud"


def test_an_image_without_a_board_is_bad_input_naming_wwf():
    with pytest.raises(BadInput, match="no Words With Friends board found"):
        wwf.read(np.zeros((600, 400, 3), np.uint8))
    with pytest.raises(BadInput, match="--reader tesseract: the wwf reader offers auto, template"):
        read_board("wwf", screenshot(MIDGAME), "tesseract")


# -- the real screenshots (../shared) --------------------------------------------------------


def real_screens(shared_dir, game: str) -> list[dict]:
    """Return the entries of labels.json for a game."""
    labels = json.loads((shared_dir / "real-screens" / "labels.json").read_text())
    return [e for e in labels if e["game"] == game]


def labelled_board(entry: dict) -> list[str]:
    """Return a label's board lines with its blanks in lower case."""
    blanks = {tuple(b) for b in entry["blanks"]}
    return ["".join(t.lower() if (r, c) in blanks else t for c, t in enumerate(row))
            for r, row in enumerate(entry["tiles"])]


@pytest.mark.shared
def test_real_wwf_screenshots_have_no_wrong_and_no_uncertain_tile(shared_dir):
    entries = real_screens(shared_dir, "words_with_friends")
    assert len(entries) >= 2
    for entry in entries:
        reading = wwf.read(load_image(shared_dir / "real-screens" / entry["file"]))
        inputs = crossword_inputs(reading)
        assert list(inputs.board) == labelled_board(entry), entry["file"]
        assert inputs.rack == entry["rack"], entry["file"]
        assert inputs.uncertain == (), entry["file"]
        valued = [c for c in reading.cells + reading.rack if c.text and c.state != "blank"]
        assert all(c.value == WWF.letter_values[c.text] for c in valued), entry["file"]


@pytest.mark.shared
@pytest.mark.parametrize("width", [480, 600, 1080])
def test_real_wwf_screenshots_read_alike_at_other_phone_sizes(shared_dir, width):
    for entry in real_screens(shared_dir, "words_with_friends"):
        frame = load_image(shared_dir / "real-screens" / entry["file"])
        if frame.shape[1] > frame.shape[0]:
            continue  # a desktop window, not a phone screen
        inputs = crossword_inputs(wwf.read(scaled(frame, width / frame.shape[1])))
        assert (list(inputs.board), inputs.rack, inputs.uncertain) == \
            (labelled_board(entry), entry["rack"], ()), entry["file"]


@pytest.mark.shared
def test_real_screenshots_are_told_apart(shared_dir):
    for entry in real_screens(shared_dir, "words_with_friends"):
        frame = load_image(shared_dir / "real-screens" / entry["file"])
        assert identify(frame) == "wwf", entry["file"]
        with pytest.raises(BadInput, match="looks like wwf"):
            wordfeud.read(frame)
    for entry in real_screens(shared_dir, "wordfeud"):
        frame = load_image(shared_dir / "real-screens" / entry["file"])
        assert not wwf.looks_like(frame), entry["file"]
        assert identify(frame) == "wordfeud", entry["file"]
