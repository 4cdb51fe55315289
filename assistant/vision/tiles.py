"""The tiles of a located grid: each cell's crop, the glyphs on its face, and their lines.

Every tile is read at one size (READ_HEIGHT), whatever the screenshot's scale. The ink on a
tile's face (colours.ink_mask) is cut into glyphs (shapes.cut); ink outside the face (the gap,
a neighbour) is dropped, and so are thin lines along its rim. The glyphs then split into the
line of letters through the middle of the tile, the small glyphs in its top-left corner (a
Wordament value, above the letters or, in the phone app, tucked in beside their top; digits
run together are cut apart), and anything else, which is stray and makes a reader doubt the
tile. Specks in a rounded face's corners and thin lines hugging its sides are its edge.

API (shared by every game's reader):
  READ_HEIGHT                       px: the height every tile crop is scaled to
  Face(glyphs, scale, width, height, box) the glyphs on one tile face; scale = read px per
                                    image px; box: the face in the crop
  face(frame, lattice, i, turns=0)  cell i's Face, its crop turned by turns x 90 degrees
  split(face)                       (letters, corner, stray) glyph lists
  at_rim(glyph, face)               a stray glyph that is the face's edge, compression-damaged
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import colours
from . import shapes as G
from .locate import Lattice
from .types import Box

READ_HEIGHT = 160  # px: every tile is read at this size, whatever the screenshot's scale
RIM = 0.02  # of a face's size: the slack around a face, and the width of lines along its rim
RIM_PX = 4  # image pixels: a line along a rim may be this wide (a small tile's edge, JPEG'd)
CORNER_HEIGHT = 0.8  # corner glyphs (a value) are less tall than this share of the letters
SPECK = 4e-4  # of a crop's area: smaller ink is noise
CORNER = 0.08  # of a face's size: ink wholly this close to two of its sides is its rounded corner


@dataclass(frozen=True)
class Face:
    """The glyphs on one tile's face, in a crop scaled by `scale` to READ_HEIGHT rows."""

    glyphs: tuple[G.Glyph, ...]
    scale: float
    width: int
    height: int
    box: Box = (0, 0, 0, 0)  # the face in the crop (x, y, w, h)


def crop(frame: np.ndarray, lattice: Lattice, i: int) -> tuple[np.ndarray, Box]:
    """Return cell i's crop (a pitch square, clipped to the frame) and its face box in it."""
    x, y, w, h = lattice.cell(i)
    left, top = max(0, x), max(0, y)
    fx, fy, fw, fh = lattice.box(i)
    return frame[top:max(0, y + h), left:max(0, x + w)], (fx - left, fy - top, fw, fh)


def turned(image: np.ndarray, box: Box, turns: int) -> tuple[np.ndarray, Box]:
    """Return the image turned turns x 90 degrees anticlockwise, and the box turned with it."""
    if turns % 4 == 0:
        return image, box
    x, y, w, h = box
    marks = np.zeros(image.shape[:2], np.uint8)
    marks[max(0, y):y + h, max(0, x):x + w] = 1
    ys, xs = np.nonzero(np.rot90(marks, turns))
    return np.ascontiguousarray(np.rot90(image, turns)), (
        int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1))


def face(frame: np.ndarray, lattice: Lattice, i: int, turns: int = 0) -> Face:
    """Return the glyphs on cell i's face (its crop turned by turns x 90 degrees)."""
    return faces(frame, lattice, i, (turns,))[0]


def faces(frame: np.ndarray, lattice: Lattice, i: int, turns: tuple[int, ...]) -> list[Face]:
    """Return cell i's face turned each of these ways (x 90 degrees): its ink is found once,
    on the crop scaled to READ_HEIGHT rows, and turned."""
    cropped, (x, y, w, h) = crop(frame, lattice, i)
    image, scale = G.resized(cropped, READ_HEIGHT)
    box = (round(x * scale), round(y * scale), round(w * scale), round(h * scale))
    ink = colours.ink_mask(image, box)
    out = []
    for k in turns:
        mask, at = turned(ink, box, k)
        height, width = mask.shape[:2]
        found = G.cut(mask, round(SPECK * height * width))
        band = max(2 * RIM * max(at[2:]), RIM_PX / 2 * scale)
        if any(ringed(g, at, band) for g in found):
            found = G.cut(inside(mask, at, band), round(SPECK * height * width))
        out.append(Face(tuple(on_face(found, at, scale)), scale, width, height, at))
    return out


def ringed(glyph: G.Glyph, box: Box, band: float) -> bool:
    """True when a glyph spans most of the face (its edge, and maybe letters joined to it), or
    reaches from within a band along a side to the face's centre (a letter joined to specks
    of the edge: no letter comes so near the edge, no value so near the centre)."""
    x, y, w, h = box
    near = (glyph.x <= x + band or glyph.y <= y + band or glyph.x + glyph.w >= x + w - band
            or glyph.bottom >= y + h - band)
    central = glyph.x < x + w / 2 < glyph.x + glyph.w and glyph.y < y + h / 2 < glyph.bottom
    return glyph.w >= 0.9 * w or glyph.h >= 0.9 * h or (near and central)


def inside(mask: np.ndarray, box: Box, band: float) -> np.ndarray:
    """Return the mask with the ink in a band this wide along the face box's sides (and
    beyond them) taken out: on a small tile compressed hard, the face's edge is a ring of
    specks that a letter near it joins (read as the face's edge, the letter was lost)."""
    x, y, w, h = box
    cut = round(band)
    out = np.zeros_like(mask)
    top, left = max(0, y + cut), max(0, x + cut)
    out[top:y + h - cut, left:x + w - cut] = mask[top:y + h - cut, left:x + w - cut]
    return out


def on_face(found: list[G.Glyph], box: Box, scale: float = 1.0) -> list[G.Glyph]:
    """Return the glyphs on the tile's face: not the specks outside it (the gap, its rim), nor
    thin lines across its edge (compression ringing), nor a ring as large as the face; a
    value's digits may touch the edge, so thicker ink across it is kept. (scale: crop pixels
    per image pixel: a rim line is RIM_PX image pixels wide however small the tile.)"""
    x, y, w, h = box
    slack = RIM * max(w, h)
    within = [g for g in found if g.x >= x - slack and g.y >= y - slack
              and g.x + g.w <= x + w + slack and g.bottom <= y + h + slack]
    across = [g for g in found if g not in within and min(g.w, g.h) > 2 * slack
              and g.x < x + w and g.y < y + h and g.x + g.w > x and g.bottom > y]
    return sorted((g for g in within + across if g.w < 0.9 * w and g.h < 0.9 * h
                   and not in_corner(g, box) and not along_rim(g, box, slack, RIM_PX * scale)),
                  key=lambda g: g.x)


def along_rim(glyph: G.Glyph, box: Box, slack: float, line: float = 0.0) -> bool:
    """True when a glyph is a thin line hugging a side of the face box (its edge, shaded):
    within 2 x slack wide, or, running half the side or more, within `line` (px)."""
    x, y, w, h = box
    wide = max(2 * slack, line) if glyph.h >= h / 2 else 2 * slack
    tall = max(2 * slack, line) if glyph.w >= w / 2 else 2 * slack
    upright = glyph.w <= wide and (glyph.x <= x + slack or glyph.x + glyph.w >= x + w - slack)
    level = glyph.h <= tall and (glyph.y <= y + slack or glyph.bottom >= y + h - slack)
    return upright or level


def at_rim(glyph: G.Glyph, face: Face) -> bool:
    """True when a glyph's ink lies wholly within RIM_PX image pixels of the face's sides, away
    from the value's top-left corner: the face's edge, compression-damaged (on a small tile a
    JPEG block across the edge leaves specks along it), not a mark on the tile."""
    x, y, w, h = face.box
    band = RIM_PX * face.scale
    rows, cols = np.nonzero(glyph.mask)
    rows, cols = rows + glyph.y, cols + glyph.x
    inner = (cols > x + band) & (cols < x + w - band) & (rows > y + band) & (rows < y + h - band)
    return not inner.any() and (glyph.x >= x + w / 2 or glyph.y >= y + h / 2)


def in_corner(glyph: G.Glyph, box: Box) -> bool:
    """True when a glyph is a speck in a corner of the face box: the ground or shade showing
    past a rounded tile's corner, not a mark on the tile."""
    x, y, w, h = box
    zone = CORNER * max(w, h)
    near_side = glyph.x + glyph.w <= x + zone or glyph.x >= x + w - zone
    near_end = glyph.bottom <= y + zone or glyph.y >= y + h - zone
    return near_side and near_end


def split(tile: Face) -> tuple[list[G.Glyph], list[G.Glyph], list[G.Glyph]]:
    """Return a face's glyphs as (the line of letters through its middle, the value: small
    glyphs at its top left, above the letters or tucked in beside their top, the rest)."""
    central = [g for g in tile.glyphs if 0.25 * tile.height < g.middle < 0.8 * tile.height]
    if not central:
        return [], [], list(tile.glyphs)
    tallest = max(central, key=lambda g: g.h)
    line = [g for g in tile.glyphs if overlap(g, tallest.y, tallest.bottom) > 0.5]
    beside = tucked(tile.glyphs, line, tallest, tile.width)
    letters = [g for g in line if g not in beside]
    top = min(g.y for g in letters)
    corner = beside + [g for g in tile.glyphs if g not in line and g not in beside
                       and g.bottom <= top + 0.1 * tallest.h and g.h <= CORNER_HEIGHT * tallest.h
                       and g.x + g.w < 0.5 * tile.width]
    rest = [g for g in tile.glyphs if g not in letters and g not in corner]
    return letters, [part for g in corner for part in G.parted(g)], rest


def tucked(glyphs: tuple[G.Glyph, ...], line: list[G.Glyph], tallest: G.Glyph,
           width: int) -> list[G.Glyph]:
    """Return the glyphs that are a value tucked in beside the letters' top (the phone app's):
    small, sharing rows with the letters' upper part, left of every letter and of the middle."""
    start = min((g.x for g in line if g.h > CORNER_HEIGHT * tallest.h), default=0)
    return [g for g in glyphs if g.h <= CORNER_HEIGHT * tallest.h and g.bottom > tallest.y
            and g.y <= tallest.y + 0.15 * tallest.h and g.bottom <= tallest.y + 0.6 * tallest.h
            and g.x + g.w <= start and g.x + g.w < 0.5 * width]


def overlap(glyph: G.Glyph, top: int, bottom: int) -> float:
    """Return the share of a glyph's rows that lie between top and bottom."""
    return max(0, min(glyph.bottom, bottom) - max(glyph.y, top)) / glyph.h
