"""The Watcher: reads the game's feedback on each swipe from the screen, in a thread of its own.

It grabs the grid every TICK while a verdict is awaited (IDLE_TICK otherwise) and reads each
swipe's verdict from the colour its tiles flash (vision.feedback), while the player is already
dragging the next word. A verdict stands only when every tile of the swipe that no later drag
has lit shows it, having begun to show it after the swipe's drag began (a flash left over from
an earlier word on the same tiles is not this word's: the game may have missed the drag); a
swipe whose tiles show none within FEEDBACK_SECONDS of the game letting go of it (its tiles
no longer selected: a busy game takes the release late) had no feedback. A verdict seen on
some of a swipe's tiles only is `partly` seen: a drag the game took short (tiles skipped)
looks the same.
It also tells whether the grid is still on the screen (the round is over when it has gone).

The thread owns nothing of the player's: it is told of each swipe (expect: a frozen Swipe) and
answers with frozen Verdict events on a queue (take); only the player's thread changes its
words. Each watch() begins a new board: a frame grabbed for an earlier one is never applied.
A grab that keeps failing for GRAB_FAILS seconds is raised, in one line, by take().
"""

from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.gestures import Region
from ..core.types import BadInput

if TYPE_CHECKING:
    import numpy as np

    from ..adapters.screen import Screen
    from ..vision.feedback import Face

FEEDBACK_SECONDS = 0.6  # a swipe's flash shows within this of the game letting go of it
HELD_LIMIT = 5.0  # seconds a swipe's tiles may show selected after its release (a busy game)
TICK = 0.008  # seconds between grabs while a verdict is awaited
IDLE_TICK = 0.05  # and while none is (only whether the grid is still there)
GONE = 0.5  # under this share of tiles looking like the board's, the grid has gone
GRAB_FAILS = 1.0  # seconds of failing grabs before take() gives up, in one line


@dataclass(frozen=True)
class Swipe:
    """One drag as the watcher is told of it: its number, tiles, and when it was made."""

    number: int
    path: tuple[int, ...]
    pressed: float
    released: float


@dataclass(frozen=True)
class Verdict:
    """What the game showed for one swipe: its verdict and the tiles it was read on."""

    number: int
    verdict: str  # accepted, repeated, rejected, or no feedback
    evidence: frozenset[int]


@dataclass
class Awaited:
    """A swipe whose verdict the watcher still looks for (the watcher's own record)."""

    swipe: Swipe
    evidence: set[int] = field(default_factory=set)  # its tiles no later drag has claimed
    held: bool = False  # its tiles were seen selected after its release (a busy game)
    let_go: float | None = None  # and then first seen no longer selected

    def overdue(self, now: float) -> bool:
        """True when its flash is overdue: FEEDBACK_SECONDS after the game let go of it (at
        its release, or when its tiles, seen still selected, were seen let go), or HELD_LIMIT
        after its release in any case."""
        released = self.swipe.released
        if now - released > HELD_LIMIT:
            return True
        start = (self.let_go if self.held else released)
        return start is not None and now - start > FEEDBACK_SECONDS

    def seen(self, held: set[int], now: float) -> None:
        """Note which tiles a frame showed selected: is the game still holding the swipe?"""
        if self.evidence & held:
            self.held, self.let_go = True, None
        elif self.held and self.let_go is None:
            self.let_go = now


class Watcher:
    """Reads the game's feedback on each swipe from the screen, in a thread of its own."""

    def __init__(self, screen: Screen) -> None:
        self.screen, self.lock = screen, threading.Lock()
        self.grid: Region | None = None
        self.boxes: list[tuple[int, int, int, int]] = []
        self.board: Face | None = None
        self.generation = 0  # one more at each watch(): frames are tagged with it
        self.waiting: list[Awaited] = []
        self.verdicts: queue.SimpleQueue[Verdict] = queue.SimpleQueue()
        self.seen = 1.0  # share of tiles that looked like the board's in the last grab
        self.gone_at: float | None = None  # when a grab first found it gone (None: it is there)
        self.shows: list[str | None] = []  # what each tile shows: a verdict, or None
        self.since: list[float] = []  # and since when (time.monotonic() of the first grab)
        self.dragging = False
        self.failing: tuple[float, str] | None = None  # since when grabs fail, and why
        self.wake = threading.Event()  # a drag began: look now, and every TICK
        self.running = True
        self.thread = threading.Thread(target=self.run, name="watcher", daemon=True)
        self.thread.start()

    def watch(self, grid: Region, boxes: list[tuple[int, int, int, int]], board: Face) -> None:
        """Watch this grid (on the screen; tile boxes relative to it) of this face colour."""
        with self.lock:
            self.grid, self.boxes, self.board, self.seen = grid, boxes, board, 1.0
            self.shows, self.since = [None] * len(boxes), [0.0] * len(boxes)
            self.generation += 1
            self.gone_at = None
            self.failing = None

    def rest(self) -> None:
        """Stop grabbing (until the next watch): no grid to watch; the swipes still awaited
        (the game held them when the round ended: it drops them) are forgotten."""
        with self.lock:
            self.grid = None
            self.waiting.clear()
            self.generation += 1

    def expect(self, swipe: Swipe) -> None:
        """Look for the verdict on a swipe whose drag has just ended, on all its tiles."""
        with self.lock:
            self.waiting.append(Awaited(swipe, set(swipe.path)))
            self.dragging = False

    def drag(self, path: tuple[int, ...]) -> None:
        """Note a drag starting: its tiles light for it now, so they tell nothing more of the
        swipes still waiting for their verdicts."""
        with self.lock:
            for awaited in self.waiting:
                awaited.evidence -= set(path)
            self.dragging = True
        self.wake.set()

    def selected(self, tiles: tuple[int, ...]) -> None:
        """Note tiles seen selected by the player's own look (the drag under way): whatever
        flash they showed has ended, so a flash seen next is a new one."""
        with self.lock:
            for i in tiles:
                if i < len(self.shows) and self.shows[i] is not None:
                    self.shows[i], self.since[i] = None, time.monotonic()

    def blinds(self, path: tuple[int, ...]) -> bool:
        """True when a drag through these tiles would hide every tile a waiting swipe still
        has to show its verdict on (it must be waited for first)."""
        with self.lock:
            return any(awaited.evidence <= set(path) for awaited in self.waiting)

    def take(self) -> list[Verdict]:
        """Return the verdicts read since the last call; BadInput once grabs have failed
        for GRAB_FAILS seconds."""
        with self.lock:
            failing = self.failing
        if failing and time.monotonic() - failing[0] > GRAB_FAILS:
            raise BadInput(f"cannot capture the game's grid for {GRAB_FAILS:g} s ({failing[1]}): "
                           "play stopped")
        out = []
        while not self.verdicts.empty():
            out.append(self.verdicts.get())
        return out

    def busy(self) -> bool:
        """True while some swipe's verdict is still awaited."""
        with self.lock:
            return bool(self.waiting)

    def present(self) -> bool:
        """True while the grid looks like it is on the screen."""
        return self.seen >= GONE

    def run(self) -> None:
        """Grab the grid every TICK and settle the waiting swipes' verdicts."""
        while self.running:
            with self.lock:
                grid, boxes, board, generation = self.grid, self.boxes, self.board, self.generation
            if grid is not None and board is not None:
                try:
                    frame = self.screen.grab(grid)
                except Exception as err:  # the window has gone, or the display: take() says so
                    with self.lock:
                        if self.failing is None and generation == self.generation:
                            self.failing = (time.monotonic(), " ".join(str(err).split()))
                else:
                    self.look(frame, boxes, board, time.monotonic(), generation)
            self.wake.wait(TICK if self.waiting or self.dragging else IDLE_TICK)
            self.wake.clear()

    def look(self, frame: np.ndarray, boxes: list[tuple[int, int, int, int]], board: Face,
             now: float, generation: int | None = None) -> None:
        """Settle what this frame (grabbed for this generation of watch()) shows: the verdicts
        of waiting swipes, the grid's presence. A frame of an earlier board is dropped."""
        from ..vision import feedback

        faces = feedback.faces(frame, boxes)
        held = {i for i, face in enumerate(faces) if feedback.selected(face)}
        with self.lock:
            if generation is not None and generation != self.generation:
                return
            self.failing = None
            self.seen = feedback.on_screen(faces, board)
            if self.seen >= GONE:
                self.gone_at = None
            elif self.gone_at is None:
                self.gone_at = now
            for i, face in enumerate(faces):
                if (shows := feedback.verdict(face, board)) != self.shows[i]:
                    self.shows[i], self.since[i] = shows, now
            for awaited in list(self.waiting):
                if self.seen >= GONE:  # (a grid gone lets go of nothing)
                    awaited.seen(held, now)
                said = self.said(awaited)
                if said or awaited.overdue(now):
                    self.waiting.remove(awaited)
                    self.verdicts.put(Verdict(awaited.swipe.number, said or "no feedback",
                                              frozenset(awaited.evidence)))

    def said(self, awaited: Awaited) -> str | None:
        """Return the verdict every tile of a swipe's evidence shows, begun since its drag
        began, or None. The path's last tile is lit only for a moment before the release, too
        short to be sure of seeing, so it need not have been seen to change (unless it is all
        the evidence left); every other tile stayed lit for a whole segment at least."""
        swipe, evidence = awaited.swipe, awaited.evidence
        said = {self.shows[i] for i in evidence}
        checked = [i for i in evidence if i != swipe.path[-1]] or list(evidence)
        fresh = all(self.since[i] > swipe.pressed for i in checked)
        return said.pop() if len(said) == 1 and fresh else None

    def close(self) -> None:
        """Stop the thread."""
        self.running = False
        self.wake.set()
        self.thread.join(1.0)
