"""`assistant overlay bookworm` end to end: the practice Bookworm and the overlay, each a child
process on a real X server (bare Xvfb, and openbox), the screen captured with mss, clicks sent
with xdotool. What is checked is worked out apart from the code under test: where the tiles
are comes from the practice game's own layout (placed on the screen by a click it records),
the damage from its own rules (assistant/practice/bookworm_rules.py, which imports none of the
solver's tables), the best damage by trying every ENABLE word on the tiles."""

from __future__ import annotations

import itertools
import json
import queue
import re
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from assistant.bookworm.scene import MARK
from assistant.practice import bookworm as W
from assistant.practice import bookworm_rules as R
from tests.conftest import REPO
from tests.xserver import XServer

pytestmark = pytest.mark.display

# a board with gems, a locked tile (never to be outlined) and a smashed one; no harm whose
# reading is unsure
BOARD = "B O X E/S Z:ruby O N/E:sapphire S Qu A/A:locked G:smashed T M:amethyst"
TITLE_PATTERN = W.TITLE.replace("(", "\\(").replace(")", "\\)")  # xdotool takes a regex
MARK_BGR = (int(MARK[5:7], 16), int(MARK[3:5], 16), int(MARK[1:3], 16))
ENABLE = REPO / "lexicons" / "enable.txt"


class Practice:
    """The practice Bookworm in a child process, its results file, and where its window is
    on the screen (from a click it records, sent where it has nothing to hit)."""

    def __init__(self, server: XServer, folder: Path, *args: str) -> None:
        self.server, self.path = server, folder / "practice.json"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "assistant", "practice", "bookworm", "--results",
             str(self.path), *args], env=server.env, cwd=REPO)
        self.window = server.wait_window(TITLE_PATTERN, timeout=30)
        self.origin = self.probe()

    def probe(self) -> tuple[int, int]:
        """Return the window's top-left pixel on the screen: click inside it where nothing
        is, and see where the game says the click was."""
        self.server.xdotool("mousemove", "0", "0")  # a --sync move to where it is waits 15 s
        clicked = wait_for(lambda: self.clicks_after(
            lambda: self.server.xdotool("mousemove", "--sync", "--window", str(self.window),
                                        "6", "6", "click", "1")), "the probe click")
        click = clicked[0]
        assert click["target"] == ""
        return click["screen_x"] - click["x"], click["screen_y"] - click["y"]

    def clicks_after(self, act) -> list[dict]:
        """Do something, then return the clicks the game recorded since (waiting a little)."""
        before = len(self.results().get("clicks", []))
        act()
        time.sleep(0.3)
        return self.results().get("clicks", [])[before:]

    def results(self) -> dict:
        """Return the results file as it is now."""
        try:
            return json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}

    def tile(self, i: int) -> tuple[int, int, int, int]:
        """Return cell i's box on the screen, from the game's layout."""
        x, y, w, h = W.tile_box(i)
        return x + self.origin[0], y + self.origin[1], w, h

    def centre(self, i: int) -> tuple[int, int]:
        """Return cell i's centre on the screen."""
        x, y, w, h = self.tile(i)
        return x + w // 2, y + h // 2

    def attack_button(self) -> tuple[int, int]:
        """Return the Attack button's centre on the screen."""
        x, y = W.centre(W.button_box(W.ATTACK))
        return x + self.origin[0], y + self.origin[1]

    def click(self, point: tuple[int, int]) -> None:
        """Click at a screen point (xdotool)."""
        self.server.xdotool("mousemove", str(point[0]), str(point[1]), "click", "1")

    def close(self) -> None:
        """Close the game (as its window's close button does: the process ends)."""
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait(10)


class Overlay:
    """`assistant overlay bookworm ARGS` in a child process; its stdout lines as they come."""

    def __init__(self, server: XServer, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "assistant", "overlay", "bookworm", "--json", *args],
            env=server.env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True)
        self.lines: queue.Queue = queue.Queue()
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self) -> None:
        """Put every line the overlay prints on the queue, with the time it came."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put((time.monotonic(), json.loads(line)))

    def next(self, timeout: float = 30.0) -> tuple[float, dict]:
        """Return the next line printed and when it came."""
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no line from the overlay in {timeout} s") from None

    def end(self, timeout: float = 30.0) -> tuple[int, str]:
        """Return the exit status and stderr once the overlay has ended (its lines all read)."""
        self.process.wait(timeout)
        self.reader.join(5)
        assert self.process.stderr is not None
        return self.process.returncode, self.process.stderr.read()

    def rest(self) -> list[dict]:
        """Return the lines not taken yet (once it has ended)."""
        return [self.lines.get()[1] for _ in range(self.lines.qsize())]

    def stop(self) -> None:
        """End the overlay if it still runs."""
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


def wait_for(found, what: str, timeout: float = 10.0) -> Any:
    """Return found()'s first true value, polling; fail after timeout seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if value := found():
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def running(tmp_path):
    """Start practice games and overlays; stop them after the test."""
    started: list[Practice | Overlay] = []

    def game(server: XServer, *args: str) -> Practice:
        started.append(Practice(server, tmp_path, *args))
        return started[-1]  # type: ignore[return-value]

    def overlay(server: XServer, *args: str) -> Overlay:
        started.append(Overlay(server, *args))
        return started[-1]  # type: ignore[return-value]

    yield game, overlay
    for each in reversed(started):
        each.stop() if isinstance(each, Overlay) else each.close()


def grab(server: XServer) -> np.ndarray:
    """Return the whole screen of the server as BGR (mss)."""
    import mss

    with mss.MSS(display=server.display) as screen:
        return np.asarray(screen.grab(screen.monitors[0]))[:, :, :3].copy()


def marked(shot: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """Return the mask of the overlay's colour in a box of a screenshot."""
    x, y, w, h = box
    return (shot[y:y + h, x:x + w] == MARK_BGR).all(axis=2)


def rim(mask: np.ndarray) -> np.ndarray:
    """Return a mask's outermost ring of pixels."""
    return np.concatenate([mask[0], mask[-1], mask[1:-1, 0], mask[1:-1, -1]])


# -- what the best word is, worked out apart from the solver ------------------------------------

@pytest.fixture(scope="module")
def enable_words() -> set[str]:
    """ENABLE's words in capitals."""
    return {w.strip().upper() for w in ENABLE.read_text().split()}


def best_damage(board: str, words: set[str]) -> tuple[int, str]:
    """Return the most damage (quarters) any word of 3+ letters deals with these tiles, and
    a word dealing it: every word tried on the tiles, by the practice game's own rules."""
    tiles = [t for t in R.parse_tiles(board) if t.state not in R.UNUSABLE]
    have = Counter(t.text for t in tiles)
    best = (0, "")
    for word in words:
        tokens = re.findall("QU|.", word)
        if len(word) < 3 or Counter(tokens) - have:
            continue
        choices = [[t for t in tiles if t.text == token] for token in tokens]
        for pick in itertools.product(*choices):
            if len(set(map(id, pick))) == len(pick):
                best = max(best, (R.damage(pick), word))
    return best


def practice_damage(board: str, tiles: list[int]) -> int:
    """Return the damage (quarters) of these cells by the practice game's rules."""
    cells = R.parse_tiles(board)
    return R.damage([cells[i] for i in tiles])


def tokens_of(line: dict) -> list[str]:
    """Return a board line's tiles as the practice game's TEXT[:state] tokens."""
    return [t["text"] if t["state"] == "normal" else f"{t['text']}:{t['state']}"
            for t in line["tiles"]]


def panel_text(shot: np.ndarray, region: list[int]) -> str:
    """Return what Tesseract reads in the panel right of the grid (white on dark)."""
    import cv2
    import pytesseract

    x, y, w, h = region
    panel = shot[y:y + 2 * h // 3, x + w + 8:x + w + 8 + 260]
    ink = 255 - cv2.cvtColor(panel, cv2.COLOR_BGR2GRAY)
    big = cv2.resize(ink, None, fx=3, fy=3, interpolation=cv2.INTER_CUBIC)
    return pytesseract.image_to_string(big, config="--psm 6")


# -- 1. the best word outlined, and only it ------------------------------------------------------

@pytest.mark.parametrize("server", ["bare", "openbox"])
def test_the_overlay_outlines_exactly_the_best_words_tiles_and_names_it(
        server, running, enable_words, xserver, xserver_wm):
    x = xserver if server == "bare" else xserver_wm
    start_game, start_overlay = running
    game = start_game(x, "--tiles", BOARD)
    overlay = start_overlay(x)
    _, line = overlay.next()
    best = line["words"][0]
    cells = R.parse_tiles(BOARD)
    assert tokens_of(line) == [c.token for c in cells] and line["blocked"] == []
    assert best["letters"] == [cells[i].text for i in best["tiles"]]
    assert len(set(best["tiles"])) == len(best["tiles"]) and best["word"] in enable_words
    most, example = best_damage(BOARD, enable_words)
    assert R.hearts(practice_damage(BOARD, best["tiles"])) == best["damage"]
    assert best["damage"] == R.hearts(most), f"{example} deals {R.hearts(most)} hearts"
    region = line["read"]["region"]  # in screen pixels: around the game's own grid
    assert all(abs(a - b) <= 3 for a, b in zip(region, [*game.tile(0)[:2], 203, 203],
                                                strict=True))
    time.sleep(0.3)
    shot = grab(x)
    for i in range(16):
        mask = marked(shot, game.tile(i))
        if i in best["tiles"]:
            assert rim(mask).mean() > 0.95, f"tile {i} is not outlined"
            assert mask[1:18, 1:18].mean() > 0.5, f"tile {i} has no number"
        else:
            assert not mask.any(), f"tile {i} ({cells[i].token}) is marked"
    assert best["word"] in panel_text(shot, region).replace(" ", "")
    assert [c["target"] for c in game.results()["clicks"]] == [""]  # only the probe: no play


# -- 2. clicks go through the overlay ------------------------------------------------------------

def test_clicks_on_a_tile_and_on_its_number_reach_the_game(running, xserver):
    start_game, start_overlay = running
    game = start_game(xserver, "--tiles", BOARD)
    overlay = start_overlay(xserver)
    _, line = overlay.next()
    first, second = line["words"][0]["tiles"][:2]
    x, y, _, _ = game.tile(second)
    assert marked(grab(xserver), (x + 2, y + 2, 3, 3)).all()  # the corner of its number badge
    clicks = game.clicks_after(lambda: (game.click(game.centre(first)), game.click((x + 3,
                                                                                    y + 3))))
    assert [(c["target"], c["effect"]) for c in clicks] == [
        (f"tile {first}", "picked"), (f"tile {second}", "picked")]


# -- 3. a new board shows its best word within a second -------------------------------------------

def test_after_an_attack_the_new_boards_best_word_shows_within_a_second(running, xserver):
    start_game, start_overlay = running
    game = start_game(xserver, "--tiles", BOARD)
    overlay = start_overlay(xserver)
    _, line = overlay.next()
    for i in line["words"][0]["tiles"]:
        game.click(game.centre(i))
    clicked = time.monotonic()
    game.click(game.attack_button())
    came, after = overlay.next(timeout=10)
    assert came - clicked < 1.0, f"the new board showed {came - clicked:.2f} s after Attack"
    results = game.results()
    assert results["attacks"][-1]["word"] == line["words"][0]["word"]
    assert results["attacks"][-1]["verdict"] == "accepted"
    assert tokens_of(after) == results["boards"][-1]["tiles"]  # the refill, read right
    assert after["words"][0]["word"] != line["words"][0]["word"]
    assert after["overlay_ms"] - after["timings_ms"]["moving"] - after["timings_ms"]["settle"] \
        < 500
    shot = grab(xserver)
    for i in range(16):
        assert marked(shot, game.tile(i)).any() == (i in after["words"][0]["tiles"])


# -- 4. --play --------------------------------------------------------------------------------

@pytest.mark.parametrize("server", ["bare", "openbox"])
def test_play_attacks_with_three_best_words_and_the_game_deals_their_damage(
        server, running, xserver, xserver_wm):
    x = xserver if server == "bare" else xserver_wm
    start_game, start_overlay = running
    game = start_game(x, "--seed", "11")
    overlay = start_overlay(x, "--play", "--attacks", "3")
    status, err = overlay.end(timeout=90)
    assert status == 0, err
    lines = overlay.rest()
    boards, summary = lines[:-1], lines[-1]
    assert len(boards) == 4 and summary["stopped"] is None
    attacks = game.results()["attacks"]
    assert len(attacks) == 3 and all(a["verdict"] == "accepted" for a in attacks)
    for board, attack in zip(boards, attacks, strict=False):
        best = board["words"][0]
        assert (attack["word"], attack["tiles"]) == (best["word"], best["tiles"])
        assert attack["damage"] == best["damage"]
    assert [a["word"] for a in summary["attacks"]] == [a["word"] for a in attacks]
    clicks = game.results()["clicks"]
    assert [c["target"] for c in clicks[1:]] == [
        t for a in attacks for t in [*(f"tile {i}" for i in a["tiles"]), "attack"]]
    played = game.results()["boards"]
    assert [tokens_of(b) for b in boards] == [b["tiles"] for b in played]


def test_the_stop_key_stops_play(running, xserver):
    start_game, start_overlay = running
    game = start_game(xserver, "--seed", "12")
    overlay = start_overlay(xserver, "--play")
    wait_for(lambda: game.results().get("attacks"), "the first attack", timeout=60)
    pressed = time.monotonic()
    xserver.xdotool("key", "Escape")
    status, err = overlay.end(timeout=30)
    assert status == 0, err
    assert time.monotonic() - pressed < 3.0
    summary = overlay.rest()[-1]
    assert summary["stopped"] == "the stop key was pressed"
    clicks = len(game.results()["clicks"])
    time.sleep(1.0)
    assert len(game.results()["clicks"]) == clicks  # nothing clicked once it stopped
    assert len(game.results()["attacks"]) <= len(summary["attacks"]) + 1


def test_a_word_the_game_refuses_is_learned_and_the_next_best_played(running, xserver,
                                                                    enable_words, tmp_path):
    """As in the real game, the practice game leaves Attack grey for a word it does not take,
    and its letters up: the attacker reads the button, never clicks it then, clicks the letters
    back (the last first), learns the word refused (cleanly: banned) and plays the next best."""
    lexicon = tmp_path / "game-words.txt"
    lexicon.write_text("\n".join(sorted(enable_words - {"BENZOATES"})))
    start_game, start_overlay = running
    game = start_game(xserver, "--tiles", BOARD, "--lexicon", str(lexicon))
    overlay = start_overlay(xserver, "--play", "--attacks", "2")
    status, err = overlay.end(timeout=90)
    assert status == 0, err
    lines = overlay.rest()
    summary = lines[-1]
    best = lines[1]["words"][0]
    assert [(a["word"], a["verdict"]) for a in summary["attacks"]] == [
        ("BENZOATES", "rejected"), (best["word"], "accepted")]
    assert lines[1]["tiles"] == lines[0]["tiles"]  # the same board, back after the refusal
    assert "BENZOATES" not in [w["word"] for w in lines[1]["words"]]
    results = game.results()
    assert [(a["word"], a["verdict"]) for a in results["attacks"]] == [(best["word"], "accepted")]
    refused = summary["attacks"][0]["tiles"]
    assert [(c["target"], c["effect"]) for c in results["clicks"][1:]] == [
        *((f"tile {i}", "picked") for i in refused),
        *((f"word {k}", "put back") for k in range(len(refused) - 1, -1, -1)),
        *((f"tile {i}", "picked") for i in best["tiles"]), ("attack", f"accepted {best['word']}")]
    history = subprocess.run([sys.executable, "-m", "assistant", "history", "--json"],
                             env=xserver.env, cwd=REPO, capture_output=True, text=True)
    assert "BENZOATES" in json.loads(history.stdout)["learned"]["bookworm"]["rejected"]


def test_no_game_window_is_one_line(xserver):
    done = subprocess.run([sys.executable, "-m", "assistant", "overlay", "bookworm",
                           "--window-title", "No such game"], env=xserver.env, cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("assistant: error: no window titled 'No such game'")


def test_a_bigger_terminal_named_after_the_command_is_not_taken_for_the_game(running, xserver):
    """The terminal fills the screen behind the game (there is no room for a bigger window
    beside it): its title holds 'Bookworm', the game's starts with it."""
    from tests.tk_window import TkWindow

    start_game, start_overlay = running
    terminal = TkWindow(xserver.env, "--title", "Command Prompt - assistant overlay bookworm",
                        "--geometry", "1280x800+0+0")
    try:
        game = start_game(xserver, "--tiles", BOARD)
        shape = dict(line.split("=") for line in xserver.xdotool(
            "getwindowgeometry", "--shell", str(game.window)).split())
        assert int(shape["WIDTH"]) * int(shape["HEIGHT"]) < 1280 * 800
        overlay = start_overlay(xserver)
        _, line = overlay.next()
        overlay.stop()
    finally:
        terminal.close()
    assert line["words"], line
    assert overlay.process.stderr is not None
    chosen = overlay.process.stderr.readline()
    assert chosen.startswith(f'assistant: window: "{W.TITLE}" {shape["WIDTH"]}x{shape["HEIGHT"]} '
                             f'at {shape["X"]},{shape["Y"]}'), chosen


# -- out of sight: minimised or covered, the overlay hides -------------------------------------

def nothing_marked(server: XServer) -> bool:
    """True when the overlay's colour is nowhere on the screen."""
    return not (grab(server) == MARK_BGR).all(axis=2).any()


def test_a_minimised_or_covered_game_hides_the_overlay_until_it_is_back(running, xserver_wm):
    from tests.tk_window import TkWindow

    start_game, start_overlay = running
    game = start_game(xserver_wm, "--tiles", BOARD)
    overlay = start_overlay(xserver_wm)
    _, line = overlay.next()
    assert not nothing_marked(xserver_wm)
    xserver_wm.xdotool("windowminimize", "--sync", str(game.window))
    wait_for(lambda: nothing_marked(xserver_wm), "the overlay to hide", timeout=3)
    xserver_wm.xdotool("windowactivate", "--sync", str(game.window))
    _, again = overlay.next(timeout=5)  # read afresh once back
    assert again["words"][0] == line["words"][0] and not nothing_marked(xserver_wm)
    x, y, _, _ = game.tile(5)
    notes = TkWindow(xserver_wm.env, "--title", "Notes", "--geometry", f"120x120+{x}+{y}")
    try:
        wait_for(lambda: nothing_marked(xserver_wm), "the overlay to hide", timeout=3)
    finally:
        notes.close()
    _, back = overlay.next(timeout=5)
    assert back["words"][0] == line["words"][0]
    assert wait_for(lambda: not nothing_marked(xserver_wm), "the outlines back", timeout=3)


# -- 5. the window closes ------------------------------------------------------------------------

def test_when_the_window_closes_the_overlay_exits_with_one_line(running, xserver):
    start_game, start_overlay = running
    game = start_game(xserver, "--tiles", BOARD)
    overlay = start_overlay(xserver)
    overlay.next()
    game.close()
    status, err = overlay.end(timeout=10)
    assert status == 2
    chosen, *error = err.splitlines()
    assert chosen.startswith(f'assistant: window: "{W.TITLE}" ')
    assert error == [f"assistant: error: the window {W.TITLE!r} was closed"]
