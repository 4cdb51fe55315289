"""Cold start: a fresh `assistant solve` process, from nothing to the answer (issue 13's targets).

Each figure is the median of RUNS fresh processes after one warm-up run, in wall time and in CPU
time (user + system; wall above CPU means the process waited for a core: the machine may be
shared). The processes run as an installed package does: Python's bytecode compiled once and
kept (in a folder of its own, even where PYTHONDONTWRITEBYTECODE is set), the lexicon and the
glyph templates compiled once and kept in the user's cache.

BEFORE holds the same figures measured on this machine before issue 13 (main at b883fa9:
the word list hashed on every run, the templates decoded and fitted in every process).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from tests.conftest import REPO

RUNS = 9
BOARD = "A E P E/H O D L/E Z J U/R I O F"
IMAGE = "templates/examples/wordament.png"
COMMANDS = {  # figure -> the command's arguments, and its target in seconds
    "cold_solve_board_s": (["solve", "--game", "wordament", "--board", BOARD], 0.150),
    "cold_solve_image_s": (["solve", "--game", "wordament", IMAGE], 0.5),
}
BEFORE = {"cold_solve_board_s": {"wall": 0.13, "cpu": 0.12},
          "cold_solve_image_s": {"wall": 0.58, "cpu": 0.56}}


def run(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Return the wall and CPU seconds of one fresh process running this command."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, cwd=REPO, env=env)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def medians(command: list[str], env: dict[str, str]) -> dict[str, float]:
    """Return the median wall and CPU seconds over RUNS fresh processes, after a warm-up."""
    run(command, env)
    times = [run(command, env) for _ in range(RUNS)]
    return {"wall": round(statistics.median(w for w, _ in times), 3),
            "cpu": round(statistics.median(c for _, c in times), 3)}


def bench() -> dict:
    """Return the cold figures beside their targets and the figures before issue 13."""
    with tempfile.TemporaryDirectory() as bytecode:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = bytecode
        report: dict = {"runs": RUNS, "board": BOARD, "image": IMAGE}
        for name, (args, target) in COMMANDS.items():
            report[name] = {**medians([sys.executable, "-m", "assistant", *args], env),
                            "target": target, "before": BEFORE[name]}
        report["bare_python_s"] = medians([sys.executable, "-c", "pass"], env)
    return report
