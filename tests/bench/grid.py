"""Speed of the lexicon and the grid solver, beside issue 2's targets (medians, fixed seed)."""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from assistant.core import grid as grids
from assistant.core.lexicon import Lexicon, parse_words
from assistant.core.rules import BIG_BOGGLE_DICE, BOGGLE, BOGGLE_DICE, die_faces
from assistant.core.types import Grid, Tile
from assistant.files import wordlist

SEED = 2026
PEERS_4X4_MS = {"pure-Python peer A": 1.0, "pure-Python peer B": 1.2}


def roll(dice: tuple[str, ...], rng: random.Random) -> Grid:
    """Return a board rolled from these dice: shuffled into place, one face up each."""
    order = list(dice)
    rng.shuffle(order)
    size = int(len(order) ** 0.5)
    return Grid(size, size, tuple(Tile(rng.choice(die_faces(die))) for die in order))


def median_ms(work: Callable[[], object], repeat: int) -> float:
    """Return the median wall time of work() in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 3)


def process_ms(args: list[str], repeat: int = 7) -> float:
    """Return the median wall time of a fresh Python process running these arguments."""
    return median_ms(lambda: subprocess.run([sys.executable, *args], check=True,
                                            capture_output=True), repeat)


def solve_medians(lexicon: Lexicon, dice: tuple[str, ...], boards: int) -> dict:
    """Return the median solve time over seeded boards rolled from these dice."""
    rng = random.Random(SEED)
    rolled = [roll(dice, rng) for _ in range(boards)]
    rules = BOGGLE if len(dice) == 16 else BOGGLE.with_min_len(4)
    times, words = [], []
    for board in rolled:
        start = time.perf_counter()
        found = grids.solve(board, lexicon, rules)
        times.append(time.perf_counter() - start)
        words.append(len(found))
    return {"median_ms": round(statistics.median(times) * 1000, 3), "boards": boards,
            "median_words": statistics.median(words), "min_len": rules.min_len}


def bench() -> dict:
    """Return the lexicon and grid-solver figures with their targets."""
    lexicon = wordlist.load("enable")
    data = wordlist.read_bytes(wordlist.resolve("enable"))
    compile_ms = median_ms(lambda: Lexicon.from_wordlist(parse_words(data)), 3)
    load_code = "from assistant.files import wordlist; wordlist.load('enable')"
    four = solve_medians(lexicon, BOGGLE_DICE, 300)
    board = str(roll(BOGGLE_DICE, random.Random(SEED)))
    return {
        "lexicon": "ENABLE, 172,820 words",
        "compile_from_text_ms": {"median": compile_ms, "target": 2000},
        "process_ready_with_cached_enable_ms": {
            "median": process_ms(["-c", load_code]), "target": 100,
            "bare_python_ms": process_ms(["-c", "pass"])},
        "solve_4x4_ms": {**four, "target": 1.0,
                         "peers": PEERS_4X4_MS,
                         "ratio_to_fastest_peer": round(four["median_ms"] / 1.0, 2)},
        "solve_5x5_ms": {**solve_medians(lexicon, BIG_BOGGLE_DICE, 100), "target": 5.0},
        "cold_cli_solve_ms": {
            "median": process_ms(["-m", "assistant", "solve", "--game", "boggle", "--board",
                                  board, "--json"]),
            "target": 300, "board": board},
    }
