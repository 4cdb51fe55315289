"""Vision: find a game's grid or board in an image and read its tiles (OpenCV, Tesseract).

Each game has a reader module here with `read(frame) -> Reading` (see types.py) that raises
BadInput when the image holds no such board; a reader that offers a choice of OCR takes
`read(frame, reader="auto")` (one of ocr.READERS); call any of them as
read_board(game, frame, ocr). READERS maps a game name (as in --game, and as in real-screens
labels.json) to its module. A reader module may also have `looks_like(frame) -> bool`, so that
an image given with the wrong --game can be named (`identify`).

Shared pieces, one of each for every reader: locate.py (the lattice of tiles: groups of faces,
or the window of a board of known shape), colours.py (face and ink), tiles.py (each tile's
glyphs and lines), shapes.py (cut glyphs, fit them, compare outlines), templates.py (the glyph
templates, committed as PNG sheets under templates/glyphs, and the one matcher), ocr.py (lines
read by template, or by Tesseract in one montage), annotate.py (draw). Reading needs no fonts
and no Pillow; `python -m assistant.vision.templates` draws the sheets again from the fonts.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from .types import Reading

READERS = {
    "wordament": "wordament",
    "boggle": "boggle",
    "boggle_physical": "boggle",
    "boggle_wordhunt": "boggle",
    "wordsearch": "boggle",
    "bookworm": "bookworm",
    "bookworm_adventures": "bookworm",
    "wordfeud": "wordfeud",
    "scrabble": "wordfeud",
    "wwf": "wordfeud",
}


# the games identify() names, most particular first: a Boggle grid is any grid of letters
IDENTIFY_ORDER = ("bookworm", "wordfeud", "wordament", "boggle")


def reader(game: str) -> ModuleType:
    """Return the reader module for a game (imported on first use)."""
    return importlib.import_module(f"{__name__}.{READERS[game]}")


def read_board(game: str, frame: np.ndarray, ocr: str = "auto") -> Reading:
    """Return the game's board read from a frame, by the named OCR reader (ocr.READERS) where
    the game's reader offers the choice (some readers have one way of reading only)."""
    module = reader(game)
    if "reader" in inspect.signature(module.read).parameters:
        return module.read(frame, reader=ocr)
    return module.read(frame)


def available(game: str) -> bool:
    """True when the game's reader module exists (some land later than others)."""
    return game in READERS and importlib.util.find_spec(f"{__name__}.{READERS[game]}") is not None


# boards told by their shape alone, when no reader claims the image
SHAPES = {(15, 15): "wordfeud"}


def identify(frame: np.ndarray, but: str = "",
             among: Sequence[str] = IDENTIFY_ORDER) -> str | None:
    """Return the game whose board the frame looks like (among these, not `but`), or None: a
    reader's own looks_like says so, or else its reading has CLAIM of its cells sure; failing
    all readers, the shape of a lattice in the frame (SHAPES) may tell."""
    for game in among:
        if READERS[game] != READERS.get(but) and available(game) and looks_like(game, frame):
            return game
    from .locate import lattices

    shapes = {(t.rows, t.cols) for t in lattices(frame) if t.found >= 0.75 * t.rows * t.cols}
    return next((g for shape, g in SHAPES.items() if shape in shapes and g != but), None)


CLAIM = 0.9  # a reader without looks_like claims a frame when this share of its cells is sure


def looks_like(game: str, frame: np.ndarray) -> bool:
    """True when the game's reader takes the frame for its board."""
    own = getattr(reader(game), "looks_like", None)
    if own is not None:
        return bool(own(frame))
    from ..core.types import BadInput

    try:
        reading = read_board(game, frame, "template")
    except BadInput:
        return False
    return len(reading.uncertain()) <= (1 - CLAIM) * len(reading.cells + reading.rack)
