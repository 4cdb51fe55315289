"""The crossword overlay's reads and solves (no display): turn after turn, a board reads as
`solve IMAGE` reads the same picture (tiles read before are remembered by their pixels, and
read the same); the moves the shared solver finds are core.crossword.generate's, even while its
worker is busy."""

from __future__ import annotations

import os
import time
from argparse import Namespace
from dataclasses import replace

import numpy as np
import pytest

from assistant import vision
from assistant.core import crossword as cw
from assistant.core.rules import crossword_rules
from assistant.crossword.overlay import SharedSolver, watch_for
from assistant.profiles import crossword
from assistant.vision import board as B
from assistant.vision.board import board_lines
from tests import wordfeud_draw, wwf_draw
from tests.crossword_stage import landscape, portrait

RACKS = ("RENTOID", "SALTIER", "OUTLINE")
DRAWN = {"wordfeud": (wordfeud_draw, (1080, 2160)), "wwf": (wwf_draw, (1080, 1920))}
FITS = {"small phone": lambda f: portrait(f, 380), "phone": lambda f: portrait(f, 450),
        "desktop": lambda f: landscape(f, 1280, 820)}


def gist(reading) -> tuple:
    """Return what the solver takes of a reading: board lines, rack, uncertain squares and
    tiles, squares' premiums."""
    return (board_lines(reading), [c.text for c in reading.rack], reading.uncertain(),
            [c.state for c in reading.cells])


def turns(game: str, fit, enable, count: int = 4) -> list[np.ndarray]:
    """Return `count` boards of a drawn game, each the last with its best move played (as
    solve reads and solves it) and a new rack, fitted to a window."""
    draw, (width, height) = DRAWN[game]
    position, frames = draw.MIDGAME, []
    for turn in range(count):
        frames.append(fit(draw.screenshot(replace(position, recent=set()), width, height)))
        best = crossword.solve_reading(game, vision.read_board(game, frames[-1]),
                                       Namespace(top=1, language="en"), enable)["moves"][0]
        rows = [list(row) for row in position.board]
        for t in best["placed"]:
            rows[t["row"]][t["col"]] = t["letter"].lower() if t["blank"] else t["letter"]
        position = replace(position, board=["".join(row) for row in rows],
                           rack=RACKS[turn % len(RACKS)])
    return frames


def overlay_watch(game: str):
    """Return a crossword watch with nothing to watch: its read_frame alone is used."""
    return watch_for(game)(None, None, None, None, Namespace(reader="auto", language="en"),
                           None, None)


@pytest.mark.parametrize("window", list(FITS))
@pytest.mark.parametrize("game", ["wordfeud", "wwf"])
def test_a_board_after_a_move_reads_as_solve_reads_it(enable, game, window):
    """Turn after turn of a drawn game: the overlay's read (its tiles remembered from the turns
    before) gives what `solve IMAGE` reads (a fresh read, nothing remembered), board and rack,
    and the same best moves. (A board's lattice kept from the turn before did not: at 380 px
    it read the DL squares unsurely, and the best move was another.)"""
    frames = turns(game, FITS[window], enable)
    fresh = []
    for frame in frames:
        B.REMEMBERED.forget()
        fresh.append(vision.read_board(game, frame))
    B.REMEMBERED.forget()
    seeing = overlay_watch(game)
    options = Namespace(top=5, language="en")
    for frame, want in zip(frames, fresh, strict=True):
        got = seeing.read_frame(frame)
        assert gist(got) == gist(want)
        assert crossword.solve_reading(game, got, options, enable)["moves"] == \
            crossword.solve_reading(game, want, options, enable)["moves"]


def test_tiles_read_again_are_remembered_and_read_the_same():
    """A board read twice: the second time no tile is read afresh, and every cell is the same
    (box, letter, value, confidence, note)."""
    draw, (width, height) = DRAWN["wordfeud"]
    frame = draw.screenshot(draw.MIDGAME, width // 2, height // 2)
    B.REMEMBERED.forget()
    first = vision.read_board("wordfeud", frame)
    remembered = dict(B.REMEMBERED.tiles)
    again = vision.read_board("wordfeud", frame)
    assert B.REMEMBERED.tiles == remembered
    assert again.cells == first.cells and again.rack == first.rack


def test_a_board_with_more_tiles_than_are_kept_reads_whole(monkeypatch):
    """Remembering a board's new tiles forgets the oldest ones kept, maybe tiles of this very
    board found remembered a moment before: they are read all the same (CI: KeyError)."""
    draw, (width, height) = DRAWN["wordfeud"]
    frame = draw.screenshot(draw.MIDGAME, width // 2, height // 2)
    B.REMEMBERED.forget()
    first = vision.read_board("wordfeud", frame)
    monkeypatch.setattr(B.Remembered, "LIMIT", 3)
    B.REMEMBERED.forget()
    vision.read_board("wordfeud", frame)  # the last 3 kept: the first read again, then gone
    again = vision.read_board("wordfeud", frame)
    assert again.cells == first.cells and again.rack == first.rack


@pytest.fixture(scope="module")
def solver(enable):
    """The shared solver, its worker forked with the ENABLE lexicon."""
    shared = SharedSolver(enable)
    yield shared
    shared.close()


def all_moves(solver_generate, enable, rack: str = "RENTOID") -> list:
    """Return every move of the drawn midgame with this rack, sorted."""
    rules = crossword_rules("wordfeud", "en")
    board = tuple(wordfeud_draw.MIDGAME.board)
    return sorted(solver_generate(board, rack, rules, enable), key=cw.rank_key)


def test_the_shared_solver_finds_generates_moves(solver, enable):
    assert all_moves(solver.generate, enable) == all_moves(cw.generate, enable)


def worker_words() -> tuple[int, bool]:
    """In a solver's worker: the words of the lexicon it holds, and whether it was forked
    (a forked worker has the test's modules loaded already)."""
    from assistant.crossword import overlay

    assert overlay.WORKER_LEXICON is not None
    return overlay.WORKER_LEXICON.count, bool(PARENTS)


PARENTS: list[int] = []  # filled in the test's process before the worker starts


def test_a_spawned_worker_loads_the_lexicon_itself_and_finds_the_same_moves(enable):
    """Where processes do not fork (Windows, macOS) the worker is spawned and loads the
    lexicon from its source; it then takes its share of the lines (the worker's moves are
    there: it ran), and the moves are generate's."""
    PARENTS.append(os.getpid())
    spawned = SharedSolver(enable, (None, "wordfeud", "en"))
    try:
        assert spawned.pool.submit(worker_words).result() == (enable.count, False)
        for rack in ("RENTOID", "DREAMS?"):
            assert all_moves(spawned.generate, enable, rack) == all_moves(cw.generate, enable,
                                                                           rack)
    finally:
        spawned.close()


def test_a_busy_worker_does_not_hold_a_board_up(solver, enable):
    """The worker busy for 20 s (a loaded machine's worker waiting for a core): the moves down
    are found here meanwhile, the same moves, long before it is free (it was waited for)."""
    busy = solver.pool.submit(time.sleep, 20)
    time.sleep(0.2)
    began = time.monotonic()
    moves = all_moves(solver.generate, enable, "SALTIER")
    took = time.monotonic() - began
    busy.cancel()
    assert moves == all_moves(cw.generate, enable, "SALTIER")
    assert took < 10, took


KILLED_OVERLAY = """
import os, signal, sys
from assistant.core.lexicon import Lexicon
from assistant.crossword.overlay import SharedSolver
if __name__ == "__main__":
    lexicon = Lexicon.from_words(["CAT", "DOG"])
    solver = SharedSolver(lexicon, None if sys.argv[1] == "fork" else (None, "wordfeud", "en"))
    print(*solver.pool._processes, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.parametrize("start", ["fork", "spawn"])
def test_a_killed_overlay_leaves_no_worker_behind(tmp_path, start):
    """The overlay's process killed (no close): its worker ends within a second or two (it
    lived on, holding the lexicon and the overlay's output pipes)."""
    import signal
    import subprocess
    import sys

    script = tmp_path / "overlay.py"
    script.write_text(KILLED_OVERLAY)
    ran = subprocess.run([sys.executable, str(script), start], capture_output=True, text=True,
                         timeout=30, stdin=subprocess.DEVNULL)
    assert ran.returncode == -signal.SIGKILL, ran.stderr
    worker = int(ran.stdout.split()[0])
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and alive(worker):
        time.sleep(0.05)
    gone = not alive(worker)
    if not gone:
        os.kill(worker, signal.SIGKILL)
    assert gone


def alive(pid: int) -> bool:
    """True while a process runs (not a zombie)."""
    from pathlib import Path

    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
