"""The shared vision parts, each on hand-made inputs: lattice finding, ink, glyphs, templates,
the OCR readers' rules (hyphens, lowercase, confidence) and the image loader's guards."""

from __future__ import annotations

import os
import struct
import zlib
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from assistant.core.types import BadInput
from assistant.vision import colours, lattice_windows, locate, ocr, shapes, templates
from assistant.vision.image import MAX_PIXELS, decode, dimensions, load_image
from assistant.vision.types import Cell, Reading
from tests.conftest import unavailable

# --- locate -------------------------------------------------------------------------------------


def squares(rows: int, cols: int, side: int, gap: int, colour=(0, 150, 250), at=(0, 0),
            canvas=None) -> np.ndarray:
    """Return (or draw on) an image with rows x cols plain squares, a gap apart, from `at`."""
    if canvas is None:
        canvas = np.full((rows * (side + gap) + 2 * gap + at[1], cols * (side + gap) + 2 * gap
                          + at[0], 3), 30, np.uint8)
    for r in range(rows):
        for c in range(cols):
            x, y = at[0] + gap + c * (side + gap), at[1] + gap + r * (side + gap)
            canvas[y:y + side, x:x + side] = colour
    return canvas


def test_a_lattice_is_found_with_its_pitch_and_cells():
    # by hand: 4x4 squares of 50 px, 10 px apart, from (10, 10): centres at 35 + 60k
    lattice = locate.find_grid(squares(4, 4, 50, 10), 4, 4)
    assert lattice is not None and (lattice.rows, lattice.cols, lattice.found) == (4, 4, 16)
    assert lattice.pitch_x == pytest.approx(60, abs=0.5)
    assert lattice.centre(5) == pytest.approx((95, 95), abs=1)  # row 1, column 1
    assert lattice.box(0) == pytest.approx((10, 10, 50, 50), abs=2)
    assert lattice.region() == pytest.approx((10, 10, 230, 230), abs=2)


@pytest.mark.parametrize("side", [12, 30, 90, 300])
def test_the_same_lattice_is_found_at_any_scale(side):
    image = squares(4, 4, side, max(2, side // 8))
    lattice = locate.find_grid(image, 4, 4)
    assert lattice is not None and lattice.found == 16
    assert lattice.width == pytest.approx(side, rel=0.1)


def test_other_lattices_and_clutter_are_not_taken_for_the_grid():
    canvas = np.full((700, 1200, 3), 40, np.uint8)
    squares(3, 6, 30, 8, (200, 80, 40), at=(20, 20), canvas=canvas)  # icons: 3x6, not 4x4
    squares(4, 4, 70, 9, (0, 150, 250), at=(700, 300), canvas=canvas)
    noise = np.random.default_rng(1).integers(0, 255, (200, 300, 3), np.uint8)
    canvas[400:600, 50:350] = noise
    lattice = locate.find_grid(canvas, 4, 4)
    assert lattice is not None and lattice.region()[:2] == pytest.approx((709, 309), abs=2)
    shapes = {(t.rows, t.cols) for t in locate.lattices(canvas)}
    assert {(3, 6), (4, 4)} <= shapes


def test_a_square_board_of_any_size_and_none_in_noise():
    board = locate.find_grid(squares(15, 15, 20, 3), 4, None)
    assert board is not None and (board.rows, board.cols) == (15, 15)
    noise = np.random.default_rng(2).integers(0, 255, (400, 400, 3), np.uint8)
    assert locate.find_grid(noise, 4, 4) is None
    assert locate.find_grid(np.full((300, 300, 3), 128, np.uint8), 4, 4) is None


def board_squares(rows: int, cols: int, keep=lambda r, c: True) -> list[tuple]:
    """Return (x, y, w, h) of rows x cols squares of 20 px, 23 px apart, from (10, 10)."""
    return [(10 + 23 * c, 10 + 23 * r, 20, 20) for r in range(rows) for c in range(cols)
            if keep(r, c)]


def test_a_window_is_fitted_to_squares_with_gaps_and_strays():
    # by hand: centres at 20 + 23k; every third square unseen (under a tile), and a stray
    # square off the lattice (its centre 510 is 21.3 pitches from the first)
    seen = board_squares(15, 15, lambda r, c: (r + c) % 3) + [(500, 517, 20, 20)]
    [board] = lattice_windows.windows(np.array(seen, float), 15, 15, least=30)
    assert (board.rows, board.cols, board.found, board.beyond) == (15, 15, 150, 0)
    assert board.span == (15, 15)
    assert (board.x, board.y, board.pitch_x, board.pitch_y) == pytest.approx((20, 20, 23, 23))


def test_a_window_is_fitted_past_the_corners_of_rounded_squares():
    # Words With Friends: where four rounded squares meet, a small square of the ground shows,
    # 23 px apart like the squares but 8 px wide (a pitch of 2.9 of its size: no tile's); there
    # are more of them (14 x 14 inside the board) than squares seen (the 150 of 225 not covered)
    corners = [(10 + 23 * c + 18, 10 + 23 * r + 18, 8, 8) for r in range(14) for c in range(14)]
    seen = board_squares(15, 15, lambda r, c: (r + c) % 3) + corners
    [board] = lattice_windows.windows(np.array(seen, float), 15, 15, least=30)
    assert (board.found, board.width, board.pitch_x) == (150, 20, pytest.approx(23))


def test_how_far_a_lattice_reaches_out_of_an_image():
    # by hand: cells 20 px apart, faces 18 px, cell 0 centred at (10, 10): the region is
    # (1, 1) to (1 + 15 * 20 - 2, ...) = 299 px across; in a 280 x 300 image (h x w) it reaches
    # 19 px out at the bottom; moved 20 px left, 19 px out at the left too
    lattice = locate.Lattice(15, 15, 10, 10, 20, 20, 18, 18, 225)
    assert lattice.region() == (1, 1, 298, 298)
    assert locate.outside(lattice, (280, 300, 3)) == 19
    assert locate.outside(replace(lattice, x=-10), (280, 300, 3)) == 19 + 19


def test_windows_tell_a_bigger_grid_and_a_part_of_one():
    bigger = lattice_windows.windows(np.array(board_squares(19, 19), float), 15, 15, least=30)
    assert len(bigger) == 25  # 5 x 5 places for a 15 x 15 window in 19 x 19, all full
    assert all(w.found == 225 for w in bigger)
    beyond = {(round((w.x - 20) / 23), round((w.y - 20) / 23)): w.beyond for w in bigger}
    assert beyond[0, 0] == 16 * 16 - 225 and beyond[2, 2] == 17 * 17 - 225  # a ring of 2 or 4 sides
    part = lattice_windows.windows(np.array(board_squares(15, 10), float), 15, 15, least=30)
    assert len(part) == 6  # the 5 unseen columns may lie on either side
    assert all(w.span == (15, 10) and w.found == 150 for w in part)
    assert lattice_windows.windows(np.array(board_squares(1, 10), float), 15, 15, least=30) == []


# --- colours and glyphs -------------------------------------------------------------------------


def test_ink_is_what_differs_from_the_face_whatever_the_colours():
    for face, ink in [((0, 150, 250), (255, 255, 255)), ((240, 248, 250), (60, 50, 50))]:
        tile = np.full((60, 60, 3), face, np.uint8)
        tile[20:40, 28:32] = ink  # a bar: an I
        mask = colours.ink_mask(tile)
        assert mask[20:40, 28:32].all() and mask.sum() == 20 * 4


def test_a_background_of_another_colour_is_not_ink():
    tile = np.full((60, 60, 3), (0, 150, 250), np.uint8)  # orange face
    tile[:, :3] = (30, 30, 30)  # dark gap at the left
    tile[20:40, 28:32] = 255  # white ink
    mask = colours.ink_mask(tile)
    assert not mask[:, :3].any() and mask[20:40, 28:32].all()


def test_a_plain_tile_has_no_ink():
    assert not colours.ink_mask(np.full((50, 50, 3), 200, np.uint8)).any()


@pytest.mark.parametrize(("lab", "name"), [((90, 0, 0), "white"), ((10, 0, 0), "black"),
                                           ((60, 40, 60), "orange"), ((50, -40, 40), "green"),
                                           ((40, 20, -60), "blue"), ((92, 2, 18), "cream")])
def test_colour_names(lab, name):
    assert colours.hue_name(np.array(lab, np.float32)) == name


def test_glyphs_are_cut_left_to_right_without_border_ink_and_broken_strokes_joined():
    ink = np.zeros((40, 60), np.uint8)
    ink[10:30, 40:44] = 1  # an I on the right
    ink[10:19, 10:14] = ink[20:30, 10:14] = 1  # an I broken in two by one row
    ink[0:5, 0:60] = 1  # a band along the top border
    found = shapes.cut(ink, min_area=4)
    assert [(g.x, g.y, g.w, g.h) for g in found] == [(10, 10, 4, 20), (40, 10, 4, 20)]


def test_fitting_keeps_a_bar_thin():
    bar = np.ones((50, 6), np.uint8)
    fitted = shapes.fit(bar)
    assert fitted.shape == (shapes.HEIGHT, shapes.WIDTH)
    assert (fitted > 0.5).sum(axis=1).max() <= 5  # 6 x 32/50 = 3.8 columns, not a block


def test_a_blot_filling_its_box_has_a_skeleton():
    """Erosion takes the border for ink: a solid blot fitted to its box never thinned, and the
    read of a small phone shot with such a blot on a tile never ended."""
    blot = np.ones((shapes.HEIGHT, shapes.WIDTH), bool)
    assert shapes.skeleton(blot).all()
    assert shapes.unlike(shapes.Shape.of(blot), shapes.Shape.of(blot)) == 0


def test_shapes_differ_by_a_missing_stroke_not_by_weight():
    e = np.zeros((32, 40), bool)
    e[:, 10:13] = e[0:3, 10:30] = e[15:18, 10:26] = e[29:32, 10:30] = True
    f = e.copy()
    f[29:32, 13:30] = False  # F: the E without its bottom bar
    heavy = cv2.dilate(e.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    same = shapes.unlike(shapes.Shape.of(e), shapes.Shape.of(heavy))
    apart = shapes.unlike(shapes.Shape.of(e), shapes.Shape.of(f))
    assert same <= 1.5 < 5 <= apart


def test_committed_templates_are_drawn_by_our_own_code():
    missing = [s.font for s in templates.SHEETS.values() if not Path(s.font).exists()]
    if missing:
        unavailable(f"fonts not installed: {missing} (make test installs them)")
    width = shapes.WIDTH
    for name, sheet in templates.SHEETS.items():
        committed = cv2.imread(str(templates.GLYPH_DIR / f"{name}.png"), cv2.IMREAD_GRAYSCALE)
        fresh = templates.render(sheet)
        assert committed is not None and committed.shape == fresh.shape, name
        for k, symbol in enumerate(templates.SYMBOLS):  # alike, whatever FreeType's version
            a, b = (shapes.vector(strip[:, k * width:(k + 1) * width] / 255.0)
                    for strip in (committed, fresh))
            assert float(a @ b) > 0.99, (name, symbol)


def test_every_sheet_is_committed_with_every_symbol():
    names = tuple(templates.SHEETS)
    assert sorted(p.stem for p in templates.GLYPH_DIR.glob("*.png")) == sorted(names)
    loaded = templates.load(names)
    assert len(loaded.symbols) == len(templates.SYMBOLS) * len(names) == len(loaded.sheets)
    assert loaded.vectors.shape == (len(loaded.symbols), shapes.HEIGHT * shapes.WIDTH)
    assert np.allclose(np.linalg.norm(loaded.vectors, axis=1), 1, atol=1e-4)
    assert templates.load(names) is loaded  # cached: read from disk once per process


@pytest.fixture
def sheets(tmp_path, monkeypatch):
    """A copy of two committed sheets in a folder of their own, and a fresh per-user cache."""
    folder = tmp_path / "glyphs"
    folder.mkdir()
    for name in ("carlito", "noto-mono"):
        (folder / f"{name}.png").write_bytes((templates.GLYPH_DIR / f"{name}.png").read_bytes())
    monkeypatch.setattr(templates, "GLYPH_DIR", folder)
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(tmp_path / "cache"))
    templates.fitted.cache_clear()
    templates.load.cache_clear()
    yield folder, tmp_path / "cache"
    templates.fitted.cache_clear()
    templates.load.cache_clear()


def same_templates(a: templates.Templates, b: templates.Templates) -> bool:
    """True when two template tables hold the same rows and arrays (vectors, holes, aspects,
    outlines)."""
    return (a.symbols, a.sheets, a.form) == (b.symbols, b.sheets, b.form) and all(
        np.array_equal(getattr(a, name), getattr(b, name)) for name in templates.ARRAYS)


@pytest.mark.parametrize("form", ["fit", "box"])
def test_templates_made_once_are_loaded_from_the_user_cache(sheets, form):
    folder, cache = sheets
    names = ("carlito", "noto-mono")
    first = templates.load(names, form)
    assert same_templates(first, templates.make(names, form))
    assert [p.name[:10] for p in cache.iterdir()] == ["templates-"]
    templates.load.cache_clear()
    templates.fitted.cache_clear()
    assert same_templates(templates.load(names, form), first)
    templates.load.cache_clear()
    for png in folder.iterdir():  # damaged, with a new time: the bundle is no longer theirs
        png.write_bytes(png.read_bytes()[:100])
    with pytest.raises(FileNotFoundError):
        templates.load(names, form)


def test_the_template_bundle_is_used_while_the_sheets_are_unchanged(sheets):
    folder, _ = sheets
    names = ("carlito",)
    made = templates.load(names)
    templates.load.cache_clear()
    templates.fitted.cache_clear()
    png = folder / "carlito.png"
    seen = png.stat()
    png.write_bytes(b"x" * seen.st_size)  # same size and time: the bundle is not checked anew
    os.utime(png, ns=(seen.st_atime_ns, seen.st_mtime_ns))
    assert same_templates(templates.load(names), made)


def test_a_row_outline_from_the_bundle_is_its_glyphs_outline(sheets):
    _, cache = sheets
    templates.load(("carlito",))
    templates.load.cache_clear()
    assert len(list(cache.iterdir())) == 1  # made and kept: the next load reads it
    kept = templates.load(("carlito",)).only("QO8")
    for i, (symbol, sheet) in enumerate(zip(kept.symbols, kept.sheets, strict=True)):
        glyph = templates.fitted(sheet)[templates.SYMBOLS.index(symbol)]
        drawn = shapes.Shape.of(glyph >= 0.5)
        assert np.array_equal(kept.shape(i).bones, drawn.bones) and drawn.bones.any()
        assert np.array_equal(kept.shape(i).distances, drawn.distances)


def test_a_damaged_template_bundle_is_made_again(sheets):
    _, cache = sheets
    names = ("noto-mono",)
    made = templates.load(names)
    templates.load.cache_clear()
    (bundle,) = cache.iterdir()
    bundle.write_bytes(b"garbage")
    assert same_templates(templates.load(names), made)
    assert templates.from_bundle(bundle.read_bytes(), names, "fit") is not None  # rewritten


# --- the OCR rules ------------------------------------------------------------------------------


def glyph_of(char: str, x: int, height: int = 60, font: str = "open-sans") -> shapes.Glyph:
    """Return a glyph of one character drawn in a template font, placed at x on a line."""
    mask = templates.draw(char, templates.SHEETS[font].font)
    ys, xs = np.nonzero(mask)
    mask = mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    k = height / 128 * 1.37  # draw size 128 px: a capital is about 93 px tall
    small = cv2.resize(mask * 255, None, fx=k, fy=k, interpolation=cv2.INTER_AREA) > 127
    top = {"-": 25, "u": 19}.get(char, 0)
    h, w = small.shape
    return shapes.Glyph(x, 10 + top, w, h, small.astype(np.uint8))


def test_confidence_by_hand():
    scoring = ocr.SCORING  # poor 0.65, good 0.85, clear 0.10
    assert scoring.confidence(0.95, 0.70) == 1.0  # a good match, far ahead
    assert scoring.confidence(0.75, 0.50) == pytest.approx(0.5)  # halfway from poor to good
    assert scoring.confidence(0.95, 0.90) == pytest.approx(0.5)  # half the lead needed
    assert scoring.confidence(0.60, 0.10) == 0.0
    step = templates.Scoring(poor=0.7, good=0.7, clear=0.08)  # Wordfeud's: a step at 0.7
    assert step.confidence(0.69, 0.0) == 0.0 and step.confidence(0.71, 0.67) == pytest.approx(0.5)


@pytest.mark.parametrize(("chars", "text"), [("DE-", "DE-"), ("-Y", "-Y"), ("U/L", "U/L"),
                                             ("Qu", "QU"), ("VE", "VE")])
def test_special_tiles_read_by_template(chars, text):
    x, placed = 0, []
    for c in chars:
        g = glyph_of(c, x)
        placed.append(g)
        x += g.w + 8
    line = ocr.line_of(placed, "ABCDEFGHIJKLMNOPQRSTUVWXYZ/-u", scale=1.0)
    read = ocr.read_lines([line], "template")[0]
    assert (read.text, read.uncertain) == (text, False)


def test_a_lowercase_letter_is_doubted_where_only_capitals_may_be():
    line = ocr.line_of([glyph_of("Q", 0), glyph_of("u", 70)], "ABCDEFGHIJKLMNOPQRSTUVWXYZ", 1.0)
    assert ocr.read_lines([line], "template")[0].uncertain


def test_a_tiny_line_is_doubted_and_an_empty_one_reads_nothing():
    g = glyph_of("E", 0)
    assert ocr.read_lines([ocr.line_of([g], "E", scale=1.0)], "template")[0].confidence == 1.0
    tiny = ocr.line_of([g], "E", scale=60 / 4)  # 60 px here, 4 px in the screenshot
    assert ocr.read_lines([tiny], "template")[0].uncertain
    assert ocr.read_lines([ocr.line_of([], "E")], "template")[0] == ocr.Read("", 0.0, "no ink")


def test_tesseract_reads_a_whole_board_in_one_call(monkeypatch):
    import pytesseract

    calls = []
    real = pytesseract.image_to_data

    def counted(*args, **kwargs):
        calls.append(args[0].shape)
        return real(*args, **kwargs)

    monkeypatch.setattr(pytesseract, "image_to_data", counted)
    words = ["WO", "RD", "AM", "EN", "TS", "R", "D", "A", "N"]
    lines = [ocr.line_of([glyph_of(c, 70 * k) for k, c in enumerate(word)], ocr.LETTERS, 1.0)
             for word in words]
    reads = ocr.read_lines(lines, "tesseract")
    assert len(calls) == 1
    assert all(r.text == word for r, word in zip(reads, words, strict=True) if not r.uncertain)
    assert sum(not r.uncertain for r in reads) >= 5


# --- the image loader ---------------------------------------------------------------------------


def png(width: int, height: int, payload: bytes = b"", colour: int = 2) -> bytes:
    """Return a PNG file: a real header for this size and colour type (2 RGB, 0 grey), an IDAT
    chunk, and the IEND chunk."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", payload) + \
        chunk(b"IEND", b"")


def test_the_loader_refuses_what_is_not_a_whole_sane_image(tmp_path):
    good = cv2.imencode(".png", np.zeros((20, 30, 3), np.uint8))[1].tobytes()
    assert decode(good, "good.png").shape == (20, 30, 3)
    huge_webp = b"RIFF" + (30).to_bytes(4, "little") + b"WEBPVP8X" + bytes(8) + \
        (16383).to_bytes(3, "little") * 2
    grain = np.random.default_rng(0).integers(0, 255, (21, 33, 3), np.uint8)
    for quality in (80, 101):  # lossy (VP8) and lossless (VP8L) headers give the size too
        small = cv2.imencode(".webp", grain, [cv2.IMWRITE_WEBP_QUALITY, quality])[1].tobytes()
        assert dimensions(small) == (33, 21)
        assert decode(small, "small.webp").shape == (21, 33, 3)
    cases = {
        "words.txt": (b"hello, not an image", "not an image"),
        "huge.webp": (huge_webp, "damaged WEBP"),  # a header only (16384 a side is no WebP)
        "cut.png": (good[:len(good) // 2], "truncated PNG"),
        "bomb.png": (png(100_000, 100_000, zlib.compress(b"\0" * 1000)), "decompression bomb"),
        "empty.png": (png(0, 10), "damaged PNG"),  # a PNG's width is at least 1
        "broken.png": (png(10, 10, b"garbage"), "cannot be decoded"),
    }
    for name, (data, why) in cases.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(BadInput, match=why) as caught:
            load_image(tmp_path / name)
        assert str(tmp_path / name) in str(caught.value) and "\n" not in str(caught.value)
    assert MAX_PIXELS < 100_000 * 100_000
    with pytest.raises(BadInput, match="no such file"):
        load_image(tmp_path / "absent.png")
    with pytest.raises(BadInput, match="directory"):
        load_image(tmp_path)


def test_opencv_itself_refuses_an_image_over_the_limit_from_its_header():
    side = 9000  # 81 MP: over our 80 MP, under OpenCV's own default of 1,000 MP
    black = zlib.compress(bytes(side * (side + 1)), 9)  # each grey row: filter 0, then zeros
    data = png(side, side, black, colour=0)
    try:  # OpenCV 4 returns None (and logs why), OpenCV 5 raises
        refusal = "" if cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE) \
            is None else "decoded"
    except cv2.error as err:
        refusal = str(err)
    assert refusal == "" or "pixels <= CV_IO_MAX_IMAGE_PIXELS" in refusal
    with pytest.raises(BadInput, match=r"big\.png: 9000x9000 pixels is over the limit of 80 MP"):
        decode(data, "big.png")
    small = png(90, 90, zlib.compress(bytes(90 * 91)), colour=0)
    assert decode(small, "small.png").shape == (90, 90, 3)


def test_a_reading_lists_its_uncertain_cells():
    cells = [Cell((0, 0, 1, 1), "A", 0.9), Cell((0, 0, 1, 1), "B", 0.2)]
    reading = Reading("boggle", 1, 2, cells, rack=[Cell((0, 0, 1, 1), "?", 0.1)])
    assert reading.uncertain() == [1, 2]


def test_percentile_is_numpys_linear_percentile():
    from assistant.vision.shapes import percentile

    rng = np.random.default_rng(7)
    for size in (1, 2, 3, 50, 1001):
        values = rng.random(size).astype(np.float32) * 40
        for q in (0, 50, 98, 100):
            assert percentile(values, q) == pytest.approx(float(np.percentile(values, q)),
                                                          rel=1e-6, abs=1e-6)


def test_median_is_numpys_median_without_its_import():
    assert shapes.median([3, 1, 2]) == 2 and shapes.median([4, 1, 3, 2]) == 2.5
    assert shapes.median(np.array([[1, 9], [3, 5], [2, 7]], np.uint8), axis=0).tolist() == [2, 7]
    rng = np.random.default_rng(3)
    for shape in ((7,), (8,), (6, 3), (1, 3), (4, 5, 3)):
        for dtype in (np.uint8, np.float32, np.int64):
            values: np.ndarray = (rng.random(shape) * 200).astype(dtype)
            for axis in (None, *range(len(shape))):
                ours, numpys = shapes.median(values, axis), np.median(values, axis=axis)
                assert np.array_equal(ours, numpys) and ours.dtype == numpys.dtype


# sRGB colours in CIE Lab (D65), worked by hand from the sRGB and CIE formulas: grey 128 is
# 0.2159 linear, so L = 116 * 0.2159^(1/3) - 16; grey 5 is 0.00152 linear, under the knee, so
# L = 903.3 * 0.00152; the primaries are the published values
LAB = {(255, 255, 255): (100, 0, 0), (0, 0, 0): (0, 0, 0), (128, 128, 128): (53.585, 0, 0),
       (5, 5, 5): (1.371, 0, 0), (0, 0, 255): (53.24, 80.09, 67.20),
       (0, 255, 0): (87.73, -86.18, 83.18), (255, 0, 0): (32.30, 79.19, -107.86)}


def test_lab_gives_the_worked_values_and_opencvs_own_conversion():
    bgr = np.array([list(LAB)], np.uint8)
    assert np.abs(colours.lab(bgr)[0] - np.array(list(LAB.values()))).max() < 0.02
    pixels = np.random.default_rng(5).integers(0, 256, (60, 70, 3), np.uint8)
    opencv = cv2.cvtColor(pixels.astype(np.float32) / 255, cv2.COLOR_BGR2LAB)
    assert np.abs(colours.lab(pixels) - opencv).max() < 0.5  # OpenCV interpolates a table
    steps = colours.lab8(pixels).astype(int) - cv2.cvtColor(pixels, cv2.COLOR_BGR2LAB)
    assert np.abs(steps).max() <= 2 and (steps != 0).mean() < 0.2


def test_an_image_decodes_with_no_stderr_file():
    """As under pythonw (Windows): file 2 is not open; libpng's messages have nowhere to go."""
    import subprocess
    import sys

    code = ("import os, sys, cv2, numpy as np\nos.close(2)\nsys.stderr = None\n"
            "from assistant.vision.image import decode\n"
            "png = cv2.imencode('.png', np.zeros((5, 7, 3), np.uint8))[1].tobytes()\n"
            "print(decode(png, 'x.png').shape)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, "(5, 7, 3)\n")
