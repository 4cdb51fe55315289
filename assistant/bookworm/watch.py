"""The Bookworm overlay's Watch: follow the Bookworm window and draw the best word on its
tiles, board after board (the crossword overlay's watch builds on it).

    follow the window -> grab the grid -> changed? -> kept still? -> read -> solve -> draw

- The window is followed every TICK. Moved or resized, the overlay hides and the board is read
  afresh where the window keeps still; minimised, or covered by another window over the grid
  or the panel (checked every COVER_EVERY), the overlay hides and waits; closed: one line,
  exit status 2.
- A change is told cheaply: the grid alone is grabbed and shrunk to a grey thumbnail
  (changes.thumbnail), with the overlay's own pixels put back as they were when the board was
  read (changes.cover), so its outlines never count as a change.
- A changed grid is read only once it has kept still for --settle seconds (tiles fall in an
  animation), when no window lies over it (asked again then), and is found unchanged again
  after the read. A grid with an empty cell (tiles up in the word, or falling), or with a
  whole row or column read uncertainly (found a row off), is never solved. Meanwhile nothing
  is drawn on the grid, and the panel beside it says what it waits for.
- The lexicon, its Bookworm index and the reader's templates are loaded once, at the start.
"""

from __future__ import annotations

import json
import time
from argparse import Namespace
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..adapters.overlay import TITLE as OVERLAY_TITLE
from ..adapters.overlay import Scene, pieces
from ..core.gestures import Region
from ..core.types import BadInput
from ..live import changes, stopping
from ..live import target as live
from ..profiles import bookworm as profile
from ..profiles.types import printable
from ..vision.timing import ms
from . import scene

if TYPE_CHECKING:
    import numpy as np

    from ..adapters.overlay import Overlay
    from ..adapters.screen import Screen
    from ..core.lexicon import Lexicon
    from ..profiles.bookworm import BookwormResult
    from ..vision.types import Reading
from .board import board_json, board_text, crop, holes, solved, unsure_line

GAME = "bookworm"
TITLE = "Bookworm"  # the window title looked for by default
TICK = 0.05  # seconds between two looks at the screen
COVER_EVERY = 0.5  # seconds between two checks that the game is not minimised or covered
THUMB_PER_TILE = 6  # thumbnail pixels along a tile's side
WINDOW_CELL = 8  # screen pixels per thumbnail pixel when no grid is known
IGNORED = (OVERLAY_TITLE,)  # windows that never count as covering the game


@dataclass
class Shown:
    """What the overlay shows now and the grab (the grid, or the window) it is right for: the
    grab's thumbnail and pixels, clean, the overlay's pieces on the grab, the board shown."""

    thumb: np.ndarray
    clean: np.ndarray
    drawn: np.ndarray | None = None  # the mask of the overlay's pixels on the grab
    board: live.Board | None = None


@dataclass
class Change:
    """A change seen on the screen, watched until it keeps still."""

    seen: float  # time.monotonic() when it was seen
    thumb: np.ndarray | None = None  # the latest thumbnail
    moved: float = 0.0  # when the thumbnail last changed


@dataclass
class Watch:
    """The game on the screen, the overlay over it, and what is shown there now (Bookworm's;
    a subclass serves another game through game, label, across and the methods read_frame,
    region_of, unready, solve, scene and text)."""

    game: ClassVar[str] = GAME
    label: ClassVar[str] = "Bookworm grid"  # what the panel calls the part read
    across: ClassVar[int] = 4  # tiles along the grid's width
    tick: ClassVar[float] = TICK  # seconds between two looks
    eager: ClassVar[bool] = False  # read a change at once, the settle time kept meanwhile

    target: live.Target
    screen: Screen
    overlay: Overlay
    lexicon: Lexicon
    options: Namespace
    stop: stopping.Stopper
    report: Callable[[dict[str, Any], str], None]  # a board's JSON line and its text line
    refused: set[str] = field(default_factory=set)  # words the game refused: never shown
    window: Region | None = None  # where the window was at the last look
    grid: Region | None = None  # the grid, relative to the window's top-left corner
    shown: Shown | None = None
    change: Change | None = None
    panel: Region | None = None  # where the panel was drawn last
    hidden: bool = False  # the game is out of sight: minimised or covered
    checked: float = 0.0  # when that was last checked
    boards: int = 0  # boards shown
    pending: tuple[np.ndarray, np.ndarray, dict[str, float]] | None = None  # a read's grab

    def next_board(self, deadline: float | None = None) -> live.Board:
        """Return the next complete board once it has kept still (saying meanwhile in the
        panel what it waits for); BadInput when the deadline passes first."""
        while deadline is None or time.monotonic() < deadline:
            self.pause()
            if (board := self.look()) is not None:
                return board
        raise BadInput(f"no new board in {self.target.name} after "
                       f"{self.options.wait:g} s: play stopped")

    def pause(self) -> None:
        """Check the stop key, let the overlay repaint, and wait a tick."""
        self.stop.check()
        self.overlay.update()
        time.sleep(self.tick)

    def look(self) -> live.Board | None:
        """Look at the game once: see whether the grid changed (while it shows a board and
        nothing else is due, from one grab alone), follow the window, and read the grid
        once it keeps still; return the board read, if one was."""
        if self.steady():
            return None
        window = self.follow()
        if window is None:
            return None
        frame = self.screen.grab(self.watched(window))
        thumb = self.thumb(frame)
        if self.change is None:
            if self.shown is not None and not changes.changed(self.shown.thumb, thumb):
                return None
            self.begin(window)
        return self.settled(window, frame, thumb)

    def steady(self) -> bool:
        """True when what is shown is still right, as one grab of the grid tells (no window
        query: a moved or closed window changes the grid's pixels too) until the window's
        check is due."""
        if self.change is not None or self.shown is None or self.window is None \
                or time.monotonic() - self.checked >= COVER_EVERY:
            return False
        return not changes.changed(self.shown.thumb,
                                self.thumb(self.screen.grab(self.watched(self.window))))

    # -- the window --------------------------------------------------------------------------

    def follow(self) -> Region | None:
        """Return where the window is now; None while it is minimised or covered, or when it
        has just moved (the overlay hides then, and the board is read afresh)."""
        if time.monotonic() - self.checked >= COVER_EVERY:
            self.check_sight()
        if self.hidden:
            return None
        window = self.target.place(minimised=False)
        if window is None:
            return None
        if window != self.window:
            if self.window and (window.w, window.h) != (self.window.w, self.window.h):
                self.grid = None  # the grid may sit elsewhere in a resized window
            self.window = window
            self.forget()
            return None
        return window

    def check_sight(self) -> None:
        """Note whether the game is out of sight: minimised, or another window over the grid
        or the panel (asked every COVER_EVERY: it costs a walk of the window list); the
        overlay hides when it goes out of sight."""
        self.checked = time.monotonic()
        window = self.target.place()
        hidden = window is None or self.target.covered(self.part(window), IGNORED)
        if hidden and not self.hidden:
            self.forget()
        self.hidden = hidden

    def part(self, window: Region) -> Region:
        """Return the part of the screen the overlay reads and draws on: the grid and the
        panel (the whole window before a grid is known)."""
        if self.grid is None:
            return window
        grid = self.grid.moved(window.x, window.y)
        if self.panel is None:
            return grid
        left, top = min(grid.x, self.panel.x), min(grid.y, self.panel.y)
        right = max(grid.x + grid.w, self.panel.x + self.panel.w)
        bottom = max(grid.y + grid.h, self.panel.y + self.panel.h)
        return Region(left, top, right - left, bottom - top)

    def forget(self) -> None:
        """Hide the overlay and forget what it showed: the board will be read afresh."""
        self.overlay.hide()
        self.shown = self.change = None

    def anew(self) -> None:
        """Read the next board that keeps still, even one like the board shown."""
        self.shown = self.change = None

    def watched(self, window: Region) -> Region:
        """Return the part of the screen watched for a change: the grid, else the window."""
        return window if self.grid is None else self.grid.moved(window.x, window.y)

    def thumb(self, frame: np.ndarray) -> np.ndarray:
        """Return the thumbnail of a grab of the watched part, the overlay's pixels on it put
        back as they were without it."""
        if self.shown is not None and self.shown.drawn is not None:
            frame = changes.cover(frame, self.shown.clean, self.shown.drawn)
        cell = WINDOW_CELL if self.grid is None else \
            max(2, self.grid.w // self.across // THUMB_PER_TILE)
        return changes.thumbnail(frame, cell)

    # -- a change, until it keeps still --------------------------------------------------------

    def begin(self, window: Region) -> None:
        """Note a change seen now: draw nothing on the grid, and say so in the panel (an eager
        watch, about to read, hides all at once: a panel drawn now would only delay the move)."""
        self.change, self.shown = Change(time.monotonic()), None
        if self.eager:
            self.overlay.hide()
        else:
            self.show_waiting(window, "reading...", "waiting for the board to settle")

    def settled(self, window: Region, frame: np.ndarray, thumb: np.ndarray) -> live.Board | None:
        """Return the board once the grab has kept still for the settle time (else None); an
        eager watch reads at once and keeps the settle time while it reads (read)."""
        change, now = self.change, time.monotonic()
        assert change is not None
        if change.thumb is None or changes.changed(change.thumb, thumb):
            change.thumb, change.moved = thumb, now
            if not self.eager:
                return None
        elif not self.eager and now - change.moved < self.options.settle:
            return None
        return self.read(window, frame, change)

    def read(self, window: Region, frame: np.ndarray, change: Change) -> live.Board | None:
        """Return the board in the window, read and solved; None, with the panel saying why,
        when there is no grid or a tile is off it, or when it changed while it was read."""
        began = time.perf_counter()
        self.check_sight()  # a window come over the grid changes it too: never read that
        if self.hidden:
            return None
        still, sighted = time.monotonic(), time.perf_counter()
        whole = frame if self.grid is None else self.screen.grab(window)
        grabbed = time.perf_counter()
        try:
            reading = self.read_frame(whole)
        except BadInput:
            self.grid = None
            self.wait(window, whole, f"no {self.label} in sight: waiting for one")
            return None
        self.grid = self.region_of(reading, whole)
        clean = crop(whole, self.grid)
        if why := self.unready(reading):
            self.wait(window, clean, why)
            return None
        timings = {"moving": ms(change.moved - change.seen), "settle": ms(still - change.moved),
                   "sight": ms(sighted - began), "grab": ms(grabbed - sighted),
                   **reading.timings_ms}
        if self.eager:  # the board must keep still for the settle time, read meanwhile
            time.sleep(max(0.0, change.moved + self.options.settle - time.monotonic()))
        if self.timed(self.moved_since, (window, clean), timings, "still"):
            change.thumb = None  # it changed while it was read (a frame torn by a repaint)
            return None
        try:
            result = self.timed(self.solve, reading, timings, "solve")
        except BadInput as refused:  # a board read that cannot be (two start squares)
            self.wait(window, clean, f"the board read cannot be solved ({refused}): waiting")
            return None
        self.pending = (clean, self.thumb(clean), timings)
        return live.Board(whole, (window.x, window.y), reading, result, change.seen)

    def moved_since(self, seen: tuple[Region, np.ndarray]) -> bool:
        """True when the watched part of the window (at Region) no longer shows this grab."""
        window, clean = seen
        now = self.screen.grab(self.watched(window))
        return changes.changed(self.thumb(clean), self.thumb(now))

    @staticmethod
    def timed(step: Callable[[Any], Any], given: Any, timings: dict[str, float], name: str) -> Any:
        """Return step(given), its time noted in timings[name] (ms)."""
        began = time.perf_counter()
        out = step(given)
        timings[name] = ms(time.perf_counter() - began)
        return out

    def read_frame(self, whole: np.ndarray) -> Reading:
        """Return the game's board read in a grab of its window (BadInput: none there)."""
        from .. import vision

        return vision.read_board(self.game, whole, self.options.reader)

    def region_of(self, reading: Reading, whole: np.ndarray) -> Region:
        """Return the part of the window watched and read: the grid."""
        return Region(*(reading.region or (0, 0, *whole.shape[1::-1])))

    def unready(self, reading: Reading) -> str:
        """Return why a board read is not to be solved yet ("" when it is)."""
        if empty := holes(reading):
            return (f"{len(empty)} tiles off the grid (a word being built, or falling): "
                    "waiting for the board to settle")
        if line := unsure_line(reading):
            return f"{line} all unsure: the grid is not in sight whole; waiting"
        return ""

    def solve(self, reading: Reading) -> BookwormResult:
        """Return the result for a reading, without the words the game refused."""
        result = profile.solve_reading(GAME, reading, self.options, self.lexicon)
        result["words"] = [w for w in result["words"] if w["word"] not in self.refused]
        return result

    def wait(self, window: Region, clean: np.ndarray, *lines: str) -> None:
        """Show the panel alone, saying what it waits for, until this grab changes."""
        self.shown, self.change = Shown(self.thumb(clean), clean), None
        self.show_waiting(window, *lines)

    # -- drawing -----------------------------------------------------------------------------

    def present(self, board: live.Board, note: str = "") -> None:
        """Draw the board's best word and panel, and report the board (its JSON line)."""
        window = self.window or self.target.region
        drawing = self.scene(board, window, note)
        drawn = time.perf_counter()
        self.show(drawing)
        clean, thumb, timings = self.pending or (board.frame, self.thumb(board.frame), {})
        self.pending = None
        grab = self.watched(window)
        on_grab = [p.moved(-grab.x, -grab.y) for p in pieces(drawing) if p.overlap(grab)]
        self.shown = Shown(thumb, clean, changes.drawn(clean.shape, on_grab), board)
        self.change = None
        self.boards += 1
        timings["draw"] = ms(time.perf_counter() - drawn)
        line = board_json(board, timings, ms(time.monotonic() - board.seen))
        self.report(line, self.text(line))

    def scene(self, board: live.Board, window: Region, note: str) -> Scene:
        """Return what to draw for a board solved."""
        return scene.board_scene(solved(board), board.reading, board.origin, window, note)

    def text(self, line: dict[str, Any]) -> str:
        """Return a board's JSON line as a line of text."""
        return board_text(line)

    def show_waiting(self, window: Region, *lines: str) -> None:
        """Show the panel alone with these lines, beside the grid."""
        grid = None if self.grid is None else self.grid.moved(window.x, window.y)
        self.show(scene.waiting_scene(lines, grid, window))

    def show(self, drawing: Scene) -> None:
        """Show a scene and note where its panel is."""
        self.overlay.show(drawing)
        self.panel = drawing.panel.box if drawing.panel else None


def reporter(options: Namespace, say: Callable[[str], None]
             ) -> Callable[[dict[str, Any], str], None]:
    """Return how a board shown is reported: its JSON line on stdout (--json), else its text."""
    if options.json:
        return lambda line, _: print(json.dumps(line, default=printable), flush=True)
    return lambda _, text: say(text)
