"""Bookworm and crossword games solved from screenshots we draw, like the same board typed."""

from __future__ import annotations

import json
from string import ascii_uppercase

import cv2
import pytest

from assistant.core import crossword as cw
from assistant.core.lexicon import Lexicon
from assistant.core.rules import SCRABBLE
from tests import draw_bookworm, wordfeud_draw
from tests.conftest import run_cli

BOOKWORM_TEXTS = "P A O R A E P S M S M U X V E U".split()
BOOKWORM_STATES = ["normal"] * 16
BOOKWORM_STATES[4], BOOKWORM_STATES[8], BOOKWORM_STATES[13] = "locked", "emerald", "crystal"

BOARD = ["..............."] * 5 + [
    ".....QUIET.....",
    "......N........",
    ".....FORGE.....",
    "......X........",
] + ["..............."] * 6
RACK = "AEINRS?"


def solve_json(*args: str) -> dict:
    """Run `assistant solve ... --json`; return its parsed output."""
    done = run_cli("solve", *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_bookworm_screenshot_solves_like_the_tiles_typed(tmp_path):
    window, _ = draw_bookworm.draw_window(BOOKWORM_TEXTS, BOOKWORM_STATES, 64)
    shot = tmp_path / "bookworm.png"
    cv2.imwrite(str(shot), window)
    typed = " ".join(t if s == "normal" else f"{t}:{s}"
                     for t, s in zip(BOOKWORM_TEXTS, BOOKWORM_STATES, strict=True))
    from_image = solve_json("--game", "bookworm", str(shot), "--top", "5",
                            "--annotate", str(tmp_path / "out.png"))
    read, blocked = from_image["read"], from_image["blocked"]
    # the letter under the locked tile's chains may be left uncertain: it is unusable anyway
    assert set(blocked) <= {4} and read["states"] == BOOKWORM_STATES
    assert [t for i, t in enumerate(read["tiles"]) if i not in blocked] == \
        [t for i, t in enumerate(BOOKWORM_TEXTS) if i not in blocked]
    assert from_image["words"] == solve_json("--game", "bookworm", "--tiles", typed,
                                             "--top", "5")["words"]
    assert from_image["words"][0]["word"] == "OVERPUMPS"  # 7.75 hearts, worked in the README
    assert cv2.imread(str(tmp_path / "out.png")).shape == window.shape


def test_wordfeud_screenshot_solves_like_the_board_typed(tmp_path):
    frame = wordfeud_draw.screenshot(wordfeud_draw.Position(BOARD, RACK))
    shot, board_file = tmp_path / "wordfeud.png", tmp_path / "board.txt"
    cv2.imwrite(str(shot), frame)
    board_file.write_text("\n".join(BOARD))
    from_image = solve_json("--game", "wordfeud", str(shot), "--top", "8")
    typed = solve_json("--game", "wordfeud", "--board-file", str(board_file), "--rack", RACK,
                       "--top", "8")
    assert from_image["read"]["rack"] == list(RACK) and from_image["blocked"] == []
    assert from_image["moves"] == typed["moves"] and from_image["count"] == typed["count"]


@pytest.fixture(scope="module")
def small_lexicon() -> Lexicon:
    """A lexicon of short words over few letters, so every letter under test matters."""
    return Lexicon.from_words("AT TA TAT ATE EAT TEA ETA TE ET AE EA ATT TAE TEAT TATE".split())


@pytest.mark.parametrize("unsure_square", [(7, 6), (7, 8), (6, 7)])
def test_moves_kept_beside_an_unsure_square_hold_whatever_it_holds(small_lexicon, unsure_square):
    rows = ["." * 15] * 6 + ["......ATE......", "......T........", "......E........"] + \
        ["." * 15] * 6
    board = cw.parse_board("\n".join(rows))
    kept, _ = cw.best_moves(board, "ATE", SCRABBLE, small_lexicon,
                            unsure=frozenset({unsure_square}))
    assert kept, "some moves do not depend on the square"
    r, c = unsure_square
    for truth in [*ascii_uppercase, "."]:
        real = board[:r] + (board[r][:c] + truth + board[r][c + 1:],) + board[r + 1:]
        legal = {(m.placed, m.score) for m in cw.best_moves(real, "ATE", SCRABBLE,
                                                             small_lexicon)[0]}
        assert {(m.placed, m.score) for m in kept} <= legal, truth


@pytest.mark.parametrize("drawn, given, named", [("wordfeud", "bookworm", "wordfeud"),
                                                 ("bookworm", "wordfeud", "bookworm")])
def test_the_wrong_game_is_named(tmp_path, drawn, given, named):
    frame = (wordfeud_draw.screenshot(wordfeud_draw.Position(BOARD, RACK)) if drawn == "wordfeud"
             else draw_bookworm.draw_window(BOOKWORM_TEXTS, BOOKWORM_STATES, 64)[0])
    shot = tmp_path / "shot.png"
    cv2.imwrite(str(shot), frame)
    done = run_cli("solve", "--game", given, str(shot))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert f"it looks like {named} (try --game {named})" in done.stderr


def test_a_reader_choice_the_game_does_not_offer_is_refused_in_one_line(tmp_path):
    window, _ = draw_bookworm.draw_window(BOOKWORM_TEXTS, BOOKWORM_STATES, 64)
    shot = tmp_path / "bookworm.png"
    cv2.imwrite(str(shot), window)
    done = run_cli("solve", "--game", "bookworm", str(shot), "--reader", "tesseract")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"assistant: error: {shot}: --reader tesseract: the bookworm reader offers auto, "
        "template"]
    assert solve_json("--game", "bookworm", str(shot), "--reader", "template")["words"]
