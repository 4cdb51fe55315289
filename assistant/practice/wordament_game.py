"""Practice Wordament's rules and state, pure (no Tk): tiles, boards, drag paths, verdicts,
scores and the results record (the window's geometry and looks: wordament_layout.py).

The game judges and scores words with its OWN tables below (letter values and length
multipliers from RULES.md) and its own word set, never with the solver (assistant.core.grid,
core.rules, wordlist), so that tests of the live player against this game do not check the code
against itself.

  Tile(text, value)           "E", "QU", "U/L" (either/or), "DE-" (prefix), "-ING" (suffix)
  Board(tiles)                4x4, row-major; parse_board(text, values), random_board(rng)
  step(board, path, cell)     the drag path after the pointer comes well inside a cell
  judge(board, path, words, found) -> (word, verdict);  points(board, path, word)
  Round(board, start).swipe(path, time, words) -> Swipe;  Session: every round, as JSON
"""

from __future__ import annotations

import itertools
import math
import pathlib
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..core.types import BadInput
from ..files.shipped import shipped

SIZE = 4  # tiles a side
MIN_LETTERS = 3
Cell = tuple[int, int]  # (row, col), (0, 0) top-left
Path = tuple[Cell, ...]  # the tiles of a drag, in order


def _table(text: str) -> dict[str, int]:
    """Return a table written as 'A2 B5 ...': key -> number."""
    return {item[0]: int(item[1:]) for item in text.split()}


# --- the game's tables ---------------------------------------------------------------------

LETTER_VALUES = _table("A2 B5 C3 D3 E1 F5 G4 H4 I2 J10 K6 L3 M4 N2 O2 P4 Q8 R2 S2 T2 "
                       "U4 V6 W6 X9 Y5 Z8")  # the usual printed values (RULES.md)
EITHER_OR_VALUE = 20  # seen printed on every either/or tile (U/L, U/M)
SPECIAL_VALUES = {  # seen in real screenshots: VE 12, CH 9, DE- 12, -Y 12; the rest our guess
    "VE": 12, "CH": 9, "TH": 8, "ER": 7, "IN": 6, "ES": 6, "QU": 9,
    "DE-": 12, "RE-": 10, "UN-": 10, "-Y": 12, "-ED": 10, "-ING": 12, "-ER": 9}
MULTIPLIERS = ((8, 2.5), (6, 2.0), (5, 1.5), (MIN_LETTERS, 1.0))  # (fewest letters, x)
LETTER_COUNTS = _table("E12 A9 I9 O8 N6 R6 T6 L4 S4 U4 D4 G3 B2 C2 F2 H2 M2 P2 V2 W2 Y2 "
                       "J1 K1 Q1 X1 Z1")  # how often random boards draw each letter
SPECIALS = ("QU", "TH", "ER", "IN", "VE", "CH", "ES", "A/E", "U/L", "S/T",
            "DE-", "RE-", "UN-", "-ING", "-ED", "-Y", "-ER")
SPECIAL_CHANCE = 0.4  # of a random board having one special tile
VOWELS = frozenset("AEIOU")


# --- tiles and boards ------------------------------------------------------------------------

@dataclass(frozen=True)
class Tile:
    """One tile: its text ("E", "QU", "U/L", "DE-", "-ING") and printed value."""

    text: str
    value: int

    @property
    def prefix(self) -> bool:
        """True for a prefix tile, which only starts a word."""
        return self.text.endswith("-")

    @property
    def suffix(self) -> bool:
        """True for a suffix tile, which only ends a word."""
        return self.text.startswith("-")

    @property
    def spellings(self) -> tuple[str, ...]:
        """Return the letters the tile can stand for (two for an either/or tile)."""
        return tuple(self.text.strip("-").split("/"))


@dataclass(frozen=True)
class Board:
    """A 4x4 board of tiles, row-major."""

    tiles: tuple[Tile, ...]

    def tile(self, cell: Cell) -> Tile:
        """Return the tile at (row, col)."""
        return self.tiles[cell[0] * SIZE + cell[1]]

    def rows(self) -> list[list[str]]:
        """Return the tile texts, row by row."""
        return [[t.text for t in self.tiles[r * SIZE:(r + 1) * SIZE]] for r in range(SIZE)]

    def values(self) -> list[list[int]]:
        """Return the printed values, row by row."""
        return [[t.value for t in self.tiles[r * SIZE:(r + 1) * SIZE]] for r in range(SIZE)]

    def text(self) -> str:
        """Return the board as board text (rows split by '/', tiles by spaces)."""
        return "/".join(" ".join(row) for row in self.rows())


CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))
ROW_BREAKS = re.compile(r"\s*[\n,;]\s*|\s+/\s+")
TILE_TEXT = re.compile(r"[A-Z]{1,3}|[A-Z]/[A-Z]|[A-Z]{1,4}-|-[A-Z]{1,4}")


def usual_value(text: str) -> int:
    """Return the value a tile with this text usually has."""
    if "/" in text:
        return EITHER_OR_VALUE
    if text in SPECIAL_VALUES:
        return SPECIAL_VALUES[text]
    return sum(LETTER_VALUES[letter] for letter in text.strip("-"))


def parse_board(text: str, values: str | None = None) -> Board:
    """Return the board written as board text (rows split by '/'), with these printed values
    ('1 4 2 3/20 2 1 6/...') or else the usual ones."""
    texts = [t for row in board_rows(text) for t in row]
    for i, t in enumerate(texts):
        if not TILE_TEXT.fullmatch(t):
            raise BadInput(f"board: tile {t!r} at row {i // SIZE + 1}, column {i % SIZE + 1} "
                           "is not a Wordament tile (E, QU, A/B, RE-, -ING)")
    numbers = parse_values(values) if values else [usual_value(t) for t in texts]
    return Board(tuple(Tile(t, v) for t, v in zip(texts, numbers, strict=True)))


def board_rows(text: str) -> list[list[str]]:
    """Return the 4 rows of 4 tile texts written in board text, or raise BadInput."""
    text = text.strip()
    if ROW_BREAKS.search(text):  # rows split by newlines, commas or ' / ': any tile may be A/B
        rows = [row_tiles(row) for row in ROW_BREAKS.split(text)]
    elif re.search(r"\s", text):
        rows = spaced_rows(text.upper().split())
    else:
        rows = [row_tiles(row) for row in text.split("/")]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise BadInput(f"board: {text!r} is not 4 rows of 4 tiles (rows split by '/', "
                       "e.g. EECA/ALEP/HNBO/QTTY or 'S D R C/C E P L/E L OVER- A/T S Y R')")
    return rows


def row_tiles(row: str) -> list[str]:
    """Return one row's tiles: split by spaces, else one a character, a lowercase letter
    joining the tile before it (QuIT)."""
    if re.search(r"\s", row.strip()):
        return row.upper().split()
    return [t.upper() for t in re.findall(r"[^a-z][a-z]*", row.strip())]


def spaced_rows(tokens: list[str]) -> list[list[str]]:
    """Return rows of spaced tokens: a '/' ends a full row, else joins an either/or tile."""
    rows: list[list[str]] = [[]]
    for token in tokens:
        first, *rest = token.split("/")
        rows[-1].append(first)
        for part in rest:
            if len(rows[-1]) == SIZE:
                rows.append([part])
            else:
                rows[-1][-1] += "/" + part
    return rows


def parse_values(text: str) -> list[int]:
    """Return 16 printed values written as numbers split by spaces, commas or '/'."""
    items = [v for v in re.split(r"[\s,/]+", text.strip()) if v]
    if len(items) != SIZE * SIZE or not all(v.isdigit() and 0 < int(v) < 100 for v in items):
        raise BadInput(f"values: {text!r} is not 16 whole numbers from 1 to 99 "
                       "(e.g. '1 4 2 3/20 2 1 6/...')")
    return [int(v) for v in items]


def random_board(rng: random.Random) -> Board:
    """Return a random board: letters by their usual frequency (Q as QU), 4 to 8 vowels,
    sometimes one special tile; usual values."""
    letters = "".join(letter * n for letter, n in LETTER_COUNTS.items())
    while True:
        texts = ["QU" if t == "Q" else t for t in rng.choices(letters, k=SIZE * SIZE)]
        if 4 <= sum(t in VOWELS for t in texts) <= 8:
            break
    if rng.random() < SPECIAL_CHANCE:
        texts[rng.randrange(SIZE * SIZE)] = rng.choice(SPECIALS)
    return Board(tuple(Tile(t, usual_value(t)) for t in texts))


# --- drag paths ------------------------------------------------------------------------------

def adjacent(a: Cell, b: Cell) -> bool:
    """True when two cells touch, across a side or a corner."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def can_join(board: Board, path: Path, cell: Cell) -> bool:
    """True when this cell may be added to the path: unused, next to the last tile, not a
    prefix tile, and the last tile is not a suffix."""
    return (bool(path) and cell not in path and adjacent(path[-1], cell)
            and not board.tile(cell).prefix and not board.tile(path[-1]).suffix)


def step(board: Board, path: Path, cell: Cell) -> Path:
    """Return the path after the pointer comes well inside this cell: back onto the previous
    tile takes the last one off; a cell that can join is added; anything else changes nothing."""
    if len(path) >= 2 and cell == path[-2]:
        return path[:-1]
    return path + (cell,) if can_join(board, path, cell) else path


def valid(board: Board, path: Path) -> bool:
    """True when the path could have been dragged: every tile joined the one before it."""
    return bool(path) and all(can_join(board, path[:i], cell)
                              for i, cell in enumerate(path) if i)


# --- verdicts and scores ---------------------------------------------------------------------

def spellings(board: Board, path: Path) -> list[str]:
    """Return every word the path spells (more than one through either/or tiles)."""
    return ["".join(parts) for parts in
            itertools.product(*(board.tile(cell).spellings for cell in path))]


def judge(board: Board, path: Path, words: frozenset[str] | set[str],
          found: Iterable[str]) -> tuple[str, str]:
    """Return the word a swipe spells and its verdict: 'accepted' (a new word), 'repeated'
    (found before this round) or 'rejected' (not a word, too short, or not a valid path)."""
    spelt = spellings(board, path) if path else [""]
    known = [w for w in spelt if w in words and len(w) >= MIN_LETTERS] if valid(board, path) \
        else []
    before = set(found)
    new = [w for w in known if w not in before]
    if new:
        return new[0], "accepted"
    return (known[0], "repeated") if known else (spelt[0], "rejected")


def multiplier(letters: int) -> float:
    """Return the length multiplier for a word of this many letters (0 when too short)."""
    return next((x for fewest, x in MULTIPLIERS if letters >= fewest), 0.0)


def points(board: Board, path: Path, word: str) -> int:
    """Return a word's points: its tiles' values times its length's multiplier, rounded down."""
    return math.floor(sum(board.tile(cell).value for cell in path) * multiplier(len(word)))


# --- rounds and the results record -----------------------------------------------------------

@dataclass(frozen=True)
class Swipe:
    """One swipe: the tiles dragged, the word they spell, its verdict, points, and when (s)
    it was released (and pressed)."""

    tiles: Path
    word: str
    verdict: str
    points: int
    time: float
    pressed: float | None = None

    def to_json(self) -> dict:
        """Return the swipe as in the results file."""
        return {"tiles": [list(cell) for cell in self.tiles], "word": self.word,
                "verdict": self.verdict, "points": self.points, "time": round(self.time, 3),
                "pressed": None if self.pressed is None else round(self.pressed, 3)}


@dataclass
class Round:
    """One board's play: its swipes so far."""

    board: Board
    start: float  # s since the window opened
    swipes: list[Swipe] = field(default_factory=list)
    end: float | None = None

    @property
    def found(self) -> list[str]:
        """Return the words accepted so far, in order."""
        return [s.word for s in self.swipes if s.verdict == "accepted"]

    @property
    def score(self) -> int:
        """Return the points scored so far."""
        return sum(s.points for s in self.swipes)

    def swipe(self, path: Path, time: float, words: frozenset[str],
              pressed: float | None = None) -> Swipe:
        """Judge a released drag, keep it, and return it."""
        word, verdict = judge(self.board, path, words, self.found)
        worth = points(self.board, path, word) if verdict == "accepted" else 0
        self.swipes.append(Swipe(path, word, verdict, worth, time, pressed))
        return self.swipes[-1]

    def to_json(self) -> dict:
        """Return the round as in the results file."""
        return {"board": self.board.rows(), "values": self.board.values(), "score": self.score,
                "swipes": [s.to_json() for s in self.swipes], "start": round(self.start, 3),
                "end": None if self.end is None else round(self.end, 3)}


@dataclass
class Session:
    """Everything since the window opened: each board shown, and the pointer seen outside."""

    rounds: list[Round] = field(default_factory=list)
    pointer_outside: list[tuple[int, int, float]] = field(default_factory=list)

    def to_json(self) -> dict:
        """Return the results file's contents."""
        return {"rounds": [r.to_json() for r in self.rounds],
                "swipes": [s.to_json() for r in self.rounds for s in r.swipes],
                "score": sum(r.score for r in self.rounds),
                "pointer_outside": [[x, y, round(t, 3)] for x, y, t in self.pointer_outside]}


# --- the word set ----------------------------------------------------------------------------

LEXICON_DIR = shipped("lexicons")
MAX_LEXICON_BYTES = 64 << 20


def words_in(text: str) -> frozenset[str]:
    """Return the words of a word list (one a line), uppercase, A-Z only, 3 letters or more."""
    candidates = (line.strip() for line in text.upper().splitlines())
    return frozenset(w for w in candidates if len(w) >= MIN_LETTERS and w.isascii() and w.isalpha())


def lexicon_file(spec: str | None) -> pathlib.Path:
    """Return the word-list file for a path or a name in lexicons/ (default: enable)."""
    given = pathlib.Path(spec or "enable")
    bundled = LEXICON_DIR / f"{given}.txt"
    return bundled if given.name == str(given) and bundled.exists() else given.expanduser()


def read_words(spec: str | None) -> frozenset[str]:
    """Return the word set of a word-list path or bundled name; BadInput when there is none."""
    from ..files.user import read_file

    path = lexicon_file(spec)
    data = read_file(path, "a word list", MAX_LEXICON_BYTES, "lexicon ",
                     f" (give a path, or a name in {LEXICON_DIR})")
    words = words_in(data.decode("utf-8", errors="replace"))
    if not words:
        raise BadInput(f"lexicon {path}: no words of 3 letters or more (A-Z) in it")
    return words
