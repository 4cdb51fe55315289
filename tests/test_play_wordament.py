"""`assistant play wordament` end to end: the practice Wordament in a real Tk window on a real
X server (bare, and under openbox), the player in a process of its own moving the real
pointer. The practice game judges and scores every swipe with its own tables; the words the
board holds are found here by brute force over the word list, not by the solver."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time

import pytest

from tests import wordament_live as live
from tests.conftest import REPO
from tests.wordament_live import Game, board_words, spelled
from tests.xserver import XServer

pytestmark = pytest.mark.display

BOARD = "EECA/ALEP/HNBO/QTTY"


@pytest.fixture(scope="module")
def enable_words() -> set[str]:
    """ENABLE's words in capitals."""
    return live.enable_words()


@pytest.fixture
def game(request, tmp_path):
    """Start the practice game with the test's arguments (its `game_args` marker)."""
    started: list[Game] = []

    def start(server: XServer, *args: str) -> Game:
        started.append(Game(server, tmp_path, *args))
        return started[-1]

    yield start
    for one in started:
        one.close()


def accepted(record: dict) -> list[str]:
    """Return the words the game accepted, in order."""
    return [s["word"] for s in record["swipes"] if s["verdict"] == "accepted"]


def stroke(points: list) -> bool:
    """True when these pointer positions outside the window are no more than the few steps a
    drag makes before it notices the window moved from under it (it checks every 4 ms): at
    most 4 places, all within 20 px of one another (an aborted drag, not a swipe played on)."""
    places = {(x, y) for x, y, _ in points}
    return len(places) <= 4 and all(abs(ax - bx) + abs(ay - by) <= 20
                                    for ax, ay in places for bx, by in places)


def after_play(record: dict) -> list:
    """Return the pointer positions outside the window from the first swipe on."""
    first = min((s["time"] for s in record["swipes"]), default=0.0) - 1.0
    return [p for p in record["pointer_outside"] if p[2] >= first]


@pytest.mark.parametrize("server", ["bare", "openbox"])
def test_one_round_every_word_of_the_board_is_played_and_scored(server, game, enable_words,
                                                                 xserver, xserver_wm):
    played = game(xserver if server == "bare" else xserver_wm, "--board", BOARD,
                  "--seconds", "60", "--rounds", "1")
    done = played.play("--rounds", "1", "--json")
    assert done.returncode == 0, done.stderr
    report, record = json.loads(done.stdout), played.record()
    expected = board_words(BOARD, enable_words)
    assert len(expected) == 81
    assert sorted(accepted(record)) == sorted(expected)  # every word, each once
    swipes = record["swipes"]
    assert len(swipes) - len(expected) <= 0.02 * len(expected)  # a swipe or two may slip
    assert record["score"] == sum(s["points"] for s in swipes) == report["rounds"][0]["points"]
    assert report["rounds"][0]["accepted"] == 81 and report["stopped"] is None
    assert after_play(record) == []


def test_the_player_learns_the_games_own_dictionary_round_by_round(game, enable_words, xserver,
                                                                   tmp_path):
    """The game's list lacks five ENABLE words and holds three strings ENABLE lacks; the player
    also tries an extra list of those three and three more the game refuses. Round one tries
    them all; round two tries none the game refused cleanly (on the word's whole path) and plays
    the three it taught; a word refused uncleanly is tried once more in round two, another deal
    of the board, and then banned too."""
    lacking = {"BENTHAL", "TOECAP", "BLEEP", "CEL", "NTH"}
    assert lacking <= board_words(BOARD, enable_words)
    invented = sorted(spelled(BOARD, 5) - enable_words)[:6]
    taught, refused = set(invented[:3]), set(invented[3:])
    lexicon, extra = tmp_path / "game-words.txt", tmp_path / "extra.txt"
    lexicon.write_text("\n".join(sorted(enable_words - lacking | taught)))
    extra.write_text("\n".join(invented))
    played = game(xserver, "--board", BOARD, "--seconds", "20", "--rounds", "2",
                  "--lexicon", str(lexicon))
    done = played.play("--rounds", "2", "--json", "--extra-lexicon", str(extra))
    assert done.returncode == 0, done.stderr
    rounds = played.record()["rounds"]
    assert len(rounds) == 2
    tried = [{s["word"] for s in r["swipes"]} for r in rounds]
    won = [{s["word"] for s in r["swipes"] if s["verdict"] == "accepted"} for r in rounds]
    assert lacking | refused <= tried[0] and taught <= won[0]
    with sqlite3.connect(tmp_path / "data" / "history.sqlite") as db:
        unclean = {word for (word,) in db.execute(
            "SELECT word FROM sightings WHERE verdict = 'rejected' AND NOT clean"
            " AND round = (SELECT min(id) FROM rounds)")}
    assert (lacking | refused) & tried[1] == unclean & (lacking | refused) and taught <= won[1]
    history = played.history()
    assert set(history["learned"]["wordament"]["rejected"]) == lacking | refused
    assert set(history["learned"]["wordament"]["accepted_unknown"]) == taught
    ours = {p["word"]: p["verdict"] for p in history["rounds"][-1]["plays"]}
    assert {w for w, v in ours.items() if v == "rejected"} == lacking | refused
    text = subprocess.run([sys.executable, "-m", "assistant", "history"], env=played.env,
                          cwd=REPO, capture_output=True, text=True).stdout
    assert all(word in text for word in lacking | refused | taught)


def test_a_window_moved_mid_round_is_followed(game, enable_words, xserver):
    played = game(xserver, "--board", BOARD, "--seconds", "60", "--rounds", "1")
    player = played.start("--rounds", "1", "--json", "--drag-ms", "40")
    played.wait_swipes()
    xserver.xdotool("windowmove", str(played.window), "420", "180")
    _, err = player.communicate(timeout=120)
    assert player.returncode == 0, err
    assert "reading the board again" in err
    record = played.record()
    assert sorted(accepted(record)) == sorted(board_words(BOARD, enable_words))
    # the pointer may be left outside where the window moved away from under it
    assert stroke(after_play(record))


def test_a_window_moved_mostly_off_the_screen_stops_play_in_one_line(game, xserver):
    played = game(xserver, "--board", BOARD, "--seconds", "60", "--rounds", "1")
    player = played.start("--rounds", "1", "--json", "--drag-ms", "40")
    played.wait_swipes()
    xserver.xdotool("windowmove", str(played.window), "1100", "650")  # a 1280x800 screen
    _, err = player.communicate(timeout=60)
    assert player.returncode == 2, err
    last = err.strip().splitlines()[-1]
    assert last.startswith("assistant: error: ") and "off the screen" in last
    # the pointer may be left outside where the window moved away from under it
    assert stroke(after_play(played.record()))


def test_the_game_losing_the_focus_stops_play_in_one_line(game, xserver_wm):
    played = game(xserver_wm, "--board", BOARD, "--seconds", "60", "--rounds", "1")
    other = subprocess.Popen([sys.executable, "-c", "import tkinter as tk; r = tk.Tk(); "
                              "r.title('Notes'); r.geometry('200x100+900+600'); r.mainloop()"],
                             env=xserver_wm.env)  # opened first: on a loaded machine a Tk
    notes = str(xserver_wm.wait_window("Notes"))  # window took longer than the whole board
    try:
        xserver_wm.xdotool("windowactivate", "--sync", str(played.window))
        player = played.start("--rounds", "1", "--json", "--drag-ms", "40")
        played.wait_swipes()
        xserver_wm.xdotool("windowactivate", "--sync", notes)
        _, err = player.communicate(timeout=60)
    finally:
        other.terminate()
    assert player.returncode == 2, err
    last = err.strip().splitlines()[-1]
    assert last.startswith("assistant: error: ") and "lost the focus" in last
    swipes = played.record()["swipes"]
    assert 0 < len(swipes) < 81


def test_a_window_closed_mid_round_stops_play_in_one_line_and_keeps_the_store(game, xserver,
                                                                              tmp_path):
    played = game(xserver, "--board", BOARD, "--seconds", "60")
    player = played.start("--json", "--drag-ms", "40")
    played.wait_swipes()
    played.close()
    out, err = player.communicate(timeout=60)
    assert player.returncode == 2, err
    lines = err.strip().splitlines()
    assert lines[-1].startswith("assistant: error: ") and "Wordament" in lines[-1]
    report = json.loads(out)  # the report of what was played, all the same
    assert report["stopped"] == lines[-1].removeprefix("assistant: error: ")
    assert report["rounds"][0]["tried"] > 0
    assert not any("Traceback" in line for line in lines)
    store = tmp_path / "data" / "history.sqlite"
    with sqlite3.connect(store) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    plays = played.history()["rounds"][0]["plays"]
    assert plays and all(p["verdict"] == "accepted" for p in plays)


def test_the_stop_key_stops_play_within_a_word(game, xserver):
    played = game(xserver, "--board", BOARD, "--seconds", "60")
    player = played.start("--json", "--drag-ms", "40")
    played.wait_swipes()
    pressed = time.monotonic()
    xserver.xdotool("key", "Escape")
    out, err = player.communicate(timeout=30)
    stopped = time.monotonic() - pressed
    assert player.returncode == 0, err
    report = json.loads(out)
    assert report["stopped"] == "the stop key was pressed"
    assert 0 < report["rounds"][0]["tried"] < 81
    assert stopped < 2.0  # a word's drag, the verdicts in flight, the summary
    swipes = played.record()["swipes"]
    assert len(swipes) <= report["rounds"][0]["tried"] + 1


def test_the_pointer_thrown_into_a_corner_stops_play(game, xserver):
    played = game(xserver, "--board", BOARD, "--seconds", "60")
    player = played.start("--json", "--drag-ms", "40")
    played.wait_swipes()
    for _ in range(5):  # the player moves the pointer on: throw it again until it notices
        xserver.xdotool("mousemove", "0", "0")
        time.sleep(0.02)
    out, err = player.communicate(timeout=30)
    assert player.returncode == 0, err
    report = json.loads(out)
    assert "fail-safe" in report["stopped"] and 0 < report["rounds"][0]["tried"] < 81


def test_a_dry_run_moves_nothing(game, xserver):
    played = game(xserver, "--board", BOARD, "--seconds", "60")
    before = xserver.xdotool("getmouselocation")
    done = played.play("--dry-run", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["board"] == "E E C A/A L E P/H N B O/Q T T Y"
    assert len(report["gestures"]) == 81
    time.sleep(0.3)
    assert played.record()["swipes"] == [] and xserver.xdotool("getmouselocation") == before


def one_line_error(done: subprocess.CompletedProcess) -> str:
    """Return the one error line of a run that failed with status 2 (after the one line
    naming the window chosen, when one was)."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    if len(lines) == 2:
        assert lines.pop(0).startswith("assistant: window: "), done.stderr
    assert len(lines) == 1 and lines[0].startswith("assistant: error: "), done.stderr
    return lines[0]


def test_no_window_is_one_line_naming_the_windows_there_are(xserver, tmp_path):
    other = subprocess.Popen([sys.executable, "-c", "import tkinter as tk; r = tk.Tk(); "
                              "r.title('Notes'); r.mainloop()"], env=xserver.env)
    try:
        xserver.wait_window("Notes")
        done = subprocess.run([sys.executable, "-m", "assistant", "play", "wordament"],
                              env={**xserver.env, "ASSISTANT_DATA_DIR": str(tmp_path)},
                              cwd=REPO, capture_output=True, text=True, timeout=60)
    finally:
        other.terminate()
    line = one_line_error(done)
    assert "no window titled 'Wordament'" in line and "'Notes'" in line


def test_a_black_window_is_one_line_and_never_played(xserver, tmp_path):
    black = subprocess.Popen([sys.executable, "-c", "import tkinter as tk; r = tk.Tk(); "
                              "r.title('Wordament'); r.geometry('400x400+10+10'); "
                              "r.configure(background='black'); r.mainloop()"], env=xserver.env)
    try:
        xserver.wait_window("Wordament")
        time.sleep(0.3)
        done = subprocess.run([sys.executable, "-m", "assistant", "play", "wordament"],
                              env={**xserver.env, "ASSISTANT_DATA_DIR": str(tmp_path)},
                              cwd=REPO, capture_output=True, text=True, timeout=60)
    finally:
        black.terminate()
    assert "black" in one_line_error(done)


def test_a_capture_at_another_scale_than_the_window_is_one_line(xserver, monkeypatch, capsys,
                                                                tmp_path):
    """A display scale the process is not aware of (a Retina screen, Windows at 150%) makes
    captures bigger than the window's size; Xvfb has none, so the capture is scaled here."""
    import cv2

    from assistant import cli
    from assistant.adapters import screen

    grab = screen.MssScreen.grab
    monkeypatch.setattr(screen.MssScreen, "grab", lambda self, region: cv2.resize(
        grab(self, region), None, fx=2, fy=2))
    monkeypatch.setenv("ASSISTANT_DATA_DIR", str(tmp_path))
    status = cli.main(["play", "wordament", "--region", "0,0,300,200"])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1
    assert "600x400" in err[0] and "300x200" in err[0] and "200%" in err[0]


@pytest.mark.parametrize("server", ["bare", "openbox"])
def test_a_bigger_terminal_named_after_the_command_is_not_taken_for_the_game(
        server, game, xserver, xserver_wm):
    """cmd names its window after the command it runs: 'Command Prompt - assistant play
    wordament' holds 'Wordament' too, and is bigger; the game's title starts with it."""
    from tests.tk_window import TkWindow

    x_server = xserver if server == "bare" else xserver_wm
    played = game(x_server, "--board", BOARD, "--seconds", "60")
    shape = dict(line.split("=") for line in x_server.xdotool(
        "getwindowgeometry", "--shell", str(played.window)).split())
    right = int(shape["X"]) + int(shape["WIDTH"]) + 20
    size = (1280 - right - 10, 700)
    assert size[0] * size[1] > int(shape["WIDTH"]) * int(shape["HEIGHT"])
    terminal = TkWindow(x_server.env, "--title", "Command Prompt - assistant play wordament",
                        "--geometry", f"{size[0]}x{size[1]}+{right}+10")
    try:
        done = played.play("--dry-run", "--json", "--wait", "20")
    finally:
        terminal.close()
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["board"] == "E E C A/A L E P/H N B O/Q T T Y"
    assert done.stderr.startswith('assistant: window: "Wordament (practice)" '), done.stderr
