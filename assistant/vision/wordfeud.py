"""Read a Wordfeud screenshot: the 15x15 board (tiles, blanks, premium squares) and the rack.

Also the reader behind Scrabble screenshots (scrabble.py: the same look, its own name).

How (no hand-set coordinates; every measure is a fraction of the cell, so any resolution works):
1. Locate and measure the board's squares (vision.board: one locate for every crossword game).
2. A square's ground colour and its ink tell what it is: a tile has dark ink (its letter) on a
   light ground; a premium square has light ink (its label) on a colourful ground; anything
   else is an empty square ("start" if it bears a mark). Premium squares are read from their
   labels, voted per colour (vision.premiums), so random boards read too.
3. Tiles are read by board.read_tiles with the templates of mono and sans fonts like the game's;
   the rack by vision.rack.
A board whose premium squares lie where Words With Friends has them is refused (it is WWF's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.types import BadInput
from . import templates as T
from .board import (
    COLOURFUL,
    INK,
    LIGHT_GROUND,
    SIZE,
    UNSURE,
    Look,
    Squares,
    board_cells,
    in_language,
    locate,
    measure,
    read_tiles,
)
from .premiums import read_premiums
from .rack import find_rack, read_rack
from .timing import Clock
from .types import Box, Cell, Reading

if TYPE_CHECKING:
    import numpy as np

READERS = ("auto", "template")  # the --reader choices it honours: templates only
IN_LANGUAGES = True  # read(frame, reader, language) reads the letters of the rules' languages
# Wordfeud draws its letters in Droid Sans Mono (Noto Mono is its open successor) and its values
# in Droid Sans (Open Sans is its successor); DejaVu Sans Mono adds other shapes of some letters
# (an M whose middle stops short), for versions of the game drawn in a related font.
SHEETS = ("noto-mono", "dejavu-sans-mono", "open-sans")
# a match under 0.7 looks like no template at all; a lead of 0.08 over the runner-up is full
# confidence; each hole of difference costs 0.1 (8 has two, 3 none, O and D one)
LOOK = Look("Wordfeud", SHEETS, SHEETS, T.Scoring(poor=0.7, good=0.7, clear=0.08, holes=0.1))
MIN_PREMIUMS = 4  # a 15x15 lattice with fewer premium squares is not a Wordfeud board


def read(frame: np.ndarray, reader: str = "auto", language: str = "en") -> Reading:
    """Return the board and rack read from a BGR frame, or raise BadInput if there is no board
    (templates only: reader "auto" and "template" are the same here); in another language, its
    letters are read and each tile's value is checked against its letter's."""
    return read_as(frame, "wordfeud", look_in(LOOK, "wordfeud", language))


def look_in(look: Look, game: str, language: str) -> Look:
    """Return a game's look in a language (English: the look itself)."""
    if language == "en":
        return look
    from ..core.rules import crossword_rules

    rules = crossword_rules(game, language)
    return in_language(look, rules.alphabet, rules.letter_values)


def read_as(frame: np.ndarray, game: str, look: Look) -> Reading:
    """Return the board and rack of a game in Wordfeud's look (Wordfeud, Scrabble) read from
    a BGR frame, or raise BadInput naming the game when there is no such board."""
    import numpy as np

    from . import wwf

    clock = Clock()
    lattice = locate(frame, look.name)
    clock.mark("locate")
    squares = measure(*board_cells(frame, lattice))
    kinds = square_kinds(squares)
    if kinds.count("premium") < MIN_PREMIUMS:
        raise BadInput(f"no {look.name} board found: a 15x15 grid, but without premium squares")
    if wwf.fits_layout(np.equal(kinds, "premium"), np.equal(kinds, "tile")):
        raise BadInput(f"no {look.name} board found: its premium squares lie where Words With "
                       "Friends has them; it looks like wwf (try --game wwf)")
    cells = read_board(squares, kinds, lattice.boxes(), look)
    clock.mark("board")
    rack = read_rack(frame, find_rack(frame, lattice), look)
    clock.mark("rack")
    return Reading(game, SIZE, SIZE, cells, rack, lattice.region(), clock.laps)


def square_kinds(squares: Squares) -> tuple[str, ...]:
    """Return what each square is: 'tile' (dark ink on a light ground), 'premium' (light ink
    on a colourful ground) or 'empty'."""
    import numpy as np

    tile = (squares.level >= LIGHT_GROUND) & (squares.dark >= INK)
    label = (squares.chroma >= COLOURFUL) & (squares.light >= INK)
    return tuple(str(k) for k in np.where(tile, "tile", np.where(label, "premium", "empty")))


def read_board(squares: Squares, kinds: tuple[str, ...], boxes: list[Box],
               look: Look) -> list[Cell]:
    """Return the cells of the 225 board squares: tiles, premium squares and empty squares."""
    tiles = [i for i, kind in enumerate(kinds) if kind == "tile"]
    cells = dict(zip(tiles, read_tiles(squares, [boxes[i] for i in tiles], look, tiles),
                     strict=True))
    premiums = read_premiums(squares, [i for i, kind in enumerate(kinds) if kind == "premium"])
    for i, (name, confidence) in premiums.items():
        cells[i] = Cell(boxes[i], "", confidence, None, name)
    marked = [i for i, kind in enumerate(kinds) if kind == "empty" and squares.marked[i] >= INK]
    for i in marked:  # the start square bears a mark; so should no other empty square
        cells[i] = Cell(boxes[i], "", 1.0 if len(marked) == 1 else UNSURE, None, "start")
    return [cells.get(i) or Cell(box, "", 1.0) for i, box in enumerate(boxes)]


def looks_like(frame: np.ndarray) -> bool:
    """True when the frame shows a Wordfeud board read with nearly every square sure."""
    from .games import claims

    return claims("wordfeud", frame)
