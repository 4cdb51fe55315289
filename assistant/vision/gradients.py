"""The Lab gradient (locate.gradient) of a frame like one seen before, worked out again only on
the rows that changed: a board that gains a move, a rack that changes, keep most of a window's
rows as they were (the crossword overlay reads every change; `solve IMAGE` reads one picture).

It is exactly locate.gradient's: a pixel's gradient depends on the rows two either side of it
(the 3x3 blur, then the 3x3 Sobel), so rows further than that from any changed row keep their
value, and a band of rows is worked out on a strip of the image reaching past it. The strip
starts and ends where colours.lab8 starts and ends its blocks of rows on the whole image, so
every floating-point step of the Lab conversion runs on the same rows as it would there.

  steep(image)   locate.gradient(image), from the last image of its shape where rows agree
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import numpy as np

from .colours import block_rows
from .locate import gradient

REACH = 2  # rows: how far a pixel's change reaches into the gradient (blur 1 + Sobel 1)
WHOLE = 0.7  # when this share of the rows is to be worked out again, the whole is (one call)
LIMIT = 4  # images remembered, the latest of each shape (a window, a rack's strip, ...)


class Recent:
    """The latest images of each shape (a copy) with their gradients, up to LIMIT (a lock
    keeps the list whole when threads read at once; each works on what it took)."""

    def __init__(self) -> None:
        self.seen: OrderedDict[tuple, tuple[np.ndarray, np.ndarray]] = OrderedDict()
        self.lock = threading.Lock()

    def steep(self, image: np.ndarray) -> np.ndarray:
        """Return locate.gradient(image), from the last image of its shape where rows agree."""
        key = (image.shape, image.dtype.str)
        with self.lock:
            last = self.seen.get(key)
        steep = gradient(image) if last is None else again(image, *last)
        steep.flags.writeable = False  # kept: no caller may change it
        kept = image.copy()
        with self.lock:
            self.seen[key] = (kept, steep)
            self.seen.move_to_end(key)
            while len(self.seen) > LIMIT:
                self.seen.popitem(last=False)
        return steep

    def forget(self) -> None:
        """Forget every image."""
        with self.lock:
            self.seen.clear()


def again(image: np.ndarray, before: np.ndarray, steep: np.ndarray) -> np.ndarray:
    """Return the gradient of an image given an image of its shape and that one's gradient:
    the rows near the changed ones worked out anew, the others kept."""
    height = image.shape[0]
    changed = (image != before).reshape(height, -1).any(axis=1)
    strips = bands(changed, block_rows(image.shape[1]))
    if not strips:
        return steep
    if sum(stop - start for start, stop, _, _ in strips) >= WHOLE * height:
        return gradient(image)
    steep = steep.copy()
    for start, stop, first, last in strips:
        steep[first:last] = gradient(image[start:stop])[first - start:last - start]
    return steep


def bands(changed: np.ndarray, block: int) -> list[tuple[int, int, int, int]]:
    """Return the strips of rows (start, stop) to work out again, each with the rows of it to
    keep (first, last): the runs of rows within REACH of a changed row, each strip reaching
    REACH rows further (so no kept row sees the strip's edge) and out to colours.lab8's block
    boundaries (whole-image blocks of `block` rows); strips that would overlap are joined."""
    height = len(changed)
    near = np.convolve(changed.astype(int), np.ones(2 * REACH + 1, int), mode="same") > 0
    edges = np.flatnonzero(np.diff(np.concatenate(([0], near.astype(int), [0]))))
    strips: list[tuple[int, int, int, int]] = []
    for first, last in zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True):
        start = max(0, first - REACH) // block * block
        stop = min(height, -(-(last + REACH) // block) * block)
        if strips and start <= strips[-1][1]:
            start, first = strips[-1][0], strips[-1][2]
            strips.pop()
        strips.append((start, stop, first, last))
    return strips


RECENT = Recent()


def steep(image: np.ndarray) -> np.ndarray:
    """Return locate.gradient(image), from the last image of its shape where rows agree."""
    return RECENT.steep(image)
