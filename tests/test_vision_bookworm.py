"""The Bookworm Adventures reader: locate the 4x4 grid, read every letter and state, never guess.

Fixtures are battle screens drawn by tests/draw_bookworm.py at several sizes, on desktops, with
noise; the tests marked `shared` read the real screenshots in ../shared/real-screens.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
import pytest

from assistant.core.types import BadInput
from assistant.vision import (
    bookworm,
    bookworm_letters,
    bookworm_locate,
    bookworm_states,
    ocr,
    reader,
    templates,
)
from assistant.vision.locate import Lattice
from assistant.vision.types import UNCERTAIN
from tests import draw_bookworm as draw
from tests.conftest import spy, unavailable
from tests.render import decoded

# Three boards that between them hold every letter, the Qu tile, the rainbow wildcard `?` and
# every state of RULES.md: the gems, locked, smashed, plagued, fire and warped.
BOARDS = [
    ("QU A B C/D E F G/H I J K/L M N O",
     "normal amethyst emerald sapphire/garnet ruby crystal diamond/"
     "locked smashed normal normal/normal normal normal normal"),
    ("P R S T/U V W X/Y Z E A/R S T L",
     "normal normal normal normal/normal ruby normal smashed/"
     "normal locked emerald normal/diamond normal normal crystal"),
    ("W A R P/F I R E/? L A G/U E D S",
     "warped plagued fire normal/fire normal emerald normal/"
     "normal plagued sapphire warped/normal garnet normal fire"),
]


def board(index: int) -> tuple[list[str], list[str]]:
    """Return the tile texts and states of one of BOARDS, row-major."""
    texts, states = BOARDS[index]
    return texts.replace("/", " ").split(), states.replace("/", " ").split()


def mistakes(reading, texts: list[str], states: list[str]) -> list[str]:
    """Return a description of every cell read wrongly (uncertain cells are not mistakes)."""
    return [f"tile {i}: read {cell.text}/{cell.state} ({cell.confidence:.2f}), "
            f"drawn {text}/{state}"
            for i, (cell, text, state) in enumerate(zip(reading.cells, texts, states,
                                                        strict=True))
            if not cell.uncertain and (cell.text, cell.state) != (text, state)]


def unsure(reading) -> list[int]:
    """Return the indices of the cells read uncertainly."""
    return [i for i, cell in enumerate(reading.cells) if cell.uncertain]


# --- Parts, worked by hand ----------------------------------------------------------------------

def hsv_pixel(bgr: tuple[int, int, int]) -> np.ndarray:
    """Return a 1x1 OpenCV HSV image of one BGR colour."""
    return cv2.cvtColor(np.array([[bgr]], np.uint8), cv2.COLOR_BGR2HSV)


@pytest.mark.parametrize(("bgr", "box", "inside"), [
    ((160, 225, 240), bookworm_states.PARCHMENT, True),  # hue 45 deg, saturation 0.33, value 0.94
    ((150, 155, 160), bookworm_states.PARCHMENT, False),  # grey stone: saturation 0.06
    ((0, 0, 255), bookworm_states.RED, True),  # pure red: hue 0, inside the box that wraps past 360
    ((40, 0, 255), bookworm_states.RED, True),  # hue 351 deg
    ((0, 60, 255), bookworm_states.RED, False),  # hue 14 deg: orange, outside
    ((60, 120, 190), bookworm_states.RED, False),  # the bronze coin: saturation 0.68
])
def test_colour_boxes(bgr, box, inside):
    assert bool(bookworm_states.colour_mask(hsv_pixel(bgr), box)[0, 0]) == inside


def test_lattice_box_and_region():
    lattice = Lattice(4, 4, x=100, y=200, pitch_x=50, pitch_y=52, width=48, height=50, found=16)
    assert lattice.box(0) == (76, 175, 48, 50)
    assert lattice.box(1 * 4 + 2) == (100 + 100 - 24, 200 + 52 - 25, 48, 50)
    assert lattice.region() == (76, 175, 3 * 50 + 48, 3 * 52 + 50)


def blobs(centres: Sequence[tuple[float, float, float, float]]) -> np.ndarray:
    """Return tile blobs as (x, y, w, h) rows from (centre x, centre y, w, h)."""
    return np.array([(x - w / 2, y - h / 2, w, h) for x, y, w, h in centres], float)


def test_lattice_from_blobs_with_gaps_and_distractors():
    """13 of 16 tiles (3 hidden by gems), plus a lone square and a small one on the grid's row."""
    tiles = [(100 + 52 * c, 200 + 54 * r, 50, 52) for r in range(4) for c in range(4)
             if (r, c) not in {(1, 2), (3, 3), (0, 1)}]
    distractors = [(900, 900, 50, 52), (100 + 52 * 5, 200, 20, 20)]
    [lattice] = bookworm_locate.tile_lattices(blobs(tiles + distractors))
    assert (lattice.x, lattice.y) == pytest.approx((100, 200))
    assert (lattice.pitch_x, lattice.pitch_y) == pytest.approx((52, 54))
    assert lattice.width == pytest.approx(0.96 * 52)
    assert (lattice.rows, lattice.cols, lattice.found) == (4, 4, 13)


def test_three_columns_of_tiles_fit_two_lattices():
    """The fourth column may be left or right of the three seen: locate decides from the image."""
    tiles = [(100 + 52 * c, 200 + 52 * r, 50, 50) for r in range(4) for c in range(3)]
    lattices = bookworm_locate.tile_lattices(blobs(tiles))
    assert sorted(round(lattice.x) for lattice in lattices) == [100 - 52, 100]


def test_too_few_tiles_is_no_lattice():
    tiles = [(100 + 52 * c, 200, 50, 50) for c in range(4)]
    assert bookworm_locate.tile_lattices(blobs(tiles)) == []


def test_each_symbol_drawn_alone_matches_itself():
    font = str(draw.font_path())
    for symbol, text in bookworm_letters.SYMBOLS.items():
        ink = templates.draw(symbol, font, size=48).astype(np.float32)
        assert bookworm_letters.match_letter(ink) == (text, 1.0)


def test_tesseract_reads_many_glyphs_in_one_call(monkeypatch):
    import pytesseract

    calls: list[int] = []
    monkeypatch.setattr(pytesseract, "image_to_data", spy(pytesseract.image_to_data, calls))
    font = str(draw.font_path())
    images = [templates.draw(letter, font, size=40).astype(np.float32) for letter in "AKW"]
    images = [image[np.ix_(image.any(axis=1), image.any(axis=0))] for image in images]
    found = ocr.tesseract([ocr.ink_line(image) for image in images], string.ascii_uppercase)
    assert found is not None
    assert [[text for _, text, _ in words] for words in found] == [["A"], ["K"], ["W"]]
    assert len(calls) == 1


def test_the_same_glyphs_read_again_start_no_tesseract(monkeypatch):
    import pytesseract

    calls: list[int] = []
    monkeypatch.setattr(pytesseract, "image_to_data", spy(pytesseract.image_to_data, calls))
    font = str(draw.font_path())
    lines = {letter: ocr.ink_line(templates.draw(letter, font, size=40).astype(np.float32))
             for letter in "KWX"}
    first = ocr.tesseract([lines["K"], lines["W"]], string.ascii_uppercase)
    again = ocr.tesseract([lines["W"], lines["K"]], string.ascii_uppercase)
    assert first is not None and again is not None
    assert len(calls) == 1 and again == first[::-1]
    assert [[t for _, t, _ in words] for words in again] == [["W"], ["K"]]
    ocr.tesseract([lines["K"], lines["X"]], string.ascii_uppercase)  # X is new: all are read
    ocr.tesseract([lines["K"]], "KX")  # other characters allowed: read again
    assert len(calls) == 3


# --- Whole screens drawn in the game's style ----------------------------------------------------

@pytest.mark.parametrize("side", [28, 44, 64, 100])
@pytest.mark.parametrize("index", [0, 1, 2])
def test_reads_a_drawn_window(side, index):
    texts, states = board(index)
    window, boxes = draw.draw_window(texts, states, side)
    reading = bookworm.read(draw.noisy(window, 3, seed=side))
    assert mistakes(reading, texts, states) == []
    # only a letter half hidden under chains may be uncertain, and its state must be sure
    assert set(unsure(reading)) <= {i for i, state in enumerate(states) if state == "locked"}
    assert [cell.state for cell in reading.cells] == states
    for cell, box in zip(reading.cells, boxes, strict=True):
        assert np.allclose(cell.box, box, atol=2)
    assert reading.game == "bookworm_adventures" and (reading.rows, reading.cols) == (4, 4)
    assert not reading.settling


def test_a_state_whose_marks_disagree_is_uncertain_never_swapped():
    """Plagued and emerald tiles drawn with and without the counter a plague shows: only a
    yellow-green face with its counter is plagued, only a green gem without one an emerald."""
    texts = "A B C D E F G H I J K L M N O P".split()
    states = ["plagued", "emerald", "plagued", "emerald"] + ["normal"] * 12
    window, _ = draw.draw_window(texts, states, 48, counters={0, 1})
    cells = bookworm.read(window).cells
    assert (cells[0].state, cells[0].uncertain) == ("plagued", False)
    assert (cells[3].state, cells[3].uncertain) == ("emerald", False)
    assert cells[1].uncertain and cells[2].uncertain  # an emerald with a counter, a plague without


FIRES = ("R C A D/T R A O/N O R I/S N U U",  # a garnet (5) among burning tiles, as in battle
         "normal diamond fire normal/fire garnet fire normal/normal fire normal normal/"
         "normal normal normal garnet")


def jpeg(frame: np.ndarray, quality: int = 70) -> np.ndarray:
    """Return the frame saved as a JPEG and read back."""
    _, data = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return decoded(data)


@pytest.mark.parametrize("side", [40, 48, 64])
@pytest.mark.parametrize("look", ["png", "jpeg", "scaled jpeg"])
def test_a_garnet_beside_burning_tiles_is_a_garnet(side, look):
    """A garnet glows yellow to its tile's edge, as the flames of a burning tile do, and its
    glint behind the letter is as pale as parchment; the flames of its burning neighbours
    spill onto its edges. It is read as a garnet, and they as fire, all surely."""
    texts, states = [part.replace("/", " ").split() for part in FIRES]
    window, _ = draw.draw_window(texts, states, side)
    frame = {"png": window, "jpeg": jpeg(window),
             "scaled jpeg": jpeg(scaled(window, 0.75))}[look]
    reading = bookworm.read(frame)
    assert mistakes(reading, texts, states) == []
    assert [(reading.cells[i].state, reading.cells[i].uncertain) for i in (2, 4, 5, 6, 9, 15)] \
        == [("fire", False), ("fire", False), ("garnet", False), ("fire", False),
            ("fire", False), ("garnet", False)]


# --- Grids not at rest ---------------------------------------------------------------------------

def test_a_grid_settling_after_an_attack():
    """The tiles used went: two cells are empty; a new tile is still falling in from under the
    frame into cell 1, and two tiles of column 2 are still falling one cell down."""
    texts, states = board(0)
    states = ["empty" if i in (0, 4) else state for i, state in enumerate(states)]
    window, boxes = draw.draw_window(texts, states, 48, falling={1: 0.3, 2: 0.35, 6: 0.35})
    reading = bookworm.read(draw.noisy(window, 2))
    assert reading.settling
    for i in (0, 4):
        assert (reading.cells[i].text, reading.cells[i].state) == ("", "empty")
        assert reading.cells[i].confidence == 1.0
    assert all(reading.cells[i].uncertain for i in (1, 2, 6))
    moving = {1: ("?", "?"), 2: ("?", "?"), 6: ("?", "?")}  # never sure: no mistake either way
    texts = ["" if state == "empty" else text for text, state in zip(texts, states, strict=True)]
    assert mistakes(reading, [moving.get(i, (t, 0))[0] for i, t in enumerate(texts)],
                    [moving.get(i, (0, s))[1] for i, s in enumerate(states)]) == []
    assert set(unsure(reading)) <= {1, 2, 6, states.index("locked")}
    assert np.allclose(reading.cells[15].box, boxes[15], atol=2)


@pytest.mark.parametrize("left", [[13, 14, 15], [11, 14], [6]])
def test_few_tiles_left_under_the_word_beside_another_grid_of_letters(left):
    """The tiles clicked up into the word (spelled in tiles of the grid's size above it) leave
    their cells empty; another program shows a grid of letters elsewhere on the desktop."""
    texts, states = board(1)
    states = [state if i in left else "empty" for i, state in enumerate(states)]
    window, boxes = draw.draw_window(texts, states, 48, word="BIJUGATE")
    desktop = draw.paste(draw.on_desktop(window, (1920, 1080), (100, 150), seed=2),
                         draw.letter_grid("TETTJBEIUGJWEPAE", 50), (1300, 300))
    reading = bookworm.read(desktop)
    assert reading.settling
    assert [(c.text, c.state) for c in reading.cells] == \
        [(texts[i], states[i]) if i in left else ("", "empty") for i in range(16)]
    assert reading.uncertain() == []
    assert np.allclose(reading.cells[0].box, np.add(boxes[0], (100, 150, 0, 0)), atol=3)


# --- Crops, small and dim screens ---------------------------------------------------------------

@pytest.mark.parametrize("width", [None, 200, 150])
def test_reads_a_tight_crop_of_the_grid(width):
    """The grid alone, cut a few pixels outside its tiles, as it is or scaled to a width."""
    texts, states = board(2)
    window, boxes = draw.draw_window(texts, states, 52)
    (x0, y0, _, _), (x1, y1, w, h) = boxes[0], boxes[-1]
    grid = window[y0 - 4:y1 + h + 4, x0 - 4:x1 + w + 4]
    if width:
        grid = cv2.resize(grid, (width, width), interpolation=cv2.INTER_AREA)
    reading = bookworm.read(grid)
    assert mistakes(reading, texts, states) == []
    assert len(unsure(reading)) <= (0 if width is None else 2)


@pytest.mark.parametrize("cuts", [(0.2, 0.2, 0.2, 0.2), (0.3, 0.15, 0.0, 0.3),
                                  (0.0, 0.3, 0.3, 0.1), (0.45, 0.0, 0.15, 0.45)])
@pytest.mark.parametrize("width", [200, 160])
@pytest.mark.parametrize("index", [0, 1, 2])
def test_reads_a_crop_that_cuts_through_the_outer_tiles(index, width, cuts):
    """The grid fills the image, which cuts (left, top, right, bottom) shares of the outer
    tiles off, scaled to about 200 pixels or fewer and saved as a JPEG: the grid is found in
    place, its whole tiles read, those cut off uncertain, never read as their neighbours."""
    texts, states = board(index)
    side = 48
    window, boxes = draw.draw_window(texts, states, side)
    (x0, y0, _, _), (x1, y1, w, h) = boxes[0], boxes[-1]
    left, top, right, bottom = (round(cut * side) for cut in cuts)
    grid = window[y0 + top:y1 + h - bottom, x0 + left:x1 + w - right]
    factor = width / grid.shape[1]
    reading = bookworm.read(jpeg(scaled(grid, factor), 80))
    assert mistakes(reading, texts, states) == []
    cut = {i for i, (x, y, _, _) in enumerate(boxes)
           if (x == x0 and left) or (y == y0 and top) or (x == x1 and right) or
           (y == y1 and bottom)}
    locked = {i for i, state in enumerate(states) if state == "locked"}
    assert len(set(unsure(reading)) - cut - locked) <= (0 if width == 200 else 2)
    inner = boxes[5]  # a whole tile: its box where it was drawn, in the scaled crop
    expected = ((inner[0] - x0 - left) * factor, (inner[1] - y0 - top) * factor)
    assert np.allclose(reading.cells[5].box[:2], expected, atol=3)


@pytest.mark.shared
def test_reads_real_crops_that_cut_through_the_outer_tiles(shared_dir):
    """The real screenshots cropped to their grids, cutting up to a third of the outer tiles
    off, scaled to 160-240 pixels and saved as JPEGs: nothing is read wrong, and every whole
    tile is read."""
    from assistant.vision.image import load_image

    rng = np.random.default_rng(22)
    wrong, unread = [], 0
    for label in real_screens(shared_dir)[:6]:  # the grids at rest
        frame = load_image(shared_dir / "real-screens" / label["file"])
        x, y, w, h = bookworm.read(frame).region or (0, 0, 0, 0)
        pitch = w / 4
        for _ in range(4):
            left, top, right, bottom = (round(cut * pitch) for cut in rng.uniform(0, 0.33, 4))
            grid = frame[y + top:y + h - bottom, x + left:x + w - right]
            size = int(rng.choice([160, 200, 240]))
            reading = bookworm.read(jpeg(scaled(grid, size / max(grid.shape[:2])), 80))
            wrong += [f"{label['file']} {m}" for m in
                      mistakes(reading, label["tiles"], label["tile_status"])]
            unread += sum(reading.cells[i].uncertain for i in (5, 6, 9, 10))
    assert wrong == []
    assert unread <= 1


def test_a_grid_too_small_to_read_is_refused_saying_its_size():
    texts, states = board(0)
    window, _ = draw.draw_window(texts, states, 52)
    small = cv2.resize(window, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    with pytest.raises(BadInput, match=r"^Bookworm grid found at \(\d+, \d+\), \d+x\d+ "
                                       r"pixels, .* too small to read: its tiles are "
                                       r"1[0-5] pixels"):
        bookworm.read(small)


@pytest.mark.parametrize(("factor", "tint"), [(0.4, (40, 20, 0)), (0.4, (0, 10, 30)),
                                              (0.15, (0, 0, 0))])
def test_reads_a_game_dimmed_behind_a_dialog(factor, tint):
    texts, states = board(2)
    window, _ = draw.draw_window(texts, states, 48)
    reading = bookworm.read(draw.dimmed(draw.noisy(window, 2), factor, tint))
    assert mistakes(reading, texts, states) == []
    assert len(unsure(reading)) <= (0 if factor > 0.2 else 2)  # 38 levels: colours are coarse


def test_a_game_too_dark_to_read_is_refused_saying_where_its_grid_is():
    texts, states = board(0)
    window, boxes = draw.draw_window(texts, states, 48)
    with pytest.raises(BadInput, match=r"^Bookworm grid found at \((\d+), (\d+)\), (\d+)x\d+ "
                                       r"pixels, .* too dark to read: the image spans \d+ levels") \
            as refused:
        bookworm.read(draw.dimmed(window, 0.05))
    found = re.match(r".*?\((\d+), (\d+)\), (\d+)x", str(refused.value))
    assert found is not None
    x, y, size = map(int, found.groups())
    assert abs(x - boxes[0][0]) <= 2 and abs(y - boxes[0][1]) <= 2
    assert abs(size - (boxes[3][0] + boxes[3][2] - boxes[0][0])) <= 3


def test_reads_a_window_on_a_4k_desktop():
    texts, states = board(1)
    window, boxes = draw.draw_window(texts, states, 40)
    desktop = draw.on_desktop(window, (3840, 2160), (2100, 900), seed=4)
    reading = bookworm.read(draw.noisy(desktop, 2))
    assert mistakes(reading, texts, states) == [] and reading.region is not None
    x, y, _, _ = reading.region
    assert abs(x - (2100 + boxes[0][0])) <= 2 and abs(y - (900 + boxes[0][1])) <= 2


def test_reads_a_stretched_full_screen_jpeg():
    """A 4:3 game stretched to 16:9 and saved as a JPEG."""
    texts, states = board(0)
    window, _ = draw.draw_window(texts, states, 48)
    stretched = cv2.resize(window, None, fx=4 / 3, fy=1, interpolation=cv2.INTER_LINEAR)
    _, jpeg = cv2.imencode(".jpg", stretched, [cv2.IMWRITE_JPEG_QUALITY, 70])
    reading = bookworm.read(decoded(jpeg))
    assert mistakes(reading, texts, states) == []


def test_tiles_cut_off_by_the_image_are_uncertain_and_the_rest_in_place():
    texts, states = board(1)
    window, boxes = draw.draw_window(texts, states, 50)
    x, y, _, _ = boxes[3]
    reading = bookworm.read(window[y + 25:, :x + 20])  # half the top row, most of the last column
    cut = {0, 1, 2, 3, 7, 11, 15}
    assert cut <= set(reading.uncertain()) <= cut | {states.index("locked")}
    assert [reading.cells[i].text for i in sorted(cut)] == [""] * len(cut)
    assert mistakes(reading, texts, states) == []


def test_accepts_grey_and_bgra_frames():
    texts, _ = board(0)
    window, _ = draw.draw_window(texts, ["normal"] * 16, 44)
    bgra = cv2.cvtColor(window, cv2.COLOR_BGR2BGRA)
    assert [c.text for c in bookworm.read(bgra).cells] == texts
    with pytest.raises(BadInput, match="no Bookworm grid found"):
        bookworm.read(cv2.cvtColor(window, cv2.COLOR_BGR2GRAY))  # no parchment in grey


def test_a_tile_it_cannot_read_is_uncertain_never_guessed():
    texts = ["A", "#", "C", "D", "E", "F", "G", "H", "I", "", "K", "L", "M", "N", "O", "P"]
    window, _ = draw.draw_window(texts, ["normal"] * 16, 50)
    reading = bookworm.read(window)
    assert reading.cells[1].confidence < UNCERTAIN  # no template for '#'
    assert reading.cells[9].text == "" and reading.cells[9].uncertain  # a blank tile
    assert reading.uncertain() == [1, 9]


def test_letters_in_a_font_it_has_no_template_of_are_never_wrong():
    """Letters drawn in Nimbus Roman (a Times), which is not among the templates' fonts."""
    nimbus = [Path("/usr/share/fonts/opentype/urw-base35/NimbusRoman-Bold.otf")]
    if not nimbus[0].exists():
        unavailable("fonts-urw-base35 is not installed")
    wrong = []
    for side in (32, 56):
        for index in (0, 1):
            texts, states = board(index)
            window, _ = draw.draw_window(texts, states, side, font=nimbus[0])
            wrong += mistakes(bookworm.read(window), texts, states)
    assert wrong == []


@pytest.mark.parametrize(("frame", "why"), [
    (np.full((600, 800, 3), 128, np.uint8), "no 4x4 grid of parchment letter tiles in the "
                                            "800x600 image"),
    (np.random.default_rng(0).integers(0, 256, (600, 800, 3), dtype=np.uint8), "no 4x4 grid"),
    (draw.wordament_like(), "no 4x4 grid"),
    (np.zeros((5, 5, 3), np.uint8), r"the 5x5 image is too small to hold a grid"),
    (np.full((600, 800, 3), 20, np.uint8), r"the 800x600 image is too dark to find one in: "
                                           r"its brightest parts are at 8% of white"),
], ids=["plain", "noise", "wordament", "tiny", "dark"])
def test_no_grid_is_bad_input(frame, why):
    with pytest.raises(BadInput, match=f"^no Bookworm grid found: {why}"):
        bookworm.read(frame)


def test_registered_as_the_bookworm_reader():
    assert reader("bookworm") is bookworm and reader("bookworm_adventures") is bookworm


# --- The real screenshots -----------------------------------------------------------------------

def real_screens(shared: Path) -> list[dict]:
    """Return the labels of the Bookworm screenshots in real-screens (an empty cell, '.' in
    the labels, as the reader spells it: '')."""
    labels = json.loads((shared / "real-screens" / "labels.json").read_text())
    return [{**label, "tiles": [t.strip(".") for t in label["tiles"]]} for label in labels
            if label["game"] == "bookworm_adventures"]


def scaled(frame: np.ndarray, factor: float) -> np.ndarray:
    """Return the frame scaled by a factor (area for shrinking, cubic for growing)."""
    interpolation = cv2.INTER_AREA if factor < 1 else cv2.INTER_CUBIC
    return cv2.resize(frame, None, fx=factor, fy=factor, interpolation=interpolation)


@pytest.mark.shared
@pytest.mark.parametrize("variant", ["as is", "scaled 0.6", "scaled 1.7", "on a desktop"])
def test_real_screenshots(shared_dir, variant):
    from assistant.vision.image import load_image

    screens = real_screens(shared_dir)
    assert len(screens) == 7  # a plagued tile, and a grid mostly emptied mid-attack among them
    wrong, uncertain = [], 0
    for label in screens:
        frame = load_image(shared_dir / "real-screens" / label["file"])
        frame = {"as is": lambda f: f, "scaled 0.6": lambda f: scaled(f, 0.6),
                 "scaled 1.7": lambda f: scaled(f, 1.7),
                 "on a desktop": lambda f: draw.on_desktop(f, (2560, 1440), (700, 300))}[variant](
            frame)
        reading = bookworm.read(frame)
        wrong += [f"{label['file']} {m}" for m in
                  mistakes(reading, label["tiles"], label["tile_status"])]
        uncertain += len(unsure(reading))
        assert reading.settling == ("empty" in label["tile_status"]), label["file"]
    assert wrong == []
    assert uncertain <= (1 if variant == "as is" else 2)  # 1%, or 2 small Gs at 0.6
