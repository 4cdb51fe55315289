"""The grid solver: board text, scoring tables, each special tile, path choice, and exactness."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.core import grid as grids
from assistant.core.lexicon import Lexicon
from assistant.core.rules import BOGGLE, BOGGLE_DICE, WORDAMENT, GridRules, die_faces, wordsearch
from assistant.core.types import BadInput, Grid, Tile

TEST_RULES = GridRules(game="test", rows=2, cols=3, min_len=3, points=(0, 0, 0, 1),
                       extra_points=1)


def make_grid(*rows: str, values=None) -> Grid:
    """Return a grid from rows of space-separated tile texts (no parsing rules involved)."""
    texts = [row.split() for row in rows]
    flat = [t for row in texts for t in row]
    values = values or [None] * len(flat)
    tiles = tuple(Tile(t, v) for t, v in zip(flat, values, strict=True))
    return Grid(len(texts), len(texts[0]), tiles)


def solved(grid: Grid, words, rules=TEST_RULES) -> dict[str, tuple[int, ...]]:
    """Return {word: path} for the words of this lexicon found on the grid."""
    return {w.word: w.path for w in grids.solve(grid, Lexicon.from_words(words), rules)}


# --- scoring tables (RULES.md) ----------------------------------------------------------------

def test_wordament_scores_match_recorded_games():
    assert WORDAMENT.score(5, 5 + 2 + 6 + 1 + 2) == 24         # FAKES: 16 x 1.5
    assert WORDAMENT.score(8, 2 + 4 + 4 + 2 + 2 + 5 + 3 + 1) == 57  # THURIBLE: floor(23 x 2.5)
    assert [WORDAMENT.score(n, 10) for n in (3, 4, 5, 6, 7, 8, 12)] == [10, 10, 15, 20, 20, 25, 25]


def test_boggle_and_wordsearch_length_tables():
    assert [BOGGLE.score(n) for n in range(3, 11)] == [1, 1, 2, 3, 5, 11, 11, 11]
    assert [wordsearch(5).score(n) for n in (5, 6, 7, 9)] == [1, 2, 3, 5]


def test_usual_tile_values():
    texts = ("E", "QU", "U/L", "RE-", "-ING")
    assert [WORDAMENT.tile_value(t) for t in texts] == [1, 12, 20, 3, 8]


def test_dice_have_six_faces():
    assert all(len(die_faces(d)) == 6 for d in BOGGLE_DICE)
    assert die_faces("HIMNQuU") == ("H", "I", "M", "N", "QU", "U")


# --- board text -------------------------------------------------------------------------------

def test_compact_board_text():
    grid = grids.parse_grid("EECA/ALEP/HNBO/QTTY", BOGGLE)
    assert (grid.rows, grid.cols) == (4, 4) and grid.texts()[12] == "Q"
    quits = grids.parse_grid("QuITS/ABCD/EFGH/IJKL", WORDAMENT)
    assert quits.texts()[:5] == ["QU", "I", "T", "S", "A"]


def test_spaced_board_text_with_prefix_and_row_break_inside_a_token():
    grid = grids.parse_grid("S D R C/C E P L/E L OVER- A/T S Y R", WORDAMENT)
    assert grid.texts()[8:13] == ["E", "L", "OVER-", "A", "T"]


def test_either_or_tile_next_to_a_row_break():
    grid = grids.parse_grid("E M T D/U/L R E W/I P D E/P O E M", WORDAMENT)
    assert grid.texts()[3:6] == ["D", "U/L", "R"] and grid.rows == 4


def test_rows_on_lines():
    assert grids.parse_grid("A B\nC D", BOGGLE).texts() == ["A", "B", "C", "D"]


@pytest.mark.parametrize("text, rules, message", [
    ("ABC/DEFG", BOGGLE, "different numbers of tiles"),
    ("ABC/DEF/GHI", WORDAMENT, "needs 4x4"),
    ("ABCD/EFGH", BOGGLE, "square"),
    ("A B C D/E F G H/I J R-E L/M N O P", WORDAMENT, "'R-E' at row 3, column 3"),
    ("A B C D/E F G H/I J -RE- L/M N O P", WORDAMENT, "row 3, column 3"),
    ("A1CD/EFGH/IJKL/MNOP", WORDAMENT, "'1' at row 1, column 2"),
    ("   ", BOGGLE, "empty"),
])
def test_bad_board_text(text, rules, message):
    with pytest.raises(BadInput, match=message):
        grids.parse_grid(text, rules)


def test_values_text():
    values = "1 2 3 4/5,6,7,8/9 10 11 12/1 2 3 45"
    grid = grids.parse_grid("ABCD/EFGH/IJKL/MNOP", WORDAMENT, values)
    assert [t.value for t in grid.tiles][-2:] == [3, 45]
    with pytest.raises(BadInput, match=r"tile 16: '4\.5' is not a whole number from 1 to 99"):
        grids.parse_grid("ABCD/EFGH/IJKL/MNOP", WORDAMENT, values.replace("45", "4.5"))
    with pytest.raises(BadInput, match="15 numbers given for 16 tiles"):
        grids.parse_grid("ABCD/EFGH/IJKL/MNOP", WORDAMENT, " ".join(["1"] * 15))


# --- each special tile, worked by hand --------------------------------------------------------

def test_multi_letter_tile():
    grid = make_grid("QU I T", "# E #")
    found = solved(grid, ["QUIT", "QUITE", "QUIET", "TIE", "QUE", "UIT", "SUIT"])
    assert found == {"QUIT": (0, 1, 2), "QUITE": (0, 1, 2, 4), "QUIET": (0, 1, 4, 2),
                     "TIE": (2, 1, 4), "QUE": (0, 4)}


def test_either_or_tile_counts_as_one_letter_or_the_other_once():
    grid = make_grid("A/O T #", "C S #")
    found = solved(grid, ["CAT", "COT", "CATS", "COTS", "ACT", "OCTS", "TACO"])
    assert set(found) == {"CAT", "COT", "CATS", "COTS", "ACT", "OCTS"}
    assert found["OCTS"] == (0, 3, 1, 4)


def test_prefix_tile_only_starts_a_word():
    grid = make_grid("RE- D #", "O S #")
    found = solved(grid, ["RED", "REDO", "REDOS", "REDS", "DORE", "ODES", "DOS"])
    assert set(found) == {"RED", "REDO", "REDOS", "REDS", "DOS"}
    assert found["REDOS"] == (0, 1, 3, 4)


def test_suffix_tile_only_ends_a_word():
    grid = make_grid("S -ING S", "T W #")
    found = solved(grid, ["STING", "STINGS", "SWING", "WINGS", "INGS"])
    assert set(found) == {"STING", "SWING"}
    assert found["STING"] == (0, 3, 1)


def test_blocked_cells_are_never_used():
    grid = make_grid("C # T", "# A #")
    assert solved(grid, ["CAT", "ACT"]) == {"CAT": (0, 4, 2)}  # C and T are not adjacent


# --- which path is kept -----------------------------------------------------------------------

def test_the_best_scoring_path_is_kept():
    grid = make_grid("T E #", "E A #", values=[2, 1, 0, 3, 2, 0])
    rules = GridRules(game="test", rows=2, cols=3, min_len=3, multiplier=(0, 0, 0, 1))
    [tea] = grids.solve(grid, Lexicon.from_words(["TEA"]), rules)
    assert (tea.path, tea.score) == ((0, 3, 4), 7)


def test_fewest_tiles_then_greatest_path_break_ties():
    grid = make_grid("QU I T", "Q U #")
    assert solved(grid, ["QUIT"]) == {"QUIT": (0, 1, 2)}
    swing = make_grid("S -ING S", "T W #")
    assert solved(swing, ["SWING"]) == {"SWING": (2, 4, 1)}


def test_find_path_of_a_word_and_of_a_missing_word():
    grid = grids.parse_grid("EECA/ALEP/HNBO/QTTY", wordsearch())
    assert grids.find_path(grid, "PEACE", wordsearch()) == (7, 6, 3, 2, 1)
    assert grids.find_path(grid, "ZEBRA", wordsearch()) == ()
    assert grids.find_path(grid, "NOT A WORD", wordsearch()) == ()


# --- exactness: the solver against brute force ------------------------------------------------

TILE_POOL = ["A", "B", "C", "D", "E", "AB", "A/C", "BA-", "-ED", "#"]


def value(tile: Tile) -> float:
    """Return a tile's printed value (every tile of these grids has one)."""
    assert tile.value is not None
    return tile.value


def brute_force(grid: Grid, words: set[str], rules: GridRules) -> dict[str, tuple]:
    """Return {word: (score, -tiles, path)} by trying every simple path and every spelling."""
    cells = range(len(grid.tiles))
    best: dict[str, tuple] = {}

    def adjacent(i: int, j: int) -> bool:
        return max(abs(i // grid.cols - j // grid.cols), abs(i % grid.cols - j % grid.cols)) == 1

    def extend(path: tuple[int, ...]) -> None:
        for choice in itertools.product(*(tile_spellings(grid.tiles[i]) for i in path)):
            word = "".join(choice)
            if word in words and len(word) >= rules.min_len and placed_rightly(grid, path):
                values = sum(value(grid.tiles[i]) for i in path)
                entry = (rules.score(len(word), values), -len(path), path)
                best[word] = max(best.get(word, entry), entry)
        if sum(len(max(tile_spellings(grid.tiles[i]), key=len)) for i in path) < 7:
            for j in cells:
                if j not in path and adjacent(path[-1], j) and grid.tiles[j].text != "#":
                    extend((*path, j))

    for i in cells:
        if grid.tiles[i].text != "#":
            extend((i,))
    return best


def tile_spellings(tile: Tile) -> list[str]:
    """Return the strings a tile may spell, read straight from its text."""
    return tile.text.replace("-", "").split("/")


def placed_rightly(grid: Grid, path: tuple[int, ...]) -> bool:
    """True when prefix tiles only start and suffix tiles only end the path."""
    return all((not grid.tiles[i].text.endswith("-") or k == 0) and
               (not grid.tiles[i].text.startswith("-") or k == len(path) - 1)
               for k, i in enumerate(path))


@st.composite
def positions(draw):
    """A small random grid of special tiles with values, and a lexicon over its letters."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(2, 3))
    texts = draw(st.lists(st.sampled_from(TILE_POOL), min_size=rows * cols, max_size=rows * cols))
    values = draw(st.lists(st.integers(1, 9), min_size=rows * cols, max_size=rows * cols))
    words = draw(st.sets(st.text("ABCDE", min_size=1, max_size=6), min_size=1, max_size=80))
    tiles = tuple(Tile(t, v) for t, v in zip(texts, values, strict=True))
    return Grid(rows, cols, tiles), words


@settings(max_examples=150, deadline=None)
@given(positions(), st.sampled_from([1, 2, 3]))
def test_solver_finds_exactly_what_brute_force_finds(position, min_len):
    grid, words = position
    rules = GridRules(game="test", rows=grid.rows, cols=grid.cols, min_len=min_len,
                      multiplier=(0, 1, 1, 1, 1, 1.5, 2, 2, 2.5))
    expected = brute_force(grid, words, rules)
    found = grids.solve(grid, Lexicon.from_words(words), rules)
    assert {w.word: (w.score, -len(w.path), w.path) for w in found} == expected
    assert [w.score for w in found] == sorted((w.score for w in found), reverse=True)


def test_scores_are_whole_numbers_with_fractional_multipliers():
    grid = make_grid("A B C", "D E #", values=[1, 1, 1, 1, 1, 0])
    rules = GridRules(game="test", rows=2, cols=3, min_len=3, multiplier=(0, 0, 0, 1, 1, 1.5))
    [word] = grids.solve(grid, Lexicon.from_words(["ABCED"]), rules)
    assert word.score == math.floor(5 * 1.5) == 7
