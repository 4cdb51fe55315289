"""Game profiles: everything one game needs, chosen by name.

Each profile module keeps to the Profile protocol (types.py; mypy checks every module below):
  solve(game, options, lexicon) -> Result        a board given as text options (--board...)
  solve_reading(game, reading, options, lexicon) a board a vision reader read (Reading); cells
                                                 read uncertainly are played around, "blocked"
  render(result) -> str                          the readable form of a result
  best_play(result) -> Play                      the best play's cells and a caption
  gestures(result, reading, origin)              its plays as mouse gestures on the screen
Results are TypedDicts (the JSON contract); the pipeline adds "read" and "timings_ms".
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, cast

from .types import AnyProfile

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


def profile(game: str) -> AnyProfile:
    """Return the profile module for a game (imported on first use)."""
    return cast("AnyProfile", importlib.import_module(f"{__name__}.{PROFILES[game]}"))


if TYPE_CHECKING:  # every profile module keeps to the Profile protocol (checked by mypy)
    from . import bookworm, crossword, grid
    from .bookworm import BookwormResult
    from .crossword import CrosswordResult
    from .grid import GridResult
    from .types import Profile

    _profiles: tuple[Profile[GridResult], Profile[BookwormResult], Profile[CrosswordResult]] = (
        grid, bookworm, crossword)
