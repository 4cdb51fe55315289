"""Wordament: find the 4x4 grid in any screenshot and read each tile's letters and value.

Both looks of the game are read the same way: the Windows 8/10 app (white letters on coloured
square tiles) and the current app (dark letters on cream tiles over wood). The grid is the 4x4
lattice of equal square faces (locate.py); on each tile the ink (colours.ink_mask) splits into
the letters, on a line through the middle, and the value, small digits above them at the left.

A tile's text is one of: letters (E, QU, VE, CH), either/or (U/L), prefix (DE-), suffix (-Y).
A tile whose text or value is not of that form, or is read without enough confidence, is
uncertain. A 4x4 grid whose tiles carry no values is not a Wordament grid.
"""

from __future__ import annotations

import re
import string
import time

import numpy as np

from ..core.types import BadInput
from . import colours, locate, ocr
from . import glyphs as G
from .types import Box, Cell, Reading

GAME = "wordament"
ROWS = COLS = 4
LETTERS = string.ascii_uppercase + "/-u"  # "u": the lowercase u of a "Qu" tile
TILE_TEXT = re.compile(r"[A-Z]{1,3}|[A-Z]/[A-Z]|[A-Z]{1,4}-|-[A-Z]{1,4}")
VALUE_TEXT = re.compile(r"[1-9][0-9]?")
MIN_VALUED = 12  # of 16 tiles: fewer with a printed value and it is not a Wordament grid
VALUES_SEEN = 16  # px: with letters this tall in the image, values would be seen if printed
VALUE_HEIGHT = 0.6  # a value's digits are at most this share of the letters' height
READ_HEIGHT = 160  # px: every tile is read at this size, whatever the screenshot's scale
RIM = 0.02  # of a face's size: the slack around a face, and the width of lines along its rim


def read(frame: np.ndarray, reader: str = "auto") -> Reading:
    """Return the Wordament grid read from a BGR frame; BadInput when there is none."""
    start = time.perf_counter()
    lattice = locate.find_grid(frame, ROWS, COLS)
    if lattice is None:
        raise BadInput(missing("no Wordament grid found (no 4x4 grid of square tiles)", frame))
    found = time.perf_counter()
    tiles = [tile_lines(*crop(frame, lattice, i)) for i in range(ROWS * COLS)]
    reads = ocr.read_lines([line for letters, value, _ in tiles for line in (letters, value)],
                           reader)
    cells = [cell(lattice.box(i), reads[2 * i], reads[2 * i + 1], tiles[i][2])
             for i in range(ROWS * COLS)]
    if big_enough(tiles) and sum(bool(value.glyphs) for _, value, _ in tiles) < MIN_VALUED:
        raise BadInput(missing("no Wordament grid found (the 4x4 grid's tiles show no values)",
                               frame))
    done = time.perf_counter()
    return Reading(GAME, ROWS, COLS, cells, region=lattice.region(),
                   timings_ms={"locate": ms(found - start), "read": ms(done - found)})


def big_enough(tiles: list[tuple[ocr.Line, ocr.Line, list[G.Glyph]]]) -> bool:
    """True when most tiles' letters are tall enough that their values would be seen."""
    return sum(letters.cap >= VALUES_SEEN * letters.scale for letters, _, _ in tiles) \
        >= MIN_VALUED


def ms(seconds: float) -> float:
    """Return seconds as milliseconds, to a tenth."""
    return round(seconds * 1000, 1)


def missing(what: str, frame: np.ndarray) -> str:
    """Return the no-grid message, naming the game the image looks like if another reader can."""
    from . import identify

    other = identify(frame, but=GAME)
    return what + (f"; it looks like {other} (try --game {other})" if other else "")


def crop(frame: np.ndarray, lattice: locate.Lattice, i: int) -> tuple[np.ndarray, Box]:
    """Return cell i's crop (a pitch square, clipped to the frame) and its face box in it."""
    x, y, w, h = lattice.cell(i)
    left, top = max(0, x), max(0, y)
    fx, fy, fw, fh = lattice.box(i)
    return frame[top:max(0, y + h), left:max(0, x + w)], (fx - left, fy - top, fw, fh)


def tile_lines(tile: np.ndarray, face: Box) -> tuple[ocr.Line, ocr.Line, list[G.Glyph]]:
    """Return a tile crop's (letters, value) lines of glyphs, read at READ_HEIGHT, and the
    stray ink on its face that is neither."""
    tile, scale = G.resized(tile, READ_HEIGHT)
    height, width = tile.shape[:2]
    box = (round(face[0] * scale), round(face[1] * scale), round(face[2] * scale),
           round(face[3] * scale))
    found = on_face(G.cut(colours.ink_mask(tile), round(4e-4 * height * width)), box)
    central = [g for g in found if 0.25 * height < g.middle < 0.8 * height]
    if not central:
        return ocr.line_of([], LETTERS, scale), ocr.line_of([], string.digits, scale), found
    tallest = max(central, key=lambda g: g.h)
    letters = [g for g in found if overlap(g, tallest.y, tallest.bottom) > 0.5]
    top = min(g.y for g in letters)
    value = [g for g in found if g.bottom <= top + 0.1 * tallest.h
             and g.h <= VALUE_HEIGHT * tallest.h and g.x + g.w < 0.5 * width]
    stray = [g for g in found if g not in letters and g not in value]
    return (ocr.line_of(letters, LETTERS, scale), ocr.line_of(value, string.digits, scale),
            stray)


def on_face(found: list[G.Glyph], face: Box) -> list[G.Glyph]:
    """Return the glyphs on the tile's face: not the specks outside it (the gap, its rim), nor
    thin lines across its edge (compression ringing), nor a ring as large as the face; a
    value's digits may touch the edge, so thicker ink across it is kept."""
    x, y, w, h = face
    slack = RIM * max(w, h)
    within = [g for g in found if g.x >= x - slack and g.y >= y - slack
              and g.x + g.w <= x + w + slack and g.bottom <= y + h + slack]
    across = [g for g in found if g not in within and min(g.w, g.h) > 2 * slack
              and g.x < x + w and g.y < y + h and g.x + g.w > x and g.bottom > y]
    return sorted((g for g in within + across if g.w < 0.9 * w and g.h < 0.9 * h),
                  key=lambda g: g.x)


def overlap(glyph: G.Glyph, top: int, bottom: int) -> float:
    """Return the share of a glyph's rows that lie between top and bottom."""
    return max(0, min(glyph.bottom, bottom) - max(glyph.y, top)) / glyph.h


def cell(box: Box, letters: ocr.Read, value: ocr.Read, stray: list[G.Glyph]) -> Cell:
    """Return a read cell; a text or value not of a Wordament tile's form, or ink on the face
    that is neither, leaves it without confidence."""
    sure = min(letters.confidence, value.confidence)
    notes = [letters.note, value.note]
    if not TILE_TEXT.fullmatch(letters.text) or not VALUE_TEXT.fullmatch(value.text):
        sure, notes = 0.0, [*notes, "not a Wordament tile"]
    if stray:
        sure, notes = 0.0, [*notes, f"{len(stray)} stray marks"]
    number = int(value.text) if value.text.isdigit() else None
    note = "; ".join(n for n in notes if n)
    return Cell(box, letters.text, round(sure, 3), number, note=note)


def looks_like(frame: np.ndarray) -> bool:
    """True when the frame holds a 4x4 grid of tiles that show printed values."""
    lattice = locate.find_grid(frame, ROWS, COLS)
    if lattice is None:
        return False
    lines = [tile_lines(*crop(frame, lattice, i))[1] for i in range(ROWS * COLS)]
    reads = ocr.read_lines(lines, "template")
    return sum(VALUE_TEXT.fullmatch(r.text) is not None and not r.uncertain
               for r in reads) >= MIN_VALUED
