"""The live player's bookkeeping, fast and without a display: the Watcher's verdicts from
drawn frames, and what the player makes of them (fakes for the screen and the store; the
real thing is tested end to end in test_play_wordament.py)."""

from __future__ import annotations

import time
from argparse import Namespace
from collections import deque
from typing import Any

import numpy as np
import pytest

from assistant.core.types import BadInput
from assistant.vision import feedback
from assistant.wordament import feedback_watcher as watching
from assistant.wordament import player as loop

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


NUMBERS = {"CAT": 1, "TAB": 2, "TAC": 3}  # each word's swipe number


def word(text: str, path: tuple[int, ...], pressed: float = 0.0,
         released: float = 0.0) -> watching.Swipe:
    """Return a word's swipe, its drag begun at `pressed` and ended at `released`."""
    return watching.Swipe(NUMBERS[text], path, pressed, released)


def told(verdicts: list[watching.Verdict]) -> list[tuple[str, str]]:
    """Return the words and verdicts of the watcher's events."""
    names = {n: w for w, n in NUMBERS.items()}
    return [(names[v.number], v.verdict) for v in verdicts]


def test_a_verdict_is_read_from_every_tile_of_the_word(watcher):
    cat = word("CAT", (0, 1, 2), pressed=-0.1)
    watcher.expect(cat)
    watcher.look(grid({0: GREEN, 1: GREEN}), BOXES, BOARD, now=0.05)  # 2 of 3 tiles: not yet
    assert watcher.take() == [] and watcher.busy()
    watcher.look(grid({0: GREEN, 1: GREEN, 2: GREEN}), BOXES, BOARD, now=0.06)
    assert told(watcher.take()) == [("CAT", "accepted")]


def test_a_tile_lit_by_a_later_drag_tells_nothing_more_of_the_word_before(watcher):
    cat, tab = word("CAT", (0, 1, 2), pressed=-0.1), word("TAB", (2, 1, 5))
    watcher.expect(cat)
    assert watcher.blinds((0, 1, 2, 3)) and not watcher.blinds(tab.path)
    watcher.drag(tab.path)  # tiles 1 and 2 now light for TAB
    watcher.look(grid({0: RED, 1: WHITE, 2: WHITE}), BOXES, BOARD, now=0.05)
    [verdict] = watcher.take()
    assert told([verdict]) == [("CAT", "rejected")] and verdict.evidence == {0}


def test_a_verdict_seen_on_every_tile_is_seen_whole(watcher):
    cat = word("CAT", (0, 1, 2), pressed=-0.1)
    watcher.expect(cat)
    watcher.look(grid({0: RED, 1: RED, 2: RED}), BOXES, BOARD, now=0.05)
    assert [(v.verdict, v.evidence) for v in watcher.take()] == [("rejected", {0, 1, 2})]


def test_a_flash_left_over_from_an_earlier_word_is_not_this_words(watcher):
    watcher.watch(None, BOXES, BOARD)  # looked at by hand here
    watcher.look(grid({0: RED, 1: RED, 2: RED, 3: RED}), BOXES, BOARD, now=0.5)  # CATS refused
    cat = word("CAT", (0, 1, 2), pressed=1.0, released=1.06)
    watcher.expect(cat)  # the game missed CAT's drag: its tiles still show CATS's red
    watcher.look(grid({0: RED, 1: RED, 2: RED, 3: RED}), BOXES, BOARD, now=1.07)
    assert watcher.take() == []
    watcher.look(grid({}), BOXES, BOARD, now=1.07 + watching.FEEDBACK_SECONDS)
    assert [v.verdict for v in watcher.take()] == ["no feedback"]
    tac = word("TAC", (2, 1, 0), pressed=2.0, released=2.06)  # this one the game saw
    watcher.look(grid({0: WHITE, 1: WHITE, 2: WHITE}), BOXES, BOARD, now=2.03)
    watcher.expect(tac)
    watcher.look(grid({0: RED, 1: RED, 2: RED}), BOXES, BOARD, now=2.08)
    assert told(watcher.take()) == [("TAC", "rejected")]


def test_no_flash_in_time_is_no_feedback(watcher):
    watcher.expect(word("CAT", (0, 1, 2)))
    watcher.look(grid({}), BOXES, BOARD, now=watching.FEEDBACK_SECONDS - 0.01)
    assert watcher.take() == []
    watcher.look(grid({}), BOXES, BOARD, now=watching.FEEDBACK_SECONDS + 0.01)
    assert [v.verdict for v in watcher.take()] == ["no feedback"]


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
        self.verdicts: list[watching.Verdict] = []

    def take(self):
        out, self.verdicts = self.verdicts, []
        return out

    def present(self):
        return True


def player() -> Any:
    """Return a player with a fake store and watcher (no screen, no mouse): typed Any, as its
    store and watcher are the fakes above."""
    fakes: dict[str, Any] = {"target": Namespace(name="window 'Wordament'"), "screen": None,
                             "mouse": None, "watcher": Watched(), "store": Store(),
                             "lexicon": None, "extra": None, "stop": None}
    return loop.Player(**fakes, options=Namespace(), say=print)


def settled(one: loop.Player, verdict: str, tries: int = 1, text: str = "CAT",
            evidence: frozenset[int] = frozenset({0, 1, 2})) -> watching.Verdict:
    """Return the verdict on a drag of a word (its swipe in flight), seen on these tiles."""
    one.swipes += 1
    one.swiped[one.swipes] = loop.Word(text, (0, 1, 2), 5, tries=tries)
    return watching.Verdict(one.swipes, verdict, evidence)


def given(one: loop.Player, *verdicts: watching.Verdict) -> None:
    """Have the player's watcher hand over these verdicts."""
    fake: Any = one.watcher
    fake.verdicts = list(verdicts)


def test_a_word_without_feedback_is_dragged_once_more_each_drag_a_swipe():
    one, tally = player(), loop.Tally(1, "B", 0.0)
    pending: deque[loop.Word] = deque()
    given(one, settled(one, "no feedback", tries=1))
    one.settle(pending, tally)
    assert [w.word for w in pending] == ["CAT"]
    assert [(p.word, p.verdict) for p in tally.swipes] == [("CAT", "no feedback")]
    given(one, settled(one, "no feedback", tries=2))
    one.settle(pending, tally)
    assert len(pending) == 1 and tally.json()["tried"] == 2 and tally.json()["no_feedback"] == 2
    assert one.store.plays == [("CAT", "no feedback", 0)] * 2
    assert one.store.learned == [("CAT", "no feedback")]


def test_a_word_seen_taken_whole_is_not_dragged_again_for_a_verdict_missed():
    # under load the watcher missed a flash: the word dragged again came back repeated
    one, tally = player(), loop.Tally(1, "B", 0.0)
    pending: deque[loop.Word] = deque()
    missed = settled(one, "no feedback")
    whole = one.swiped[missed.number]
    whole.taken, whole.lit = True, 2  # C pressed, then A and T seen selected
    short = settled(one, "no feedback")
    cut = one.swiped[short.number]
    cut.taken, cut.lit = True, 1  # T never seen selected
    given(one, missed, short)
    one.settle(pending, tally)
    assert list(pending) == [cut]
    assert [(p.word, p.verdict) for p in tally.swipes] == [("CAT", "no feedback")] * 2
    assert len(one.store.learned) == 1  # the whole one's no feedback, learned once


def test_a_rejection_seen_on_some_tiles_only_is_dragged_once_more_then_learned():
    one, tally = player(), loop.Tally(1, "B", 0.0)
    pending: deque[loop.Word] = deque()
    # red on tile 0 only (later drags lit tiles 1 and 2); DOG red on every tile
    given(one, settled(one, "rejected", evidence=frozenset({0})),
          settled(one, "rejected", text="DOG"))
    one.settle(pending, tally)
    assert [w.word for w in pending] == ["CAT"]  # DOG was red on all its tiles: rejected
    assert one.store.learned == [("DOG", "rejected")]
    given(one, settled(one, "rejected", tries=2, evidence=frozenset({0})))
    one.settle(pending, tally)
    assert [(p.word, p.verdict, p.partly) for p in tally.swipes] == [
        ("CAT", "rejected", True), ("DOG", "rejected", False), ("CAT", "rejected", True)]
    assert one.store.learned == [("DOG", "rejected"), ("CAT", "rejected")]
    assert one.store.clean == {"DOG": True, "CAT": False}


def test_points_and_learning_follow_the_games_verdicts():
    one, tally = player(), loop.Tally(1, "B", 0.0)
    pending: deque[loop.Word] = deque()
    given(one, settled(one, "accepted", text="CAT"), settled(one, "rejected", text="TAC"),
          settled(one, "repeated", text="ACT"))
    one.settle(pending, tally)
    assert one.store.plays == [("CAT", "accepted", 5), ("TAC", "rejected", 0),
                               ("ACT", "repeated", 0)]
    assert one.store.learned == [("CAT", "accepted"), ("TAC", "rejected"),
                                 ("ACT", "repeated")]
    assert tally.json()["points"] == 5 and tally.json()["accepted"] == 1


def test_three_words_in_a_row_without_feedback_stop_play():
    one, tally = player(), loop.Tally(1, "B", 0.0)
    pending: deque[loop.Word] = deque()
    given(one, *(settled(one, "no feedback", tries=2) for _ in range(2)))
    one.settle(pending, tally)
    given(one, settled(one, "accepted"))
    one.settle(pending, tally)  # the count starts again
    given(one, *(settled(one, "no feedback", tries=2) for _ in range(3)))
    with pytest.raises(BadInput, match=r"no feedback .* on 3 words in a row"):
        one.settle(pending, tally)


def test_the_pace_slows_on_partial_or_silent_drags_and_speeds_up_on_whole_ones():
    pace = loop.Pace()
    for _ in range(loop.STREAK):
        pace.heard("accepted", partly=False)
    assert pace.ms == pytest.approx(loop.DRAG_MS * loop.SPEED_UP)
    pace.heard("rejected", partly=True)
    assert pace.ms == pytest.approx(loop.DRAG_MS * loop.SPEED_UP * loop.SLOW_DOWN)
    pace.heard("no feedback", partly=False)
    assert pace.ms == pytest.approx(loop.DRAG_MS * loop.SPEED_UP * loop.SLOW_DOWN ** 2)
    for _ in range(1000):
        pace.heard("accepted", partly=False)
    assert pace.ms == loop.FASTEST
    fixed = loop.Pace(35.0, fixed=True)
    fixed.heard("no feedback", partly=False)
    fixed.missed()
    assert fixed.ms == 35.0


def test_a_failing_grab_is_one_line_after_a_bounded_time():
    class Broken:
        def grab(self, region):
            raise BadInput(f"cannot capture the screen region {region}: gone")

    seen = watching.Watcher(Broken())
    try:
        seen.watch(loop.Region(0, 0, 10, 10), BOXES, BOARD)
        started = time.monotonic()
        with pytest.raises(BadInput, match=r"cannot capture the game's grid .* gone"):
            while time.monotonic() - started < 5:
                seen.take()
                time.sleep(0.01)
        assert time.monotonic() - started < watching.GRAB_FAILS + 0.5
    finally:
        seen.close()


def test_a_busy_game_still_holding_the_swipe_is_waited_for(watcher):
    cat = word("CAT", (0, 1, 2), pressed=0.0, released=0.1)
    watcher.expect(cat)
    late = 0.1 + 2 * watching.FEEDBACK_SECONDS  # the game takes the release this late
    for now in (0.2, 0.5, late - 0.01):  # its tiles still show selected: the game holds it
        watcher.look(grid({0: WHITE, 1: WHITE, 2: WHITE}), BOXES, BOARD, now=now)
    assert watcher.take() == []
    watcher.look(grid({0: GREEN, 1: GREEN, 2: GREEN}), BOXES, BOARD, now=late)
    assert told(watcher.take()) == [("CAT", "accepted")]


def test_tiles_the_player_saw_selected_make_the_next_flash_a_new_one(watcher):
    watcher.look(grid({0: GREEN, 1: GREEN, 2: GREEN}), BOXES, BOARD, now=0.5)  # CAT's flash
    tac = word("TAC", (2, 1, 0), pressed=0.6, released=0.7)
    watcher.drag(tac.path)
    watcher.selected((2, 1))  # the player saw them selected; the watcher's grabs missed it
    watcher.expect(tac)
    watcher.look(grid({0: GREEN, 1: GREEN, 2: GREEN}), BOXES, BOARD, now=0.75)
    assert told(watcher.take()) == [("TAC", "accepted")]


class Looks:
    """A tracer whose looks at a tile answer in turn: None (held), True (let go), False (the
    grid gone)."""

    works = True

    def __init__(self, answers: list[bool | None]) -> None:
        self.answers = list(answers)

    def let_go(self, tile: int) -> bool | None:
        return self.answers.pop(0)


def released(answers: list[bool | None], held_ago: float = 0.0, cut: bool = False,
             gone_ago: float | None = None) -> bool | None:
    """Return what the player makes of the game's answers to a drag released just now
    (pressed 50 ms ago, its last tile seen held `held_ago` seconds ago), the grid gone
    since `gone_ago` seconds as its watcher saw."""
    one, hovered = player(), []
    one.tracer = Looks(answers)
    now = time.monotonic()
    one.watcher.gone_at = None if gone_ago is None else now - gone_ago
    word = loop.Word("CAT", (0, 1, 2), 5, pressed=now - 0.05, released=now, cut=cut,
                         held=now - held_ago)
    taken = one.taken(word, lambda: hovered.append(1))
    assert hovered == [1]  # the pointer goes on to the next word once, whatever the answer
    return taken


def test_the_release_counts_as_the_game_counts_it():
    assert released([None, None, True]) is True  # held a moment, then let go: a swipe
    assert released([True], cut=True) is False  # the grid went before the drag's end
    assert released([True], gone_ago=0.5) is False  # ... before its press, as the watcher saw
    # the grid gone at the first look after the release, the drag seen held a moment before
    assert released([False], held_ago=0.005) is False
    # the grid gone after a look that saw the drag still held after its release
    assert released([None, False]) is False


def test_a_grid_gone_around_the_release_went_before_the_game_took_it_if_the_release_was_late():
    ms = 0.001
    # idle: the last tile seen held 8 ms before the release, gone 1 ms after it (released
    # at 8 + LAG = 9 ms, past the middle of 0..9 ms): dropped
    assert loop.went_with(held=0.0, released=8 * ms, gone=9 * ms)
    # DINES (busy, the player kept from looking): held 2 ms before the release, gone
    # 230 ms after it: the game had it long before its end
    assert not loop.went_with(held=0.0, released=2 * ms, gone=232 * ms)
    # SERAL (busy): seen still held 3 ms after the release, gone 12 ms later
    assert not loop.went_with(held=3 * ms, released=0.0, gone=15 * ms)


class Slow:
    """A tracer of a busy game that shows the drag held until `seconds` after it is made."""

    works = True

    def __init__(self, seconds: float) -> None:
        self.until = time.monotonic() + seconds

    def let_go(self, tile: int) -> bool | None:
        return True if time.monotonic() >= self.until else None


def test_the_next_drag_waits_for_a_busy_game_to_let_go_of_the_last():
    # CI, two busy processes: the game let go of SMOLT more than 0.3 s after its release;
    # ULTRA, begun on it, found L and T still selected, and the game took it as URA
    one = player()
    one.tracer, one.watcher.gone_at = Slow(0.6), None
    now = time.monotonic()
    word = loop.Word("SMOLT", (0, 1, 2, 3, 4), 5, pressed=now - 0.1, released=now,
                         held=now)
    assert one.taken(word) is True
    assert time.monotonic() - now >= 0.6


def test_a_game_holding_the_last_drag_over_a_second_is_still_waited_for():
    # CI, two busy processes: the game still showed STELES's last tile selected 1.1 s after
    # its release; SEALER, begun on that tile, found it lit, moved on, and the game took S
    one = player()
    one.tracer, one.watcher.gone_at = Slow(1.5), None
    now = time.monotonic()
    word = loop.Word("STELES", (0, 5, 1, 6, 10, 14), 6, pressed=now - 0.1, released=now,
                     held=now)
    assert one.taken(word) is True
    assert time.monotonic() - now >= 1.5
