"""Speed of `assistant overlay wordfeud` over the practice window (tests/crossword_window.py) under
a bare Xvfb, in a phone-sized window (portrait, 450x900, titled like a mirrored phone) and a
desktop-sized one (landscape, 1280x820).

A drawn game goes on for TURNS turns: each turn the window shows the next board (the best move
played, a new rack), and the bench grabs the board as fast as it can until the new move's
letters show on all its squares. Figures, median and max over the turns:
- changed_to_drawn_ms: from the window's new board on the screen to the new move drawn (the
  target: 200 ms);
- changed_to_hidden_ms: to the stale move's letters gone;
- overlay_ms and its parts from the overlay's JSON lines: moving + settle (seeing the change and
  that it keeps still), read (locate, board, rack), solve, draw; and every stage's own figures
  (stages_ms: moving, settle, sight, grab, locate, board, rack, solve, still, draw);
- cpu_ms: the CPU time the overlay and its solver's worker spent from the change to the line
  (the machine may be shared: wall times grow with its load, CPU times much less).
"""

from __future__ import annotations

import statistics
import time
from argparse import Namespace
from itertools import pairwise
from pathlib import Path
from typing import Any

from assistant import vision
from assistant.files import wordlist
from assistant.profiles import crossword
from tests import wordfeud_draw as D
from tests.crossword_stage import SCREEN, Stage, landscape, lettered, portrait
from tests.xserver import XServer

TURNS = 6
POLL = 0.005  # s between two grabs while waiting for the drawing
RACKS = ("RENTOID", "SALTIER", "OUTLINE", "DREAMS?", "PAINTER", "GLOWING", "BASTION")
STAGES = ("moving", "settle", "sight", "grab", "locate", "board", "rack", "solve", "still", "draw")
WINDOWS = {"phone": ("portrait", 450), "desktop": ("landscape", (1280, 820))}


def game(shape: str, size: Any) -> tuple[list, list[dict]]:
    """Return the frames of TURNS + 1 boards of a game (each the best move of the last played)
    and each board's best move as read and solved here (its squares on the frame)."""
    lexicon = wordlist.load(None)
    position, frames, moves = D.MIDGAME, [], []
    for turn in range(TURNS + 1):
        big = D.screenshot(position, 1080, 2160)
        frame = portrait(big, size) if shape == "portrait" else landscape(big, *size)
        reading = vision.read_board("wordfeud", frame)
        best = crossword.solve_reading("wordfeud", reading, Namespace(top=1, language="en"),
                                       lexicon)["moves"][0]
        boxes = [reading.cells[t["row"] * 15 + t["col"]].box for t in best["placed"]]
        frames.append(frame)
        moves.append({"move": best, "boxes": boxes})
        board = [list(row) for row in position.board]
        for t in best["placed"]:
            board[t["row"]][t["col"]] = t["letter"].lower() if t["blank"] else t["letter"]
        position = D.Position(["".join(row) for row in board], RACKS[turn % len(RACKS)])
    return frames, moves


def when(stage: Stage, held, timeout: float = 10.0) -> float | None:
    """Return when held(grab) first holds, grabbing every POLL s (not flat out: the bench
    would take a core from the overlay it measures); None after timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if held(stage.grab()):
            return time.monotonic()
        time.sleep(POLL)
    return None


def cpu_ms(pid: int) -> float:
    """Return the CPU time (user + system, ms) of a process and its children, from /proc."""
    import os

    ticks = 0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    return 1000 * ticks / os.sysconf("SC_CLK_TCK") + sum(cpu_ms(int(kid)) for kid in kids)


def spread(values: list[float]) -> dict[str, float]:
    """Return the median and max, rounded to a tenth."""
    return {"median": round(statistics.median(values), 1), "max": round(max(values), 1)}


def window_bench(server: XServer, shape: str, size: Any, folder: Path) -> dict[str, Any]:
    """Return the figures for one window."""
    frames, moves = game(shape, size)
    drawn, hidden, lines, cpu = [], [], [], []
    with Stage(server, "wordfeud", frames, folder) as stage:
        stage.overlay.next()
        time.sleep(1.0)
        for before, after in pairwise(moves):
            began = cpu_ms(stage.overlay.process.pid)
            changed = stage.show_next()
            stale = [b for b in before["boxes"] if b not in after["boxes"]]
            gone = when(stage, lambda shot, boxes=stale: not any(lettered(shot, b)
                                                                 for b in boxes))
            shown = when(stage, lambda shot, boxes=after["boxes"]: all(lettered(shot, b)
                                                                       for b in boxes))
            line = stage.overlay.next()[1]
            cpu.append(cpu_ms(stage.overlay.process.pid) - began)
            assert "moves" in line, f"the overlay stopped: {line}"
            assert line["moves"][0]["placed"] == after["move"]["placed"], "not the best move"
            if gone is not None and shown is not None:
                hidden.append(1000 * (gone - changed))
                drawn.append(1000 * (shown - changed))
            lines.append(line)
            time.sleep(0.5)
    parts = [line["timings_ms"] for line in lines]
    return {"window": f"{shape} {size}", "turns": TURNS, "timed": len(drawn),
            "changed_to_drawn_ms": spread(drawn), "changed_to_hidden_ms": spread(hidden),
            "overlay_ms": spread([line["overlay_ms"] for line in lines]),
            "moving_settle_ms": spread([t["moving"] + t["settle"] for t in parts]),
            "read_ms": spread([t["locate"] + t["board"] + t["rack"] for t in parts]),
            "solve_ms": spread([t["solve"] for t in parts]),
            "draw_ms": spread([t["draw"] for t in parts]),
            "cpu_ms": spread(cpu),
            "stages_ms": {name: spread([t.get(name, 0.0) for t in parts]) for name in STAGES}}


def bench() -> dict:
    """Return the overlay's update times in a phone-sized and a desktop-sized window."""
    with XServer(screens=(SCREEN,)) as server:
        return {name: window_bench(server, shape, size, Path(server.folder))
                for name, (shape, size) in WINDOWS.items()}


if __name__ == "__main__":
    import json

    print(json.dumps(bench(), indent=1))
