"""Colours of tiles and their ink, in CIE Lab, whatever the game's palette.

A tile's face is the colour most of its pixels share; its ink (letters, numbers) is what differs
from the face by more than Otsu's threshold on the distance to it, so white letters on orange,
dark letters on cream and blue letters on a die are all found the same way.

API (shared by every game's reader):
  lab(image)               float32 Lab pixels (L 0-100, a and b about -128..127)
  lab8(image)              the same as uint8 (L scaled to 0-255, a and b offset by 128)
  face_colour(image)       the median Lab colour: the tile face when the face is most of it
  distance(image, colour)  each pixel's Lab distance to a colour
  ink_mask(image, face)    uint8 0/1 mask of the ink on a tile crop whose face is in the box
                           (all 0 when the middle of the face has no contrast)
  hue_name(colour)         a plain colour name for a Lab colour ("orange", "cream", "grey", ...)
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

from .shapes import median

MIN_CONTRAST = 25.0  # Lab units: ink must differ at least this much from the face to be ink
INK_SHARE = 0.4  # a pixel this far (or further) from the face colour towards the ink's is ink
OFF_LINE = 0.5  # ... unless it lies this far (of the face-ink distance) off the face-ink line

# plain names by hue angle in the Lab a-b plane (degrees, 0 = red-magenta axis), upper bounds
HUES = ((20, "pink"), (50, "red"), (75, "orange"), (100, "yellow"), (165, "green"),
        (235, "teal"), (290, "blue"), (330, "purple"), (360, "pink"))


# sRGB (D65) to CIE Lab, as OpenCV defines it: its first own Lab conversion builds tables for
# ~120 ms, more than the reader's whole work, so these few table-free steps do it instead
SRGB_XYZ = np.array([[0.412453, 0.357580, 0.180423],
                     [0.212671, 0.715160, 0.072169],
                     [0.019334, 0.119193, 0.950227]])
WHITE = np.array([[0.950456], [1.0], [1.088754]])  # D65's X, Y, Z
BGR_XYZ = (SRGB_XYZ / WHITE)[:, ::-1].astype(np.float32)  # rows X/Xn, Y, Z/Zn of (B, G, R)
_LEVEL = np.arange(256) / 255
LINEAR = np.repeat(np.where(_LEVEL <= 0.04045, _LEVEL / 12.92,  # sRGB's gamma undone per level
                            ((_LEVEL + 0.055) / 1.055) ** 2.4), 3).reshape(256, 1, 3).astype(
                                np.float32)  # a table for cv2.LUT: one row, three channels
KNEE, SLOPE = 0.008856, 7.787  # f(t) = cbrt(t) above the knee, SLOPE * t + 16/116 below it
F_LAB = np.array([[0, 116, 0, -16], [500, -500, 0, 0], [0, 200, -200, 0]], float)  # f -> Lab
F_LAB[0, 3] -= 116 * SLOPE * KNEE  # f is cbrt(max(t, KNEE)) + SLOPE * min(t, KNEE)
LAB_8 = np.array([[2.55], [1], [1]]) * F_LAB  # OpenCV's 8-bit Lab: L * 255/100, a + 128, b + 128
LAB_8[1:, 3] += 128
F_LAB, LAB_8 = F_LAB.astype(np.float32), LAB_8.astype(np.float32)
BLOCK = 4096  # pixels converted at a time (Windows: 32768 took half as long again)


def lab(image: np.ndarray) -> np.ndarray:
    """Return a BGR uint8 image's pixels in Lab as float32 (L 0-100)."""
    return in_blocks(image, np.float32, lambda rows: rows_lab(rows, F_LAB))


def lab8(image: np.ndarray) -> np.ndarray:
    """Return a BGR uint8 image in Lab as uint8, as OpenCV's COLOR_BGR2LAB gives it."""
    return in_blocks(image, np.uint8, lambda rows: cv2.convertScaleAbs(rows_lab(rows, LAB_8)))


def in_blocks(image: np.ndarray, kind: type, convert: Callable[[np.ndarray], np.ndarray]
              ) -> np.ndarray:
    """Return an image converted a block of rows at a time (~BLOCK pixels: each step's
    buffers stay in the cache, twice as fast as whole-image steps on a large image)."""
    h, w = image.shape[:2]
    rows = block_rows(w)
    out: np.ndarray = np.empty((h, w, 3), kind)
    for y in range(0, h, rows):
        out[y:y + rows] = convert(image[y:y + rows])
    return out


def block_rows(width: int) -> int:
    """Return how many rows of an image this wide in_blocks converts at a time."""
    return max(1, BLOCK // max(width, 1))


def rows_lab(image: np.ndarray, to: np.ndarray) -> np.ndarray:
    """Return some rows of a BGR uint8 image in Lab, by the matrix `to` from (fX, fY, fZ)."""
    h, w = image.shape[:2]
    linear = cv2.LUT(image, LINEAR)
    t = cv2.transform(linear, BGR_XYZ).reshape(h, w * 3)
    low = cv2.threshold(t, KNEE, 0, cv2.THRESH_TRUNC)[1]  # min(t, KNEE)
    f = cv2.scaleAdd(low, SLOPE, cv2.pow(cv2.addWeighted(t, 1, low, -1, KNEE), 1 / 3))
    return cv2.transform(f.reshape(h, w, 3), to)


def face_colour(image: np.ndarray) -> np.ndarray:
    """Return the median Lab colour of an image (its face, when the face covers most of it)."""
    return median(lab(image).reshape(-1, 3), axis=0)


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
    box = (slice(max(0, y), y + fh), slice(max(0, x), x + fw))
    base = median(pixels[box].reshape(-1, 3), axis=0)
    steps = pixels - base
    far = length(steps)
    axis = ink_step(steps, far, box)
    if axis is None:
        return np.zeros((h, w), np.uint8)
    reach = float(axis @ axis)
    share = steps @ (axis / reach)
    aside = far * far - share * share * reach  # squared distance off the face-ink line
    ink = (share > INK_SHARE) & (far > MIN_CONTRAST / 2) & (aside < OFF_LINE ** 2 * reach)
    return ink.astype(np.uint8)


def ink_step(steps: np.ndarray, far: np.ndarray, box: tuple[slice, slice]) -> np.ndarray | None:
    """Return the step from a tile face's colour to its ink's: the median step of the pixels
    Otsu's threshold on the crop's distances to the face colour sets apart in the middle of
    the face (the box); None when the middle has nothing of MIN_CONTRAST. (steps and far: each
    pixel's step from the face colour, and its length.)"""
    threshold, _ = cv2.threshold(np.clip(far, 0, 255).astype(np.uint8), 0, 1,
                                 cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    face_steps, face_far = steps[box], far[box]
    h, w = face_far.shape
    middle = (slice(h // 5, h - h // 5), slice(w // 5, w - w // 5))
    inky = face_far[middle] > max(threshold, MIN_CONTRAST)
    if not inky.any():
        return None
    return median(face_steps[middle][inky], axis=0)


def hue_name(colour: np.ndarray) -> str:
    """Return a plain name for a Lab colour: grey shades by lightness, else by hue."""
    light, a, b = (float(v) for v in colour)
    if math.hypot(a, b) < 12:
        return "white" if light > 85 else "black" if light < 20 else "grey"
    if math.hypot(a, b) < 30 and light > 75 and b > 0:
        return "cream"
    angle = math.degrees(math.atan2(b, a)) % 360
    return next(name for bound, name in HUES if angle < bound)
