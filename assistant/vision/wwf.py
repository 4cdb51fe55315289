"""Read a Words With Friends screenshot: the 15x15 board (tiles, blanks) and the rack.

Both app looks (the 2014 one and the later one) draw the board alike: light grey squares with
rounded corners, premium squares coloured and labelled (DL blue, TL green, DW red, TW orange),
and played tiles as one gold area with dark brown letters, the value small in the top-right
corner (none on a blank); the last move's letters may be white, and a tile on a premium square
is tinted by it. Wordfeud's reading does most of it (vision.board, vision.rack: one locate, one
store of templates); what differs is here, as data and three steps:

1. A square holds a tile when it bears a letter's tall ink, dark or light, on a light ground (a
   premium square's label is shorter); light letters are read on the square's negative.
2. The premium squares are WWF's fixed layout (core.rules.WWF), never read as a random board: the
   labelled squares seen must lie where the layout has premiums (fits_layout), or the board is
   not WWF's (Wordfeud's premiums lie elsewhere). An empty square where the layout has no
   premium but which bears coloured ink is not explained: it is uncertain.
3. The rack's tiles are gold, like the board's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.rules import WWF
from ..core.types import BadInput
from . import templates as T
from .board import (
    CELL,
    COLOUR_CELL,
    COLOURFUL,
    INK,
    LIGHT_GROUND,
    SIZE,
    UNSURE,
    Look,
    Squares,
    board_image,
    inverted,
    locate,
    measure,
    read_tiles,
    split_cells,
)
from .board_ink import lettered
from .rack import find_rack, read_rack
from .timing import Clock
from .types import Box, Cell, Reading

if TYPE_CHECKING:
    import numpy as np

GAME = "wwf"
READERS = ("auto", "template")  # the --reader choices it honours: templates only
# WWF draws its letters in Helvetica Bold and its values in Helvetica: Nimbus Sans is the free
# Helvetica (its Q's tail crosses the bowl, as WWF's does); Liberation Sans (Arial's shapes)
# adds other forms of some letters (a C, an M) for the app's other versions. A letter is sure
# from a likeness of 0.85 (the real ones match at 0.82 to 0.99), so a letter in a font unlike
# these (a J with a short hook, in DejaVu) is uncertain, not an I; each hole of difference
# costs 0.1, and so does each unit of |log width/height| (a J is wider than an I).
LOOK = Look("Words With Friends",
            sheets=("nimbus-sans-bold", "liberation-sans-bold"),
            digit_sheets=("nimbus-sans", "liberation-sans"),
            scoring=T.Scoring(poor=0.7, good=0.85, clear=0.08, holes=0.1, aspect=0.1),
            colourful_tiles=True, values=WWF.letter_values)
PREMIUMS = WWF.layout.premiums  # the fixed layout, premium name or "" per square
START = WWF.layout.start
FIT = 0.9  # at least this share of the open squares show a premium exactly where WWF has one
MIN_PREMIUMS = 4  # and at least this many premium squares show
TILE_HUE = 40  # degrees: the gold of WWF's tiles
BADGE_RED = (180, 140)  # the score badge: red at least this, and this much over green and blue
BADGE_AREA = 0.01  # a badge covers at least this share of a cell


def read(frame: np.ndarray, reader: str = "auto") -> Reading:
    """Return the board and rack read from a BGR frame, or raise BadInput if it shows no Words
    With Friends board (templates only: reader "auto" and "template" are the same here)."""
    clock = Clock()
    lattice = locate(frame, LOOK.name)
    clock.mark("locate")
    squares = measure(*split_cells(without_badge(board_image(frame, lattice)), SIZE, SIZE))
    dark, light = tiles(squares)
    labelled = premium_squares(squares, dark | light)
    if not fits_layout(labelled, dark | light):
        raise BadInput("no Words With Friends board found: the premium squares are not where "
                       "WWF has them")
    cells = read_board(inverted(squares, light), dark | light, labelled, lattice.boxes())
    clock.mark("board")
    rack = read_rack(frame, find_rack(frame, lattice, tile_hue(squares, dark | light)), LOOK)
    clock.mark("rack")
    return Reading(GAME, SIZE, SIZE, cells, rack, lattice.region(), clock.laps)


def tile_hue(squares: Squares, covered: np.ndarray) -> float:
    """Return the hue of the board's tiles (gold; TILE_HUE when none is on the board)."""
    from .shapes import median

    return float(median(squares.hue[covered])) if covered.any() else TILE_HUE


def without_badge(board: np.ndarray) -> np.ndarray:
    """Return the board image with the last move's score badge painted out: a red disc with
    white digits on the corner of its last tile, which would join the letter's ink. It is
    looked for on a copy a cell to COLOUR_CELL pixels, then painted over with the commonest
    colour of its rim, the tile's ground (inpainting would smear a letter's ink into it)."""
    import cv2
    import numpy as np

    small = cv2.resize(board, (SIZE * COLOUR_CELL,) * 2, interpolation=cv2.INTER_AREA)
    ys, xs = np.nonzero(red(small))
    if not len(ys):
        return board
    top, left = (max(0, (v.min() // COLOUR_CELL - 1) * CELL) for v in (ys, xs))
    bottom, right = ((v.max() // COLOUR_CELL + 2) * CELL for v in (ys, xs))
    out = board.copy()
    around = out[top:bottom, left:right]
    disc = badge(around)
    rim = cv2.dilate(disc, np.ones((7, 7), np.uint8)) > disc
    ring = around[rim].astype(float)
    far = np.abs(ring - np.median(ring, axis=0)).sum(axis=1)
    around[disc > 0] = np.median(ring[far <= np.median(far)], axis=0)  # the commonest colour
    return out


def red(image: np.ndarray) -> np.ndarray:
    """Return the mask (0/1) of an image's pixels in the score badge's red (BADGE_RED)."""
    import cv2
    import numpy as np

    b, g, r = cv2.split(image)
    return ((r >= BADGE_RED[0]) & (cv2.subtract(r, cv2.max(g, b)) >= BADGE_RED[1])).view(np.uint8)


def badge(image: np.ndarray) -> np.ndarray:
    """Return the mask of the score badges in an image: each red disc's convex hull (its white
    digits with it), a little wider (its anti-aliased rim)."""
    import cv2
    import numpy as np

    count, labels, stats, _ = cv2.connectedComponentsWithStats(red(image), connectivity=8)
    mask = np.zeros(image.shape[:2], np.uint8)
    for i in range(1, count):
        if stats[i][4] >= BADGE_AREA * CELL * CELL:
            points = cv2.findNonZero((labels == i).astype(np.uint8))
            cv2.fillConvexPoly(mask, cv2.convexHull(points), 1)
    return cv2.dilate(mask, np.ones((5, 5), np.uint8))


def tiles(squares: Squares) -> tuple[np.ndarray, np.ndarray]:
    """Return which squares hold a tile with a dark letter (dark ink on a light ground; when
    light ink shows too, the dark must be a letter's tall ink, not a premium square's rim), and
    which one with a light letter (the last move's): a letter's tall light ink on a light,
    colourful ground (a premium square's label is shorter)."""
    import numpy as np

    ground = squares.level >= LIGHT_GROUND
    dark = ground & (squares.dark >= INK)
    both = np.flatnonzero(dark & (squares.light >= INK))  # a letter, or a label and a rim
    dark[both] = [lettered(squares.grey[i], squares.level[i]) for i in both]
    light = ground & ~dark & (squares.chroma >= COLOURFUL) & (squares.light >= INK)
    negative = inverted(squares, light)
    light[light] = [lettered(negative.grey[i], negative.level[i]) for i in np.flatnonzero(light)]
    return dark, light


def premium_squares(squares: Squares, covered: np.ndarray) -> np.ndarray:
    """Return which squares (no tile on them) show a premium: light ink on a colourful ground."""
    return ~covered & (squares.chroma >= COLOURFUL) & (squares.light >= INK)


def fits_layout(labelled: np.ndarray, covered: np.ndarray) -> bool:
    """True when the premium squares seen (labelled) among the squares no tile covers are
    Words With Friends' (FIT): both ways, a premium seen where the layout has one and none
    where it has none. The start square may look either way."""
    open_squares = [i for i in range(SIZE * SIZE) if not covered[i] and divmod(i, SIZE) != START]
    agree = sum(bool(labelled[i]) == bool(premium_at(i)) for i in open_squares)
    seen = sum(bool(labelled[i]) for i in open_squares)
    return seen >= MIN_PREMIUMS and agree >= FIT * len(open_squares)


def premium_at(i: int) -> str:
    """Return the premium of square i in the WWF layout ('' for none)."""
    return PREMIUMS[i // SIZE][i % SIZE]


def read_board(squares: Squares, covered: np.ndarray, labelled: np.ndarray,
               boxes: list[Box]) -> list[Cell]:
    """Return the cells of the 225 board squares: tiles read, the others empty with the
    layout's premium (uncertain where a mark shows that neither a tile nor the layout
    explains)."""
    import numpy as np

    which = np.flatnonzero(covered).tolist()
    cells = dict(zip(which, read_tiles(squares, [boxes[i] for i in which], LOOK, which),
                     strict=True))
    return [cells.get(i) or empty_square(box, i, bool(labelled[i]))
            for i, box in enumerate(boxes)]


def empty_square(box: Box, i: int, labelled: bool) -> Cell:
    """Return the cell of an empty square: its premium in the layout, or 'start'; uncertain
    when it shows a premium where the layout has none."""
    premium = premium_at(i) or ("start" if divmod(i, SIZE) == START else None)
    unexplained = labelled and not premium
    return Cell(box, "", UNSURE if unexplained else 1.0, None, premium,
                "coloured ink where WWF has no premium" if unexplained else "")


def looks_like(frame: np.ndarray) -> bool:
    """True when the frame shows a Words With Friends board read with nearly every square sure."""
    from .games import claims

    return claims(GAME, frame)
