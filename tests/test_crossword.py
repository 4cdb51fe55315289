"""Crossword games: layouts as drawn in RULES.md, exact scores worked by hand, golden positions
from independent engines, the real Wordfeud VEGA, and input errors."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from assistant import cli
from assistant.core import crossword as cw
from assistant.core.crossword import ACROSS, DOWN, Placement
from assistant.core.lexicon import Lexicon
from assistant.core.rules import (
    CROSSWORD_RULES,
    SCRABBLE,
    WORDFEUD,
    WWF,
    CrosswordRules,
    parse_layout,
)
from assistant.core.types import BadInput

EMPTY_BOARD: cw.Board = ("." * 15,) * 15


def board_with(*words: tuple[str, int, int, str]) -> cw.Board:
    """Return an empty board with these words written on it (lower case: played blanks)."""
    rows = [list(row) for row in EMPTY_BOARD]
    for word, row, col, direction in words:
        dr, dc = (0, 1) if direction == ACROSS else (1, 0)
        for i, letter in enumerate(word):
            rows[row + i * dr][col + i * dc] = letter
    return tuple("".join(row) for row in rows)


def play(board: cw.Board, word: str, row: int, col: int, direction: str) -> list[Placement]:
    """Return the tiles that spell a word from a square (lower case: a blank from the rack)."""
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    placed = []
    for i, letter in enumerate(word):
        r, c = row + i * dr, col + i * dc
        if board[r][c] == ".":
            placed.append(Placement(r, c, letter.upper(), letter.islower()))
        else:
            assert board[r][c].upper() == letter.upper(), f"{word} does not fit at {r},{c}"
    return placed


# --- layouts and bags ---------------------------------------------------------------------------

WORDFEUD_TOP_HALF = """
TL .  .  .  TW .  .  DL .  .  TW .  .  .  TL
.  DL .  .  .  TL .  .  .  TL .  .  .  DL .
.  .  DW .  .  .  DL .  DL .  .  .  DW .  .
.  .  .  TL .  .  .  DW .  .  .  TL .  .  .
TW .  .  .  DW .  DL .  DL .  DW .  .  .  TW
.  TL .  .  .  TL .  .  .  TL .  .  .  TL .
.  .  DL .  DL .  .  .  .  .  DL .  DL .  .
DL .  .  DW .  .  .  *  .  .  .  DW .  .  DL
"""  # copied from RULES.md: rows 0..7; rows 8..14 mirror rows 6..0

SCRABBLE_SQUARES = {  # copied from RULES.md
    "TW": "(0,0)(0,7)(0,14)(7,0)(7,14)(14,0)(14,7)(14,14)",
    "DW": "(1,1)(1,13)(2,2)(2,12)(3,3)(3,11)(4,4)(4,10)(7,7)(10,4)(10,10)(11,3)(11,11)(12,2)"
          "(12,12)(13,1)(13,13)",
    "TL": "(1,5)(1,9)(5,1)(5,5)(5,9)(5,13)(9,1)(9,5)(9,9)(9,13)(13,5)(13,9)",
    "DL": "(0,3)(0,11)(2,6)(2,8)(3,0)(3,7)(3,14)(6,2)(6,6)(6,8)(6,12)(7,3)(7,11)(8,2)(8,6)(8,8)"
          "(8,12)(11,0)(11,7)(11,14)(12,6)(12,8)(14,3)(14,11)",
}
WWF_SQUARES = {  # copied from RULES.md
    "TW": "(0,3)(0,11)(3,0)(3,14)(11,0)(11,14)(14,3)(14,11)",
    "DW": "(1,5)(1,9)(3,7)(5,1)(5,13)(7,3)(7,11)(9,1)(9,13)(11,7)(13,5)(13,9)",
    "TL": "(0,6)(0,8)(3,3)(3,11)(5,5)(5,9)(6,0)(6,14)(8,0)(8,14)(9,5)(9,9)(11,3)(11,11)(14,6)"
          "(14,8)",
    "DL": "(1,2)(1,12)(2,1)(2,4)(2,10)(2,13)(4,2)(4,6)(4,8)(4,12)(6,4)(6,10)(8,4)(8,10)(10,2)"
          "(10,6)(10,8)(10,12)(12,1)(12,4)(12,10)(12,13)(13,2)(13,12)",
}


def premium_squares(rules: CrosswordRules) -> dict[str, set[tuple[int, int]]]:
    """Return the squares of each premium kind on a variant's layout."""
    out: dict[str, set[tuple[int, int]]] = {}
    for r, row in enumerate(rules.layout.premiums):
        for c, premium in enumerate(row):
            if premium:
                out.setdefault(premium, set()).add((r, c))
    return out


def coordinates(text: str) -> set[tuple[int, int]]:
    """Return the squares listed as '(r,c)(r,c)...'."""
    return {(int(r), int(c)) for r, c in re.findall(r"\((\d+),(\d+)\)", text)}


def test_wordfeud_layout_is_the_drawn_half_mirrored():
    half = [row.split() for row in WORDFEUD_TOP_HALF.strip().splitlines()]
    full = half + half[6::-1]
    expected = [["" if t in ".*" else t for t in row] for row in full]
    assert [list(row) for row in WORDFEUD.layout.premiums] == expected
    assert WORDFEUD.layout.start == (7, 7) and WORDFEUD.layout.premiums[7][7] == ""


@pytest.mark.parametrize("rules, squares", [(SCRABBLE, SCRABBLE_SQUARES), (WWF, WWF_SQUARES)])
def test_layout_drawings_equal_the_listed_squares(rules, squares):
    assert premium_squares(rules) == {kind: coordinates(text) for kind, text in squares.items()}
    assert rules.layout.start == (7, 7)


@pytest.mark.parametrize("rules", CROSSWORD_RULES.values(), ids=CROSSWORD_RULES.keys())
def test_layouts_are_symmetric(rules):
    premiums = rules.layout.premiums
    assert rules.layout.transposed().premiums == premiums
    assert tuple(row[::-1] for row in premiums[::-1]) == premiums


@pytest.mark.parametrize("rules, tiles, blanks", [(WORDFEUD, 104, 2), (SCRABBLE, 100, 2),
                                                  (WWF, 104, 2)])
def test_bags_and_values(rules, tiles, blanks):
    assert sum(rules.tile_counts.values()) == tiles and rules.tile_counts["?"] == blanks
    assert set(rules.letter_values) == set(rules.tile_counts) - {"?"} == set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert rules.value("?") == rules.value("q") == 0


def test_layout_file_forms_agree():
    tokens = parse_layout(WORDFEUD_TOP_HALF + "\n".join(WORDFEUD_TOP_HALF.strip().splitlines()
                                                        [6::-1]))
    chars = {"TL": "t", "DL": "d", "TW": "T", "DW": "D"}
    drawn = "\n".join("".join(chars.get(t, t) for t in line.split())
                      for line in WORDFEUD_TOP_HALF.strip().splitlines())
    mirrored = "\n".join(drawn.splitlines()[6::-1])
    numbers = WORDFEUD_TOP_HALF.replace("DL", "2L").replace("TL", "3L").replace("DW", "2W")
    numbers = numbers.replace("TW", "3W")
    assert parse_layout("# one char a square\n" + drawn + "\n" + mirrored) == tokens
    assert parse_layout(numbers + "\n".join(numbers.strip().splitlines()[6::-1])) == tokens
    assert tokens.premiums == WORDFEUD.layout.premiums


def test_layout_start_square_and_its_premium():
    plain = "\n".join(["." * 15] * 15)
    assert parse_layout(plain).start == (7, 7)
    moved = "\n".join(["." * 15] * 3 + ["..*" + "." * 12] + ["." * 15] * 11)
    assert parse_layout(moved, "DW").start == (3, 2)
    assert parse_layout(moved, "DW").premiums[3][2] == "DW"
    assert SCRABBLE.with_layout(moved).layout.multipliers(3, 2) == (1, 2)
    assert WORDFEUD.with_layout(moved).layout.multipliers(3, 2) == (1, 1)


@pytest.mark.parametrize("text, message", [
    ("\n".join(["." * 15] * 14), "needs 15 rows of 15 squares, got 14 rows"),
    ("\n".join(["." * 15] * 14 + ["." * 14]), "got 15 rows of 14/15"),
    ("\n".join(["." * 15] * 14 + ["x" + "." * 14]), "'x' at row 15, column 1"),
    ("\n".join(["*" * 2 + "." * 13] + ["." * 15] * 14), "2 start squares"),
])
def test_bad_layouts(text, message):
    with pytest.raises(BadInput, match=re.escape(message)):
        parse_layout(text)


# --- scores worked by hand ----------------------------------------------------------------------

CAT = ("CAT", 7, 6, ACROSS)
HAND_WORKED = [
    # game, words on the board, the move (lower case: a blank from the rack), words formed,
    # points, and the arithmetic
    ("scrabble", [], ("QI", 7, 6, ACROSS), ["QI"], 22, "(Q10 + I1) x2: the start square is DW"),
    ("wordfeud", [], ("QI", 7, 6, ACROSS), ["QI"], 11, "Q10 + I1: no premium on the start"),
    ("wwf", [], ("QI", 7, 6, ACROSS), ["QI"], 11, "Q10 + I1: no start premium by default"),
    ("scrabble", [CAT], ("COBRA", 3, 7, DOWN), ["COBRA"], 12, "C3x2 (DL 3,7) + O1 + B3 + R1 + A1"),
    ("wordfeud", [CAT], ("COBRA", 3, 7, DOWN), ["COBRA"], 22, "(C4 + O1 + B4 + R1 + A1) x2 (DW)"),
    ("wwf", [CAT], ("COBRA", 3, 7, DOWN), ["COBRA"], 22, "(C4 + O1 + B4 + R1 + A1) x2 (DW 3,7)"),
    ("scrabble", [CAT], ("CObRA", 3, 7, DOWN), ["COBRA"], 9, "C3x2 + O1 + b0 + R1 + A1"),
    ("wordfeud", [CAT], ("CObRA", 3, 7, DOWN), ["COBRA"], 14, "(4 + 1 + b0 + 1 + 1) x2"),
    ("wwf", [CAT], ("cObRA", 3, 7, DOWN), ["COBRA"], 6, "(c0 + 1 + b0 + 1 + 1) x2: two blanks"),
    ("scrabble", [CAT], ("TAXI", 7, 8, DOWN), ["TAXI"], 12, "T1 + A1x2 (DL 8,8) + X8 + I1"),
    ("wordfeud", [CAT], ("TAXI", 7, 8, DOWN), ["TAXI"], 12, "T1 + A1 + X8 + I1x2 (DL 10,8)"),
    ("wwf", [CAT], ("TAXI", 7, 8, DOWN), ["TAXI"], 12, "T1 + A1 + X8 + I1x2 (DL 10,8)"),
    ("scrabble", [("CAt", 7, 6, ACROSS)], ("TAXI", 7, 8, DOWN), ["TAXI"], 11,
     "t0 (a played blank) + A1x2 + X8 + I1"),
    ("wordfeud", [("CAt", 7, 6, ACROSS)], ("TAXI", 7, 8, DOWN), ["TAXI"], 11, "t0 + 1 + 8 + 1x2"),
    ("wwf", [("CAt", 7, 6, ACROSS)], ("TAXI", 7, 8, DOWN), ["TAXI"], 11, "t0 + 1 + 8 + 1x2"),
    ("scrabble", [("CATS", 7, 6, ACROSS)], ("YES", 5, 9, DOWN), ["YES"], 14, "Y4x3 (TL) + 1 + 1"),
    ("wordfeud", [("CATS", 7, 6, ACROSS)], ("YES", 5, 9, DOWN), ["YES"], 14, "Y4x3 (TL) + 1 + 1"),
    ("wwf", [("CATS", 7, 6, ACROSS)], ("YES", 5, 9, DOWN), ["YES"], 11, "Y3x3 (TL 5,9) + 1 + 1"),
    ("scrabble", [("CAT", 0, 4, ACROSS)], ("CATS", 0, 4, ACROSS), ["CATS"], 18,
     "(C3 + A1 + T1 + S1) x3 (TW 0,7)"),
    ("wordfeud", [("AT", 0, 5, ACROSS)], ("HAT", 0, 4, ACROSS), ["HAT"], 18,
     "(H4 + A1 + T1) x3 (TW 0,4)"),
    ("wwf", [("AT", 0, 4, ACROSS)], ("HAT", 0, 3, ACROSS), ["HAT"], 15, "(H3 + A1 + T1) x3"),
    ("scrabble", [("ON", 7, 7, ACROSS)], ("NO", 8, 7, ACROSS), ["NO", "ON", "NO"], 8,
     "NO 1 + 1x2 (DL 8,8) = 3; ON down 1 + 1 = 2; NO down 1 + 1x2 = 3"),
    ("wordfeud", [("ON", 7, 9, ACROSS)], ("NO", 8, 9, ACROSS), ["NO", "ON", "NO"], 8,
     "NO 1 + 1x2 (DL 8,10) = 3; ON down 1 + 1 = 2; NO down 1 + 1x2 = 3"),
    ("wwf", [("ON", 7, 9, ACROSS)], ("NO", 8, 9, ACROSS), ["NO", "ON", "NO"], 11,
     "NO N2 + O1x2 (DL 8,10) = 4; ON down 1 + 2 = 3; NO down 2 + 1x2 = 4"),
    ("scrabble", [("AT", 10, 5, ACROSS)], ("COB", 10, 4, DOWN), ["COB", "CAT"], 24,
     "COB (3 + 1 + 3) x2 (DW 10,4) = 14; CAT across (3 + 1 + 1) x2 = 10"),
    ("wordfeud", [("AT", 10, 5, ACROSS)], ("COB", 10, 4, DOWN), ["COB", "CAT"], 30,
     "COB (4 + 1 + 4) x2 (DW 10,4) = 18; CAT across (4 + 1 + 1) x2 = 12"),
    ("wwf", [("AT", 11, 8, ACROSS)], ("COB", 11, 7, DOWN), ["COB", "CAT"], 30,
     "COB (4 + 1 + 4) x2 (DW 11,7) = 18; CAT across (4 + 1 + 1) x2 = 12"),
    ("scrabble", [("HOUSE", 7, 3, ACROSS)], ("HOUSES", 7, 3, ACROSS), ["HOUSES"], 9,
     "4 + 1 + 1 + 1 + 1 + S1: the DL and DW under HOUSE were used by an earlier move"),
    ("wordfeud", [("HOUSE", 7, 3, ACROSS)], ("HOUSES", 7, 3, ACROSS), ["HOUSES"], 10,
     "4 + 1 + 2 + 1 + 1 + S1: the DW under H was used"),
    ("wwf", [("HOUSE", 7, 3, ACROSS)], ("HOUSES", 7, 3, ACROSS), ["HOUSES"], 9,
     "3 + 1 + 2 + 1 + 1 + S1: the DW under H was used"),
    ("scrabble", [], ("RETAINS", 7, 7, ACROSS), ["RETAINS"], 66,
     "(1 + 1 + 1 + 1 + I1x2 (DL 7,11) + 1 + 1) x2 (start) + 50"),
    ("wordfeud", [], ("RETAINS", 7, 7, ACROSS), ["RETAINS"], 54, "7 x2 (DW 7,11) + 40"),
    ("wwf", [], ("RETAINS", 7, 7, ACROSS), ["RETAINS"], 51,
     "(1 + 1 + 1 + 1 + 1 + N2 + 1) x2 (DW 7,11) + 35"),
    ("wordfeud", [], ("RETAiNS", 7, 7, ACROSS), ["RETAINS"], 52, "(6 + i0) x2 + 40"),
]


@pytest.mark.parametrize("game, words, move, formed, points, why", HAND_WORKED,
                         ids=[f"{c[0]}-{c[2][0]}-{c[4]}" for c in HAND_WORKED])
def test_hand_worked_scores(game, words, move, formed, points, why):
    rules, board = CROSSWORD_RULES[game], board_with(*words)
    placed = play(board, *move)
    assert cw.score(board, placed, rules) == points, why
    after = cw.apply(board, placed)
    assert [cw.spell(after, word) for word in cw.formed(board, placed)] == formed
    rack = "".join("?" if tile.blank else tile.letter for tile in placed)
    found = [raw for raw in cw.generate(board, rack, rules, Lexicon.from_words(formed))
             if set(cw.placements(board, *raw[1:])) == set(placed)]
    assert [raw[0] for raw in found] == [points], "the generator finds it once, same points"


# --- golden positions from independent engines -----------------------------------------------

GOLDEN_BOARD = board_with(("CAVY", 7, 5, ACROSS), ("YEARLONG", 5, 6, DOWN), ("DOZY", 5, 3, ACROSS))


def test_golden_board_is_the_issue_position():
    # CAVY 8F across, YEARLONG G6 down, DOZY 6D across, in Scrabble notation (rows from 1,
    # columns from A)
    assert GOLDEN_BOARD[7][5:9] == "CAVY" and GOLDEN_BOARD[5][3:7] == "DOZY"
    assert "".join(row[6] for row in GOLDEN_BOARD[5:13]) == "YEARLONG"


def test_golden_rack_adefotv_scores_27(enable):
    moves, _ = cw.best_moves(GOLDEN_BOARD, "ADEFOTV", SCRABBLE, enable, top=5)
    assert moves[0].score == 27
    assert {m.word for m in moves if m.score == 27} >= {"FATED", "VOTED"}


def test_golden_rack_with_blank_scores_78(enable):
    moves, _ = cw.best_moves(GOLDEN_BOARD, "?SATIRE", SCRABBLE, enable, top=3)
    assert moves[0].score == 78
    assert sum(tile.blank for tile in moves[0].placed) == 1 and len(moves[0].placed) == 7


def test_empty_board_aeinrst_scores_66(enable):
    moves, count = cw.best_moves(EMPTY_BOARD, "AEINRST", SCRABBLE, enable, top=1)
    assert moves[0].score == 66 and count > 0
    assert all((7, 7) in {(t.row, t.col) for t in m.placed}
               for m in cw.best_moves(EMPTY_BOARD, "AEINRST", SCRABBLE, enable)[0])


# --- the real Wordfeud game ---------------------------------------------------------------------

@pytest.mark.shared
def test_wordfeud_vega_scores_27(shared_dir, enable):
    labels = json.loads((shared_dir / "real-screens" / "labels.json").read_text())
    label = next(e for e in labels if e["file"] == "wordfeud/jensanjo_english.png")
    rows = [list(row) for row in label["tiles"]]
    for r, c in label["blanks"]:
        rows[r][c] = rows[r][c].lower()
    board = tuple("".join(row) for row in rows)
    assert "".join(row[10] for row in board[11:15]) == "VEGA"
    before = cw.apply(board, [Placement(r, 10, ".") for r in (11, 12, 14)])
    placed = play(before, "VEGA", 11, 10, DOWN)
    assert cw.score(before, placed, WORDFEUD) == 27  # (V4 + E1 + G3 + A1) x3, TW at 14,10
    with_vega = Lexicon.from_words([*enable.words(), "VEGA"])
    found = [raw[0] for raw in cw.generate(before, "VEA", WORDFEUD, with_vega)
             if set(cw.placements(before, *raw[1:])) == set(placed)]
    assert found == [27]
    assert "VEGA" in cw.unknown_words(board, enable)
    assert "VEGA" not in cw.unknown_words(board, with_vega)


# --- words the lexicon lacks -------------------------------------------------------------------

def test_unknown_board_words_are_named_and_moves_still_found():
    board = board_with(("QAT", 7, 6, ACROSS))
    lexicon = Lexicon.from_words(["AT", "TA", "QATS", "ST"])
    assert cw.unknown_words(board, lexicon) == ["QAT"]
    moves, count = cw.best_moves(board, "AS", SCRABBLE, lexicon)
    assert count == len(moves)
    # QATS extends the unknown word into a known one; AT, ST and TA hook its T from above
    # and below; nothing else forms only known words
    assert sorted(m.words for m in moves) == [("AT",), ("QATS",), ("ST",), ("TA",)]
    for m in moves:  # every word a move forms is known, even beside the unknown QAT
        assert all(lexicon.is_word(word) for word in m.words)


def test_an_unread_square_blocks_every_move_through_it():
    # CAT across row 7 from column 7; the square after it could not be read
    lexicon = Lexicon.from_words(["CAT", "CATS", "AS", "TA"])
    board = board_with(("CAT", 7, 7, ACROSS))
    assert ("CATS",) in {m.words for m in cw.best_moves(board, "S", SCRABBLE, lexicon)[0]}
    blocked = board_with(("CAT#", 7, 7, ACROSS))
    assert cw.parse_board("\n".join(blocked)) == blocked
    cw.check_tiles(blocked, "S", SCRABBLE)  # the unread square is no tile of the bag
    moves, _ = cw.best_moves(blocked, "AS", SCRABBLE, lexicon)
    assert moves and all((7, 10) not in {(t.row, t.col) for t in m.placed} for m in moves)
    assert all("#" not in word for m in moves for word in m.words)
    # nothing reaches the unread square: no word ends or runs next to it along row 7 or column 10
    assert all(not (m.row == 7 and m.direction == ACROSS) for m in moves)


# --- input errors -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("\n".join(["." * 15] * 14), "board: 14 lines"),
    ("\n".join(["." * 15] * 14 + ["." * 16]), "line 15 has 16 squares"),
    ("\n".join(["." * 15] * 3 + ["..3" + "." * 12] + ["." * 15] * 11), "'3' at line 4, column 3"),
])
def test_bad_boards(text, message):
    with pytest.raises(BadInput, match=re.escape(message)):
        cw.parse_board(text)


@pytest.mark.parametrize("rack, message", [
    ("AEINRST?", "8 tiles"), ("AB1", "'1'"), ("", "no tiles"), ("A*", "'*'")])
def test_bad_racks(rack, message):
    with pytest.raises(BadInput, match=re.escape(message)):
        cw.parse_rack(rack, SCRABBLE)


def test_racks_are_upper_cased():
    assert cw.parse_rack(" aein rs? ", WWF) == "AEINRS?"


def test_more_tiles_than_the_bag_holds():
    board = board_with(("ZAX", 7, 6, ACROSS), ("qi", 8, 6, ACROSS))
    cw.check_tiles(board, "AB", SCRABBLE)
    with pytest.raises(BadInput, match="2 Z tiles on the board and rack, but a scrabble bag "
                                       "holds 1"):
        cw.check_tiles(board, "Z", SCRABBLE)
    with pytest.raises(BadInput, match="3 blanks"):
        cw.check_tiles(board, "?", SCRABBLE)
    cw.check_tiles(board_with(("EEEEEEEEEEEEE", 7, 1, ACROSS)), "", WWF)  # 13 E in WWF
    with pytest.raises(BadInput, match="13 E tiles"):
        cw.check_tiles(board_with(("EEEEEEEEEEEEE", 7, 1, ACROSS)), "", WORDFEUD)


# --- the command line ---------------------------------------------------------------------------

def run(argv: list[str], capsys) -> tuple[int, str, str]:
    """Return the exit status, stdout and stderr of the command line."""
    status = cli.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_json_contract(tmp_path, capsys):
    board_file = tmp_path / "board.txt"
    board_file.write_text("\n".join(GOLDEN_BOARD) + "\n")
    status, out, _ = run(["solve", "--game", "scrabble", "--board-file", str(board_file),
                          "--rack", "ADEFOTV", "--top", "3", "--json"], capsys)
    result = json.loads(out)
    assert status == 0 and result["game"] == "scrabble" and len(result["moves"]) == 3
    best = result["moves"][0]
    assert set(best) >= {"word", "row", "col", "direction", "score", "placed", "words"}
    assert (best["score"], best["direction"]) == (27, "across")
    assert best["placed"][0] == {"row": best["row"], "col": best["col"],
                                 "letter": best["word"][0], "blank": False}
    assert result["count"] >= 3 and result["warnings"] == []


def test_cli_text_and_layout_file(tmp_path, capsys):
    board_file, layout_file = tmp_path / "board.txt", tmp_path / "layout.txt"
    board_file.write_text("\n".join(EMPTY_BOARD))
    layout_file.write_text("\n".join(["TW" + " ." * 14] + [" ".join(["."] * 15)] * 6
                                     + [". . . . . . DW * . . . . . . ."]
                                     + [" ".join(["."] * 15)] * 7))
    status, out, _ = run(["solve", "--game", "wordfeud", "--board-file", str(board_file),
                          "--rack", "ox", "--layout", str(layout_file), "--top", "1"], capsys)
    assert status == 0
    assert "18  OX" in out and "7,6 (8G)" in out  # (O1 + X8) x2 on this layout's DW at 7,6


@pytest.mark.parametrize("extra, message", [
    (["--rack", "ABCDEFGH"], "rack: 8 tiles"),
    (["--rack", "ZZ"], "2 Z tiles"),
    (["--rack", "AB", "--layout", "/nonexistent/layout"], "layout /nonexistent/layout: no such"),
    (["--rack", "A-B"], "rack: '-'"),
])
def test_cli_bad_input_is_one_line_and_status_2(tmp_path, capsys, extra, message):
    board_file = tmp_path / "board.txt"
    board_file.write_text("\n".join(EMPTY_BOARD))
    status, out, err = run(["solve", "--game", "wwf", "--board-file", str(board_file), *extra],
                           capsys)
    assert status == 2 and out == "" and message in err and err.count("\n") == 1


def test_cli_bad_board_file(tmp_path, capsys):
    board_file = tmp_path / "board.txt"
    board_file.write_text("\n".join(EMPTY_BOARD[:14]))
    status, _, err = run(["solve", "--game", "wwf", "--board-file", str(board_file), "--rack",
                          "A"], capsys)
    assert status == 2 and "board: 14 lines" in err and err.count("\n") == 1


def test_core_crossword_imports_only_the_standard_library():
    pure = {"__future__", "collections", "dataclasses", "math", "re", "string", "types",
            "typing", "marshal", "unicodedata", "functools", "heapq"}
    core = Path(cw.__file__).parent
    for path in [core / "crossword.py", *sorted((core / "rules").glob("*.py"))]:
        name = path.name
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert (node.module or "").split(".")[0] in pure, f"{name} imports {node.module}"
            if isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] in pure for a in node.names), name


def test_the_best_few_are_ranked_as_all_would_be():
    """ranked(raws, top) sorts only the moves scoring at least the top-th best score: the same
    first moves as sorting them all, ties at that score included (worked by hand, then at
    random)."""
    import random

    raws = [(10, "across", 7, 3, "CAT"), (12, "down", 1, 2, "DOG"), (10, "across", 2, 0, "BAT"),
            (9, "down", 0, 0, "AX"), (12, "across", 4, 4, "COW")]
    assert cw.ranked(raws, 3) == [(12, "across", 4, 4, "COW"), (12, "down", 1, 2, "DOG"),
                                  (10, "across", 2, 0, "BAT")]
    assert cw.ranked(raws, 0) == [] and cw.ranked(raws, None) == sorted(raws, key=cw.rank_key)
    rng = random.Random(23)
    for _ in range(200):
        many = [(rng.randrange(8), rng.choice(("across", "down")), rng.randrange(15),
                 rng.randrange(15), rng.choice(("AB", "BA", "aB", "ZZ"))) for _ in range(40)]
        top = rng.randrange(12)
        assert cw.ranked(many, top) == sorted(many, key=cw.rank_key)[:top]
