"""Vision: find a game's grid or board in an image and read its tiles (OpenCV, Tesseract).

Each game has a reader module here (types.Reader): `READERS`, the --reader choices it honours
(ocr.READERS: template matching, Tesseract, or auto); `read(frame, reader="auto") -> Reading`
(see types.py), which raises BadInput when the image holds no such board; and
`looks_like(frame) -> bool`, so that an image given with the wrong --game can be named
(`identify`). Call any of them as read_board(game, frame, reader). READERS maps a game name
(as in --game, and as in real-screens labels.json) to its module.

Shared pieces, one of each for every reader: locate.py (the lattice of tiles: groups of faces,
or the window of a board of known shape), board.py and rack.py (the squares, tiles and rack of
a crossword board: wordfeud.py, scrabble.py, wwf.py; premiums.py reads Wordfeud's premium
labels), colours.py (face and ink), tiles.py (each tile's
glyphs and lines), shapes.py (cut glyphs, fit them, compare outlines), templates.py (the glyph
templates, committed as PNG sheets under templates/glyphs, and the one matcher), ocr.py (lines
read by template, or by Tesseract in one montage), annotate.py (draw). Reading needs no fonts
and no Pillow; `python -m assistant.vision.templates` draws the sheets again from the fonts.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, cast

from ..core.types import BadInput

if TYPE_CHECKING:
    import numpy as np

    from .types import Reader, Reading

READERS = {
    "wordament": "wordament",
    "boggle": "boggle",
    "boggle_physical": "boggle",
    "boggle_wordhunt": "boggle",
    "wordsearch": "boggle",
    "bookworm": "bookworm",
    "bookworm_adventures": "bookworm",
    "wordfeud": "wordfeud",
    "scrabble": "scrabble",
    "wwf": "wwf",
    "words_with_friends": "wwf",
}


# the games identify() names, most particular first: a Boggle grid is any grid of letters
IDENTIFY_ORDER = ("bookworm", "wwf", "wordfeud", "wordament", "boggle")


def reader(game: str) -> Reader:
    """Return the reader module for a game (imported on first use)."""
    return cast("Reader", importlib.import_module(f"{__name__}.{READERS[game]}"))


def read_board(game: str, frame: np.ndarray, ocr: str = "auto",
               language: str = "en") -> Reading:
    """Return the game's board read from a frame by the named OCR reader (ocr.READERS), in a
    language (Wordfeud and Scrabble: their modules take one); a choice the game's reader does
    not offer is BadInput, never silently ignored."""
    module = reader(game)
    if ocr not in module.READERS:
        raise BadInput(f"--reader {ocr}: the {game} reader offers {', '.join(module.READERS)}")
    if language == "en":
        return module.read(frame, ocr)
    if READERS[game] not in ("wordfeud", "scrabble"):
        raise BadInput(f"--language {language}: {game} is read in English only")
    return cast("LanguageReader", module).read(frame, ocr, language)


class LanguageReader(Protocol):
    """A reader that reads a game in several languages (wordfeud.py, scrabble.py)."""

    def read(self, frame: np.ndarray, reader: str, language: str) -> Reading:
        """Return the board read in a language."""
        ...


# boards told by their shape alone, when no reader claims the image
SHAPES = {(15, 15): "wordfeud"}


def identify(frame: np.ndarray, but: str = "",
             among: Sequence[str] = IDENTIFY_ORDER) -> str | None:
    """Return the game whose board the frame looks like (among these, not `but`), or None: a
    reader's looks_like says so; failing all readers, the shape of a lattice in the frame
    (SHAPES) may tell."""
    for game in among:
        if READERS[game] != READERS.get(but) and reader(game).looks_like(frame):
            return game
    from .locate import lattices

    shapes = {(t.rows, t.cols) for t in lattices(frame) if t.found >= 0.75 * t.rows * t.cols}
    return next((g for shape, g in SHAPES.items() if shape in shapes and g != but), None)


def claims(game: str, frame: np.ndarray) -> bool:
    """True when the game's reader reads the frame with nearly every cell sure (types.CLAIM):
    the looks_like of a reader with no cheaper test."""
    try:
        return reader(game).read(frame, "template").claimed()
    except BadInput:
        return False


if TYPE_CHECKING:  # every reader module keeps to the Reader protocol (checked by mypy)
    from . import boggle, bookworm, scrabble, wordament, wordfeud, wwf

    _readers: tuple[Reader, ...] = (wordament, boggle, bookworm, wordfeud, scrabble, wwf)
