"""Boggle and its look-alikes (Word Hunt, photos of the board): best effort, never wrong.

The grid is the largest square lattice of equal faces (4x4, 5x5, 6x6). Each tile holds one
letter, or "Qu", with no value. Apps draw the letters upright; on a photo of the real game the
dice lie turned any way, so each die is also read turned by 90, 180 and 270 degrees:
- if every tile reads upright (or reads no better turned), the board is upright: the upright
  reads are kept;
- if some die reads only when turned, the board is a photo with turned dice, and a die is
  trusted only when every way it reads confidently gives the same letter, and that letter has
  no twin (an N turned is a Z, an M upside down a W, a C turned a U: such a die is uncertain,
  never guessed).
A grid whose tiles show values in their corners is Wordament's, not Boggle's; a grid larger
than 6x6, or whose tiles mostly do not read as letters, is not a Boggle board; and a grid not
read cleanly is first offered to the more particular readers (Bookworm, Wordfeud, Wordament):
if one takes it for its board, so is it named.
"""

from __future__ import annotations

import re
import string
from dataclasses import replace

import numpy as np

from ..core.types import BadInput
from . import locate, ocr, tiles
from . import shapes as G
from .games import missing, more_particular
from .timing import Clock
from .types import Cell, Reading

GAME = "boggle"
LETTERS = string.ascii_uppercase + "u"  # "u": the lowercase u of a "Qu" face
FACE_TEXT = re.compile(r"[A-Z]|QU|[A-Z]{2}")
SMALLEST, LARGEST = 4, 6  # rows of the smallest board (4x4) and the largest (Super Big Boggle)
READERS = ("auto", "template", "tesseract")  # the --reader choices it honours
TURNS = (0, 1, 2, 3)
TWINS = frozenset("NZ MW CU".split())  # letters that are each other turned a quarter or half
DIRT = 0.02  # of the letter's box: a stray mark smaller than this is dirt on a die, not a mark


def read(frame: np.ndarray, reader: str = "auto") -> Reading:
    """Return the Boggle grid read from a BGR frame; BadInput when there is none."""
    clock = Clock()
    lattice = locate.find_grid(frame, SMALLEST, None)
    if lattice is None or lattice.rows > LARGEST:
        raise BadInput(missing("no Boggle grid found (no square grid of 4x4 to 6x6 tiles)",
                               frame, GAME))
    clock.mark("locate")
    reads = read_dice(frame, lattice, reader)
    cells = [cell(lattice.box(i), r) for i, r in enumerate(reads)]
    clock.mark("read")
    return Reading(GAME, lattice.rows, lattice.cols, cells, region=lattice.region(),
                   timings_ms=clock.laps)


def read_dice(frame: np.ndarray, lattice: locate.Lattice, reader: str) -> list[ocr.Read]:
    """Return each die's reading: upright, else agreed over its turns (see the module)."""
    upright = faces(frame, lattice, 0)
    if valued(upright) >= 0.75 * len(upright):
        raise BadInput("the grid's tiles show values in their corners: it looks like "
                       "wordament (try --game wordament)")
    reads = read_faces([upright], reader)[0]
    if any(r.uncertain for r in reads):
        turns = [reads, *read_faces([faces(frame, lattice, t) for t in TURNS[1:]], reader)]
        reads = agreed(turns) if turned_dice(turns) else reads
        claimed = more_particular(frame, GAME)  # a Boggle grid is any grid of letters
        if claimed:
            raise BadInput(f"the grid's tiles are not plain letters: it looks like {claimed} "
                           f"(try --game {claimed})")
    if sum(not r.uncertain for r in reads) < 0.5 * len(reads):
        raise BadInput(missing("no Boggle grid found (the grid's tiles do not read as letters)",
                               frame, GAME))
    return reads


def faces(frame: np.ndarray, lattice: locate.Lattice, turns: int) -> list[tiles.Face]:
    """Return every tile's face, its crop turned by turns x 90 degrees."""
    return [tiles.face(frame, lattice, i, turns) for i in range(lattice.rows * lattice.cols)]


def valued(shown: list[tiles.Face]) -> int:
    """Return how many tiles have small glyphs in their top-left corner (Wordament values)."""
    return sum(bool(tiles.split(face)[1]) for face in shown)


def read_faces(boards: list[list[tiles.Face]], reader: str) -> list[list[ocr.Read]]:
    """Return every tile's letter read, board by board (one reader call for them all); a tile
    with other marks on it (more than dirt) reads as nothing."""
    lines = []
    for face in (face for shown in boards for face in shown):
        letters, corner, stray = tiles.split(face)
        marks = corner or [g for g in stray if not dirt(g, letters)]
        lines.append(ocr.line_of(letters if not marks else [], LETTERS, face.scale))
    reads = [legal(r) for r in ocr.read_lines(lines, reader)]
    size = len(boards[0]) if boards else 0
    return [reads[k * size:(k + 1) * size] for k in range(len(boards))]


def dirt(glyph: G.Glyph, letters: list[G.Glyph]) -> bool:
    """True when a glyph beside the letters is a speck: under DIRT of the largest one's box."""
    return bool(letters) and glyph.w * glyph.h < DIRT * max(g.w * g.h for g in letters)


def legal(read: ocr.Read) -> ocr.Read:
    """Return the read, without confidence unless it is one letter or Qu."""
    if FACE_TEXT.fullmatch(read.text):
        return read
    return replace(read, confidence=0.0, note=f"{read.note}; not a Boggle face")


def turned_dice(turns: list[list[ocr.Read]]) -> bool:
    """True when some die that is uncertain upright (turns[0]) reads confidently turned."""
    return any(upright.uncertain and any(not r.uncertain for r in others)
               for upright, *others in zip(*turns, strict=True))


def agreed(turns: list[list[ocr.Read]]) -> list[ocr.Read]:
    """Return, per die, its confident reading when every confident turn agrees and the
    letter has no twin (N and Z, M and W, C and U: on a turned die the one may be the other);
    else the best reading, without confidence."""
    out = []
    for reads in zip(*turns, strict=True):
        sure = {r.text for r in reads if not r.uncertain}
        best = max(reads, key=lambda r: r.confidence)
        twin = next((pair for pair in TWINS if best.text in pair), "")
        if len(sure) != 1 or twin:
            told = " or ".join(sorted(sure | set(twin))) or "as nothing"
            best = replace(best, confidence=0.0, note=f"turned, it reads {told}")
        out.append(best)
    return out


def cell(box: tuple[int, int, int, int], read: ocr.Read) -> Cell:
    """Return a read cell."""
    return Cell(box, read.text, round(read.confidence, 3), note=read.note)


def looks_like(frame: np.ndarray) -> bool:
    """True when the frame holds a square grid of tiles with one letter each and no values."""
    lattice = locate.find_grid(frame, SMALLEST, None)
    if lattice is None or lattice.rows > LARGEST:
        return False
    upright = faces(frame, lattice, 0)
    reads = read_faces([upright], "template")[0]
    return valued(upright) < 0.25 * len(upright) and \
        sum(not r.uncertain for r in reads) >= 0.75 * len(reads)
