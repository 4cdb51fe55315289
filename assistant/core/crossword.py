"""Crossword games (Wordfeud, Scrabble, Words With Friends): every legal move, scored exactly.

Move generation is Appel and Jacobson's ("The World's Fastest Scrabble Program", 1988) over the
lexicon's DAWG. An *anchor* is an empty square next to a tile (on an empty board: the start
square); every move covers one. A *cross-check* is, for each empty square with tiles above or
below it, the set of letters that make the column a word there, and the points of those tiles.
Moves along rows are generated one row at a time; moves down are the same code run on the
transposed board and layout. Within a row, a move is found once, by the square where its word
starts: that square's left neighbour is empty, and the first anchor at or after it (`reach`) must
be covered, so the left part before the anchor is at most rack-size - 1 free squares (the
Appel-Jacobson limit), walked with the squares (and so the premiums) known. Each square's letter
and word multipliers, and the cross word's points, are summed while walking, so a move is scored
the moment it is found. (The paper's LeftPart recursion, which shares the left parts between
start squares but must place and score each one once it reaches the anchor, measured no faster
without a blank and 7-14% slower with blanks, so the simpler walk stays.)

Existing board words the lexicon lacks (another dictionary, or a misread) are trusted where they
stand: moves may be played alongside them or through their letters. But every word a move forms
must be in the lexicon, so a move that extends or hooks an unknown word is proposed only when the
longer word it makes is known; `unknown_words` names them so the caller can warn.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from .crossword_text import EMPTY, Board
from .crossword_text import UNREAD as UNREAD  # the board and rack as written, here too
from .crossword_text import check_tiles as check_tiles
from .crossword_text import parse_board as parse_board
from .crossword_text import parse_rack as parse_rack
from .crossword_text import tile_count as tile_count
from .lexicon import END, Lexicon, Node
from .rules import BLANK, BOARD_SIZE, CrosswordRules, Layout

ACROSS, DOWN = "across", "down"
Raw = tuple[int, str, int, int, str]  # score, direction, line, start square, spelled word
Check = tuple[str, int] | None  # a square's cross-check: (letters allowed, cross word's points)


@dataclass(frozen=True)
class Placement:
    """One tile put on the board by a move: its square, its letter, and whether it is a blank."""

    row: int
    col: int
    letter: str
    blank: bool = False


@dataclass(frozen=True)
class Move:
    """A move: the main word, where it starts, its direction, score, tiles placed, words formed."""

    word: str
    row: int
    col: int
    direction: str
    score: int
    placed: tuple[Placement, ...]
    words: tuple[str, ...]  # the main word first, then the cross words


def transpose(board: Board) -> Board:
    """Return the board mirrored on its main diagonal: columns become rows."""
    return tuple("".join(column) for column in zip(*board, strict=True))


def runs(line: str) -> Iterable[tuple[int, str]]:
    """Yield (start, letters) for each run of two or more tiles in a line."""
    for found in re.finditer(r"[^.#]{2,}", line):
        yield found.start(), found.group()


def unknown_words(board: Board, lexicon: Lexicon) -> list[str]:
    """Return the words on the board (across and down) that the lexicon lacks, sorted."""
    lines = board + transpose(board)
    return sorted({word.upper() for line in lines for _, word in runs(line)
                   if not lexicon.is_word(word)})


# --- cross-checks --------------------------------------------------------------------------------

def walk(node: Node | None, letters: str) -> Node | None:
    """Return the DAWG node reached by spelling these (upper-case) letters, or None."""
    for letter in letters:
        if node is None:
            return None
        node = node.get(letter)
    return node


def cross_check(column: str, row: int, root: Node, rules: CrosswordRules) -> Check:
    """Return (letters that make a word in this column at row, points of its tiles), or None
    when the square has no tile above or below it."""
    above = column[:row].rsplit(EMPTY, 1)[-1]
    below = column[row + 1:].split(EMPTY, 1)[0]
    if not above and not below:
        return None
    node, tail = walk(root, above.upper()) or {}, below.upper()
    letters = "".join(letter for letter, child in node.items()
                      if letter != END and END in (walk(child, tail) or {}))
    return letters, sum(rules.value(tile) for tile in above + below)


def is_empty(board: Board) -> bool:
    """True when no tile has been played yet."""
    return all(square == EMPTY for row in board for square in row)


# --- move generation ----------------------------------------------------------------------------

def generate(board: Board, rack: str, rules: CrosswordRules, lexicon: Lexicon,
             directions: Sequence[str] = (ACROSS, DOWN)) -> list[Raw]:
    """Return every legal move (in these directions) as (score, direction, line, start,
    spelled), unsorted.

    `line` is the row (across) or column (down); `spelled` is the main word with played and
    placed blanks in lower case; the squares it crosses that were empty hold the placed tiles."""
    return [move for direction in directions
            for moves in lines_moves(board, rack, rules, lexicon, direction) for move in moves]


def lines_moves(board: Board, rack: str, rules: CrosswordRules, lexicon: Lexicon,
                direction: str) -> Iterator[list[Raw]]:
    """Yield the legal moves in one direction line by line (each line's as generate gives
    them), so that a caller may stop between lines."""
    for row in range(BOARD_SIZE):
        yield line_of_moves(board, rack, rules, lexicon, direction, row)


def line_of_moves(board: Board, rack: str, rules: CrosswordRules, lexicon: Lexicon,
                  direction: str, row: int) -> list[Raw]:
    """Return the legal moves along one line (a row across, a column down), as generate
    gives them."""
    lines, layout = ((board, rules.layout) if direction == ACROSS else
                     (transpose(board), rules.layout.transposed()))
    line, columns = lines[row], transpose(lines)
    checks = [cross_check(columns[c], row, lexicon.root, rules) if line[c] == EMPTY
              else None for c in range(BOARD_SIZE)]
    return [(score, direction, row, start, spelled)
            for score, start, spelled in line_moves(line, row, checks, layout, rack, rules,
                                                    lexicon.root, direction == DOWN,
                                                    is_empty(board))]


def anchors(line: str, checks: Sequence[Check], row: int, layout: Layout,
            first: bool) -> list[bool]:
    """Return, per square of a line, whether it is an anchor (first move: the start square)."""
    if first:
        return [(row, col) == layout.start for col in range(BOARD_SIZE)]
    filled = [False] + [square != EMPTY for square in line] + [False]  # filled[c + 1]: square c
    return [line[c] == EMPTY and (checks[c] is not None or filled[c] or filled[c + 2])
            for c in range(BOARD_SIZE)]


def reaches(marks: Sequence[bool]) -> list[int]:
    """Return, per square, the first anchor at or after it (BOARD_SIZE when there is none)."""
    nearest, out = BOARD_SIZE, [BOARD_SIZE] * BOARD_SIZE
    for col in reversed(range(BOARD_SIZE)):
        nearest = col if marks[col] else nearest
        out[col] = nearest
    return out


@dataclass(frozen=True)
class Line:
    """One line of the board, ready to walk: per square its tile (or EMPTY), the tile's points,
    the letters allowed there, whether a cross word runs through it and that word's points,
    and the square's letter and word multipliers."""

    squares: str
    upper: str
    points: list[int]
    allowed: list[str]
    crossed: list[bool]
    cross_points: list[int]
    letter_mult: list[int]
    word_mult: list[int]


def line_tables(line: str, row: int, checks: Sequence[Check], layout: Layout,
                rules: CrosswordRules) -> Line:
    """Return a line of the board with its per-square tables."""
    columns = range(BOARD_SIZE)
    return Line(line, line.upper(), [rules.value(square) for square in line],
                [rules.alphabet if check is None else check[0] for check in checks],
                [check is not None for check in checks],
                [0 if check is None else check[1] for check in checks],
                [layout.multipliers(row, c)[0] for c in columns],
                [layout.multipliers(row, c)[1] for c in columns])


@dataclass(frozen=True)
class Start:
    """A square a word starts on, the first anchor at or after it (the word must cover it),
    and whether a one-tile move found from here is kept (not when it is also found across)."""

    square: int
    reach: int
    single_ok: bool


class LineWalk:
    """The moves along one line: the DAWG walked square by square from each start square,
    placing rack tiles. The rack's counts are the only state that changes during a walk
    (taken on the way in, given back on the way out); each move found is added to `found`."""

    def __init__(self, line: Line, rack: str, rules: CrosswordRules) -> None:
        self.line, self.values = line, rules.letter_values
        self.tiles, self.full, self.bingo = len(rack), rules.rack_size, rules.bingo
        self.counts = dict.fromkeys(rules.alphabet + BLANK, 0)
        for tile in rack:
            self.counts[tile] += 1
        self.distinct = sorted(set(rack) - {BLANK})
        self.found: list[tuple[int, int, str]] = []

    def extend(self, at: Start, i: int, node: Node, word: str, total: int, mult: int,
               cross: int, placed: int) -> None:
        """Walk on from square i with `word` spelled so far (scored total * mult + cross) and
        `placed` tiles put down: through the tiles on the board, then placing a rack tile."""
        line = self.line
        while i < BOARD_SIZE and line.squares[i] != EMPTY:
            child = node.get(line.upper[i])
            if child is None:
                return
            node, word, total, i = child, word + line.squares[i], total + line.points[i], i + 1
        if END in node and i > at.reach and i - at.square > 1 and (placed > 1 or at.single_ok):
            bonus = self.bingo if placed == self.full else 0
            self.found.append((total * mult + cross + bonus, at.square, word))
        if i == BOARD_SIZE or placed == self.tiles:
            return
        allow, lm, wm = line.allowed[i], line.letter_mult[i], line.word_mult[i]
        cp, cr, counts = line.cross_points[i], line.crossed[i], self.counts
        if counts[BLANK]:
            counts[BLANK] -= 1
            for letter, child in node.items():
                if letter in allow:
                    self.extend(at, i + 1, child, word + letter.lower(), total, mult * wm,
                                cross + cp * wm if cr else cross, placed + 1)
            counts[BLANK] += 1
        for letter in self.distinct:
            if counts[letter] and letter in allow and (child := node.get(letter)) is not None:
                counts[letter] -= 1
                points = self.values[letter] * lm
                self.extend(at, i + 1, child, word + letter, total + points, mult * wm,
                            cross + (cp + points) * wm if cr else cross, placed + 1)
                counts[letter] += 1


def line_moves(line: str, row: int, checks: Sequence[Check], layout: Layout, rack: str,
               rules: CrosswordRules, root: Node, down: bool,
               first: bool) -> list[tuple[int, int, str]]:
    """Return (score, start, spelled) for every legal move along one line of the board.

    A one-tile move that forms words both ways is found across and down; only the across
    one is kept."""
    tables = line_tables(line, row, checks, layout, rules)
    walk_line, tiles = LineWalk(tables, rack, rules), len(rack)
    nearest = reaches(anchors(line, checks, row, layout, first))
    for square, reach in enumerate(nearest):
        if reach == BOARD_SIZE or (square and line[square - 1] != EMPTY):
            continue
        if line[square] == EMPTY and reach - square >= tiles:
            continue
        walk_line.extend(Start(square, reach, not (down and tables.crossed[reach])), square,
                         root, "", 0, 1, 0, 0)
    return walk_line.found


# --- moves: placing, words formed, scoring -------------------------------------------------------

def squares(direction: str, line: int, start: int, length: int) -> list[tuple[int, int]]:
    """Return the (row, col) squares of a word along a line from a start square."""
    along = range(start, start + length)
    return [(line, i) for i in along] if direction == ACROSS else [(i, line) for i in along]


def placements(board: Board, direction: str, line: int, start: int,
               spelled: str) -> tuple[Placement, ...]:
    """Return the tiles a move puts on the board: the squares of its word that were empty."""
    return tuple(Placement(r, c, letter.upper(), letter.islower())
                 for (r, c), letter in zip(squares(direction, line, start, len(spelled)), spelled,
                                           strict=True)
                 if board[r][c] == EMPTY)


def apply(board: Board, placed: Iterable[Placement]) -> Board:
    """Return the board with these tiles put on it (blanks in lower case)."""
    rows = [list(row) for row in board]
    for tile in placed:
        rows[tile.row][tile.col] = tile.letter.lower() if tile.blank else tile.letter
    return tuple("".join(row) for row in rows)


def run_through(board: Board, row: int, col: int, direction: str) -> list[tuple[int, int]]:
    """Return the squares of the run of tiles through (row, col) in a direction."""
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)

    def tile(r: int, c: int) -> bool:
        return 0 <= r < BOARD_SIZE and 0 <= c < BOARD_SIZE and board[r][c] != EMPTY

    while tile(row - dr, col - dc):
        row, col = row - dr, col - dc
    out = []
    while tile(row, col):
        out.append((row, col))
        row, col = row + dr, col + dc
    return out


def formed(board: Board, placed: Sequence[Placement]) -> list[list[tuple[int, int]]]:
    """Return the squares of each word the tiles form once placed: the main word first, then
    the cross words (a lone tile's main word runs across when it can)."""
    after = apply(board, placed)
    lone = len(placed) == 1 and len(run_through(after, placed[0].row, placed[0].col, ACROSS)) < 2
    across = not lone and len({tile.row for tile in placed}) == 1
    first, other = (ACROSS, DOWN) if across else (DOWN, ACROSS)
    main = run_through(after, placed[0].row, placed[0].col, first)
    crosses = [run_through(after, tile.row, tile.col, other) for tile in placed]
    return [main] + [cross for cross in crosses if len(cross) > 1]


def spell(board: Board, word: Sequence[tuple[int, int]]) -> str:
    """Return the letters on these squares, upper case."""
    return "".join(board[r][c] for r, c in word).upper()


def score(board: Board, placed: Sequence[Placement], rules: CrosswordRules) -> int:
    """Return the points of putting these tiles on the board: each word formed scores its
    tiles (letter premiums of new tiles first) times the word premiums of its new tiles;
    plus the bingo bonus when the whole rack is played."""
    after, new = apply(board, placed), {(tile.row, tile.col) for tile in placed}
    total = 0
    for word in formed(board, placed):
        points, mult = 0, 1
        for r, c in word:
            letter_mult, word_mult = rules.layout.multipliers(r, c) if (r, c) in new else (1, 1)
            points += rules.value(after[r][c]) * letter_mult
            mult *= word_mult
        total += points * mult
    return total + (rules.bingo if len(placed) == rules.rack_size else 0)


def move(board: Board, raw: Raw) -> Move:
    """Return the move a raw generated move stands for, with the words it forms."""
    points, direction, line, start, spelled = raw
    placed = placements(board, direction, line, start, spelled)
    row, col = squares(direction, line, start, 1)[0]
    words = tuple(spell(apply(board, placed), word) for word in formed(board, placed))
    return Move(spelled.upper(), row, col, direction, points, placed, words)


def rank_key(raw: Raw) -> tuple:
    """Return the sort key of a raw move: best score first, then word, direction, square."""
    points, direction, line, start, spelled = raw
    return -points, spelled.upper(), direction, line, start, spelled


def near(board: Board, raw: Raw) -> set[tuple[int, int]]:
    """Return the squares a move depends on: those of every word it forms, the squares just
    before and after each of those words, and the squares beside each tile it places."""
    placed = placements(board, *raw[1:])
    out = {(t.row + dr, t.col + dc) for t in placed
           for dr, dc in ((0, 0), (0, 1), (0, -1), (1, 0), (-1, 0))}
    for word in formed(board, placed):
        (r0, c0), (r1, c1) = word[0], word[-1]
        dr, dc = (int(r1 > r0), int(c1 > c0)) if len(word) > 1 else (0, 1)
        out.update(word, [(r0 - dr, c0 - dc), (r1 + dr, c1 + dc)])
    return out


Generator = Callable[[Board, str, CrosswordRules, Lexicon], list[Raw]]  # as generate


def best_moves(board: Board, rack: str, rules: CrosswordRules, lexicon: Lexicon,
               top: int | None = None, unsure: frozenset[tuple[int, int]] = frozenset(),
               generator: Generator = generate) -> tuple[list[Move], int]:
    """Return the best `top` moves (all when None), best first, and how many moves there are.

    Moves that depend on an `unsure` square (one a reader could not read surely) are left out,
    so what is left holds whatever that square really holds. `generator` finds every move
    (generate, or a caller's that shares the work out)."""
    raws = generator(board, rack, rules, lexicon)
    if unsure:
        raws = [raw for raw in raws if not near(board, raw) & unsure]
    return [move(board, raw) for raw in sorted(raws, key=rank_key)[:top]], len(raws)
