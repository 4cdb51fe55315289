"""The store, on real SQLite files: every call, a writer killed with -9, two writers at once,
threads, bad files, the folders it lives in, and `assistant history` (text, JSON, --forget).

Golden values are worked out by hand from what each test writes."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from assistant.core.types import BadInput
from assistant.files.folders import cache_dir, data_dir
from assistant.store.store import Play, Removed, Round, Store
from assistant.store.user import default_path
from tests.conftest import REPO, run_cli
from tests.store_writer import word


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    """A fresh, empty data folder that the store and the CLI use (never the user's)."""
    monkeypatch.setenv("ASSISTANT_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def fill(store: Store) -> None:
    """Write two Wordament rounds (one never ended), a Boggle round and four learned words."""
    first = store.start_round("wordament", "EECA/ALEP/HNBO/QTTY", when=1700000000.0)
    store.add_play(first, "pea", [7, 6, 3], "accepted", 6, 1.0)
    store.add_play(first, "LEAP", [5, 6, 3, 7], "accepted", 9, 2.0)
    store.add_play(first, "BLEN", [10, 5, 6, 9], "rejected", 0, 3.0)
    store.add_play(first, "PEA", [7, 2, 3], "repeated", 0, 4.0)
    store.end_round(first, 15, 8.0)
    boggle = store.start_round("boggle", "ABCD/EFGH/IJKL/MNOP", when=1700003600.0)
    store.add_play(boggle, "FIN", [5, 8, 13], "accepted", 1, 0.5)
    store.end_round(boggle, 1, 4.0)
    last = store.start_round("wordament", "SDRC/CEPL/ELAA/TSYR", when=1700007200.0)
    store.add_play(last, "CEP", [4, 5, 6], "no feedback", 0, 0.4)
    store.learn("wordament", "BLEN", "rejected", True, clean=True)  # one clean rejection bans
    for board in ("EECA/ALEP/HNBO/QTTY", "SDRC/CEPL/ELAA/TSYR"):  # as do two on two boards
        store.learn("wordament", "zax", "rejected", False, board=board)
    for text, verdict, known in [("QOPH", "accepted", False), ("PEA", "accepted", True),
                                 ("CEPS", "rejected", True)]:  # one unclean: doubted
        store.learn("wordament", text, verdict, known)


def test_every_call_round_trips(tmp_path):
    with Store.open(tmp_path / "h.sqlite") as store:
        fill(store)
        assert store.rejected("wordament") == {"BLEN", "ZAX"}
        assert store.accepted_unknown("wordament") == {"QOPH"}
        assert store.rejected("boggle") == store.accepted_unknown("boggle") == set()
        assert store.games() == ["boggle", "wordament"]
        newest, boggle, first = store.rounds()
        assert first == Round(1, "wordament", "EECA/ALEP/HNBO/QTTY", 1700000000.0, 15, 8.0, (
            Play("PEA", (7, 6, 3), "accepted", 6, 1.0),
            Play("LEAP", (5, 6, 3, 7), "accepted", 9, 2.0),
            Play("BLEN", (10, 5, 6, 9), "rejected", 0, 3.0),
            Play("PEA", (7, 2, 3), "repeated", 0, 4.0)))
        assert (first.count("accepted"), first.count("rejected"), first.words_per_second) \
            == (2, 1, 0.5)
        assert boggle == Round(2, "boggle", "ABCD/EFGH/IJKL/MNOP", 1700003600.0, 1, 4.0,
                               (Play("FIN", (5, 8, 13), "accepted", 1, 0.5),))
        assert newest == Round(3, "wordament", "SDRC/CEPL/ELAA/TSYR", 1700007200.0, None, None,
                               (Play("CEP", (4, 5, 6), "no feedback", 0, 0.4),))
        assert newest.words_per_second is None
        assert [r.id for r in store.rounds("wordament")] == [3, 1]
        assert [r.id for r in store.rounds(limit=1)] == [3]
        assert store.forget("boggle") == Removed(rounds=1, plays=1, words=0)
        assert store.games() == ["wordament"]
        assert store.doubted("wordament") == {"CEPS"}
        assert store.forget() == Removed(rounds=2, plays=5, words=5)
        assert store.rounds() == [] and store.games() == [] and store.rejected("wordament") == set()


def test_one_rejection_does_not_ban_two_on_two_boards_do(tmp_path):
    with Store.open(tmp_path / "h.sqlite") as store:
        store.learn("wordament", "QI", "rejected", False, board="AB/CD")
        store.learn("wordament", "ZO", "no feedback", False)
        assert store.rejected("wordament") == set() and store.doubted("wordament") == {"QI"}
        store.learn("wordament", "QI", "rejected", False, board="AB/CD")  # the same board again
        assert store.rejected("wordament") == set()  # (two players, or a refill): one sighting
        store.learn("wordament", "QI", "rejected", False, board="EF/GH")
        assert store.rejected("wordament") == {"QI"} and store.doubted("wordament") == set()
        assert store.rejected("boggle") == set()
        assert [(s["verdict"], s["clean"], s["board"]) for s in
                store.evidence("wordament", "qi")] == [("rejected", False, "AB/CD")] * 2 + [
            ("rejected", False, "EF/GH")]


def test_one_board_dealt_again_later_is_another_deal_two_players_on_it_are_one(tmp_path):
    path = tmp_path / "h.sqlite"
    with Store.open(path) as one, Store.open(path) as two:  # two players on one window
        for store, when in ((one, 1700000000.0), (two, 1700000002.5)):
            store.start_round("wordament", "AB/CD", when=when)
            store.learn("wordament", "QI", "rejected", False)
        assert one.rejected("wordament") == set()  # one deal
        one.start_round("wordament", "AB/CD", when=1700000090.0)  # the board dealt again
        one.learn("wordament", "QI", "rejected", False)
        assert two.rejected("wordament") == {"QI"}
        assert [s["dealt"] for s in one.evidence("wordament", "QI")] == [
            1700000000.0, 1700000000.0, 1700000090.0]


def test_one_clean_rejection_bans_and_accepted_evidence_wins_over_a_stray_one(tmp_path):
    with Store.open(tmp_path / "h.sqlite") as store:
        store.learn("wordament", "XU", "rejected", True, clean=True, board="AB/CD")
        assert store.rejected("wordament") == {"XU"}
        store.learn("wordament", "OE", "accepted", False, board="AB/CD")
        store.learn("wordament", "OE", "rejected", False, clean=True, board="EF/GH")
        assert store.rejected("wordament") == {"XU"}  # 1 board accepted it, 1 rejected it
        assert store.accepted_unknown("wordament") == {"OE"}
        store.learn("wordament", "OE", "rejected", False, board="IJ/KL")  # now 2 against 1
        assert store.rejected("wordament") == {"XU", "OE"}
        store.learn("wordament", "XU", "repeated", True, board="MN/OP")  # a repeat: known
        store.learn("wordament", "XU", "accepted", True, board="QR/ST")
        assert store.rejected("wordament") == {"OE"}
        assert store.accepted_unknown("wordament") == set()  # XU was in the lexicon


def test_a_round_open_gives_the_board_of_what_is_learned(tmp_path):
    with Store.open(tmp_path / "h.sqlite") as store:
        for board in ("AB/CD", "EF/GH"):
            round_id = store.start_round("wordament", board)
            store.add_play(round_id, "QI", [0, 1], "rejected", 0, 0.5)
            store.learn("wordament", "QI", "rejected", False)
            store.end_round(round_id, 0, 1.0)
        store.learn("wordament", "ZA", "rejected", False)  # no round open: board unknown
        assert [(s["board"], s["round"]) for s in store.evidence("wordament", "QI")] == [
            ("AB/CD", 1), ("EF/GH", 2)]
        assert store.evidence("wordament", "ZA")[0]["board"] == ""
        assert store.rejected("wordament") == {"QI"}


def test_forget_one_word(tmp_path):
    with Store.open(tmp_path / "h.sqlite") as store:
        fill(store)
        store.learn("boggle", "BLEN", "rejected", True, clean=True)
        assert store.forget("wordament", "blen") == Removed(rounds=0, plays=0, words=1)
        assert store.rejected("wordament") == {"ZAX"} and store.rejected("boggle") == {"BLEN"}
        assert store.evidence("wordament", "BLEN") == []
        assert len(store.rounds()) == 3 and store.rounds()[-1].count("rejected") == 1
        assert store.forget(word="blen") == Removed(rounds=0, plays=0, words=1)  # every game
        assert store.rejected("boggle") == set()


def test_bad_verdicts_and_unknown_rounds_are_refused(tmp_path):
    with Store.open(tmp_path / "h.sqlite") as store:
        with pytest.raises(ValueError, match="verdict"):
            store.add_play(store.start_round("boggle", "AB/CD"), "AB", [0, 1], "great", 1, 0.1)
        with pytest.raises(ValueError, match="verdict"):
            store.learn("boggle", "AB", "maybe", True)
        assert store.add_play(99, "AB", [0, 1], "accepted", 1, 0.1) is False  # no such round
        assert store.rounds()[0].plays == ()  # the failed writes left nothing behind


def test_the_file_is_in_wal_mode_with_a_busy_timeout_and_a_schema_version(tmp_path):
    with Store.open(tmp_path / "h.sqlite") as store:
        pragma = {name: store.db.execute(f"PRAGMA {name}").fetchone()[0]
                  for name in ("journal_mode", "busy_timeout", "synchronous", "user_version")}
    assert pragma == {"journal_mode": "wal", "busy_timeout": 10000, "synchronous": 1,
                      "user_version": 2}


def test_a_file_that_is_not_a_store_is_one_line(tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database, just some text" * 100)
    with pytest.raises(BadInput, match=r"junk\.sqlite is not a database \(.*\): move it aside"):
        Store.open(junk, strict=True)
    newer = tmp_path / "newer.sqlite"
    with sqlite3.connect(newer) as db:
        db.execute("PRAGMA user_version = 7")
    with pytest.raises(BadInput, match=r"newer assistant \(schema 7; this one knows 2\)"):
        Store.open(newer, strict=True)


def test_one_store_serves_several_threads(tmp_path):
    store = Store.open(tmp_path / "h.sqlite")  # opened here, written from four other threads
    round_id = store.start_round("wordament", "EECA/ALEP/HNBO/QTTY")

    def play(n: int) -> None:
        for k in range(50):
            store.add_play(round_id, word("t", n, k), [n, k % 16], "accepted", 1, k / 10)
            store.learn("wordament", word("t", n, k), "accepted", False)

    threads = [threading.Thread(target=play, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(store.rounds()[0].plays) == 200
    assert len(store.accepted_unknown("wordament")) == 200
    store.close()


def writer(path: Path, name: str, rounds: int, plays: int, *go: str) -> subprocess.Popen:
    """Start a writer process (tests/store_writer.py); its stdout gives the committed rounds."""
    return subprocess.Popen([sys.executable, "-m", "tests.store_writer", str(path), name,
                             str(rounds), str(plays), *go], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def check_whole(path: Path) -> sqlite3.Connection:
    """Return a plain connection to a store file after checking that SQLite finds it whole."""
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    return db


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_writer_killed_mid_write_loses_no_committed_round(tmp_path, seed):
    path = tmp_path / "h.sqlite"
    child = writer(path, "kid", 0, 12)  # rounds until killed, 12 plays each
    assert child.stdout is not None
    wanted = random.Random(seed).randrange(3, 25)
    reported = [int(child.stdout.readline()) for _ in range(wanted)]
    time.sleep(random.Random(seed).random() / 100)  # kill it somewhere in the next round
    child.send_signal(signal.SIGKILL)
    rest, _ = child.communicate(timeout=30)
    reported += [int(line) for line in rest.split()]
    assert child.returncode == -signal.SIGKILL
    assert (tmp_path / "h.sqlite-wal").exists()  # killed before any clean close
    db = check_whole(path)
    ended = dict(db.execute("SELECT id, points FROM rounds WHERE points IS NOT NULL"))
    plays = dict(db.execute("SELECT round, count(*) FROM plays GROUP BY round"))
    assert set(reported) <= set(ended)
    assert all(ended[r] == sum(range(12)) and plays[r] == 12 for r in reported)
    with Store.open(path) as store:  # and the store itself opens it and goes on
        store.end_round(store.start_round("wordament", "after"), 0, 1.0)
        assert store.rounds(limit=1)[0].board == "after"


def test_two_writers_at_once_both_succeed(tmp_path):
    path, go = tmp_path / "h.sqlite", tmp_path / "go"  # the file does not exist yet
    children = [writer(path, name, 40, 8, str(go)) for name in ("one", "two")]
    for child in children:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
    go.touch()  # both open, create and write the store from now on
    outputs = [child.communicate(timeout=120) for child in children]
    for child, (out, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err
        assert len(out.split()) == 40
    db = check_whole(path)
    for name in ("one", "two"):
        assert db.execute("SELECT count(*), sum(points) FROM rounds WHERE board LIKE ?",
                          (f"{name} %",)).fetchone() == (40, 40 * sum(range(8)))
        assert db.execute("SELECT count(*) FROM plays JOIN rounds ON plays.round = rounds.id"
                          " WHERE board LIKE ?", (f"{name} %",)).fetchone() == (320,)
    # play k of a round gets VERDICTS[k % 4]: of 8 plays, 2 accepted and 2 repeated (both
    # learned as accepted), 2 rejected (each once, unclean: doubted), 2 with no feedback
    # (nothing learned); every word differs
    assert db.execute("SELECT verdict, count(*) FROM words GROUP BY verdict ORDER BY 1"
                      ).fetchall() == [("accepted", 2 * 40 * 4), ("doubted", 2 * 40 * 2)]


def test_the_folders_follow_the_overrides_and_the_platform(tmp_path, monkeypatch):
    monkeypatch.setenv("ASSISTANT_DATA_DIR", str(tmp_path / "mine"))
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(tmp_path / "cached"))
    assert (data_dir(), cache_dir()) == (tmp_path / "mine", tmp_path / "cached")
    with Store.open(default_path()) as store:
        assert store.path == tmp_path / "mine" / "history.sqlite"
    assert (tmp_path / "mine" / "history.sqlite").exists()
    monkeypatch.delenv("ASSISTANT_DATA_DIR")
    monkeypatch.delenv("ASSISTANT_CACHE_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    app = "wordgame-assistant"  # named after the package the tool is installed by
    if sys.platform == "linux":  # platformdirs follows the XDG variables there
        assert data_dir() == tmp_path / "xdg-data" / app
        assert cache_dir() == tmp_path / "xdg-cache" / app
    assert data_dir().name == app and cache_dir().parts[-2:] in (
        (app, "Cache"), ("Caches", app), ("xdg-cache", app))


HISTORY = """\
history: {path}
rounds, newest first:
  when              game       board                tried  accepted  rejected  points  words/s
  2023-11-15 00:13  wordament  SDRC/CEPL/ELAA/TSYR      1         0         0       -        -
  2023-11-14 23:13  boggle     ABCD/EFGH/IJKL/MNOP      1         1         0       1     0.25
  2023-11-14 22:13  wordament  EECA/ALEP/HNBO/QTTY      4         2         1      15     0.50
learned by boggle:
  rejected, never tried again (0): -
  rejected without enough evidence, tried again (0): -
  accepted, not in the lexicon (0): -
learned by wordament:
  rejected, never tried again (2): BLEN, ZAX
  rejected without enough evidence, tried again (1): CEPS
  accepted, not in the lexicon (1): QOPH
"""


def history(data: Path, *args: str) -> subprocess.CompletedProcess:
    """Run `assistant history ARGS` on the data folder, in UTC."""
    done = run_cli("history", *args, env={"ASSISTANT_DATA_DIR": str(data), "TZ": "UTC"})
    assert done.returncode == 0 and not done.stderr, done.stderr
    return done


def test_history_text(data):
    with Store.open(default_path()) as store:
        fill(store)
    assert history(data).stdout == HISTORY.format(path=data / "history.sqlite")


def test_history_json_of_one_game(data):
    with Store.open(default_path()) as store:
        fill(store)
    shown = json.loads(history(data, "--game", "wordament", "--json").stdout)
    assert shown["store"] == str(data / "history.sqlite")
    assert shown["learned"] == {"wordament": {"rejected": ["BLEN", "ZAX"], "doubted": ["CEPS"],
                                              "accepted_unknown": ["QOPH"]}}
    last, first = shown["rounds"]
    assert last == {"id": 3, "game": "wordament", "board": "SDRC/CEPL/ELAA/TSYR",
                    "when": "2023-11-15T00:13:20+00:00", "started": 1700007200.0,
                    "points": None, "seconds": None, "tried": 1, "accepted": 0, "rejected": 0,
                    "words_per_second": None,
                    "plays": [{"word": "CEP", "path": [4, 5, 6], "verdict": "no feedback",
                               "points": 0, "at": 0.4}]}
    assert {k: first[k] for k in ("id", "when", "points", "seconds", "tried", "accepted",
                                  "rejected", "words_per_second")} == {
        "id": 1, "when": "2023-11-14T22:13:20+00:00", "points": 15, "seconds": 8.0, "tried": 4,
        "accepted": 2, "rejected": 1, "words_per_second": 0.5}
    assert [(p["word"], p["verdict"], p["points"]) for p in first["plays"]] == [
        ("PEA", "accepted", 6), ("LEAP", "accepted", 9), ("BLEN", "rejected", 0),
        ("PEA", "repeated", 0)]


def test_history_forget_one_game_then_all(data):
    with Store.open(default_path()) as store:
        fill(store)
    path = data / "history.sqlite"
    assert history(data, "--forget", "--game", "boggle").stdout == (
        f"forgot boggle's history in {path}: 1 round, 1 word played, 0 learned words\n")
    shown = json.loads(history(data, "--json").stdout)
    assert [r["id"] for r in shown["rounds"]] == [3, 1] and list(shown["learned"]) == ["wordament"]
    assert history(data, "--forget").stdout == (
        f"forgot the whole history in {path}: 2 rounds, 5 words played, 5 learned words\n")
    assert history(data).stdout == f"history: {path}\nno rounds played yet\n"


def test_history_without_a_store_creates_nothing(data):
    assert history(data).stdout == f"history: {data / 'history.sqlite'}\nno rounds played yet\n"
    assert json.loads(history(data, "--forget", "--json").stdout)["forgot"] == {
        "game": None, "rounds": 0, "plays": 0, "words": 0}
    assert not data.exists()


def test_history_errors_are_one_line(data):
    data.mkdir()
    (data / "history.sqlite").write_text("not a database " * 100)
    for args in (["--limit", "0"], []):
        done = run_cli("history", *args, env={"ASSISTANT_DATA_DIR": str(data)})
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
        assert "Traceback" not in done.stderr
