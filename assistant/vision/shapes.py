"""Glyph shapes: the connected blots of ink on a tile, and the normal form they are compared in.

A glyph is cut out of an ink mask as a connected component; pieces of one character stacked
above each other (a broken stroke, a dot) are joined, but not a small mark just above a letter
(a value's digit). For matching, a glyph is scaled to a fixed
height keeping its shape (so an I stays a thin bar and is never stretched into a block), centred
in a fixed-size box, blurred a little (so stroke weight and a pixel of misalignment matter less)
and reduced to a unit vector with zero mean: two glyphs then match as the dot product.

API (shared by every game's reader):
  Glyph(x, y, w, h, mask)        one glyph, its box in the crop it was cut from
  cut(ink, min_area)             the glyphs of an ink mask, left to right, border-touching dropped
  parted(glyph)                  a glyph too wide for one digit cut in two at its faintest column
  fit(mask)                      a mask (0/1, or ink 0..1) scaled into the HEIGHT x WIDTH box
  vector(fitted)                 the matching form of a fitted glyph (unit length, zero mean)
  vectors(fitted)                the same of many, one per row
  box_views(mask)                another matching form: the ink's box stretched to a square, and
                                 centred in one at its aspect (BOX px, for letters of any width)
  holes(mask)                    how many holes its ink encloses (B 2, A 1, L 0)
  aspect(mask)                   the log of its ink's width over its height
  distance_to(ink)               each pixel's distance to the nearest ink pixel
  skeleton(ink)                  the ink thinned to lines one pixel wide (stroke weight removed)
  unlike(a, b)                   how far apart two shapes are, whatever their stroke weights
  rotations(mask)                the mask turned by 0, 90, 180 and 270 degrees
  resized(image, height)         an image scaled to a height, and the scale (reading at one size)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

HEIGHT, WIDTH = 32, 40  # px: the box every glyph and template is fitted into
BLUR = 1.2  # px: Gaussian sigma applied before matching


@dataclass(frozen=True)
class Glyph:
    """One character's ink: its box in the crop and its 0/1 mask (h x w)."""

    x: int
    y: int
    w: int
    h: int
    mask: np.ndarray

    @property
    def bottom(self) -> int:
        """Return the row just below the glyph."""
        return self.y + self.h

    @property
    def middle(self) -> float:
        """Return the glyph's vertical centre."""
        return self.y + self.h / 2


def cut(ink: np.ndarray, min_area: int) -> list[Glyph]:
    """Return the glyphs of an ink mask, left to right: no specks, none touching the border."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    height, width = ink.shape
    pieces = []
    for i in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[i])
        inside = x > 0 and y > 0 and x + w < width and y + h < height
        if inside and area >= min_area and h >= 3:
            pieces.append(Glyph(x, y, w, h, (labels[y:y + h, x:x + w] == i).astype(np.uint8)))
    return join_stacked(sorted(pieces, key=lambda g: g.x))


def join_stacked(pieces: list[Glyph]) -> list[Glyph]:
    """Return the glyphs with pieces of one character (sharing most columns, all but touching
    above one another: a stroke broken by thresholding) joined into one; not a small mark
    just above a letter (a value's digit)."""
    joined: list[Glyph] = []
    for piece in pieces:
        if joined and shared_columns(joined[-1], piece) > 0.6 and gap(joined[-1], piece) <= \
                max(2.0, 0.1 * max(joined[-1].h, piece.h)) and not atop(joined[-1], piece):
            joined[-1] = union(joined[-1], piece)
        else:
            joined.append(piece)
    return joined


def parted(glyph: Glyph, widest: float = 1.1) -> list[Glyph]:
    """Return a glyph wider than `widest` times its height (two digits run together, as the
    feet of "11") cut in two at its faintest column in the middle half; else the glyph alone."""
    if glyph.w <= widest * glyph.h:
        return [glyph]
    ink = glyph.mask.sum(axis=0)
    cut_at = glyph.w // 4 + int(np.argmin(ink[glyph.w // 4:glyph.w - glyph.w // 4]))
    halves = [trimmed(glyph.mask[:, :cut_at], glyph.x, glyph.y),
              trimmed(glyph.mask[:, cut_at + 1:], glyph.x + cut_at + 1, glyph.y)]
    return [g for g in halves if g is not None]


def trimmed(mask: np.ndarray, x: int, y: int) -> Glyph | None:
    """Return the glyph of a mask placed at (x, y), its box shrunk to its ink, or None."""
    ys, xs = np.nonzero(mask)
    if not len(ys):
        return None
    top, left = int(ys.min()), int(xs.min())
    h, w = int(ys.max()) + 1 - top, int(xs.max()) + 1 - left
    return Glyph(x + left, y + top, w, h, mask[top:top + h, left:left + w].copy())


def atop(a: Glyph, b: Glyph) -> bool:
    """True when the upper of two glyphs is under half the lower's width and height: a mark
    above a letter, not a piece of it (a T's bar is wider than its stem)."""
    upper, lower = (a, b) if a.y < b.y else (b, a)
    return upper.w < 0.5 * lower.w and upper.h < 0.5 * lower.h


def shared_columns(a: Glyph, b: Glyph) -> float:
    """Return the columns two glyphs share over the narrower one's width."""
    return max(0, min(a.x + a.w, b.x + b.w) - max(a.x, b.x)) / min(a.w, b.w)


def gap(a: Glyph, b: Glyph) -> int:
    """Return the rows between two glyphs, one above the other (0 when their rows overlap)."""
    return max(0, max(a.y, b.y) - min(a.bottom, b.bottom))


def union(a: Glyph, b: Glyph) -> Glyph:
    """Return one glyph holding the ink of both."""
    x, y = min(a.x, b.x), min(a.y, b.y)
    w, h = max(a.x + a.w, b.x + b.w) - x, max(a.bottom, b.bottom) - y
    mask = np.zeros((h, w), np.uint8)
    for g in (a, b):
        mask[g.y - y:g.bottom - y, g.x - x:g.x - x + g.w] |= g.mask
    return Glyph(x, y, w, h, mask)


def fit(mask: np.ndarray) -> np.ndarray:
    """Return the mask's ink (its pixels of 0.5 or more, and the fainter ones in their box)
    scaled to HEIGHT rows (at most WIDTH columns), centred to a fraction of a pixel (so a glyph
    and its template line up), 0..1; all 0 if it has no ink."""
    ys, xs = np.nonzero(mask >= 0.5)
    if not len(ys):
        return np.zeros((HEIGHT, WIDTH), np.float32)
    ink = mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32)
    h, w = ink.shape
    scale = min(HEIGHT / h, WIDTH / w)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    small = cv2.resize(ink, size, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    left, top = (WIDTH - size[0]) / 2, (HEIGHT - size[1]) / 2
    if left.is_integer() and top.is_integer():  # no interpolation needed
        box = np.zeros((HEIGHT, WIDTH), np.float32)
        box[int(top):int(top) + size[1], int(left):int(left) + size[0]] = small
        return box
    centred = np.array([[1, 0, left], [0, 1, top]], np.float32)
    return cv2.warpAffine(small, centred, (WIDTH, HEIGHT), flags=cv2.INTER_LINEAR)


def vector(fitted: np.ndarray) -> np.ndarray:
    """Return a fitted glyph blurred, with zero mean and unit length, as a flat vector."""
    return vectors([fitted])[0]


def vectors(fitted: Sequence[np.ndarray]) -> np.ndarray:
    """Return the vectors of many fitted glyphs, one per row (each blurred by BLUR, with zero
    mean and unit length)."""
    flat = np.stack([cv2.GaussianBlur(f.astype(np.float32), (0, 0), BLUR).ravel()
                     for f in fitted])
    flat -= flat.mean(axis=1, keepdims=True)
    return flat / np.maximum(np.linalg.norm(flat, axis=1, keepdims=True), 1e-6)


BOX, BOX_BLUR = 24, 1.0  # px: the side of box_views' squares, and their Gaussian sigma


def box_views(mask: np.ndarray) -> np.ndarray:
    """Return the ink's box (0.5 or more) stretched to a BOX square and centred in one at its
    own aspect, each blurred, less its mean, then both as one unit vector (0s if no ink)."""
    ys, xs = np.nonzero(mask >= 0.5)
    if not len(ys):
        return np.zeros(2 * BOX * BOX, np.float32)
    box = mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32)
    height, width = box.shape
    side = max(height, width)
    square = np.zeros((side, side), np.float32)
    top, left = (side - height) // 2, (side - width) // 2
    square[top:top + height, left:left + width] = box
    both = np.concatenate([view(box), view(square)])
    return both / max(float(np.linalg.norm(both)), 1e-6)


def view(image: np.ndarray) -> np.ndarray:
    """Return an image scaled to BOX x BOX, blurred, flattened, less its mean."""
    small = cv2.resize(image, (BOX, BOX), interpolation=cv2.INTER_AREA)
    flat = cv2.GaussianBlur(small, (0, 0), BOX_BLUR).ravel()
    return flat - flat.mean()


MIN_HOLE = 0.015  # a hole smaller than this share of its glyph's box (with a rim) is a speck


def holes(mask: np.ndarray) -> int:
    """Return how many holes the ink (0.5 or more) of a glyph's mask encloses."""
    ys, xs = np.nonzero(mask >= 0.5)
    if not len(ys):
        return 0
    inside = (mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1] < 0.5).astype(np.uint8)
    ground = cv2.copyMakeBorder(inside, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=1)
    count, _, stats, _ = cv2.connectedComponentsWithStats(ground, connectivity=4)
    return int((stats[2:count, 4] >= MIN_HOLE * ground.size).sum())  # 1 is the outside


def aspect(mask: np.ndarray) -> float:
    """Return the log of the width over the height of a glyph's ink (0.5 or more); 0 if none."""
    ys, xs = np.nonzero(mask >= 0.5)
    if not len(ys):
        return 0.0
    return float(np.log((xs.max() - xs.min() + 1) / (ys.max() - ys.min() + 1)))


def distance_to(ink: np.ndarray) -> np.ndarray:
    """Return each pixel's distance (px) to the nearest ink pixel of a 0/1 or bool image."""
    return cv2.distanceTransform((~ink.astype(bool)).astype(np.uint8), cv2.DIST_L2, 3)


def skeleton(ink: np.ndarray) -> np.ndarray:
    """Return the morphological skeleton of a 0/1 or bool image (bool). Erosion takes the
    image's border for ink, so ink filling the whole image never thins: it is its own
    skeleton (a solid blot, fitted, filled its box, and reading it never ended)."""
    shape = ink.astype(np.uint8)
    cross = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    bones = np.zeros(shape.shape, bool)
    while shape.any():
        thinner: np.ndarray = cv2.erode(shape, cross)
        if np.array_equal(thinner, shape):
            return bones | shape.astype(bool)
        bones |= shape > cv2.dilate(thinner, cross)
        shape = thinner
    return bones


@dataclass(frozen=True)
class Shape:
    """A fitted glyph's skeleton and each pixel's distance to its ink, for `unlike`."""

    bones: np.ndarray
    distances: np.ndarray

    @classmethod
    def of(cls, ink: np.ndarray) -> Shape:
        """Return the shape of a fitted glyph's ink (bool)."""
        return cls(skeleton(ink), distance_to(ink))


def unlike(a: Shape, b: Shape) -> float:
    """Return how far each shape's skeleton strays from the other's ink (the 98th percentile
    of the distances, px in the fitted box, the worse way round): about 0 for one letter in
    two weights, large when one has a stroke the other lacks (a Q's tail)."""
    if not a.bones.any() or not b.bones.any():
        return float(max(HEIGHT, WIDTH))
    return max(percentile(b.distances[a.bones], 98), percentile(a.distances[b.bones], 98))


def percentile(values: np.ndarray, q: float) -> float:
    """Return the q-th percentile of some values, as np.percentile's default (linear) gives
    it, by partitioning around the two order statistics it lies between (ten times faster)."""
    rank = (values.size - 1) * q / 100
    low = int(rank)
    high = min(low + 1, values.size - 1)
    part = np.partition(values.ravel(), (low, high))
    return float(part[low] + (part[high] - part[low]) * (rank - low))


def median(values: np.ndarray | Sequence, axis: int | None = None) -> np.ndarray:
    """Return the median along an axis (of all values when None), as np.median gives it: the
    mean of the middle one or two, found by partitioning (np.median's NaN check would import
    numpy.ma, ~20 ms on the first call of a process)."""
    values = np.asarray(values)
    if axis is None:
        values, axis = values.ravel(), 0
    n = values.shape[axis]
    middle = sorted({(n - 1) // 2, n // 2})
    return np.partition(values, middle, axis=axis).take(middle, axis=axis).mean(axis=axis)


def rotations(mask: np.ndarray) -> list[np.ndarray]:
    """Return the mask turned by 0, 90, 180 and 270 degrees anticlockwise."""
    return [np.rot90(mask, k) for k in range(4)]


def resized(image: np.ndarray, height: int) -> tuple[np.ndarray, float]:
    """Return the image scaled to this height (aspect kept) and the scale factor used."""
    scale = height / image.shape[0]
    if scale == 1:
        return image, scale
    method = cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC
    return cv2.resize(image, None, fx=scale, fy=scale, interpolation=method), scale
