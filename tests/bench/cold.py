"""Cold start: a fresh `assistant solve` process, from nothing to the answer (issue 13's targets).

Each figure is the median of RUNS fresh processes after one warm-up run, in wall time and in CPU
time (user + system; wall above CPU means the process waited for a core: the machine may be
shared). The processes run as an installed package does: Python's bytecode compiled once and
kept (in a folder of its own, even where PYTHONDONTWRITEBYTECODE is set), the lexicon and the
glyph templates compiled once and kept in the user's cache.

"before" is the same command run by the code as it was before issue 13 (BEFORE_COMMIT: the word
list hashed on every run, the templates decoded and fitted in every process, OpenCV's Lab
tables built in every process), taken out of git into a folder and run in turn with the code
of now, so that both meet the same machine (a shared one's speed drifts by a third within
minutes). Without git, the figures recorded on this machine (RECORDED) stand in for it.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from tests.conftest import REPO

RUNS = 9
BOARD = "A E P E/H O D L/E Z J U/R I O F"
IMAGE = "templates/examples/wordament.png"
COMMANDS = {  # figure -> the command's arguments, and its target in seconds
    "cold_solve_board_s": (["solve", "--game", "wordament", "--board", BOARD], 0.150),
    "cold_solve_image_s": (["solve", "--game", "wordament", IMAGE], 0.5),
}
BEFORE_COMMIT = "b883fa9"  # main just before issue 13
RECORDED = {"cold_solve_board_s": {"wall": 0.13, "cpu": 0.12},
            "cold_solve_image_s": {"wall": 0.58, "cpu": 0.56}}


def run(command: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """Return the wall and CPU seconds of one fresh process running this command."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, cwd=cwd, env=env)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def medians(times: list[tuple[float, float]]) -> dict[str, float]:
    """Return the median wall and CPU seconds of some runs."""
    return {"wall": round(statistics.median(w for w, _ in times), 3),
            "cpu": round(statistics.median(c for _, c in times), 3)}


def in_turn(command: list[str], env: dict[str, str], trees: list[Path]) -> list[dict]:
    """Return the medians of RUNS runs of a command in each tree, the trees taking turns (after
    a warm-up run in each)."""
    times: list[list[tuple[float, float]]] = [[] for _ in trees]
    for turn in range(RUNS + 1):
        for tree, kept in zip(trees, times, strict=True):
            timed = run(command, env, tree)
            if turn:
                kept.append(timed)
    return [medians(kept) for kept in times]


def take_out(commit: str, folder: Path) -> bool:
    """Write the files of a commit into a folder; False when git cannot (no history here)."""
    done = subprocess.run(["git", "-C", str(REPO), "archive", commit], capture_output=True)
    if done.returncode != 0:
        return False
    with tarfile.open(fileobj=BytesIO(done.stdout)) as archive:
        try:
            archive.extractall(folder, filter="data")
        except TypeError:  # a Python before tarfile's filters (3.10.12, 3.11.4)
            archive.extractall(folder)  # our own repository's files
    return True


def bench() -> dict:
    """Return the cold figures beside their targets and the figures before issue 13."""
    with tempfile.TemporaryDirectory() as bytecode, tempfile.TemporaryDirectory() as old:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = bytecode
        trees = [Path(REPO), *([Path(old)] if take_out(BEFORE_COMMIT, Path(old)) else [])]
        report: dict = {"runs": RUNS, "board": BOARD, "image": IMAGE,
                        "before": BEFORE_COMMIT if len(trees) == 2 else "recorded"}
        for name, (args, target) in COMMANDS.items():
            now, *before = in_turn([sys.executable, "-m", "assistant", *args], env, trees)
            report[name] = {**now, "target": target,
                            "before": before[0] if before else RECORDED[name]}
        report["bare_python_s"] = in_turn([sys.executable, "-c", "pass"], env, trees[:1])[0]
    return report
