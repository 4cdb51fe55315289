"""Find a game's grid or board in any image: a lattice of equal square tiles, at any scale.

A tile's face is a flat patch: its colour changes little from pixel to pixel, while its border,
its letters and whatever surrounds it change sharply. So the image is cut along its edges (where
the Lab gradient is steep) into flat regions, and the near-square ones are candidate faces (a
reader that knows its tiles' colour may bring its own candidates). No coordinates, sizes or
colours are set by hand. Candidates become a lattice in one of two ways:
- groups: faces of one size a pitch apart, side by side or one above the other, join into a
  lattice of whatever shape they make, several per image (orange Wordament tiles on a desktop,
  cream tiles on wood on a phone, Word Hunt tiles; a board's shape tells its game);
- windows (lattice_windows.py): a lattice is fitted to every candidate of the most common size,
  and a board of known shape is the rows x cols window of it holding the most; its cells need
  not all be seen.

API (shared by every game's reader):
  Lattice                      rows x cols cells: centre of cell 0, pitch, face size, cells found
    .centre(i) .box(i) .cell(i) .boxes() .region()   (row-major cell index i = row*cols + col)
  flat_squares(image, edge)    the near-square flat regions of an image, as (x, y, w, h) rows
  lattices(frame)              every group lattice in a BGR frame, most cells first
  find_grid(frame, rows, cols) the best group lattice of that shape (cols None: any NxN), or None
  outside(lattice, shape)      how far (px) a lattice's cells reach out of an image
  working_copies(frame, whole=False)   the frame reduced to the sizes searched, smallest first
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, replace

import cv2
import numpy as np

from .colours import lab8
from .shapes import median
from .types import Box

WORK_SIDES = (1000, 2000)  # px: the longest side of the copy searched first, then if need be
EDGES = (40, 24, 64)  # Lab gradient (|dx|+|dy|, Sobel 3x3) below which a pixel counts as flat
SAME_SIZE = 0.15  # faces within 15% of each other's size belong to one lattice
OFF_AXIS = 0.2  # a neighbour's centre may stray this much of a face size off its row or column
PITCH = (0.9, 1.6)  # the distance between neighbouring centres, in face sizes
MIN_SIDE = 8  # px: smaller faces are noise at the working scale
MIN_FILL = 0.4  # a face region fills at least this much of its bounding box
SPREAD = 2  # px: how far the blur and Sobel kernels spread an edge into the flat face


@dataclass(frozen=True)
class Lattice:
    """Rows x cols cells a pitch apart: cell i is centred at (x, y) + (col, row) * pitch."""

    rows: int
    cols: int
    x: float  # centre of cell 0
    y: float
    pitch_x: float
    pitch_y: float
    width: float  # the size of a tile's flat face
    height: float
    found: int  # how many cells were seen as faces of their own
    beyond: int = 0  # windows: how many faces sat on the lattice just outside it
    span: tuple[int, int] = (0, 0)  # windows: how many rows and columns the faces spread over

    def centre(self, i: int) -> tuple[float, float]:
        """Return the centre of cell i."""
        return self.x + i % self.cols * self.pitch_x, self.y + i // self.cols * self.pitch_y

    def box(self, i: int) -> Box:
        """Return the tile face of cell i as (x, y, w, h)."""
        cx, cy = self.centre(i)
        return round(cx - self.width / 2), round(cy - self.height / 2), round(self.width), \
            round(self.height)

    def cell(self, i: int, share: float = 0.96) -> Box:
        """Return a box of this share of the pitch around cell i: the tile and a little more."""
        cx, cy = self.centre(i)
        w, h = share * self.pitch_x, share * self.pitch_y
        return round(cx - w / 2), round(cy - h / 2), round(w), round(h)

    def boxes(self) -> list[Box]:
        """Return every cell's face box, row-major."""
        return [self.box(i) for i in range(self.rows * self.cols)]

    def region(self) -> Box:
        """Return the box around every cell's face."""
        x, y, _, _ = self.box(0)
        last = self.box(self.rows * self.cols - 1)
        return x, y, last[0] + last[2] - x, last[1] + last[3] - y

    def scaled(self, k: float) -> Lattice:
        """Return this lattice in an image k times as large."""
        return replace(self, x=self.x * k, y=self.y * k, pitch_x=self.pitch_x * k,
                       pitch_y=self.pitch_y * k, width=self.width * k, height=self.height * k)


def gradient(image: np.ndarray) -> np.ndarray:
    """Return the steepest Lab channel gradient |dx| + |dy| at each pixel (uint8), after a
    slight blur that keeps pixel noise and JPEG grain from counting as edges."""
    lab = lab8(cv2.GaussianBlur(image, (3, 3), 0))
    both = cv2.add(cv2.convertScaleAbs(cv2.Sobel(lab, cv2.CV_16S, 1, 0, ksize=3)),
                   cv2.convertScaleAbs(cv2.Sobel(lab, cv2.CV_16S, 0, 1, ksize=3)))
    light, green_red, blue_yellow = cv2.split(both)
    return cv2.max(cv2.max(light, green_red), blue_yellow)


def flat_squares(image: np.ndarray, edge: int, steep: np.ndarray | None = None) -> np.ndarray:
    """Return the near-square flat regions of a BGR image as rows of (x, y, w, h)."""
    steep = gradient(image) if steep is None else steep
    flat = (steep < edge).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    w, h, area = stats[1:, 2], stats[1:, 3], stats[1:, 4]
    square = (w < 1.33 * h) & (h < 1.33 * w) & (w >= MIN_SIDE) & (area >= MIN_FILL * w * h)
    boxes = stats[1:][square][:, :4].astype(np.float64)
    return boxes + [-SPREAD, -SPREAD, 2 * SPREAD, 2 * SPREAD]  # give back what edges took


# --- groups -------------------------------------------------------------------------------------

def neighbours(faces: np.ndarray) -> list[list[tuple[int, int, int]]]:
    """Return, for each face, its same-size neighbours one pitch away: (j, d_col, d_row)."""
    centres = faces[:, :2] + faces[:, 2:] / 2
    sizes = np.sqrt(faces[:, 2] * faces[:, 3])
    links: list[list[tuple[int, int, int]]] = []
    for i, size in enumerate(sizes):
        d = centres - centres[i]
        alike = np.abs(sizes / size - 1) < SAME_SIZE
        near = [alike & (np.abs(d[:, 1 - a]) < OFF_AXIS * size)
                & (np.abs(d[:, a]) > PITCH[0] * size) & (np.abs(d[:, a]) < PITCH[1] * size)
                for a in (0, 1)]
        links.append([(int(j), int(np.sign(d[j, 0])), 0) for j in np.flatnonzero(near[0])]
                     + [(int(j), 0, int(np.sign(d[j, 1]))) for j in np.flatnonzero(near[1])])
    return links


def groups(faces: np.ndarray) -> Iterator[dict[tuple[int, int], int]]:
    """Yield each connected group of neighbouring faces as {(col, row): face index}."""
    links, seen = neighbours(faces), set()
    for start in range(len(faces)):
        if start in seen:
            continue
        place, cells, queue = {start: (0, 0)}, {(0, 0): start}, deque([start])
        seen.add(start)
        while queue:
            i = queue.popleft()
            for j, dc, dr in links[i]:
                spot = (place[i][0] + dc, place[i][1] + dr)
                if j not in seen and spot not in cells:
                    seen.add(j)
                    place[j], cells[spot] = spot, j
                    queue.append(j)
        yield cells


def fit(faces: np.ndarray, cells: dict[tuple[int, int], int]) -> Lattice:
    """Return the lattice that best fits a group of faces (least squares on their centres)."""
    c0, r0 = min(c for c, _ in cells), min(r for _, r in cells)
    spots = np.array([(c - c0, r - r0) for c, r in cells], np.float64)
    members = faces[list(cells.values())]
    centres = members[:, :2] + members[:, 2:] / 2
    width, height = float(median(members[:, 2])), float(median(members[:, 3]))
    x, pitch_x = line_fit(spots[:, 0], centres[:, 0], 1.1 * width)
    y, pitch_y = line_fit(spots[:, 1], centres[:, 1], pitch_x)
    if len(set(spots[:, 0])) == 1:
        pitch_x = pitch_y
    return Lattice(int(spots[:, 1].max()) + 1, int(spots[:, 0].max()) + 1, x, y, pitch_x,
                   pitch_y, float(width), float(height), len(cells))


def line_fit(index: np.ndarray, at: np.ndarray, pitch: float) -> tuple[float, float]:
    """Return (start, step) of at ~ start + index * step; the given pitch if index is constant."""
    if len(set(index)) < 2:
        return float(np.mean(at - index * pitch)), float(pitch)
    step, start = np.polyfit(index, at, 1)
    return float(start), float(step)


def pitch(along: np.ndarray, across: np.ndarray, size: float, side: float) -> float:
    """Return the median spacing of neighbouring centres along one axis (in one row or column:
    less than half the other side apart across it), or 0 if none are neighbours."""
    gap = along[None, :] - along[:, None]
    beside = (np.abs(across[None, :] - across[:, None]) < side / 2) & (gap > size / 2)
    nearest = np.where(beside, gap, np.inf).min(axis=1)
    nearest = nearest[nearest < 1.6 * size]
    return float(median(nearest)) if len(nearest) else 0.0


def near(ix: np.ndarray, iy: np.ndarray, top: int, left: int, rows: int, cols: int) -> int:
    """Return how many indices lie in the window or one cell around it."""
    return int(((ix >= left - 1) & (ix <= left + cols) & (iy >= top - 1)
                & (iy <= top + rows)).sum())


def outside(lattice: Lattice, shape: tuple[int, ...]) -> float:
    """Return how far (px) a lattice's cells reach out of an image of this shape, all sides."""
    x, y, w, h = lattice.region()
    return max(0, -x) + max(0, -y) + max(0, x + w - shape[1]) + max(0, y + h - shape[0])


# --- search -------------------------------------------------------------------------------------

def lattices_at(image: np.ndarray, edges: tuple[int, ...] = EDGES,
                min_cells: int = 4) -> Iterator[Lattice]:
    """Yield the lattices of at least min_cells faces found in an image, edge threshold by one."""
    steep = gradient(image)
    for edge in edges:
        faces = flat_squares(image, edge, steep)
        for cells in groups(faces):
            if len(cells) >= min_cells:
                yield fit(faces, cells)


def working_copies(frame: np.ndarray, whole: bool = False) -> Iterator[tuple[np.ndarray, float]]:
    """Yield (copy, scale) of the frame reduced to each working size, smallest first; whole:
    to about each size, by the nearest whole factor (faster, and thin gaps stay sharp)."""
    longest = max(frame.shape[:2])
    for side in WORK_SIDES:
        scale = 1 / max(1, round(longest / side)) if whole else min(1.0, side / longest)
        yield (frame if scale == 1 else reduced(frame, scale)), scale
        if scale == 1:
            return


def reduced(frame: np.ndarray, scale: float) -> np.ndarray:
    """Return the frame scaled down by area averaging: by the largest whole factor first (on
    OpenCV's fast path, and exact: the frame loses at most factor - 1 pixels at its right and
    bottom), then by what is left, if anything."""
    factor = int(1 / scale + 1e-9)
    if factor > 1:
        height, width = frame.shape[0] // factor, frame.shape[1] // factor
        frame = cv2.resize(frame[:height * factor, :width * factor], (width, height),
                           interpolation=cv2.INTER_AREA)
        scale *= factor
    if abs(scale - 1) < 1e-9:
        return frame
    return cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)


def lattices(frame: np.ndarray, min_cells: int = 4) -> list[Lattice]:
    """Return every distinct lattice in a BGR frame (in its pixels), most cells first."""
    found: list[Lattice] = []
    for image, scale in working_copies(frame):
        found += [lattice.scaled(1 / scale) for lattice in lattices_at(image, min_cells=min_cells)]
    return distinct(sorted(found, key=lambda t: (-t.found, -t.width)))


def distinct(found: list[Lattice]) -> list[Lattice]:
    """Return the lattices that do not overlap an earlier one in the list."""
    kept: list[Lattice] = []
    for lattice in found:
        if all(overlap(lattice.region(), k.region()) < 0.5 for k in kept):
            kept.append(lattice)
    return kept


def overlap(a: Box, b: Box) -> float:
    """Return the area shared by two boxes over the smaller one's area."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0, w) * max(0, h) / max(1, min(a[2] * a[3], b[2] * b[3]))


def shaped(lattice: Lattice, rows: int, cols: int | None) -> bool:
    """True when the lattice is rows x cols (cols None: rows x rows, any rows >= the given)."""
    if cols is None:
        return lattice.rows == lattice.cols >= rows
    return (lattice.rows, lattice.cols) == (rows, cols)


def find_grid(frame: np.ndarray, rows: int, cols: int | None = None,
              complete: float = 0.75) -> Lattice | None:
    """Return the best rows x cols lattice (cols None: any square one of rows or more), or None.

    At least `complete` of its cells must have been seen as faces; the search stops at the
    first working size and edge threshold that sees every cell.
    """
    best: Lattice | None = None
    for image, scale in working_copies(frame):
        for found in lattices_at(image, min_cells=round(complete * rows * (cols or rows))):
            lattice = found.scaled(1 / scale)
            if shaped(lattice, rows, cols) and rank(lattice)[0] >= complete and \
                    (best is None or rank(lattice) > rank(best)):
                best = lattice
                if rank(best)[0] == 1:
                    return best
    return best


def rank(lattice: Lattice) -> tuple[float, float]:
    """Return how good a lattice is: the share of its cells seen, then its size."""
    return lattice.found / (lattice.rows * lattice.cols), lattice.width
