"""Change on the live screen, told cheaply from small grey pictures of the frames.

    signature, same       a whole frame's picture; same when the mean difference is under
                          STILL (is the screen still? wait_for_board)
    thumbnail, changed    a part's picture; changed when any pixel moves by over CHANGE (a
                          letter on one tile: the overlays' watch)
    drawn, cover          an overlay's own pixels masked and put back as they were, so its
                          drawing never counts as a change
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..core.gestures import Region

THUMB = (32, 24)  # a frame's signature: its grey shades at this size
STILL = 2.0  # mean grey difference (0..255) under which two signatures are the same picture
CHANGE = 8  # grey levels (0..255) a thumbnail pixel must move by to count as a change


def signature(frame: np.ndarray) -> np.ndarray:
    """Return a frame's signature: a thumbnail of its grey shades (cheap to compare)."""
    import cv2

    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    return cv2.resize(grey, THUMB, interpolation=cv2.INTER_AREA).astype(np.float32)


def same(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    """True when two signatures show the same picture."""
    return a is not None and b is not None and a.shape == b.shape and \
        float(np.abs(a - b).mean()) < STILL


# --- change in any part of the screen: small grey thumbnails compared, pixel by pixel ---------
# (signature and same above compare the mean over a whole frame; a change in one small part,
# a letter on one tile of the grid, moves that mean by under STILL but a thumbnail pixel by
# far more than CHANGE)


def thumbnail(frame: np.ndarray, cell: int) -> np.ndarray:
    """Return a small grey picture of a frame: each pixel the mean of a cell x cell square
    (the last, partial row and column of squares left out: an exact ratio is 7 times faster)."""
    import cv2

    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    rows, cols = max(1, grey.shape[0] // cell), max(1, grey.shape[1] // cell)
    return cv2.resize(grey[:rows * cell, :cols * cell], (cols, rows),
                      interpolation=cv2.INTER_AREA)


def changed(before: np.ndarray, after: np.ndarray) -> bool:
    """True when two thumbnails differ: in size, or somewhere by over CHANGE grey levels."""
    import cv2

    return before.shape != after.shape or int(cv2.absdiff(before, after).max()) > CHANGE


def drawn(shape: tuple[int, ...], pieces: Sequence[Region]) -> np.ndarray:
    """Return the mask (height x width, 1 where drawn, else 0) of these pieces on a frame of
    this shape (frame pixels; pieces may reach beyond it)."""
    mask = np.zeros(shape[:2], np.uint8)
    for piece in pieces:
        mask[max(piece.y, 0):max(piece.y + piece.h, 0),
             max(piece.x, 0):max(piece.x + piece.w, 0)] = 1
    return mask


def cover(frame: np.ndarray, clean: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Return the frame with its masked pixels (an overlay's drawing) put back as they are in
    `clean`, a frame of the same place without them; the frame is changed in place."""
    import cv2

    if clean.shape == frame.shape and mask.shape == frame.shape[:2]:
        cv2.copyTo(clean, mask, frame)
    return frame
