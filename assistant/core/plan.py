"""The order to play a round's words in: the most points per second of mouse work.

A word costs the time to press, drag through each of its tiles and release, plus the time to
carry the pointer from where the last word ended to where this one starts. The next word is
the one that earns most points per millisecond from where the pointer is; ties go to the
shorter carry. So the best words come first (if the round runs out, only the worst are lost),
and among words of equal worth the pointer hops to a near start, not across the board.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .gestures import Drag, Point


@dataclass(frozen=True)
class Pace:
    """How long the mouse takes: per drag segment, per press and release, per pixel carried."""

    segment_ms: float
    press_ms: float = 10.0
    carry_ms_per_px: float = 0.02  # the pointer jumps, button up: nearly free, never quite

    def cost(self, drag: Drag, start: Point | None) -> float:
        """Return the milliseconds to play a drag with the pointer starting at `start`."""
        carry = 0.0 if start is None else math.dist(start, drag.points[0])
        return (self.press_ms + self.segment_ms * (len(drag.points) - 1)
                + self.carry_ms_per_px * carry)


@dataclass(frozen=True)
class Move:
    """A drag worth some points."""

    drag: Drag
    points: float


def best_next(moves: Sequence[Move], pointer: Point | None, pace: Pace) -> int:
    """Return the index of the move that earns the most points per millisecond from here."""
    return max(range(len(moves)), key=lambda i: (
        moves[i].points / pace.cost(moves[i].drag, pointer),
        -pace.cost(moves[i].drag, pointer)))


def order(moves: Sequence[Move], pace: Pace, pointer: Point | None = None) -> Iterator[Move]:
    """Yield every move, each the best next from where the last one left the pointer."""
    left = list(moves)
    while left:
        move = left.pop(best_next(left, pointer, pace))
        pointer = move.drag.points[-1]
        yield move


def seconds_needed(moves: Sequence[Move], pace: Pace) -> float:
    """Return the seconds it takes to play these moves in this order."""
    pointer: Point | None = None
    total = 0.0
    for move in moves:
        total += pace.cost(move.drag, pointer)
        pointer = move.drag.points[-1]
    return total / 1000
