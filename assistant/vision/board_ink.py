"""A crossword tile's ink (Wordfeud, Scrabble, Words With Friends): its letter and, in the
top-right corner, its point value (a tile with no value is a blank), split apart before they
are matched with the glyph templates (board.read_tiles). All fractions are of the tile's side,
of its pixels, or of its contrast (the 0..255 range between its ground and its darkest ink).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .shapes import percentile

if TYPE_CHECKING:
    import numpy as np

SPECK = 0.002  # ink blobs smaller than this fraction of the square are noise
INK_DEPTH = 0.5  # ink is darker than the ground by this fraction of the tile's contrast
MIN_CONTRAST = 80  # grey levels: a tile's contrast is taken as at least this
VALUE_LEFT, VALUE_RIGHT = 0.55, 0.95  # a tile's value digits lie between these (of its width)
VALUE_TOP, VALUE_BOTTOM = 0.07, 0.45  # and between these (of its height), inside its bevel
VALUE_HEIGHT = 0.35  # and are shorter than this (of its height)
VALUE_INK = (0.14, 0.18)  # value marks this dark (of the contrast): bare below, inked above
MARK_BRUSH = 0.11  # marks thinner than this (of the tile's side) count as value ink
DIGIT_HEIGHT = 0.6  # a value's digits are this tall at least, of the tallest (not a bevel's dot)
EDGE = 0.15  # ink centred this close to a tile's edge is its shadow or the board's gap
TALL_LETTER = 0.36  # a letter is at least this tall, as a fraction of its tile (a rack tile's
# box has a margin: small letters of the older look's rack are 0.4 of it)
WIDEST = 0.8  # and no wider or taller than this (a ring this large is a square's rim)
MARK_SIZE = 0.25  # a letter's mark above it (Ä's dots, Å's ring) is smaller than this
CAP_SLACK = 0.05  # a letter's ink beginning this far (of its tile) above the others' is cut




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
    top: int = -1  # the letter's top row (-1: none)


def split_ink(grey: np.ndarray, level: float, cap: int | None = None) -> TileInk:
    """Return the letter and value-digit masks of a tile's grey image, whose ground is level
    (and, given the cap line, with what sticks up above it in the value corner cut off)."""
    import numpy as np

    contrast = max(level - darkest(grey), MIN_CONTRAST)
    ink = grey < level - INK_DEPTH * contrast
    letter, pieces = letter_ink(ink if cap is None else clear_of_value(ink, cap))
    value_ink = percentile(value_marks(grey, letter, level), 99) / contrast
    digits = value_digits(value_corner(grey, letter), level) if value_ink >= VALUE_INK[1] else []
    rows = np.flatnonzero(letter.any(axis=1))
    top = int(rows[0]) if len(rows) else -1
    return TileInk(letter if tall(letter) else None, digits, value_ink, pieces, top)


def cap_line(inks: list[TileInk]) -> int | None:
    """Return the row where the tiles' capitals begin (the cap line), if there are letters: the
    upper quartile of where their ink begins, as the accented ones (Å Ä Ö) begin higher and
    may be half a rack."""
    import numpy as np

    tops = [ink.top for ink in inks if ink.letter is not None]
    return round(float(percentile(np.array(tops), 75))) if tops else None


def above_cap(ink: TileInk, cap: int | None, side: int) -> bool:
    """True when a tile's letter begins above the cap line (by more than CAP_SLACK)."""
    return cap is not None and ink.letter is not None and ink.top < cap - CAP_SLACK * side


def lettered(grey: np.ndarray, level: float) -> bool:
    """True when a square's grey image, whose ground is level, bears a letter's tall dark ink
    (a premium square's label is shorter)."""
    contrast = max(level - darkest(grey), MIN_CONTRAST)
    return tall(letter_ink(grey < level - INK_DEPTH * contrast)[0])


def tall(letter: np.ndarray) -> bool:
    """True when a letter's ink (a mask of its tile) is a letter's height (TALL_LETTER)."""
    import numpy as np

    ys = np.nonzero(letter.any(axis=1))[0]
    return len(ys) > 0 and ys[-1] - ys[0] >= TALL_LETTER * letter.shape[0]


def letter_ink(ink: np.ndarray) -> tuple[np.ndarray, int]:
    """Return the mask of a tile's letter (its blobs of ink clear of edges and value corner, and
    smaller than the square: not its rim)."""
    import cv2
    import numpy as np

    h, w = ink.shape
    count, labels, blobs, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8),
                                                               connectivity=8)
    stats = blobs.tolist()  # Python ints: looked at one by one, far faster than numpy's
    pieces = [i for i in range(1, count)
              if stats[i][4] >= max(3, SPECK * w * h) and inside(stats[i][0], stats[i][2], w)
              and inside(stats[i][1], stats[i][3], h) and not in_value_corner(stats[i], w, h)
              and max(stats[i][2] / w, stats[i][3] / h) < WIDEST]
    pieces += marks_above(stats, count, pieces, w, h)
    keep = np.zeros(count, bool)
    keep[pieces] = True
    return keep[labels], len(pieces)


def marks_above(stats: list[list[int]], count: int, pieces: list[int], w: int, h: int) -> list[int]:
    """Return the blobs that are a letter's marks (Ä's dots, Å's ring): small, clear of the
    tile's edge and value corner, above the letter's body and centred over it, though nearer
    the edge than EDGE allows a letter (a small tile's marks reach within a tenth of its side)."""
    if not pieces:
        return []
    left = min(stats[i][0] for i in pieces)
    right = max(stats[i][0] + stats[i][2] for i in pieces)
    top = min(stats[i][1] for i in pieces)
    return [i for i in range(1, count) if i not in pieces
            and stats[i][4] >= max(3, SPECK * w * h)
            and max(stats[i][2] / w, stats[i][3] / h) < MARK_SIZE
            and stats[i][1] > 0 and stats[i][1] + stats[i][3] <= top + 1
            and not in_value_corner(stats[i], w, h)
            and left < stats[i][0] + stats[i][2] / 2 < right]


def clear_of_value(ink: np.ndarray, cap: int) -> np.ndarray:
    """Return a tile's ink without what lies in its value corner above the cap line (where
    the board's letters begin): a value touching a wide letter (WWF's W and its 4)."""
    out = ink.copy()
    out[:max(0, cap - 1), round(VALUE_LEFT * ink.shape[1]):] = False
    return out


def darkest(grey: np.ndarray, margin: float = 0.1) -> float:
    """Return the grey level of the darkest percent of an image inside a margin (of its side)."""
    import numpy as np

    h, w = grey.shape
    inner = grey[round(margin * h):h - round(margin * h), round(margin * w):w - round(margin * w)]
    return float(np.partition(inner.ravel(), inner.size // 100)[inner.size // 100])


def in_value_corner(stat: list[int], w: int, h: int) -> bool:
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


def value_marks(grey: np.ndarray, letter: np.ndarray, level: float) -> np.ndarray:
    """Return the value corner's small dark marks: how much darker than their surroundings,
    and than the tile's ground (level).

    A black-hat transform (closing minus image) keeps strokes thinner than its brush, such as
    digits, and drops broad shading, such as the tile's bevel or a tint; the ground between
    the strokes of a faint light label (WWF shows a premium's under its tile) is no mark.
    """
    import cv2
    import numpy as np

    side = round(MARK_BRUSH * grey.shape[0]) | 1
    brush = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    below = np.clip(level - grey.astype(np.float32), 0, 255).astype(np.uint8)
    marks = cv2.min(cv2.morphologyEx(grey, cv2.MORPH_BLACKHAT, brush), below)
    return value_corner(marks, letter, paint=0)


def value_digits(corner: np.ndarray, level: float) -> list[np.ndarray]:
    """Return the masks of the digits in a tile's value corner, left to right."""
    import cv2
    import numpy as np

    ink = (corner < level - INK_DEPTH * (level - corner.min())).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    marks = [i for i in range(1, count) if stats[i][4] >= SPECK * ink.size]
    tallest = max((stats[i][3] for i in marks), default=0)
    order = sorted((stats[i][0], i) for i in marks if stats[i][3] >= DIGIT_HEIGHT * tallest)
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
