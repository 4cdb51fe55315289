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
from collections.abc import Iterable, Sequence
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
FULL, OUTRUN = 0.95, 0.25  # a turned die read this surely, and by this much, wins
EDGE = 0.25  # of a tile's crop: ink wholly this close to one of its sides is not on the face


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
    upright = faces(frame, lattice, range(lattice.rows * lattice.cols), TURNS[:1])
    if valued([shown[0] for shown in upright]) >= 0.75 * len(upright):
        raise BadInput("the grid's tiles show values in their corners: it looks like "
                       "wordament (try --game wordament)")
    first = "template" if reader == "auto" else reader  # Tesseract: only where still unsure
    reads = read_faces([[shown[0] for shown in upright]], first)[0]
    if any(r.uncertain for r in reads):
        doubted = [i for i, r in enumerate(reads)
                   if r.uncertain or any(r.text and r.text in pair for pair in TWINS)]
        turns = [list(shown) for shown in upright]
        each = [reads] + [[ocr.Read("", 0.0, "not turned")] * len(reads) for _ in TURNS[1:]]
        turned(frame, lattice, turns, each, first, doubted)
        photo = turned_dice(each)
        if photo:  # on a photo every die is read each way: a sure read may be of a turned die
            turned(frame, lattice, turns, each, first,
                   [i for i in range(len(reads)) if i not in doubted])
        if reader != first:
            each = second_opinion(each, turns, photo, reader)
        reads = agreed(each) if photo else each[0]
        # a Boggle grid is any grid of letters; but no app draws its letters turned
        unclean = not photo and any(r.uncertain for r in reads)
        claimed = more_particular(frame, GAME) if unclean else None
        if claimed:
            raise BadInput(f"the grid's tiles are not plain letters: it looks like {claimed} "
                           f"(try --game {claimed})")
    if sum(not r.uncertain for r in reads) < 0.5 * len(reads):
        raise BadInput(missing("no Boggle grid found (the grid's tiles do not read as letters)",
                               frame, GAME))
    return reads


def turned(frame: np.ndarray, lattice: locate.Lattice, turns: list[list[tiles.Face]],
           each: list[list[ocr.Read]], reader: str, which: list[int]) -> None:
    """Add these dice's faces each way of TURNS to turns (by die: upright first), and their
    reads to each (by turn, then die; a die not turned reads as nothing turned)."""
    more = faces(frame, lattice, which, TURNS[1:])
    found = read_faces([[shown[t] for shown in more] for t in range(len(TURNS) - 1)], reader)
    for i, shown in zip(which, more, strict=True):
        turns[i] = [turns[i][0], *shown]
    for t, got in enumerate(found, start=1):
        for i, read in zip(which, got, strict=True):
            each[t][i] = read


def second_opinion(each: list[list[ocr.Read]], turns: list[list[tiles.Face]], photo: bool,
                   reader: str) -> list[list[ocr.Read]]:
    """Return the reads (by turn, then die) with the dice the templates leave unsure read
    again by the reader (one call for them all): each way turned on a photo, else upright."""
    unsure = [i for i, r in enumerate(agreed(each) if photo else each[0])
              if r.uncertain and not (photo and twinned([reads[i] for reads in each]))]
    ways = TURNS if photo else TURNS[:1]
    again = read_faces([[turns[i][t] for i in unsure] for t in ways], reader)
    out = [list(reads) for reads in each]
    for t, reads in zip(ways, again, strict=True):
        for i, read in zip(unsure, reads, strict=True):
            out[t][i] = read
    return out


def faces(frame: np.ndarray, lattice: locate.Lattice, which: Iterable[int],
          ways: tuple[int, ...]) -> list[list[tiles.Face]]:
    """Return these tiles' faces turned each of these ways, their edges left out (at_edge)."""
    return [[without_edges(face) for face in tiles.faces(frame, lattice, i, ways)]
            for i in which]


def without_edges(face: tiles.Face) -> tiles.Face:
    """Return the face without the ink at its edges (at_edge)."""
    return replace(face, glyphs=tuple(g for g in face.glyphs if not at_edge(g, face)))


def at_edge(glyph: G.Glyph, face: tiles.Face) -> bool:
    """True when a glyph lies wholly in the outer EDGE of the crop by one of its sides and runs
    along that side: a die's letter is printed in the middle of its face, so this is the die's
    edge, its side (a letter on it, seen slanting), the tray or a neighbouring die, not a mark
    on the face (a blot there is no longer along the side than across)."""
    side = glyph.x + glyph.w <= EDGE * face.width or glyph.x >= (1 - EDGE) * face.width
    end = glyph.bottom <= EDGE * face.height or glyph.y >= (1 - EDGE) * face.height
    return (side and glyph.h > glyph.w) or (end and glyph.w > glyph.h)


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


def twinned(reads: list[ocr.Read]) -> bool:
    """True when a die's confident reads are of one pair of TWINS: no reader can tell them."""
    sure = {r.text for r in reads if not r.uncertain}
    return bool(sure) and any(sure <= set(pair) for pair in TWINS)


def agreed(turns: list[list[ocr.Read]]) -> list[ocr.Read]:
    """Return, per die, its confident reading when every confident turn agrees and the
    letter has no twin (N and Z, M and W, C and U: on a turned die the one may be the other);
    else the best reading, without confidence."""
    out = []
    for reads in zip(*turns, strict=True):
        sure = {r.text for r in reads if not r.uncertain}
        best = max(reads, key=lambda r: r.confidence)
        twin = next((pair for pair in TWINS if best.text and best.text in pair), "")
        if len(sure) > 1 and outruns(best, reads):
            sure = {best.text}
        if len(sure) != 1 or twin:
            told = " or ".join(sorted(sure | set(twin))) or "as nothing"
            best = replace(best, confidence=0.0, note=f"turned, it reads {told}")
        out.append(best)
    return out


def outruns(best: ocr.Read, reads: Sequence[ocr.Read]) -> bool:
    """True when a die's best read, one way turned, is sure (FULL) and surer by OUTRUN than
    any read of another letter another way (a D upside down may pass for an O, less surely)."""
    return best.confidence >= FULL and all(
        r.confidence <= best.confidence - OUTRUN for r in reads if r.text != best.text)


def cell(box: tuple[int, int, int, int], read: ocr.Read) -> Cell:
    """Return a read cell."""
    return Cell(box, read.text, round(read.confidence, 3), note=read.note)


def looks_like(frame: np.ndarray) -> bool:
    """True when the frame holds a square grid of tiles with one letter each and no values."""
    lattice = locate.find_grid(frame, SMALLEST, None)
    if lattice is None or lattice.rows > LARGEST:
        return False
    upright = [shown[0] for shown in faces(frame, lattice, range(lattice.rows * lattice.cols),
                                           TURNS[:1])]
    reads = read_faces([upright], "template")[0]
    return valued(upright) < 0.25 * len(upright) and \
        sum(not r.uncertain for r in reads) >= 0.75 * len(reads)
