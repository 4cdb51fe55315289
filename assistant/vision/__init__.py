"""Vision: find a game's grid or board in an image and read its tiles (OpenCV, Tesseract).

Each game has a reader module here with `read(frame) -> Reading` (see types.py); READERS maps a
game name (as in --game, and as in real-screens labels.json) to it.
"""

from __future__ import annotations

import importlib
from types import ModuleType

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


def reader(game: str) -> ModuleType:
    """Return the reader module for a game (imported on first use)."""
    return importlib.import_module(f"{__name__}.{READERS[game]}")
