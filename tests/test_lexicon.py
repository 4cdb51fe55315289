"""The lexicon: parsing word lists, the DAWG's answers, its compiled form and the per-user cache."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.core.lexicon import Lexicon, build, children, is_end, parse_words
from assistant.core.types import BadInput
from assistant.files import wordlist
from tests.conftest import run_cli

WORDS = ["CAT", "CATS", "CAR", "CART", "DOG", "DOGS", "DO"]


def test_parse_words_uppercases_drops_duplicates_and_extra_columns():
    data = b"cat\nCat\nDOG  a faithful animal\n\n  car\tvehicle\nco-op\nnaive\xc3\xa9\n"
    parsed = parse_words(data)
    assert parsed.words == ["CAR", "CAT", "DOG"]
    assert parsed.skipped == 2
    assert parsed.examples == ("CO-OP", "NAIVE\N{LATIN CAPITAL LETTER E WITH ACUTE}")


@pytest.mark.parametrize("data, message", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00", "binary"),
    (b"123\n---\n", "no valid words"),
    (b"\n\n", "no valid words"),
])
def test_parse_words_rejects_what_is_not_a_word_list(data, message):
    with pytest.raises(BadInput, match=message):
        parse_words(data)


def test_lexicon_answers_words_and_prefixes():
    lexicon = Lexicon.from_words(WORDS)
    assert lexicon.is_word("cat") and lexicon.is_word("DO") and "CART" in lexicon
    assert not lexicon.is_word("CA") and not lexicon.is_word("CARTS")
    assert lexicon.is_prefix("CA") and lexicon.is_prefix("") and not lexicon.is_prefix("CX")
    assert len(lexicon) == 7


def test_walking_children_from_a_node():
    lexicon = Lexicon.from_words(WORDS)
    node, car = lexicon.node("CA"), lexicon.node("CAR")
    assert node is not None and car is not None
    assert [letter for letter, _ in children(node)] == ["R", "T"]
    assert not is_end(node) and is_end(car)


def test_shared_suffixes_are_one_node():
    lexicon = Lexicon.from_words(["CATS", "DOGS"])
    assert lexicon.node("CAT") is lexicon.node("DOG")  # both lead to the same "S" ending


@given(st.sets(st.text("ABCD", min_size=1, max_size=6), min_size=1, max_size=40))
def test_dawg_holds_exactly_its_words(words):
    lexicon = Lexicon.from_words(words)
    assert list(lexicon.words()) == sorted(words)
    for word in words:
        for cut in range(len(word) + 1):
            assert lexicon.is_prefix(word[:cut])


def test_compiled_form_round_trips():
    lexicon = Lexicon.from_words(WORDS)
    again = Lexicon.from_bytes(lexicon.to_bytes())
    assert list(again.words()) == sorted(WORDS) and again.count == 7
    with pytest.raises(ValueError):
        Lexicon.from_bytes(b"not marshal at all")


def test_build_expects_sorted_words():
    assert list(Lexicon(build(["A", "AB", "B"]), 3).words()) == ["A", "AB", "B"]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh, empty per-user cache directory."""
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_load_compiles_once_then_uses_the_cache(tmp_path, cache):
    source = tmp_path / "list.txt"
    source.write_text("apple\nbanana\n")
    messages: list[str] = []
    first = wordlist.load(str(source), messages.append)
    second = wordlist.load(str(source), messages.append)
    assert len(messages) == 1 and "compiling" in messages[0]
    assert list(first.words()) == list(second.words()) == ["APPLE", "BANANA"]
    assert len(list(cache.glob("lexicon-*"))) == 1


def test_an_edited_list_is_compiled_again(tmp_path, cache):
    source = tmp_path / "list.txt"
    source.write_text("apple\n")
    wordlist.load(str(source))
    source.write_text("apple\ncherry\n")
    assert wordlist.load(str(source)).is_word("CHERRY")
    assert len(list(cache.glob("lexicon-*"))) == 2


def test_a_list_replaced_by_one_of_the_same_size_and_time_serves_the_new_words(tmp_path, cache):
    source = tmp_path / "list.txt"
    source.write_text("apple\n")
    wordlist.load(str(source))
    before = source.stat()
    source.write_text("mango\n")  # same size; its old modification time put back
    os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert list(wordlist.load(str(source)).words()) == ["MANGO"]


def test_a_touched_list_is_hashed_again_and_keeps_its_compiled_form(tmp_path, cache):
    source = tmp_path / "list.txt"
    source.write_text("apple\n")
    messages: list[str] = []
    wordlist.load(str(source), messages.append)
    os.utime(source, ns=(0, source.stat().st_mtime_ns + 10**9))
    assert wordlist.load(str(source), messages.append).is_word("APPLE")
    assert len(messages) == 1 and len(list(cache.glob("lexicon-*"))) == 1


def test_a_damaged_cache_file_is_rebuilt(tmp_path, cache):
    source = tmp_path / "list.txt"
    source.write_text("apple\n")
    wordlist.load(str(source))
    for cached in cache.iterdir():
        cached.write_bytes(b"garbage")
    assert wordlist.load(str(source)).is_word("APPLE")


@pytest.mark.parametrize("content, message", [
    (b"", "empty"),
    (b"\x00\x01\x02binary", "binary"),
    (b"1234\n5678\n", "no valid words"),
])
def test_bad_lexicon_files_are_one_line_errors(tmp_path, cache, content, message):
    source = tmp_path / "bad.txt"
    source.write_bytes(content)
    with pytest.raises(BadInput, match=message):
        wordlist.load(str(source))


def test_missing_lexicon_and_directory(tmp_path):
    with pytest.raises(BadInput, match="no such file"):
        wordlist.load(str(tmp_path / "missing.txt"))
    with pytest.raises(BadInput, match="directory"):
        wordlist.load(str(tmp_path))


def test_bundled_enable(enable):
    assert enable.count == 172820 and enable.skipped == 0
    assert enable.is_word("QUIXOTIC") and not enable.is_word("QWERTZ")


def test_lexicon_info_command_reports_skipped_entries(tmp_path):
    source = tmp_path / "list.txt"
    source.write_text("apple pie\nrock'n'roll\nbanana\nApple\n")
    done = run_cli("lexicon", "info", str(source), "--json",
                   env={"ASSISTANT_CACHE_DIR": str(tmp_path / "cache")})
    assert done.returncode == 0, done.stderr
    info = json.loads(done.stdout)
    assert (info["words"], info["skipped"], info["skipped_examples"]) == (2, 1, ["ROCK'N'ROLL"])


def test_lexicon_errors_exit_2_with_one_line(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    done = run_cli("solve", "--game", "boggle", "--board", "ABCD/EFGH/IJKL/MNOP",
                   "--lexicon", str(empty))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "empty" in done.stderr
    assert "Traceback" not in done.stderr
