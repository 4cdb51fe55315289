"""Read a Scrabble screenshot: the Wordfeud reader under Scrabble's name (the apps look alike:
a 15x15 board of squares, labelled premium squares, light tiles with a value in the corner).

The premium squares read are only a check that this is a board: the solver plays on Scrabble's
standard layout (core.rules.SCRABBLE).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from . import wordfeud
from .types import Reading

if TYPE_CHECKING:
    import numpy as np

GAME = "scrabble"
READERS = wordfeud.READERS
IN_LANGUAGES = wordfeud.IN_LANGUAGES
LOOK = replace(wordfeud.LOOK, name="Scrabble")


def read(frame: np.ndarray, reader: str = "auto", language: str = "en") -> Reading:
    """Return the board and rack read from a BGR frame (in a language: its letters and values),
    or raise BadInput naming Scrabble."""
    return wordfeud.read_as(frame, GAME, wordfeud.look_in(LOOK, GAME, language))


def looks_like(frame: np.ndarray) -> bool:
    """True when the frame shows a board in Scrabble's (and Wordfeud's) look, read surely."""
    from .games import claims

    return claims(GAME, frame)
