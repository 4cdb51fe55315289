"""Which game a frame shows, and each game's reader: the one home of what every reader asks of
the others (`identify`, `claims`, the `missing` message that names the game an image looks like).

  READERS                 game name -> its reader module's name
  IDENTIFY_ORDER          the games identify() names, most particular first
  reader(game)            the game's reader module (imported on first use)
  read_board(game, frame, ocr="auto", language="en")   the board the game's reader reads
  identify(frame, but="", among=IDENTIFY_ORDER)   the game whose board the frame looks like
  claims(game, frame)     True when the game's reader reads the frame nearly all surely
  missing(what, frame, game)   a no-board message, naming the game the frame looks like
  more_particular(frame, game) the more particular game whose reader takes the frame
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
    return cast("Reader", importlib.import_module(f"{__package__}.{READERS[game]}"))


def read_board(game: str, frame: np.ndarray, ocr: str = "auto",
               language: str = "en") -> Reading:
    """Return the game's board read from a frame by the named OCR reader (ocr.READERS), in a
    language (a reader that reads several says so with IN_LANGUAGES); a choice the game's
    reader does not offer is BadInput, never silently ignored."""
    module = reader(game)
    if ocr not in module.READERS:
        raise BadInput(f"--reader {ocr}: the {game} reader offers {', '.join(module.READERS)}")
    if language == "en":
        return module.read(frame, ocr)
    if not getattr(module, "IN_LANGUAGES", False):
        raise BadInput(f"--language {language}: {game} is read in English only")
    return cast("LanguageReader", module).read(frame, ocr, language)


class LanguageReader(Protocol):
    """A reader that reads a game in several languages (its module sets IN_LANGUAGES = True)."""

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


def missing(what: str, frame: np.ndarray, game: str) -> str:
    """Return a no-board message, naming the game the frame looks like if another reader can."""
    other = identify(frame, but=game)
    return what + (f"; it looks like {other} (try --game {other})" if other else "")


def more_particular(frame: np.ndarray, game: str) -> str | None:
    """Return the more particular game (earlier in IDENTIFY_ORDER) whose reader takes the frame
    for its board, or None."""
    return identify(frame, but=game, among=IDENTIFY_ORDER[:IDENTIFY_ORDER.index(game)])
