"""Every bad input is one line on stderr and exit status 2, never a traceback (issue 24): each
numbered case of the issue is a test named after it, run through cli.main in this process (or
in a child process where the old failure was a crash or needs a display)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from assistant import cli
from assistant.core.types import BadInput
from tests import render as R
from tests.conftest import run_cli

BOARD = "EECA/ALEP/HNBO/QTTY"
WORDS = "cat\nact\nzoo\nzoos\npeal\nleap\nplea\nheal\n"


def main(capsys, *argv: str) -> tuple[int, str, str]:
    """Run cli.main in this process; return its status, stdout and stderr."""
    try:
        status = cli.main(list(argv))
    except SystemExit as done:  # argparse's usage errors
        status = int(done.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def one_line(status: int, err: str) -> str:
    """Return the one error line of a run that failed with status 2 (else fail the test)."""
    assert status == 2 and err.endswith("\n") and err.count("\n") == 1, (status, err)
    assert "error" in err and "Traceback" not in err and "internal error" not in err, err
    return err


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    """A fresh per-user cache for each test (compiled word lists)."""
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture
def words(tmp_path, cache) -> str:
    """A small word list's path, compiled (so no run says it compiles it)."""
    from assistant.files import wordlist

    path = tmp_path / "words.txt"
    path.write_text(WORDS)
    wordlist.load(str(path))
    return str(path)


def solve(capsys, words: str, *args: str) -> tuple[int, str, str]:
    """Run `assistant solve ... --lexicon WORDS`."""
    return main(capsys, "solve", *args, "--lexicon", words)


# 1 -------------------------------------------------------------------------------------------

def test_1_annotate_to_a_file_name_with_a_non_utf8_byte_writes_it(tmp_path):
    shot = tmp_path / "shot.png"
    cv2.imwrite(str(shot), R.board(list(R.EXAMPLE[0]), list(R.EXAMPLE[1]), R.WIN8, 90))
    name = os.fsdecode(os.fsencode(tmp_path) + b"/a\xe9.png")  # a lone surrogate in the str
    done = run_cli("solve", "--game", "wordament", str(shot), "--annotate", name)
    assert done.returncode == 0, done.stderr  # was a segmentation fault (-11)
    written = (os.fsencode(tmp_path) + b"/a\xe9.png")
    with open(written, "rb") as picture:
        assert picture.read(8) == b"\x89PNG\r\n\x1a\n"


# 2 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", ["nan", "inf", "9" * 5000, "1e300", "-1", "1.5", "0"])
def test_2_values_not_finite_whole_and_in_range_are_one_line(capsys, words, bad):
    values = " ".join(["1"] * 15 + [bad])
    err = one_line(*solve(capsys, words, "--game", "wordament", "--board", BOARD,
                          "--values", values)[::2])
    assert "tile 16" in err and "whole number from 1 to 99" in err


def test_2_values_given_as_a_bare_double_dash_is_one_line(capsys, words):
    one_line(*solve(capsys, words, "--game", "wordament", "--board", BOARD,
                    "--values=--")[::2])


# 3 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("width, height", [(1, 1500), (2, 3000), (65000, 3)])
def test_3_very_thin_images_are_one_line(capsys, words, tmp_path, width, height):
    shot = tmp_path / "thin.png"
    cv2.imwrite(str(shot), np.full((height, width, 3), 200, np.uint8))
    err = one_line(*solve(capsys, words, "--game", "wordament", str(shot))[::2])
    assert "too small or too thin" in err


# 4 -------------------------------------------------------------------------------------------

def test_4_a_word_of_2000_letters_in_a_list_is_skipped(capsys, tmp_path):
    path = tmp_path / "long.txt"
    path.write_text(WORDS + "a" * 2500 + "\n")
    status, out, err = main(capsys, "solve", "--game", "wordament", "--board",
                            "CATX/XXXX/XXXX/XXXX", "--lexicon", str(path), "--json")
    assert status == 0, err
    assert [w["word"] for w in json.loads(out)["words"]] == ["CAT"]
    status, out, err = main(capsys, "lexicon", "info", str(path), "--json")
    assert status == 0 and json.loads(out)["skipped"] == 1, err


# 5 -------------------------------------------------------------------------------------------

def random_words(size: int, seed: int = 5) -> bytes:
    """Return about `size` bytes of random lowercase words, one a line (about 9 letters)."""
    noise = np.random.default_rng(seed).integers(0, 256, size, np.uint8)
    return np.where(noise >= 230, 10, 97 + noise % 26).astype(np.uint8).tobytes()


def test_5_a_50_mb_list_of_random_words_is_refused_at_once(capsys, tmp_path):
    path = tmp_path / "random.txt"
    path.write_bytes(random_words(50 << 20))
    start = time.perf_counter()
    err = one_line(*main(capsys, "lexicon", "info", str(path))[::2])
    assert "16 MB" in err and time.perf_counter() - start < 5


def test_5_a_list_too_big_to_compile_is_refused_before_compiling(capsys, tmp_path):
    path = tmp_path / "random.txt"
    path.write_bytes(random_words(3 << 20))  # 3 MB: 2.7 million letters, few shared
    start = time.perf_counter()
    err = one_line(*main(capsys, "lexicon", "info", str(path))[::2])
    assert "over the cap of 2,000,000" in err and time.perf_counter() - start < 20


def test_5_running_out_of_memory_is_one_line(capsys, words, monkeypatch):
    from assistant.files import wordlist

    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(wordlist, "load", exhausted)
    assert "out of memory" in one_line(*solve(capsys, words, "--game", "wordament",
                                              "--board", BOARD)[::2])


# 6 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("option", ["--board-file", "--lexicon", "image"])
def test_6_device_files_are_one_line(capsys, words, option):
    args = {"--board-file": ["--game", "wordfeud", "--board-file", "/dev/zero", "--rack", "AB"],
            "--lexicon": ["--game", "wordament", "--board", BOARD, "--lexicon", "/dev/zero"],
            "image": ["--game", "wordament", "/dev/zero"]}[option]
    lexicon = [] if option == "--lexicon" else ["--lexicon", words]
    assert "not a regular file" in one_line(*main(capsys, "solve", *args, *lexicon)[::2])


def test_6_a_fifo_is_one_line_not_a_wait(capsys, words, tmp_path):
    fifo = tmp_path / "fifo.png"
    os.mkfifo(fifo)
    assert "not a regular file" in one_line(*solve(capsys, words, "--game", "wordament",
                                                   str(fifo))[::2])
    assert "not a regular file" in one_line(*main(capsys, "lexicon", "info", str(fifo))[::2])


# 7 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [["solve", "--game", "wordament", "--board", BOARD],
                                     ["history"]])
def test_7_output_to_a_full_disk_is_one_line(capsys, words, monkeypatch, command):
    with open("/dev/full", "w") as full:
        monkeypatch.setattr(sys, "stdout", full)
        extra = ["--lexicon", words] if command[0] == "solve" else []
        status, _, err = main(capsys, *command, *extra, "--json")
    assert "No space left" in one_line(status, err)


def test_7_output_to_a_closed_pipe_is_a_quiet_exit(capsys, words, monkeypatch):
    read, write = os.pipe()
    os.close(read)
    with os.fdopen(write, "w") as pipe:
        monkeypatch.setattr(sys, "stdout", pipe)
        status, _, err = solve(capsys, words, "--game", "wordament", "--board", BOARD, "--json")
    assert (status, err) == (0, "")


@pytest.mark.display
def test_7_play_dry_run_into_head_2_is_a_quiet_exit(xserver, tmp_path):
    """The reader (head -2) has left before the player's lines are written: a quiet exit, as
    the other command-line tools make, not an internal error."""
    from tests.wordament_live import Game

    played = Game(xserver, tmp_path, "--board", BOARD, "--seconds", "60")
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-m", "assistant", "play", "wordament",
                               "--dry-run"], stdout=write, stderr=subprocess.PIPE, text=True,
                              env=played.env, timeout=120)
    finally:
        os.close(write)
        played.close()
    assert done.returncode == 0 and "error" not in done.stderr, done.stderr


# 8 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("display", [None, ":9973"])
def test_8_region_with_no_or_an_unreachable_display_is_one_line(words, display):
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    done = subprocess.run([sys.executable, "-m", "assistant", "play", "wordament", "--region",
                           "0,0,200,200", "--dry-run", "--lexicon", words], capture_output=True,
                          text=True, env={**env, **({"DISPLAY": display} if display else {})},
                          timeout=60)
    assert "cannot capture the screen" in one_line(done.returncode, done.stderr)


# 9 -------------------------------------------------------------------------------------------

def test_9_a_word_list_path_with_a_non_utf8_byte(capsys, tmp_path):
    from assistant.files import wordlist

    path = os.fsencode(tmp_path) + b"/w\xe9.txt"
    with open(path, "wb") as listed:
        listed.write(WORDS.encode())
    wordlist.load(os.fsdecode(path))  # (its progress line: pytest's capture is strict UTF-8)
    status, out, err = main(capsys, "solve", "--game", "wordament", "--board",
                            "CATX/XXXX/XXXX/XXXX", "--lexicon", os.fsdecode(path), "--json")
    assert status == 0 and json.loads(out)["count"] == 1, err
    status, out, err = main(capsys, "lexicon", "info", os.fsdecode(path))
    assert status == 0 and "8 words" in out and out.count("\n") == 1, err


# 10 ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["history", "--limit", "99999999999999999999999"],
    ["play", "wordament", "--region", "0,0,9,9", "--drag-ms", "1e308"],
    ["play", "wordament", "--region", "0,0,9,9", "--wait", "nan"],
    ["overlay", "bookworm", "--region", "0,0,9,9", "--settle", "inf"],
    ["solve", "--game", "bookworm", "--tiles", "A B C", "--health", "nan"],
    ["solve", "--game", "boggle", "--board", "ABC/DEF/GHI", "--top", "9" * 5000],
])
def test_10_huge_or_not_finite_numbers_are_one_line(capsys, monkeypatch, args):
    monkeypatch.delenv("DISPLAY", raising=False)
    err = one_line(*main(capsys, *args)[::2])
    assert "not a whole number" in err or "not a number" in err


# 11 ------------------------------------------------------------------------------------------

@pytest.mark.display
def test_11_the_mouse_without_tkinter_is_one_line_not_pyautoguis_note(xserver, monkeypatch,
                                                                       capsys):
    from assistant.adapters import mouse

    monkeypatch.setenv("DISPLAY", xserver.display)
    monkeypatch.setitem(sys.modules, "tkinter", None)  # import tkinter: ImportError
    for name in [m for m in sys.modules if m.split(".")[0] in ("pyautogui", "mouseinfo")]:
        monkeypatch.delitem(sys.modules, name)
    with pytest.raises(BadInput, match="tkinter"):
        mouse.load_pyautogui()
    assert capsys.readouterr().out == ""


# 12 ------------------------------------------------------------------------------------------

def test_12_a_word_list_with_a_byte_order_mark_keeps_its_first_word(capsys, tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbfzoo\nzoos\n")
    status, out, err = main(capsys, "solve", "--game", "wordament", "--board",
                            "ZOOS/XXXX/XXXX/XXXX", "--lexicon", str(path), "--json")
    assert status == 0, err
    assert {w["word"] for w in json.loads(out)["words"]} == {"ZOO", "ZOOS"}


def test_12_a_board_file_with_a_byte_order_mark_is_read(capsys, words, tmp_path):
    board = tmp_path / "board.txt"
    board.write_bytes(b"\xef\xbb\xbf" + b"\n".join([b"." * 15] * 15) + b"\n")
    status, out, err = solve(capsys, words, "--game", "wordfeud", "--board-file", str(board),
                             "--rack", "CAT", "--json")
    assert status == 0 and {m["word"] for m in json.loads(out)["moves"]} >= {"CAT", "ACT"}, err


# 13 ------------------------------------------------------------------------------------------

def test_13_a_list_replaced_by_one_of_the_same_size_and_time_serves_the_new_words(capsys,
                                                                                   tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("cat\n")
    assert main(capsys, "lexicon", "info", str(path))[0] == 0
    seen = path.stat()
    path.write_text("zoo\n")
    os.utime(path, ns=(seen.st_atime_ns, seen.st_mtime_ns))
    status, out, _ = main(capsys, "solve", "--game", "wordament", "--board",
                          "ZOOX/XXXX/XXXX/XXXX", "--lexicon", str(path), "--json")
    assert status == 0 and [w["word"] for w in json.loads(out)["words"]] == ["ZOO"]


# 14 ------------------------------------------------------------------------------------------

@pytest.fixture
def labelled(tmp_path) -> Path:
    """A folder whose labels.json lists one Bookworm image, by the labels' own game name."""
    cv2.imwrite(str(tmp_path / "grey.png"), np.full((300, 300, 3), 128, np.uint8))
    (tmp_path / "labels.json").write_text(json.dumps([
        {"file": "grey.png", "game": "bookworm_adventures", "tiles": ["A"] * 16}]))
    return tmp_path


def test_14_eval_of_a_game_that_is_none_is_one_line(capsys, labelled):
    assert "not a game" in one_line(*main(capsys, "eval", str(labelled), "--game",
                                          "chess")[::2])
    assert "no images labelled wordament" in one_line(*main(
        capsys, "eval", str(labelled), "--game", "wordament")[::2])


def test_14_eval_game_bookworm_takes_the_labels_bookworm_adventures(capsys, labelled):
    status, out, _ = main(capsys, "eval", str(labelled), "--game", "bookworm", "--json")
    report = json.loads(out)
    assert [i["file"] for i in report["images"]] == ["grey.png"]
    assert status == 1 and report["failed"] == 1  # a grey square holds no Bookworm grid


# 15 ------------------------------------------------------------------------------------------

def test_15_a_boggle_photo_read_as_bookworm_says_it_looks_like_boggle(capsys, words, shared_dir):
    photo = shared_dir / "real-screens" / "boggle" / "kh_boogle-1-original.png"
    err = one_line(*solve(capsys, words, "--game", "bookworm", str(photo))[::2])
    assert "it looks like boggle (try --game boggle)" in err


# 16 ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    (["solve", "--game", "boggle", "--board", BOARD, "--values", "1 " * 16], "only for wordament"),
    (["solve", "--game", "bookworm", "--tiles", "A B", "--values", "1"], "only for wordament"),
    (["solve", "--game", "wordament", "--board", BOARD, "--tiles", "A"], "only for bookworm"),
    (["solve", "--game", "scrabble", "--board-file", "b", "--rack", "A", "--min-len", "3"],
     "--min-len: only for wordament and boggle and bookworm, not scrabble"),
    (["solve", "--game", "wordament", "--board", BOARD, "--rack", "A"], "only for wordfeud"),
    (["solve", "--game", "wordament", "--board", BOARD, "--lexicon", ""], "--lexicon: give a"),
    (["solve", "--game", "wordament", "--board", BOARD, "--annotate", "/no/such/dir/x.png"],
     "--annotate: only with a screenshot"),
    (["play", "wordament", "--region", ""], "--region: give a value"),
    (["overlay", "bookworm", "--attacks", "3"], "--attacks: only with --play"),
    (["overlay", "bookworm", "--wait", "5"], "--wait: only with --play"),
])
def test_16_options_that_do_not_apply_are_one_line_naming_where_they_do(capsys, args, message):
    assert message in one_line(*main(capsys, *args)[::2])


# 17 ------------------------------------------------------------------------------------------

def test_17_tiles_of_four_letters_are_one_line(capsys, words):
    err = one_line(*solve(capsys, words, "--game", "wordament", "--board",
                          " / ".join(["EECA ALEP HNBO QTTY"] * 4))[::2])
    assert "'EECA'" in err and "at most 2 letters" in err


def test_17_a_400_by_400_grid_is_one_line_at_once(capsys, words):
    start = time.perf_counter()
    err = one_line(*solve(capsys, words, "--game", "boggle", "--board",
                          "/".join(["AB" * 200] * 400))[::2])
    assert "over the cap of 12x12" in err and time.perf_counter() - start < 3


def test_17_the_longest_real_tiles_are_taken(capsys, words):
    status, out, err = solve(capsys, words, "--game", "wordament", "--board",
                             "S D R C/C E P L/E L OVER- A/T S Y -TION", "--json")
    assert status == 0 and "OVER-" in json.loads(out)["board"]["tiles"], err
