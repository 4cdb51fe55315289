"""Fuzz every text parser and every numeric option through cli.main, in this process: whatever
the input, the run ends with status 0, or with status 2 and exactly one line on stderr (issue
24). Derandomised, so CI runs the same inputs each time; about 40 s in all."""

from __future__ import annotations

import functools
import io
import json
import os
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant import cli
from assistant.adapters.window import parse_region
from assistant.core.types import BadInput

BOARD = "EECA/ALEP/HNBO/QTTY"
WORDS = "cat\nact\nzoo\npeal\nleap\nplea\nheal\nlace\nbeach\n"
FUZZ = settings(max_examples=150, deadline=None, derandomize=True, database=None)
FEW = settings(max_examples=50, deadline=None, derandomize=True, database=None)

EDGES = ["", "--", "-", "nan", "inf", "-inf", "1e308", "9" * 5000, "0", "-1", "1.5", "+3",
         " ", "\n", "/", "//", "\x00", "\ufeff", "\udce9", "Ⅻ", "١٢", "1_000", "0x10", "1e-9"]
ALPHABET = "ABEQUaqu/- :?#._\n\t0123456789eE.+,naif\ufeff\udce9Ⅻ٣"
TEXT = st.one_of(st.sampled_from(EDGES), st.text(ALPHABET, max_size=60),
                 st.text(max_size=30), st.integers().map(str),
                 st.floats(allow_nan=True, allow_infinity=True).map(repr))


@pytest.fixture(scope="module", autouse=True)
def one_parser():
    """The command-line parser made once for the module (making it takes ~30 ms a run)."""
    made = cli.parser
    cli.parser = functools.cache(made)
    yield
    cli.parser = made


@pytest.fixture(scope="module")
def place(tmp_path_factory) -> Iterator[Path]:
    """A folder with a small compiled word list (and its anagram index) and an empty board."""
    folder = tmp_path_factory.mktemp("fuzz")
    os.environ["ASSISTANT_CACHE_DIR"] = str(folder / "cache")
    (folder / "words.txt").write_text(WORDS)
    (folder / "empty.txt").write_text("\n".join(["." * 15] * 15) + "\n")
    from assistant.files import wordlist

    wordlist.index(wordlist.load(str(folder / "words.txt")))
    yield folder
    del os.environ["ASSISTANT_CACHE_DIR"]


def outcome(*argv: str) -> tuple[int, str]:
    """Run cli.main; return its status and what it wrote on stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = cli.main(list(argv))
        except SystemExit as done:
            status = int(done.code or 0)
    return status, err.getvalue()


def holds(*argv: str) -> None:
    """Assert the promise: status 0, or status 2 with exactly one line on stderr."""
    status, err = outcome(*argv)
    assert status == 0 or (status == 2 and err.endswith("\n") and err.count("\n") == 1
                           and "internal error" not in err), (argv, status, err)


def solve(place: Path, *args: str) -> None:
    """Assert the promise for `solve ARGS --lexicon words.txt --json`."""
    holds("solve", *args, "--lexicon", str(place / "words.txt"), "--json")


def written(place: Path, name: str, data: str | bytes) -> str:
    """Return the path of a file in the fuzz folder holding this text or these bytes."""
    path = place / name
    path.write_bytes(data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data)
    return str(path)


@FUZZ
@given(text=TEXT, game=st.sampled_from(["wordament", "boggle"]))
def test_board_text(place, text, game):
    solve(place, "--game", game, "--board", text)


@FUZZ
@given(text=TEXT)
def test_values(place, text):
    solve(place, "--game", "wordament", "--board", BOARD, "--values", text)


@FUZZ
@given(text=TEXT)
def test_bookworm_tiles(place, text):
    solve(place, "--game", "bookworm", "--tiles", text)


@FEW
@given(text=TEXT)
def test_bookworm_enemy(place, text):
    solve(place, "--game", "bookworm", "--tiles", "A B C", "--enemy", text)


@FUZZ
@given(text=TEXT, option=st.sampled_from(["--top", "--min-len", "--health"]))
def test_numeric_solve_options(place, text, option):
    game = ["--tiles", "B E A C H"] if option == "--health" else ["--board", BOARD]
    solve(place, "--game", "bookworm" if option == "--health" else "wordament", *game,
          option, text)


@FUZZ
@given(data=st.one_of(TEXT, st.binary(max_size=300),
                      st.lists(st.text("ABC.ab?\ufeff ", min_size=13, max_size=17),
                               min_size=13, max_size=17).map("\n".join)))
def test_board_file(place, data):
    solve(place, "--game", "wordfeud", "--board-file", written(place, "board.txt", data),
          "--rack", "CAT")


@FUZZ
@given(text=TEXT, game=st.sampled_from(["wordfeud", "scrabble", "wwf"]))
def test_rack(place, text, game):
    solve(place, "--game", game, "--board-file", str(place / "empty.txt"), "--rack", text)


@FEW
@given(data=st.one_of(TEXT, st.binary(max_size=300)))
def test_layout_file(place, data):
    solve(place, "--game", "wordfeud", "--board-file", str(place / "empty.txt"), "--rack",
          "CAT", "--layout", written(place, "layout.txt", data))


@FEW
@given(text=TEXT, game=st.sampled_from(["wordfeud", "scrabble", "wordament"]))
def test_language(place, text, game):
    board = ["--board", BOARD] if game == "wordament" else [
        "--board-file", str(place / "empty.txt"), "--rack", "CAT"]
    solve(place, "--game", game, *board, "--language", text)


@FUZZ
@given(data=st.one_of(TEXT, st.binary(max_size=400), st.lists(TEXT, max_size=30).map("\n".join)))
def test_word_list(place, data):
    holds("lexicon", "info", written(place, "list.txt", data), "--json")


@FEW
@given(data=st.one_of(TEXT, st.binary(max_size=200), st.lists(
    st.fixed_dictionaries({"file": TEXT, "game": TEXT, "tiles": st.lists(TEXT, max_size=3)}),
    max_size=2).map(json.dumps)), game=st.one_of(st.none(), TEXT))
def test_eval_labels(place, data, game):
    folder = place / "eval"
    folder.mkdir(exist_ok=True)
    written(folder, "labels.json", data)
    holds("eval", str(folder), *([] if game is None else ["--game", game]))


@FEW
@given(data=st.binary(max_size=200).map(lambda tail: b"\x89PNG\r\n\x1a\n" + tail))
def test_image_bytes(place, data):
    solve(place, "--game", "wordament", written(place, "shot.png", data))


@FUZZ
@given(text=TEXT, option=st.sampled_from(["--limit", "--game"]))
def test_history_options(place, text, option):
    holds("history", option, text, "--json")


LIVE_OPTIONS = {  # command -> its numeric options (only parsed: the commands need a display)
    ("play", "wordament"): ["--rounds", "--seconds", "--drag-ms", "--min-len", "--wait"],
    ("overlay", "bookworm"): ["--top", "--attacks", "--settle", "--health", "--wait"],
    ("practice", "wordament"): ["--seconds", "--rounds", "--seed"],
    ("practice", "bookworm"): ["--enemy-hearts", "--seed"],
}


@FUZZ
@given(text=TEXT, choice=st.sampled_from([(c, o) for c, os_ in LIVE_OPTIONS.items()
                                          for o in os_]))
def test_live_numeric_options_parse_to_a_value_or_one_line(text, choice):
    command, option = choice
    err = io.StringIO()
    with redirect_stderr(err):
        try:
            cli.parser().parse_args([*command, option, text])
        except SystemExit as done:
            assert done.code == 2 and err.getvalue().count("\n") == 1, err.getvalue()


@FUZZ
@given(text=TEXT)
def test_region(text):
    try:
        region = parse_region(text)
    except BadInput as err:
        assert "\n" not in str(err)
    else:
        assert region.w > 0 and region.h > 0
