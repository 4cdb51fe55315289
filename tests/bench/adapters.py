"""Speed of the live adapters on a bare Xvfb: an mss grab, finding a window, and drags.

The drags go through a 4x4 Tk board of 100-px tiles that prints its pointer events
(tests/tk_window.py); a tile counts as entered only when the pointer comes within 35 px of its
centre, and a drag is registered when its swipe enters exactly its own five tiles in order.
The grabs, finds and drags run in a child process (pyautogui reads DISPLAY once, at import):
    python -m tests.bench.adapters child   (on the server named by DISPLAY)
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

from tests.tk_window import REPO, TkWindow
from tests.xserver import XServer

BOARD = (100, 100, 400, 400)  # the Tk board's client area: x, y, w, h
WORD = (0, 1, 6, 10, 9)  # cells of a five-tile word: across, two diagonals, down, back
SEGMENT_MS = (0, 2, 5, 10, 20, 40)
DRAGS = 20  # per segment_ms
TILE, INSIDE = 100, 35


def centre(cell: int) -> tuple[int, int]:
    """Return the screen point at the centre of a 4x4 board cell."""
    return BOARD[0] + TILE * (cell % 4) + TILE // 2, BOARD[1] + TILE * (cell // 4) + TILE // 2


def cell_of(x: int, y: int) -> int | None:
    """Return the cell the client point lies well inside, or None."""
    col, row = x // TILE, y // TILE
    inside = abs(x - TILE * col - TILE // 2) < INSIDE and abs(y - TILE * row - TILE // 2) < INSIDE
    return 4 * row + col if inside and 0 <= col < 4 and 0 <= row < 4 else None


def swipes(events: list[dict]) -> list[tuple[int, ...]]:
    """Return the cells entered by each press-to-release swipe."""
    found: list[list[int]] = []
    for event in (e for e in events if "type" in e):
        if event["type"] == "press":
            found.append([])
        cell = cell_of(event["x"], event["y"])
        if found and cell is not None and (not found[-1] or found[-1][-1] != cell):
            found[-1].append(cell)
    return [tuple(s) for s in found]


def median_ms(times: list[float]) -> float:
    """Return the median of times in seconds, in milliseconds."""
    return round(1000 * statistics.median(times), 3)


def child() -> dict:
    """Measure on the server named by DISPLAY; return the timings."""
    from assistant.adapters.backends import windows
    from assistant.adapters.mouse import PyAutoGuiMouse
    from assistant.adapters.screen import MssScreen
    from assistant.core.gestures import Drag, Region

    screen, finder = MssScreen(), windows()
    grabs, finds = [], []
    for _ in range(50):
        start = time.perf_counter()
        screen.grab(Region(0, 0, 800, 600))
        grabs.append(time.perf_counter() - start)
        start = time.perf_counter()
        finder.find("Bench board")
        finds.append(time.perf_counter() - start)
    mouse, drag = PyAutoGuiMouse(Region(*BOARD)), Drag(tuple(centre(c) for c in WORD))
    drags = {}
    for segment_ms in SEGMENT_MS:
        start = time.perf_counter()
        for _ in range(DRAGS):
            mouse.drag(drag, segment_ms)
        drags[segment_ms] = (time.perf_counter() - start) / DRAGS
        time.sleep(0.5)  # let the board print everything before the next batch
    return {"grab_800x600_ms": median_ms(grabs), "find_ms": median_ms(finds),
            "drag_s": drags}


def bench() -> dict:
    """Return the grab, find and drag figures, with the share of drags registered."""
    with XServer() as server:
        board = TkWindow(server.env, "--title", "Bench board", "--events",
                         "--geometry", "{2}x{3}+{0}+{1}".format(*BOARD))
        try:
            done = subprocess.run([sys.executable, "-m", "tests.bench.adapters", "child"],
                                  env=server.env, cwd=REPO, capture_output=True, text=True,
                                  timeout=300, check=True)
            events = board.events(1.0)
        finally:
            board.close()
    measured = json.loads(done.stdout.splitlines()[-1])
    seen = swipes(events)
    drags = {}
    for n, segment_ms in enumerate(SEGMENT_MS):
        batch = seen[n * DRAGS:(n + 1) * DRAGS]
        seconds = measured["drag_s"][str(segment_ms)]
        drags[f"{segment_ms} ms/segment"] = {
            "ms_per_word": round(1000 * seconds, 1), "words_per_s": round(1 / seconds, 1),
            "registered": f"{sum(s == WORD for s in batch)}/{DRAGS}",
            "missed": [s for s in batch if s != WORD][:3]}
    return {"grab_800x600_ms": measured["grab_800x600_ms"], "find_ms": measured["find_ms"],
            "five_tile_drags": drags}


if __name__ == "__main__":
    if sys.argv[1:] == ["child"]:
        print(json.dumps(child()))
    else:
        print(json.dumps(bench(), indent=2))
