"""The game on the live screen: where it is, a capture of it, and its board read and solved.

Shared by every live command (`play wordament`, `overlay bookworm`). The game is a window
found by its title and followed as it moves, or a fixed --region of the screen. A capture is
refused, in one line, when it cannot be trusted: the window is minimised or mostly off the
screen, the capture is black or of one colour, or its pixels disagree with the window's size
(display scaling the process is not aware of).

A change on the screen is told cheaply: a grab shrunk to a small grey thumbnail (thumbnail)
is compared with the last one (changed), with an overlay's own pixels first put back as they
were without it (drawn, cover). A window stacked over the game is found by Target.covered.
"""

from __future__ import annotations

import time
from argparse import Namespace
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..core.gestures import Point, Region
from ..core.types import BadInput
from . import stopping
from .changes import same, signature

if TYPE_CHECKING:
    from ..adapters.screen import Screen
    from ..adapters.window import Window, Windows
    from ..core.lexicon import Lexicon
    from ..profiles.types import AnyProfile, Solved
    from ..vision.types import Reading

POLL_SECONDS = 0.02  # between captures while waiting for a board
STILL_SECONDS = 0.15  # how long a moved window must keep in one place before it is used
STILL_LIMIT = 10.0  # longest wait for a moved window to keep still
TELL_AFTER = 2.0  # seconds of waiting for a board before the user is told


class Target:
    """Where the game is: a window followed as it moves, or a fixed region of the screen."""

    def __init__(self, region: Region, windows: Windows | None = None,
                 window: Window | None = None) -> None:
        self.region, self.windows, self.window = region, windows, window

    @property
    def name(self) -> str:
        """Return how to call the game in a message: its window's title, or its region."""
        return f"window {self.window.title!r}" if self.window else f"region {self.region}"

    def where(self) -> Region:
        """Return the game's region now, as place does; BadInput while it is minimised.
        (The two ways to ask: place for a caller that waits out a minimised window, where
        for one that stops.)"""
        region = self.place()
        if region is None:
            raise BadInput(f"{self.name} is minimised (or on another desktop): "
                           "restore it and start again")
        return region

    def place(self, minimised: bool = True) -> Region | None:
        """Return the game's region now (a window may have moved), or None while its window
        is minimised (not asked when `minimised` is False: one query less, for a look every
        tick); WindowGone once it is closed."""
        if self.windows is None or self.window is None:
            return self.region
        if minimised and self.windows.minimised(self.window):  # WindowGone once closed
            return None
        self.region = self.windows.region(self.window)
        return self.region

    def keep_still(self, pause: Callable[[], None]) -> Region:
        """Return the game's region once it has kept in one place for STILL_SECONDS, calling
        `pause` (which checks the stop key and sleeps a tick) meanwhile; BadInput when it keeps
        moving for STILL_LIMIT seconds, or is minimised."""
        start = looked = time.monotonic()
        region = self.where()
        while True:
            pause()
            if time.monotonic() - looked < STILL_SECONDS:
                continue
            if (now := self.where()) == region:
                return region
            if time.monotonic() - start > STILL_LIMIT:
                raise BadInput(f"{self.name} kept moving for {STILL_LIMIT:g} s: play stopped")
            region, looked = now, time.monotonic()

    def covered(self, part: Region, ignore: Collection[str] = ()) -> bool:
        """True when a window stacked above the game (and not titled in `ignore`) lies over
        some of this part of the screen (a region is never covered)."""
        if self.windows is None or self.window is None:
            return False
        return any(w.title not in ignore and w.region.overlap(part)
                   for w in self.windows.above(self.window))

    def covering(self, points: Sequence[Point]) -> list[str]:
        """Return the titles (or '(untitled)') of the windows stacked above the game that lie
        over any of these points: the game is not the window under them."""
        if self.windows is None or self.window is None:
            return []
        return [w.title or "(untitled)" for w in self.windows.above(self.window)
                if any(w.region.contains(p) for p in points)]

    def focused(self) -> bool:
        """True when the game has the keyboard focus (a region always has it)."""
        return self.windows is None or self.window is None or \
            self.windows.focused(self.window)


def find_target(options: Namespace, default_title: str,
                tell: Callable[[str], None] = lambda line: None) -> Target:
    """Return the game to play: --region, or the window the user means by --window-title (or
    the game's own title), told in one line; BadInput when there is none or no one."""
    from ..adapters import backends
    from ..adapters import window as windows

    backends.prepare(tell)
    if options.region:
        return Target(windows.parse_region(options.region))
    found = backends.windows()
    game = found.find(options.window_title or default_title)
    tell(f"window: {windows.describe(game)}")
    return Target(game.region, found, game)


def capture(target: Target, screen: Screen, first: bool = False) -> np.ndarray:
    """Return a capture of the game's region; on the first, check it can be trusted."""
    from ..adapters import screen as screens

    region = target.where()
    if first:
        screens.check_on_screen(region, screens.virtual_screen())
    frame = screen.grab(region)
    if first:
        screens.check_scale(frame, region)
        screens.check_capture(frame, target.name)
    return frame


@dataclass(frozen=True)
class Board:
    """A board on the screen: the capture it was read from, where, and what was solved."""

    frame: np.ndarray
    origin: tuple[int, int]  # the capture's top-left pixel on the screen
    reading: Reading
    result: Solved
    seen: float  # time.monotonic() of the capture

    @property
    def text(self) -> str:
        """Return the board as text: its tiles row-major, '/' between rows."""
        cols, tiles = self.reading.cols, [c.text or "?" for c in self.reading.cells]
        return "/".join(" ".join(tiles[r:r + cols]) for r in range(0, len(tiles), cols))


def read_board(target: Target, screen: Screen, game: str, profile: AnyProfile,
               options: Namespace, lexicon: Lexicon) -> Board | None:
    """Return the board on the screen now, read and solved, or None when none is shown."""
    seen = time.monotonic()
    return read_frame(capture(target, screen), target, seen, game, profile, options, lexicon)


def read_frame(frame: np.ndarray, target: Target, seen: float, game: str, profile: AnyProfile,
               options: Namespace, lexicon: Lexicon) -> Board | None:
    """Return the board in a capture of the game, read and solved, or None when none is."""
    from .. import vision

    try:
        reading = vision.read_board(game, frame, options.reader)
    except BadInput:
        return None
    region = target.region
    result = profile.solve_reading(game, reading, options, lexicon)
    return Board(frame, (region.x, region.y), reading, result, seen)


def warm_up(frame: np.ndarray, game: str, reader: str) -> None:
    """Read a frame once (whatever it shows), so the game reader's templates are loaded
    before a board is timed."""
    from contextlib import suppress

    from .. import vision

    with suppress(BadInput):
        vision.read_board(game, frame, reader)


def wait_for_board(target: Target, screen: Screen, game: str, profile: AnyProfile,
                   options: Namespace, lexicon: Lexicon, stop: stopping.Stopper,
                   unlike: str | None = None,
                   say: Callable[[str], None] = lambda line: None) -> Board:
    """Return the next board shown (one whose text differs from `unlike`, if given), waiting
    up to options.wait seconds; BadInput when none shows by then. The screen is read only
    when it has changed since the last read and then kept still for one poll (never a board
    half drawn); in between, a capture's signature is all that is compared."""
    start = time.monotonic()
    before = last_read = None
    told = False
    while time.monotonic() < start + options.wait:
        stop.check()
        if stop.out_of_time():
            raise stopping.OutOfTime(f"no {game} board in {target.name} within the time "
                                     "given (--seconds)")
        if not told and time.monotonic() > start + TELL_AFTER:
            say(f"waiting for a {game} board in {target.name} (up to {options.wait:g} s)")
            told = True
        seen = time.monotonic()
        frame = capture(target, screen)
        now = signature(frame)
        if same(now, before) and not same(now, last_read):
            board = read_frame(frame, target, seen, game, profile, options, lexicon)
            if board is not None and board.text != unlike:
                return board
            last_read = now
        before = now
        time.sleep(POLL_SECONDS)
    raise BadInput(f"no {game} board in {target.name} after {options.wait:g} s "
                   "(is a round on? try --wait SECONDS)")
