"""The player and its store, end to end: `assistant play wordament` against the practice
Wordament on Xvfb while the store is forgotten under it, cannot be written (a full disk), or
holds banned words (the dry run leaves them out, as play does)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from assistant.store.store import Store
from tests import wordament_live as live
from tests.conftest import REPO, unavailable
from tests.test_play_wordament import accepted, game  # noqa: F401  (game: the fixture)
from tests.wordament_live import board_words

pytestmark = pytest.mark.display

BOARD = "EECA/ALEP/HNBO/QTTY"


def test_history_forget_while_play_runs(game, xserver, tmp_path):  # noqa: F811
    played = game(xserver, "--board", BOARD, "--seconds", "60", "--rounds", "1")
    player = played.start("--rounds", "1", "--json", "--drag-ms", "40")
    played.wait_swipes(5)
    for args in (["--forget"], ["--forget", "leap"], ["--forget", "--game", "wordament"]):
        forgot = subprocess.run([sys.executable, "-m", "assistant", "history", *args],
                                env=played.env, cwd=REPO, capture_output=True, text=True)
        assert forgot.returncode == 0 and forgot.stdout.startswith("forgot "), forgot.stderr
    out, err = player.communicate(timeout=120)
    assert player.returncode == 0, err
    assert "Error" not in err and "warning" not in err, err
    report = json.loads(out)
    assert report["rounds"][0]["accepted"] >= 78  # a swipe may slip on a loaded machine
    assert set(accepted(played.record())) <= board_words(BOARD, live.enable_words())
    with sqlite3.connect(tmp_path / "data" / "history.sqlite") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT count(*) FROM rounds").fetchone() == (0,)  # forgotten
        learned = db.execute("SELECT count(*) FROM words").fetchone()[0]
    assert 0 < learned < 81  # what was learned after the last forget


@contextmanager
def small_disk(folder: Path, size: str) -> Iterator[Path]:
    """Yield a folder on a file system of its own this small (a tmpfs), to fill up."""
    folder.mkdir(parents=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs",
                              str(folder)], capture_output=True, text=True)
    if mounted.returncode:
        unavailable(f"a small tmpfs to fill up (mount: {mounted.stderr.strip()})")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def test_play_goes_on_when_the_disk_fills_saying_so_once(game, xserver, tmp_path):  # noqa: F811
    played = game(xserver, "--board", BOARD, "--seconds", "60", "--rounds", "1")
    with small_disk(tmp_path / "data", "160k") as data:
        with Store.open(data / "history.sqlite", strict=True) as store:
            store.end_round(store.start_round("wordament", "AB/CD"), 0, 1.0)  # made before
        done = played.play("--rounds", "1", "--json", "--drag-ms", "40")
        assert done.returncode == 0, done.stderr
        warnings = [line for line in done.stderr.splitlines() if "warning" in line]
        assert len(warnings) == 1 and "the disk is full" in warnings[0], done.stderr
        assert "playing on without saving" in warnings[0]
        assert json.loads(done.stdout)["rounds"][0]["accepted"] >= 78
        db = sqlite3.connect(data / "history.sqlite")
        try:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            assert db.execute("SELECT board FROM rounds ORDER BY id").fetchone() == ("AB/CD",)
        finally:
            db.close()


def test_a_dry_run_leaves_out_the_words_the_store_bans(game, xserver, tmp_path):  # noqa: F811
    played = game(xserver, "--board", BOARD, "--seconds", "60")
    with Store.open(tmp_path / "data" / "history.sqlite", strict=True) as store:
        store.learn("wordament", "LEAP", "rejected", True, clean=True)  # banned
        store.learn("wordament", "PEA", "rejected", True)  # doubted: still tried
    done = played.play("--dry-run", "--json")
    assert done.returncode == 0, done.stderr
    words = [g["word"] for g in json.loads(done.stdout)["gestures"]]
    assert len(words) == 80 and "LEAP" not in words and "PEA" in words
    time.sleep(0.2)
    assert played.record()["swipes"] == []
