"""`assistant overlay wordfeud|scrabble|wwf`: watch the game's window (a browser, a desktop app,
or a phone mirrored to the desktop) and draw the best move on the board, board after board.

It is the Bookworm overlay's watch (watch.Watch: follow the window, see a change cheaply, read
once it keeps still, hide while the window moves, is minimised or covered) with the crossword
game's parts:

- What is watched and read is the board and the rack together (a new rack is a new turn).
- The reading is `solve IMAGE`'s (vision.read_board with --language); a square read unsurely
  keeps its guess but every move through it is left out, a rack tile read unsurely is left
  out of the rack, and the panel names each (profiles.crossword.solve_reading).
- Drawn (crossword/scene.py): each tile of the best move as its letter on its square, outlined;
  the panel beside board and rack: the move's words and score, the next moves, the bag.
- A board and rack solved before are not solved again (the same turn seen after a move of
  the window).
"""

from __future__ import annotations

import os
import sys
import time
from argparse import Namespace
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from ..bookworm import watch
from ..core.gestures import Region
from ..live import stopping
from ..live import target as live
from .scene import ALPHA, area, move_scene

if TYPE_CHECKING:
    import numpy as np

    from ..adapters.overlay import Scene
    from ..core.crossword import Board, Raw
    from ..core.lexicon import Lexicon
    from ..core.rules import CrosswordRules, Layout
    from ..profiles.crossword import CrosswordResult
    from ..vision.types import Reading

REMEMBERED = 32  # boards whose moves are kept, not solved again
WORKER_LEXICON: Lexicon | None = None  # the lexicon a solver worker was born with, or loaded
Source = tuple[str | None, str, str]  # where a spawned worker loads the lexicon from: --lexicon,
# the game and --language (as the overlay loads it)


class CrosswordWatch(watch.Watch):
    """The Bookworm overlay's watch, for a crossword game's board and rack."""

    game: ClassVar[str] = "wordfeud"
    label: ClassVar[str] = "board and rack"
    across: ClassVar[int] = 15
    tick: ClassVar[float] = 0.02  # a change seen within 20 ms (a grab and a thumbnail: ~3 ms)
    eager: ClassVar[bool] = True  # read at once: the read (~70 ms) outlasts --settle
    solver: SharedSolver | None = None  # the moves down found by a worker process

    def __init__(self, *args: Any, solver: SharedSolver | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.solved: dict[tuple, CrosswordResult] = {}
        self.solver = solver

    def read_frame(self, whole: np.ndarray) -> Reading:
        """Return the board and rack read in a grab of the window, as `solve IMAGE` reads them
        (located afresh every time: a board's lattice kept from the last grab read a
        premium's label unsurely at 380 px where solve read it surely; tiles whose pixels
        were read before are not read again: vision.board.Remembered)."""
        from .. import vision

        return vision.read_board(self.game, whole, self.options.reader, self.options.language)

    def region_of(self, reading: Reading, whole: np.ndarray) -> Region:
        """Return the part of the window watched and read: the board and the rack (inside
        the window: a box read a pixel past its edge would not match the window's grab)."""
        x, y, w, h = area(reading)
        left, top = max(0, x), max(0, y)
        right, bottom = min(x + w, whole.shape[1]), min(y + h, whole.shape[0])
        return Region(left, top, right - left, bottom - top)

    def part(self, window: Region) -> Region:
        """Return the part of the screen that must not be covered: the board and the rack
        (the panel may lie beside a phone's window, over another window: it stays on top)."""
        return window if self.grid is None else self.grid.moved(window.x, window.y)

    def unready(self, reading: Reading) -> str:
        """Return why a board is not solved: no rack in sight, or none of it read surely."""
        if not reading.rack:
            return "no rack in sight: waiting for your turn"
        if all(cell.uncertain for cell in reading.rack):
            return "no rack tile read surely: waiting"
        return ""

    def solve(self, reading: Reading) -> CrosswordResult:  # type: ignore[override]
        """Return the best moves for a reading (from memory for a board and rack seen before)."""
        from ..profiles import crossword
        from ..vision.board import board_lines

        key = (board_lines(reading), tuple(c.text for c in reading.rack),
               tuple(reading.uncertain()), tuple(c.state for c in reading.cells))
        if key not in self.solved:
            if len(self.solved) >= REMEMBERED:
                self.solved.pop(next(iter(self.solved)))
            self.solved[key] = crossword.solve_reading(
                self.game, reading, self.options, self.lexicon,
                *((self.solver.generate,) if self.solver else ()))
        return self.solved[key]

    def scene(self, board: live.Board, window: Region, note: str) -> Scene:
        """Return the best move's letters on their squares and the panel."""
        return move_scene(board.result, board.reading, board.origin,  # type: ignore[arg-type]
                          window, note, self.options.language)

    def text(self, line: dict[str, Any]) -> str:
        """Return a board's line as text: the best move, its score, when it was shown."""
        shown = f"(shown in {line['overlay_ms']:g} ms)"
        if not line["moves"]:
            return f"no move with rack {line['rack']} {shown}"
        from .scene import move_line

        best = line["moves"][0]
        return f"{move_line(best)} points: {', '.join(best['words'])} {shown}"


class SharedSolver:
    """Move generation shared with a worker process (forked with the lexicon before any thread
    or window on Linux; spawned elsewhere, loading the lexicon itself); the moves found are
    the same. The board's 30 lines (15 rows across,
    15 columns down) are taken one at a time, this process from the first, the worker from the
    last (Lines, in shared memory, says which line each takes next), until they meet: on two
    free cores a board takes about half its time whatever its moves across and down cost (the
    moves across cost about twice the moves down on the bench's boards). A worker that is gone
    leaves its lines to this process."""

    def __init__(self, lexicon: Lexicon, source: Source | None = None) -> None:
        """Start the worker: forked with the lexicon where processes fork, else spawned and
        loading the lexicon from `source` (its cache: ~20 ms) before its first board."""
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        global WORKER_LEXICON
        WORKER_LEXICON = lexicon
        forks = source is None
        context = multiprocessing.get_context("fork" if forks else "spawn")
        self.lines: Any = context.Array("i", [0, 0, len(LINES)])  # see Lines
        self.pool = ProcessPoolExecutor(1, mp_context=context, initializer=worker_start,
                                        initargs=(self.lines, source))
        self.pool.submit(int).result()  # the worker started now, its lexicon loaded

    def generate(self, board: Board, rack: str, rules: CrosswordRules,
                 lexicon: Lexicon) -> list[Raw]:
        """Return every legal move, as core.crossword.generate does (here alone, should the
        worker have gone)."""
        from concurrent.futures.process import BrokenProcessPool

        with self.lines.get_lock():
            self.lines[:] = [self.lines[SOLVE] + 1, 0, len(LINES)]
            solve = self.lines[SOLVE]
        try:
            theirs = self.pool.submit(worker_moves, board, rack, rules.game, rules.language,
                                      rules.layout, solve)
        except (BrokenProcessPool, RuntimeError):
            theirs = None
        found = [m for k in iter(lambda: take(self.lines, solve, FIRST), None)
                 for m in line_moves(board, rack, rules, lexicon, LINES[k])]
        with self.lines.get_lock():
            if self.lines[LAST] == len(LINES):  # all done here: a busy worker is not waited for
                self.lines[SOLVE] += 1
                theirs = None
        try:
            return found + (theirs.result() if theirs else [])
        except BrokenProcessPool:  # its lines are done here
            with self.lines.get_lock():
                self.lines[SOLVE] += 1
                left = range(self.lines[LAST], len(LINES))
            return found + [m for k in left for m in line_moves(board, rack, rules, lexicon,
                                                                LINES[k])]

    def close(self) -> None:
        """End the worker now (left to end with the pool, it outlived the overlay's exit)."""
        workers = list((getattr(self.pool, "_processes", None) or {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
            worker.join(1.0)


LINES = [(direction, line) for direction in ("across", "down") for line in range(15)]
SOLVE, FIRST, LAST = range(3)  # Lines: the board being solved (a number), the next line this
# process takes (from the first), and the lines from LAST on, taken by the worker
WORKER_LINES: Any = None  # the worker's view of the shared Lines


def take(lines: Any, solve: int, end: int) -> int | None:
    """Return the next line to do from this end (FIRST: this process's, LAST: the worker's),
    None when they are all taken or the board is no longer the one being solved."""
    with lines.get_lock():
        if lines[SOLVE] != solve or lines[FIRST] >= lines[LAST]:
            return None
        if end == FIRST:
            lines[FIRST] += 1
            return int(lines[FIRST] - 1)
        lines[LAST] -= 1
        return int(lines[LAST])


def line_moves(board: Board, rack: str, rules: CrosswordRules, lexicon: Lexicon,
               line: tuple[str, int]) -> list[Raw]:
    """Return the moves along one line of the board, (direction, row or column)."""
    from ..core import crossword as cw

    return cw.line_of_moves(board, rack, rules, lexicon, *line)


def worker_start(lines: Any, source: Source | None) -> None:
    """Start the worker: its view of the shared lines, the lexicon loaded (a spawned worker:
    from its source); deaf to interrupts (deaf_to_interrupts)."""
    global WORKER_LINES, WORKER_LEXICON
    WORKER_LINES = lines
    deaf_to_interrupts()
    end_with_parent()
    if source is not None:
        from ..core.rules import crossword_rules
        from ..files import wordlist

        spec, game, language = source
        WORKER_LEXICON = wordlist.load(spec, None, crossword_rules(game, language).tongue)
        wordlist.crossword_table(WORKER_LEXICON)


def end_with_parent() -> None:
    """End the worker as soon as the overlay's process ends, however it ends (killed, it
    cannot close its pool: a spawned worker on Windows then lived on, holding the lexicon)."""
    import multiprocessing
    import threading

    def wait_for(parent: Any) -> None:
        parent.join()
        os._exit(0)

    if (parent := multiprocessing.parent_process()) is not None:
        threading.Thread(target=wait_for, args=(parent,), daemon=True).start()


def shared_solver(lexicon: Lexicon, source: Source) -> SharedSolver | None:
    """Return a solver sharing the work with a worker where there are two cores or more (else
    None: boards are solved here alone, as they are when the worker cannot start): forked
    where processes fork (Linux, before any thread), else spawned (Windows, macOS), the
    worker loading the lexicon from its source."""
    from concurrent.futures.process import BrokenProcessPool

    if (os.cpu_count() or 1) < 2:
        return None
    try:
        return SharedSolver(lexicon, None if sys.platform.startswith("linux") else source)
    except (OSError, RuntimeError, BrokenProcessPool):  # no worker: alone, as with one core
        return None


def deaf_to_interrupts() -> None:
    """Leave Ctrl-C to the overlay's process (the worker is in its process group: it would
    print a traceback; it ends when the overlay closes its pool, or dies), and its output
    too: the worker lets go of the overlay's stdout and stderr (a caller waiting for their
    end would wait for the worker's)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    quiet = os.open(os.devnull, os.O_WRONLY)
    for stream in (1, 2):
        os.dup2(quiet, stream)
    os.close(quiet)


def worker_moves(board: Board, rack: str, game: str, language: str, layout: Layout,
                 solve: int) -> list[Raw]:
    """Return the moves along the lines taken from the last, until the lines meet (in the
    worker, with the lexicon it was forked with)."""
    from dataclasses import replace

    from ..core.rules import crossword_rules

    assert WORKER_LEXICON is not None
    rules = replace(crossword_rules(game, language), layout=layout)
    return [m for k in iter(lambda: take(WORKER_LINES, solve, LAST), None)
            for m in line_moves(board, rack, rules, WORKER_LEXICON, LINES[k])]


def watch_for(game: str) -> type[CrosswordWatch]:
    """Return the watch of one crossword game."""
    return type(f"{game.title()}Watch", (CrosswordWatch,), {"game": game})


# --- the command ------------------------------------------------------------------------------

def run(options: Namespace, say: Callable[[str], None], warn: Callable[[str], None],
        progress: Callable[[str], None]) -> tuple[dict[str, Any], Callable[[Any], str], int]:
    """Watch the game's window and draw the best move over it until stopped; return the boards
    shown and why it stopped (on every way out: the stop key, a signal, a fault), how to
    render it, and the exit status."""
    from ..live.stopping import way_out

    kept: dict[str, Any] = {}
    stopped, status = way_out(lambda: watch_boards(options, say, warn, progress, kept))
    seeing = kept.get("watch")
    return {"game": options.overlay_game, "boards": seeing.boards if seeing else 0,
            "stopped": stopped}, render, status


def watch_boards(options: Namespace, say: Callable[[str], None], warn: Callable[[str], None],
                 progress: Callable[[str], None], kept: dict[str, Any]) -> None:
    """Watch and draw board after board until stopped; the watch is kept in `kept` as soon as
    it exists, for the report."""
    from ..core.rules import crossword_rules
    from ..files import wordlist

    # BadInput for a wrong --language
    tongue = crossword_rules(options.overlay_game, options.language).tongue
    lexicon = wordlist.load(options.lexicon, progress, tongue)
    wordlist.index(lexicon)
    wordlist.crossword_table(lexicon)  # before the worker forks: it has the table too
    solver = shared_solver(lexicon, (options.lexicon, options.overlay_game, options.language))
    try:
        watch_with(options, say, warn, progress, kept, lexicon, solver)
    finally:
        if solver is not None:
            solver.close()


def watch_with(options: Namespace, say: Callable[[str], None], warn: Callable[[str], None],
               progress: Callable[[str], None], kept: dict[str, Any], lexicon: Lexicon,
               solver: SharedSolver | None) -> None:
    """Find the window and watch it, board after board, until stopped."""
    from ..adapters.backends import overlay
    from ..adapters.overlay import stroke_shape
    from ..adapters.screen import MssScreen
    from ..live.stopping import stop_key

    game = options.overlay_game
    target = live.find_target(options, options.game_title, progress)
    screen = MssScreen()
    live.warm_up(live.capture(target, screen, first=True), game, "template")
    stroke_shape("A", 20)  # Pillow and its font loaded now, not on the first board (~0.1 s)
    with stop_key(options.stop_key, warn) as pressed:
        drawing = overlay(ALPHA)
        seeing = watch_for(game)(target, screen, drawing, lexicon, options,
                                 stopping.Stopper(pressed), watch.reporter(options, say),
                                 solver=solver)
        kept["watch"] = seeing
        if not options.json:
            say(f"watching {target.name}: the best move is drawn on its board; "
                f"stop with {options.stop_key}")
        try:
            show_boards(seeing)
        finally:
            drawing.close()


def show_boards(seeing: CrosswordWatch) -> None:
    """Show board after board until stopped (stopping.Stopped); the first within --wait."""
    board = seeing.next_board(time.monotonic() + seeing.options.wait)
    while True:
        seeing.present(board)
        board = seeing.next_board()


def render(played: dict[str, Any]) -> str:
    """Return the readable end: boards shown and why it stopped."""
    return (f"overlay {played['game']}: {played['boards']} boards shown; "
            f"stopped: {played['stopped']}")

