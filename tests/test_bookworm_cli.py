"""`assistant solve --game bookworm` as a user runs it: a real process, real ENABLE, JSON out."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from assistant.core.types import Tile
from tests.test_anagram import brute_damage

REPO = Path(__file__).resolve().parents[1]
ISSUE_RACK = "P A O R/A:locked E P S/M:emerald S M U/X V:crystal E U"


def run(*args: str) -> subprocess.CompletedProcess:
    """Run `python -m assistant solve --game bookworm ARGS` in the repository."""
    return subprocess.run([sys.executable, "-m", "assistant", "solve", "--game", "bookworm",
                           *args], cwd=REPO, capture_output=True, text=True, timeout=120)


def solve_json(*args: str) -> dict:
    """Return the JSON printed for these options (the run must succeed)."""
    done = run(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_boxes_from_the_published_rack():
    result = solve_json("--tiles", "O X B S E E", "--top", "1")
    assert result["words"] == [{"word": "BOXES", "tiles": [2, 0, 1, 4, 3],
                                "letters": ["B", "O", "X", "E", "S"], "damage": 1.5,
                                "gems": [], "score": 1.5, "rank_reason": "1.5 hearts of damage"}]


def test_json_of_the_issue_rack():
    result = solve_json("--tiles", ISSUE_RACK, "--top", "5")
    assert result["game"] == "bookworm"
    assert len(result["tiles"]) == 16
    assert result["tiles"][4] == {"text": "A", "state": "locked"}
    words = result["words"]
    assert len(words) == 5
    assert [w["damage"] for w in words] == sorted((w["damage"] for w in words), reverse=True)
    for word in words:
        tiles = [Tile(result["tiles"][i]["text"], None, result["tiles"][i]["state"])
                 for i in word["tiles"]]
        assert "".join(t.text for t in tiles) == word["word"]
        assert 4 not in word["tiles"]  # the locked A
        assert Fraction(word["damage"]) == brute_damage(tiles)
        assert word["gems"] == [t.state for t in tiles if t.state in ("emerald", "crystal")]
    assert result["strongest"]["word"] == words[0]["word"]


def test_the_situation_changes_the_ranking():
    rack = "J U K E/B O X M:emerald/I"
    plain = solve_json("--tiles", rack, "--top", "2")
    low = solve_json("--tiles", rack, "--top", "2", "--health", "1")
    assert (plain["words"][0]["word"], plain["words"][0]["gems"]) == ("JUKEBOX", [])
    first = low["words"][0]
    assert first["gems"] == ["emerald"]
    assert first["score"] == first["damage"] + 2
    assert "Lex is low" in first["rank_reason"]
    assert low["strongest"]["word"] == "JUKEBOX"
    assert low["situation"] == {"health": 1.0, "enemy": []}


def test_text_output_lists_words_and_where_to_click():
    done = run("--tiles", "O X B S/E E", "--top", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "bookworm: O X B S / E E"
    assert lines[2].split()[:3] == ["BOXES", "1.5", "0,2"]


@pytest.mark.parametrize(("args", "named"), [
    (["--tiles", "O X B S E E:foo"], "'E:foo' (tile 6): unknown state 'foo'"),
    (["--tiles", "O X 7"], "'7' (tile 3)"),
    (["--tiles", "O X B", "--enemy", "sleepy"], "unknown status 'sleepy'"),
    (["--tiles", "O X B", "--health", "-2"], "health: "),
    ([], "give the tiles as --tiles"),
])
def test_bad_input_is_one_line_and_exit_status_2(args, named):
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert named in done.stderr
