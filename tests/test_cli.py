"""The command line contract: JSON shape, the readable table, and one-line errors with status 2."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli

BOARD = "E M T D/U/L R E W/I P D E/P O E M"
VALUES = "1 4 2 3/20 2 1 6/2 4 3 1/4 2 1 4"


def solve_json(*args: str) -> dict:
    """Run `assistant solve ... --json` and return its parsed output."""
    done = run_cli("solve", *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_wordament_json_contract():
    result = solve_json("--game", "wordament", "--board", BOARD, "--values", VALUES)
    assert set(result) >= {"game", "board", "words", "count", "total_score"}
    assert result["board"]["tiles"][4] == "U/L" and result["board"]["values"][4] == 20
    assert result["count"] == len(result["words"]) > 50
    assert result["total_score"] == sum(w["score"] for w in result["words"])
    poem = next(w for w in result["words"] if w["word"] == "POEM")
    assert poem == {"word": "POEM", "path": [12, 13, 14, 15], "score": 4 + 2 + 1 + 4}
    scores = [w["score"] for w in result["words"]]
    assert scores == sorted(scores, reverse=True)


def test_either_or_tile_is_played_as_either_letter():
    words = {w["word"]: w for w in solve_json("--game", "wordament", "--board", BOARD,
                                                "--values", VALUES)["words"]}
    # by hand: D E M U/L R and P E R I U/L, both through the U/L tile at index 4
    assert words["DEMUR"] == {"word": "DEMUR", "path": [10, 6, 1, 4, 5],
                              "score": (3 + 1 + 4 + 20 + 2) * 3 // 2}
    assert words["PERIL"]["path"] == [9, 6, 5, 8, 4]


def test_top_shortens_the_list_but_not_the_totals():
    full = solve_json("--game", "boggle", "--board", "EECA/ALEP/HNBO/QTTY")
    top = solve_json("--game", "boggle", "--board", "EECA/ALEP/HNBO/QTTY", "--top", "3")
    assert top["words"] == full["words"][:3]
    assert (top["count"], top["total_score"]) == (full["count"], full["total_score"])


def test_min_len_and_big_boggle_default():
    five = solve_json("--game", "boggle", "--board", "EECA/ALEP/HNBO/QTTY", "--min-len", "5")
    assert min(len(w["word"]) for w in five["words"]) == 5
    big = solve_json("--game", "boggle", "--board", "SERST/TANED/PLOIR/GATES/HUMID")
    assert min(len(w["word"]) for w in big["words"]) == 4


def test_readable_table():
    done = run_cli("solve", "--game", "boggle", "--board", "EECA/ALEP/HNBO/QTTY", "--top", "2")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert "words" in lines[1] and lines[2].split() == ["word", "points", "path", "(row,col)"]
    assert lines[3].split()[:2] == ["BENTHAL", "5"] and len(lines) == 5


@pytest.mark.parametrize("args, message", [
    (["--game", "wordament", "--board", "ABC/DEF/GHI"], "needs 4x4 tiles, got 3x3"),
    (["--game", "boggle", "--board", "ABCD/EFG/HIJK/LMNO"], "different numbers of tiles"),
    (["--game", "wordament", "--board", "A B C D/E F G H/I J R-E L/M N O P"], "row 3, column 3"),
    (["--game", "wordament", "--board", "EECA/ALEP/HNBO/QTTY", "--values", "1 2"], "values"),
    (["--game", "boggle"], "--board"),
    (["--game", "chess", "--board", "ABCD"], "invalid choice"),
    (["--game", "boggle", "--board", "ABCD", "--top", "0"], "not a whole number from 1"),
    (["--game", "boggle", "--board", "ABCD/EFGH/IJKL/MNOP", "--lexicon", "/no/such/list.txt"],
     "no such file"),
])
def test_bad_input_is_one_line_and_status_2(args, message):
    done = run_cli("solve", *args)
    assert done.returncode == 2
    assert done.stdout == "" and done.stderr.count("\n") == 1
    assert message in done.stderr and "Traceback" not in done.stderr


def test_a_reader_that_leaves_early_gets_no_traceback(tmp_path):
    """`assistant solve ... | head -1`: the output (megabytes: every move of a blank-heavy rack
    on an empty board) stops at a closed pipe; the command ends quietly, status 0."""
    import subprocess
    import sys

    board = tmp_path / "empty.txt"
    board.write_text("\n".join(["." * 15] * 15) + "\n")
    command = [sys.executable, "-m", "assistant", "solve", "--game", "scrabble",
               "--board-file", str(board), "--rack", "AEINR??"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as solve:
        assert solve.stdout is not None and solve.stderr is not None
        first = solve.stdout.readline()
        solve.stdout.close()
        errors = solve.stderr.read()
    assert first.startswith(b"scrabble, rack AEINR??: ") and b"moves" in first
    assert (solve.returncode, errors) == (0, b"")


def test_the_command_line_runs_with_no_output_files():
    """As under pythonw (Windows): sys.stdout and sys.stderr are None; the answer goes nowhere
    and the command still ends with its status."""
    import subprocess
    import sys

    code = ("import sys\nsys.stdout = sys.stderr = None\n"
            "sys.argv = ['assistant', 'solve', '--game', 'wordament', '--board', "
            "'CATS/DOGS/EMUS/OWLS']\nfrom assistant.cli import run\nrun()")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0
    code = code.replace("'CATS/DOGS/EMUS/OWLS'", "'CATS'")  # bad input: status 2, still
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 2
