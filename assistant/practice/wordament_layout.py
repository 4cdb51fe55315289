"""Practice Wordament's window, pure (no Tk): where the tiles are (Layout: which tile a point is
well inside) and how each is drawn (look: selected, flashing a verdict, or plain), in colours
chosen so that a flash is never mistaken for a board's face.

  Layout                      where tiles are in the window; which tile a point is well inside
  look(cell, path, flashes, colour) -> Look   how a tile is drawn (selected, flashing, plain)
  VERDICT_COLOURS             the flash colour of each verdict (the live player reads these)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .wordament_game import CELLS, SIZE, Cell

# Colours (RGB hex). Board faces avoid the verdict hues, so a flash is never mistaken for a face.
INK = "#FFFFFF"  # letters and values
BACKGROUND = "#1E1E1E"
SELECTED_FACE = "#F2F2F2"  # a selected tile: white-ish face, letters in the board's colour
BOARD_COLOURS = ("#0072C6", "#7B3FA8", "#00899B", "#3D4DB7")  # blue, purple, teal, indigo
VERDICT_COLOURS = {  # the face of each tile of a swipe, for FLASH_SECONDS after release
    "accepted": "#1FAF3A",  # green: a new word, scored
    "repeated": "#F2C200",  # yellow: already found this round, no points
    "rejected": "#E0242B",  # red: not a word, too short, or not allowed
}
FLASH_SECONDS = 0.3
HIT_RADIUS = 0.35  # a tile joins a drag when the pointer is this many tile sides from its centre



@dataclass(frozen=True)
class Layout:
    """Where the tiles are in the window, in pixels: a header, then the 4x4 grid."""

    tile: int = 96
    gap: int = 12
    top: int = 96  # the header's height (timer, score, word count, current word)
    hit: float = HIT_RADIUS

    @property
    def width(self) -> int:
        """Return the window's width."""
        return SIZE * self.tile + (SIZE + 1) * self.gap

    @property
    def height(self) -> int:
        """Return the window's height."""
        return self.top + self.width

    def corner(self, cell: Cell) -> tuple[int, int]:
        """Return the top-left pixel of a tile's face."""
        return (self.gap + cell[1] * (self.tile + self.gap),
                self.top + self.gap + cell[0] * (self.tile + self.gap))

    def centre(self, cell: Cell) -> tuple[float, float]:
        """Return the centre of a tile's face."""
        x, y = self.corner(cell)
        return x + self.tile / 2, y + self.tile / 2

    def under(self, x: float, y: float) -> Cell | None:
        """Return the tile whose face holds the point, or None (a gap, the header, outside)."""
        return next((cell for cell in CELLS if self._on_face(cell, x, y)), None)

    def _on_face(self, cell: Cell, x: float, y: float) -> bool:
        """True when the point lies on the tile's face."""
        left, top = self.corner(cell)
        return left <= x < left + self.tile and top <= y < top + self.tile

    def inside(self, x: float, y: float) -> Cell | None:
        """Return the tile the point is well inside (within hit x tile of its centre), or None."""
        reach = self.hit * self.tile
        return next((cell for cell in CELLS if math.dist(self.centre(cell), (x, y)) <= reach),
                    None)


@dataclass(frozen=True)
class Look:
    """How a tile is drawn: its face colour and its ink (letters and value) colour."""

    face: str
    ink: str


def look(cell: Cell, path: Sequence[Cell], flashes: dict[Cell, str], colour: str) -> Look:
    """Return a tile's look: selected (in the drag), flashing a verdict, or plain."""
    if cell in path:
        return Look(SELECTED_FACE, colour)
    if cell in flashes:
        return Look(VERDICT_COLOURS[flashes[cell]], INK)
    return Look(colour, INK)
