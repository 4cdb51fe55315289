"""Grid games (Wordament, Boggle, word search): board text in, every word with its path out."""

from __future__ import annotations

from argparse import Namespace
from typing import TYPE_CHECKING, TypedDict

from ..core import grid as grids
from ..core.gestures import Drag, Gesture, Point, centre
from ..core.lexicon import Lexicon
from ..core.rules import BIG_BOGGLE_MIN_LEN, GRID_RULES, GridRules
from ..core.types import BadInput, FoundWord, Grid, Tile
from .types import Play, Solved

if TYPE_CHECKING:
    from typing import NotRequired

    from ..vision.types import Reading



class BoardJSON(TypedDict):
    """The grid solved: its shape, its tiles row-major, and the values they score with."""

    rows: int
    cols: int
    tiles: list[str]
    values: NotRequired[list[float]]


class WordJSON(TypedDict):
    """A word found: its tile path (row-major indices) and its points."""

    word: str
    path: list[int]
    score: float


class GridResult(Solved):
    """The words found on a grid, best first (--top shortens the list, not the counts)."""

    board: BoardJSON
    words: list[WordJSON]
    count: int
    total_score: float


def rules_for(game: str, grid: Grid | None, min_len: int | None) -> GridRules:
    """Return the game's rules for this grid: Big Boggle (5x5 and up) asks for 4+ letters."""
    rules = GRID_RULES[game]
    if min_len is None and game == "boggle" and grid is not None and grid.rows >= 5:
        min_len = BIG_BOGGLE_MIN_LEN
    return rules.with_min_len(min_len)


def solve(game: str, options: Namespace, lexicon: Lexicon) -> GridResult:
    """Return the JSON result for a grid given as --board text."""
    if not options.board:
        raise BadInput(f"{game}: give the board as --board TEXT, or a screenshot file")
    grid = grids.parse_grid(options.board, GRID_RULES[game], options.values)
    return result(game, grid, grids.solve(grid, lexicon, rules_for(game, grid, options.min_len)),
                  options.top)


def solve_reading(game: str, reading: Reading, options: Namespace,
                  lexicon: Lexicon) -> GridResult:
    """Return the JSON result for a grid read from a screenshot: a tile read uncertainly is
    blocked (no word goes through it) and listed under "blocked", never guessed."""
    grid = read_grid(reading)
    found = grids.solve(grid, lexicon, rules_for(game, grid, options.min_len))
    return {**result(game, grid, found, options.top), "blocked": reading.uncertain()}


def read_grid(reading: Reading) -> Grid:
    """Return the grid of a reading, its uncertain cells blocked ('#')."""
    doubtful = set(reading.uncertain())
    tiles = tuple(Tile("#") if i in doubtful else Tile(c.text, c.value)
                  for i, c in enumerate(reading.cells))
    return Grid(reading.rows, reading.cols, tiles)


def best_play(result: GridResult) -> Play:
    """Return the best word's path and a caption naming it, for --annotate."""
    if not result["words"]:
        return Play([], f"{result['game']}: no words found")
    best = result["words"][0]
    return Play(best["path"], f"{result['game']}: best {best['word']} ({best['score']} points);"
                f" {result['count']} words, {result['total_score']} points in all")


def gestures(result: GridResult, reading: Reading, origin: Point) -> list[Gesture]:
    """Return one drag per word listed, through its tiles' centres on the screen."""
    boxes = [cell.box for cell in reading.cells]
    return [Drag(tuple(centre(boxes[i], origin) for i in w["path"]), w["word"])
            for w in result["words"]]


def result(game: str, grid: Grid, found: list[FoundWord], top: int | None) -> GridResult:
    """Return the contract's JSON object for the words found on a grid (top N listed)."""
    board = BoardJSON(rows=grid.rows, cols=grid.cols, tiles=grid.texts())
    if any(t.value is not None for t in grid.tiles) or game == "wordament":
        board["values"] = grids.tile_values(grid, GRID_RULES[game])
    return GridResult(
        game=game, board=board,
        words=[WordJSON(word=w.word, path=list(w.path), score=w.score) for w in found[:top]],
        count=len(found), total_score=grids.total_score(found))


def render(result: GridResult) -> str:
    """Return a readable table of the found words: word, points and path."""
    board, words = result["board"], result["words"]
    cols = board["cols"]
    lines = [f"{result['game']} {board['rows']}x{cols}: " + "/".join(
        " ".join(board["tiles"][r * cols:(r + 1) * cols]) for r in range(board["rows"]))]
    lines.append(f"{result['count']} words, {result['total_score']} points in all"
                 + (f"; the best {len(words)}:" if len(words) < result["count"] else ":"))
    if result.get("blocked"):
        lines.append("blocked (read uncertainly): " + " ".join(
            f"{i // cols},{i % cols}" for i in result["blocked"]))
    width = max((len(w["word"]) for w in words), default=4)
    lines.append(f"  {'word':<{width}}  points  path (row,col)")
    for w in words:
        path = " ".join(f"{i // cols},{i % cols}" for i in w["path"])
        lines.append(f"  {w['word']:<{width}}  {w['score']:>6}  {path}")
    return "\n".join(lines)
