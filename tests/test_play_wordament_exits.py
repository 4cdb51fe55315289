"""`assistant play wordament` on every way out and in every wait, end to end: the practice
Wordament in a real Tk window on a real Xvfb, the player in a process of its own moving the
real pointer. Signals mid-play, a popup over the grid, a window with no board, the stop key
between rounds, a loaded machine (the game's swipes against the player's tally), and a board
with every special tile."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections import Counter

import pytest

from tests.test_play_wordament import BOARD, game  # noqa: F401  (the fixture)
from tests.tk_window import TkWindow
from tests.wordament_live import Game

pytestmark = pytest.mark.display

LOADED = "SERU/NTLA/IDEO/PCSM"  # the board the stray swipes were found on (issue 21)


def button_down() -> bool:
    """True when mouse button 1 is held down on the X server (the pointer's mask)."""
    from Xlib import X, display

    shown = display.Display()
    try:
        return bool(shown.screen().root.query_pointer().mask & X.Button1Mask)
    finally:
        shown.close()


def game_region() -> tuple[int, int]:
    """Return the top-left pixel of the practice game's client area."""
    from assistant.adapters.x11 import X11Windows

    found = X11Windows()
    try:
        region = found.find("Wordament").region
    finally:
        found.close()
    return region.x, region.y


@pytest.mark.parametrize("number,status", [(signal.SIGTERM, 143), (signal.SIGINT, 130),
                                           (signal.SIGHUP, 129)])
def test_a_signal_mid_play_lets_go_of_the_button_closes_the_round_and_reports(
        game, xserver, number, status):  # noqa: F811
    played = game(xserver, "--board", BOARD, "--seconds", "60")
    player = played.start("--json", "--drag-ms", "40")
    played.wait_swipes()
    deadline = time.monotonic() + 3
    while not button_down() and time.monotonic() < deadline:  # mid-drag, if it can be caught
        time.sleep(0.002)
    player.send_signal(number)
    sent = time.monotonic()
    out, err = player.communicate(timeout=30)
    assert time.monotonic() - sent < 3.0, err
    assert player.returncode == status, err
    assert not button_down()
    report = json.loads(out)
    assert report["stopped"] and report["rounds"][0]["tried"] > 0
    # the drag cut short was let go, and the game judged it: one swipe more in the tally
    assert report["rounds"][0]["tried"] == len(played.record()["rounds"][0]["swipes"])
    assert "Traceback" not in err
    [closed] = played.history()["rounds"]
    assert closed["points"] is not None and closed["seconds"] is not None


def test_a_popup_over_the_grid_gets_no_press(game, xserver):  # noqa: F811
    played = game(xserver, "--board", BOARD, "--seconds", "60")
    x, y = game_region()
    player = played.start("--json", "--seconds", "15", "--drag-ms", "40")
    played.wait_swipes()
    popup = TkWindow(xserver.env, "--title", "", "--override", "--events",
                     "--geometry", f"200x200+{x + 100}+{y + 200}")
    try:
        time.sleep(2.0)
        during = len(played.record()["swipes"])
    finally:
        events = popup.events(settle=0.1)  # all it got while it showed
        popup.close()
    out, err = player.communicate(timeout=60)
    assert not [e for e in events if e["type"] == "press"], events
    assert player.returncode == 0, err
    assert "lies over the grid" in err
    report = json.loads(out)
    assert report["rounds"][0]["tried"] == len(played.record()["swipes"]) > during


def test_a_window_with_no_board_ends_with_the_time_given(xserver, tmp_path):
    shown = TkWindow(xserver.env, "--title", "Wordament", "--geometry", "420x520+40+40")
    try:
        began = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "assistant", "play", "wordament", "--json",
                               "--seconds", "3", "--wait", "20"],
                              env={**xserver.env, "ASSISTANT_DATA_DIR": str(tmp_path)},
                              capture_output=True, text=True, timeout=60)
        took = time.monotonic() - began
    finally:
        shown.close()
    assert took < 6.0, done.stderr
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert lines[-1].startswith("assistant: error: no wordament board"), done.stderr
    assert json.loads(done.stdout) == {"game": "wordament", "rounds": [],
                                       "stopped": lines[-1].removeprefix("assistant: error: ")}


def test_the_stop_key_between_rounds_stops_play(game, xserver):  # noqa: F811
    played = game(xserver, "--board", BOARD, "--seconds", "4", "--rounds", "2")
    player = played.start("--json")
    deadline = time.monotonic() + 60
    while not played.results.exists() or played.record()["rounds"][0]["end"] is None:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(0.8)  # the results screen shows: the player waits for the next board
    pressed = time.monotonic()
    xserver.xdotool("key", "Escape")
    out, err = player.communicate(timeout=30)
    assert time.monotonic() - pressed < 2.0, err
    assert player.returncode == 0, err
    report = json.loads(out)
    assert report["stopped"] == "the stop key was pressed" and len(report["rounds"]) == 1


def busy(count: int) -> list[subprocess.Popen]:
    """Start processes that keep a CPU busy each."""
    return [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(count)]


def ends(folder, record: dict) -> str:
    """Return the last drags as the store and the game saw them (times from the round's
    start), to tell a tally that differs."""
    import sqlite3

    [path] = list((folder / "data").rglob("*.sqlite")) or [None]
    plays = [] if path is None else sqlite3.connect(path).execute(
        "SELECT word, verdict, at FROM plays ORDER BY id DESC LIMIT 4").fetchall()[::-1]
    start = record["start"]
    seen = [(s["word"], s["pressed"] - start, s["time"] - start) for s in record["swipes"][-4:]]
    return (f"player's last: {plays}; game's last: {seen}; "
            f"the round ended at {record['end'] - start:.3f}")


@pytest.mark.parametrize("hogs", [0, 2])
def test_the_tally_is_the_games_swipe_for_swipe_on_a_loaded_machine(xserver, tmp_path, hogs):
    played = Game(xserver, tmp_path, "--board", LOADED, "--seconds", "25", "--rounds", "2")
    load = busy(hogs)
    try:
        done = played.play("--rounds", "1", "--json")
        session = played.record()
    finally:
        for hog in load:
            hog.kill()
        played.close()
    assert done.returncode == 0, done.stderr
    [report] = json.loads(done.stdout)["rounds"]
    record = session["rounds"][0]
    assert not [p for p in session["pointer_outside"] if p[2] >= record["swipes"][0]["pressed"]]
    verdicts = Counter(s["verdict"] for s in record["swipes"])
    assert report["tried"] == len(record["swipes"]) > 0, ends(tmp_path, record)
    assert verdicts["rejected"] == 0, [s["word"] for s in record["swipes"]]
    assert report["accepted"] + report["no_feedback"] >= verdicts["accepted"]
    assert verdicts["repeated"] <= report["no_feedback"] + report["repeated"]
    assert 1 <= report["drag_ms"] <= 120
    if not hogs:  # every drag taken whole: the pace sped up from where it began
        assert report["drag_ms"] < 20


def test_a_board_with_every_special_tile_is_played_end_to_end(xserver, tmp_path):
    board = "QU I T S/U/L E A T/DE- N -ING R/O T S P"  # QU, U/L, DE-, -ING: rows of 4
    played = Game(xserver, tmp_path, "--board", board, "--seconds", "40", "--rounds", "2")
    try:
        done = played.play("--rounds", "1", "--json")
        record = played.record()
    finally:
        played.close()
    assert done.returncode == 0, done.stderr
    [report] = json.loads(done.stdout)["rounds"]
    record = record["rounds"][0]
    assert report["board"] == board
    taken = [s for s in record["swipes"] if s["verdict"] == "accepted"]
    assert report["tried"] == len(record["swipes"])
    assert report["accepted"] <= len(taken) <= report["accepted"] + report["no_feedback"]
    used = {tuple(cell) for s in taken for cell in s["tiles"]}
    assert {(0, 0), (1, 0), (2, 0), (2, 2)} <= used  # QU, U/L, DE-, -ING each in a word
