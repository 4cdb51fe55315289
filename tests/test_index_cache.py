"""The Bookworm index is built once per lexicon and cached beside the compiled lexicon: the
cached index is the one a fresh build gives, and a second load reads it instead of building."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.core import anagram
from assistant.core import bookworm as bw
from assistant.core.anagram import Index
from assistant.core.lexicon import Lexicon
from assistant.core.rules import BOOKWORM, WILDCARD
from assistant.core.types import Tile
from assistant.files import wordlist
from tests.conftest import run_cli

LETTERS = "EEEEEEAAAAIIIIOOOONNNRRRTTTLLSSUDDGBCMPFHVWYKJXQZ"
STATES = ("normal",) * 9 + ("emerald", "ruby", "sapphire", "crystal", "smashed", "locked")


def rack(rng: random.Random) -> list[Tile]:
    """Return 16 random tiles: common letters more often, a few gems and harms, maybe a '?'."""
    texts = ["QU" if c == "Q" else c for c in rng.choices(LETTERS, k=16)]
    if rng.random() < 0.3:
        texts[rng.randrange(16)] = WILDCARD
    return [Tile(text, None, rng.choice(STATES)) for text in texts]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh, empty per-user cache folder."""
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def never_build(root):
    """Stand in for the index builder in a test where it must not run."""
    raise AssertionError("the anagram index was built, not loaded from the cache")


def test_the_cached_index_is_a_fresh_one_and_is_used_on_the_second_load(cache, monkeypatch):
    first = wordlist.load("enable")  # compiled into the empty cache
    assert wordlist.index(first) is wordlist.index(first)  # once per lexicon in a process
    assert len(list(cache.glob("anagram-*.marshal"))) == 1
    again = wordlist.load("enable")  # another process's view: the lexicon read from the cache
    fresh = Index(again)
    monkeypatch.setattr(anagram, "shapes", never_build)
    cached = wordlist.index(again)
    assert cached.lexicon is again and cached.below == fresh.below
    for seed in (1, 2, 3, 4):
        rng = random.Random(seed)
        for tiles in (rack(rng) for _ in range(25)):
            assert bw.attacks(tiles, cached, BOOKWORM, top=5) == \
                bw.attacks(tiles, fresh, BOOKWORM, top=5)


def test_a_damaged_index_file_is_built_again(tmp_path, cache):
    source = tmp_path / "list.txt"
    source.write_text("boxes\nbox\nzones\n")
    wordlist.index(wordlist.load(str(source)))
    [stored] = cache.glob("anagram-*.marshal")
    stored.write_bytes(b"garbage")
    lexicon = wordlist.load(str(source))
    assert wordlist.index(lexicon).below == Index(lexicon).below
    assert Index.from_bytes(lexicon, stored.read_bytes()).below == Index(lexicon).below


def test_an_index_does_not_fit_another_lexicon():
    stored = Index(Lexicon.from_words(["BOX", "BOXES"])).to_bytes()
    with pytest.raises(ValueError, match="anagram index"):
        Index.from_bytes(Lexicon.from_words(["CAT", "DOG", "DOGS"]), stored)
    with pytest.raises(ValueError, match="anagram index"):
        Index.from_bytes(Lexicon.from_words(["CAT"]), b"not marshal")


@given(st.sets(st.text("ABCDE", min_size=1, max_size=7), min_size=1, max_size=60))
def test_the_stored_index_matches_the_compiled_lexicons_nodes(words):
    lexicon = Lexicon.from_words(words)
    again = Lexicon.from_bytes(lexicon.to_bytes())  # new node objects, in the stored order
    restored = Index.from_bytes(again, Index(lexicon).to_bytes())
    assert restored.below == Index(again).below


def test_bookworm_solve_writes_the_index_once(tmp_path):
    env = {"ASSISTANT_CACHE_DIR": str(tmp_path / "cache")}
    args = ("solve", "--game", "bookworm", "--tiles", "O X B S E E", "--json")
    first, second = run_cli(*args, env=env), run_cli(*args, env=env)
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert json.loads(first.stdout)["words"][0]["word"] == "BOXES"
    assert first.stdout == second.stdout
    assert [p.name.split("-")[0] for p in sorted((tmp_path / "cache").glob("*.marshal"))] == [
        "anagram", "lexicon"]
