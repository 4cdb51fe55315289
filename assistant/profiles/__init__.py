"""Game profiles: everything one game needs, chosen by name."""

from __future__ import annotations

import importlib
from types import ModuleType

# game name -> the profile module that plays it
PROFILES = {
    "wordament": "grid",
    "boggle": "grid",
    "wordsearch": "grid",
    "wordfeud": "crossword",
    "scrabble": "crossword",
    "wwf": "crossword",
    "bookworm": "bookworm",
}


def profile(game: str) -> ModuleType:
    """Return the profile module for a game (imported on first use)."""
    return importlib.import_module(f"{__name__}.{PROFILES[game]}")
