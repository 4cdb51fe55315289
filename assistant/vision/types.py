"""What a reader returns: each cell's box, text, value, state and confidence."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np

Box = tuple[int, int, int, int]  # x, y, w, h in image pixels

UNCERTAIN = 0.6  # a cell read with less confidence than this is reported, never guessed
CLAIM = 0.9  # a reading with this share of its cells sure shows its game's board


@dataclass(frozen=True)
class Cell:
    """One read cell: where it is, what it says ("E", "QU", "U/L", "DE-", "-Y", "" if empty)."""

    box: Box
    text: str
    confidence: float  # 0..1, the reader's own measure
    value: int | None = None  # printed value (Wordament), if any
    state: str | None = None  # Bookworm: normal/locked/emerald...; crossword: blank, DL/TL/DW/TW
    note: str = ""  # what the reader weighed, e.g. the runner-up ("E 0.97, F 0.86")
    value_uncertain: bool = False  # a value is printed but could not be read (value is None)

    @property
    def uncertain(self) -> bool:
        """True when the read is below the confidence threshold."""
        return self.confidence < UNCERTAIN


@dataclass
class Reading:
    """A game's grid or board read from one frame, row-major, plus the rack for crossword games."""

    game: str
    rows: int
    cols: int
    cells: list[Cell]
    rack: list[Cell] = field(default_factory=list)
    region: Box | None = None  # where the grid or board was found
    timings_ms: dict[str, float] = field(default_factory=dict)
    settling: bool = False  # Bookworm: cells are empty or tiles half drawn (falling, or clicked
    # up into the word): the grid is not at rest, and what is read is only what has settled

    def uncertain(self) -> list[int]:
        """Return the indices of cells (then rack cells, after the board's) read uncertainly."""
        return [i for i, c in enumerate(self.cells + self.rack) if c.uncertain]

    def claimed(self) -> bool:
        """True when so many cells are read surely (CLAIM) that the board is the game's."""
        return len(self.uncertain()) <= (1 - CLAIM) * len(self.cells + self.rack)


class Reader(Protocol):
    """A game's screen reader (a module of vision/): the --reader choices it honours, how it
    reads a frame, and whether a frame shows its board."""

    @property
    def READERS(self) -> tuple[str, ...]:  # a module constant, read-only
        """The --reader choices it honours: "auto", "template", "tesseract"."""
        ...

    def read(self, frame: np.ndarray, reader: str = "auto") -> Reading:
        """Return the board read from a BGR frame; BadInput when the frame shows none."""
        ...

    def looks_like(self, frame: np.ndarray) -> bool:
        """True when the frame shows this reader's board."""
        ...
