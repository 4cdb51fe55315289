"""Find a board of known shape (vision.locate's second way): a lattice is fitted to every
candidate square of the most common size (least squares on their lattice indices; the next
most common size when those are not spaced like tiles, such as the corners where rounded
squares meet), and the board is the rows x cols window of it holding the most. Its cells need
not all be seen (Wordfeud's squares under tiles, Bookworm's gem tiles, a grid the image cuts
off).

  windows(squares, rows, cols, least)  the rows x cols windows holding most candidate squares
  find_board(frame, rows, cols, least) the best window of flat squares in a frame, or None
  best_windows(...)                    the windows of a fitted lattice holding most cells
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from . import gradients
from .locate import (
    Lattice,
    flat_squares,
    line_fit,
    near,
    outside,
    pitch,
    working_copies,
)

ALIKE = 0.1  # windows: squares within 10% of the common size (each side) are the board's cells
ON_LATTICE = 0.2  # windows: a cell centre may sit this share of the pitch off its lattice point
WINDOW_PITCH = (0.95, 1.5)  # windows: the pitch, in face sizes
SIZES_TRIED = 3  # windows: the most common square sizes tried in turn for a tile's lattice
ENOUGH = 0.5  # find_board: a window with squares on this share of its cells needs no more search
BOARD_EDGES = (24, 40, 64, 16)  # find_board: fine first (a board's gaps may be faint); 16 last



def common_size(squares: np.ndarray) -> np.ndarray:
    """Return the (width, height) shared by the most squares (each side within ALIKE)."""
    w, h = squares[:, 2], squares[:, 3]
    alike = ((np.abs(w[:, None] - w) <= ALIKE * w[:, None])
             & (np.abs(h[:, None] - h) <= ALIKE * h[:, None]))
    return squares[alike[alike.sum(axis=1).argmax()], 2:4].mean(axis=0)


def of_size(squares: np.ndarray, size: np.ndarray) -> np.ndarray:
    """Return which squares are of this (width, height), each side within ALIKE."""
    return (np.abs(squares[:, 2:4] - size) <= ALIKE * size).all(axis=1)


def common_sizes(squares: np.ndarray, tries: int = SIZES_TRIED) -> Iterator[np.ndarray]:
    """Yield the size shared by the most squares, then the one shared by most of the rest, ...
    (the first may be a board's corners, where four rounded squares leave the ground showing)."""
    for _ in range(tries):
        if not len(squares):
            return
        size = common_size(squares)
        yield size
        squares = squares[~of_size(squares, size)]


def fit_axis(centres: np.ndarray, step: float) -> tuple[np.ndarray, np.ndarray, float, float]:
    """Return (lattice index of each centre, which are on it, origin, pitch), fitted robustly:
    the first origin is the circular mean of the centres' phases modulo the step; then a line
    is fitted to the indices of the centres on the lattice so far, twice."""
    phase = 2 * np.pi * centres / step  # the circular mean in sines and cosines: numpy's
    # complex exp calls the C library's cexp, which Wine 8's ucrtbase lacks (the reader died)
    origin = step * np.arctan2(np.sin(phase).mean(), np.cos(phase).mean()) / (2 * np.pi)
    for _ in range(3):
        index = np.round((centres - origin) / step)
        on = np.abs(centres - origin - index * step) < ON_LATTICE * step
        if not on.any():
            break
        origin, step = line_fit(index[on], centres[on], step)
    index = np.round((centres - origin) / step)
    return index.astype(int), np.abs(centres - origin - index * step) < ON_LATTICE * step, \
        origin, step


def best_windows(cols: np.ndarray, rows: np.ndarray, n_rows: int,
                 n_cols: int) -> list[tuple[int, int, int]]:
    """Return (first row, first col, count) of every n_rows x n_cols window holding the most
    indices. When the indices span fewer rows or columns than the window, the window still
    covers them (it then reaches past them: a board partly out of the image)."""
    counts = [(top, left, int(((rows >= top) & (rows < top + n_rows) & (cols >= left)
                               & (cols < left + n_cols)).sum()))
              for top in starts(rows, n_rows) for left in starts(cols, n_cols)]
    most = max(count for _, _, count in counts)
    return [window for window in counts if window[2] == most]


def starts(indices: np.ndarray, length: int) -> range:
    """Return the first indices of the windows of this length that cover the most indices."""
    low, high = int(indices.min()), int(indices.max()) - length + 1
    return range(min(low, high), max(low, high) + 1)


@dataclass(frozen=True)
class Fit:
    """A lattice fitted to squares: cell 0's centre, the pitch, the squares' common size, and
    the lattice indices (column, row) of the squares on it."""

    x: float
    y: float
    pitch_x: float
    pitch_y: float
    size: tuple[float, float]
    cols: np.ndarray
    rows: np.ndarray


def spacing(cx: np.ndarray, cy: np.ndarray, size: np.ndarray) -> tuple[float, float] | None:
    """Return the pitch along x and y of the centres of squares of one size (from the other
    axis when no two are side by side), or None when it is not a tile's (WINDOW_PITCH)."""
    px, py = pitch(cx, cy, size[0], size[1]), pitch(cy, cx, size[1], size[0])
    px, py = px or py * size[0] / size[1], py or px * size[1] / size[0]
    low, high = WINDOW_PITCH
    fits = low * size[0] < px < high * size[0] and low * size[1] < py < high * size[1]
    return (px, py) if fits else None


def fit_squares(squares: np.ndarray, least: int) -> Fit | None:
    """Return the lattice fitted to the squares of the most common size whose spacing is a
    tile's (common_sizes), or None when fewer than `least` squares sit on it."""
    return next(filter(None, (fit_size(squares, size, least)
                              for size in common_sizes(squares))), None)


def fit_size(squares: np.ndarray, size: np.ndarray, least: int) -> Fit | None:
    """Return the lattice fitted to the squares of this size (each axis alone, then both to
    the squares on both), or None when fewer than `least` squares sit on it."""
    cells = squares[of_size(squares, size)]
    cx, cy = cells[:, 0] + cells[:, 2] / 2, cells[:, 1] + cells[:, 3] / 2
    steps = spacing(cx, cy, size)
    if steps is None:
        return None
    (ix, on_x, _, px), (iy, on_y, _, py) = fit_axis(cx, steps[0]), fit_axis(cy, steps[1])
    on = on_x & on_y
    if on.sum() < least:
        return None
    (x0, px), (y0, py) = line_fit(ix[on], cx[on], px), line_fit(iy[on], cy[on], py)
    return Fit(x0, y0, px, py, (float(size[0]), float(size[1])), ix[on], iy[on])


def windows(squares: np.ndarray, rows: int, cols: int, least: int) -> list[Lattice]:
    """Return the rows x cols windows (all tied for most squares) of the lattice fitted to the
    squares (fit_squares), or none when fewer than `least` squares sit on it."""
    fit = fit_squares(squares, least) if len(squares) >= least else None
    if fit is None:
        return []
    span = (int(np.ptp(fit.rows)) + 1, int(np.ptp(fit.cols)) + 1)
    return [Lattice(rows, cols, fit.x + left * fit.pitch_x, fit.y + top * fit.pitch_y,
                    fit.pitch_x, fit.pitch_y, *fit.size, found,
                    near(fit.cols, fit.rows, top, left, rows, cols) - found, span)
            for top, left, found in best_windows(fit.cols, fit.rows, rows, cols)]


def find_board(frame: np.ndarray, rows: int, cols: int, least: int) -> Lattice | None:
    """Return the rows x cols window of flat squares in a BGR frame (in its pixels) holding the
    most, or None: the working sizes (whole factors: a board's gaps are thin) and edge
    thresholds are tried in turn until one has squares on ENOUGH of its cells, spread over
    all its rows and columns. Of windows holding as many, the one most inside the frame."""
    best: Lattice | None = None
    for image, scale in working_copies(frame, whole=True):
        steep = gradients.steep(image)
        for edge in BOARD_EDGES:
            found = windows(flat_squares(image, edge, steep), rows, cols, least)
            for window in sorted(found, key=lambda w: outside(w, image.shape))[:1]:
                if best is None or window.found > best.found:
                    best = window.scaled(1 / scale)
            if best and best.found >= ENOUGH * rows * cols and best.span >= (rows, cols):
                return best
    return best
