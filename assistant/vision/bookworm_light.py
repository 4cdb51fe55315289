"""Bookworm Adventures: a screen dimmed behind a dialog (darker, tinted) has its levels
stretched back before its grid is looked for; an image too dark or too flat to read is named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bookworm_states import crop
from .locate import Lattice

if TYPE_CHECKING:
    import numpy as np

# Light: a screen dimmed behind a dialog
DIM = 0.9  # a grid whose brightest parts (its parchment) are darker than this (0..1) is dimmed
SPAN = (0.005, 0.995)  # the percentiles of each channel stretched to 0 and 255 when dimmed
MIN_RANGE = 16  # levels (of 255) of brightness an image must span to be read
DARK_IMAGE = 0.5  # an image whose brightest parts are darker than this (0..1) is called dark
FLAT = 4  # levels: an image spanning fewer is flat, and no grid is looked for in it levelled


def dim(frame: np.ndarray, lattice: Lattice) -> bool:
    """True when the grid's brightest parts (its parchment) are darker than DIM: a dimmed game."""
    import numpy as np

    area = crop(frame, lattice.region())
    return bool(area.size) and float(np.percentile(area.max(axis=2)[::2, ::2], 98)) < DIM * 255


def levelled(frame: np.ndarray) -> np.ndarray | None:
    """Return the frame with its levels stretched back: each channel less its black (a tint
    added by a dialog), all times one gain (keeping the colours) that brings the brightest
    channel to white; None when it is flat (fewer than FLAT levels)."""
    import cv2
    import numpy as np

    low, high = percentiles(frame)
    if levels(frame) < FLAT:
        return None
    ramp = np.arange(256, dtype=np.float32)[:, None]
    table = np.clip((ramp - low) * 255 / max(high - low), 0, 255).astype(np.uint8)
    gain = 255 / max(levels(frame), 1)
    smooth = cv2.GaussianBlur(frame, (5, 5), min(1.0, gain / 4)) if gain > 1.5 else frame
    return cv2.LUT(np.ascontiguousarray(smooth), table[:, None, :])


def levels(frame: np.ndarray) -> int:
    """Return how many levels of brightness the image spans (between its SPAN percentiles)."""
    low, high = percentiles(frame)
    return int(max(high - low))


def percentiles(frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return each channel's SPAN percentiles (of a sample of at most about 250 000 pixels)."""
    import numpy as np

    step = max(1, int(np.sqrt(frame.shape[0] * frame.shape[1] / 250_000)))
    sample = frame[::step, ::step].reshape(-1, 3)
    low, high = np.percentile(sample, [100 * SPAN[0], 100 * SPAN[1]], axis=0)
    return low, high
