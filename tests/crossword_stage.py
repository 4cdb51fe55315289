"""The crossword overlay's stage, for its tests and bench: screenshots sized to a window (a
mirrored phone, portrait; a desktop window, landscape), the practice window showing them one
after the other (tests/crossword_window.py), `assistant overlay GAME --json` over it, each a
child process on one X server, and the golden move: `assistant solve --game GAME IMAGE --json`
run on the very image shown, in a process of its own.

    with XServer(screens=(SCREEN,)) as server, Stage(server, "wordfeud", frames, tmp) as stage:
        line = stage.overlay.next()[1]; stage.golden(0); stage.grab()
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from assistant.bookworm.scene import MARK
from assistant.crossword.scene import BLANK
from tests.conftest import REPO
from tests.xserver import XServer

SCREEN = (1700, 1100)  # the X screen: room for a 1280x820 window and the panel beside a phone
AT = (40, 30)  # the window's top-left corner
TITLE = "Pixel 4a"  # a mirrored phone's window title (scrcpy names it after the phone)
TIMEOUT = 60.0  # s for a child's first line on a loaded machine


def bgr(colour: str) -> tuple[int, int, int]:
    """Return a '#rrggbb' colour as BGR."""
    return int(colour[5:7], 16), int(colour[3:5], 16), int(colour[1:3], 16)


LETTER_COLOURS = (bgr(MARK), bgr(BLANK))
LETTER_INK = 0.05  # a letter's outline covers at least this share of its square's middle
SEEN_THROUGH = 0.5  # and leaves at least this share of it showing the square beneath


# -- the pictures ------------------------------------------------------------------------------

def portrait(frame: np.ndarray, width: int, height: int | None = None) -> np.ndarray:
    """Return a phone screenshot as a mirrored phone's window shows it, `width` wide (and
    padded or cut to `height`, with the colour of its last row)."""
    h = round(frame.shape[0] * width / frame.shape[1])
    shown = cv2.resize(frame, (width, h), interpolation=cv2.INTER_AREA)
    if height is None or height == h:
        return shown
    out = np.empty((height, width, 3), np.uint8)
    out[:] = np.median(shown[-1], axis=0).astype(np.uint8)
    out[:min(h, height)] = shown[:height]
    return out


def landscape(frame: np.ndarray, width: int, height: int) -> np.ndarray:
    """Return a phone screenshot as a landscape desktop window shows it: as tall as the window,
    in the middle, on a dark ground."""
    h, w = frame.shape[:2]
    shown = cv2.resize(frame, (round(w * height / h), height), interpolation=cv2.INTER_AREA)
    out = np.full((height, width, 3), (38, 30, 30), np.uint8)
    left = (width - shown.shape[1]) // 2
    out[:, left:left + shown.shape[1]] = shown
    return out


# -- the golden move ---------------------------------------------------------------------------

def golden(game: str, path: Path, language: str = "en") -> dict[str, Any]:
    """Return `assistant solve --game GAME IMAGE --json` for an image (a process of its own)."""
    done = subprocess.run([sys.executable, "-m", "assistant", "solve", "--game", game, str(path),
                           "--json", "--language", language], cwd=REPO, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def squares(solved: dict[str, Any]) -> list[tuple[int, int, int, int]]:
    """Return the 225 squares' boxes in the image (row-major), from the board region read."""
    x, y, w, h = solved["read"]["region"]
    return [(round(x + c * w / 15), round(y + r * h / 15), round(w / 15), round(h / 15))
            for r in range(15) for c in range(15)]


def placed(solved: dict[str, Any]) -> list[int]:
    """Return the squares (row * 15 + col) the best move puts tiles on."""
    return [t["row"] * 15 + t["col"] for t in solved["moves"][0]["placed"]]


# -- what the screen shows ---------------------------------------------------------------------

def middle(box: tuple[int, int, int, int]) -> tuple[slice, slice]:
    """Return the middle of a square (0.6 of its side), where its letter is drawn."""
    x, y, w, h = box
    d = max(2, round(min(w, h) * 0.3))
    return slice(y + h // 2 - d, y + h // 2 + d), slice(x + w // 2 - d, x + w // 2 + d)


def lettered(shot: np.ndarray, box: tuple[int, int, int, int]) -> bool:
    """True when a square of a window's grab holds a drawn letter: at least LETTER_INK of the
    middle of the square in a letter's colour (its outline)."""
    part = shot[middle(box)]
    return any((part == c).all(axis=2).mean() >= LETTER_INK for c in LETTER_COLOURS)


def see_through(shot: np.ndarray, frame: np.ndarray, box: tuple[int, int, int, int]) -> float:
    """Return the share of a square's middle that shows the image's own pixels: what the
    drawn letter leaves in sight of the square beneath it."""
    part = middle(box)
    return float((shot[part] == frame[part]).all(axis=2).mean())


def untouched(shot: np.ndarray, frame: np.ndarray, box: tuple[int, int, int, int],
              inset: int = 2) -> bool:
    """True when a square of the window's grab shows exactly the image's pixels (an inset
    from its edges left out: a read box may be a pixel off the square drawn)."""
    x, y, w, h = box
    part = (slice(y + inset, y + h - inset), slice(x + inset, x + w - inset))
    return bool((shot[part] == frame[part]).all())


class Child:
    """A child process on the server whose stdout JSON lines are queued with their time."""

    def __init__(self, server: XServer, *args: str) -> None:
        self.name = args[0]
        self.process = subprocess.Popen([sys.executable, "-m", *args], env=server.env, cwd=REPO,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[tuple[float, dict]] = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        """Queue every line printed, with when it came."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put((time.monotonic(), json.loads(line)))

    def next(self, timeout: float = TIMEOUT) -> tuple[float, dict]:
        """Return the next line and when it came."""
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            err = "" if self.process.poll() is None or self.process.stderr is None \
                else self.process.stderr.read()
            raise AssertionError(f"no line from {self.name} in {timeout} s {err}") from None

    def send(self, **command: object) -> None:
        """Write one JSON line to the child."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()

    def stop(self) -> None:
        """End the child."""
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait(10)


class Stage:
    """The practice window showing frames one after the other, and the overlay over it."""

    def __init__(self, server: XServer, game: str, frames: list[np.ndarray], folder: Path,
                 *args: str) -> None:
        self.server, self.game, self.frames, self.args = server, game, frames, args
        self.paths = [folder / f"{game}-{i}.png" for i in range(len(frames))]
        for path, frame in zip(self.paths, frames, strict=True):
            cv2.imwrite(str(path), frame)

    def __enter__(self) -> Stage:
        import mss

        self.window = Child(self.server, "tests.crossword_window", "--title", TITLE, "--at",
                            f"{AT[0]},{AT[1]}", *map(str, self.paths))
        self.box = self.window.next()[1]["ready"]  # x, y, w, h on the screen
        self.screen = mss.MSS(display=self.server.display)
        self.overlay = Child(self.server, "assistant", "overlay", self.game, "--json",
                             "--window-title", TITLE, *self.args)
        return self

    def __exit__(self, *exc: object) -> None:
        self.overlay.stop()
        self.window.stop()
        self.screen.close()

    def grab(self) -> np.ndarray:
        """Return the window's pixels on the screen now (BGR)."""
        x, y, w, h = self.box
        shot = self.screen.grab({"left": x, "top": y, "width": w, "height": h})
        return np.asarray(shot)[:, :, :3].copy()

    def show_next(self) -> float:
        """Show the next frame; return when it was on the screen (time.monotonic())."""
        self.window.send(next=True)
        return float(self.window.next()[1]["shown"][1])

    def click(self, x: int, y: int) -> list[int]:
        """Click at a point of the window; return where the window saw the click (screen)."""
        self.server.xdotool("mousemove", "--sync", str(self.box[0] + x), str(self.box[1] + y),
                            "click", "1")
        while True:
            _, line = self.window.next(10)
            if "click" in line:
                return line["click"]
