"""The contract every game profile keeps, and the typed shapes of its results (the JSON).

The live chain and `solve IMAGE` are one pipeline:

    vision.read_board(game, frame)   locate the board and read it   -> vision.types.Reading
    profile.solve_reading(...)       solve what was read            -> the profile's Result
    profile.gestures(result, ...)    the best plays as mouse gestures (core.gestures)

and `solve --board TEXT` enters it at the solver: profile.solve(game, options, lexicon).
Locating and reading belong to the game's reader (vision.types.Reader); a profile starts
from its Reading, so every stage is tested from a fixture.
"""

from __future__ import annotations

from argparse import Namespace
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypedDict, TypeVar

from ..core.gestures import Gesture, Point
from ..core.lexicon import Lexicon

if TYPE_CHECKING:
    from typing import NotRequired  # Python 3.11; only read by type checkers here

    from ..vision.types import Reading


@dataclass(frozen=True)
class Ranking:
    """Why a word ranks where it does: its damage, then each strategy rule that moved it. The
    JSON writes it as one line, the parts joined by "; " (printable)."""

    damage: str
    why: tuple[str, ...] = ()

    def __str__(self) -> str:
        """Return the ranking as one line: '2 hearts of damage; +1: keep a diamond'."""
        return "; ".join([self.damage, *self.why])


def printable(value: object) -> str:
    """Return what the JSON writes for a value json cannot write itself (json.dumps's default):
    a Ranking as its one line; anything else is a TypeError, as json.dumps raises."""
    if isinstance(value, Ranking):
        return str(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


class ReadJSON(TypedDict):
    """What a screenshot was read as, cell by cell (the contract's "read" object)."""

    rows: int
    cols: int
    tiles: list[str]
    values: list[int | None]
    states: list[str | None]
    confidence: list[float]
    uncertain: list[int]  # cell indices, row-major, then the rack's after the grid's
    uncertain_cells: list[dict[str, int]]  # the same, as {"row", "col"} or {"rack"}, from 0
    values_uncertain: list[int]
    region: list[int]
    rack: NotRequired[list[str]]
    rack_confidence: NotRequired[list[float]]
    board: NotRequired[list[str]]  # crossword games: 15 lines as in --board-file
    settling: NotRequired[bool]  # Bookworm: the grid is not at rest (empty or half-drawn cells)


class Solved(TypedDict):
    """What every result has: its game, and, when read from an image, what was read."""

    game: str
    game_detected: NotRequired[bool]  # --game auto: "game" is the one the screenshot shows
    blocked: NotRequired[list[int]]  # cells read uncertainly, played around
    read: NotRequired[ReadJSON]
    timings_ms: NotRequired[dict[str, float]]


class Play(NamedTuple):
    """The cells of the best play in order (indices into a reading's cells, then its rack)
    and a one-line caption; no cells when there is nothing to play."""

    cells: list[int]
    caption: str


R = TypeVar("R", bound=Solved)


class Profile(Protocol[R]):
    """Everything one family of games needs: solve a board given as text or as read from a
    screen, render the result, name its best play, and turn its plays into gestures."""

    def solve(self, game: str, options: Namespace, lexicon: Lexicon) -> R:
        """Return the result for a board given as text options (--board, --tiles, ...)."""
        ...

    def solve_reading(self, game: str, reading: Reading, options: Namespace,
                      lexicon: Lexicon) -> R:
        """Return the result for a board a reader read; cells it was unsure of
        (reading.uncertain()) are played around, never guessed, and listed as "blocked"."""
        ...

    def render(self, result: R) -> str:
        """Return the readable form of a result."""
        ...

    def best_play(self, result: R) -> Play:
        """Return the best play's cells and a caption, for --annotate and the overlay."""
        ...

    def gestures(self, result: R, reading: Reading, origin: Point) -> list[Gesture]:
        """Return the result's plays, best first, as mouse gestures on the screen where the
        reading's frame was captured at origin (its top-left pixel on the screen)."""
        ...


AnyProfile = Profile[Any]
