"""Bookworm Adventures: whether the Attack button is lit. The game lights it only while the
letters in the word bar spell a word it takes; otherwise it stays grey (inactive). Lit is told
apart from grey by how colourful the button's middle is, against the same button with no word
up (always grey): a rise of LIT_RISE or more is lit, under UNLIT_RISE grey, between unsure."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

LIT_RISE = 0.12  # mean saturation (0..1) the button gains when lit
UNLIT_RISE = 0.05  # under this it is as grey as with no word


def colourful(image: np.ndarray) -> float:
    """Return the mean saturation (0..1) of a BGR image (HSV's S)."""
    import cv2

    return float(cv2.cvtColor(image, cv2.COLOR_BGR2HSV)[..., 1].mean()) / 255


def lit(idle: np.ndarray, now: np.ndarray) -> bool | None:
    """Return whether the button (its middle now) is lit, against it with no word up (idle):
    True, False, or None when it is too close to tell."""
    rise = colourful(now) - colourful(idle)
    return True if rise >= LIT_RISE else False if rise < UNLIT_RISE else None
