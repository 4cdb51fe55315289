"""Autoplay Wordament (`assistant play wordament`): read each board from the screen, drag
every word, and learn from the game's own feedback, round after round.

    live.wait_for_board -> profile.gestures -> plan.order -> mouse.drag -> Watcher -> store

- The board is always read from the screen, by the reader that reads screenshots; tiles read
  uncertainly are blocked, never guessed. Words the game rejected before (the store) are not
  tried again. The words of --extra-lexicon that the lexicon lacks are tried after its own,
  while time is left: those the game accepts are learned, and played with the lexicon's from
  then on. So the player learns the game's own dictionary, round by round.
- Before each word: the stop key and the time limit; the window (moved: play pauses, reads the
  board again where it now is, and goes on; closed, minimised or no longer focused: play stops
  with one line, exit status 2); and the grid still on the screen (else the round is over).
- The Watcher (watcher.py), a thread of its own, grabs the grid every few milliseconds and
  reads each swipe's verdict from the colour its tiles flash (vision.feedback) while the next
  word is already being dragged. A word with no feedback is tried once more, slower; three
  words in a row without feedback stop play.
"""

from __future__ import annotations

import time
from argparse import Namespace
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from . import live
from .adapters.mouse import FailSafe, Moved
from .core import plan
from .core.gestures import Drag, Region
from .core.types import BadInput
from .profiles import profile
from .profiles.grid import GridResult, WordJSON
from .watcher import TICK, Watcher, Word

if TYPE_CHECKING:

    from .adapters.mouse import Mouse
    from .adapters.screen import Screen
    from .core.lexicon import Lexicon
    from .store import Store

GAME = "wordament"
TITLE = "Wordament"  # the window title looked for by default
DRAG_MS = 20.0  # default time per drag segment (tile to tile)
SLOWER = 2.0  # a word tried again drags this many times slower
SILENT = 3  # words in a row without feedback that stop play
SETTLE = 0.15  # seconds a moved window must keep still before the board is read again


@dataclass
class Tally:
    """One round as played: the words with their verdicts, and when it began and ended."""

    number: int
    board: str
    began: float
    first_drag_ms: float | None = None
    words: list[Word] = field(default_factory=list)
    seconds: float = 0.0

    def count(self, verdict: str) -> int:
        """Return how many words got this verdict."""
        return sum(w.verdict == verdict for w in self.words)

    def json(self) -> dict[str, Any]:
        """Return the round's summary as JSON."""
        return {"round": self.number, "board": self.board, "tried": len(self.words),
                **{v.replace(" ", "_"): self.count(v)
                   for v in ("accepted", "repeated", "rejected", "no feedback")},
                "points": sum(w.points for w in self.words if w.verdict == "accepted"),
                "seconds": round(self.seconds, 2),
                "words_per_second": round(len(self.words) / self.seconds, 2)
                if self.seconds else None, "first_drag_ms": self.first_drag_ms}


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
    stop: live.Stopper
    say: Callable[[str], None]
    silent: int = 0  # words in a row without feedback
    played: list[Tally] = field(default_factory=list)
    round_id: int = 0  # the store's id of the round in play

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
        tally = Tally(number, board.text, time.monotonic())
        self.played.append(tally)
        self.round_id = self.store.start_round(GAME, board.text)
        try:
            self.play_words(board, tally)
        finally:  # also when play is stopped mid-round: what was played is kept and told
            tally.seconds = time.monotonic() - tally.began
            self.store.end_round(self.round_id, tally.json()["points"], tally.seconds)
            self.say(summary(tally.json()))
            annotate(board, self.options.annotate)
        return tally

    def play_words(self, board: live.Board, tally: Tally) -> None:
        """Drag the board's words in plan order, settling verdicts as they come."""
        first, then = self.words(board)
        drags = self.drags(board, first + then)
        pending = deque(in_order(first, drags, self.options.drag_ms) +
                        in_order(then, drags, self.options.drag_ms))
        self.watch(board)
        while pending or self.watcher.busy():
            self.settle(pending, tally)
            if not pending:
                time.sleep(TICK)
                continue
            self.stop.check()
            if self.stop.out_of_time():
                break
            board, drags = self.follow(board, drags, first + then)
            if not self.watcher.present() and not self.still_there(board):
                break  # the round is over
            self.swipe(pending.popleft(), drags, board, tally, pending)
        self.settle(pending, tally)

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
        """Point the watcher at the board's grid."""
        from .vision import feedback

        x, y, w, h = board.reading.region or (0, 0, *board.frame.shape[1::-1])
        grid = Region(board.origin[0] + x, board.origin[1] + y, w, h)
        boxes = [(bx - x, by - y, bw, bh) for bx, by, bw, bh in
                 (c.box for c in board.reading.cells)]
        faces = feedback.faces(board.frame, [c.box for c in board.reading.cells])
        self.watcher.watch(grid, boxes, feedback.board_face(faces))

    def follow(self, board: live.Board, drags: dict[str, Drag],
               words: list[Word]) -> tuple[live.Board, dict]:
        """Return the board and drags where the game is now: if its window moved, wait for it
        to keep still (BadInput if now mostly off the screen), read the board again there, and
        move the mouse's bounds with it."""
        from .adapters import screen as screens

        region = self.target.where()
        if (region.x, region.y) == board.origin and region == self.mouse.bounds:
            if self.played[-1].words and not self.target.focused():
                raise BadInput(f"{self.target.name} lost the focus: play stopped")
            return board, drags
        self.say(f"{self.target.name} moved to {region}: reading the board again")
        while True:
            time.sleep(SETTLE)
            if self.target.where() == region:
                break
            region = self.target.region
        screens.check_on_screen(region, screens.virtual_screen())
        self.mouse.bounds = region
        again = self.read()
        if again.text != board.text:
            raise BadInput(f"the board changed while {self.target.name} moved: play stopped")
        self.watch(again)
        return again, self.drags(again, words)

    def swipe(self, word: Word, drags: dict[str, Drag], board: live.Board, tally: Tally,
              pending: deque[Word]) -> None:
        """Drag one word (slower when it is tried again) and hand it to the watcher; first
        wait for the verdict of a word whose every tile this drag would light."""
        while self.watcher.blinds(word.path):
            time.sleep(TICK / 2)
        if tally.first_drag_ms is None:
            tally.first_drag_ms = round((time.monotonic() - board.seen) * 1000, 1)
        self.watcher.drag(word.path)
        word.pressed = time.monotonic()
        try:
            self.mouse.drag(drags[word.word], self.options.drag_ms * (SLOWER if word.tries else 1))
        except Moved:  # let go at once: the word is dragged again where the board is now
            pending.appendleft(word)
            return
        word.tries += 1
        word.released, word.verdict = time.monotonic(), ""
        self.watcher.expect(word)

    def settle(self, pending: deque[Word], tally: Tally) -> None:
        """Record the verdicts come in; a word with no feedback, or rejected on some of its
        tiles only (a drag the game took short looks the same), is tried again, once."""
        for word in self.watcher.take():
            if doubtful(word) and word.tries < 2 and self.watcher.present():
                pending.appendleft(word)
                continue
            tally.words.append(word)
            self.store.add_play(self.round_id, word.word, word.path, word.verdict,
                                word.points if word.verdict == "accepted" else 0,
                                word.released - tally.began)
            self.store.learn(GAME, word.word, word.verdict, word.in_lexicon,
                             clean=not word.partly)
            self.silent = self.silent + 1 if word.verdict == "no feedback" else 0
            if self.silent >= SILENT and self.watcher.present():
                raise BadInput(f"no feedback from {self.target.name} on {SILENT} words in a "
                               "row: is the game taking the mouse? play stopped")


def doubtful(word: Word) -> bool:
    """True when a word's verdict may be the game missing the drag: no feedback at all, or a
    rejection seen only on the tiles no later drag lit (rejected words are never tried again)."""
    return word.verdict == "no feedback" or (word.verdict == "rejected" and word.partly)


# --- the command ----------------------------------------------------------------------------

@contextmanager
def stop_key(name: str, warn: Callable[[str], None]) -> Iterator[Callable[[], bool]]:
    """Yield a function that tells whether the stop key was pressed."""
    from .adapters.keys import StopKey

    with StopKey(name, warn) as key:
        yield key.pressed


def play(options: Namespace, say: Callable[[str], None], warn: Callable[[str], None],
         progress: Callable[[str], None]) -> dict[str, Any]:
    """Play Wordament on the screen as the options say; return what was played, round by
    round, and why play stopped."""
    from . import wordlist
    from .adapters.mouse import PyAutoGuiMouse
    from .adapters.screen import MssScreen
    from .store import Store

    lexicon = wordlist.load(options.lexicon, progress)
    extra = wordlist.load(options.extra_lexicon, progress) if options.extra_lexicon else None
    target = live.find_target(options, TITLE, progress)
    screen = MssScreen()
    live.warm_up(live.capture(target, screen, first=True), GAME, options.reader)
    deadline = time.monotonic() + options.seconds if options.seconds else None
    if options.dry_run:
        return {"game": GAME, "dry_run": True, **dry_run(target, screen, options, lexicon, say)}
    mouse = PyAutoGuiMouse(target.region, target.where)
    with Store.open() as store, stop_key(options.stop_key, warn) as pressed:
        watcher = Watcher(screen)
        player = Player(target, screen, mouse, watcher, store, lexicon, extra, options,
                        live.Stopper(pressed, deadline), say)
        stopped = None
        try:
            rounds(player)
        except (live.Stopped, FailSafe) as why:  # the stop key, the pointer in a corner
            stopped = str(why)
        finally:
            mouse.release()
            watcher.close()
    return {"game": GAME, "rounds": [t.json() for t in player.played], "stopped": stopped}


def rounds(player: Player) -> None:
    """Play round after round until --rounds or --seconds is reached."""
    last: str | None = None
    number = 0
    while not player.options.rounds or number < player.options.rounds:
        if player.stop.out_of_time():
            return
        unlike = last if player.watcher.present() else None
        player.watcher.rest()
        board = player.read(unlike=unlike)
        number += 1
        player.round(board, number)
        last = board.text
        if player.options.rounds and number >= player.options.rounds:
            return
        player.say(f"round {number} played: waiting for the next board")
        while player.watcher.present() and not player.stop.out_of_time():
            player.stop.check()
            time.sleep(live.POLL_SECONDS)


def dry_run(target: live.Target, screen: Screen, options: Namespace, lexicon: Lexicon,
            say: Callable[[str], None]) -> dict[str, Any]:
    """Read and solve the board, and show the drags that would be made; move nothing."""
    board = live.wait_for_board(target, screen, GAME, profile(GAME), options, lexicon,
                                live.Stopper(), None, say)
    from .store import banned

    refused = banned(GAME)  # play never tries these: the dry run does not show them either
    drags = [d for d in drags_of(board) if d.word not in refused]
    annotate(board, options.annotate)
    say(f"{target.name}: board {board.text} ({grid(board)['count']} words); "
        "would drag (dry run, nothing moved):")
    for drag in drags:
        say(f"  {drag.word}: " + " ".join(f"{x},{y}" for x, y in drag.points))
    return {"board": board.text, "gestures": [
        {"word": d.word, "points": [list(p) for p in d.points]} for d in drags]}


def annotate(board: live.Board, out: str | None) -> None:
    """Save the board's capture with what each tile was read as and the best word's path
    (--annotate), once the round no longer waits on it."""
    if out:
        from .screenshot import annotate as draw

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
    from .core.lexicon import Lexicon, WordList

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
            f"{tally['seconds']:g} s ({tally['words_per_second']} words/s)")

