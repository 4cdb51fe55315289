"""A stage for the overlay tests and bench: the stand-in game and an overlay, each in its own
process on one X server, with the screen captured by mss and clicks sent by xdotool.

    with Stage(server) as stage:
        stage.show(scene); stage.click((x, y)); stage.clicks() -> [(x, y)]; stage.grab(region)
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from assistant.adapters.overlay import Badge, Outline, Panel, Scene
from assistant.core.gestures import Point, Region
from tests.overlay_driver import scene_json
from tests.overlay_game import TITLE
from tests.xserver import XServer

REPO = Path(__file__).resolve().parents[1]
GAME = Region(100, 100, 400, 300)  # where the game asks to be
TIMEOUT = 20.0  # s, for a child to answer on a loaded machine


RED, GREEN, GOLD, DARK = "#ff2020", "#20ff20", "#ffc800", "#202020"  # none is in the pattern


def layout(x: int, y: int) -> Scene:
    """Return the test scene for a game whose top-left pixel is at (x, y)."""
    return Scene(outlines=(Outline(Region(x + 20, y + 30, 60, 60), RED, 3),
                           Outline(Region(x + 150, y + 40, 70, 50), GREEN, 5)),
                 badges=(Badge((x + 50, y + 60), "1", GOLD, 20),
                         Badge((x + 185, y + 65), "2", GOLD, 20)),
                 panel=Panel(Region(x + 260, y + 200, 130, 70), ("WORD", "3.5 hearts"), DARK))


class Child:
    """A Python child process whose JSON-line stdout is read into a queue as it comes."""

    def __init__(self, module: str, *args: str, env: dict[str, str]) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", module, *args], cwd=REPO, env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.lines: dict[str, queue.Queue] = defaultdict(queue.Queue)  # by the message's key
        threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        """Put the value of every JSON line the child prints on the queue of its first key."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            key, value = next(iter(json.loads(line).items()))
            self.lines[key].put(value)

    def expect(self, key: str, timeout: float = TIMEOUT) -> Any:
        """Return the value of the next message with this key."""
        try:
            return self.lines[key].get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"no {key!r} from the child") from None

    def drain(self, key: str, seconds: float = 0.0) -> list:
        """Return the values of the messages with this key, waiting this long for more."""
        time.sleep(seconds)
        found = []
        while not self.lines[key].empty():
            found.append(self.lines[key].get())
        return found

    def send(self, **command: object) -> None:
        """Write one JSON line to the child."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()

    def stop(self) -> None:
        """End the child."""
        self.process.terminate()
        self.process.wait(5)


class Stage:
    """The game window (pattern, clicks) and an overlay process, on one X server."""

    def __init__(self, server: XServer, box: Region = GAME) -> None:
        self.server, self.box = server, box

    def __enter__(self) -> Stage:
        import mss

        self.game = Child("tests.overlay_game", *map(str, (self.box.x, self.box.y, self.box.w,
                                                           self.box.h)), env=self.server.env)
        x, y, w, h = self.game.expect("ready")
        self.game_id = self.server.wait_window(TITLE)
        self.area, self.origin = Region(x, y, w, h), (x, y)
        self.screen = mss.MSS(display=self.server.display)
        self.before = self.steady(self.area)  # the game's pixels, before any overlay
        self.overlay = Child("tests.overlay_driver", env=self.server.env)
        self.windows = self.overlay.expect("ready")  # {"wrapper": id, "window": id}
        return self

    def __exit__(self, *exc: object) -> None:
        self.screen.close()
        self.overlay.send(close=True)
        self.overlay.process.wait(5)
        self.game.stop()

    def command(self, **command: object) -> float:
        """Send one command to the overlay; return how long it took there, in ms."""
        self.overlay.send(**command)
        return float(self.overlay.expect("done")["ms"])

    def show(self, scene: Scene) -> float:
        """Show the scene; return the ms show() took."""
        return self.command(show=scene_json(scene))

    def hide(self) -> float:
        """Hide the overlay; return the ms hide() took."""
        return self.command(hide=True)

    def update(self, seconds: float) -> None:
        """Let the overlay's loop run this long."""
        self.command(update=seconds)

    def grab(self, region: Region) -> np.ndarray:
        """Return the screen's pixels in this region (BGR)."""
        shot = self.screen.grab({"left": region.x, "top": region.y, "width": region.w,
                                 "height": region.h})
        return np.array(shot)[:, :, :3]

    def steady(self, region: Region, seconds: float = 5.0) -> np.ndarray:
        """Return the pixels of this region once two grabs 50 ms apart agree."""
        deadline, last = time.monotonic() + seconds, self.grab(region)
        while time.monotonic() < deadline:
            time.sleep(0.05)
            shot = self.grab(region)
            if (shot == last).all():
                return shot
            last = shot
        raise TimeoutError(f"the screen in {region} never kept still")

    def click(self, point: Point) -> None:
        """Click the left button at this point of the screen (xdotool)."""
        self.server.xdotool("mousemove", "--sync", str(point[0]), str(point[1]), "click", "1")

    def clicks(self, count: int, timeout: float = 3.0) -> list[Point]:
        """Return the clicks the game reports: count of them, or fewer once timeout passed."""
        found: list[Point] = []
        deadline = time.monotonic() + timeout
        while len(found) < count and time.monotonic() < deadline:
            try:
                x, y = self.game.expect("click", timeout=0.05)
                found.append((x, y))
            except TimeoutError:
                continue
        return found

    def raise_game(self) -> None:
        """Put the game window on top, as a user clicking it would."""
        if self.server.wm:
            self.server.xdotool("windowactivate", "--sync", str(self.game_id))
        else:
            self.server.xdotool("windowraise", str(self.game_id))

    def xlib(self) -> Any:
        """Return a python-xlib connection to this stage's X server."""
        from Xlib import display

        saved = os.environ.get("XAUTHORITY")
        os.environ["XAUTHORITY"] = self.server.env["XAUTHORITY"]  # read when connecting
        try:
            return display.Display(self.server.display)
        finally:
            os.environ.pop("XAUTHORITY") if saved is None else os.environ.update(XAUTHORITY=saved)

    def focus(self) -> str:
        """Return the id of the window holding the keyboard focus."""
        return self.server.xdotool("getwindowfocus")
