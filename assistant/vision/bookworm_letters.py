"""Bookworm Adventures: a tile's letter.

Letters: a tile's ink (its dark pixels, less any red counter or chains) is matched with the
committed templates of bold serif fonts like the game's (vision.templates, SHEETS; no file of
the game is used). Close calls are shown, all together, to Tesseract in one call (vision.ocr),
and become sure only if it reads the same letter. A letter that is small, cut by the tile's
edge or half hidden under chains needs a bigger lead to be sure.
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING

from . import templates as T
from .bookworm_states import DARK, RED, colour_mask, face_of

if TYPE_CHECKING:
    import numpy as np

OUTLINED = 0.2  # share of dark pixels around a red digit that makes it a counter
PAPER = frozenset({"normal", "fire"})  # states whose letter stands on plain parchment
WILDCARD = "?"
FAINT = 0.3  # the least ink (0 paper .. 1 darkest) a pixel of a letter's faint stroke holds

# Letters: the template symbols a tile may show, and the tile text each reads as; the sheets
# they are matched against (bold serifs like the game's Bookman, at two stroke weights), in the
# "box" form (a letter's box stretched to a square, and kept at its aspect)
SYMBOLS = {**{c: c for c in string.ascii_uppercase}, "Qu": "QU", WILDCARD: WILDCARD}
SHEETS = ("urw-bookman-demi", "urw-bookman-demi-heavy", "c059-bold", "c059-bold-heavy",
          "p052-bold", "p052-bold-heavy", "dejavu-serif-bold", "dejavu-serif-bold-heavy")
# a letter's score is its likeness less 0.2 per unit of |log(width/height)| difference; it is
# sure from a score of 0.7 (none at 0.5) and a lead of 0.1 over the next letter
SCORING = T.Scoring(poor=0.5, good=0.7, clear=0.1, aspect=0.2)
CLEAR_HEIGHT = 16  # pixels: a shorter letter has too few pixels to be fully sure of


def tile_ink(tile: np.ndarray, counter: np.ndarray, state: str) -> np.ndarray:
    """Return how much ink (0..1) each pixel of a tile's face holds, zero outside the letter.

    The letter's core is the dark blobs that reach the middle of the face (thin chains opened
    away first on a locked tile). On plain parchment, the fainter strokes joined to the core
    belong to the letter too (a thin stroke of a small letter is only partly dark); on a gem or
    stone, whose facets and cracks are faint ink too, only the core does. Each pixel keeps its
    partial ink.
    """
    import cv2
    import numpy as np

    face = face_of(tile)
    level = darkness(face) * ~face_of(counter)
    paper = np.percentile(face.max(axis=2), 90)
    ink = ((face.max(axis=2) < np.clip(0.45 * paper, 40, 120)) & (level > 0)).astype(np.uint8)
    if state == "locked":
        thin = max(2, round(0.06 * min(tile.shape[:2])))
        ink = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((thin, thin), np.uint8))
    core = middle_blobs(ink).astype(np.uint8)
    letter = cv2.dilate(core, np.ones((3, 3), np.uint8)) > 0
    if state in PAPER:
        letter |= faint_strokes(core, level)
    return np.where(letter, level, 0).astype(np.float32)


def darkness(face: np.ndarray) -> np.ndarray:
    """Return each pixel's darkness: 0 for the paper (the 90th percentile), 1 for the darkest."""
    import numpy as np

    brightness = face.max(axis=2).astype(np.float32)
    paper, dark = np.percentile(brightness, 90), np.percentile(brightness, 2)
    return np.clip((paper - brightness) / max(paper - dark, 1.0), 0, 1)


def faint_strokes(core: np.ndarray, level: np.ndarray) -> np.ndarray:
    """Return the mask of faint strokes joined to the letter's core but beyond its rim."""
    import cv2
    import numpy as np

    _, faint = cv2.connectedComponents((level >= FAINT).astype(np.uint8))
    joined = np.isin(faint, np.unique(faint[core > 0])) & (faint > 0)
    return joined & ~(cv2.dilate(core, np.ones((5, 5), np.uint8)) > 0)


def letter_view(tile: np.ndarray, ink: np.ndarray) -> np.ndarray:
    """Return the darkness (0..1) of the face around the letter: its box and a margin."""
    import numpy as np

    face = face_of(tile)
    level = darkness(face)
    ys, xs = np.nonzero(ink >= 0.5)
    if not len(ys):
        return level
    margin = round(0.1 * face.shape[0])
    top, left = max(0, ys.min() - margin), max(0, xs.min() - margin)
    return level[top:ys.max() + margin + 1, left:xs.max() + margin + 1]


def has_letter(tile: np.ndarray) -> bool:
    """True when the tile's face has a dark blob of a letter's height across its middle, with
    the face on both sides of it (a dark band from side to side is no letter)."""
    import numpy as np

    face = face_of(tile)
    brightness = face.max(axis=2)
    ink = (brightness < 0.45 * np.percentile(brightness, 90)).astype(np.uint8)
    letter = middle_blobs(ink)
    rows, cols = np.nonzero(letter.any(axis=1))[0], np.nonzero(letter.any(axis=0))[0]
    return bool(len(rows)) and 0.3 <= (rows[-1] - rows[0] + 1) / face.shape[0] <= 0.9 \
        and not (cols[0] == 0 and cols[-1] == face.shape[1] - 1)


def middle_blobs(ink: np.ndarray) -> np.ndarray:
    """Return the mask of the blobs of ink that are not specks and reach the middle of the face."""
    import cv2

    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink)
    height, width = ink.shape
    x, y, w, h, area = stats.T
    low, high = 0.25, 0.75  # the middle of the face, in which every letter has some ink
    letter = ((area >= 0.01 * width * height) & (x < high * width) & (x + w > low * width)
              & (y < high * height) & (y + h > low * height))
    letter[0] = False
    return letter[labels]


def counter_mask(tile: np.ndarray) -> np.ndarray:
    """Return the mask of a red turn counter (and its outline) in the tile's lower right: a red
    digit outlined in black (a red patch of a ruby's face has no outline)."""
    import cv2
    import numpy as np

    red = colour_mask(cv2.cvtColor(tile, cv2.COLOR_BGR2HSV), RED)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(red)
    height, width = red.shape
    x, y, w, h, area = stats.T
    digit = (x + w / 2 > 0.6 * width) & (y + h / 2 > 0.6 * height) & (area >= 4)
    digit &= (h >= 0.1 * height) & (h <= 0.4 * height) & (w <= 0.35 * width)
    digit[0] = False
    dark = tile.max(axis=2) < DARK * 255
    for k in np.flatnonzero(digit):
        blob = (labels == k).astype(np.uint8)
        rim = (cv2.dilate(blob, np.ones((3, 3), np.uint8)) > 0) & (blob == 0)
        digit[k] = dark[rim].mean() >= OUTLINED
    grow = max(3, round(0.06 * height)) | 1
    return cv2.dilate(digit[labels].astype(np.uint8), np.ones((grow, grow), np.uint8)) > 0


def match_letter(ink: np.ndarray) -> tuple[str, float]:
    """Return (best tile text, confidence) of a tile's ink by template matching."""
    import numpy as np

    if (ink >= 0.5).sum() < 8:
        return "", 0.0
    found = T.match([ink], T.load(SHEETS, "box").only(SYMBOLS), SCORING)[0]
    sure = SCORING.strength(found.score, found.rival_score)
    if clipped(ink):
        sure /= 2
    sure *= min(1.0, letter_height(ink) / CLEAR_HEIGHT)
    return SYMBOLS[found.symbol], float(np.clip(sure, 0, 1))


def letter_height(ink: np.ndarray) -> int:
    """Return the height in pixels of the letter's solid ink."""
    import numpy as np

    rows = np.nonzero((ink >= 0.5).any(axis=1))[0]
    return int(rows[-1] - rows[0] + 1) if len(rows) else 0


def clipped(ink: np.ndarray) -> bool:
    """True when the letter runs into the edge of the face (part of it may be cut off)."""
    solid = ink >= 0.5
    return bool(solid[0].any() or solid[-1].any() or solid[:, 0].any() or solid[:, -1].any())
