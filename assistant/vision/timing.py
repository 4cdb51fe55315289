"""One clock for the stage timings every command reports: milliseconds to a tenth."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def ms(seconds: float) -> float:
    """Return seconds as milliseconds, rounded to a tenth."""
    return round(seconds * 1000, 1)


class Clock:
    """Times named stages: each lap is the time since the clock started or the last lap."""

    def __init__(self) -> None:
        self.start = self.last = time.perf_counter()
        self.laps: dict[str, float] = {}

    def mark(self, stage: str) -> None:
        """Note the time since the last mark (or the start) as this stage's."""
        now = time.perf_counter()
        self.laps[stage] = round(self.laps.get(stage, 0.0) + ms(now - self.last), 1)
        self.last = now

    def lap(self, stage: str, step: Callable[[], T]) -> T:
        """Run a step, note how long it took under its stage's name, and return its result."""
        self.last = time.perf_counter()
        out = step()
        self.mark(stage)
        return out

    def total(self) -> float:
        """Return the milliseconds since the clock started."""
        return ms(time.perf_counter() - self.start)
