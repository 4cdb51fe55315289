"""The store's faults, on real SQLite files and real processes: a store of the old schema, a
`--forget` while another process plays, a read-only, full, damaged or foreign file. Each is one
line saying what is wrong and what to do: `history` exits 2; a player's store warns once and
plays on in memory; nothing in the file is ever wiped."""

from __future__ import annotations

import os
import resource
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from assistant.core.types import BadInput
from assistant.store.store import SCHEMA, Store
from tests.conftest import REPO, run_cli, unavailable

# The schema of version 1 (the store as it was before the evidence), written here as it was
OLD_SCHEMA = """
CREATE TABLE rounds (id INTEGER PRIMARY KEY, game TEXT NOT NULL, board TEXT NOT NULL,
    started REAL NOT NULL, points INTEGER, seconds REAL);
CREATE INDEX rounds_by_game ON rounds (game, started);
CREATE TABLE plays (id INTEGER PRIMARY KEY, round INTEGER NOT NULL REFERENCES rounds (id),
    word TEXT NOT NULL, path TEXT NOT NULL,
    verdict TEXT NOT NULL CHECK (verdict IN ('accepted', 'repeated', 'rejected', 'no feedback')),
    points INTEGER NOT NULL, at REAL NOT NULL);
CREATE INDEX plays_by_round ON plays (round);
CREATE TABLE words (game TEXT NOT NULL, word TEXT NOT NULL,
    verdict TEXT NOT NULL CHECK (verdict IN ('accepted', 'rejected')),
    in_lexicon INTEGER NOT NULL, judged REAL NOT NULL,
    PRIMARY KEY (game, word)) WITHOUT ROWID;
INSERT INTO rounds VALUES (1, 'wordament', 'EECA/ALEP/HNBO/QTTY', 1700000000.0, 15, 8.0);
INSERT INTO rounds VALUES (2, 'wordament', 'SDRC/CEPL/ELAA/TSYR', 1700000100.0, 9, 6.0);
INSERT INTO plays VALUES (1, 1, 'LEAP', '5 6 3 7', 'accepted', 9, 2.0);
INSERT INTO plays VALUES (2, 1, 'BLEN', '10 5 6 9', 'rejected', 0, 3.0);
INSERT INTO plays VALUES (3, 1, 'CEPA', '4 5 6 7', 'rejected', 0, 3.5);
INSERT INTO plays VALUES (4, 2, 'BLEN', '1 5 6 9', 'rejected', 0, 1.0);
INSERT INTO plays VALUES (5, 2, 'QOPH', '1 2 3 4', 'accepted', 9, 2.0);
INSERT INTO words VALUES ('wordament', 'LEAP', 'accepted', 1, 1700000002.0);
INSERT INTO words VALUES ('wordament', 'BLEN', 'rejected', 1, 1700000101.0);
INSERT INTO words VALUES ('wordament', 'CEPA', 'rejected', 1, 1700000003.5);
INSERT INTO words VALUES ('wordament', 'QOPH', 'accepted', 0, 1700000102.0);
INSERT INTO words VALUES ('bookworm', 'ZAX', 'rejected', 1, 1700000200.0);
PRAGMA user_version = 1;
"""


def old_store(path: Path) -> Path:
    """Write a store of schema 1, with two rounds and five learned words; return its path."""
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute("PRAGMA journal_mode = WAL")
    db.close()
    return path


def filled(path: Path, rounds: int = 60) -> Path:
    """Write a store of this version with some rounds of 12 plays and learned words; close it
    (the WAL is checkpointed into the file); return its path."""
    with Store.open(path, strict=True) as store:
        for n in range(rounds):
            round_id = store.start_round("wordament", f"BOARD {n}", when=1700000000.0 + n)
            for k in range(12):
                store.add_play(round_id, f"W{n}X{k}".translate(LETTERS), [k, k + 1],
                               "accepted", k, k / 10)
            store.end_round(round_id, 66, 1.2)
            store.learn("wordament", f"R{n}".translate(LETTERS), "rejected", True, clean=True)
    assert not Path(f"{path}-wal").exists()
    return path


LETTERS = str.maketrans("0123456789", "ABCDEFGHIJ")


def warnings() -> tuple[list[str], Callable[[str], None]]:
    """Return a list the warnings go to, and the function that adds them."""
    said: list[str] = []
    return said, said.append


def history(data: Path, *args: str) -> subprocess.CompletedProcess:
    """Run `assistant history ARGS` on a data folder."""
    return run_cli("history", *args, env={"ASSISTANT_DATA_DIR": str(data)})


def one_line(done: subprocess.CompletedProcess, *parts: str) -> str:
    """Return the one error line of a run that exited 2, checking it names every part."""
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    for part in parts:
        assert part in done.stderr, done.stderr
    return done.stderr


# --- the schema of today's stores ---------------------------------------------------------------

def test_a_store_of_the_old_schema_opens_and_keeps_its_data(tmp_path):
    path = old_store(tmp_path / "h.sqlite")
    with Store.open(path, strict=True) as store:
        assert [(r.id, r.board, r.points, len(r.plays)) for r in store.rounds()] == [
            (2, "SDRC/CEPL/ELAA/TSYR", 9, 2), (1, "EECA/ALEP/HNBO/QTTY", 15, 3)]
        # BLEN was rejected on two boards: banned; CEPA once, ZAX once (no board known):
        # tried again; QOPH, accepted and not in the lexicon, is still taught
        assert store.rejected("wordament") == {"BLEN"}
        assert store.doubted("wordament") == {"CEPA"} and store.doubted("bookworm") == {"ZAX"}
        assert store.accepted_unknown("wordament") == {"QOPH"}
        assert [(s["board"], s["round"], s["clean"]) for s in
                store.evidence("wordament", "BLEN")] == [
            ("EECA/ALEP/HNBO/QTTY", 1, False), ("SDRC/CEPL/ELAA/TSYR", 2, False)]
        assert store.evidence("wordament", "BLEN")[0]["seen"] == 1700000003.0
        assert store.games() == ["bookworm", "wordament"]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA,)
    assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


# --- --forget while another process plays -------------------------------------------------------

def test_forget_while_another_process_writes_rounds(tmp_path):
    path = tmp_path / "h.sqlite"
    Store.open(path, strict=True).close()
    child = subprocess.Popen([sys.executable, "-m", "tests.store_writer", str(path), "kid", "150",
                              "6"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    forgot = 0
    with Store.open(path, strict=True) as store:
        while child.poll() is None:
            forgot += store.forget().rounds  # mid-round, too: its plays find no round
            time.sleep(0.002)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0 and not err, err
    assert len(out.split()) == 150 and forgot > 0
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []


def test_history_forget_a_word_while_a_player_writes(tmp_path):
    data = tmp_path / "data"
    path = data / "history.sqlite"
    data.mkdir()
    with Store.open(path, strict=True) as store:
        store.learn("wordament", "QI", "rejected", False, clean=True)
    child = subprocess.Popen([sys.executable, "-m", "tests.store_writer", str(path), "kid", "0",
                              "6"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    assert child.stdout is not None and child.stdout.readline()
    done = history(data, "--forget", "qi", "--game", "wordament")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"forgot what was learned of QI by wordament in {path}: 1 learned word\n"
    everything = history(data, "--forget")  # and the whole history, mid-round
    assert (everything.returncode, everything.stderr) == (0, "")
    time.sleep(0.3)
    assert child.poll() is None  # still writing
    child.send_signal(signal.SIGTERM)
    _, err = child.communicate(timeout=30)
    assert "Error" not in err, err
    with Store.open(path, strict=True) as store:
        assert store.rejected("wordament") == set()


# --- a read-only file ---------------------------------------------------------------------------

def test_a_store_that_cannot_be_written_plays_on_in_memory_warning_once(tmp_path):
    said, warn = warnings()
    store = Store.open(filled(tmp_path / "h.sqlite", 3), warn=warn)
    before = (tmp_path / "h.sqlite").read_bytes()
    store.db.execute("PRAGMA query_only = ON")  # SQLite refuses every write now, as read-only
    round_id = store.start_round("wordament", "NEW BOARD")
    assert store.add_play(round_id, "QI", [0, 1], "rejected", 0, 0.5)
    store.learn("wordament", "QI", "rejected", False, clean=True)
    store.end_round(round_id, 0, 1.0)
    assert len(said) == 1 and "is read-only" in said[0] and "write access" in said[0]
    assert "playing on without saving" in said[0]
    assert store.rejected("wordament") == {"RA", "RB", "RC", "QI"}  # the file's, and new ones
    assert store.rounds(limit=1)[0].board == "NEW BOARD"
    store.close()
    assert (tmp_path / "h.sqlite").read_bytes() == before


@contextmanager
def readonly_data(tmp_path: Path) -> Iterator[Path]:
    """Yield a data folder holding a store that cannot be written: a read-only bind mount of
    its folder (root ignores file modes), else a read-only file in a read-only folder."""
    data, shown = tmp_path / "data", tmp_path / "shown"
    data.mkdir()
    shown.mkdir()
    filled(data / "history.sqlite", 3)
    if os.geteuid() != 0:
        (data / "history.sqlite").chmod(0o444)
        data.chmod(0o555)
        try:
            yield data
        finally:
            data.chmod(0o755)
        return
    for command in (["mount", "--bind", str(data), str(shown)],
                    ["mount", "-o", "remount,bind,ro", str(shown)]):
        if subprocess.run(command, capture_output=True).returncode:
            subprocess.run(["umount", str(shown)], capture_output=True)
            unavailable("a read-only bind mount (mount --bind) for a read-only store")
    try:
        yield shown
    finally:
        subprocess.run(["umount", str(shown)], check=True)


def test_history_on_a_read_only_store(tmp_path):
    with readonly_data(tmp_path) as data:
        shown = history(data, "--json")
        assert shown.returncode == 0, shown.stderr
        assert '"RA"' in shown.stdout
        one_line(history(data, "--forget"), "is read-only", "write access")
        one_line(history(data, "--forget", "ra"), "is read-only")
        said, warn = warnings()
        with Store.open(data / "history.sqlite", warn=warn) as store:  # a player's store
            store.learn("wordament", "QI", "rejected", False, clean=True)
            assert store.rejected("wordament") == {"RA", "RB", "RC", "QI"}
        assert len(said) == 1 and "is read-only" in said[0]
    with Store.open(tmp_path / "data" / "history.sqlite", strict=True) as store:
        assert store.rejected("wordament") == {"RA", "RB", "RC"}


# --- a full disk --------------------------------------------------------------------------------

def test_a_full_disk_mid_round_is_one_warning_and_play_goes_on(tmp_path):
    said, warn = warnings()
    store = Store.open(tmp_path / "h.sqlite", warn=warn)
    round_id = store.start_round("wordament", "AB/CD")
    store.add_play(round_id, "AB", [0, 1], "accepted", 1, 0.1)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk is full"
    for k in range(300):
        store.add_play(round_id, f"W{k}".translate(LETTERS), [0, 1, 2], "accepted", 2, k / 10)
        store.learn("wordament", f"W{k}".translate(LETTERS), "rejected", False, clean=True)
    store.end_round(round_id, 601, 30.0)
    assert len(said) == 1 and "the disk is full" in said[0] and "free some disk space" in said[0]
    assert store.rounds()[0].points == 601 and len(store.rounds()[0].plays) == 301
    assert len(store.rejected("wordament")) == 300
    store.close()
    with Store.open(tmp_path / "h.sqlite", strict=True) as again:  # the file kept what it had
        assert again.rounds()[0].plays[0].word == "AB"


def test_a_full_disk_in_a_strict_store_is_bad_input(tmp_path):
    store = Store.open(tmp_path / "h.sqlite", strict=True)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(BadInput, match="the disk is full"):
        for k in range(300):
            store.learn("boggle", f"W{k}".translate(LETTERS), "rejected", False)
    store.close()


def limited(size: int) -> None:
    """In a child process: files may grow to `size` bytes only (as on a full disk)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past it fails (EFBIG) instead
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def test_a_writer_process_whose_disk_fills_warns_once_and_goes_on(tmp_path):
    path = tmp_path / "h.sqlite"
    Store.open(path, strict=True).close()
    child = subprocess.run([sys.executable, "-m", "tests.store_writer", str(path), "kid", "60",
                            "12"], cwd=REPO, capture_output=True, text=True, timeout=120,
                           preexec_fn=lambda: limited(96 * 1024))
    assert child.returncode == 0, child.stderr
    assert len(child.stdout.split()) == 60
    lines = child.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("assistant: warning: history "), lines
    assert "playing on without saving" in lines[0]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    saved = db.execute("SELECT count(*) FROM rounds").fetchone()[0]
    assert 0 < saved < 60  # what was written before the disk filled is kept


# --- a damaged file -----------------------------------------------------------------------------

def damaged(path: Path, page: int = 2) -> Path:
    """Overwrite one 4 KB page (not the first: the header stays intact) with garbage."""
    size = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    with path.open("r+b") as file:
        file.seek((page - 1) * size)
        file.write(bytes((n * 37 + 11) % 256 for n in range(size)))
    return path


def test_a_damaged_store_is_one_line_for_history_and_a_warning_for_play(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    path = damaged(filled(data / "history.sqlite"))
    before = path.read_bytes()
    for args in ([], ["--json"], ["--forget"]):
        one_line(history(data, *args), "is damaged", "move it aside")
    with pytest.raises(BadInput, match="is damaged"), Store.open(path, strict=True) as store:
        store.rounds()
    said, warn = warnings()
    with Store.open(path, warn=warn) as store:
        assert len(store.rejected("wordament")) == 60  # the words' pages are whole
        store.end_round(store.start_round("wordament", "AB/CD"), 0, 1.0)  # the rounds' are not
        assert [r.board for r in store.rounds()] == ["AB/CD"]
    assert len(said) == 1 and "is damaged" in said[0]
    assert path.read_bytes() == before  # never wiped, never written


# --- a foreign file -----------------------------------------------------------------------------

@pytest.mark.parametrize("version", [0, 1, 5])
def test_another_programs_database_is_one_line_and_left_alone(tmp_path, version):
    data = tmp_path / "data"
    data.mkdir()
    path = data / "history.sqlite"
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);"
                     "INSERT INTO notes (text) VALUES ('keep me');"
                     f"PRAGMA user_version = {version};")
    db.close()
    before = path.read_bytes()
    for args in ([], ["--forget"]):
        one_line(history(data, *args),
                 *(["is not an assistant history (its tables: notes)", "move it aside"]
                   if version <= SCHEMA else ["written by a newer assistant"]))
    said, warn = warnings()
    with Store.open(path, warn=warn) as store:
        store.learn("wordament", "QI", "rejected", False, clean=True)
        assert store.rejected("wordament") == {"QI"}
    assert len(said) == 1 and "playing on without saving" in said[0]
    assert path.read_bytes() == before
    assert sqlite3.connect(path).execute("SELECT text FROM notes").fetchall() == [("keep me",)]


def test_threads_see_one_warning(tmp_path):
    said, warn = warnings()
    store = Store.open(filled(tmp_path / "h.sqlite", 2), warn=warn)
    store.db.execute("PRAGMA query_only = ON")

    def learn(n: int) -> None:
        for k in range(20):
            store.learn("boggle", f"W{n}X{k}".translate(LETTERS), "accepted", False)

    threads = [threading.Thread(target=learn, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(said) == 1 and len(store.accepted_unknown("boggle")) == 80
    store.close()
