"""Bookworm and crossword games solved from screenshots we draw, like the same board typed."""

from __future__ import annotations

import json
from string import ascii_uppercase

import cv2
import numpy as np
import pytest

from assistant.core import crossword as cw
from assistant.core.lexicon import Lexicon
from assistant.core.rules import SCRABBLE
from assistant.vision.image import load_image
from tests import draw_bookworm, wordfeud_draw, wwf_draw
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
    assert load_image(tmp_path / "out.png").shape == window.shape


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


def tenths(timings: dict[str, float]) -> bool:
    """True when every time is in milliseconds to a tenth at most."""
    return all(repr(t) == repr(round(t, 1)) for t in timings.values())


def test_wwf_screenshot_solves_like_the_board_typed_and_auto_names_it(tmp_path):
    position = wwf_draw.MIDGAME
    shot, board_file = tmp_path / "wwf.png", tmp_path / "board.txt"
    cv2.imwrite(str(shot), wwf_draw.screenshot(position, version="v2"))
    board_file.write_text("\n".join(position.board))
    typed = solve_json("--game", "wwf", "--board-file", str(board_file), "--rack",
                       position.rack, "--top", "5")
    given = solve_json("--game", "wwf", str(shot), "--top", "5")
    auto = solve_json("--game", "auto", str(shot), "--top", "5")
    assert given["moves"] == typed["moves"] == auto["moves"] and given["count"] == typed["count"]
    assert (auto["game"], auto["game_detected"], "game_detected" in given) == ("wwf", True, False)
    read = auto["read"]
    assert read["board"] == position.board and read["rack"] == list(position.rack)
    assert read["uncertain"] == read["uncertain_cells"] == [] and len(read["confidence"]) == 225
    assert "identify" in auto["timings_ms"] and tenths(auto["timings_ms"])
    text = run_cli("solve", "--game", "auto", str(shot), "--top", "1")
    assert text.stdout.splitlines()[:2] == ["the screenshot shows wwf",
                                            f"wwf, rack {position.rack}: {typed['count']} "
                                            "moves; the best 1:"]


def test_auto_tells_wordfeud_and_lists_uncertain_squares_by_position(tmp_path):
    board = list(BOARD)
    board[7] = ".....FÖRGE....."  # an Ö: no letter of A-Z, not an O
    shot = tmp_path / "wordfeud.png"
    cv2.imwrite(str(shot), wordfeud_draw.screenshot(wordfeud_draw.Position(board, RACK)))
    result = solve_json("--game", "auto", str(shot))
    assert result["game"] == "wordfeud" and result["game_detected"] is True
    assert result["read"]["uncertain"] == [7 * 15 + 6] == result["blocked"]
    assert result["read"]["uncertain_cells"] == [{"row": 7, "col": 6}]
    assert result["read"]["board"][7] == ".....FÖRGE....."  # the best guess, kept but blocked
    assert tenths(result["timings_ms"])


@pytest.mark.parametrize("game, named", [("scrabble", "Scrabble"), ("wordfeud", "Wordfeud"),
                                         ("wwf", "Words With Friends")])
def test_a_bad_image_is_refused_naming_the_game_given(tmp_path, game, named):
    shot = tmp_path / "grey.png"
    cv2.imwrite(str(shot), np.full((900, 600, 3), 128, np.uint8))
    done = run_cli("solve", "--game", game, str(shot))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert f"no {named} board found" in done.stderr
    assert game == "wordfeud" or "Wordfeud" not in done.stderr


def test_auto_without_a_game_in_the_image_or_without_an_image_is_refused(tmp_path):
    shot = tmp_path / "grey.png"
    cv2.imwrite(str(shot), np.full((900, 600, 3), 128, np.uint8))
    done = run_cli("solve", "--game", "auto", str(shot))
    assert done.returncode == 2 and "no game recognised" in done.stderr
    done = run_cli("solve", "--game", "auto", "--board", "EECA/ALEP/HNBO/QTTY")
    assert done.returncode == 2 and "--game auto: give a screenshot" in done.stderr


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
