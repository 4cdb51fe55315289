"""A child process for the adapter tests on servers other than the session's: it imports the
adapters with DISPLAY already set (pyautogui and python-xlib read it once), does one thing,
and prints one JSON line.

    python -m tests.adapters_probe find TITLE [GRAB.npy]   the window, its state, timings, and
                                                           a capture 1 px wider on every side
    python -m tests.adapters_probe state ID TITLE          region, minimised, focused (or error)
    python -m tests.adapters_probe screen                  the virtual screen, the monitors
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from assistant.adapters.backends import windows
from assistant.adapters.screen import MssScreen, virtual_screen
from assistant.adapters.window import Window
from assistant.core.gestures import Region
from assistant.core.types import BadInput

REPO = Path(__file__).resolve().parents[1]


def probe(env: dict[str, str], *args: str) -> dict:
    """Run this script with the arguments on the X server of `env`; return its JSON answer."""
    done = subprocess.run([sys.executable, "-m", "tests.adapters_probe", *args], env=env,
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def state(found: object, window: Window) -> dict:
    """Return what the finder says about the window now."""
    region = found.region(window)  # type: ignore[attr-defined]
    return {"id": window.id, "title": window.title, "region": list(vars(region).values()),
            "minimised": found.minimised(window), "focused": found.focused(window)}  # type: ignore[attr-defined]


def main(command: str, *args: str) -> dict:
    """Run one command and return its answer."""
    if command == "screen":
        import mss
        with mss.MSS() as grabber:
            monitors = [[m[k] for k in ("left", "top", "width", "height")]
                        for m in grabber.monitors[1:]]
        return {"screen": list(vars(virtual_screen()).values()), "monitors": monitors}
    found = windows()
    if command == "state":
        return state(found, Window(int(args[0]), args[1], Region(0, 0, 1, 1)))
    start = time.perf_counter()
    window = found.find(args[0])
    answer = {**state(found, window), "find_ms": 1000 * (time.perf_counter() - start),
              "titles": found.titles()}
    if len(args) > 1:
        r = window.region
        np.save(args[1], MssScreen().grab(Region(r.x - 1, r.y - 1, r.w + 2, r.h + 2)))
    return answer


if __name__ == "__main__":
    try:
        print(json.dumps(main(*sys.argv[1:])))
    except BadInput as err:
        print(json.dumps({"error": str(err), "kind": type(err).__name__}))
