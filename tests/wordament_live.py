"""Practice Wordament for the live tests and the bench: the game running on an X server with
its results file, and the words a board holds, found by brute force (not by the solver)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import REPO
from tests.xserver import XServer

ENABLE = REPO / "lexicons" / "enable.txt"


def enable_words() -> set[str]:
    """Return ENABLE's words in capitals."""
    return {w.strip().upper() for w in ENABLE.read_text().split()}


def board_words(board: str, words: set[str]) -> set[str]:
    """Return every word of 3+ letters a path of neighbouring tiles spells (brute force)."""
    rows = board.split("/")
    prefixes = {w[:k] for w in words for k in range(1, len(w) + 1)}
    found: set[str] = set()

    def walk(r: int, c: int, seen: frozenset, spelt: str) -> None:
        spelt += rows[r][c]
        if spelt not in prefixes:
            return
        if len(spelt) >= 3 and spelt in words:
            found.add(spelt)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                nr, nc = r + dr, c + dc
                if 0 <= nr < 4 and 0 <= nc < 4 and (nr, nc) not in seen:
                    walk(nr, nc, seen | {(nr, nc)}, spelt)

    for r in range(4):
        for c in range(4):
            walk(r, c, frozenset({(r, c)}), "")
    return found


def spelled(board: str, length: int) -> set[str]:
    """Return every string a path of `length` neighbouring tiles spells (words or not)."""
    rows, found = board.split("/"), set()

    def walk(r: int, c: int, path: tuple) -> None:
        if len(path) == length:
            found.add("".join(rows[i][j] for i, j in path))
            return
        for nr in range(max(0, r - 1), min(4, r + 2)):
            for nc in range(max(0, c - 1), min(4, c + 2)):
                if (nr, nc) not in path:
                    walk(nr, nc, (*path, (nr, nc)))

    for r in range(4):
        for c in range(4):
            walk(r, c, ((r, c),))
    return found


class Game:
    """The practice Wordament running on an X server, and its results file."""

    def __init__(self, server: XServer, folder: Path, *args: str) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.server, self.results = server, folder / "results.json"
        self.env = {**server.env, "ASSISTANT_DATA_DIR": str(folder / "data")}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "assistant", "practice", "wordament", "--results",
             str(self.results), *args], env=self.env, cwd=REPO)
        self.window = server.wait_window("Wordament")
        time.sleep(0.5)  # the first board drawn
        server.xdotool("mousemove", "--window", str(self.window), "200", "60")

    def play(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        """Run `assistant play wordament ARGS` to its end."""
        return subprocess.run([sys.executable, "-m", "assistant", "play", "wordament", *args],
                              env=self.env, cwd=REPO, capture_output=True, text=True,
                              timeout=timeout)

    def start(self, *args: str) -> subprocess.Popen:
        """Start `assistant play wordament ARGS` and return the running process."""
        return subprocess.Popen([sys.executable, "-m", "assistant", "play", "wordament", *args],
                                env=self.env, cwd=REPO, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)

    def wait_swipes(self, count: int = 3, timeout: float = 30) -> None:
        """Wait until the game has judged `count` swipes: the player is at work (a loaded
        machine takes longer to start it than a quiet one)."""
        deadline = time.monotonic() + timeout
        while not self.results.exists() or len(self.record()["swipes"]) < count:
            assert time.monotonic() < deadline, f"fewer than {count} swipes in {timeout} s"
            time.sleep(0.05)

    def record(self) -> dict:
        """Return the game's results file."""
        return json.loads(self.results.read_text())

    def history(self) -> dict:
        """Return `assistant history --json` of the player's store."""
        done = subprocess.run([sys.executable, "-m", "assistant", "history", "--json"],
                              env=self.env, cwd=REPO, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def close(self) -> None:
        """Close the game."""
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait(10)
