"""Grid games (Wordament, Boggle, word search): read board text and find every word on a grid.

The search is a depth-first walk of the board and the lexicon's DAWG together: a path is
extended only while its letters are a prefix of some word, so every word is found and no dead
branch is followed. Where several paths spell a word, the one kept scores most, then has the
fewest tiles (fewest drag segments), then is the lexicographically greatest (the path a stack-based
search meets first, the classic word-search engine's choice).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from .lexicon import END, Lexicon, Node
from .numbers import MAX_TILE_VALUE, shown, whole
from .rules import GridRules
from .types import BadInput, FoundWord, Grid, Tile

TILE = re.compile(r"[A-Z]+(/[A-Z]+)*|[A-Z]+-|-[A-Z]+|[#._]")
MAX_SIDE = 12  # tiles in a grid's row or column: a documented cap (see README, bad input)
MAX_TILE_LETTERS = {False: 2, True: 5}  # a tile's letters: QU, TH; with a dash OVER-, -TION
ROW_BREAKS = re.compile(r"\s*[\n,;]\s*|\s+/\s+")


@lru_cache(maxsize=64)
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Return, for each tile index, the indices of its (up to 8) adjacent tiles."""
    return tuple(
        tuple((r + dr) * cols + c + dc
              for dr in (-1, 0, 1) for dc in (-1, 0, 1)
              if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols)
        for r in range(rows) for c in range(cols))


def tile_values(grid: Grid, rules: GridRules) -> list[float]:
    """Return each tile's value: the printed one when known, else the game's usual value."""
    return [rules.tile_value(t.text) if t.value is None else t.value for t in grid.tiles]


def solve(grid: Grid, lexicon: Lexicon, rules: GridRules) -> list[FoundWord]:
    """Return every word of at least rules.min_len letters on the grid, best score first."""
    tiles, values, shortest = grid.tiles, tile_values(grid, rules), rules.min_len
    spell = [t.spellings for t in tiles]
    steps = [() if t.suffix else tuple(j for j in nbrs if spell[j] and not tiles[j].prefix)
             for t, nbrs in zip(tiles, neighbours(grid.rows, grid.cols), strict=True)]
    best: dict[str, tuple[int, int, tuple[int, ...]]] = {}

    def visit(node: Node, i: int, used: int, word: str, path: tuple[int, ...],
              total: float) -> None:
        for letters in spell[i]:
            child = node
            for letter in letters:
                step = child.get(letter)
                if step is None:
                    break
                child = step
            else:
                here, worth = word + letters, total + values[i]
                if END in child and len(here) >= shortest:
                    found = (rules.score(len(here), worth), -len(path), path)
                    if here not in best or found > best[here]:
                        best[here] = found
                for j in steps[i]:
                    if not used >> j & 1:
                        visit(child, j, used | 1 << j, here, path + (j,), worth)

    for i, letters in enumerate(spell):
        if letters:
            visit(lexicon.root, i, 1 << i, "", (i,), 0)
    return rank(FoundWord(word, path, score) for word, (score, _, path) in best.items())


def rank(words: Iterable[FoundWord]) -> list[FoundWord]:
    """Return found words ordered by score (highest first), then alphabetically."""
    return sorted(words, key=lambda w: (-w.score, w.word))


def find_path(grid: Grid, word: str, rules: GridRules) -> tuple[int, ...]:
    """Return the best path that spells this word on the grid, or () when there is none."""
    if not word.isalpha():
        return ()
    found = solve(grid, Lexicon.from_words([word]), rules.with_min_len(1))
    return found[0].path if found else ()


def total_score(found: Sequence[FoundWord]) -> int:
    """Return the sum of the scores of these found words."""
    return int(sum(w.score for w in found))


# --- board text -------------------------------------------------------------------------------

def parse_grid(text: str, rules: GridRules, values: str | None = None) -> Grid:
    """Return the grid written as board text: rows split by '/', tiles by spaces or one a char."""
    rows = _rows(text.strip(), rules)
    if len(rows) > MAX_SIDE or len(rows[0]) > MAX_SIDE:
        raise BadInput(f"board: {len(rows)}x{len(rows[0])} tiles, over the cap of "
                       f"{MAX_SIDE}x{MAX_SIDE} (Super Big Boggle is 6x6)")
    for r, row in enumerate(rows):
        for c, tile in enumerate(row):
            if not TILE.fullmatch(tile) or letters(tile) > MAX_TILE_LETTERS[affix(tile)]:
                raise BadInput(f"board: tile {shown(tile)} at row {r + 1}, column {c + 1} is not "
                               "a tile (write E, QU, A/B, RE-, -ING, or # for an empty cell; "
                               "at most 2 letters, 5 with a dash)")
    grid = Grid(len(rows), len(rows[0]), tuple(Tile(t) for row in rows for t in row))
    _check_shape(grid, rules)
    return grid if values is None else with_values(grid, parse_values(values, len(grid.tiles)))


def letters(tile: str) -> int:
    """Return the letters of a tile text, the longest side of an either/or tile."""
    return max(len(side.strip("-")) for side in tile.split("/"))


def affix(tile: str) -> bool:
    """True for a prefix or suffix tile (RE-, -ING)."""
    return tile.startswith("-") or tile.endswith("-")


def _rows(text: str, rules: GridRules) -> list[list[str]]:
    """Split board text into rows of tile texts (see parse_grid), checking they are even."""
    if not text:
        raise BadInput("board: empty board text")
    if ROW_BREAKS.search(text):
        rows = [_tiles(row) for row in ROW_BREAKS.split(text)]
    elif not re.search(r"\s", text):
        rows = [_tiles(row) for row in text.split("/")]
    else:
        rows = _spaced_rows(text.split(), rules)
    widths = sorted({len(row) for row in rows})
    if len(widths) > 1 or not widths[0]:
        counts = ", ".join(map(str, widths))
        raise BadInput(f"board: rows have different numbers of tiles ({counts}); "
                       "separate rows with '/' and tiles with spaces")
    return rows


def _tiles(row: str) -> list[str]:
    """Return a row's tiles: space-separated, else one per character ('Qu' joins lowercase)."""
    if re.search(r"\s", row.strip()):
        return row.split()
    if row.isupper() or row.islower() or not re.search("[a-z]", row):
        return list(row.upper())
    return [t.upper() for t in re.findall(r"[^a-z][a-z]*", row)]


def _spaced_rows(tokens: list[str], rules: GridRules) -> list[list[str]]:
    """Split spaced tokens whose '/' may end a row or join an either/or tile (A/B)."""
    count = sum(len(t.split("/")) for t in tokens)
    for width in [rules.cols] + [w for w in range(1, count + 1) if w != rules.cols]:
        rows = _greedy_rows(tokens, width)
        if all(len(row) == width for row in rows):
            return rows
    return [[t] for t in tokens]  # reported as uneven by the caller


def _greedy_rows(tokens: list[str], width: int) -> list[list[str]]:
    """Read tokens left to right; a '/' ends the row when it is full, else joins an A/B tile."""
    rows: list[list[str]] = [[]]
    for token in tokens:
        parts = token.split("/")
        rows[-1].append(parts[0])
        for part in parts[1:]:
            if len(rows[-1]) == width:
                rows.append([part])
            else:
                rows[-1][-1] += "/" + part
    return rows


def _check_shape(grid: Grid, rules: GridRules) -> None:
    """Raise BadInput when the grid's shape does not suit the game."""
    if rules.square and grid.rows != grid.cols:
        raise BadInput(f"board: {rules.game} needs a square grid, got {grid.rows}x{grid.cols}")
    if not rules.square and (grid.rows, grid.cols) != (rules.rows, rules.cols):
        raise BadInput(f"board: {rules.game} needs {rules.rows}x{rules.cols} tiles, "
                       f"got {grid.rows}x{grid.cols}")


def parse_values(text: str, count: int) -> list[float]:
    """Return the printed tile values written as whole numbers (1 to 99) split by spaces,
    commas or '/'."""
    items = [v for v in re.split(r"[\s,/]+", str(text).strip()) if v]
    if len(items) != count:
        raise BadInput(f"values: {len(items)} numbers given for {count} tiles")
    return [whole(v, f"values: tile {i + 1}", 1, MAX_TILE_VALUE) for i, v in enumerate(items)]


def with_values(grid: Grid, values: Sequence[float | None]) -> Grid:
    """Return the grid with these printed tile values."""
    tiles = tuple(Tile(t.text, v, t.state) for t, v in zip(grid.tiles, values, strict=True))
    return Grid(grid.rows, grid.cols, tiles)
