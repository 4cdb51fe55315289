"""Game profiles: everything one game needs, chosen by name.

Each profile module has:
  NEEDS_LEXICON                               whether solving needs a word list
  solve(game, options, lexicon) -> dict       solve a board given as text options (--board...)
  render(result) -> str                       the readable form of that JSON result
and, to solve from a screenshot (`assistant solve --game G IMAGE`, see assistant/screenshot.py):
  solve_reading(game, reading, options, lexicon) -> dict
      solve the board a vision reader read (vision.types.Reading); cells the reader was unsure
      of are in reading.uncertain(): the profile decides how to play without them (grid games
      block them) and says so in the result. The pipeline adds "read" and "timings_ms".
  best_play(result) -> tuple[list[int], str]
      the cells of the best play in order (indices into the reading's cells, then its rack)
      and a one-line caption, for --annotate; ([], caption) when there is nothing to play.
"""

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
