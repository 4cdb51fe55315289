"""Autoplay Wordament (`assistant play wordament`): read each board from the screen, drag
every word, and learn from the game's own feedback, round after round.

    live.wait_for_board -> profile.gestures -> plan.order -> mouse.drag -> Watcher -> store

- The board is always read from the screen, by the reader that reads screenshots; tiles read
  uncertainly are blocked, never guessed. Words the game rejected before (the store) are not
  tried again. The words of --extra-lexicon that the lexicon lacks are tried after its own,
  while time is left: those the game accepts are learned, and played with the lexicon's from
  then on. So the player learns the game's own dictionary, round by round.
- Before each word: the stop key, the fail-safe corner and the time limit; the window (moved:
  play pauses, reads the board again where it now is, and goes on; closed, minimised or no
  longer focused: play stops with one line, exit status 2); no other window over any point of
  the drag (play waits for it to go); and the grid still on the screen (else the round is over).
- Each drag is made in step with the game (Tracer): after the release, the drag's last tile
  must no longer show selected (the game has taken the release: the next press is a new
  swipe; a grid gone before the drag's end, or just after its release, means the round
  ended with the drag held, and the game dropped it: it is not counted), the pointer
  already on the next word's first tile meanwhile (the rest a press needs after a move then
  costs nothing on Windows); at each tile after the first, the pointer waits until the tile
  shows selected (the game has taken the motion there) before it moves on or lets go (and
  tells the watcher, whose grabs may miss it). A game that is busy merges the motion events
  queued meanwhile into the last one (Tk does, and so does Windows), so a pointer that moved
  on while it was busy would skip a tile: the game would take the drag short.
- The Watcher (feedback_watcher.py), a thread of its own, grabs the grid every few
  milliseconds and reads each swipe's verdict from the colour its tiles flash
  (vision.feedback) while the next word is already being dragged; it hands the verdicts over
  on a queue. A word with no feedback, or rejected on some tiles only, is dragged once more,
  slower; three words in a row without feedback stop play. Every drag is one swipe of the
  round's tally, as the game counts them.
- The speed (Pace) finds itself: slower when a drag comes back partial or silent, faster
  while every drag registers; --drag-ms fixes it instead.
- One way out (run, through live.stopping.way_out): the stop key, the fail-safe corner,
  Ctrl-C, SIGTERM, SIGHUP, a closed window and every error let go of the mouse, close the round
  in the store and give the report, its "stopped" saying why, then the status that fits (2 for
  a fault, 130 for Ctrl-C, 128 + the signal's number for another signal).
"""

from __future__ import annotations

import time
from argparse import Namespace
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from ..adapters.mouse import Moved
from ..core import plan
from ..core.gestures import Drag, Point, Region
from ..core.types import BadInput
from ..live import stopping
from ..live import target as live
from ..live.stopping import corner, stop_key, way_out
from ..profiles import profile
from ..profiles.grid import GridResult, WordJSON
from .feedback_watcher import FEEDBACK_SECONDS, TICK, Swipe, Verdict, Watcher

if TYPE_CHECKING:

    from ..adapters.mouse import Mouse
    from ..adapters.screen import Screen
    from ..core.lexicon import Lexicon
    from ..store.store import Store
    from ..vision.feedback import Face

GAME = "wordament"
TITLE = "Wordament"  # the window title looked for by default
DRAG_MS = 20.0  # time per drag segment (tile to tile) a round begins with
SLOWER = 2.0  # a word tried again drags this many times slower
SILENT = 3  # words in a row without feedback that stop play
LIT_LIMIT = 1.0  # longest wait at a tile for the game to show it selected (a busy game is slow)
UNLIT = 3  # tiles never seen selected, none ever seen so, before drags stop waiting for it
FREED_LIMIT = 5.0  # longest wait after a release for the game to let go of the drag: a next
# drag begun on a drag still held finds its shared tiles stale selected, moves on, and the
# game, catching up, takes its motions as one jump (ULTRA as URA; SEALER, begun on STELES's
# last tile 1.1 s after STELES with two busy processes, as S); a game that never lets go is
# waited for this long a word, a round's end stops the wait at once (the grid goes)
LAG = 0.001  # s: an idle game's delay in taking a release sent to it
POLL_S = (0.0005, 0.0005, 0.001, 0.001, 0.002)  # pauses between looks at a tile, then 2 ms each
COVERED_LIMIT = 10.0  # longest wait for a window over the grid to go
PATH_STEP = 6  # pixels between the points of a drag checked for a window over them


@dataclass(frozen=True)
class Played:
    """One swipe as the game took it: the word meant, the game's verdict, the points."""

    word: str
    verdict: str
    points: int
    partly: bool = False  # the verdict was seen on some of its tiles only


@dataclass
class Tally:
    """One round as played: every swipe with its verdict, the pace, when it began and ended."""

    number: int
    board: str
    began: float
    first_drag_ms: float | None = None
    swipes: list[Played] = field(default_factory=list)
    seconds: float = 0.0
    drag_ms: float = DRAG_MS

    def count(self, verdict: str) -> int:
        """Return how many swipes got this verdict."""
        return sum(s.verdict == verdict for s in self.swipes)

    def json(self) -> dict[str, Any]:
        """Return the round's summary as JSON."""
        return {"round": self.number, "board": self.board, "tried": len(self.swipes),
                **{v.replace(" ", "_"): self.count(v)
                   for v in ("accepted", "repeated", "rejected", "no feedback")},
                "points": sum(s.points for s in self.swipes if s.verdict == "accepted"),
                "seconds": round(self.seconds, 2),
                "words_per_second": round(len(self.swipes) / self.seconds, 2)
                if self.seconds else None, "first_drag_ms": self.first_drag_ms,
                "drag_ms": round(self.drag_ms, 1)}


# --- the pace: as fast as the game takes every drag whole ----------------------------------

FASTEST, SLOWEST = 5.0, 120.0  # the drag times (ms per segment) the pace keeps within
SPEED_UP, SLOW_DOWN = 0.8, 1.5  # factors on the drag time
STREAK = 4  # drags in a row taken whole before the pace speeds up


@dataclass
class Pace:
    """The time per drag segment: found within the round from the game's verdicts (slower
    when a drag comes back partial or silent, faster while every drag registers), or fixed
    (--drag-ms)."""

    ms: float = DRAG_MS
    fixed: bool = False
    whole: int = 0  # drags taken whole in a row

    def missed(self) -> None:
        """Slow down: the game missed part of a drag."""
        if not self.fixed:
            self.ms, self.whole = min(SLOWEST, self.ms * SLOW_DOWN), 0

    def heard(self, verdict: str, partly: bool) -> None:
        """Follow one swipe's verdict: slower if it was partial or silent, faster after
        STREAK whole ones."""
        if verdict == "no feedback" or (verdict == "rejected" and partly):
            self.missed()
        elif not self.fixed:
            self.whole += 1
            if self.whole >= STREAK:
                self.ms, self.whole = max(FASTEST, self.ms * SPEED_UP), 0


STOPPED = (KeyboardInterrupt, stopping.Signalled, stopping.Stopped)  # the ways play is ended
# mid-drag (Ctrl-C, SIGTERM or SIGHUP, the stop key): each comes after the press


# --- words and drags in step with the game --------------------------------------------------

@dataclass
class Word:
    """A word to play: its path of tile indices, its points, how often it was dragged, and
    the last drag's verdict (the player's own record, kept by its thread alone: the watcher
    is told of a drag as an immutable Swipe)."""

    word: str
    path: tuple[int, ...]
    points: int
    tries: int = 0
    pressed: float = 0.0  # time.monotonic() when its last drag began
    released: float = 0.0  # and ended
    verdict: str = ""
    evidence: frozenset[int] = frozenset()  # the tiles its verdict was read on
    taken: bool | None = None  # the game was seen letting go of its last drag (None: unseen)
    held: float = 0.0  # when a look began that last saw its last drag held (0: none did)
    cut: bool = False  # the grid went before its last drag ended: the game dropped it
    lit: int = 0  # tiles after the first its last drag saw the game show selected
    in_lexicon: bool = True  # False: from the extra lexicon, or learned from the game

    @property
    def whole(self) -> bool:
        """True when the game was seen holding every tile of its last drag and letting go of
        it: the game judged the whole word (a verdict missed is then no reason to drag it
        again: it would come back repeated)."""
        return self.taken is True and self.lit == len(self.path) - 1

    @property
    def partly(self) -> bool:
        """True when its verdict was seen on some of its tiles only (later drags lit others)."""
        return self.evidence != frozenset(self.path)


class Tracer:
    """Makes a drag keep in step with the game: reads, on the screen, whether a tile shows
    selected (the pale face of a tile in the drag under way)."""

    def __init__(self, screen: Screen, board: live.Board, face: Face) -> None:
        from ..vision import feedback

        x, y = board.origin
        self.screen, self.board = screen, face
        self.strips = [Region(x + sx, y + sy, sw, sh) for sx, sy, sw, sh in
                       (feedback.strip(c.box) for c in board.reading.cells)]
        self.lit = self.unlit = 0  # tiles seen selected in time, and not

    @property
    def works(self) -> bool:
        """False once UNLIT tiles in a row never showed selected, and none ever did: this
        game does not show a drag's tiles so (drags are then made at the pace alone)."""
        return self.lit > 0 or self.unlit < UNLIT

    def face(self, tile: int) -> Face:
        """Return the tile's face now (grabbing only the strip it is read from: under Wine
        at 150%, a whole tile's grab took a fifth of the time per word)."""
        from ..vision import feedback

        return feedback.colour(self.screen.grab(self.strips[tile]))

    def selected(self, tile: int) -> bool:
        """True when the tile shows selected now."""
        from ..vision import feedback

        return feedback.selected(self.face(tile))

    def let_go(self, tile: int) -> bool | None:
        """Whether the game has let go of a drag ending on this tile: True when the tile
        shows the board's face or a verdict's, False when the grid has gone, None while
        the tile still shows selected."""
        from ..vision import feedback

        face = self.face(tile)
        return None if feedback.selected(face) else feedback.on_screen([face], self.board) > 0


def went_with(held: float, released: float, gone: float) -> bool:
    """Whether the grid, seen held at `held` and gone at `gone` (the release sent at
    `released` between or before them), more likely went before the game took the release
    (LAG after it was sent) than after: the round's end is as likely at any moment between
    the two looks. A player that looked at once after its release (an idle machine) says
    dropped; one kept from looking for long after it (a busy machine) says taken."""
    return 2 * (released + LAG) > held + gone


def pause(looks: int) -> int:
    """Sleep between two looks at a tile while the game is awaited, a little longer after each
    (POLL_S: a game that is slow to show it gets more of the CPU); return the looks made."""
    time.sleep(POLL_S[min(looks, len(POLL_S) - 1)])
    return looks + 1


def path_points(points: tuple[Point, ...], step: int = PATH_STEP) -> list[Point]:
    """Return points along a drag's path, at most `step` pixels apart."""
    from itertools import pairwise

    from ..adapters.mouse import steps

    return [points[0], *(p for a, b in pairwise(points) for p in steps(a, b, step))]


# --- one round ------------------------------------------------------------------------------

@dataclass
class Player:
    """Everything a round is played with: the game on the screen, the mouse, the watcher,
    the store, the options, and the words learned so far."""

    target: live.Target
    screen: Screen
    mouse: Mouse
    watcher: Watcher
    store: Store
    lexicon: Lexicon
    extra: Lexicon | None  # words to try after the lexicon's, to learn the game's dictionary
    options: Namespace
    stop: stopping.Stopper
    say: Callable[[str], None]
    silent: int = 0  # words in a row without feedback
    played: list[Tally] = field(default_factory=list)
    round_id: int = 0  # the store's id of the round in play
    pace: Pace = field(default_factory=Pace)
    swiped: dict[int, Word] = field(default_factory=dict)  # swipe number -> word, in flight
    swipes: int = 0  # drags made (each swipe's number)
    tracer: Tracer | None = None

    def read(self, unlike: str | None = None) -> live.Board:
        """Return the next board on the screen, read and solved."""
        return live.wait_for_board(self.target, self.screen, GAME, profile(GAME), self.options,
                                   self.lexicon, self.stop, unlike, self.say)

    def words(self, board: live.Board) -> tuple[list[Word], list[Word]]:
        """Return the board's words worth trying, never one the game rejected before: first
        the lexicon's and those the game taught us, then the extra lexicon's others."""
        rejected, taught = self.store.rejected(GAME), self.store.accepted_unknown(GAME)
        known = found(grid(board), True)
        if taught:
            known += found(self.solve(board, list_of(sorted(taught))), False)
        seen = {w.word for w in known} | rejected
        extra = [w for w in found(self.solve(board, self.extra), False) if w.word not in seen] \
            if self.extra else []
        return [w for w in known if w.word not in rejected], extra

    def solve(self, board: live.Board, lexicon: Lexicon) -> GridResult:
        """Return the words of another lexicon on the board."""
        return cast("GridResult", profile(GAME).solve_reading(GAME, board.reading, self.options,
                                                              lexicon))

    def drags(self, board: live.Board, words: list[Word]) -> dict[str, Drag]:
        """Return each word's drag on the screen where the board is now."""
        listed = GridResult(**{**grid(board), "words": [
            WordJSON(word=w.word, path=list(w.path), score=w.points) for w in words]})
        moves = profile(GAME).gestures(listed, board.reading, board.origin)
        return {d.word: d for d in moves if isinstance(d, Drag)}

    def round(self, board: live.Board, number: int) -> Tally:
        """Play every word of a board until they are done or the round is over."""
        tally = Tally(number, board.text, time.monotonic(), drag_ms=self.pace.ms)
        self.played.append(tally)
        self.round_id = self.store.start_round(GAME, board.text)
        try:
            self.play_words(board, tally)
        finally:  # also when play is stopped mid-round: what was played is kept and told
            with suppress(Exception):  # the verdicts of the drags made, if the watcher can tell
                end = time.monotonic() + FEEDBACK_SECONDS + 0.2
                while self.watcher.busy() and time.monotonic() < end:
                    time.sleep(TICK)
                self.settle(deque(), tally)
            self.swiped.clear()  # still held by the game as the grid went: it drops them
            tally.seconds, tally.drag_ms = time.monotonic() - tally.began, self.pace.ms
            self.store.end_round(self.round_id, tally.json()["points"], tally.seconds)
            self.say(summary(tally.json()))
            annotate(board, self.options.annotate)
        return tally

    def play_words(self, board: live.Board, tally: Tally) -> None:
        """Drag the board's words in plan order, settling verdicts as they come."""
        first, then = self.words(board)
        drags = self.drags(board, first + then)
        pending = deque(in_order(first, drags, self.pace.ms) + in_order(then, drags, self.pace.ms))
        self.watch(board)
        while pending or self.watcher.busy():
            self.settle(pending, tally)
            self.stop.check()
            if self.stop.out_of_time():
                break
            if not pending:
                time.sleep(TICK)
                continue
            board, drags = self.follow(board, drags, first + then)
            if not self.watcher.present() and not self.still_there(board):
                break  # the round is over
            self.swipe(pending.popleft(), drags, board, tally, pending)

    def wait(self, done: Callable[[], bool], limit: float | None, what: str,
             meanwhile: Callable[[], Any] = lambda: None) -> bool:
        """Wait until done() (True), or the time is up or `meanwhile` says to go on (False);
        checking the stop key and the fail-safe corner each TICK; BadInput after `limit`
        seconds, if given."""
        start = time.monotonic()
        while not done():
            self.stop.check()
            if meanwhile() or self.stop.out_of_time():
                return False
            if limit is not None and time.monotonic() - start > limit:
                raise BadInput(f"waited {limit:g} s for {what} in {self.target.name}: "
                               "play stopped")
            time.sleep(TICK / 2)
        return True

    def still_there(self, board: live.Board) -> bool:
        """True when a fresh read finds the same board where it was (the watcher, which
        only compares colours, thought it gone): then watch it afresh."""
        again = live.read_board(self.target, self.screen, GAME, profile(GAME), self.options,
                                self.lexicon)
        if again is None or again.text != board.text or again.origin != board.origin:
            return False
        self.watch(again)
        return True

    def watch(self, board: live.Board) -> None:
        """Point the watcher (and the tracer) at the board's grid."""
        from ..vision import feedback

        x, y, w, h = board.reading.region or (0, 0, *board.frame.shape[1::-1])
        grid = Region(board.origin[0] + x, board.origin[1] + y, w, h)
        boxes = [(bx - x, by - y, bw, bh) for bx, by, bw, bh in
                 (c.box for c in board.reading.cells)]
        faces = feedback.faces(board.frame, [c.box for c in board.reading.cells])
        face = feedback.board_face(faces)
        self.watcher.watch(grid, boxes, face)
        before, self.tracer = self.tracer, Tracer(self.screen, board, face)
        if before is not None:
            self.tracer.lit, self.tracer.unlit = before.lit, before.unlit

    def follow(self, board: live.Board, drags: dict[str, Drag],
               words: list[Word]) -> tuple[live.Board, dict]:
        """Return the board and drags where the game is now: if its window moved, wait for it
        to keep still (BadInput if now mostly off the screen), read the board again there, and
        move the mouse's bounds with it."""
        from ..adapters import screen as screens

        region = self.target.where()
        if (region.x, region.y) == board.origin and region == self.mouse.bounds:
            if self.played[-1].swipes and not self.target.focused() and \
                    not self.target.covering([self.mouse.position()]):  # a popup: wait
                raise BadInput(f"{self.target.name} lost the focus: play stopped")
            return board, drags
        self.say(f"{self.target.name} moved to {region}: reading the board again")
        region = self.target.keep_still(self.rest)
        screens.check_on_screen(region, screens.virtual_screen())
        self.mouse.bounds = region
        again = self.read()
        if again.text != board.text:
            raise BadInput(f"the board changed while {self.target.name} moved: play stopped")
        self.watch(again)
        return again, self.drags(again, words)

    def rest(self) -> None:
        """Check the stop key and the fail-safe, and wait a tick."""
        self.stop.check()
        time.sleep(TICK)

    def uncovered(self, drag: Drag, pending: deque[Word], tally: Tally) -> bool:
        """Return True once no other window lies over any point of the drag's path, waiting
        (up to COVERED_LIMIT: then BadInput) while one does; False if the time ran out."""
        points = path_points(drag.points)
        if not (over := self.target.covering(points)):
            return True
        self.say(f"{', '.join(repr(t) for t in over)} lies over the grid: waiting for it to go")
        return self.wait(lambda: not self.target.covering(points), COVERED_LIMIT,
                         f"the window over the grid ({over[0]!r}) to go",
                         lambda: self.settle(pending, tally))

    def swipe(self, word: Word, drags: dict[str, Drag], board: live.Board, tally: Tally,
              pending: deque[Word]) -> None:
        """Drag one word (slower when it is tried again) in step with the game, and hand it
        to the watcher once the game has let go of it; first wait for the verdict of a word
        whose every tile this drag would light, and for no window over the path."""
        drag = drags[word.word]
        if not self.wait(lambda: not self.watcher.blinds(word.path), None, "a verdict",
                         lambda: self.settle(pending, tally)) or \
                not self.uncovered(drag, pending, tally):
            pending.appendleft(word)  # the time is up
            return
        if tally.first_drag_ms is None:
            tally.first_drag_ms = round((time.monotonic() - board.seen) * 1000, 1)
        self.watcher.drag(word.path)
        word.pressed, word.held, word.cut, word.lit = time.monotonic(), 0.0, False, 0
        try:
            self.mouse.drag(drag, self.pace.ms * (SLOWER if word.tries else 1),
                            self.reached(word))
        except Moved:  # let go at once: the word is dragged again where the board is now
            pending.appendleft(word)
            return
        except STOPPED:  # stopped after the press: the button let go, the game judges the
            self.count(word, time.monotonic())  # tiles dragged so far as a swipe
            raise
        word.tries += 1
        word.released, word.verdict = time.monotonic(), ""
        try:
            word.taken = self.taken(word, lambda: self.hover(pending, drags))
        except STOPPED:  # stopped while the game took the release: it has the swipe
            self.count(word, word.released)
            raise
        if word.taken is False:
            return  # the round ended with the drag held: the game dropped it
        self.count(word, word.released)

    def count(self, word: Word, released: float) -> None:
        """Count a drag as one of the game's swipes, and hand it to the watcher."""
        word.released = released
        self.swipes += 1
        self.swiped[self.swipes] = word
        self.watcher.expect(Swipe(self.swipes, word.path, word.pressed, word.released))

    def hover(self, pending: deque[Word], drags: dict[str, Drag]) -> None:
        """Put the pointer on the next word's first tile (there while the game takes the
        release: on Windows the rest a press needs after a move then costs nothing)."""
        if pending and pending[0].word in drags:
            self.mouse.hover(drags[pending[0].word].points[0])

    def taken(self, word: Word, meanwhile: Callable[[], None] = lambda: None) -> bool | None:
        """Wait (up to FREED_LIMIT) until the game lets go of the drag just made, so the next
        press is a new swipe (doing `meanwhile` after the first look): True once its last
        tile no longer shows selected; False when the game dropped it (the round ended with
        the drag held: see went_with); None when that is not known (the swipe counts)."""
        gone = self.watcher.gone_at
        if word.cut or (gone is not None and gone < word.pressed):
            meanwhile()
            return False  # the grid went before the drag's end
        tracer = self.tracer
        if tracer is None or not tracer.works:
            meanwhile()
            return None
        end, looks = word.released + FREED_LIMIT, 0
        while True:
            looked = time.monotonic()
            let_go = tracer.let_go(word.path[-1])
            seen = time.monotonic()
            if not looks:
                meanwhile()
            if let_go is not None or seen > end:
                break
            word.held, looks = looked, pause(looks)
        if let_go is False:
            return False if went_with(word.held, word.released, seen) else None
        return let_go

    def reached(self, word: Word) -> Callable[[int], None] | None:
        """Return what the mouse calls at each tile after a word's first: wait (up to
        LIT_LIMIT) for the game to show the tile selected."""
        tracer = self.tracer
        if tracer is None or not tracer.works:
            return None

        def there(i: int) -> None:
            end, looks = time.monotonic() + LIT_LIMIT, 0
            looked = time.monotonic()
            while not tracer.selected(word.path[i]):
                if time.monotonic() > end:  # the verdict will tell if it was missed
                    tracer.unlit += 1
                    return
                if not self.watcher.present():  # the round is over: the game drops the drag
                    word.cut = True
                    return
                self.stop.check()
                looks = pause(looks)
                looked = time.monotonic()
            word.held, word.lit = looked, word.lit + 1
            tracer.lit += 1
            self.watcher.selected(word.path[:i + 1])  # the watcher may have blinked
        return there

    def settle(self, pending: deque[Word], tally: Tally) -> None:
        """Record the verdicts come in, one swipe each; a word with no feedback, or rejected
        on some of its tiles only (a drag the game took short looks the same), is dragged
        again, once."""
        for verdict in self.watcher.take():
            self.heard(verdict, pending, tally)

    def heard(self, verdict: Verdict, pending: deque[Word], tally: Tally) -> None:
        """Record one swipe's verdict, and learn from it."""
        word = self.swiped.pop(verdict.number, None)
        if word is None:  # a swipe of a round already closed
            return
        word.verdict, word.evidence = verdict.verdict, verdict.evidence
        self.pace.heard(word.verdict, word.partly)
        tally.swipes.append(Played(word.word, word.verdict,
                                   word.points if word.verdict == "accepted" else 0, word.partly))
        self.store.add_play(self.round_id, word.word, word.path, word.verdict,
                            word.points if word.verdict == "accepted" else 0,
                            word.released - tally.began)
        if doubtful(word) and word.tries < 2 and self.watcher.present():
            pending.appendleft(word)
            return
        self.store.learn(GAME, word.word, word.verdict, word.in_lexicon,
                         clean=not word.partly)
        self.silent = self.silent + 1 if word.verdict == "no feedback" else 0
        if self.silent >= SILENT and self.watcher.present():
            raise BadInput(f"no feedback from {self.target.name} on {SILENT} words in a "
                           "row: is the game taking the mouse? play stopped")


def doubtful(word: Word) -> bool:
    """True when a word's verdict may be the game missing the drag: no feedback at all, or a
    rejection seen only on the tiles no later drag lit (rejected words are never tried again);
    never when the drag was seen taken whole."""
    return not word.whole and (word.verdict == "no feedback" or
                               (word.verdict == "rejected" and word.partly))


# --- the command ------------------------------------------------------------------------------

def run(options: Namespace, say: Callable[[str], None], warn: Callable[[str], None],
        progress: Callable[[str], None]) -> tuple[dict[str, Any], Callable[[Any], str], int]:
    """Play as the options say and return the report, how to render it, and the exit status:
    on every way out, the report of what was played and why it stopped."""
    if options.dry_run:
        return dry_run(options, say, progress), render, 0
    played: list[Tally] = []
    stopped, status = way_out(lambda: play(options, say, warn, progress, played))
    return {"game": GAME, "rounds": [t.json() for t in played], "stopped": stopped}, \
        render, status


def play(options: Namespace, say: Callable[[str], None], warn: Callable[[str], None],
         progress: Callable[[str], None], played: list[Tally]) -> None:
    """Play Wordament on the screen as the options say, each round's tally added to `played`
    as it begins."""
    from ..adapters.mouse import PyAutoGuiMouse
    from ..adapters.screen import MssScreen
    from ..files import wordlist
    from ..store.store import Store
    from ..store.user import default_path

    lexicon = wordlist.load(options.lexicon, progress)
    extra = wordlist.load(options.extra_lexicon, progress) if options.extra_lexicon else None
    target = live.find_target(options, TITLE, progress)
    screen = MssScreen()
    live.warm_up(live.capture(target, screen, first=True), GAME, options.reader)
    deadline = time.monotonic() + options.seconds if options.seconds else None
    mouse = PyAutoGuiMouse(target.region, target.where)
    watcher = Watcher(screen)
    try:
        with Store.open(default_path()) as store, stop_key(options.stop_key, warn) as pressed:
            player = Player(target, screen, mouse, watcher, store, lexicon, extra, options,
                            stopping.Stopper(pressed, deadline, corner(mouse)), say,
                            played=played, pace=Pace(options.drag_ms or DRAG_MS,
                                                     options.drag_ms is not None))
            rounds(player)
    finally:
        mouse.release()
        watcher.close()


def rounds(player: Player) -> None:
    """Play round after round until --rounds or --seconds is reached."""
    last: str | None = None
    number = 0
    while not player.options.rounds or number < player.options.rounds:
        if player.stop.out_of_time():
            return
        unlike = last if player.watcher.present() else None
        player.watcher.rest()
        try:
            board = player.read(unlike=unlike)
        except stopping.OutOfTime as why:
            if number:
                return
            raise BadInput(str(why)) from None
        number += 1
        player.round(board, number)
        last = board.text
        if player.options.rounds and number >= player.options.rounds:
            return
        player.say(f"round {number} played: waiting for the next board")
        player.wait(lambda: not player.watcher.present(), None, "the next board")


def dry_run(options: Namespace, say: Callable[[str], None],
            progress: Callable[[str], None]) -> dict[str, Any]:
    """Read and solve the board, and show the drags that would be made; move nothing."""
    from ..adapters.screen import MssScreen
    from ..files import wordlist

    lexicon = wordlist.load(options.lexicon, progress)
    target = live.find_target(options, TITLE, progress)
    screen = MssScreen()
    live.warm_up(live.capture(target, screen, first=True), GAME, options.reader)
    board = live.wait_for_board(target, screen, GAME, profile(GAME), options, lexicon,
                                stopping.Stopper(), None, say)
    from ..store.user import banned

    refused = banned(GAME)  # play never tries these: the dry run does not show them either
    drags = [d for d in drags_of(board) if d.word not in refused]
    annotate(board, options.annotate)
    say(f"{target.name}: board {board.text} ({grid(board)['count']} words); "
        "would drag (dry run, nothing moved):")
    for drag in drags:
        say(f"  {drag.word}: " + " ".join(f"{x},{y}" for x, y in drag.points))
    return {"game": GAME, "dry_run": True, "board": board.text, "gestures": [
        {"word": d.word, "points": [list(p) for p in d.points]} for d in drags]}


def annotate(board: live.Board, out: str | None) -> None:
    """Save the board's capture with what each tile was read as and the best word's path
    (--annotate), once the round no longer waits on it."""
    if out:
        from ..screenshot.solve import annotate as draw

        draw(board.frame, board.reading, profile(GAME).best_play(board.result), out)


def grid(board: live.Board) -> GridResult:
    """Return the board's result as what it is: the words found on a grid."""
    return cast("GridResult", board.result)


def found(result: GridResult, in_lexicon: bool) -> list[Word]:
    """Return the words of a result as words to play."""
    return [Word(w["word"], tuple(w["path"]), int(w["score"]), in_lexicon=in_lexicon)
            for w in result["words"]]


def list_of(words: list[str]) -> Lexicon:
    """Return a lexicon of a few words (those the game taught us)."""
    from ..core.lexicon import Lexicon, WordList

    return Lexicon.from_wordlist(WordList(words), "learned")


def in_order(words: list[Word], drags: dict[str, Drag], drag_ms: float) -> list[Word]:
    """Return the words in the order of play: the most points per second of mouse work."""
    by_word = {w.word: w for w in words if w.word in drags}
    moves = [plan.Move(drags[w], by_word[w].points) for w in by_word]
    return [by_word[m.drag.word] for m in plan.order(moves, plan.Pace(drag_ms))]


def drags_of(board: live.Board) -> list[Drag]:
    """Return the drags of the board's words, best first, on the screen where it is."""
    moves = profile(GAME).gestures(board.result, board.reading, board.origin)
    return [d for d in moves if isinstance(d, Drag)]


def render(played: dict[str, Any]) -> str:
    """Return the readable end of play: the totals, and why it stopped."""
    if played.get("dry_run"):
        return f"dry run: {len(played['gestures'])} drags shown, nothing moved"
    rounds = played["rounds"]
    points = sum(r["points"] for r in rounds)
    line = (f"played {len(rounds)} round(s): {sum(r['tried'] for r in rounds)} words tried, "
            f"{sum(r['accepted'] for r in rounds)} accepted, {points} points")
    return line + (f"; stopped: {played['stopped']}" if played["stopped"] else "")


def summary(tally: dict[str, Any]) -> str:
    """Return a round's summary as one line."""
    return (f"round {tally['round']}: {tally['tried']} words tried, {tally['accepted']} accepted, "
            f"{tally['repeated']} repeated, {tally['rejected']} rejected, "
            f"{tally['no_feedback']} without feedback; {tally['points']} points in "
            f"{tally['seconds']:g} s ({tally['words_per_second']} words/s, "
            f"drags of {tally['drag_ms']:g} ms a tile)")
