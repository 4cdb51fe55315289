"""A small real Tk window for the adapter tests, started as a child process.

    python -m tests.tk_window --title "Alpha" --geometry 400x300+50+60 --fill "#2080f0"

draws its whole client area in `fill` with a 1-px `border` ring on the client area's own edge
pixels, so a capture of exactly the client area has the ring on its outermost pixels. With
--events it prints every ButtonPress-1, B1-Motion and ButtonRelease-1 as a JSON line
{"type", "x", "y", "t"} (x, y inside the client area). Once shown it prints
{"ready": true, "x", "y", "w", "h"}: the client area as Tk itself reports it.
Tests start one with `TkWindow(env, "--title", "Alpha")` and read its events with `.events()`.
"""

from __future__ import annotations

import argparse
import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np

from tests.xserver import START_TIMEOUT

REPO = Path(__file__).resolve().parents[1]
BORDER = (255, 0, 255)  # the default --border #ff00ff, as BGR
FILL = (240, 128, 32)  # the default --fill #2080f0, as BGR


def assert_client_area(grab: np.ndarray) -> None:
    """Assert that a capture one pixel wider on every side than a tk_window's client area
    holds the border ring exactly on the client area's edge pixels, the fill inside it, and
    no border colour outside it (so the region was neither too big nor too small, nor shifted)."""
    inner = grab[1:-1, 1:-1]
    ring = np.concatenate([inner[0], inner[-1], inner[:, 0], inner[:, -1]])
    outside = np.concatenate([grab[0], grab[-1], grab[:, 0], grab[:, -1]])
    assert (ring == BORDER).all(), "the client area's edge pixels are not all the border"
    assert (inner[1:-1, 1:-1] == FILL).all(), "inside the border is not all the fill"
    assert not (outside == BORDER).all(axis=1).any(), "the border shows outside the region"


class TkWindow:
    """A tk_window child process: started shown, its printed lines kept, killed on close()."""

    def __init__(self, env: dict[str, str], *options: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "tests.tk_window", *options],
                                        env=env, cwd=REPO, stdout=subprocess.PIPE, text=True)
        self.lines: queue.Queue[dict] = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()
        self.shown = self.lines.get(timeout=START_TIMEOUT)  # {"ready", "x", "y", "w", "h"}

    def read(self) -> None:
        """Queue every JSON line the window prints (on a thread of its own)."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(json.loads(line))

    def events(self, settle: float = 0.3) -> list[dict]:
        """Return the events printed so far, once none has come for `settle` seconds."""
        found = []
        while True:
            try:
                found.append(self.lines.get(timeout=settle))
            except queue.Empty:
                return found

    def close(self) -> None:
        """Kill the window and wait for its process to end."""
        self.process.kill()
        self.process.wait(10)


def say(**fields: object) -> None:
    """Print one JSON line at once."""
    print(json.dumps(fields), flush=True)


def main() -> None:
    """Open the window and run Tk until it is closed or killed."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--title", default="Tk test")
    parser.add_argument("--geometry", default="400x300+50+60")
    parser.add_argument("--fill", default="#2080f0")
    parser.add_argument("--border", default="#ff00ff")
    parser.add_argument("--events", action="store_true")
    parser.add_argument("--override", action="store_true",
                        help="override-redirect: no window manager frame (a popup, a menu)")
    args = parser.parse_args()
    import tkinter as tk
    root = tk.Tk()
    root.title(args.title)
    if args.override:
        root.overrideredirect(True)
    root.geometry(args.geometry)
    root.configure(background=args.border, borderwidth=0, highlightthickness=0)
    inside = tk.Frame(root, background=args.fill, borderwidth=0, highlightthickness=0)
    inside.place(x=1, y=1, relwidth=1, relheight=1, width=-2, height=-2)
    if args.events:
        def report(kind: str):
            return lambda e: say(type=kind, x=e.x_root - root.winfo_rootx(),
                                 y=e.y_root - root.winfo_rooty(), t=time.monotonic())
        root.bind("<ButtonPress-1>", report("press"))
        root.bind("<B1-Motion>", report("motion"))
        root.bind("<ButtonRelease-1>", report("release"))
    root.update()
    root.after(100, lambda: say(ready=True, x=root.winfo_rootx(), y=root.winfo_rooty(),
                                w=root.winfo_width(), h=root.winfo_height()))
    root.mainloop()


if __name__ == "__main__":
    main()
