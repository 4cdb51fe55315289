"""Draw what was read over the screenshot: cell boxes, their text, doubts, and the best play.

Generic for every game: the cells come from a Reading (boxes, text, value, uncertain), the
play is a list of cell indices in order (a Wordament path, the tiles of a Bookworm word, the
squares of a crossword move) and a caption. Uncertain cells are drawn in a warning colour.

API:
  draw(frame, cells, path, caption)  a copy of the frame with all that drawn on it
  save(image, path)                  write it (PNG or JPEG by the name); BadInput if it cannot
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from ..core.types import BadInput
from .types import Cell

SURE = (80, 200, 60)  # BGR: a cell read with confidence
DOUBT = (0, 140, 255)  # BGR: an uncertain cell (orange)
PLAY = (255, 60, 200)  # BGR: the best play's path
INK = (255, 255, 255)
FONT = cv2.FONT_HERSHEY_SIMPLEX
# OpenCV's fonts hold ASCII only: the letters of other languages are drawn as a base letter
# and a mark above it (or through it)
MARKS = {"Å": ("A", "ring"), "Ä": ("A", "dots"), "Ö": ("O", "dots"), "Ü": ("U", "dots"),
         "Ñ": ("N", "tilde"), "Ø": ("O", "slash"), "Æ": ("AE", "")}


def draw(frame: np.ndarray, cells: Sequence[Cell], path: Sequence[int], caption: str) -> np.ndarray:
    """Return a copy of the frame with the cells, what they read, the path and a caption."""
    out = frame.copy()
    unit = max(1, round(min((c.box[3] for c in cells), default=80) / 80))
    for cell in cells:
        box_and_label(out, cell, unit)
    play(out, [centre(cells[i].box) for i in path if 0 <= i < len(cells)], unit)
    banner(out, caption, unit)
    return out


def centre(box: tuple[int, int, int, int]) -> tuple[int, int]:
    """Return the centre of a box."""
    x, y, w, h = box
    return x + w // 2, y + h // 2


def box_and_label(out: np.ndarray, cell: Cell, unit: int) -> None:
    """Draw a cell's box and, at its bottom right, what it read (and its value); an empty
    square read surely gets only its premium, if any."""
    x, y, w, h = cell.box
    if not cell.text and not cell.uncertain:  # a square read surely as empty: its premium only
        if cell.state:
            cv2.putText(out, cell.state, (x + 2 * unit, y + h - 4 * unit), FONT, h / 160, SURE,
                        unit, cv2.LINE_AA)
        return
    colour = DOUBT if cell.uncertain else SURE
    cv2.rectangle(out, (x, y), (x + w, y + h), colour, 2 * unit)
    label = (cell.text or "?") + (f" {cell.value}" if cell.value is not None else "")
    if cell.uncertain:
        label += " ?"
    scale = h / 110  # the label about a fifth of the tile's height
    (tw, th), base = text_size(label, scale, unit)
    left, top = x + w - tw - 4 * unit, y + h - th - base - 4 * unit
    cv2.rectangle(out, (left, top), (x + w, y + h), colour, -1)
    put_text(out, label, (left + 2 * unit, y + h - base - 2 * unit), scale, INK, unit)


def play(out: np.ndarray, points: list[tuple[int, int]], unit: int) -> None:
    """Draw a path through these points: lines, a dot at the start, numbers at each step."""
    for a, b in itertools.pairwise(points):
        cv2.arrowedLine(out, a, b, PLAY, 3 * unit, cv2.LINE_AA, tipLength=0.15)
    if points:
        cv2.circle(out, points[0], 8 * unit, PLAY, -1, cv2.LINE_AA)
    for k, (x, y) in enumerate(points, 1):
        cv2.putText(out, str(k), (x + 6 * unit, y - 6 * unit), FONT, 0.5 * unit, PLAY,
                    2 * unit, cv2.LINE_AA)


def banner(out: np.ndarray, caption: str, unit: int) -> None:
    """Write the caption on a dark band across the top of the image."""
    (width, _), _ = text_size(caption, 1.0, unit)
    scale = min(0.6 * unit, 0.95 * (out.shape[1] - 16 * unit) / max(1, width))
    (_, th), base = text_size(caption, scale, unit)
    band = th + base + 12 * unit
    out[:band] = (out[:band] * 0.3).astype(out.dtype)
    put_text(out, caption, (8 * unit, band - base - 6 * unit), scale, INK, unit)


def plain(char: str) -> tuple[str, str]:
    """Return the ASCII letters a character is drawn with, and the mark drawn on them."""
    base, mark = MARKS.get(char.upper(), (char, ""))
    return (base if char.isupper() or base == char else base.lower()), mark


def text_size(text: str, scale: float, thickness: int) -> tuple[tuple[int, int], int]:
    """Return ((width, height), baseline) of text as put_text draws it (marks included)."""
    (_, height), base = cv2.getTextSize("A", FONT, scale, thickness)
    widths = [cv2.getTextSize(plain(char)[0], FONT, scale, thickness)[0][0] for char in text]
    marked = any(plain(char)[1] for char in text)
    return (sum(widths), height + (height // 3 if marked else 0)), base


def put_text(out: np.ndarray, text: str, org: tuple[int, int], scale: float,
             colour: tuple[int, int, int], thickness: int) -> None:
    """Draw text like cv2.putText, a letter beyond ASCII as its base letter and its mark."""
    x, y = org
    for char in text:
        base, mark = plain(char)
        (w, h), _ = cv2.getTextSize(base, FONT, scale, thickness)
        cv2.putText(out, base, (x, y), FONT, scale, colour, thickness, cv2.LINE_AA)
        draw_mark(out, mark, (x, y - h, w, h), colour, thickness)
        x += w


def draw_mark(out: np.ndarray, mark: str, box: tuple[int, int, int, int],
              colour: tuple[int, int, int], thickness: int) -> None:
    """Draw a letter's mark (ring, dots, tilde, slash) for the letter drawn in this box."""
    x, top, w, h = box
    dot = max(1, h // 8)
    above = top - 2 * dot
    if mark == "ring":
        cv2.circle(out, (x + w // 2, above), dot + 1, colour, thickness, cv2.LINE_AA)
    elif mark == "dots":
        for at in (x + w // 3, x + 2 * w // 3):
            cv2.circle(out, (at, above), dot, colour, -1, cv2.LINE_AA)
    elif mark == "tilde":
        points = np.array([(x + w // 5, above + dot), (x + 2 * w // 5, above - dot),
                           (x + 3 * w // 5, above + dot), (x + 4 * w // 5, above - dot)])
        cv2.polylines(out, [points], False, colour, thickness, cv2.LINE_AA)
    elif mark == "slash":
        cv2.line(out, (x, top + h), (x + w, top), colour, thickness, cv2.LINE_AA)


def save(image: np.ndarray, path: str | Path) -> None:
    """Write an image file (its type by its suffix); BadInput naming the file if it cannot.
    OpenCV only encodes: the bytes are written here, so a name with any bytes in it (a
    non-UTF-8 name, held as surrogate escapes) is written as it was given."""
    path = Path(path)
    try:
        ok, data = cv2.imencode(path.suffix or ".png", image)
    except cv2.error:
        ok = False
    if not ok:
        raise BadInput(f"{path}: cannot write the annotated image as {path.suffix or 'this'} "
                       "(a .png or .jpg name?)")
    try:
        with open(os.fsencode(path), "wb") as out:
            out.write(data.tobytes())
    except OSError as err:
        raise BadInput(f"{path}: cannot write the annotated image here ({err.strerror})") from None
