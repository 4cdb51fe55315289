"""Read a Wordfeud screenshot: the 15x15 board (tiles, blanks, premium squares) and the rack.

Also the reader behind Scrabble and Words With Friends screenshots (best effort: the same look).

How (no hand-set coordinates; every measure is a fraction of the cell, so any resolution works):
1. Locate: the board is a 15x15 window of equal flat squares (vision.locate). It is resampled
   so that every cell is CELL x CELL pixels, and the 225 squares are measured all at once.
2. A square's ground colour (the median of a ring inside its edge) and its ink tell what it is:
   a tile has dark ink (its letter) on a light ground; a premium square has light ink (its label,
   2L 3L 2W 3W, or LD LT MD MT in French) on a colourful ground; anything else is an empty
   square ("start" if it bears a mark). Premium squares of one colour are one premium, named by
   the vote of their labels (by the hue of the colour when no label can be read).
3. A tile's ink splits into its letter and, in the top-right corner, its point value; a tile
   with no value is a blank. Letters, digits and labels are matched with the committed glyph
   templates (vision.templates: mono and sans fonts like the game's), all of a kind at once.
4. The rack: a row of up to 7 large light squares outside the board, read like tiles; a rack
   tile with no ink at all is a blank ("?").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.types import BadInput
from ..timing import Clock
from . import templates as T
from .locate import Lattice, find_board, flat_squares, gradient, working_copies
from .types import UNCERTAIN, Box, Cell, Reading

if TYPE_CHECKING:
    import numpy as np

SIZE = 15
RACK_SIZE = 7
MAX_BLANKS = 2  # blank tiles in a Wordfeud bag
READERS = ("auto", "template")  # the --reader choices it honours: templates only
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
# Wordfeud draws its letters in Droid Sans Mono (Noto Mono is its open successor) and its values
# in Droid Sans (Open Sans is its successor); DejaVu Sans Mono adds other shapes of some letters
# (an M whose middle stops short), for versions of the game drawn in a related font.
SHEETS = ("noto-mono", "dejavu-sans-mono", "open-sans")
# a match under 0.7 looks like no template at all; a lead of 0.08 over the runner-up is full
# confidence; each hole of difference costs 0.1 (8 has two, 3 none, O and D one)
SCORING = T.Scoring(poor=0.7, good=0.7, clear=0.08, holes=0.1)

CELL = 64  # pixels per board cell once resampled
RACK_CELL = 96  # pixels per rack tile once resampled
COLOUR_CELL = 16  # pixels per cell for measuring ground colours

# Premium squares by the hue of their ground, in degrees: 3W red, 2W orange, 2L green, 3L blue.
PREMIUM_HUES = {"TW": 0, "DW": 32, "DL": 102, "TL": 215}
HUE_SLACK = 30  # degrees off a premium's hue that still read with full confidence
HUE_ONLY = 0.75  # the confidence of a premium known by its colour alone (its labels unread)
SAME_HUE, SAME_LEVEL = 12, 30  # premium squares this close in hue and grey level look alike

# A premium's label says how many times (2 D 3 T) and what (L B: the letter, W M O P: the word):
# 2L 3L 2W 3W, DL TL DW TW, French LD LT MD MT, and the like in other languages.
LABEL_MEANS = {"2": "D", "D": "D", "3": "T", "T": "T",
               "L": "L", "B": "L", "W": "W", "M": "W", "O": "W", "P": "W"}
LABEL_SHEETS = ("dejavu-sans-bold", "open-sans-bold")  # labels are bold sans
LABEL_HEIGHT = 0.2  # a label's characters are at least this tall (of the square)
LABEL_VOTES = 5  # the labels read in each group of premium squares of one colour
MIN_PREMIUMS = 4  # a 15x15 lattice with fewer premium squares is not a Wordfeud board
BEYOND = 0.1  # nor is one with more than this fraction of its squares again just outside it

# The look of a square, as fractions (of its side, of its pixels, of the 0..255 range).
RING = (0.08, 0.18)  # the ground is sampled in this band inside the square's edge
INK = 0.02  # a square with this fraction of ink pixels bears a letter, a label or a mark
MARK = 30  # grey levels: a mark on an empty square (the start's star) differs this much
DARK_INK = 0.5  # a tile's letter is darker than this fraction of its ground's brightness
LIGHT_INK = 0.5  # label ink is lighter than the ground by this fraction of the way to white
LIGHT_GROUND = 120  # a tile's ground is at least this bright (grey level)
COLOURFUL = 25  # a premium square's ground has at least this chroma (max - min of B, G, R)
SPECK = 0.002  # ink blobs smaller than this fraction of the square are noise
INK_DEPTH = 0.5  # ink is darker than the ground by this fraction of the tile's contrast
MIN_CONTRAST = 80  # grey levels: a tile's contrast is taken as at least this
VALUE_LEFT, VALUE_RIGHT = 0.55, 0.95  # a tile's value digits lie between these (of its width)
VALUE_TOP, VALUE_BOTTOM = 0.07, 0.45  # and between these (of its height), inside its bevel
VALUE_HEIGHT = 0.35  # and are shorter than this (of its height)
VALUE_INK = (0.14, 0.18)  # value marks this dark (of the contrast): bare below, inked above
MARK_BRUSH = 0.11  # marks thinner than this (of the tile's side) count as value ink
EDGE = 0.15  # ink centred this close to a tile's edge is its shadow or the board's gap
TALL_LETTER = 0.4  # a letter is at least this tall, as a fraction of its tile
UNSURE = 0.3  # the confidence of a read the image leaves open (a value corner neither bare
# nor inked; a mark on more than one empty square, when only the start square bears one)
RACK_SIDES = (1.2, 3.5)  # a rack tile's side, in board pitches
RACK_THRESHOLDS = (64, 40)  # edge thresholds (locate.flat_squares) for the glossy rack tiles
RACK_BELOW = 8  # how far below the board (in pitches) the rack is looked for first
RACK_PAD = 0.04  # a rack tile reaches this much (of its side) beyond its flat face


@dataclass(frozen=True)
class Squares:
    """Square images (grey, all the same size) and how each looks: ground colour, ink, kind."""

    grey: np.ndarray  # (n, side, side)
    hue: np.ndarray  # ground hue, degrees
    chroma: np.ndarray  # how colourful the ground is: max - min of its B, G, R
    level: np.ndarray  # ground grey level
    dark: np.ndarray  # fraction of inner pixels darker than DARK_INK x level
    light: np.ndarray  # fraction of inner pixels lighter than the LIGHT_INK threshold
    marked: np.ndarray  # fraction of inner pixels off the ground's grey by MARK or more
    kinds: tuple[str, ...]  # 'tile', 'premium' or 'empty'


@dataclass(frozen=True)
class CrosswordInputs:
    """What the crossword solver takes: the board, the rack, the layout, and what is unsure."""

    board: tuple[str, ...]  # 15 lines of 15: '.' empty, A-Z, a-z for a played blank
    rack: str  # A-Z and '?' for a blank
    layout: tuple[str, ...]  # 15 lines of 15 tokens: . DL TL DW TW, * for the start square
    uncertain: tuple[str, ...]  # the squares read uncertainly, as 'row R col C' or 'rack tile N'


def read(frame: np.ndarray, reader: str = "auto") -> Reading:
    """Return the board and rack read from a BGR frame, or raise BadInput if there is no board
    (templates only: reader "auto" and "template" are the same here)."""
    clock = Clock()
    lattice = locate(frame)
    clock.mark("locate")
    board = measure(*board_cells(frame, lattice))
    if board.kinds.count("premium") < MIN_PREMIUMS:
        raise BadInput("no Wordfeud board found: a 15x15 grid, but without premium squares")
    boxes = lattice.boxes()
    cells = read_board(board, boxes)
    clock.mark("board")
    rack = read_rack(frame, find_rack(frame, lattice))
    clock.mark("rack")
    return Reading("wordfeud", SIZE, SIZE, cells, rack, lattice.region(), clock.laps)


def locate(frame: np.ndarray) -> Lattice:
    """Return the board's 15x15 lattice in the frame, or raise BadInput."""
    lattice = find_board(frame, SIZE, SIZE, least=2 * SIZE)
    if lattice is None or lattice.found < SIZE * SIZE // 3:
        raise BadInput("no Wordfeud board found: no 15x15 grid of squares in the image")
    if lattice.beyond > BEYOND * lattice.found:
        raise BadInput("no Wordfeud board found: the grid of squares is larger than 15x15")
    if min(lattice.span) < SIZE:  # where the rest would be is then a guess: refuse it
        raise BadInput("the Wordfeud board is not all in the image (zoomed in, cut off, or too "
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
    left = lattice.x - lattice.pitch_x / 2
    top = lattice.y - lattice.pitch_y / 2
    board = resample(frame, (left, top, SIZE * lattice.pitch_x, SIZE * lattice.pitch_y),
                     SIZE * CELL, SIZE * CELL)
    return split_cells(board, SIZE, SIZE)


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


def rack_cells(frame: np.ndarray, boxes: list[Box]) -> tuple[np.ndarray, np.ndarray]:
    """Return the rack tiles as (colour cells, shrunk; grey cells RACK_CELL x RACK_CELL)."""
    import numpy as np

    return split_cells(np.hstack([resample(frame, box, RACK_CELL, RACK_CELL) for box in boxes]),
                       1, len(boxes))


# -- what each square is ---------------------------------------------------------------------


def measure(colour: np.ndarray, grey: np.ndarray) -> Squares:
    """Return the ground colour, the ink and the kind of each square, from its two images."""
    import cv2
    import numpy as np

    n, side = grey.shape[:2]
    ground = np.median(colour[:, ring_mask(colour.shape[1])], axis=1).astype(np.uint8)
    hsv = cv2.cvtColor(ground.reshape(n, 1, 3), cv2.COLOR_BGR2HSV_FULL).reshape(n, 3).astype(float)
    level = np.median(grey[:, ring_mask(side)], axis=1).reshape(n, 1, 1)
    inner = grey[:, side // 10:side - side // 10, side // 10:side - side // 10]
    dark = (inner < DARK_INK * level).mean(axis=(1, 2))
    light = (inner > level + LIGHT_INK * (255 - level)).mean(axis=(1, 2))
    marked = (np.abs(inner.astype(np.int16) - level) >= MARK).mean(axis=(1, 2))
    level, chroma = level.ravel(), np.ptp(ground.astype(int), axis=1)
    tile = (level >= LIGHT_GROUND) & (dark >= INK)
    label = (chroma >= COLOURFUL) & (light >= INK)
    kinds = np.where(tile, "tile", np.where(label, "premium", "empty"))
    return Squares(grey, hsv[:, 0] * 360 / 256, chroma, level, dark, light, marked,
                   tuple(str(k) for k in kinds))


def ring_mask(side: int) -> np.ndarray:
    """Return the mask of the RING band inside the edge of a side x side square."""
    import numpy as np

    at = (np.arange(side) + 0.5) / side
    edge = np.minimum(at, 1 - at)
    depth = np.minimum(edge[:, None], edge[None, :])
    return (depth >= RING[0]) & (depth < RING[1])


def premium(hue: float) -> tuple[str, float]:
    """Return the premium whose hue is nearest a square's ground hue, and the confidence."""
    distance = {name: hue_gap(hue, at) for name, at in PREMIUM_HUES.items()}
    name = min(distance, key=lambda n: distance[n])
    return name, min(1.0, max(0.0, 2 - distance[name] / HUE_SLACK))


# -- reading tiles ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TileInk:
    """A tile's ink: its letter's mask, its value's digit masks (left to right), and how sure.

    `value_ink` is how dark the value corner's small marks are, as a fraction of the letter's
    contrast: near 0 the corner is bare (a blank tile), near 1 it holds digits.
    """

    letter: np.ndarray | None
    digits: list[np.ndarray]
    value_ink: float
    pieces: int  # A to Z are one piece of ink each; more is an accent (Ä, Ñ) or a smudge


def split_ink(grey: np.ndarray, level: float) -> TileInk:
    """Return the letter and value-digit masks of a tile's grey image, whose ground is level."""
    import numpy as np

    contrast = max(level - darkest(grey), MIN_CONTRAST)
    letter, pieces = letter_ink(grey < level - INK_DEPTH * contrast)
    ys = np.nonzero(letter.any(axis=1))[0]
    tall = len(ys) > 0 and ys[-1] - ys[0] >= TALL_LETTER * grey.shape[0]
    value_ink = float(np.percentile(value_marks(grey, letter), 99)) / contrast
    digits = value_digits(value_corner(grey, letter), level) if value_ink >= VALUE_INK[1] else []
    return TileInk(letter if tall else None, digits, value_ink, pieces)


def letter_ink(ink: np.ndarray) -> tuple[np.ndarray, int]:
    """Return the mask of a tile's letter (its blobs of ink clear of edges and value corner)."""
    import cv2
    import numpy as np

    h, w = ink.shape
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    pieces = [i for i in range(1, count)
              if stats[i][4] >= max(3, SPECK * w * h) and inside(stats[i][0], stats[i][2], w)
              and inside(stats[i][1], stats[i][3], h) and not in_value_corner(stats[i], w, h)]
    return np.isin(labels, pieces), len(pieces)


def darkest(grey: np.ndarray, margin: float = 0.1) -> float:
    """Return the grey level of the darkest percent of an image inside a margin (of its side)."""
    import numpy as np

    h, w = grey.shape
    inner = grey[round(margin * h):h - round(margin * h), round(margin * w):w - round(margin * w)]
    return float(np.partition(inner.ravel(), inner.size // 100)[inner.size // 100])


def in_value_corner(stat: np.ndarray, w: int, h: int) -> bool:
    """True if a blob of ink (left, top, width, height) is a small one in the value corner."""
    left, top, width, height = stat[:4]
    return (left + width / 2 > VALUE_LEFT * w and top + height < VALUE_BOTTOM * h
            and height < VALUE_HEIGHT * h)


def value_corner(grey: np.ndarray, letter: np.ndarray, paint: int = 255) -> np.ndarray:
    """Return the value corner of a tile's image, with the letter's ink painted over."""
    import cv2
    import numpy as np

    h, w = grey.shape
    top, bottom = round(VALUE_TOP * h), round(VALUE_BOTTOM * h)
    left, right = round(VALUE_LEFT * w), round(VALUE_RIGHT * w)
    near = cv2.dilate(letter.astype(np.uint8), np.ones((5, 5), np.uint8))
    corner = grey[top:bottom, left:right].copy()
    corner[near[top:bottom, left:right] > 0] = paint
    return corner


def value_marks(grey: np.ndarray, letter: np.ndarray) -> np.ndarray:
    """Return the value corner's small dark marks: how much darker than their surroundings.

    A black-hat transform (closing minus image) keeps strokes thinner than its brush, such as
    digits, and drops broad shading, such as the tile's bevel or a tint.
    """
    import cv2

    side = round(MARK_BRUSH * grey.shape[0]) | 1
    brush = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    return value_corner(cv2.morphologyEx(grey, cv2.MORPH_BLACKHAT, brush), letter, paint=0)


def value_digits(corner: np.ndarray, level: float) -> list[np.ndarray]:
    """Return the masks of the digits in a tile's value corner, left to right."""
    import cv2
    import numpy as np

    ink = (corner < level - INK_DEPTH * (level - corner.min())).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    order = sorted((stats[i][0], i) for i in range(1, count) if stats[i][4] >= SPECK * ink.size)
    return [cut(labels, stats[i]) == i for _, i in order]


def cut(image: np.ndarray, stat: np.ndarray) -> np.ndarray:
    """Return the part of an image inside a component's (left, top, width, height) box."""
    left, top, width, height = stat[:4]
    return image[top:top + height, left:left + width]


def inside(start: int, length: int, side: int) -> bool:
    """True if ink spanning start..start+length is centred on a side, clear of its ends.

    At the ends lie the tile's shadow, the board's gap or the rack's background.
    """
    middle = start + length / 2
    return start > 0 and start + length < side and EDGE * side < middle < (1 - EDGE) * side


def read_board(squares: Squares, boxes: list[Box]) -> list[Cell]:
    """Return the cells of the 225 board squares: tiles, premium squares and empty squares."""
    tiles = [i for i, kind in enumerate(squares.kinds) if kind == "tile"]
    cells = dict(zip(tiles, read_tiles(squares, [boxes[i] for i in tiles], tiles), strict=True))
    for i, (name, confidence) in read_premiums(squares).items():
        cells[i] = Cell(boxes[i], "", confidence, None, name)
    marked = [i for i, kind in enumerate(squares.kinds)
              if kind == "empty" and squares.marked[i] >= INK]
    for i in marked:  # the start square bears a mark; so should no other empty square
        cells[i] = Cell(boxes[i], "", 1.0 if len(marked) == 1 else UNSURE, None, "start")
    return [cells.get(i) or Cell(box, "", 1.0) for i, box in enumerate(boxes)]


def read_tiles(squares: Squares, boxes: list[Box], which: list[int] | None = None) -> list[Cell]:
    """Return the cells of these tiles (squares `which`, default all), matched all at once."""
    which = list(range(len(boxes))) if which is None else which
    inks = [split_ink(squares.grey[i], squares.level[i]) for i in which]
    with_letter = [ink.letter for ink in inks if ink.letter is not None]
    letters = iter(T.match(with_letter, T.load(SHEETS).only(LETTERS), SCORING))
    digits = iter(T.match([d for ink in inks for d in ink.digits],
                          T.load(SHEETS).only(DIGITS), SCORING))
    return [read_tile(squares.dark[i] > 0, box, ink,
                      next(letters) if ink.letter is not None else None,
                      [next(digits) for _ in ink.digits])
            for i, box, ink in zip(which, boxes, inks, strict=True)]


def read_tile(inked: bool, box: Box, ink: TileInk, letter: T.Match | None,
              value: list[T.Match]) -> Cell:
    """Return the cell of one tile from its letter's and value's matches ('?': a bare tile)."""
    bare = ink.value_ink < VALUE_INK[0]
    if letter is None:
        blank = bare and not inked
        return Cell(box, "?" if blank else "", 1.0 if blank else 0.0, None, "blank")
    sure_blank = 1.0 if bare or value else UNSURE
    read_value = value and min(d.confidence for d in value) >= UNCERTAIN
    number = int("".join(d.symbol for d in value)) if read_value else None
    confidence = min(letter.confidence, sure_blank) if ink.pieces == 1 else 0.0
    return Cell(box, letter.symbol, confidence, number, "blank" if bare else None)


# -- premium squares -------------------------------------------------------------------------


def read_premiums(squares: Squares) -> dict[int, tuple[str, float]]:
    """Return {square: (premium, confidence)}: what the labels of each colour group say.

    Squares of one colour are one premium; the labels of a few of them vote (so a misread
    label is outvoted, and a palette we have not seen is still read right); a group with no
    readable label is named by the hue nearest its colour, with less confidence.
    """
    found = {}
    groups = colour_groups(squares, [i for i, k in enumerate(squares.kinds) if k == "premium"])
    voters = [group[:LABEL_VOTES] for group in groups]
    labels = iter(read_labels(squares, [i for group in voters for i in group]))
    for group, voting in zip(groups, voters, strict=True):
        votes = Counter(label for label in (next(labels) for _ in voting) if label)
        if votes:
            name, count = votes.most_common(1)[0]
            confidence = count / sum(votes.values())
        else:
            name, confidence = premium(float(squares.hue[group[0]]))
            confidence *= HUE_ONLY
        found.update({i: (name, confidence) for i in group})
    return found


def colour_groups(squares: Squares, which: list[int]) -> list[list[int]]:
    """Return the squares grouped by colour (hue within SAME_HUE, grey within SAME_LEVEL)."""
    groups: list[list[int]] = []
    for i in which:
        group = next((g for g in groups if hue_gap(squares.hue[i], squares.hue[g[0]]) < SAME_HUE
                      and abs(squares.level[i] - squares.level[g[0]]) < SAME_LEVEL), None)
        if group is None:
            groups.append([i])
        else:
            group.append(i)
    return groups


def hue_gap(a: float, b: float) -> float:
    """Return the distance in degrees between two hues on the colour wheel."""
    return abs((a - b + 180) % 360 - 180)


def read_labels(squares: Squares, which: list[int]) -> list[str]:
    """Return the premium each square's label names ('' when it cannot be read)."""
    marks = [label_glyphs(squares.grey[i], squares.level[i]) for i in which]
    matches = iter(T.match([m for ms in marks for m in ms],
                           T.load(LABEL_SHEETS).only(LABEL_MEANS), SCORING))
    return [label_premium([next(matches) for _ in ms]) for ms in marks]


def label_glyphs(grey: np.ndarray, level: float) -> list[np.ndarray]:
    """Return the masks of a premium square's label characters (lighter than its ground)."""
    import cv2
    import numpy as np

    side = grey.shape[0]
    ink = (grey > level + LIGHT_INK * (255 - level)).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    keep = sorted((stats[i][0], i) for i in range(1, count)
                  if stats[i][3] >= LABEL_HEIGHT * side and inside(stats[i][0], stats[i][2], side)
                  and inside(stats[i][1], stats[i][3], side))
    return [cut(labels, stats[i]) == i for _, i in keep]


def label_premium(matches: list[T.Match]) -> str:
    """Return the premium a label's two characters name ('DL'...'TW'), or '' if unsure."""
    if len(matches) != 2 or any(m.confidence < UNCERTAIN for m in matches):
        return ""
    meaning = {LABEL_MEANS[m.symbol] for m in matches}
    times, what = meaning & {"D", "T"}, meaning & {"L", "W"}
    return times.pop() + what.pop() if len(times) == len(what) == 1 else ""


# -- the rack --------------------------------------------------------------------------------


def find_rack(frame: np.ndarray, lattice: Lattice) -> list[Box]:
    """Return the boxes of the rack tiles, left to right: the largest row of big light squares.

    The rack is looked for below the board first (where phones show it), then all around it.
    """
    _, y, _, h = lattice.region()
    below = (0, y + h, frame.shape[1], round(RACK_BELOW * lattice.pitch_y))
    for area in (below, (0, 0, frame.shape[1], frame.shape[0])):
        ax, ay, aw, ah = clip(area, frame.shape)
        small, factor = next(working_copies(frame[ay:ay + ah, ax:ax + aw], whole=True))
        steep = gradient(small)
        for threshold in RACK_THRESHOLDS:
            squares = flat_squares(small, threshold, steep) / factor + [ax, ay, 0, 0]
            tiles = rack_in(squares, lattice)
            if tiles:
                return tiles
    return []


def rack_in(squares: np.ndarray, lattice: Lattice) -> list[Box]:
    """Return the rack tiles among flat squares (x, y, w, h) of the frame: the largest row of
    squares of a rack tile's size, outside the board."""
    side = squares[:, 2:4].mean(axis=1)
    big = (side >= RACK_SIDES[0] * lattice.pitch_x) & (side <= RACK_SIDES[1] * lattice.pitch_x)
    bx, by, bw, bh = lattice.region()
    outside = ((squares[:, 0] >= bx + bw) | (squares[:, 0] + squares[:, 2] <= bx)
               | (squares[:, 1] >= by + bh) | (squares[:, 1] + squares[:, 3] <= by))
    rows = rack_rows(squares[big & outside])
    if not rows:
        return []
    best = max(rows, key=len)
    pad = RACK_PAD * best[:, 2:4].mean()
    return [(round(x - pad), round(y - pad), round(w + 2 * pad), round(h + 2 * pad))
            for x, y, w, h in best[best[:, 0].argsort()]]


def clip(box: Box, shape: tuple[int, ...]) -> Box:
    """Return the box cut to the bounds of an image of this shape (at least 1x1)."""
    x, y, w, h = box
    x0, y0 = min(max(x, 0), shape[1] - 1), min(max(y, 0), shape[0] - 1)
    return x0, y0, max(1, min(x + w, shape[1]) - x0), max(1, min(y + h, shape[0]) - y0)


def read_rack(frame: np.ndarray, boxes: list[Box]) -> list[Cell]:
    """Return the rack's cells, or none if the squares found are not a rack of tiles.

    Rack tiles have light, colourless grounds; at least one bears a letter, and at most two
    are bare (the blanks): a row of light squares without letters (avatars, buttons) is no rack.
    """
    if not boxes:
        return []
    squares = measure(*rack_cells(frame, boxes))
    cells = read_tiles(squares, boxes)
    tiles = all(squares.level >= LIGHT_GROUND) and all(squares.chroma < COLOURFUL)
    lettered = sum(c.text not in ("", "?") for c in cells)
    return cells if tiles and lettered and len(cells) - lettered <= MAX_BLANKS else []


def rack_rows(squares: np.ndarray) -> list[np.ndarray]:
    """Return the groups of equal squares in a row (at most RACK_SIZE), one array per group."""
    import numpy as np

    rows = []
    for _, y, w, h in squares:
        same = ((np.abs(squares[:, 1] - y) < 0.25 * h) & (np.abs(squares[:, 3] - h) < 0.15 * h)
                & (np.abs(squares[:, 2] - w) < 0.15 * w))
        if 1 <= same.sum() <= RACK_SIZE:
            rows.append(squares[same])
    return rows


# -- what the crossword solver takes ---------------------------------------------------------


def crossword_inputs(reading: Reading) -> CrosswordInputs:
    """Return the board lines, rack, layout lines and uncertain squares of a Wordfeud reading."""
    cells = reading.cells
    board = tuple("".join(board_char(cells[r * SIZE + c]) for c in range(SIZE))
                  for r in range(SIZE))
    layout = tuple(" ".join(layout_token(cells[r * SIZE + c]) for c in range(SIZE))
                   for r in range(SIZE))
    rack = "".join(cell.text or "?" for cell in reading.rack)
    unsure = [f"row {i // SIZE} col {i % SIZE}" for i, c in enumerate(cells) if c.uncertain]
    unsure += [f"rack tile {i + 1}" for i, c in enumerate(reading.rack) if c.uncertain]
    return CrosswordInputs(board, rack, layout, tuple(unsure))


def board_char(cell: Cell) -> str:
    """Return a square's board-file character: '.', a letter, or lowercase for a blank."""
    if not cell.text:
        return "."
    return cell.text.lower() if cell.state == "blank" else cell.text


def layout_token(cell: Cell) -> str:
    """Return a square's layout token: its premium, '*' for the start, else '.'."""
    if cell.text or cell.state is None:
        return "."
    return "*" if cell.state == "start" else cell.state


def looks_like(frame: np.ndarray) -> bool:
    """True when the frame shows a Wordfeud board read with nearly every square sure."""
    from . import claims

    return claims("wordfeud", frame)
