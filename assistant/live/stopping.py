"""Stopping live play, one way out for every command: the stop key, the pointer thrown into a
screen corner (the fail-safe), the time given (--seconds), Ctrl-C, SIGTERM and SIGHUP.

    Stopper      what play checks before each step: the stop key, the fail-safe, the time
    stop_key     the global stop key (adapters.keys), as a function that says if it was pressed
    corner       the fail-safe check of a mouse (pyautogui's corners)
    way_out      runs a command's work and returns why it stopped and the exit status
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..adapters.mouse import FailSafe
from ..core.types import BadInput

if TYPE_CHECKING:
    from ..adapters.mouse import Mouse

FAULT, INTERRUPTED = 2, 130  # exit statuses: bad input or a fault; Ctrl-C


class Stopped(Exception):
    """The user asked play to stop: the stop key, or the fail-safe corner."""


class OutOfTime(Stopped):
    """The time given (--seconds) ran out while play waited."""


class Stopper:
    """The ways to stop play: the stop key (if it could be set up), the pointer thrown into a
    screen corner (`corner`: raises FailSafe) and a time limit."""

    def __init__(self, pressed: Callable[[], bool] = lambda: False,
                 deadline: float | None = None,
                 corner: Callable[[], None] = lambda: None) -> None:
        self.pressed, self.deadline, self.corner = pressed, deadline, corner

    def check(self) -> None:
        """Raise Stopped when the stop key was pressed (FailSafe when the pointer is in a
        screen corner)."""
        if self.pressed():
            raise Stopped("the stop key was pressed")
        self.corner()

    def out_of_time(self) -> bool:
        """True when the time given (--seconds) is up."""
        return self.deadline is not None and time.monotonic() >= self.deadline


class Signalled(BaseException):
    """A signal (SIGTERM, SIGHUP) asked the process to end."""

    def __init__(self, number: int) -> None:
        super().__init__(f"ended by {signal.Signals(number).name}")
        self.number = number


@contextmanager
def signals_raised() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP, the first of them, into Signalled for the with block (later
    ones are ignored while play winds up)."""
    numbers = [getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]
    came: list[int] = []

    def handler(number: int, frame: object) -> None:
        if not came:
            came.append(number)
            raise Signalled(number)

    saved = {n: signal.signal(n, handler) for n in numbers
             if signal.getsignal(n) is not signal.SIG_IGN}
    try:
        yield
    finally:
        for number, old in saved.items():
            signal.signal(number, old)


@contextmanager
def stop_key(name: str, warn: Callable[[str], None]) -> Iterator[Callable[[], bool]]:
    """Yield a function that tells whether the stop key was pressed."""
    from ..adapters.keys import StopKey

    with StopKey(name, warn) as key:
        yield key.pressed


def way_out(work: Callable[[], None]) -> tuple[str | None, int]:
    """Run the work with SIGTERM and SIGHUP raised as Signalled; return why it stopped (None
    when it ended by itself) and the exit status. A fault's one line goes to stderr."""
    with signals_raised():
        try:
            work()
        except (Stopped, FailSafe) as why:  # the stop key, the pointer in a corner
            return str(why), 0
        except KeyboardInterrupt:
            return "interrupted (Ctrl-C)", INTERRUPTED
        except Signalled as why:
            return str(why), 128 + why.number
        except BadInput as err:
            print(f"assistant: error: {err}", file=sys.stderr, flush=True)
            return str(err), FAULT
        except Exception as err:  # a bug: one line for the user, the report all the same
            if os.environ.get("ASSISTANT_DEBUG"):
                raise
            stopped = f"internal error: {type(err).__name__}: {err}"
            print(f"assistant: {stopped} (set ASSISTANT_DEBUG=1 for the traceback)",
                  file=sys.stderr, flush=True)
            return stopped, 1
    return None, 0


def corner(mouse: Mouse) -> Callable[[], None]:
    """Return the check that raises FailSafe while the pointer is in a screen corner (as
    pyautogui's fail-safe does during a gesture)."""
    gui = getattr(mouse, "gui", None)
    if gui is None:
        return lambda: None

    def check() -> None:
        try:
            gui.failSafeCheck()
        except gui.FailSafeException:
            raise FailSafe("the pointer was thrown into a screen corner (fail-safe): "
                           "stopped") from None
    return check
