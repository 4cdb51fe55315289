"""The practice Bookworm without a display: damage worked by hand from RULES.md, the word, the
refill, the enemy, the layout and the results file."""

from __future__ import annotations

import ast
import collections
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from assistant.core.types import BadInput
from assistant.practice import bookworm as W
from assistant.practice import bookworm_draw, bookworm_window
from assistant.practice import bookworm_rules as R
from tests.conftest import run_cli

LEXICON = frozenset({"BOXES", "ZONES", "CHAT", "QUA", "QUOTE", "CAT", "COT", "CUT", "SEX"})
BOARD = "B O X E/S Z:ruby O N/E:sapphire S Qu ?/A:locked W:warped T:plagued R:fire"


def tiles(text: str) -> list[R.Tile]:
    """Tiles from space-separated TEXT[:state] tokens."""
    return [R.parse_tile(token) for token in text.split()]


def hearts(text: str) -> float:
    """The damage in hearts of a word given as tiles."""
    return R.hearts(R.damage(tiles(text)))


# --- Damage, worked by hand ---------------------------------------------------------------------

@pytest.mark.parametrize(("word", "expected"), [
    ("B O X E S", 1.5),  # 1.25+1+2+1+1 = 6.25 -> tier 6 -> 1.5
    ("Z:ruby O N E:sapphire S", 2.5),  # tier 6: 1.5 + (35%+25%) x 1.5 = 0.9 -> 1 -> 2.5
    ("C H A T", 1.0),  # 1.25+1.25+1+1 = 4.5 -> tier 5 (half up, not to even) -> 1
    ("C A T", 0.5),  # 3.25 -> tier 3 -> .5
    ("Qu O T E", 1.5),  # 2.75+1+1+1 = 5.75 -> tier 6 -> 1.5
    ("Qu A", 0.75),  # 2.75+1 = 3.75 -> tier 4 -> .75
    ("B ? X E S", 1.5),  # the rainbow tile is worth 1, like the O it stands for
    ("B O X:smashed E S", 0.75),  # 4.25 -> tier 4 -> .75
    ("B O X:plagued E S", 0.75),
    ("B O X:warped E S", 0.75),
    ("B O X:fire E S", 1.5),  # a burning tile counts
    ("B O X E S:ruby", 2.25),  # 1.5 + 35% x 1.5 = .525 -> up to .75
    ("B O X E S:diamond", 3.0),  # 1.5 + 1.5
    ("C H A:amethyst T", 1.25),  # 1 + 15% x 1 = .15 -> up to .25
    ("C A T:crystal", 0.75),  # .5 + 50% x .5 = .25
    ("C A T:emerald", 0.75),  # .5 + 20% x .5 = .1 -> .25
    ("C A T:garnet", 0.75),  # .5 + 30% x .5 = .15 -> .25
    ("Z Z Z Z Z Z Z Z Z", 13.0),  # 18 -> capped at tier 16 -> 13
    ("Z Z Z Z Z Z Z Z:diamond Z", 26.0),
])
def test_damage_worked_by_hand(word, expected):
    assert hearts(word) == expected


def test_base_damage_by_tier_as_in_the_rules():
    table = [0, .25, .25, .5, .75, 1, 1.5, 2, 2.75, 3.5, 4.5, 5.5, 6.75, 8, 9.5, 11, 13]
    assert [R.hearts(q) for q in R.BASE_DAMAGE] == table


def test_tile_values_and_coins():
    values = {"A": 1, "B": 1.25, "V": 1.5, "J": 1.75, "X": 2, "QU": 2.75, "?": 1}
    for text, value in values.items():
        assert R.tile_value(R.Tile(text)) / 4 == value
    assert [R.coin(R.Tile(t)) for t in ("E", "M", "W", "K", "Z", "QU", "?")] == \
        ["bronze", "silver", "silver", "gold", "gold", "gold", "bronze"]


# --- Tiles --------------------------------------------------------------------------------------

def test_parse_tiles():
    board = R.parse_tiles(BOARD)
    assert len(board) == 16
    assert board[5] == R.Tile("Z", "ruby") and board[10] == R.Tile("QU")
    assert board[11] == R.Tile("?") and board[12] == R.Tile("A", "locked")
    assert [t.token for t in R.parse_tiles("QuAIT/BOXE/SZON/ESAT")][:3] == ["QU", "A", "I"]


@pytest.mark.parametrize("text", ["A B C", "1 B C D/E F G H/I J K L/M N O P",
                                  "A:gold B C D/E F G H/I J K L/M N O P", "AB B C D/E F G H"])
def test_bad_tiles_are_bad_input(text):
    with pytest.raises(BadInput, match="--tiles"):
        R.parse_tiles(text)


# --- The word -----------------------------------------------------------------------------------

def test_pick_and_put_back():
    board = R.Board(R.parse_tiles(BOARD))
    board = R.pick(R.pick(board, 0), 1)
    assert board.word == (0, 1) and R.spelled(board) == "BO"
    assert R.shown(board)[0] is None and R.shown(board)[2] == R.Tile("X")
    assert R.pick(board, 0) == board  # already in the word
    assert R.pick(board, 12) == board  # locked
    assert R.put_back(board).word == (0,)


def test_judge():
    board = R.Board(R.parse_tiles(BOARD), (0, 1, 2, 3, 4))
    attack = R.judge(board, LEXICON)
    assert (attack.word, attack.accepted, R.hearts(attack.damage)) == ("BOXES", True, 1.5)
    refused = R.judge(R.Board(board.cells, (2, 3, 0)), LEXICON)
    assert (refused.accepted, refused.reason, refused.damage) == (False, "not in the lexicon", 0)
    short = R.judge(R.Board(board.cells, (0, 1)), LEXICON)
    assert short.reason == "fewer than 3 letters"
    qua = R.judge(R.Board(board.cells, (10, 0)), frozenset({"QUB"}))
    assert qua.word == "QUB"  # Qu is one tile of two letters


def test_rainbow_stands_for_any_letter():
    assert R.lookup(["C", "?", "T"], LEXICON) == "CAT"  # the first in alphabetical order
    assert R.lookup(["B", "?", "X", "E", "?"], LEXICON) == "BOXES"
    assert R.lookup(["?", "?", "?"], frozenset({"ZZZ"})) == "ZZZ"
    assert R.lookup(["Q", "?"], LEXICON) == ""


# --- The refill ---------------------------------------------------------------------------------

class Counting(R.TileSource):
    """New tiles numbered in the order drawn: 1, 2, ..."""

    def __init__(self) -> None:
        super().__init__(0)
        self.count = 0

    def draw(self) -> R.Tile:
        self.count += 1
        return R.Tile(str(self.count))


def test_fall_drops_tiles_and_new_ones_from_the_top():
    cells = tuple(R.Tile(letter) for letter in "ABCDEFGHIJKLMNOP")
    after, drops = R.fall(cells, [0, 5, 9], Counting())
    texts = "".join(tile.text if tile else "." for tile in after)
    # column 0 loses A: a new tile on top; column 1 loses F and J: B falls two rows to J's
    # place, two new tiles above it; columns 2 and 3 stay
    assert texts == "12CD" "E3GH" "IBKL" "MNOP"
    assert drops == (1, 2, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0)


def test_tile_source_is_seeded_with_sensible_frequencies():
    assert R.TileSource(5).board() == R.TileSource(5).board()
    assert R.TileSource(5).board() != R.TileSource(6).board()
    source = R.TileSource(1)
    drawn = [source.draw() for _ in range(10000)]
    letters = collections.Counter(tile.text for tile in drawn)
    assert letters.most_common(1)[0][0] == "E" and letters["Z"] < letters["S"] < letters["E"]
    assert "Q" not in letters and letters["QU"] > 0
    gems = sum(tile.state in R.GEM_PERCENT for tile in drawn)
    assert 600 < gems < 1000  # about 8%
    assert {tile.state for tile in drawn} <= {"normal", *R.GEM_PERCENT}


def test_enemy_loses_hearts_then_the_next_comes():
    enemy = R.first_enemy(40)
    enemy = R.hit(enemy, 6)
    assert (enemy.name, enemy.hearts, enemy.number) == ("Griffon", 34, 1)
    enemy = R.hit(enemy, 34)
    assert (enemy.name, enemy.hearts, enemy.full, enemy.number) == ("Minotaur", 40, 40, 2)


# --- Layout -------------------------------------------------------------------------------------

def test_layout_as_in_the_real_window():
    assert W.tile_box(0) == (309, 339, 49, 49) and W.tile_box(15) == (462, 492, 49, 49)
    assert W.centre(W.button_box(W.ATTACK)) == (410, 598)  # under the grid's centre
    assert W.centre(W.button_box(W.SCRAMBLE)) == (145, 611)  # bottom left
    _, y, _, h = W.button_box(W.ATTACK)
    assert y + h <= W.WINDOW[1] and y > W.GRID_TOP + 4 * W.PITCH


def test_what_a_click_hits():
    assert W.target_at(334, 364, 0) == "tile 0"
    assert W.target_at(385, 415, 0) == "tile 5"
    assert W.target_at(358, 364, 0) == ""  # the gap between tiles 0 and 1
    assert W.target_at(410, 598, 0) == "attack"
    assert W.target_at(145, 611, 0) == "scramble"
    first, last = W.word_boxes(3)[0], W.word_boxes(3)[-1]
    assert W.target_at(*W.centre(last), 3) == "word 2"
    assert W.target_at(*W.centre(first), 3) == "word 0"
    assert W.target_at(*W.centre(last), 0) == ""


# --- The play and its record --------------------------------------------------------------------

def new_play(tmp_path, text=BOARD, hearts=10):
    """A play on the board, with a clock that ticks a second per reading, recording to a file."""
    ticks = iter(range(1000))
    results = W.Results(tmp_path / "results.json", {"game": "bookworm"})
    return W.Play(R.parse_tiles(text), R.TileSource(3), LEXICON, hearts, results,
                  lambda: float(next(ticks)))


def click_tiles(play, *cells):
    """Click the centres of these cells."""
    return [play.click(*W.centre(W.tile_box(i)))[1] for i in cells]


def test_play_an_attack_and_record_it(tmp_path):
    play = new_play(tmp_path)
    assert click_tiles(play, 0, 1, 2, 3, 4) == ["picked"] * 5
    assert play.click(*W.centre(W.button_box(W.ATTACK))) == ("attack", "accepted BOXES")
    assert play.falling and play.drops[:5] == (2, 1, 1, 1, 2)
    play.settled()
    saved = json.loads((tmp_path / "results.json").read_text())
    attack = saved["attacks"][0]
    assert (attack["word"], attack["tiles"], attack["damage"], attack["enemy_hearts"]) == \
        ("BOXES", [0, 1, 2, 3, 4], 1.5, 8.5)
    assert [b["why"] for b in saved["boards"]] == ["start", "refill"]
    assert saved["boards"][0]["tiles"][5] == "Z:ruby"
    assert saved["boards"][1]["tiles"][5:10] == ["Z:ruby", "O", "N", "E:sapphire", "S"]
    assert [c["target"] for c in saved["clicks"]] == [f"tile {i}" for i in range(5)] + ["attack"]
    assert saved["clicks"][0]["x"] == 333 and saved["clicks"][0]["word"] == "B"
    assert not list(tmp_path.glob(".practice-*"))  # each write renamed into place


def test_a_word_the_game_does_not_take_leaves_attack_inactive_and_its_letters_up(tmp_path):
    play = new_play(tmp_path)  # as the real game: nothing happens until they are clicked back
    click_tiles(play, 2, 3, 0)
    attack = W.centre(W.button_box(W.ATTACK))
    assert play.click(*attack) == ("attack", "inactive: not in the lexicon")
    assert play.board.word == (2, 3, 0) and not play.falling and play.last is None
    assert play.results.data["attacks"] == []
    for k in (2, 1, 0):
        assert play.click(*W.centre(W.word_boxes(k + 1)[k]))[1] == "put back"
    assert play.board == R.Board(R.parse_tiles(BOARD))
    assert play.click(*attack)[1] == "inactive: no word"
    assert W.summary(play)["refused"] == 2


def test_play_locked_last_letter_and_busy(tmp_path):
    play = new_play(tmp_path)
    assert click_tiles(play, 12) == ["locked"]
    click_tiles(play, 0, 1)
    assert play.click(*W.centre(W.word_boxes(2)[0]))[1] == "not the last letter"
    assert play.click(*W.centre(W.word_boxes(2)[1]))[1] == "put back"
    assert play.board.word == (0,)
    play.click(*W.centre(W.button_box(W.SCRAMBLE)))
    assert click_tiles(play, 5) == ["ignored: tiles falling"]
    play.settled()
    assert play.board.cells != R.parse_tiles(BOARD) and play.board.word == ()


def test_play_beats_the_enemy(tmp_path):
    play = new_play(tmp_path, hearts=1)
    click_tiles(play, 0, 1, 2, 3, 4)
    play.click(*W.centre(W.button_box(W.ATTACK)))
    saved = play.results.data
    assert saved["attacks"][0]["beaten"] and saved["attacks"][0]["enemy"] == "Griffon"
    assert [(e["name"], e["hearts"]) for e in saved["enemies"]] == [("Griffon", 1),
                                                                    ("Minotaur", 1)]
    assert W.summary(play)["enemies_beaten"] == 1


def test_new_play_from_options(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("boxes\nzones\n")
    options = SimpleNamespace(tiles=None, seed=4, lexicon=str(words), enemy_hearts=3,
                              results=None)
    play = W.new_play(options, lambda: 0.0)
    assert play.lexicon == {"BOXES", "ZONES"} and play.enemy.hearts == 12
    assert play.board.cells == R.TileSource(4).board()
    with pytest.raises(BadInput, match="no such file"):
        W.new_play(SimpleNamespace(**{**vars(options), "lexicon": "/nonexistent.txt"}),
                   lambda: 0.0)


def test_practice_does_not_import_the_solvers_tables():
    imported = set()
    for module in (W, R, bookworm_draw, bookworm_window):
        assert module.__file__ is not None
        for node in ast.walk(ast.parse(Path(module.__file__).read_text())):
            if isinstance(node, ast.ImportFrom):
                imported.add("." * node.level + (node.module or ""))
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names}
    assert imported & {"..core.bookworm", "..core.anagram", "..core.rules", "..profiles",
                       "bookworm", "anagram", "rules", "profiles"} == set()
    assert "..core.types" in imported  # the check sees the imports it should


# --- The command line's bad input (no window opens) ---------------------------------------------

@pytest.mark.parametrize(("args", "says"), [
    (["--tiles", "A B"], "--tiles: 2 tiles"),
    (["--tiles", "B O X E/S Z O N/E S Qu A/A T M R:gold"], "unknown state"),
    (["--tiles", BOARD, "--seed", "3"], "not allowed with argument"),
    (["--lexicon", "/nonexistent/words.txt"], "no such file"),
    (["--results", "/nonexistent/results.json"], "no folder /nonexistent"),
    (["--enemy-hearts", "0"], "not a whole number from 1"),
    (["--seed", "3"], "cannot open a window"),  # no display
])
def test_bad_input_is_one_line_and_status_2(args, says):
    done = run_cli("practice", "bookworm", *args, env={"DISPLAY": ""})
    assert done.returncode == 2 and says in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not done.stdout
