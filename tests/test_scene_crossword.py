"""The crossword overlay's drawing (crossword/scene.py) and its watch's game parts
(crossword/overlay.py), on readings built by hand: where each letter goes, what the panel
says, and which moves an unsure square or rack tile takes away."""

from __future__ import annotations

from argparse import Namespace

import pytest

from assistant.adapters.overlay import pieces, strokes
from assistant.bookworm.scene import MARK
from assistant.core.gestures import Region
from assistant.crossword.overlay import watch_for
from assistant.crossword.scene import BLANK, bag_line, move_scene
from assistant.profiles import crossword
from assistant.vision.types import Cell, Reading
from tests.conftest import run_cli, spy
from tests.wordfeud_draw import MIDGAME

PITCH, LEFT, TOP = 30, 10, 100  # the hand-made board's squares, in the frame's pixels
ORIGIN = (500, 40)  # the frame's top-left pixel on the screen
WINDOW = Region(500, 40, 470, 900)  # a phone's window: the board fills its width


def reading(board: list[str], rack: str, unsure: tuple[int, ...] = (),
            state: dict[int, str] | None = None) -> Reading:
    """Return a Wordfeud reading of a board (15 strings) and rack, the `unsure` cells (board
    squares, then rack tiles after the 225) read with no confidence."""
    cells = [Cell((LEFT + c * PITCH, TOP + r * PITCH, PITCH - 2, PITCH - 2),
                  board[r][c].upper() if board[r][c] != "." else "",
                  0.2 if r * 15 + c in unsure else 0.95,
                  state=(state or {}).get(r * 15 + c, "blank" if board[r][c].islower() else None))
             for r in range(15) for c in range(15)]
    tiles = [Cell((LEFT + i * 64, TOP + 15 * PITCH + 40, 60, 60), "" if t == "?" else t,
                  0.2 if 225 + i in unsure else 0.95) for i, t in enumerate(rack)]
    return Reading("wordfeud", 15, 15, cells, tiles, region=(LEFT, TOP, 15 * PITCH, 15 * PITCH))


def solved(read: Reading, enable) -> crossword.CrosswordResult:
    """Return the moves for a reading, as the overlay solves it."""
    return crossword.solve_reading("wordfeud", read, Namespace(top=10, language="en"), enable)


def square(row: int, col: int) -> Region:
    """Return a square's box on the screen."""
    return Region(ORIGIN[0] + LEFT + col * PITCH, ORIGIN[1] + TOP + row * PITCH, PITCH - 2,
                  PITCH - 2)


def test_each_tile_of_the_best_move_is_its_letter_in_its_squares_middle(enable):
    """Hand-worked: a letter per placed tile, centred on its square (a blank's in lower case,
    in BLANK), an outline on each of those squares and on no other."""
    read = reading(MIDGAME.board, MIDGAME.rack)
    result = solved(read, enable)
    best = result["moves"][0]["placed"]
    drawn = move_scene(result, read, ORIGIN, WINDOW)
    assert drawn.badges == ()
    assert [b.point for b in drawn.letters] == \
        [(square(t["row"], t["col"]).x + 14, square(t["row"], t["col"]).y + 14) for t in best]
    assert [b.text for b in drawn.letters] == \
        [t["letter"].lower() if t["blank"] else t["letter"] for t in best]
    assert [b.colour for b in drawn.letters] == [BLANK if t["blank"] else MARK for t in best]
    assert any(t["blank"] for t in best)  # MIDGAME's rack has a blank, and the best uses it
    assert [o.box for o in drawn.outlines] == [square(t["row"], t["col"]) for t in best]


def test_the_panel_names_the_move_and_never_covers_the_board_or_the_rack(enable):
    """The panel holds the best move, its words and score, the next moves and the bag, and
    lies clear of the board and rack."""
    read = reading(MIDGAME.board, MIDGAME.rack)
    result = solved(read, enable)
    drawn = move_scene(result, read, ORIGIN, WINDOW)
    assert drawn.panel is not None
    best = result["moves"][0]
    assert best["spelled"] in drawn.panel.lines[0] and str(best["score"]) in drawn.panel.lines[0]
    assert f"words: {', '.join(best['words'])}" in drawn.panel.lines
    assert "next:" in drawn.panel.lines
    board_and_rack = Region(ORIGIN[0] + LEFT, ORIGIN[1] + TOP, 15 * PITCH,
                            15 * PITCH + 40 + 60)
    assert drawn.panel.box.overlap(board_and_rack) == 0
    letters = [p for p in pieces(drawn) if p != drawn.panel.box]
    assert all(p.overlap(board_and_rack) == p.w * p.h for p in letters)


def test_the_letters_leave_most_of_their_squares_in_sight(enable):
    """Translucent letters: each is its outline alone, inside its square, leaving most of the
    square (and its middle) uncovered, so the square beneath shows through."""
    read = reading(MIDGAME.board, MIDGAME.rack)
    result = solved(read, enable)
    drawn = move_scene(result, read, ORIGIN, WINDOW)
    for tile, letter in zip(result["moves"][0]["placed"], drawn.letters, strict=True):
        box = square(tile["row"], tile["col"])
        ink = strokes(letter)
        assert all(p.overlap(box) == p.w * p.h for p in ink), "a letter off its square"
        assert 0.04 < sum(p.w * p.h for p in ink) / (box.w * box.h) < 0.35
        x, y = letter.point
        middle = Region(x - box.w // 4, y - box.h // 4, box.w // 2, box.h // 2)
        assert sum(p.overlap(middle) for p in ink) < 0.5 * middle.w * middle.h


def test_the_bag_counts_the_variants_tiles_less_those_seen_and_the_opponents_rack():
    """Hand-worked: Wordfeud's English bag has 104 tiles; 13 on the board (HEDONICS, SEVEN)
    and 7 on the rack leave 84 unseen, 77 of them in the bag (7 on the opponent's rack)."""
    board = ["." * 15] * 7 + ["..HEDONICS.....", "...SEVEN......."] + ["." * 15] * 6
    assert bag_line(reading(board, "RTLW?AI"), "en") == ("bag: 77 tiles (84 unseen)",)


def test_an_unsure_square_and_rack_tile_are_named_and_their_moves_dropped(enable):
    """A square read unsurely keeps its guess but no move goes through it; a rack tile read
    unsurely is left out of the rack; the panel names both; the bag is not guessed."""
    sure = reading(MIDGAME.board, MIDGAME.rack)
    best = solved(sure, enable)["moves"][0]
    through = best["placed"][0]
    where = through["row"] * 15 + through["col"]
    doubtful = reading(MIDGAME.board, MIDGAME.rack, unsure=(where, 225))
    result = solved(doubtful, enable)
    assert result["rack"] == MIDGAME.rack[1:]
    assert all((t["row"], t["col"]) != (through["row"], through["col"])
               for m in result["moves"] for t in m["placed"])
    lines = move_scene(result, doubtful, ORIGIN, WINDOW).panel.lines  # type: ignore[union-attr]
    name = f"{through['row'] + 1}{'ABCDEFGHIJKLMNO'[through['col']]}"
    assert f"? square {name}: unsure, moves on it left out" in lines
    assert "? rack tile 1: unsure, left out of the rack" in lines
    assert not any(line.startswith("bag:") for line in lines)


def test_an_unsure_empty_square_that_looked_like_a_blank_is_no_layout_error(enable):
    """An empty square read unsurely as a blank tile (state "blank", no letter) was put in the
    layout as 'blank' and every solve of the board failed ("'blank' ... is not a square")."""
    board = [row.replace("b", ".") for row in MIDGAME.board]
    read = reading(board, MIDGAME.rack, unsure=(7 * 15 + 1,), state={7 * 15 + 1: "blank"})
    assert solved(read, enable)["moves"]


def test_the_watch_solves_a_board_and_rack_seen_before_from_memory(enable, monkeypatch):
    """The same board and rack (seen again after the window moved) are not solved again."""
    calls: list = []
    monkeypatch.setattr(crossword, "solve_reading", spy(crossword.solve_reading, calls))
    watch = watch_for("wordfeud").__new__(watch_for("wordfeud"))
    watch.solved, watch.options, watch.lexicon = {}, Namespace(top=3, language="en"), enable
    read = reading(MIDGAME.board, MIDGAME.rack)
    first = watch.solve(read)
    assert watch.solve(reading(MIDGAME.board, MIDGAME.rack)) == first and len(calls) == 1
    watch.solve(reading(MIDGAME.board, "EONRDLU"))
    assert len(calls) == 2


@pytest.mark.parametrize("rack, why", [("", "no rack in sight: waiting for your turn"),
                                       ("AB", "no rack tile read surely: waiting")])
def test_a_board_without_a_sure_rack_is_not_solved(rack, why):
    """No rack (the opponent's turn, a menu), or none of it sure: the panel says so."""
    watch = watch_for("wordfeud").__new__(watch_for("wordfeud"))
    read = reading(MIDGAME.board, rack, unsure=(225, 226))
    assert watch.unready(read) == why


def test_a_language_the_game_is_not_played_in_is_one_line():
    """`overlay wwf --language sv`: one line on stderr, exit status 2, before any window."""
    done = run_cli("overlay", "wwf", "--language", "sv")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "--language 'sv'" in done.stderr
