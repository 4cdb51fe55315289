"""The practice Bookworm for real, under Xvfb: the window captured with mss is read by the
project's own Bookworm reader, and clicks sent with xdotool play it. The game runs as a child
process; its results file says what it saw and did."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import mss
import numpy as np
import pytest

from assistant import vision
from assistant.practice import bookworm as W
from assistant.practice import bookworm_rules as R
from assistant.practice import bookworm_window
from assistant.profiles import bookworm as profile
from assistant.vision.types import UNCERTAIN
from tests.conftest import REPO

pytestmark = pytest.mark.display

BOARD = "B O X E/S Z:ruby O N/E:sapphire S Qu A/A:locked G:smashed T M:amethyst"
TITLE_PATTERN = W.TITLE.replace("(", "\\(").replace(")", "\\)")  # xdotool takes a regex
# the rainbow's bands cover the face: only a counter shows through them, and a counter without
# chains names no state, so these tiles are read uncertainly; on the rainbow, a gem or harm
# without marks looks like a plain tile: its text is checked, not its state
RAINBOW_UNSURE = ("?:smashed", "?:plagued")
RAINBOW_SHOWS = ("normal", "locked")


def grab() -> np.ndarray:
    """Return the whole screen as a BGR array (mss)."""
    with mss.MSS() as screen:
        shot = screen.grab(screen.monitors[0])
    return np.asarray(shot)[:, :, :3].copy()


def read(frame: np.ndarray | None = None):
    """Return the Bookworm reader's reading of the screen (or of a frame)."""
    return vision.reader("bookworm").read(grab() if frame is None else frame)


def shown(reading) -> list[str]:
    """Return the tiles a reading shows as TEXT[:state] tokens ('~' for an uncertain one)."""
    return [("~" if cell.confidence < UNCERTAIN else
             cell.text if cell.state == "normal" else f"{cell.text}:{cell.state}")
            for cell in reading.cells]


def wait_for(found: Callable[[], Any], what: str, timeout: float = 10.0) -> Any:
    """Return found()'s first true value, polling; fail the test after timeout seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = found()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


class Game:
    """The practice game in a child process on an X server, its results file, and the grid
    as the reader finds it on the screen."""

    def __init__(self, server, folder: Path, *args: str, seen: bool = True) -> None:
        self.server, self.path = server, folder / "results.json"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "assistant", "practice", "bookworm", *args,
             "--results", str(self.path)],
            env=server.env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.window = server.wait_window(TITLE_PATTERN, timeout=30)
        # the screen is read in this process: only on the bare server its DISPLAY names
        self.reading = self.wait_board() if seen else None

    def results(self) -> dict:
        """Return the results file as it is now."""
        return json.loads(self.path.read_text()) if self.path.exists() else {}

    def wait_board(self) -> Any:
        """Return the reading once the screen shows the last board of the results file."""
        def settled():
            board = self.results().get("boards", [{}])[-1].get("tiles")
            try:
                reading = read()
            except Exception:  # not drawn yet
                return None
            return reading if board and matches(shown(reading), board) else None
        return wait_for(settled, "the board of the results file on the screen")

    @property
    def board(self) -> Any:
        """Return the board as read (the game must have been started with seen=True)."""
        assert self.reading is not None, "the board was not read"
        return self.reading

    def pitch(self) -> float:
        """Return the grid's pitch as read."""
        first, last = self.board.cells[0].box, self.board.cells[3].box
        return (last[0] - first[0]) / 3

    def at(self, offset: tuple[float, float]) -> tuple[int, int]:
        """Return the screen point at an offset in pitches from the grid's top-left corner."""
        x, y = self.board.region[:2]
        return round(x + offset[0] * self.pitch()), round(y + offset[1] * self.pitch())

    def tile(self, i: int) -> tuple[int, int]:
        """Return the centre of cell i as read."""
        x, y, w, h = self.board.cells[i].box
        return x + w // 2, y + h // 2

    def word_letter(self, k: int, length: int) -> tuple[int, int]:
        """Return the centre of the word's letter k (of length), from the layout."""
        x, y = W.centre(W.word_boxes(length)[k])
        return self.at(((x - W.GRID_LEFT) / W.PITCH, (y - W.GRID_TOP) / W.PITCH))

    def click(self, point: tuple[int, int]) -> dict:
        """Click at a screen point (xdotool); return the click as the game recorded it."""
        before = len(self.results().get("clicks", []))
        self.server.xdotool("mousemove", str(point[0]), str(point[1]), "click", "1")
        clicks = wait_for(lambda: self.results().get("clicks", [])[before:], "the click")
        return clicks[0]

    def stop(self) -> None:
        """End the game if it is still running."""
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


def matches(seen: list[str], board: list[str]) -> bool:
    """True when what the reader saw is the board."""
    return seen == board


@pytest.fixture
def game(xserver, tmp_path):
    """Start practice games (child processes on the bare Xvfb); stop them after the test."""
    started: list[Game] = []

    def start(*args: str) -> Game:
        started.append(Game(xserver, tmp_path, *args))
        return started[-1]

    yield start
    for each in started:
        each.stop()


def test_the_reader_reads_the_window(game):
    play = game("--tiles", BOARD)
    assert shown(play.reading) == [t.token for t in R.parse_tiles(BOARD)]
    x, y, w, h = play.board.region
    assert abs(x - 309) <= 2 and abs(y - 339) <= 2 and abs(w - 203) <= 3 and abs(h - 203) <= 3


def test_clicks_build_words_and_attack_deals_the_damage_worked_by_hand(game):
    play = game("--tiles", BOARD)
    first = play.tile(0)  # where the first click went: the board is read again after the fall
    for i, letter in zip(range(5), "BOXES", strict=True):
        assert play.click(play.tile(i))["word"].endswith(letter)
    click = play.click(play.at(W.ATTACK.centre))
    assert (click["target"], click["effect"]) == ("attack", "accepted BOXES")
    play.reading = play.wait_board()
    assert [play.reading.cells[i].text for i in range(5, 10)] == list("ZONES")
    for i in range(5, 10):
        play.click(play.tile(i))
    play.click(play.at(W.ATTACK.centre))
    play.wait_board()
    attacks = play.results()["attacks"]
    assert [(a["word"], a["tiles"], a["verdict"], a["damage"], a["enemy_hearts"])
            for a in attacks] == [("BOXES", [0, 1, 2, 3, 4], "accepted", 1.5, 8.5),
                                  ("ZONES", [5, 6, 7, 8, 9], "accepted", 2.5, 6.0)]
    clicks = play.results()["clicks"]
    assert len(clicks) == 12 and all(c["t"] > 0 for c in clicks)
    assert [c["t"] for c in clicks] == sorted(c["t"] for c in clicks)
    assert (clicks[0]["screen_x"], clicks[0]["screen_y"]) == first


def test_used_tiles_are_replaced_after_a_fall(game):
    play = game("--tiles", BOARD)
    for i in (0, 1, 2, 3, 4):
        play.click(play.tile(i))
    x, y, w, h = play.board.region
    with mss.MSS() as screen:  # one connection, the grid alone: the game keeps the CPU it needs
        def shot() -> np.ndarray:
            return np.asarray(screen.grab({"left": x, "top": y, "width": w, "height": h}),
                              dtype=int)[:, :, :3]
        before = shot()
        attack = play.at(W.ATTACK.centre)
        clicked = time.monotonic()
        play.server.xdotool("mousemove", str(attack[0]), str(attack[1]), "click", "1")
        frames = []
        while time.monotonic() - clicked < 2.0:  # grab often while the tiles fall
            frames.append((time.monotonic() - clicked, shot()))
            time.sleep(0.005)
    final = frames[-1][1]
    moving = [t for t, frame in frames if not same(frame, final)]
    falling = [t for t, frame in frames if not same(frame, before) and not same(frame, final)]
    assert falling, f"no frame mid-fall among {[round(t, 2) for t, _ in frames]}"
    # FALL_MS is 0.4 s; a loaded machine draws its frames late
    assert 0.2 < max(moving) < 1.5, f"the fall ended {max(moving):.2f} s after the click"
    results = play.results()
    refill = results["boards"][-1]
    assert refill["why"] == "refill"
    assert 0.3 <= refill["t"] - results["attacks"][-1]["t"] <= 1.5
    assert matches(shown(read()), refill["tiles"])
    start = results["boards"][0]["tiles"]
    assert refill["tiles"][5:] == start[5:]  # the tiles below the used ones stay
    source = R.TileSource(0)  # the new tiles: drawn column by column, top down
    assert [refill["tiles"][i] for i in (0, 4, 1, 2, 3)] == [source.draw().token
                                                              for _ in range(5)]


def same(a: np.ndarray, b: np.ndarray) -> bool:
    """True when two grid images are (all but) the same."""
    return float(np.abs(a - b).mean()) < 0.5


def test_the_last_letter_goes_back(game):
    play = game("--tiles", BOARD)
    for i in (0, 1, 2):
        play.click(play.tile(i))
    assert play.click(play.word_letter(0, 3))["effect"] == "not the last letter"
    back = play.click(play.word_letter(2, 3))
    assert (back["target"], back["effect"], back["word"]) == ("word 2", "put back", "BO")
    reading = wait_for(lambda: [r for r in [read()] if r.cells[2].text == "X"], "X back")[0]
    assert reading.cells[2].confidence >= UNCERTAIN
    assert [c.text for c in reading.cells[:2]] != ["B", "O"]  # still in the word


def test_locked_tiles_ignore_clicks(game):
    play = game("--tiles", BOARD)
    click = play.click(play.tile(12))
    assert (click["target"], click["effect"], click["word"]) == ("tile 12", "locked", "")
    time.sleep(0.2)
    assert shown(read())[12] == "A:locked"


def test_a_word_the_game_does_not_take_greys_attack_and_stays_up_until_clicked_back(game):
    """As the real game: Attack is lit only while the word bar spells a word the game takes;
    grey, a click on it does nothing, and the letters stay up until they are clicked back."""
    play = game("--tiles", BOARD)
    assert button_fill(play, grab()) == GREY  # no word
    for i in (0, 1, 2):  # BOX
        play.click(play.tile(i))
    wait_for(lambda: button_fill(play, grab()) == LIT, "Attack lit for BOX")
    lit_frame = grab()
    play.click(play.word_letter(2, 3))  # BO: no word
    play.click(play.tile(3))  # BOE
    wait_for(lambda: button_fill(play, grab()) == GREY, "Attack grey for BOE")
    click = play.click(play.at(W.ATTACK.centre))
    assert (click["target"], click["effect"], click["word"]) == (
        "attack", "inactive: not in the lexicon", "BOE")
    time.sleep(0.3)
    grey_frame = grab()
    assert [c.text for c in read(grey_frame).cells[:4]] == ["", "", "X", ""]  # still up
    assert play.results()["attacks"] == []
    # the reader of the overlay's attacker tells the two apart, against the button idle
    middle = profile.attack_middle(play.board, (0, 0))
    assert button_lit(lit_frame, grey_frame, middle) == (True, False)
    for k in (2, 1, 0):
        assert play.click(play.word_letter(k, k + 1))["effect"] == "put back"
    wait_for(lambda: shown(read()) == [t.token for t in R.parse_tiles(BOARD)], "the tiles back")
    assert button_fill(play, grab()) == GREY


GREY, LIT = "#6e9080", "#4fa060"  # the practice Attack button's fills (bookworm_draw)


def button_fill(play: Game, frame: np.ndarray) -> str:
    """Return the most common colour of the Attack button's face, as #rrggbb."""
    x, y = play.at((W.ATTACK.centre[0] - 1.8, W.ATTACK.centre[1] - 0.3))
    face = frame[y:y + round(0.2 * play.pitch()), x:x + round(0.6 * play.pitch())]
    colours, counts = np.unique(face.reshape(-1, 3), axis=0, return_counts=True)
    b, g, r = colours[counts.argmax()]
    return f"#{r:02x}{g:02x}{b:02x}"


def button_lit(lit_frame: np.ndarray, grey_frame: np.ndarray,
               middle: tuple[int, int, int, int]) -> tuple[bool | None, bool | None]:
    """Return what vision.bookworm_button says of the button in two frames, against it idle
    (grey: the grey frame's)."""
    from assistant.vision.bookworm_button import lit

    x, y, w, h = middle
    idle = grey_frame[y:y + h, x:x + w]
    return lit(idle, lit_frame[y:y + h, x:x + w]), lit(idle, grey_frame[y:y + h, x:x + w])


def test_scramble_changes_the_board(game):
    play = game("--tiles", BOARD)
    click = play.click(play.at(W.SCRAMBLE.centre))
    assert (click["target"], click["effect"]) == ("scramble", "scrambled")
    play.wait_board()
    boards = play.results()["boards"]
    assert [b["why"] for b in boards] == ["start", "refill"]
    assert boards[1]["tiles"] != boards[0]["tiles"]
    assert len(play.results()["scrambles"]) == 1


def test_a_new_enemy_comes_at_zero_hearts(game):
    play = game("--tiles", BOARD, "--enemy-hearts", "1")
    for i in range(5):
        play.click(play.tile(i))
    play.click(play.at(W.ATTACK.centre))
    results = play.results()
    attack = results["attacks"][0]
    assert (attack["enemy"], attack["beaten"], attack["damage"]) == ("Griffon", True, 1.5)
    assert [(e["name"], e["hearts"]) for e in results["enemies"]] == [("Griffon", 1.0),
                                                                      ("Minotaur", 1.0)]


def test_a_seeded_game_and_closing_the_window_exits_0(xserver_wm, tmp_path):
    play = Game(xserver_wm, tmp_path, "--seed", "7", seen=False)
    wait_for(play.results, "the results file")
    assert play.results()["boards"][0]["tiles"] == [t.token for t in R.TileSource(7).board()]
    try:
        out, err = play.server.close_window(play.process, play.window, TITLE_PATTERN)
    finally:
        play.stop()
    assert play.process.returncode == 0, err
    assert out.startswith("practice bookworm: 0 words attacked") and not err
    assert play.results()["closed"] is not None


def test_every_letter_and_state_as_the_reader_reads_it(xserver):
    """Every tile text in every state (plagued, fire and warped too), drawn by the practice
    window (in this process) and read back right and sure; the rainbow's state where its
    bands hide it, never sure."""
    plain = [R.Tile(t) for t in "AEIOUNRS"]
    texts = [*R.LETTER_WEIGHTS, R.RAINBOW]
    wrong, unsure = [], []
    window = bookworm_window.Window(W.Play(tuple(plain * 2), R.TileSource(0), frozenset(), 1,
                             W.Results(None, {}), lambda: 0.0))
    try:
        for state in R.STATES:
            for first in range(0, len(texts), 8):
                special = iter([R.Tile(t, state) for t in texts[first:first + 8]])
                others = iter(plain)  # two plain tiles side by side in each row
                tiles = [next(special, R.Tile("T")) if (i // 4 + i % 4 // 2) % 2 == 0
                         else next(others) for i in range(16)]
                window.play.board = R.Board(tuple(tiles))
                window.redraw()
                window.root.update()
                window.root.winfo_pointerxy()  # a round trip: the drawing is done
                for tile, cell in zip(tiles, read().cells, strict=True):
                    drawn: tuple[str | None, ...] = (tile.text, tile.state)
                    seen: tuple[str | None, ...] = (cell.text, cell.state)
                    if tile.text == R.RAINBOW and tile.state not in RAINBOW_SHOWS:
                        drawn, seen = drawn[:1], seen[:1]
                    if cell.confidence < UNCERTAIN:
                        unsure.append(tile.token)
                    elif seen != drawn:
                        wrong.append((tile.token, cell.text, cell.state, cell.confidence))
    finally:
        window.root.destroy()
    assert wrong == []
    assert unsure == list(RAINBOW_UNSURE)
