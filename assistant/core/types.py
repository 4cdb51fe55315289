"""Value objects shared by every game: tiles, grids, found words, and the user-input error."""

from __future__ import annotations

from dataclasses import dataclass

BLOCKED = frozenset({"#", ".", "_"})  # tile texts for a cell that holds no usable tile


class BadInput(ValueError):
    """A user's input is wrong; the message is one line that names what and where."""


class LexiconNotLoaded(RuntimeError):
    """A lexicon-dependent operation was called before a lexicon was loaded."""


@dataclass(frozen=True)
class Tile:
    """One cell of a grid: its text ("E", "QU", "A/B", "RE-", "-ING"), printed value and state."""

    text: str
    value: float | None = None
    state: str | None = None

    @property
    def blocked(self) -> bool:
        """True when the cell holds no usable tile."""
        return self.text in BLOCKED

    @property
    def prefix(self) -> bool:
        """True for a prefix-only tile such as RE-: it may only start a word."""
        return len(self.text) > 1 and self.text.endswith("-")

    @property
    def suffix(self) -> bool:
        """True for a suffix-only tile such as -ING: it may only end a word."""
        return len(self.text) > 1 and self.text.startswith("-")

    @property
    def spellings(self) -> tuple[str, ...]:
        """The letter strings this tile can stand for: ("A", "B") for A/B, ("ING",) for -ING."""
        if self.blocked:
            return ()
        return tuple(self.text.strip("-").split("/"))


@dataclass(frozen=True)
class Grid:
    """Rows x cols tiles in row-major order; tile i sits at (i // cols, i % cols)."""

    rows: int
    cols: int
    tiles: tuple[Tile, ...]

    def texts(self) -> list[str]:
        """The tile texts in row-major order."""
        return [t.text for t in self.tiles]

    def __str__(self) -> str:
        """The board in the command line's text form, one row per '/'-separated group."""
        return "/".join(" ".join(self.texts()[r * self.cols:(r + 1) * self.cols])
                        for r in range(self.rows))


@dataclass(frozen=True)
class FoundWord:
    """A word found on a grid, the tile path that spells it, and its score."""

    word: str
    path: tuple[int, ...]
    score: float
