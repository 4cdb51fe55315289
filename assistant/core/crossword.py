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

Most of a walk's steps were once left parts that could never cover the anchor (96% with a
blank on a mid-game board). So a tile is placed on the way to the anchor only when a letter
allowed at the anchor that a tile left can be, and then the tile just after the anchor, can
still come at those distances below its node: `Below` knows, per DAWG node, the letters that
can come at each depth (stored beside the compiled lexicon, like the anagram index). And a
tile is placed before a board tile only when that tile can follow it. The moves found are
the same; the steps about halve without a blank and drop two to three times with blanks.

Existing board words the lexicon lacks (another dictionary, or a misread) are trusted where they
stand: moves may be played alongside them or through their letters. But every word a move forms
must be in the lexicon, so a move that extends or hooks an unknown word is proposed only when the
longer word it makes is known; `unknown_words` names them so the caller can warn.
"""

from __future__ import annotations

import heapq
import marshal
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
                                                    is_empty(board), below_of(lexicon))]


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


TABLE_FORMAT = 2  # bump when Below's stored form changes
LEVELS = 7  # depths Below knows: 0 to 6 (a left part is at most rack size - 1 = 6 squares)
MAX_LETTERS = 32  # a lexicon of more distinct letters gets no Below (its walk prunes less)
MAX_SETS = 4096  # letter sets remembered (the alphabet, the cross-checks met)


class Below:
    """For every node of a lexicon's DAWG, the letters that can occur `depth` levels below it
    (depth 0: the letters that can follow it), for depth 0 to LEVELS - 1, each a letter set:
    an int with bit i for the lexicon's i-th letter (`bits`).

    The walk asks it, before placing a tile on the way to the anchor, whether a letter
    allowed at the anchor (and the tile right after it) can still come at that distance.
    Nodes are known by their place in the lexicon's fixed node order (the root is 0); `kids`
    lists each node's children's places in letter order from `starts[place]`, so that the
    walk finds a child's place from its parent's. All are arrays of 32-bit ints: the table is
    stored apart from the lexicon (files.wordlist caches it) and read in a few milliseconds
    (nothing to rebuild per node); building it takes about 0.3 s for ENABLE."""

    def __init__(self, letters: str, levels: list[memoryview], kids: memoryview,
                 starts: memoryview) -> None:
        self.letters, self.levels, self.kids, self.starts = letters, levels, kids, starts
        self.bits = {letter: 1 << i for i, letter in enumerate(letters)} | {END: 0}
        self.lower = {letter: letter.lower() for letter in letters}  # a blank's letter
        self.sets: dict[str, int] = {}  # letters -> their letter set, as asked

    @classmethod
    def build(cls, lexicon: Lexicon) -> Below:
        """Return the table of a lexicon, worked out level by level."""
        nodes = lexicon.nodes
        letters = "".join(sorted({letter for node in nodes for letter in node} - {END}))
        if len(letters) > MAX_LETTERS:
            return cls(letters, [], words32([]), words32([]))
        bits = {letter: 1 << i for i, letter in enumerate(letters)}
        place = {id(node): i for i, node in enumerate(nodes)}
        kids = [[place[id(node[letter])] for letter in sorted(node) if letter != END]
                for node in nodes]
        level = [union(bits[letter] for letter in node if letter != END) for node in nodes]
        levels = [words32(level)]
        for _ in range(1, LEVELS):
            level = [union(level[k] for k in ks) for ks in kids]
            levels.append(words32(level))
        starts = [0]
        for ks in kids:
            starts.append(starts[-1] + len(ks))
        return cls(letters, levels, words32([k for ks in kids for k in ks]), words32(starts))

    def to_bytes(self) -> bytes:
        """Return the stored form: a marshal of the letters, each level's sets, the children
        and where each node's start (in this machine's byte order, which the form records)."""
        return marshal.dumps((TABLE_FORMAT, ORDER, self.letters,
                              [level.tobytes() for level in self.levels],
                              self.kids.tobytes(), self.starts.tobytes()))

    @classmethod
    def from_bytes(cls, lexicon: Lexicon, data: bytes) -> Below:
        """Return a lexicon's table from its stored form; ValueError if it is not this one's."""
        try:
            fmt, order, letters, stored, kids, starts = marshal.loads(data)
            levels = [memoryview(level).cast("I") for level in stored]
            kids, starts = memoryview(kids).cast("I"), memoryview(starts).cast("I")
        except (EOFError, TypeError, ValueError) as err:
            raise ValueError("not a stored crossword table") from err
        size = len(lexicon.nodes)
        if (fmt, order) != (TABLE_FORMAT, ORDER) or not isinstance(letters, str) or \
                any(len(level) != size for level in levels) or \
                (levels and (len(starts) != size + 1 or starts[size] != len(kids))):
            raise ValueError(f"stored crossword table: format {fmt}, expected {TABLE_FORMAT} "
                             f"of {size} nodes")
        return cls(letters, levels, kids, starts)

    def letter_set(self, letters: str) -> int:
        """Return letters as a letter set (a letter the lexicon lacks has no bit)."""
        found = self.sets.get(letters)
        if found is None:
            if len(self.sets) > MAX_SETS:
                self.sets.clear()
            found = self.sets[letters] = union(self.bits.get(letter, 0) for letter in letters)
        return found

    def child(self, place: int, letter: str) -> int:
        """Return the place of a node's child by this letter (which must follow it)."""
        bit = self.bits[letter]
        return self.kids[self.starts[place] + (self.levels[0][place] & (bit - 1)).bit_count()]

    def below(self, spelled: str, depth: int) -> str:
        """Return the letters that can occur `depth` levels after these letters, in order."""
        place = 0
        for letter in spelled:
            place = self.child(place, letter)
        found = self.levels[depth][place]
        return "".join(letter for i, letter in enumerate(self.letters) if found >> i & 1)


def words32(values: Sequence[int]) -> memoryview:
    """Return ints as an indexable run of 32-bit words (this machine's byte order)."""
    out = memoryview(bytearray(4 * len(values))).cast("I")
    for i, value in enumerate(values):
        out[i] = value
    return out


ORDER = words32([1]).tobytes()  # how this machine stores a 32-bit 1


def union(sets: Iterable[int]) -> int:
    """Return the union of letter sets."""
    out = 0
    for letters in sets:
        out |= letters
    return out


def below_of(lexicon: Lexicon) -> Below:
    """Return a lexicon's Below: the one given by `use_below`, else built now (once: it is kept
    with the lexicon)."""
    found = lexicon.derived.get(Below.__name__)
    if not isinstance(found, Below):
        found = Below.build(lexicon)
        use_below(lexicon, found)
    return found


def use_below(lexicon: Lexicon, table: Below) -> None:
    """Have the moves with this lexicon use this table (loaded from where it is cached)."""
    lexicon.derived[Below.__name__] = table


class LineWalk:
    """The moves along one line: the DAWG walked square by square from each start square,
    placing rack tiles. The rack's counts are the only state that changes during a walk
    (taken on the way in, given back on the way out); the letters placed are written in
    `cells` (a copy of the line) as they are; each move found is added to `found`.

    A tile is placed only when its node can still lead somewhere: before the anchor, to a node
    where a letter allowed at the anchor can come at the anchor, and the tile right after the
    anchor one square later (Below); else when a tile follows, to a node that tile can follow."""

    def __init__(self, line: Line, rack: str, rules: CrosswordRules, root: Node,
                 below: Below) -> None:
        self.line, self.values, self.root = line, rules.letter_values, root
        self.tiles, self.full, self.bingo = len(rack), rules.rack_size, rules.bingo
        self.counts = dict.fromkeys(rules.alphabet + BLANK, 0)
        for tile in rack:
            self.counts[tile] += 1
        self.distinct = sorted(set(rack) - {BLANK})
        self.have = below.letter_set("".join(self.distinct))  # the letters of the rack's tiles
        self.allowed = [below.letter_set(letters) for letters in line.allowed]
        self.spots = [(self.allowed[i], line.letter_mult[i], line.word_mult[i],
                       line.cross_points[i], line.crossed[i], i + 1,
                       line.upper[i + 1] if i + 1 < BOARD_SIZE else EMPTY)
                      for i in range(BOARD_SIZE)]  # per square: what placing a tile there needs
        self.below = below
        self.found: list[tuple[int, int, str]] = []

    def walk(self, at: Start) -> None:
        """Add the moves that start on one square."""
        line, found, counts, spots = self.line, self.found, self.counts, self.spots
        squares, upper, points = line.squares, line.upper, line.points
        tiles, full, bingo = self.tiles, self.full, self.bingo
        start, reach, single_ok = at.square, at.reach, at.single_ok
        bits, levels, lower = self.below.bits, self.below.levels, self.below.lower
        kids, starts = self.below.kids, self.below.starts
        zero = levels[0] if levels else ()  # the letters that can follow a node
        at_reach = self.allowed[reach] if reach < BOARD_SIZE else 0
        after_reach = reach + 1 < BOARD_SIZE and squares[reach + 1] != EMPTY
        beyond = bits.get(upper[reach + 1], 0) if after_reach else 0  # the tile after it
        rack = [(letter, bits.get(letter, 0), self.values[letter]) for letter in self.distinct]
        cells = list(squares)
        asks: list[tuple[memoryview | None, memoryview | None] | None] = [None] * BOARD_SIZE
        for i in range(start, reach if levels else start):  # before the anchor: the letters
            asks[i] = ((levels[reach - i - 1], levels[reach - i]) if reach - i < len(levels)
                       else (None, None))  # Below knows there and one square on

        def extend(i: int, node: Node, total: int, mult: int, cross: int, placed: int,
                   have: int, k: int) -> None:
            while i < BOARD_SIZE and squares[i] != EMPTY:
                child = node.get(upper[i])
                if child is None:
                    return
                node, total, i = child, total + points[i], i + 1
            if END in node and i > reach and i - start > 1 and (placed > 1 or single_ok):
                found.append((total * mult + cross + (bingo if placed == full else 0), start,
                              "".join(cells[start:i])))
            if i == BOARD_SIZE or placed == tiles:
                return
            allow, lm, wm, cp, cr, after, tile = spots[i]
            ahead = asks[i]
            if ahead is not None:  # the node's place, to know its children's
                here, there = ahead
                first, follow = starts[k], zero[k]
            if counts[BLANK]:
                counts[BLANK] -= 1
                rest = -1 if counts[BLANK] else have  # the letters the tiles left can be
                need = at_reach & rest
                for letter, child in node.items():
                    if (bit := bits[letter]) & allow:
                        kid = 0
                        if ahead is not None:
                            kid = kids[first + (follow & (bit - 1)).bit_count()]
                            if here is not None and there is not None and \
                                    (not (here[kid] & need and zero[kid] & rest) or
                                     (beyond and not there[kid] & beyond)):
                                continue
                        elif tile != EMPTY and tile not in child:
                            continue
                        cells[i] = lower[letter]
                        extend(after, child, total, mult * wm, cross + cp * wm if cr else cross,
                               placed + 1, have, kid)
                counts[BLANK] += 1
            for letter, bit, value in rack:
                if counts[letter] and bit & allow and (child := node.get(letter)) is not None:
                    kept, kid = have if counts[letter] > 1 else have & ~bit, 0
                    if ahead is not None:
                        kid = kids[first + (follow & (bit - 1)).bit_count()]
                        rest = -1 if counts[BLANK] else kept
                        if here is not None and there is not None and \
                                (not (here[kid] & at_reach & rest and zero[kid] & rest) or
                                 (beyond and not there[kid] & beyond)):
                            continue
                    elif tile != EMPTY and tile not in child:
                        continue
                    counts[letter] -= 1
                    cells[i] = letter
                    points_here = value * lm
                    extend(after, child, total + points_here, mult * wm,
                           cross + (cp + points_here) * wm if cr else cross, placed + 1, kept,
                           kid)
                    counts[letter] += 1

        extend(start, self.root, 0, 1, 0, 0, self.have, 0)


def line_moves(line: str, row: int, checks: Sequence[Check], layout: Layout, rack: str,
               rules: CrosswordRules, root: Node, down: bool, first: bool,
               below: Below) -> list[tuple[int, int, str]]:
    """Return (score, start, spelled) for every legal move along one line of the board.

    A one-tile move that forms words both ways is found across and down; only the across
    one is kept."""
    tables = line_tables(line, row, checks, layout, rules)
    walk_line, tiles = LineWalk(tables, rack, rules, root, below), len(rack)
    nearest = reaches(anchors(line, checks, row, layout, first))
    for square, reach in enumerate(nearest):
        if reach == BOARD_SIZE or (square and line[square - 1] != EMPTY):
            continue
        if line[square] == EMPTY and reach - square >= tiles:
            continue
        walk_line.walk(Start(square, reach, not (down and tables.crossed[reach])))
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
    return [move(board, raw) for raw in ranked(raws, top)], len(raws)


def ranked(raws: list[Raw], top: int | None = None) -> list[Raw]:
    """Return the best `top` raw moves (all when None), best first: only those scoring at
    least the top-th best score are sorted (a blank's 14,000 moves: 10 ms -> 2 ms)."""
    if top is not None and len(raws) > top:
        least = heapq.nlargest(top, (raw[0] for raw in raws))[-1] if top > 0 else 0
        raws = [raw for raw in raws if raw[0] >= least]
    return sorted(raws, key=rank_key)[:top]
