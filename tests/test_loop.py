"""The live player's bookkeeping, fast and without a display: the Watcher's verdicts from
drawn frames, and what the player makes of them (fakes for the screen and the store; the
real thing is tested end to end in test_play_wordament.py)."""

from __future__ import annotations

from argparse import Namespace
from collections import deque
from typing import Any

import numpy as np
import pytest

from assistant import loop
from assistant import watcher as watching
from assistant.core.types import BadInput
from assistant.vision import feedback

SIDE, PITCH = 40, 50
BOXES = [(c * PITCH, r * PITCH, SIDE, SIDE) for r in range(4) for c in range(4)]
BLUE, GREEN, RED, WHITE = (198, 114, 0), (58, 175, 31), (43, 36, 224), (242, 242, 242)


def grid(colours: dict[int, tuple[int, int, int]]) -> np.ndarray:
    """Return a frame of a blue 4x4 grid with some tiles in other colours (BGR)."""
    image = np.full((4 * PITCH, 4 * PITCH, 3), 30, np.uint8)
    for i, (x, y, w, h) in enumerate(BOXES):
        image[y:y + h, x:x + w] = colours.get(i, BLUE)
    return image


class NoScreen:
    """A screen the watcher's thread never gets to grab (no grid is watched)."""

    def grab(self, region):
        raise AssertionError("not watched")


@pytest.fixture
def watcher():
    """A Watcher whose frames the test hands it, one look at a time (its thread idle)."""
    seen = watching.Watcher(NoScreen())
    seen.shows, seen.since = [None] * len(BOXES), [0.0] * len(BOXES)
    yield seen
    seen.close()


BOARD = feedback.board_face(feedback.faces(grid({}), BOXES))


def word(text: str, path: tuple[int, ...], pressed: float = 0.0,
         released: float = 0.0) -> watching.Word:
    """Return a word whose drag began at `pressed` and ended at `released`."""
    return watching.Word(text, path, 5, tries=1, pressed=pressed, released=released)


def test_a_verdict_is_read_from_every_tile_of_the_word(watcher):
    cat = word("CAT", (0, 1, 2), pressed=-0.1)
    watcher.expect(cat)
    watcher.look(grid({0: GREEN, 1: GREEN}), BOXES, BOARD, now=0.05)  # 2 of 3 tiles: not yet
    assert watcher.take() == [] and watcher.busy()
    watcher.look(grid({0: GREEN, 1: GREEN, 2: GREEN}), BOXES, BOARD, now=0.06)
    assert [(w.word, w.verdict) for w in watcher.take()] == [("CAT", "accepted")]


def test_a_tile_lit_by_a_later_drag_tells_nothing_more_of_the_word_before(watcher):
    cat, tab = word("CAT", (0, 1, 2), pressed=-0.1), word("TAB", (2, 1, 5))
    watcher.expect(cat)
    assert watcher.blinds((0, 1, 2, 3)) and not watcher.blinds(tab.path)
    watcher.drag(tab.path)  # tiles 1 and 2 now light for TAB
    assert cat.evidence == {0}
    watcher.look(grid({0: RED, 1: WHITE, 2: WHITE}), BOXES, BOARD, now=0.05)
    assert [(w.word, w.verdict, w.partly) for w in watcher.take()] == [("CAT", "rejected", True)]


def test_a_verdict_seen_on_every_tile_is_seen_whole(watcher):
    cat = word("CAT", (0, 1, 2), pressed=-0.1)
    watcher.expect(cat)
    watcher.look(grid({0: RED, 1: RED, 2: RED}), BOXES, BOARD, now=0.05)
    assert [(w.verdict, w.partly) for w in watcher.take()] == [("rejected", False)]


def test_a_flash_left_over_from_an_earlier_word_is_not_this_words(watcher):
    watcher.watch(None, BOXES, BOARD)  # looked at by hand here
    watcher.look(grid({0: RED, 1: RED, 2: RED, 3: RED}), BOXES, BOARD, now=0.5)  # CATS refused
    cat = word("CAT", (0, 1, 2), pressed=1.0, released=1.06)
    watcher.expect(cat)  # the game missed CAT's drag: its tiles still show CATS's red
    watcher.look(grid({0: RED, 1: RED, 2: RED, 3: RED}), BOXES, BOARD, now=1.07)
    assert watcher.take() == []
    watcher.look(grid({}), BOXES, BOARD, now=1.07 + watching.FEEDBACK_SECONDS)
    assert [w.verdict for w in watcher.take()] == ["no feedback"]
    tac = word("TAC", (2, 1, 0), pressed=2.0, released=2.06)  # this one the game saw
    watcher.look(grid({0: WHITE, 1: WHITE, 2: WHITE}), BOXES, BOARD, now=2.03)
    watcher.expect(tac)
    watcher.look(grid({0: RED, 1: RED, 2: RED}), BOXES, BOARD, now=2.08)
    assert [(w.word, w.verdict) for w in watcher.take()] == [("TAC", "rejected")]


def test_no_flash_in_time_is_no_feedback(watcher):
    watcher.expect(word("CAT", (0, 1, 2)))
    watcher.look(grid({}), BOXES, BOARD, now=watching.FEEDBACK_SECONDS - 0.01)
    assert watcher.take() == []
    watcher.look(grid({}), BOXES, BOARD, now=watching.FEEDBACK_SECONDS + 0.01)
    assert [w.verdict for w in watcher.take()] == ["no feedback"]


def test_the_grid_is_gone_when_its_tiles_no_longer_look_like_it(watcher):
    watcher.look(grid({3: GREEN, 4: WHITE}), BOXES, BOARD, now=0.0)
    assert watcher.present()
    watcher.look(np.full((200, 200, 3), 30, np.uint8), BOXES, BOARD, now=0.0)
    assert not watcher.present()


class Store:
    """The store's writing calls, kept in lists."""

    def __init__(self) -> None:
        self.plays: list[tuple] = []
        self.learned: list[tuple] = []
        self.clean: dict[str, bool] = {}  # whether each word's verdict was seen clean

    def add_play(self, round_id, word, path, verdict, points, at):
        self.plays.append((word, verdict, points))

    def learn(self, game, word, verdict, in_lexicon, clean=False):
        self.learned.append((word, verdict))
        self.clean[word] = clean


class Watched:
    """A watcher that hands over verdicts the test sets."""

    def __init__(self) -> None:
        self.verdicts: list[watching.Word] = []

    def take(self):
        out, self.verdicts = self.verdicts, []
        return out

    def present(self):
        return True


def player() -> loop.Player:
    """Return a player with a fake store and watcher (no screen, no mouse)."""
    fakes: dict[str, Any] = {"target": Namespace(name="window 'Wordament'"), "screen": None,
                             "mouse": None, "watcher": Watched(), "store": Store(),
                             "lexicon": None, "extra": None, "stop": None}
    return loop.Player(**fakes, options=Namespace(), say=print)


def settled(verdict: str, tries: int = 1, text: str = "CAT") -> watching.Word:
    """Return a word with a verdict seen on all its tiles."""
    return watching.Word(text, (0, 1, 2), 5, tries=tries, verdict=verdict, evidence={0, 1, 2})


def test_a_word_without_feedback_is_tried_once_more_then_counted():
    one, tally = player(), loop.Tally(1, "B", 0.0)
    pending: deque[watching.Word] = deque()
    one.watcher.verdicts = [settled("no feedback", tries=1)]  # type: ignore[attr-defined]
    one.settle(pending, tally)
    assert [w.word for w in pending] == ["CAT"] and tally.words == []
    one.watcher.verdicts = [settled("no feedback", tries=2)]  # type: ignore[attr-defined]
    one.settle(pending, tally)
    assert [w.verdict for w in tally.words] == ["no feedback"]
    assert one.store.plays == [("CAT", "no feedback", 0)]  # type: ignore[attr-defined]


def test_a_rejection_seen_on_some_tiles_only_is_tried_once_more_then_learned():
    one, tally = player(), loop.Tally(1, "B", 0.0)
    pending: deque[watching.Word] = deque()
    first = settled("rejected", tries=1)
    first.evidence = {0}  # red on tile 0 only: later drags lit tiles 1 and 2
    dog = settled("rejected", tries=1, text="DOG")  # red on every tile
    one.watcher.verdicts = [first, dog]  # type: ignore[attr-defined]
    one.settle(pending, tally)
    assert [w.word for w in pending] == ["CAT"]  # DOG was red on all its tiles: rejected
    assert [(w.word, w.verdict) for w in tally.words] == [("DOG", "rejected")]
    again = settled("rejected", tries=2)
    again.evidence = {0}
    one.watcher.verdicts = [again]  # type: ignore[attr-defined]
    one.settle(pending, tally)
    assert [(w.word, w.verdict) for w in tally.words] == [("DOG", "rejected"), ("CAT", "rejected")]
    assert one.store.clean == {"DOG": True, "CAT": False}  # type: ignore[attr-defined]


def test_points_and_learning_follow_the_games_verdicts():
    one, tally = player(), loop.Tally(1, "B", 0.0)
    pending: deque[watching.Word] = deque()
    one.watcher.verdicts = [settled("accepted", text="CAT"),  # type: ignore[attr-defined]
                            settled("rejected", text="TAC"), settled("repeated", text="ACT")]
    one.settle(pending, tally)
    assert one.store.plays == [("CAT", "accepted", 5), ("TAC", "rejected", 0),  # type: ignore[attr-defined]
                               ("ACT", "repeated", 0)]
    assert one.store.learned == [("CAT", "accepted"), ("TAC", "rejected"),
                                 ("ACT", "repeated")]
    assert tally.json()["points"] == 5 and tally.json()["accepted"] == 1


def test_three_words_in_a_row_without_feedback_stop_play():
    one, tally = player(), loop.Tally(1, "B", 0.0)
    pending: deque[watching.Word] = deque()
    one.watcher.verdicts = [settled("no feedback", tries=2) for _ in range(2)]  # type: ignore[attr-defined]
    one.settle(pending, tally)
    one.watcher.verdicts = [settled("accepted")]  # type: ignore[attr-defined]
    one.settle(pending, tally)  # the count starts again
    one.watcher.verdicts = [settled("no feedback", tries=2) for _ in range(3)]  # type: ignore[attr-defined]
    with pytest.raises(BadInput, match=r"no feedback .* on 3 words in a row"):
        one.settle(pending, tally)
