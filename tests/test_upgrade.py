"""Upgrading from a version before 0.2, whose per-user folders were named `assistant`: the
history in the old data folder is seen after the upgrade, alone or beside a newer store, on
real SQLite files through the real command line (`assistant history`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.store.store import Store
from tests.conftest import REPO, unavailable
from tests.test_store import fill


@pytest.fixture
def xdg(tmp_path, monkeypatch) -> Path:
    """A user's XDG data home (the default folders, as no ASSISTANT_DATA_DIR is set)."""
    if sys.platform != "linux":
        unavailable("the data folders follow XDG_DATA_HOME on Linux only")
    monkeypatch.delenv("ASSISTANT_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("TZ", "UTC")
    return tmp_path / "xdg"


def history(*args: str, data: Path | None = None) -> tuple[dict, str]:
    """Return the JSON of `assistant history --json ARGS` and its stderr (on ASSISTANT_DATA_DIR
    = data when given, else on the default folders)."""
    env = {k: v for k, v in os.environ.items() if k != "ASSISTANT_DATA_DIR"}
    env.update({"ASSISTANT_DATA_DIR": str(data)} if data else {})
    done = subprocess.run([sys.executable, "-m", "assistant", "history", "--json", *args],
                          capture_output=True, text=True, cwd=REPO, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), done.stderr


def moved(folder: Path) -> list[str]:
    """Return the names of the stores renamed aside in a folder."""
    return sorted(p.name for p in folder.glob("history-moved-*.sqlite"))


def test_a_store_in_the_old_folder_is_seen_after_the_upgrade(xdg):
    old, new = xdg / "assistant", xdg / "wordgame-assistant"
    with Store.open(old / "history.sqlite") as store:
        fill(store)
    before, _ = history("--limit", "100", data=old)  # what the old version showed
    after, errors = history("--limit", "100")
    assert errors == "" and after["store"] == str(new / "history.sqlite")
    assert after["rounds"] == before["rounds"] and len(after["rounds"]) == 3
    assert after["learned"] == before["learned"] == {
        "boggle": {"rejected": [], "doubted": [], "accepted_unknown": []},
        "wordament": {"rejected": ["BLEN", "ZAX"], "doubted": ["CEPS"],
                      "accepted_unknown": ["QOPH"]}}
    assert not (old / "history.sqlite").exists() and len(moved(old)) == 1  # kept, renamed
    assert history("--limit", "100") == (after, "")  # and nothing comes in twice


def test_stores_in_both_folders_are_joined_and_nothing_counts_twice(xdg):
    old, new = xdg / "assistant", xdg / "wordgame-assistant"
    with Store.open(old / "history.sqlite") as store:
        fill(store)  # 3 rounds (boards EECA.., ABCD.., SDRC..), ZAX rejected now
    with Store.open(new / "history.sqlite") as store:
        # the old store's first round, as a copy stopped before the rename left it ...
        again = store.start_round("wordament", "EECA/ALEP/HNBO/QTTY", when=1700000000.0)
        store.add_play(again, "PEA", [7, 6, 3], "accepted", 6, 1.0)
        # ... and a round and a verdict of the new version: ZAX accepted since
        mine = store.start_round("boggle", "WXYZ/ABCD/EFGH/IJKL", when=1800000000.0)
        store.add_play(mine, "ZAX", [0, 1, 2], "accepted", 1, 0.5)
        store.end_round(mine, 1, 2.0)
        # accepted in as many deals as rejected it: no longer banned
        for board in ("WXYZ/ABCD/EFGH/IJKL", "ZAXA/ABCD/EFGH/IJKL"):
            store.learn("wordament", "ZAX", "accepted", False, when=4000000000.0, board=board)
    shown, errors = history("--limit", "100")
    assert errors == ""
    assert [(r["board"], r["started"], r["tried"]) for r in shown["rounds"]] == [
        ("WXYZ/ABCD/EFGH/IJKL", 1800000000.0, 1),  # newest first
        ("SDRC/CEPL/ELAA/TSYR", 1700007200.0, 1),
        ("ABCD/EFGH/IJKL/MNOP", 1700003600.0, 1),
        ("EECA/ALEP/HNBO/QTTY", 1700000000.0, 1)]  # the new store's copy, not doubled
    assert shown["learned"]["wordament"] == {"rejected": ["BLEN"], "doubted": ["CEPS"],
                                             "accepted_unknown": ["QOPH", "ZAX"]}
    assert len(moved(old)) == 1 and history("--limit", "100") == (shown, "")


def test_two_processes_bringing_it_in_at_once_count_nothing_twice(xdg):
    old, new = xdg / "assistant", xdg / "wordgame-assistant"
    with Store.open(old / "history.sqlite") as store:
        fill(store)
    env = {k: v for k, v in os.environ.items() if k != "ASSISTANT_DATA_DIR"}
    both = [subprocess.Popen([sys.executable, "-m", "assistant", "history", "--json"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             cwd=REPO, env=env) for _ in range(2)]
    for process in both:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0 and err == "", err
        shown = json.loads(out)
        assert (shown["store"], len(shown["rounds"])) == (str(new / "history.sqlite"), 3)
    assert len(history()[0]["rounds"]) == 3 and len(moved(old)) == 1


def test_an_old_store_that_cannot_be_read_is_left_alone_with_one_line(xdg):
    old = xdg / "assistant"
    old.mkdir(parents=True)
    (old / "history.sqlite").write_bytes(b"not a database, but 32 bytes long" * 4)
    shown, errors = history()
    assert shown["rounds"] == [] and errors.count("\n") == 1
    assert errors.startswith(f"assistant: the history in {old / 'history.sqlite'} was not "
                             f"brought to {xdg / 'wordgame-assistant' / 'history.sqlite'}")
    assert (old / "history.sqlite").read_bytes().startswith(b"not a database")
