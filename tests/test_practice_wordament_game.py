"""Practice Wordament's rules and state, without a display: golden values worked by hand from
RULES.md (letter values, length multipliers), never from the solver."""

from __future__ import annotations

import ast
import colorsys
import json
import random
from pathlib import Path

import pytest

from assistant.core.types import BadInput
from assistant.practice import wordament_game as game
from assistant.practice import wordament_layout as layout
from assistant.practice.wordament import clock_text, render, results_text, summary
from assistant.practice.wordament_game import Round, Session, judge, parse_board, points
from assistant.practice.wordament_layout import Layout
from tests.conftest import REPO, run_cli

WORDS = frozenset({"CAT", "CATS", "CARE", "CARES", "ODE", "LEA", "LEAN", "QUIT", "QUITE",
                   "EATING", "DENT", "AT", "THURIBLE", "FAKES"})
CATS = parse_board("C A T S/O R E S/D I N G/H E L P", "3 2 2 2/2 3 1 2/3 2 2 4/4 1 3 4")


def test_board_text_compact_spaced_and_special() -> None:
    assert parse_board("EECA/ALEP/HNBO/QTTY").rows() == [
        ["E", "E", "C", "A"], ["A", "L", "E", "P"], ["H", "N", "B", "O"], ["Q", "T", "T", "Y"]]
    assert parse_board("S D R C/C E P L/E L OVER- A/T S Y R").rows() == [
        ["S", "D", "R", "C"], ["C", "E", "P", "L"], ["E", "L", "OVER-", "A"],
        ["T", "S", "Y", "R"]]
    either = parse_board("E M T D/U/L R E W/I P D E/P O E M")
    assert either.rows()[1] == ["U/L", "R", "E", "W"]
    assert either.tile((1, 0)).spellings == ("U", "L")
    assert parse_board("E M T U/L\nR E W I\nP D E P\nO E M S").rows()[0][3] == "U/L"
    assert parse_board("E M T U/L / R E W I / PDEP / OEMS").rows()[2] == ["P", "D", "E", "P"]


def test_compact_qu_row() -> None:
    assert parse_board("QuITE/ALEP/HNBO/QTTY").rows()[0] == ["QU", "I", "T", "E"]


@pytest.mark.parametrize("text", ["EECA/ALEP/HNBO", "EECA/ALEP/HNBO/QTTYS", "", "E E C A",
                                  "A/B/C D E F/G H I J/K L M N/O P Q R", "EEC1/ALEP/HNBO/QTTY"])
def test_bad_board_text(text: str) -> None:
    with pytest.raises(BadInput, match="board"):
        parse_board(text)


def test_usual_values_from_the_tables() -> None:
    board = parse_board("E M T D/U/L R E W/I P D E/QU -ING DE- OVER-")
    assert board.values() == [[1, 4, 2, 3], [20, 2, 1, 6], [2, 4, 3, 1],
                              [9, 12, 12, 2 + 6 + 1 + 2]]


def test_printed_values_win() -> None:
    assert CATS.values()[1] == [2, 3, 1, 2]


@pytest.mark.parametrize("values", ["1 2 3", "1 " * 17, "a " * 16, "0 " * 16])
def test_bad_values(values: str) -> None:
    with pytest.raises(BadInput, match="values"):
        parse_board("EECA/ALEP/HNBO/QTTY", values)


@pytest.mark.parametrize("letters, times", [(2, 0), (3, 1), (4, 1), (5, 1.5), (6, 2), (7, 2),
                                            (8, 2.5), (12, 2.5)])
def test_length_multipliers(letters: int, times: float) -> None:
    assert game.multiplier(letters) == times


def test_points_worked_by_hand() -> None:
    fakes = parse_board("FAKE/AAAS/AAAA/AAAA")  # F5 A2 K6 E1 S2 = 16, x1.5
    assert points(fakes, ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3)), "FAKES") == 24
    thuribles = parse_board("THUR/ELBI/AAAA/AAAA")  # 23 x 2.5 = 57.5, rounded down
    path = ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (1, 2), (1, 1), (1, 0))
    assert points(thuribles, path, "THURIBLE") == 57
    quite = parse_board("QuITE/AAAA/AAAA/AAAA")  # QU 9 + I 2 + T 2 + E 1 = 14; 5 letters x1.5
    assert points(quite, ((0, 0), (0, 1), (0, 2), (0, 3)), "QUITE") == 21
    assert points(CATS, ((0, 0), (0, 1), (1, 1), (1, 2), (1, 3)), "CARES") == 16  # 11 x 1.5


def test_step_joins_neighbours_only() -> None:
    path = ((1, 1),)
    assert game.step(CATS, path, (0, 0)) == ((1, 1), (0, 0))  # a corner neighbour
    assert game.step(CATS, path, (1, 3)) == path  # two tiles away
    assert game.step(CATS, path, (1, 1)) == path  # itself
    longer = ((1, 1), (0, 0), (0, 1))
    assert game.step(CATS, longer, (1, 1)) == longer  # used already
    assert game.step(CATS, longer, (0, 0)) == ((1, 1), (0, 0))  # back onto the previous tile
    assert game.step(CATS, (), (0, 0)) == ()  # no drag in progress


def test_prefix_only_first_suffix_only_last() -> None:
    board = parse_board("DE- N -ING A/E, E T S R, O I L P, U M B Y")
    assert game.step(board, ((0, 1),), (0, 0)) == ((0, 1),)  # a prefix cannot join
    assert game.step(board, ((0, 0),), (0, 1)) == ((0, 0), (0, 1))  # but can start
    assert game.step(board, ((0, 1),), (0, 2)) == ((0, 1), (0, 2))  # a suffix can end
    assert game.step(board, ((0, 1), (0, 2)), (1, 2)) == ((0, 1), (0, 2))  # nothing after it
    assert not game.valid(board, ((0, 1), (0, 0)))


def test_verdicts() -> None:
    cat = ((0, 0), (0, 1), (0, 2))
    assert judge(CATS, cat, WORDS, []) == ("CAT", "accepted")
    assert judge(CATS, cat, WORDS, ["CAT"]) == ("CAT", "repeated")
    assert judge(CATS, ((1, 1), (0, 1), (0, 0)), WORDS, []) == ("RAC", "rejected")
    assert judge(CATS, ((0, 1), (0, 2)), WORDS, []) == ("AT", "rejected")  # too short
    assert judge(CATS, ((0, 0), (0, 2), (0, 1)), WORDS, []) == ("CTA", "rejected")  # no path
    assert judge(CATS, (), WORDS, []) == ("", "rejected")


def test_either_or_counts_as_either_letter() -> None:
    board = parse_board("QU I T S/U/L E A T/DE- N -ING R/O T S P")
    lean = ((1, 0), (1, 1), (1, 2), (2, 1))
    assert judge(board, lean, WORDS, []) == ("LEAN", "accepted")
    assert game.spellings(board, lean) == ["UEAN", "LEAN"]
    assert points(board, lean, "LEAN") == 20 + 1 + 2 + 2
    eating = ((1, 1), (1, 2), (1, 3), (2, 2))
    assert judge(board, eating, WORDS, []) == ("EATING", "accepted")
    assert points(board, eating, "EATING") == (1 + 2 + 2 + 12) * 2


def test_a_round_keeps_its_swipes_and_score() -> None:
    played = Round(CATS, start=1.5)
    cat, cares = ((0, 0), (0, 1), (0, 2)), ((0, 0), (0, 1), (1, 1), (1, 2), (1, 3))
    verdicts = [played.swipe(path, t, WORDS).verdict
                for t, path in enumerate([cat, cares, cat, ((1, 1), (0, 1), (0, 0))])]
    assert verdicts == ["accepted", "accepted", "repeated", "rejected"]
    assert [s.points for s in played.swipes] == [7, 16, 0, 0]
    assert played.score == 23 and played.found == ["CAT", "CARES"]


def test_session_json() -> None:
    session = Session([Round(CATS, 0.25)], [(900, 10, 2.0)])
    session.rounds[0].swipe(((0, 0), (0, 1), (0, 2)), 1.23456, WORDS, pressed=1.1)
    data = json.loads(json.dumps(session.to_json()))
    assert data["score"] == 7
    assert data["swipes"] == [{"tiles": [[0, 0], [0, 1], [0, 2]], "word": "CAT",
                               "verdict": "accepted", "points": 7, "time": 1.235,
                               "pressed": 1.1}]
    assert data["rounds"][0]["board"][0] == ["C", "A", "T", "S"]
    assert data["rounds"][0]["values"][1] == [2, 3, 1, 2]
    assert data["rounds"][0]["swipes"] == data["swipes"]
    assert data["pointer_outside"] == [[900, 10, 2.0]]


def test_layout_hit_circle() -> None:
    layout = Layout(tile=96, gap=12, top=96)
    assert (layout.width, layout.height) == (444, 540)
    assert layout.centre((0, 0)) == (60, 156)  # 12 + 48, 96 + 12 + 48
    assert layout.centre((3, 2)) == (12 + 2 * 108 + 48, 108 + 3 * 108 + 48)
    assert layout.inside(60 + 33, 156) == (0, 0)  # 0.35 x 96 = 33.6 px
    assert layout.inside(60 + 34, 156) is None
    assert layout.inside(60 + 23, 156 + 23) == (0, 0)  # 32.5 px away
    assert layout.inside(60 + 24, 156 + 24) is None  # 33.9 px away
    assert layout.under(12, 108) == (0, 0)  # a face's corner
    assert layout.under(11, 108) is None and layout.under(110, 156) is None  # gaps
    assert layout.under(60, 50) is None  # the header


def test_looks() -> None:
    flashes = {(0, 1): "rejected"}
    assert layout.look((0, 0), [(0, 0)], flashes, "#0072C6") == layout.Look(layout.SELECTED_FACE,
                                                                         "#0072C6")
    assert layout.look((0, 1), [], flashes, "#0072C6").face == layout.VERDICT_COLOURS["rejected"]
    assert layout.look((0, 2), [], flashes, "#0072C6") == layout.Look("#0072C6", layout.INK)


def hue(colour: str) -> float:
    """Return a #RRGGBB colour's hue in degrees."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360


def test_verdict_colours_are_green_yellow_red_and_unlike_the_boards() -> None:
    hues = {verdict: hue(c) for verdict, c in layout.VERDICT_COLOURS.items()}
    assert 100 <= hues["accepted"] <= 150 and 40 <= hues["repeated"] <= 60
    assert hues["rejected"] <= 10 or hues["rejected"] >= 350
    for face in layout.BOARD_COLOURS:
        assert all(min(abs(hue(face) - h), 360 - abs(hue(face) - h)) >= 40 for h in hues.values())


def test_random_boards_are_sensible() -> None:
    rng = random.Random(3)
    boards = [game.random_board(rng) for _ in range(300)]
    assert game.random_board(random.Random(3)) == boards[0]  # the seed decides
    for board in boards:
        assert all(game.TILE_TEXT.fullmatch(t.text) for t in board.tiles)
        assert all(t.value == game.usual_value(t.text) for t in board.tiles)
        assert "Q" not in [t.text for t in board.tiles]
        assert 3 <= sum(t.text in "AEIOU" for t in board.tiles) <= 8
    specials = sum(any(len(t.text) > 1 for t in b.tiles if t.text != "QU") for b in boards)
    assert 0.25 * 300 < specials < 0.55 * 300


def test_word_sets(tmp_path: Path) -> None:
    assert game.words_in("cat\nAt\n  Dog \nit's\nzebra\n") == {"CAT", "DOG", "ZEBRA"}
    enable = game.read_words(None)
    assert {"CAT", "CARES", "EATING", "QUIT"} <= enable and "RAC" not in enable
    assert 172_000 < len(enable) < 172_820  # ENABLE's 172,820 words less the 2-letter ones
    listed = tmp_path / "few.txt"
    listed.write_text("cat\ndog\n")
    assert game.read_words(str(listed)) == {"CAT", "DOG"}
    (tmp_path / "empty.txt").write_text("a\nbe\n")
    with pytest.raises(BadInput, match="no words"):
        game.read_words(str(tmp_path / "empty.txt"))
    with pytest.raises(BadInput, match="no such file"):
        game.read_words(str(tmp_path / "missing.txt"))


def test_the_game_never_uses_the_solver() -> None:
    banned = {"assistant.core.grid", "assistant.core.rules", "assistant.files.wordlist",
              "core.grid", "core.rules", "files.wordlist", "wordlist", "grid", "rules"}
    for module in (REPO / "assistant" / "practice").glob("wordament*.py"):
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.ImportFrom):
                named = {node.module or ""} | {f"{node.module}.{a.name}" for a in node.names}
                assert not named & banned, (module.name, named)
            if isinstance(node, ast.Import):
                assert not {a.name for a in node.names} & banned


def test_texts() -> None:
    assert [clock_text(s) for s in (120, 119.2, 61, 0.01, 0, -3)] == \
        ["2:00", "2:00", "1:01", "0:01", "0:00", "0:00"]
    played = Round(CATS, 0)
    played.swipe(((0, 0), (0, 1), (0, 2)), 1, WORDS)
    assert results_text(2, played) == "ROUND 2 OVER\n\n7 POINTS\n1 WORDS\n\nCAT"
    assert render(summary(Session([played]))) == \
        "round 1: C A T S/O R E S/D I N G/H E L P: 7 points, 1 words (1 swipes)\ntotal: 7 points"


@pytest.mark.parametrize("args, message", [
    (["--values", "1 " * 16], "--values needs --board"),
    (["--board", "EECA/ALEP"], "not 4 rows of 4 tiles"),
    (["--board", "EECA/ALEP/HNBO/QTTY", "--values", "1 2"], "not 16 whole numbers"),
    (["--lexicon", "/nonexistent/words.txt"], "no such file"),
    (["--board", "EECA/ALEP/HNBO/QTTY", "--seed", "3"], "not allowed with"),
])
def test_cli_bad_input(args: list[str], message: str) -> None:
    done = run_cli("practice", "wordament", *args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_cli_without_a_display() -> None:
    done = run_cli("practice", "wordament", "--seconds", "1", env={"DISPLAY": ""})
    assert done.returncode == 2 and "cannot open a window" in done.stderr


@pytest.mark.parametrize("game", ["wordament", "bookworm"])
def test_a_results_file_in_a_missing_folder_is_one_line_before_any_window(game, tmp_path):
    missing = tmp_path / "nowhere" / "results.json"
    done = run_cli("practice", game, "--results", str(missing), env={"DISPLAY": ""})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"assistant: error: --results {missing}: no folder {missing.parent}"]
