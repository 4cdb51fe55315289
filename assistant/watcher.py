"""The Watcher: reads the game's feedback on each swipe from the screen, in a thread of its own.

It grabs the grid every TICK while a verdict is awaited (IDLE_TICK otherwise) and reads each
word's verdict from the colour its tiles flash (vision.feedback), while the player is already
dragging the next word. A verdict stands only when every tile of the word that no later drag
has lit shows it, having begun to show it after the word's drag began (a flash left over from
an earlier word on the same tiles is not this word's: the game may have missed the drag); a word
whose tiles show none within FEEDBACK_SECONDS had no feedback. A verdict seen on some of a
word's tiles only is `partly` seen: a drag the game took short (tiles skipped) looks the same.
It also tells whether the grid is still on the screen (the round is over when it has gone).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .core.gestures import Region

if TYPE_CHECKING:
    import numpy as np

    from .adapters.screen import Screen
    from .vision.feedback import Face

FEEDBACK_SECONDS = 0.6  # a swipe's flash shows within this, or it had no feedback
TICK = 0.008  # seconds between grabs while a verdict is awaited
IDLE_TICK = 0.05  # and while none is (only whether the grid is still there)
GONE = 0.5  # under this share of tiles looking like the board's, the grid has gone


@dataclass
class Word:
    """A word to play: its path of tile indices, its points, and how often it was tried."""

    word: str
    path: tuple[int, ...]
    points: int
    tries: int = 0
    pressed: float = 0.0  # time.monotonic() when its drag began
    released: float = 0.0  # and ended
    verdict: str = ""
    evidence: set[int] = field(default_factory=set)  # its tiles no later drag has claimed
    in_lexicon: bool = True  # False: from the extra lexicon, or learned from the game

    @property
    def partly(self) -> bool:
        """True when its verdict was seen on some of its tiles only (later drags lit others)."""
        return self.evidence != set(self.path)


class Watcher:
    """Reads the game's feedback on each swipe from the screen, in a thread of its own."""

    def __init__(self, screen: Screen) -> None:
        self.screen, self.lock = screen, threading.Lock()
        self.grid: Region | None = None
        self.boxes: list[tuple[int, int, int, int]] = []
        self.board: Face | None = None
        self.waiting: deque[Word] = deque()
        self.done: deque[Word] = deque()
        self.seen = 1.0  # share of tiles that looked like the board's in the last grab
        self.shows: list[str | None] = []  # what each tile shows: a verdict, or None
        self.since: list[float] = []  # and since when (time.monotonic() of the first grab)
        self.dragging = False
        self.wake = threading.Event()  # a drag began: look now, and every TICK
        self.running = True
        self.thread = threading.Thread(target=self.run, name="watcher", daemon=True)
        self.thread.start()

    def watch(self, grid: Region, boxes: list[tuple[int, int, int, int]], board: Face) -> None:
        """Watch this grid (on the screen; tile boxes relative to it) of this face colour."""
        with self.lock:
            self.grid, self.boxes, self.board, self.seen = grid, boxes, board, 1.0
            self.shows, self.since = [None] * len(boxes), [0.0] * len(boxes)

    def rest(self) -> None:
        """Stop grabbing (until the next watch): no grid to watch."""
        with self.lock:
            self.grid = None

    def expect(self, word: Word) -> None:
        """Look for the verdict on a word whose drag has just ended, on all its tiles."""
        with self.lock:
            word.evidence = set(word.path)
            self.waiting.append(word)
            self.dragging = False

    def drag(self, path: tuple[int, ...]) -> None:
        """Note a drag starting: its tiles light for it now, so they tell nothing more of the
        words still waiting for their verdicts."""
        with self.lock:
            for word in self.waiting:
                word.evidence -= set(path)
            self.dragging = True
        self.wake.set()

    def blinds(self, path: tuple[int, ...]) -> bool:
        """True when a drag through these tiles would hide every tile a waiting word still
        has to show its verdict on (it must be waited for first)."""
        with self.lock:
            return any(word.evidence <= set(path) for word in self.waiting)

    def take(self) -> list[Word]:
        """Return the words whose verdicts are known since the last call."""
        with self.lock:
            out, self.done = list(self.done), deque()
        return out

    def busy(self) -> bool:
        """True while some word's verdict is still awaited."""
        with self.lock:
            return bool(self.waiting)

    def present(self) -> bool:
        """True while the grid looks like it is on the screen."""
        return self.seen >= GONE

    def run(self) -> None:
        """Grab the grid every TICK and settle the waiting words' verdicts."""
        while self.running:
            with self.lock:
                grid, boxes, board = self.grid, self.boxes, self.board
            if grid is not None and board is not None:
                # a capture that fails (the window has gone) is for the loop to find out
                with suppress(Exception):
                    self.look(self.screen.grab(grid), boxes, board, time.monotonic())
            self.wake.wait(TICK if self.waiting or self.dragging else IDLE_TICK)
            self.wake.clear()

    def look(self, frame: np.ndarray, boxes: list[tuple[int, int, int, int]], board: Face,
             now: float) -> None:
        """Settle what this frame shows: the verdicts of waiting words, the grid's presence."""
        from .vision import feedback

        faces = feedback.faces(frame, boxes)
        with self.lock:
            self.seen = feedback.on_screen(faces, board)
            for i, face in enumerate(faces):
                if (shows := feedback.verdict(face, board)) != self.shows[i]:
                    self.shows[i], self.since[i] = shows, now
            for word in list(self.waiting):
                said = self.said(word)
                if said or now - word.released > FEEDBACK_SECONDS:
                    word.verdict = said or "no feedback"
                    self.waiting.remove(word)
                    self.done.append(word)

    def said(self, word: Word) -> str | None:
        """Return the verdict every tile of a word's evidence shows, begun since its drag
        began, or None. The path's last tile is lit only for a moment before the release, too
        short to be sure of seeing, so it need not have been seen to change (unless it is all
        the evidence left); every other tile stayed lit for a whole segment at least."""
        said = {self.shows[i] for i in word.evidence}
        checked = [i for i in word.evidence if i != word.path[-1]] or list(word.evidence)
        fresh = all(self.since[i] > word.pressed for i in checked)
        return said.pop() if len(said) == 1 and fresh else None

    def close(self) -> None:
        """Stop the thread."""
        self.running = False
        self.wake.set()
        self.thread.join(1.0)
