"""The classic word-search engine's API over the grid solver: load, check, set, find, score."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .core import grid as grids
from .core.lexicon import Lexicon
from .core.rules import wordsearch
from .core.types import Grid, LexiconNotLoaded
from .files import wordlist

DEFAULT_BOARD = "EECA/ALEP/HNBO/QTTY"


class WordSearch:
    """A word-search game: a square board of tiles, a lexicon, and a minimum word length."""

    def __init__(self, board: str | Sequence[Sequence[str] | str] = DEFAULT_BOARD) -> None:
        self.lexicon: Lexicon | None = None
        self.grid: Grid = self._parse(board)

    def load_lexicon(self, spec: str) -> None:
        """Load a word list by path or bundled name (compiled and cached on first use)."""
        self.lexicon = wordlist.load(spec)

    def _words(self) -> Lexicon:
        """Return the loaded lexicon, or raise LexiconNotLoaded."""
        if self.lexicon is None:
            raise LexiconNotLoaded("no lexicon loaded: call load_lexicon(path) first")
        return self.lexicon

    def is_valid_word(self, word: str) -> bool:
        """True when the word is in the lexicon."""
        return self._words().is_word(word)

    def is_valid_prefix(self, prefix: str) -> bool:
        """True when some word in the lexicon starts with this prefix."""
        return self._words().is_prefix(prefix)

    @staticmethod
    def _parse(board: str | Sequence[Sequence[str] | str]) -> Grid:
        """Return a grid from board text or from rows (each a string or a list of tiles)."""
        if not isinstance(board, str):
            board = "/".join(row if isinstance(row, str) else " ".join(row) for row in board)
        return grids.parse_grid(board, wordsearch())

    def set_board(self, board: str | Sequence[Sequence[str] | str]) -> None:
        """Use this board: text like 'EECA/ALEP/HNBO/QTTY', or a list of rows of tiles."""
        self.grid = self._parse(board)

    def all_valid_words(self, min_len: int = 3) -> list[str]:
        """Return every word of at least min_len letters on the board, sorted."""
        return sorted(w.word for w in grids.solve(self.grid, self._words(), wordsearch(min_len)))

    def locations_for_word(self, word: str) -> list[int]:
        """Return the row-major tile indices that spell the word, or [] if it is not there."""
        return list(grids.find_path(self.grid, word.upper(), wordsearch(1)))

    def score_for_words(self, words: Iterable[str], min_len: int = 3) -> int:
        """Return the score of the distinct words that are valid, on the board and long enough."""
        rules = wordsearch(min_len)
        return sum(rules.score(len(w)) for w in {w.upper() for w in words}
                   if len(w) >= min_len and self.is_valid_word(w)
                   and self.locations_for_word(w))
