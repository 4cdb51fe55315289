"""Practice Wordament for real: the game runs as a child process on Xvfb, takes xdotool's mouse
events, is captured with mss and read by the project's own reader. Words, verdicts and points
are worked by hand from RULES.md's tables (and ENABLE, the default lexicon)."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from assistant.core.types import BadInput
from assistant.practice.wordament_game import CELLS, Cell
from assistant.practice.wordament_layout import SELECTED_FACE, VERDICT_COLOURS, Layout
from tests.conftest import REPO

pytestmark = pytest.mark.display

LAYOUT = Layout()  # where the game says its tiles are; the reader test checks it
CATS = ("C A T S/O R E S/D I N G/H E L P", "3 2 2 2/2 3 1 2/3 2 2 4/4 1 3 4")
CAT, CARES, RAC = ((0, 0), (0, 1), (0, 2)), ((0, 0), (0, 1), (1, 1), (1, 2), (1, 3)), \
    ((1, 1), (0, 1), (0, 0))
ODE = ((1, 0), (2, 0), (3, 1))  # the last step is diagonal
STEP = "0.01"  # s between the 8 motion steps from one tile centre to the next: slow enough that
# a busy machine (Tk keeps only the last of the motion events queued while it is busy) registers


def rgb(colour: str) -> tuple[int, int, int]:
    """Return a #RRGGBB colour as (r, g, b)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return r, g, b


class Game:
    """`assistant practice wordament ARGS` running on an X server, and ways to play it."""

    def __init__(self, server: Any, folder: Path, *args: str) -> None:
        self.server, self.results_file = server, folder / "results.json"
        server.xdotool("mousemove", "200", "300")  # where the window opens: inside it
        self.process = subprocess.Popen(
            [sys.executable, "-m", "assistant", "practice", "wordament",
             "--results", str(self.results_file), *args],
            env=server.env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.window = server.wait_window("Wordament")
        self.wait(lambda r: r["rounds"])
        shell = dict(line.split("=") for line in
                     server.xdotool("getwindowgeometry", "--shell", str(self.window)).split())
        self.x, self.y = int(shell["X"]), int(shell["Y"])
        self.size = int(shell["WIDTH"]), int(shell["HEIGHT"])

    def results(self) -> dict:
        """Return the results file, which must always be whole JSON."""
        return json.loads(self.results_file.read_text())

    def wait(self, ready: Callable[[dict], Any], timeout: float = 10.0) -> dict:
        """Return the results once ready(results) holds; fail after timeout seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.results_file.exists() and ready(results := self.results()):
                return results
            time.sleep(0.02)
        raise AssertionError(f"results never ready: {self.results()}")

    def point(self, cell: Cell, dx: float = 0, dy: float = 0) -> list[str]:
        """Return the screen position of a tile's centre (moved by dx, dy) as xdotool args."""
        x, y = LAYOUT.centre(cell)
        return [str(round(self.x + x + dx)), str(round(self.y + y + dy))]

    def drag(self, cells: tuple[Cell, ...], steps: int = 8, release: bool = True,
             press: bool = True, dy: float = 0) -> None:
        """Drag through the cells' centres in small steps (press and release if asked)."""
        args = ["mousemove", *self.point(cells[0], dy=dy)] + (["mousedown", "1"] if press else [])
        for a, b in itertools.pairwise(cells):
            (ax, ay), (bx, by) = LAYOUT.centre(a), LAYOUT.centre(b)
            for k in range(1, steps + 1):
                args += ["mousemove", *self.point(a, (bx - ax) * k / steps,
                                                  (by - ay) * k / steps + dy), "sleep", STEP]
        self.server.xdotool(*args, *(["mouseup", "1"] if release else []))

    def swipe(self, cells: tuple[Cell, ...]) -> dict:
        """Drag a word, wait for its swipe in the results, and return the swipe."""
        before = len(self.results()["swipes"])
        self.drag(cells)
        return self.wait(lambda r: len(r["swipes"]) > before)["swipes"][before]

    def grab(self) -> np.ndarray:
        """Return the window captured with mss, as a BGR frame."""
        import mss

        with mss.MSS() as screen:
            shot = screen.grab({"left": self.x, "top": self.y, "width": self.size[0],
                                "height": self.size[1]})
        return np.ascontiguousarray(np.asarray(shot)[:, :, :3])

    def face(self, cell: Cell, frame: np.ndarray | None = None) -> tuple[int, int, int]:
        """Return the colour (r, g, b) of a tile's face, near its bottom-right corner."""
        x, y = LAYOUT.corner(cell)
        b, g, r = (self.grab() if frame is None else frame)[y + LAYOUT.tile - 6,
                                                            x + LAYOUT.tile - 6]
        return int(r), int(g), int(b)

    def seen(self, cell: Cell, colour: str, within: float) -> float | None:
        """Return how soon (s) a tile's face shows this colour, or None if not within."""
        start = time.monotonic()
        while time.monotonic() - start < within:
            if self.face(cell) == rgb(colour):
                return time.monotonic() - start
            time.sleep(0.002)
        return None

    def read(self, timeout: float = 3.0) -> Any:
        """Return the reader's reading of the window (retried while the board is being drawn)."""
        from assistant.vision import reader

        deadline = time.monotonic() + timeout
        while True:
            try:
                return reader("wordament").read(self.grab())
            except BadInput:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def close(self) -> None:
        """Ask the window to close, as a window manager's close button does."""
        from Xlib import X, display
        from Xlib.protocol import event

        screen = display.Display(self.server.display)
        window = screen.create_resource_object("window", self.window)
        message = event.ClientMessage(window=window, client_type=screen.intern_atom(
            "WM_PROTOCOLS"), data=(32, [screen.intern_atom("WM_DELETE_WINDOW"), X.CurrentTime,
                                        0, 0, 0]))
        window.send_event(message, event_mask=X.NoEventMask)
        screen.sync()
        screen.close()

    def finish(self, timeout: float = 10.0) -> tuple[int, str, str]:
        """Return the exit status and output of the game, once it has ended."""
        out, err = self.process.communicate(timeout=timeout)
        return self.process.returncode, out, err

    def stop(self) -> None:
        """Kill the game if it still runs."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


@pytest.fixture
def start(xserver: Any, tmp_path: Path) -> Iterator[Callable[..., Game]]:
    """Start practice games on the session's Xvfb; each is killed at the end if still running."""
    games: list[Game] = []

    def begin(*args: str) -> Game:
        games.append(Game(xserver, tmp_path, *args))
        return games[-1]

    yield begin
    for game in games:
        game.stop()


BOARDS = {  # board text, values, and the tiles and values read back (by hand)
    "letters": ("J A W S/E X I T/B O K Z/Q U M Y", None,
                "J A W S E X I T B O K Z Q U M Y", [10, 2, 6, 2, 1, 9, 2, 2, 5, 2, 6, 8, 8, 4,
                                                    4, 5]),
    "specials": ("QU I T S/U/L E A T/DE- N -ING R/O T S P", "10 2 2 2/20 1 2 2/12 2 12 2/2 2 2 4",
                 "QU I T S U/L E A T DE- N -ING R O T S P", [10, 2, 2, 2, 20, 1, 2, 2, 12, 2,
                                                              12, 2, 2, 2, 2, 4]),
    "more specials": ("TH E R S, A VE CH O, RE- N S/T I, P -ED L -Y", None,
                      "TH E R S A VE CH O RE- N S/T I P -ED L -Y",
                      [8, 1, 2, 2, 2, 12, 9, 2, 10, 2, 20, 2, 4, 10, 3, 12]),
}


@pytest.mark.parametrize("name", BOARDS)
def test_the_reader_reads_the_window(start: Callable[..., Game], name: str) -> None:
    board, values, tiles, numbers = BOARDS[name]
    game = start("--board", board, *(["--values", values] if values else []), "--seconds", "60")
    reading = game.read()
    assert [c.text for c in reading.cells] == tiles.split()
    assert [c.value for c in reading.cells] == numbers
    assert not reading.uncertain()
    for cell, read in zip(CELLS, reading.cells, strict=True):  # the tiles are where Layout says
        x, y, w, h = read.box
        assert abs(x + w / 2 - LAYOUT.centre(cell)[0]) <= 3
        assert abs(y + h / 2 - LAYOUT.centre(cell)[1]) <= 3
    game.close()
    assert game.finish()[0] == 0


def test_swipes_words_verdicts_points_and_flashes(start: Callable[..., Game]) -> None:
    game = start("--board", CATS[0], "--values", CATS[1], "--seconds", "60")
    plays = [(CAT, "CAT", "accepted", 3 + 2 + 2),
             (CARES, "CARES", "accepted", (3 + 2 + 3 + 1 + 2) * 3 // 2),  # 16.5 rounded down
             (CAT, "CAT", "repeated", 0),
             (RAC, "RAC", "rejected", 0),
             (ODE, "ODE", "accepted", 2 + 3 + 1)]
    for n, (cells, word, verdict, worth) in enumerate(plays, 1):
        swipe = game.swipe(cells)  # the results file is read as JSON after every swipe
        assert (swipe["tiles"], swipe["word"], swipe["verdict"], swipe["points"]) == \
            ([list(c) for c in cells], word, verdict, worth)
        assert game.seen(cells[0], VERDICT_COLOURS[verdict], within=0.25) is not None
        assert len(game.results()["rounds"][0]["swipes"]) == n
    assert game.seen(ODE[0], game_colour(game), within=1.0) is not None  # the flash ends
    results = game.results()
    assert results["score"] == results["rounds"][0]["score"] == 7 + 16 + 6
    assert results["rounds"][0]["swipes"] == results["swipes"]
    assert results["pointer_outside"] == []
    assert [s["time"] for s in results["swipes"]] == sorted(s["time"] for s in results["swipes"])
    game.close()
    status, out, _ = game.finish()
    assert status == 0 and "29 points, 3 words (5 swipes)" in out


def game_colour(game: Game) -> str:
    """Return the board's colour as seen on a tile nobody touched."""
    return "#{:02X}{:02X}{:02X}".format(*game.face((3, 3)))


def test_tiles_light_while_held_and_going_back_takes_the_last_off(
        start: Callable[..., Game]) -> None:
    game = start("--board", CATS[0], "--values", CATS[1], "--seconds", "60")
    plain = game.face((3, 3))
    game.drag(CAT, release=False)
    time.sleep(0.1)
    frame = game.grab()
    assert [game.face(c, frame) for c in CAT] == [rgb(SELECTED_FACE)] * 3
    assert game.face((1, 1), frame) == plain
    game.drag(((0, 2), (0, 1), (1, 1), (1, 2)), press=False, release=False)  # back, then on
    time.sleep(0.1)
    frame = game.grab()
    assert game.face((0, 2), frame) == plain
    assert game.face((1, 2), frame) == rgb(SELECTED_FACE)
    game.server.xdotool("mouseup", "1")
    swipe = game.wait(lambda r: r["swipes"])["swipes"][0]
    assert (swipe["word"], swipe["tiles"], swipe["points"]) == \
        ("CARE", [[0, 0], [0, 1], [1, 1], [1, 2]], 3 + 2 + 3 + 1)


def test_sloppy_or_too_fast_drags_miss_tiles(start: Callable[..., Game]) -> None:
    game = start("--board", CATS[0], "--values", CATS[1], "--seconds", "60")
    game.server.xdotool("mousemove", *game.point((0, 0)), "mousedown", "1",
                        "mousemove", *game.point((0, 2)), "sleep", "0.05", "mouseup", "1")
    jump = game.wait(lambda r: r["swipes"])["swipes"][0]  # one jump over A: it never joins
    assert (jump["tiles"], jump["word"], jump["verdict"]) == ([[0, 0]], "C", "rejected")
    sloppy = 0.4 * LAYOUT.tile  # on the faces, but never well inside them
    game.drag(CAT, dy=sloppy)
    low = game.wait(lambda r: len(r["swipes"]) == 2)["swipes"][1]
    assert low["tiles"] == [[0, 0]]
    assert game.swipe(CAT)["word"] == "CAT"  # the same drag, aimed well, spells the word
    game.server.xdotool("mousemove", "300", "60", "mousedown", "1", "mousemove", "300", "400",
                        "mouseup", "1")  # a press on the header does nothing
    time.sleep(0.3)
    assert len(game.results()["swipes"]) == 3


def flat(rows: list[list]) -> list:
    """Return the items of rows, row by row."""
    return [item for row in rows for item in row]


def test_rounds_end_and_the_next_board_shows(start: Callable[..., Game]) -> None:
    game = start("--seed", "5", "--seconds", "2", "--rounds", "2")
    first = game.read()
    shown = game.results()["rounds"][0]
    assert [c.text for c in first.cells] == flat(shown["board"])
    assert [c.value for c in first.cells] == flat(shown["values"])
    game.wait(lambda r: r["rounds"][0]["end"] is not None)
    with pytest.raises(BadInput):  # the results screen: no grid to read
        game.read(timeout=0)
    results = game.wait(lambda r: len(r["rounds"]) == 2)
    second = game.read()
    assert [c.text for c in second.cells] == flat(results["rounds"][1]["board"])
    assert results["rounds"][1]["board"] != shown["board"]
    assert results["rounds"][1]["start"] - results["rounds"][0]["end"] == pytest.approx(3, 0.1)
    status, out, _ = game.finish(timeout=15)
    assert status == 0 and out.count("round ") == 2


def test_closing_the_window_exits_cleanly(start: Callable[..., Game]) -> None:
    game = start("--seed", "1", "--seconds", "60")
    game.server.xdotool("mousemove", "700", "300")  # outside the window, during the round
    results = game.wait(lambda r: r["pointer_outside"], timeout=2)
    assert results["pointer_outside"][0][:2] == [700, 300]
    game.close()
    status, out, err = game.finish()
    assert (status, err) == (0, "")
    assert out.endswith("total: 0 points\n")
    assert game.results()["rounds"][0]["end"] is not None


def test_the_window_managers_close_ends_the_game(xserver_wm: Any, tmp_path: Path) -> None:
    results = tmp_path / "results.json"
    game = subprocess.Popen([sys.executable, "-m", "assistant", "practice", "wordament",
                             "--seed", "2", "--results", str(results)], env=xserver_wm.env,
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        window = xserver_wm.wait_window("Wordament")
        out, err = xserver_wm.close_window(game, window, "Wordament")
    finally:
        game.kill()
    assert (game.returncode, err) == (0, "")
    assert "round 1:" in out and json.loads(results.read_text())["rounds"][0]["end"] is not None
