"""Colours of tiles and their ink, in CIE Lab, whatever the game's palette.

A tile's face is the colour most of its pixels share; its ink (letters, numbers) is what differs
from the face by more than Otsu's threshold on the distance to it, so white letters on orange,
dark letters on cream and blue letters on a die are all found the same way.

API (shared by every game's reader):
  lab(image)               float32 Lab pixels (L 0-100, a and b about -128..127)
  building_lab()           a started thread building OpenCV's Lab tables (join it before Lab)
  face_colour(image)       the median Lab colour: the tile face when the face is most of it
  distance(image, colour)  each pixel's Lab distance to a colour
  ink_mask(image, face)    uint8 0/1 mask of the ink on a tile crop whose face is in the box
                           (all 0 when the middle of the face has no contrast)
  hue_name(colour)         a plain colour name for a Lab colour ("orange", "cream", "grey", ...)
"""

from __future__ import annotations

import math
import threading

import cv2
import numpy as np

MIN_CONTRAST = 25.0  # Lab units: ink must differ at least this much from the face to be ink
INK_SHARE = 0.4  # a pixel this far (or further) from the face colour towards the ink's is ink
OFF_LINE = 0.5  # ... unless it lies this far (of the face-ink distance) off the face-ink line

# plain names by hue angle in the Lab a-b plane (degrees, 0 = red-magenta axis), upper bounds
HUES = ((20, "pink"), (50, "red"), (75, "orange"), (100, "yellow"), (165, "green"),
        (235, "teal"), (290, "blue"), (330, "purple"), (360, "pink"))


def lab(image: np.ndarray) -> np.ndarray:
    """Return the image's pixels in Lab as float32 (L 0-100)."""
    return cv2.cvtColor(image.astype(np.float32) / 255, cv2.COLOR_BGR2LAB)


def building_lab() -> threading.Thread:
    """Return a started thread that builds OpenCV's Lab tables: its first Lab conversion costs
    ~120 ms (tables made in software floating point), which a thread can spend while the caller
    decodes an image and imports readers. Join it before any Lab conversion of your own."""
    tables = threading.Thread(target=lambda: lab(np.zeros((1, 1, 3), np.uint8)), daemon=True)
    tables.start()
    return tables


def face_colour(image: np.ndarray) -> np.ndarray:
    """Return the median Lab colour of an image (its face, when the face covers most of it)."""
    return np.median(lab(image).reshape(-1, 3), axis=0)


def distance(image: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Return each pixel's Lab distance to a colour (float32, same height and width)."""
    return length(lab(image) - colour.astype(np.float32))


def length(steps: np.ndarray) -> np.ndarray:
    """Return the length of each pixel's Lab step (np.linalg.norm over the last axis, faster)."""
    return np.sqrt(np.einsum("...k,...k->...", steps, steps))


def ink_mask(image: np.ndarray, face: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """Return a 0/1 mask of the ink on a tile crop: pixels at least INK_SHARE of the way from
    the face colour (the median inside the face box, default the whole crop) to the ink colour,
    and near the line between the two colours. Thin, anti-aliased strokes are kept whole; a
    background or shadow of another colour is not ink."""
    pixels = lab(image)
    h, w = pixels.shape[:2]
    x, y, fw, fh = face or (0, 0, w, h)
    colours = face_and_ink(pixels[max(0, y):y + fh, max(0, x):x + fw], pixels)
    if colours is None:
        return np.zeros((h, w), np.uint8)
    base, axis = colours
    share = (pixels - base) @ (axis / float(axis @ axis))
    aside = length(pixels - base - share[..., None] * axis)
    far = length(pixels - base)
    ink = (share > INK_SHARE) & (far > MIN_CONTRAST / 2) & (aside < OFF_LINE * np.sqrt(axis @ axis))
    return ink.astype(np.uint8)


def face_and_ink(face: np.ndarray, crop: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Return a tile face's colour (its median) and the step from it to its ink's colour (the
    median of what Otsu's threshold on the crop's distances to the face colour sets apart in
    the middle of the face), or None when the middle has nothing of MIN_CONTRAST."""
    base = np.median(face.reshape(-1, 3), axis=0)
    threshold, _ = cv2.threshold(np.clip(length(crop - base), 0, 255)
                                 .astype(np.uint8), 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    far = length(face - base)
    h, w = far.shape
    middle = (slice(h // 5, h - h // 5), slice(w // 5, w - w // 5))
    inky = far[middle] > max(threshold, MIN_CONTRAST)
    if not inky.any():
        return None
    return base, np.median(face[middle][inky], axis=0) - base


def hue_name(colour: np.ndarray) -> str:
    """Return a plain name for a Lab colour: grey shades by lightness, else by hue."""
    light, a, b = (float(v) for v in colour)
    if math.hypot(a, b) < 12:
        return "white" if light > 85 else "black" if light < 20 else "grey"
    if math.hypot(a, b) < 30 and light > 75 and b > 0:
        return "cream"
    angle = math.degrees(math.atan2(b, a)) % 360
    return next(name for bound, name in HUES if angle < bound)
