"""The squares of a crossword board (Wordfeud, Scrabble, Words With Friends) and their tiles.

Shared by the crossword readers (wordfeud.py, wwf.py); what differs between the games' looks is
data, a Look: the fonts, how sure a match must be, the colours of their tiles.

1. Locate: the board is a 15x15 window of equal flat squares (vision.locate). It is resampled
   so that every cell is CELL x CELL pixels, and the 225 squares are measured all at once
   (Squares: each one's ground colour and how much light and dark ink it bears).
2. A tile's ink splits into its letter and, in the top-right corner, its point value; a tile
   with no value is a blank (board_ink.py). Letters and digits are matched with the committed
   glyph templates (vision.templates), all of a kind at once. A letter of more than one piece
   of ink (an accent: Ä Å Ñ Ö) is never read as its look-alike: it is uncertain, unless the
   game's language has that letter (a Look for a language: its letters, and its values checked
   against each tile's: a tile showing 4 points is no E in Swedish).
3. crossword_inputs(reading) gives the crossword solver's inputs: 15 board lines ('.', A-Z, a-z
   for a played blank), the rack ('?' a blank), the layout, the squares read uncertainly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..core.types import BadInput
from . import templates as T
from .board_ink import VALUE_INK, TileInk, above_cap, cap_line, split_ink
from .lattice_windows import find_board
from .locate import Lattice, outside
from .shapes import median
from .types import UNCERTAIN, Box, Cell, Reading

if TYPE_CHECKING:
    import numpy as np


SIZE = 15
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PIECES = {"Å": 2, "Ñ": 2, "Ä": 3, "Ö": 3, "Ü": 3}  # letters drawn in several pieces of ink
RAISED = "ÅÄÖÜÑ"  # letters whose mark rises above the capitals' cap line (its ink may touch:
# many fonts join Å's ring to the A, and blur joins Ä's dots), so whatever their pieces
DIGITS = "0123456789"

CELL = 64  # pixels per board cell once resampled
RACK_CELL = 96  # pixels per rack tile once resampled
COLOUR_CELL = 16  # pixels per cell for measuring ground colours
BEYOND = 0.1  # a board has no more than this fraction of its squares again just outside it

# The look of a square, as fractions (of its side, of its pixels, of the 0..255 range).
RING = (0.08, 0.18)  # the ground is sampled in this band inside the square's edge
INK = 0.02  # a square with this fraction of ink pixels bears a letter, a label or a mark
MARK = 30  # grey levels: a mark on an empty square (the start's star) differs this much
DARK_INK = 0.5  # a tile's letter is darker than this fraction of its ground's brightness
LIGHT_INK = 0.5  # label ink is lighter than the ground by this fraction of the way to white
LIGHT_GROUND = 120  # a tile's ground is at least this bright (grey level)
COLOURFUL = 25  # a premium square's ground has at least this chroma (max - min of B, G, R)
UNSURE = 0.3  # the confidence of a read the image leaves open (a value corner neither bare
# nor inked; a mark on more than one empty square, when only the start square bears one)


@dataclass(frozen=True)
class Look:
    """How one game draws its tiles: its name, the fonts of its letters and values, how
    sure a match must be, and whether its tiles are colourful (WWF's gold) or near white."""

    name: str  # as the user calls the game: "Wordfeud"
    sheets: tuple[str, ...]  # template sheets of the letters
    digit_sheets: tuple[str, ...]  # and of the values
    scoring: T.Scoring
    colourful_tiles: bool = False
    max_blanks: int = 2  # blank tiles in the bag
    values: Mapping[str, int] = field(default_factory=dict)  # letter values, if the game's are
    letters: str = LETTERS  # the letters its tiles may bear
    check_values: bool = False  # a tile whose value is not its letter's is uncertain


def in_language(look: Look, letters: str, values: Mapping[str, int]) -> Look:
    """Return a look for a game in another language: its letters (one symbol each; those
    beyond the templates' are left out) and values, each tile's value checked against them."""
    readable = "".join(letter for letter in letters if letter in T.SYMBOLS)
    return replace(look, letters=readable, values=values, check_values=True)


@dataclass(frozen=True)
class Squares:
    """Square images (grey, all the same size) and how each looks: ground colour and ink."""

    grey: np.ndarray  # (n, side, side)
    hue: np.ndarray  # ground hue, degrees
    chroma: np.ndarray  # how colourful the ground is: max - min of its B, G, R
    level: np.ndarray  # ground grey level
    dark: np.ndarray  # fraction of inner pixels darker than DARK_INK x level
    light: np.ndarray  # fraction of inner pixels lighter than the LIGHT_INK threshold
    marked: np.ndarray  # fraction of inner pixels off the ground's grey by MARK or more


@dataclass(frozen=True)
class CrosswordInputs:
    """What the crossword solver takes: the board, the rack, the layout, and what is unsure."""

    board: tuple[str, ...]  # 15 lines of 15: '.' empty, A-Z, a-z for a played blank
    rack: str  # A-Z and '?' for a blank
    layout: tuple[str, ...]  # 15 lines of 15 tokens: . DL TL DW TW, * for the start square
    uncertain: tuple[str, ...]  # the squares read uncertainly, as 'row R col C' or 'rack tile N'


def locate(frame: np.ndarray, name: str) -> Lattice:
    """Return the 15x15 lattice of the named game's board in the frame, or raise BadInput. Its
    squares seen need not reach every row and column (faint gaps may join some), as long as the
    board lies in the image; when it reaches out of it, the rest would be a guess: refused."""
    lattice = find_board(frame, SIZE, SIZE, least=2 * SIZE)
    if lattice is None or lattice.found < SIZE * SIZE // 3:
        raise BadInput(f"no {name} board found: no 15x15 grid of squares in the image")
    if lattice.beyond > BEYOND * lattice.found:
        raise BadInput(f"no {name} board found: the grid of squares is larger than 15x15")
    if min(lattice.span) < SIZE and outside(lattice, frame.shape) > lattice.pitch_x / 2:
        raise BadInput(f"the {name} board is not all in the image (zoomed in, cut off, or too "
                       f"small): squares seen on {lattice.span[0]} rows and {lattice.span[1]} "
                       "columns, not 15")
    return lattice


# -- resampling ------------------------------------------------------------------------------


def resample(frame: np.ndarray, box: tuple[float, float, float, float],
             width: int, height: int) -> np.ndarray:
    """Return the frame's (x, y, w, h) box resampled to width x height pixels."""
    import cv2
    import numpy as np

    x, y, w, h = box
    shrink = max(1, int(min(w / width, h / height) / 2))  # large boxes: area-average first
    if shrink > 1:
        top, left = max(0, int(y)), max(0, int(x))
        crop = frame[top:top + int(h) + 2 * shrink, left:left + int(w) + 2 * shrink]
        crop = crop[:crop.shape[0] // shrink * shrink, :crop.shape[1] // shrink * shrink]
        frame = cv2.resize(crop, (crop.shape[1] // shrink, crop.shape[0] // shrink),
                           interpolation=cv2.INTER_AREA)
        x, y, w, h = (x - left) / shrink, (y - top) / shrink, w / shrink, h / shrink
    to_frame = np.array([[w / width, 0, x], [0, h / height, y]], np.float32)
    return cv2.warpAffine(frame, to_frame, (width, height), flags=cv2.INTER_LINEAR
                          | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)


def board_cells(frame: np.ndarray, lattice: Lattice) -> tuple[np.ndarray, np.ndarray]:
    """Return the 225 cells (pitch x pitch, gap included): small in colour, CELL-sized in grey."""
    return split_cells(board_image(frame, lattice), SIZE, SIZE)


def board_image(frame: np.ndarray, lattice: Lattice) -> np.ndarray:
    """Return the board resampled so that every cell (pitch x pitch) is CELL x CELL pixels."""
    left = lattice.x - lattice.pitch_x / 2
    top = lattice.y - lattice.pitch_y / 2
    return resample(frame, (left, top, SIZE * lattice.pitch_x, SIZE * lattice.pitch_y),
                    SIZE * CELL, SIZE * CELL)


def split_cells(image: np.ndarray, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """Return an image of rows x cols equal cells as (colour cells, shrunk; grey cells)."""
    import cv2

    height, width = image.shape[0] // rows, image.shape[1] // cols
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    small = cv2.resize(image, (cols * COLOUR_CELL, rows * COLOUR_CELL),
                       interpolation=cv2.INTER_AREA)
    return (small.reshape(rows, COLOUR_CELL, cols, COLOUR_CELL, 3).transpose(0, 2, 1, 3, 4)
            .reshape(rows * cols, COLOUR_CELL, COLOUR_CELL, 3),
            grey.reshape(rows, height, cols, width).transpose(0, 2, 1, 3)
            .reshape(rows * cols, height, width))


# -- what each square looks like -------------------------------------------------------------


def measure(colour: np.ndarray, grey: np.ndarray) -> Squares:
    """Return the ground colour and the ink of each square, from its two images."""
    import cv2
    import numpy as np

    n, side = grey.shape[:2]
    ground = median(colour[:, ring_mask(colour.shape[1])], axis=1).astype(np.uint8)
    hsv = cv2.cvtColor(ground.reshape(n, 1, 3), cv2.COLOR_BGR2HSV_FULL).reshape(n, 3).astype(float)
    level = median(grey[:, ring_mask(side)], axis=1).reshape(n, 1)
    inner = grey[:, side // 10:side - side // 10, side // 10:side - side // 10].reshape(n, -1)
    # whole grey levels compared with whole bounds (v < x is v < ceil(x), v > x is v > floor(x))
    # in uint8, not in float64: the same shares, a third of the time
    dark = share(inner < grey_level(np.ceil(DARK_INK * level)))
    light = share(inner > grey_level(np.floor(level + LIGHT_INK * (255 - level))))
    high, low = np.ceil(level + MARK), np.floor(level - MARK)  # |v - level| >= MARK
    marked = share((inner >= grey_level(high)) & (high <= 255)
                   | (inner <= grey_level(low)) & (low >= 0))
    return Squares(grey, hsv[:, 0] * 360 / 256, np.ptp(ground.astype(int), axis=1),
                   level.ravel(), dark, light, marked)


def grey_level(bound: np.ndarray) -> np.ndarray:
    """Return whole bounds as grey levels (uint8), clipped to 0..255."""
    import numpy as np

    return np.clip(bound, 0, 255).astype(np.uint8)


def share(mask: np.ndarray) -> np.ndarray:
    """Return the share of each row of a mask that is set (as its mean gives it)."""
    import numpy as np

    return np.count_nonzero(mask, axis=1) / mask.shape[1]


def inverted(squares: Squares, which: np.ndarray) -> Squares:
    """Return the squares with these ones (a mask) turned negative: light ink on a tile
    (the last move's, in Words With Friends) becomes dark ink, read like any other."""
    import numpy as np

    grey = np.where(which[:, None, None], 255 - squares.grey, squares.grey)
    return replace(squares, grey=grey, level=np.where(which, 255 - squares.level, squares.level),
                   dark=np.where(which, squares.light, squares.dark),
                   light=np.where(which, squares.dark, squares.light))


def ring_mask(side: int) -> np.ndarray:
    """Return the mask of the RING band inside the edge of a side x side square."""
    import numpy as np

    at = (np.arange(side) + 0.5) / side
    edge = np.minimum(at, 1 - at)
    depth = np.minimum(edge[:, None], edge[None, :])
    return (depth >= RING[0]) & (depth < RING[1])


def hue_gap(a: float, b: float) -> float:
    """Return the distance in degrees between two hues on the colour wheel."""
    return abs((a - b + 180) % 360 - 180)


# -- reading tiles ---------------------------------------------------------------------------

def read_tiles(squares: Squares, boxes: list[Box], look: Look,
               which: list[int] | None = None) -> list[Cell]:
    """Return the cells of these tiles (squares `which`, default all), matched all at once;
    a tile whose pixels were read before (with the same cap line and look) is not read again
    (Remembered: the same picture read again, as the overlay does after the window moved, reads
    no tile again; after a move the board's lattice is found a hundredth of a pixel elsewhere,
    and its squares' pixels all differ)."""
    which = list(range(len(boxes))) if which is None else which
    keys = [(squares.grey[i].tobytes(), float(squares.level[i]), bool(squares.dark[i] > 0))
            for i in which]
    inks = [REMEMBERED.ink(key, squares.grey[i], key[1])
            for key, i in zip(keys, which, strict=True)]
    seen = (cap_line(inks), repr(look))
    known = {k: REMEMBERED.tiles.get((key, seen)) for k, key in enumerate(keys)}
    todo = [k for k, cell in known.items() if cell is None]
    fresh = fresh_tiles(squares, [boxes[k] for k in todo], look, [which[k] for k in todo],
                        [inks[k] for k in todo], seen[0])
    for k, cell in zip(todo, fresh, strict=True):  # kept here too: remembering more may
        known[k] = cell  # forget a tile of this very board
        REMEMBERED.keep(REMEMBERED.tiles, (keys[k], seen), cell)
    return [replace(cell, box=box) for cell, box in zip(known.values(), boxes, strict=True)
            if cell is not None]


class Remembered:
    """Tiles read before, by their pixels (grey image, ground level, dark ink or not): their
    ink, and their cells given the cap line and the look (the latest LIMIT of each). A read
    depends on nothing else, so what is remembered is what reading them again would give."""

    LIMIT = 512  # about eight boards' tiles and racks (a few megabytes)

    def __init__(self) -> None:
        self.inks: dict[tuple, TileInk] = {}
        self.tiles: dict[tuple, Cell] = {}

    def forget(self) -> None:
        """Forget every tile."""
        self.inks.clear()
        self.tiles.clear()

    def ink(self, key: tuple, grey: np.ndarray, level: float) -> TileInk:
        """Return a tile's ink, split now if it was not before."""
        if key not in self.inks:
            self.keep(self.inks, key, split_ink(grey, level))
        return self.inks[key]

    def keep(self, table: dict, key: tuple, value: object) -> None:
        """Remember a value, forgetting the oldest beyond LIMIT."""
        if len(table) >= self.LIMIT:
            del table[next(iter(table))]
        table[key] = value


REMEMBERED = Remembered()


def fresh_tiles(squares: Squares, boxes: list[Box], look: Look, which: list[int],
                inks: list[TileInk], cap: int | None) -> list[Cell]:
    """Return the cells of these tiles, their ink split (before the cap line was known) and the
    cap line given: a letter rising above it is split again without what it cuts off."""
    side = squares.grey.shape[1]
    inks = [split_ink(squares.grey[i], squares.level[i], cap) if above_cap(ink, cap, side)
            else ink for i, ink in zip(which, inks, strict=True)]
    raised = [above_cap(ink, cap, side) for ink in inks]  # a mark above the cap line: Å Ä Ö
    letters = match_letters(inks, look, raised)
    digits = iter(T.match([d for ink in inks for d in ink.digits],
                          T.load(look.digit_sheets).only(DIGITS), look.scoring))
    return [read_tile(squares.dark[i] > 0, box, ink, letter,
                      [next(digits) for _ in ink.digits], look, up)
            for i, box, ink, letter, up in zip(which, boxes, inks, letters, raised, strict=True)]


def candidates(look: Look, pieces: int, raised: bool) -> str:
    """Return the letters a tile's ink may be: the look's letters drawn in as many pieces (A
    one, Ä three; or else any such letter, read but uncertain; or else any of the look's),
    and when its ink is one piece that rises above the cap line (a mark joined to its letter,
    or a Q's tail when the letters are centred) the RAISED ones too (the look's, or else all:
    read, but uncertain)."""
    same = ("".join(c for c in look.letters if PIECES.get(c, 1) == pieces)
            or "".join(c for c in T.ACCENTED if PIECES.get(c, 1) == pieces) or look.letters)
    if not raised or pieces > 1:  # marks of their own: their count tells
        return same
    return "".join(dict.fromkeys(same + ("".join(c for c in look.letters if c in RAISED)
                                         or RAISED)))


def match_letters(inks: list[TileInk], look: Look,
                  raised: list[bool]) -> list[T.Match | None]:
    """Return each tile's letter match (None: no letter), among its candidate letters."""
    templates = T.load(look.sheets)
    groups: dict[str, list[tuple[int, np.ndarray]]] = {}
    for i, (ink, up) in enumerate(zip(inks, raised, strict=True)):
        if ink.letter is not None:
            groups.setdefault(candidates(look, ink.pieces, up), []).append((i, ink.letter))
    found: list[T.Match | None] = [None] * len(inks)
    for allowed, group in groups.items():
        matches = T.match([mask for _, mask in group], templates.only(allowed), look.scoring)
        for (i, _), match in zip(group, matches, strict=True):
            found[i] = match
    return found


def read_tile(inked: bool, box: Box, ink: TileInk, letter: T.Match | None,
              value: list[T.Match], look: Look, raised: bool = False) -> Cell:
    """Return the cell of one tile from its letter's and value's matches ('?': a tile with no
    dark ink, whatever faint marks a glossy bevel leaves in its value corner);
    a letter of several pieces of ink is not one of A-Z (Ä Ñ): it is uncertain, whatever it
    looks most like."""
    bare = ink.value_ink < VALUE_INK[0]
    if letter is not None and letter.score < look.scoring.poor:  # ink, but like no letter
        return Cell(box, "", 0.0, None, "blank", f"ink, but no letter's: at best {letter.symbol} "
                    f"{letter.score:.2f} (a letter scores {look.scoring.poor:g} or more)")
    if letter is None:  # no dark ink at all (no letter, no digits): a blank
        blank = not inked
        return Cell(box, "?" if blank else "", 1.0 if blank else 0.0, None, "blank",
                    "" if blank else "ink, but no letter's: a tile not accounted for")
    sure_blank = 1.0 if bare or value else UNSURE
    number = tile_value(value, look.values.get(letter.symbol), look.scoring)
    whole = ink.pieces == PIECES.get(letter.symbol, 1) or (raised and letter.symbol in RAISED)
    known = letter.symbol in look.letters
    confidence = min(letter.confidence, sure_blank) if whole and known else 0.0
    note = f"{letter.symbol} {letter.score:.2f}, {letter.rival} {letter.rival_score:.2f}" + \
        ("" if whole else f"; {ink.pieces} pieces of ink: not a letter of A-Z") + \
        ("" if known else f"; {letter.symbol} is not a letter of the game's language "
         "(give --language)")
    if value_disagrees(look, letter.symbol, number):
        confidence = 0.0
        note += f"; it shows {number} points, but {letter.symbol} is worth " \
                f"{look.values[letter.symbol]}"
    return Cell(box, letter.symbol, confidence, number, "blank" if bare else None, note,
                value_uncertain=bool(value) and number is None)


def value_disagrees(look: Look, letter: str, number: int | None) -> bool:
    """True when a tile's value, read, is not its letter's in the game's language."""
    return look.check_values and number is not None and look.values.get(letter) != number


def tile_value(digits: list[T.Match], usual: int | None, scoring: T.Scoring) -> int | None:
    """Return the value a tile's digits show: read surely, or else the letter's usual value
    (the game's, when its values are known) if every digit of it is the best match or a
    close runner-up (the 8 of a small, blurred value, whose upper hole has closed, is a 6
    or an 8: on an X it is the 8); None when neither holds."""
    if digits and all(d.confidence >= UNCERTAIN for d in digits):
        return int("".join(d.symbol for d in digits))
    close = [{d.symbol} | ({d.rival} if d.score - d.rival_score < scoring.clear else set())
             for d in digits]
    fits = usual is not None and len(str(usual)) == len(digits) and \
        all(c in near for c, near in zip(str(usual), close, strict=True))
    return usual if fits else None


# -- what the crossword solver takes ---------------------------------------------------------


def crossword_inputs(reading: Reading) -> CrosswordInputs:
    """Return the board lines, rack, layout lines and uncertain squares of a board reading."""
    cells = reading.cells
    layout = tuple(" ".join(layout_token(cells[r * SIZE + c]) for c in range(SIZE))
                   for r in range(SIZE))
    rack = "".join(cell.text or "?" for cell in reading.rack)
    unsure = [f"row {i // SIZE} col {i % SIZE}" for i, c in enumerate(cells) if c.uncertain]
    unsure += [f"rack tile {i + 1}" for i, c in enumerate(reading.rack) if c.uncertain]
    return CrosswordInputs(board_lines(reading), rack, layout, tuple(unsure))


def board_lines(reading: Reading) -> tuple[str, ...]:
    """Return a board reading as 15 lines of 15 squares: '.', A-Z, a-z for a played blank."""
    cells = reading.cells
    return tuple("".join(board_char(cells[r * SIZE + c]) for c in range(SIZE))
                 for r in range(SIZE))


def board_char(cell: Cell) -> str:
    """Return a square's board-file character: '.', a letter, or lowercase for a blank."""
    if not cell.text:
        return "."
    return cell.text.lower() if cell.state == "blank" else cell.text


def layout_token(cell: Cell) -> str:
    """Return a square's layout token: its premium, '*' for the start, else '.' (also for an
    empty square read unsurely that looked like a blank tile: no premium is known there)."""
    if cell.text or cell.state in (None, "blank"):
        return "."
    return "*" if cell.state == "start" else cell.state
