"""Wordament: find the 4x4 grid in any screenshot and read each tile's letters and value.

Both looks of the game are read the same way: the Windows 8/10 app (white letters on coloured
square tiles) and the current app (dark letters on cream tiles over wood). The grid is the 4x4
lattice of equal square faces (locate.py); on each tile the ink (colours.ink_mask) splits into
the letters, on a line through the middle, and the value, small digits above them at the left.

A tile's text is one of: letters (E, QU, VE, CH), either/or (U/L), prefix (DE-), suffix (-Y).
A tile whose text is not of that form, or is read without enough confidence, is uncertain. A
value that cannot be read surely (too small in the image, say) is left out and marked
(Cell.value_uncertain), its letters kept. A 4x4 grid whose tiles carry no values is not a
Wordament grid.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass

import numpy as np

from ..core.types import BadInput
from . import locate, ocr, tiles
from .games import missing
from .timing import Clock
from .types import Box, Cell, Reading

GAME = "wordament"
ROWS = COLS = 4
LETTERS = string.ascii_uppercase + "/-u"  # "u": the lowercase u of a "Qu" tile
TILE_TEXT = re.compile(r"[A-Z]{1,3}|[A-Z]/[A-Z]|[A-Z]{1,4}-|-[A-Z]{1,4}")
VALUE_TEXT = re.compile(r"[1-9][0-9]?")
MIN_VALUED = 12  # of 16 tiles: fewer with a printed value and it is not a Wordament grid
READERS = ("auto", "template", "tesseract")  # the --reader choices it honours
VALUES_SEEN = 16  # px: with letters this tall in the image, values would be seen if printed


@dataclass(frozen=True)
class Tile:
    """What one tile shows: its letters, its value, and stray marks that are neither."""

    letters: ocr.Line
    value: ocr.Line
    stray: int


def read(frame: np.ndarray, reader: str = "auto") -> Reading:
    """Return the Wordament grid read from a BGR frame; BadInput when there is none."""
    clock = Clock()
    lattice = locate.find_grid(frame, ROWS, COLS)
    if lattice is None:
        raise BadInput(missing("no Wordament grid found (no 4x4 grid of square tiles)", frame,
                               GAME))
    clock.mark("locate")
    shown = [tile(frame, lattice, i) for i in range(ROWS * COLS)]
    if big_enough(shown) and sum(bool(t.value.glyphs) for t in shown) < MIN_VALUED:
        raise BadInput(missing("no Wordament grid found (the 4x4 grid's tiles show no values)",
                               frame, GAME))
    reads = ocr.read_lines([line for t in shown for line in (t.letters, t.value)], reader)
    cells = [cell(lattice.box(i), reads[2 * i], reads[2 * i + 1], t.stray)
             for i, t in enumerate(shown)]
    clock.mark("read")
    return Reading(GAME, ROWS, COLS, cells, region=lattice.region(), timings_ms=clock.laps)


def tile(frame: np.ndarray, lattice: locate.Lattice, i: int) -> Tile:
    """Return what cell i shows: its letters line, its value line, its stray marks."""
    face = tiles.face(frame, lattice, i)
    letters, corner, stray = tiles.split(face)
    return Tile(ocr.line_of(letters, LETTERS, face.scale),
                ocr.line_of(corner, string.digits, face.scale),
                sum(not tiles.at_rim(g, face) for g in stray))


def big_enough(shown: list[Tile]) -> bool:
    """True when most tiles' letters are tall enough that their values would be seen."""
    return sum(t.letters.cap >= VALUES_SEEN * t.letters.scale for t in shown) >= MIN_VALUED


def cell(box: Box, letters: ocr.Read, value: ocr.Read, stray: int) -> Cell:
    """Return a read cell: letters not of a Wordament tile's form, or ink on the face that is
    neither letters nor value, leave it without confidence; a value read uncertainly (or not
    of a value's form) is left out (None) and marked, the letters kept."""
    sure, notes = letters.confidence, [letters.note, value.note]
    if not TILE_TEXT.fullmatch(letters.text):
        sure, notes = 0.0, [*notes, "not a Wordament tile"]
    if stray:
        sure, notes = 0.0, [*notes, f"{stray} stray marks"]
    unread = value.uncertain or not VALUE_TEXT.fullmatch(value.text)
    return Cell(box, letters.text, round(sure, 3), None if unread else int(value.text),
                note="; ".join(n for n in notes if n), value_uncertain=unread)


def looks_like(frame: np.ndarray) -> bool:
    """True when the frame holds a 4x4 grid of tiles that show printed values."""
    lattice = locate.find_grid(frame, ROWS, COLS)
    if lattice is None:
        return False
    reads = ocr.read_lines([tile(frame, lattice, i).value for i in range(ROWS * COLS)],
                           "template")
    return sum(VALUE_TEXT.fullmatch(r.text) is not None and not r.uncertain
               for r in reads) >= MIN_VALUED
