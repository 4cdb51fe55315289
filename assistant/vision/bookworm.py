"""Read a Bookworm Adventures battle screen: find its 4x4 grid of tiles, read each letter and state.

Here the cells are read; the parts have modules of their own:
  bookworm_locate   the grid: groups of parchment squares on one lattice, judged by their cells
                    (an empty dark slot, a half-drawn tile); a grid too small to read refused
  bookworm_light    a screen dimmed behind a dialog, levelled first; one too dark refused
  bookworm_letters  a tile's ink matched with the templates of bold serif fonts
  bookworm_states   the colours of a tile's face and its marks: its state, the rainbow wildcard
Close calls between letters are shown, all together, to Tesseract in one call (vision.ocr),
and become sure only if it reads the same letter.

Below vision.types.UNCERTAIN a cell is uncertain: the best guess is in its text, never passed
off as sure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .bookworm_letters import SYMBOLS, WILDCARD, counter_mask, letter_view, match_letter, tile_ink
from .bookworm_locate import HALF, SIZE, edge_run, find, slot_of
from .bookworm_states import (
    FLAME,
    STATE_COLOURS,
    colour_mask,
    crop,
    face_of,
    square,
    tile_state,
    within,
)
from .timing import Clock
from .types import UNCERTAIN, Box, Cell, Reading

if TYPE_CHECKING:
    import numpy as np

GAME = "bookworm_adventures"
FACE_LINE = 0.1  # a row or column of a face with less of its state's colour than this is bare
FACES = {"locked": "normal", "fire": "normal"}  # states whose face is parchment
CLOSE_CALL = 0.15  # template confidence from which Tesseract is asked for a second opinion
AGREED = 0.75  # confidence of a close call that Tesseract confirms
READERS = ("auto", "template")  # the --reader choices it honours (auto: Tesseract on close calls)
NOTES = {"empty": "empty", "half": "half drawn", "cut": "cut off by the image"}


def read(frame: np.ndarray, reader: str = "auto") -> Reading:
    """Return the grid read from a BGR frame (reader "template": no second opinion from
    Tesseract on close calls); BadInput if it shows no Bookworm grid, or one too small or too
    dark to read."""
    clock = Clock()
    frame, lattice = find(as_bgr(frame))
    clock.mark("locate")
    boxes = lattice.boxes()
    looks = [look_at(frame, box) for box in boxes]
    cells = [cell(box, look, letter) for box, look, letter
             in zip(boxes, looks, read_letters(looks, reader == "auto"), strict=True)]
    clock.mark("read")
    return Reading(GAME, SIZE, SIZE, cells, region=lattice.region(), timings_ms=clock.laps,
                   settling=any(look.slot in ("empty", "half") for look in looks))


class Look(NamedTuple):
    """What a cell shows: its slot ("tile", "empty", "half" drawn or "cut" off by the image),
    its state and the confidence in it, its letter's ink, the view Tesseract gets (the
    darkness of the face around the letter, or on a locked tile the ink with the chains taken
    away), and how surely its face is the rainbow wildcard's."""

    state: str
    sure: float
    ink: np.ndarray
    view: np.ndarray
    slot: str = "tile"
    rainbow: float = 0.0


def look_at(frame: np.ndarray, box: Box) -> Look:
    """Return what the cell in the box shows."""
    if not within(frame, box):
        return nothing("cut")
    tile = square(crop(frame, box))
    slot, sure = slot_of(tile)
    if slot == "empty":
        return nothing("empty", sure)
    look = tile_look(tile)
    if slot == "tile" and not look.rainbow and look.state and covered(tile, look.state) < 1 - HALF:
        slot = "half"  # its face's colour leaves a band from one edge: the frame hides the rest
    return look if slot == "tile" else look._replace(sure=0.0, slot=slot)


def covered(tile: np.ndarray, state: str) -> float:
    """Return the share of the face, from its edges inwards, whose rows and columns each show
    the colour of the state's face."""
    import cv2

    face = face_of(tile)
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)
    colour = colour_mask(hsv, STATE_COLOURS[FACES.get(state, state)][0]) > 0
    if state == "fire":
        colour |= colour_mask(hsv, FLAME) > 0
    return 1 - max(edge_run(colour.mean(axis=1) < FACE_LINE),
                   edge_run(colour.mean(axis=0) < FACE_LINE))


def nothing(slot: str, sure: float = 0.0) -> Look:
    """Return the look of a cell with no tile to read: cut off, or an empty slot."""
    import numpy as np

    blank = np.zeros((1, 1), np.float32)
    return Look("empty" if slot == "empty" else "", sure, blank, blank, slot)


def cell(box: Box, look: Look, letter: tuple[str, float]) -> Cell:
    """Return a cell from its look and its letter read: an empty slot says so; the rainbow
    face is the wildcard `?`."""
    text, sure = wildcard(*letter, look.rainbow) if look.rainbow else letter
    if look.slot == "empty":
        text, sure = "", 1.0
    return Cell(box, text, min(sure, look.sure), state=look.state or None,
                note=NOTES.get(look.slot, ""))


def wildcard(text: str, sure: float, rainbow: float) -> tuple[str, float]:
    """Return the text and confidence of a tile with a rainbow face: `?`, unless its letter is
    surely another (then uncertain)."""
    if text == WILDCARD:
        return WILDCARD, max(sure, rainbow)
    return WILDCARD, 0.0 if sure >= UNCERTAIN else rainbow


def tile_look(tile: np.ndarray) -> Look:
    """Return a tile's state, the confidence in it, its letter's ink and Tesseract's view."""
    counter = counter_mask(tile)
    state, sure, rainbow = tile_state(tile, counter)
    ink = tile_ink(tile, counter, state)
    return Look(state, sure, ink, ink if state == "locked" else letter_view(tile, ink),
                rainbow=rainbow)


def as_bgr(frame: np.ndarray) -> np.ndarray:
    """Return the frame as 3-channel BGR (a grey or BGRA frame is converted)."""
    import cv2

    if frame.ndim == 2:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    return frame[:, :, :3] if frame.shape[2] == 4 else frame


def read_letters(looks: list[Look], ask: bool = True) -> list[tuple[str, float]]:
    """Return (text, confidence) per tile; close calls go to Tesseract together, in one call
    (unless not asked to).

    A letter partly hidden (under chains) needs twice the usual lead to be sure. A close call
    becomes sure when Tesseract, shown the tile itself rather than the ink taken from it, reads
    the same letter; a guess (below CLOSE_CALL) stays a guess. Tesseract sees a hidden letter
    only as the ink left once the chains are taken away, so it may only confirm a hidden
    letter that the templates alone would have been sure of.
    """
    hidden = [look.state == "locked" for look in looks]
    matches = []
    for look, covered in zip(looks, hidden, strict=True):
        text, sure = match_letter(look.ink)
        matches.append((text, sure / 2 if covered else sure))
    close = [i for i, (text, sure) in enumerate(matches) if text.isalpha()
             and (UNCERTAIN / 2 if hidden[i] else CLOSE_CALL) <= sure < UNCERTAIN]
    if not close or not ask:
        return matches
    from . import ocr

    found = ocr.tesseract([ocr.ink_line(looks[i].view) for i in close], "".join(SYMBOLS))
    said = {i: "".join(w for _, w, _ in sorted(words))
            for i, words in zip(close, found or [[]] * len(close), strict=True)}
    return [(text, max(sure, AGREED) if said.get(i, "").upper() == text else sure)
            for i, (text, sure) in enumerate(matches)]


def looks_like(frame: np.ndarray) -> bool:
    """True when the frame shows a Bookworm grid read with nearly every tile sure."""
    from .games import claims

    return claims(GAME, frame)
