"""Find a regular lattice of square cells (a game board) in an image, with no hand-set coordinates.

Generic, not Wordfeud-specific: a board is many equal squares of flat colour set at a regular
pitch. The squares are the connected regions where the image is flat (low local gradient); the
most common square size and the nearest-neighbour spacing give the cell size and the pitch; a
least-squares fit of the centres to integer lattice indices gives the origin; the window of
rows x cols lattice positions holding the most squares is the board. All measures are relative to
the cell size, so the same code reads any resolution or scale.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

SAME_SIZE = 0.1  # squares within this fraction of the common size (both sides) are cells
ON_LATTICE = 0.2  # a cell centre may sit this fraction of the pitch off its lattice point
WORK_PIXELS = (600_000, 4_500_000)  # locate in a frame shrunk to this size first, then this
ENOUGH = 0.5  # a lattice with squares on this fraction of its cells needs no second try


@dataclass(frozen=True)
class Lattice:
    """Rows x cols cells: cell (r, c) is centred at (x0 + c * pitch_x, y0 + r * pitch_y)."""

    x0: float
    y0: float
    pitch_x: float
    pitch_y: float
    size: float  # side of one cell's square, in pixels
    rows: int
    cols: int
    found: int  # how many flat squares sat on the lattice inside the window
    beyond: int = 0  # how many sat on the lattice just outside it (a bigger grid has many)
    span: tuple[int, int] = (0, 0)  # how many rows and columns the squares on it spread over

    def centre(self, row: int, col: int) -> tuple[float, float]:
        """Return the (x, y) centre of a cell."""
        return self.x0 + col * self.pitch_x, self.y0 + row * self.pitch_y

    def box(self, row: int, col: int, inset: float = 0.0) -> tuple[int, int, int, int]:
        """Return the (x, y, w, h) box of a cell, shrunk by inset x size on every side."""
        x, y = self.centre(row, col)
        half = self.size * (0.5 - inset)
        return round(x - half), round(y - half), round(2 * half), round(2 * half)

    def region(self) -> tuple[int, int, int, int]:
        """Return the (x, y, w, h) box around the whole lattice."""
        x, y, _, _ = self.box(0, 0)
        right, bottom, w, h = self.box(self.rows - 1, self.cols - 1)
        return x, y, right + w - x, bottom + h - y

    def scaled(self, factor: float) -> Lattice:
        """Return this lattice in the coordinates of the frame scaled by 1 / factor."""
        return Lattice(self.x0 / factor, self.y0 / factor, self.pitch_x / factor,
                       self.pitch_y / factor, self.size / factor, self.rows, self.cols, self.found,
                       self.beyond, self.span)


def gradient(frame: np.ndarray) -> np.ndarray:
    """Return the largest 3x3 morphological gradient over a BGR frame's channels."""
    import cv2
    import numpy as np

    grad = cv2.morphologyEx(frame, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    return cv2.max(cv2.max(grad[:, :, 0], grad[:, :, 1]), grad[:, :, 2])


def flat_squares(grad: np.ndarray, threshold: int) -> np.ndarray:
    """Return (x, y, w, h) rows of the square-ish regions where the gradient is under threshold."""
    import cv2
    import numpy as np

    flat = (grad < threshold).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    w, h, area = stats[1:, 2], stats[1:, 3], stats[1:, 4]
    square = (w >= 6) & (h >= 6) & (4 * w < 5 * h) & (4 * h < 5 * w) & (area > 0.4 * w * h)
    return stats[1:][square, :4].astype(float)


def common_size(squares: np.ndarray) -> float:
    """Return the side shared by the most squares (each within SAME_SIZE of the others)."""
    import numpy as np

    side = squares[:, 2:4].mean(axis=1)
    alike = np.abs(side[:, None] - side[None, :]) <= SAME_SIZE * side[:, None]
    return float(side[alike[alike.sum(axis=1).argmax()]].mean())


def pitch(along: np.ndarray, across: np.ndarray, size: float) -> float:
    """Return the median spacing of neighbouring centres along one axis (same row or column)."""
    import numpy as np

    gap = along[None, :] - along[:, None]
    beside = (np.abs(across[None, :] - across[:, None]) < size / 2) & (gap > size / 2)
    nearest = np.where(beside, gap, np.inf).min(axis=1)
    nearest = nearest[nearest < 1.6 * size]
    return float(np.median(nearest)) if len(nearest) else 0.0


def fit_axis(centres: np.ndarray, step: float) -> tuple[np.ndarray, np.ndarray, float, float]:
    """Return (lattice index of each centre, which are on it, origin, pitch), fitted robustly.

    The first origin is the circular mean of the centres' phases modulo the step; a least-squares
    line through the rounded indices is fitted twice, the second time without the centres the
    first fit left too far off.
    """
    import numpy as np

    phase = np.angle(np.exp(2j * np.pi * centres / step).mean()) / (2 * np.pi)
    index = np.round(centres / step - phase)
    on = np.ones(len(centres), bool)
    for _ in range(2):
        if np.ptp(index[on]) > 0:
            step, origin = (float(v) for v in np.polyfit(index[on], centres[on], 1))
        index = np.round((centres - origin) / step)
        on = np.abs(centres - origin - index * step) < ON_LATTICE * step
    return index.astype(int), on, origin, step


def best_window(cols: np.ndarray, rows: np.ndarray, n_rows: int,
                n_cols: int) -> tuple[int, int, int]:
    """Return (first row, first col, count) of the n_rows x n_cols window holding most indices.

    When the indices span fewer rows or columns than the window, the window still covers them
    (it then reaches past them: a board partly out of the image).
    """
    best = (0, 0, -1)
    for top in starts(rows, n_rows):
        in_rows = (rows >= top) & (rows < top + n_rows)
        for left in starts(cols, n_cols):
            count = int((in_rows & (cols >= left) & (cols < left + n_cols)).sum())
            if count > best[2]:
                best = (top, left, count)
    return best


def starts(indices: np.ndarray, length: int) -> range:
    """Return the first indices of the windows of this length that cover the most indices."""
    low, high = int(indices.min()), int(indices.max()) - length + 1
    return range(min(low, high), max(low, high) + 1)


def fit_lattice(squares: np.ndarray, rows: int, cols: int) -> Lattice | None:
    """Return the rows x cols lattice best supported by the squares, or None if there is none."""
    import numpy as np

    if len(squares) < rows + cols:
        return None
    size = common_size(squares)
    cells = squares[(np.abs(squares[:, 2:4] - size) <= SAME_SIZE * size).all(axis=1)]
    cx, cy = cells[:, 0] + cells[:, 2] / 2, cells[:, 1] + cells[:, 3] / 2
    px, py = pitch(cx, cy, size), pitch(cy, cx, size)
    if not (size < px < 1.5 * size and size < py < 1.5 * size):
        return None
    ix, on_x, x0, px = fit_axis(cx, px)
    iy, on_y, y0, py = fit_axis(cy, py)
    on = on_x & on_y
    if on.sum() < rows + cols:
        return None
    top, left, found = best_window(ix[on], iy[on], rows, cols)
    near = ((ix[on] >= left - 1) & (ix[on] <= left + cols) & (iy[on] >= top - 1)
            & (iy[on] <= top + rows)).sum()
    span = (int(np.ptp(iy[on])) + 1, int(np.ptp(ix[on])) + 1)
    return Lattice(x0 + left * px, y0 + top * py, px, py, size + 2, rows, cols, found,
                   int(near) - found, span)


def shrunk(frame: np.ndarray, pixels: int) -> tuple[np.ndarray, float]:
    """Return the frame shrunk by a whole factor to about this many pixels, and the scale used.

    A whole factor keeps OpenCV's area averaging on its fast path and the gaps between cells
    sharp (the frame loses at most factor - 1 pixels at its right and bottom).
    """
    import cv2

    height, width = frame.shape[:2]
    factor = round((height * width / pixels) ** 0.5)
    if factor <= 1:
        return frame, 1.0
    height, width = height // factor, width // factor
    crop = frame[:height * factor, :width * factor]
    return cv2.resize(crop, (width, height), interpolation=cv2.INTER_AREA), 1 / factor


def find_lattice(frame: np.ndarray, rows: int, cols: int,
                 thresholds: tuple[int, ...] = (10, 20)) -> Lattice | None:
    """Return the best rows x cols lattice of flat squares in a BGR frame, in its pixels.

    It looks in a small copy of the frame first (fast, and enough for a board that fills a good
    part of it), then in a larger one; in each, at a few flatness thresholds, then the same on
    a median-filtered copy (for noisy images); it stops at the first lattice with squares on
    ENOUGH of its cells.
    """
    import cv2

    best: Lattice | None = None
    for pixels in WORK_PIXELS:
        small, factor = shrunk(frame, pixels)
        for denoise in (False, True):
            grad = gradient(cv2.medianBlur(small, 5) if denoise else small)
            for threshold in thresholds:
                fit = fit_lattice(flat_squares(grad, threshold), rows, cols)
                if fit and (best is None or fit.found > best.found):
                    best = fit.scaled(factor)
                if best and best.found >= ENOUGH * rows * cols:
                    return best
        if factor == 1.0:
            break
    return best
