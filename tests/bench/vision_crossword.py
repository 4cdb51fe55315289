"""Speed of reading a crossword board as the overlay does (vision.read_board, in process), per
stage (locate, board, rack), in a phone-sized window (portrait, 450 px wide) and a desktop-sized
one (landscape, 1280x820): a drawn Wordfeud game's boards one after the other, each with a few
tiles more and a new rack ("changed": the tiles' pixels new, as after a move, when the board's
lattice lies a hundredth of a pixel elsewhere), and each board read again ("again": the overlay
after the window moved back, every tile remembered). Median and min ms over the turns.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import replace

from assistant import vision
from assistant.vision import board
from tests import wordfeud_draw as D
from tests.crossword_stage import landscape, portrait

TURNS = 6
ROUNDS = 3
RACKS = ("RENTOID", "SALTIER", "OUTLINE", "DREAMS?", "PAINTER", "GLOWING", "BASTION")
WINDOWS = {"phone 450 px": lambda f: portrait(f, 450),
           "desktop 1280x820": lambda f: landscape(f, 1280, 820)}


def boards(fit) -> list:
    """Return TURNS + 1 frames of a drawn game, each board the last with tiles on one more
    empty square of the bottom rows, and a new rack, fitted to a window."""
    position, frames = D.MIDGAME, []
    empty = [(r, c) for r in range(14, 9, -1) for c in range(15) if D.MIDGAME.board[r][c] == "."]
    for turn in range(TURNS + 1):
        rows = [list(row) for row in position.board]
        r, c = empty[turn]
        rows[r][c] = RACKS[turn][0]
        position = replace(position, board=["".join(row) for row in rows], rack=RACKS[turn])
        frames.append(fit(D.screenshot(position, 1080, 2160)))
    return frames


def timed(frame) -> dict[str, float]:
    """Return one read's stage times and its total, ms."""
    start = time.perf_counter()
    stages = vision.read_board("wordfeud", frame).timings_ms
    return {**stages, "total": round(1000 * (time.perf_counter() - start), 1)}


def summary(runs: list[dict[str, float]]) -> dict[str, dict[str, float]]:
    """Return each stage's median and min over runs."""
    return {stage: {"median": round(statistics.median(r[stage] for r in runs), 1),
                    "min": round(min(r[stage] for r in runs), 1)} for stage in runs[0]}


def bench() -> dict:
    """Return the figures of each window."""
    report = {}
    for name, fit in WINDOWS.items():
        frames = boards(fit)
        vision.read_board("wordfeud", frames[0])  # the templates loaded
        changed, again = [], []
        for _ in range(ROUNDS):
            board.REMEMBERED.forget()
            for frame in frames:
                changed.append(timed(frame))
                again.append(timed(frame))
        report[name] = {"changed_ms": summary(changed[1:]), "again_ms": summary(again)}
    return report
