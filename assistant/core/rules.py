"""The rules of each game as data: letter values, length tables, shapes (see shared RULES.md)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from .types import BadInput


def _values(table: str) -> Mapping[str, int]:
    """Return a read-only letter -> value map from text like 'A2 B5 C3'."""
    return MappingProxyType({item[0]: int(item[1:]) for item in table.split()})


@dataclass(frozen=True)
class GridRules:
    """How a grid game (tiles joined by adjacency) scores a word; a table per game.

    With `multiplier`, a word scores floor(sum of its tile values x multiplier[letters]);
    otherwise it scores points[letters]. Both tables are indexed by the number of letters and
    the last entry holds for longer words, plus `extra_points` for each letter past the table.
    """

    game: str
    rows: int = 4
    cols: int = 4
    min_len: int = 3
    letter_values: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    either_or_value: int = 0
    multiplier: tuple[float, ...] = ()
    points: tuple[int, ...] = ()
    extra_points: int = 0
    square: bool = False  # any N x N grid is allowed (Boggle family)

    def score(self, letters: int, tile_sum: float = 0) -> int:
        """Return the points for a word of this many letters whose tiles sum to tile_sum."""
        if self.multiplier:
            return math.floor(tile_sum * self.multiplier[min(letters, len(self.multiplier) - 1)])
        last = len(self.points) - 1
        return self.points[min(letters, last)] + self.extra_points * max(0, letters - last)

    def tile_value(self, text: str) -> int:
        """Return the usual value of a tile with this text (printed values take precedence)."""
        if "/" in text:
            return self.either_or_value
        return sum(self.letter_values.get(letter, 0) for letter in text.strip("-"))

    def with_min_len(self, min_len: int | None) -> GridRules:
        """Return these rules with another minimum word length (the word-search table follows)."""
        if min_len is None or min_len == self.min_len:
            return self
        if self.game == "wordsearch":
            return wordsearch(min_len)
        return replace(self, min_len=min_len)


WORDAMENT = GridRules(
    game="wordament",
    letter_values=_values("A2 B5 C3 D3 E1 F5 G4 H4 I2 J10 K6 L3 M4 N2 O2 P4 Q8 R2 S2 T2 "
                          "U4 V6 W6 X9 Y5 Z8"),
    either_or_value=20,
    #              letters: 0  1  2  3  4  5    6  7  8+
    multiplier=(0, 0, 0, 1, 1, 1.5, 2, 2, 2.5),
)

BOGGLE = GridRules(
    game="boggle",
    square=True,
    #        letters: 0  1  2  3  4  5  6  7  8+
    points=(0, 0, 0, 1, 1, 2, 3, 5, 11),
)

BIG_BOGGLE_MIN_LEN = 4  # 5x5 and larger Boggle boards


def wordsearch(min_len: int = 3) -> GridRules:
    """Return the classic word-search rules: a word of K >= M letters scores 1 + (K - M)."""
    return GridRules(game="wordsearch", min_len=min_len, square=True,
                     points=(0,) * min_len + (1,), extra_points=1)


GRID_RULES: Mapping[str, GridRules] = MappingProxyType({
    "wordament": WORDAMENT,
    "boggle": BOGGLE,
    "wordsearch": wordsearch(),
})

# The 16 dice of new 4x4 Boggle and the 25 of Big Boggle; "Qu" is one face.
BOGGLE_DICE = tuple("AAEEGN ABBJOO ACHOPS AFFKPS AOOTTW CIMOTU DEILRX DELRVY DISTTY EEGHNW "
                    "EEINSU EHRTVW EIOSST ELRTTY HIMNQuU HLNNRZ".split())
BIG_BOGGLE_DICE = tuple("AAAFRS AAEEEE AAFIRS ADENNN AEEEEM AEEGMU AEGMNN AFIRSY BJKQuXZ CCENST "
                        "CEIILT CEILPT CEIPST DDHNOT DHHLOR DHLNOR DHLNOR EIIITT EMOTTT ENSSSU "
                        "FIPRSY GORRVW IPRRRY NOOTUW OOOTTU".split())


def die_faces(die: str) -> tuple[str, ...]:
    """Return the six faces of a die written like 'HIMNQuU' ('Qu' is one face)."""
    faces: list[str] = []
    for letter in die:
        if letter.islower():
            faces[-1] += letter.upper()
        else:
            faces.append(letter)
    return tuple(faces)


# --- Crossword games: Wordfeud, Scrabble, Words With Friends ----------------------------------
# Tile tables and layouts from shared RULES.md; the Words With Friends tile counts (not listed
# there) are the 104-tile bag published on wordswithfriendswin.com/board and word-grabber.com.

BLANK = "?"  # a blank tile in a rack or a bag; on a board a played blank is a lowercase letter
BOARD_SIZE = 15

# premium name -> (letter multiplier, word multiplier)
PREMIUMS: Mapping[str, tuple[int, int]] = MappingProxyType({
    "": (1, 1), "DL": (2, 1), "TL": (3, 1), "DW": (1, 2), "TW": (1, 3)})

# how a layout drawing or file may write each square: token -> premium name ("*" = start square)
LAYOUT_TOKENS: Mapping[str, str] = MappingProxyType({
    ".": "", "-": "", "_": "", "*": "*",
    "DL": "DL", "2L": "DL", "LD": "DL", "d": "DL",
    "TL": "TL", "3L": "TL", "LT": "TL", "t": "TL",
    "DW": "DW", "2W": "DW", "MD": "DW", "D": "DW",
    "TW": "TW", "3W": "TW", "MT": "TW", "T": "TW"})


@dataclass(frozen=True)
class Layout:
    """The premium squares of a board, row by row ("" for none), and the start square."""

    premiums: tuple[tuple[str, ...], ...]
    start: tuple[int, int]

    def multipliers(self, row: int, col: int) -> tuple[int, int]:
        """Return (letter multiplier, word multiplier) of a square."""
        return PREMIUMS[self.premiums[row][col]]

    def transposed(self) -> Layout:
        """Return the layout mirrored on its main diagonal (rows become columns)."""
        return Layout(tuple(zip(*self.premiums, strict=True)), self.start[::-1])


def layout_token(token: str, where: str) -> str:
    """Return the premium a layout token names ('*' for the start square), or raise BadInput."""
    premium = LAYOUT_TOKENS.get(token, LAYOUT_TOKENS.get(token.upper()) if len(token) > 1 else None)
    if premium is None:
        raise BadInput(f"layout: {token!r} at {where} is not a square (write . DL TL DW TW, "
                       "2L 3L 2W 3W, d t D T, or * for the start)")
    return premium


def layout_rows(text: str) -> list[list[str]]:
    """Return the tokens of a layout's rows: blank and '#' lines skipped; spaced or one a char."""
    lines = [line.strip() for line in text.splitlines()]
    return [line.split() if " " in line or "\t" in line else list(line)
            for line in lines if line and not line.startswith("#")]


def parse_layout(text: str, start_premium: str = "") -> Layout:
    """Return the layout drawn as 15 rows of 15 squares; '*' is the start (default: centre)."""
    rows = layout_rows(text)
    if len(rows) != BOARD_SIZE or any(len(row) != BOARD_SIZE for row in rows):
        shape = f"{len(rows)} rows of " + "/".join(sorted({str(len(r)) for r in rows}) or ["0"])
        raise BadInput(f"layout: needs {BOARD_SIZE} rows of {BOARD_SIZE} squares, got {shape}")
    premiums = [[layout_token(token, f"row {r + 1}, column {c + 1}")
                 for c, token in enumerate(row)] for r, row in enumerate(rows)]
    starts = [(r, c) for r, row in enumerate(premiums) for c, p in enumerate(row) if p == "*"]
    if len(starts) > 1:
        raise BadInput(f"layout: {len(starts)} start squares '*', at most one allowed")
    start = starts[0] if starts else (BOARD_SIZE // 2, BOARD_SIZE // 2)
    return Layout(tuple(tuple(start_premium if p == "*" else p for p in row) for row in premiums),
                  start)


def _counts(table: str) -> Mapping[str, int]:
    """Return a read-only tile -> count map from text like 'A9 B2 ?2'."""
    return MappingProxyType({item[0]: int(item[1:]) for item in table.split()})


@dataclass(frozen=True)
class CrosswordRules:
    """One crossword variant: tile values and counts (the bag), bingo bonus, layout, rack size."""

    game: str
    letter_values: Mapping[str, int]
    tile_counts: Mapping[str, int]  # letter -> copies in the bag; BLANK -> blanks
    bingo: int
    layout: Layout
    start_premium: str = ""  # the start square's premium, also on custom layouts
    rack_size: int = 7

    def value(self, letter: str) -> int:
        """Return a tile's points: a played blank (lowercase) or a blank in a rack scores 0."""
        return self.letter_values.get(letter, 0)

    def with_layout(self, text: str) -> CrosswordRules:
        """Return these rules on the layout drawn in this text (a random Wordfeud board)."""
        return replace(self, layout=parse_layout(text, self.start_premium))


WORDFEUD_LAYOUT = """
TL .  .  .  TW .  .  DL .  .  TW .  .  .  TL
.  DL .  .  .  TL .  .  .  TL .  .  .  DL .
.  .  DW .  .  .  DL .  DL .  .  .  DW .  .
.  .  .  TL .  .  .  DW .  .  .  TL .  .  .
TW .  .  .  DW .  DL .  DL .  DW .  .  .  TW
.  TL .  .  .  TL .  .  .  TL .  .  .  TL .
.  .  DL .  DL .  .  .  .  .  DL .  DL .  .
DL .  .  DW .  .  .  *  .  .  .  DW .  .  DL
.  .  DL .  DL .  .  .  .  .  DL .  DL .  .
.  TL .  .  .  TL .  .  .  TL .  .  .  TL .
TW .  .  .  DW .  DL .  DL .  DW .  .  .  TW
.  .  .  TL .  .  .  DW .  .  .  TL .  .  .
.  .  DW .  .  .  DL .  DL .  .  .  DW .  .
.  DL .  .  .  TL .  .  .  TL .  .  .  DL .
TL .  .  .  TW .  .  DL .  .  TW .  .  .  TL
"""

SCRABBLE_LAYOUT = """
TW .  .  DL .  .  .  TW .  .  .  DL .  .  TW
.  DW .  .  .  TL .  .  .  TL .  .  .  DW .
.  .  DW .  .  .  DL .  DL .  .  .  DW .  .
DL .  .  DW .  .  .  DL .  .  .  DW .  .  DL
.  .  .  .  DW .  .  .  .  .  DW .  .  .  .
.  TL .  .  .  TL .  .  .  TL .  .  .  TL .
.  .  DL .  .  .  DL .  DL .  .  .  DL .  .
TW .  .  DL .  .  .  *  .  .  .  DL .  .  TW
.  .  DL .  .  .  DL .  DL .  .  .  DL .  .
.  TL .  .  .  TL .  .  .  TL .  .  .  TL .
.  .  .  .  DW .  .  .  .  .  DW .  .  .  .
DL .  .  DW .  .  .  DL .  .  .  DW .  .  DL
.  .  DW .  .  .  DL .  DL .  .  .  DW .  .
.  DW .  .  .  TL .  .  .  TL .  .  .  DW .
TW .  .  DL .  .  .  TW .  .  .  DL .  .  TW
"""

WWF_LAYOUT = """
.  .  .  TW .  .  TL .  TL .  .  TW .  .  .
.  .  DL .  .  DW .  .  .  DW .  .  DL .  .
.  DL .  .  DL .  .  .  .  .  DL .  .  DL .
TW .  .  TL .  .  .  DW .  .  .  TL .  .  TW
.  .  DL .  .  .  DL .  DL .  .  .  DL .  .
.  DW .  .  .  TL .  .  .  TL .  .  .  DW .
TL .  .  .  DL .  .  .  .  .  DL .  .  .  TL
.  .  .  DW .  .  .  *  .  .  .  DW .  .  .
TL .  .  .  DL .  .  .  .  .  DL .  .  .  TL
.  DW .  .  .  TL .  .  .  TL .  .  .  DW .
.  .  DL .  .  .  DL .  DL .  .  .  DL .  .
TW .  .  TL .  .  .  DW .  .  .  TL .  .  TW
.  DL .  .  DL .  .  .  .  .  DL .  .  DL .
.  .  DL .  .  DW .  .  .  DW .  .  DL .  .
.  .  .  TW .  .  TL .  TL .  .  TW .  .  .
"""

WORDFEUD = CrosswordRules(
    game="wordfeud",
    letter_values=_values("A1 B4 C4 D2 E1 F4 G3 H4 I1 J10 K5 L1 M3 N1 O1 P4 Q10 R1 S1 T1 "
                          "U2 V4 W4 X8 Y4 Z10"),
    tile_counts=_counts("A10 B2 C2 D5 E12 F2 G3 H3 I9 J1 K1 L4 M2 N6 O7 P2 Q1 R6 S5 T7 "
                        "U4 V2 W2 X1 Y2 Z1 ?2"),
    bingo=40,
    layout=parse_layout(WORDFEUD_LAYOUT),
)

SCRABBLE = CrosswordRules(
    game="scrabble",
    letter_values=_values("A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1 O1 P3 Q10 R1 S1 T1 "
                          "U1 V4 W4 X8 Y4 Z10"),
    tile_counts=_counts("A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 "
                        "U4 V2 W2 X1 Y2 Z1 ?2"),
    bingo=50,
    layout=parse_layout(SCRABBLE_LAYOUT, "DW"),
    start_premium="DW",
)

WWF = CrosswordRules(
    game="wwf",
    letter_values=_values("A1 B4 C4 D2 E1 F4 G3 H3 I1 J10 K5 L2 M4 N2 O1 P4 Q10 R1 S1 T1 "
                          "U2 V5 W4 X8 Y3 Z10"),
    tile_counts=_counts("A9 B2 C2 D5 E13 F2 G3 H4 I8 J1 K1 L4 M2 N5 O8 P2 Q1 R6 S5 T7 "
                        "U4 V2 W2 X1 Y2 Z1 ?2"),
    bingo=35,
    layout=parse_layout(WWF_LAYOUT),  # the start square's premium is uncertain: none by default
)

CROSSWORD_RULES: Mapping[str, CrosswordRules] = MappingProxyType({
    "wordfeud": WORDFEUD,
    "scrabble": SCRABBLE,
    "wwf": WWF,
})

# --- Bookworm Adventures ----------------------------------------------------------------------
# Tile values and damage are counted in quarters (4 = one point, or one heart), so every sum is an
# exact integer: tile values are multiples of 1/4 point and damage of 1/4 heart.

QUARTER = 4
WILDCARD = "?"  # the rainbow tile: any one letter

# Tile value in points -> the tiles worth it (Qu is one tile; the rainbow tile is worth 1).
BOOKWORM_TILE_VALUES = """
1     A D E G I L N O R S T U ?
1.25  B C F H M P
1.5   V W Y
1.75  J K
2     X Z
2.75  QU
"""

# Base damage in hearts by tier, tier 0 .. 16 (tier = round-half-up of the tiles' value, capped).
BOOKWORM_DAMAGE = "0 .25 .25 .5 .75 1 1.5 2 2.75 3.5 4.5 5.5 6.75 8 9.5 11 13"

# Gem tiles: damage bonus (a share of the base damage) and effect; `status` is what the gem
# inflicts on the enemy ('-' for none).
BOOKWORM_GEMS = """
gem       bonus  status    effect
amethyst  15%    poisoned  poisons the enemy
emerald   20%    -         heals Lex 2 hearts
sapphire  25%    frozen    freezes the enemy
garnet    30%    weakened  weakens the enemy
ruby      35%    burning   burns the enemy
crystal   50%    -         purifies Lex and shields him
diamond   100%   -         heals Lex fully and refills the potions
"""

# Harmful tile states: can the tile be used, does its value count toward the damage.
# Effects beyond this are uncertain (RULES.md); `fire` is assumed to keep its value.
BOOKWORM_HARMS = """
state    usable  counts  effect
locked   no      no      cannot be used
smashed  yes     no      adds no damage
plagued  yes     no      adds no damage; spreads while it stays on the board
warped   yes     no      adds no damage; changes letters
fire     yes     yes     destroys the tile below when it is left unused
"""


@dataclass(frozen=True)
class Gem:
    """A gem tile's kind: its damage bonus in percent of the base damage, and its effects."""

    name: str
    percent: int
    status: str  # the enemy status it inflicts, or "" for none
    effect: str


@dataclass(frozen=True)
class TileState:
    """A Bookworm tile state (gem, harm or plain): can it be used, does its value count, bonus."""

    name: str
    usable: bool = True
    counts: bool = True
    gem_percent: int = 0
    effect: str = ""


def _rows(table: str) -> list[list[str]]:
    """Return the rows of a text table, each split into its first columns and a free last one."""
    lines = [line for line in table.strip().splitlines() if line.strip()]
    width = len(lines[0].split())
    return [line.split(None, width - 1) for line in lines[1:]]


def _quarters(hearts: str) -> int:
    """Return a number of points or hearts ('2.75', '.25') as a whole number of quarters."""
    quarters = float(hearts) * QUARTER
    assert quarters.is_integer(), f"{hearts} is not a whole number of quarters"
    return int(quarters)


def _tile_values(table: str) -> Mapping[str, int]:
    """Return tile text -> value in quarter points from lines like '1.25  B C F H M P'."""
    return MappingProxyType({tile: _quarters(line.split()[0])
                             for line in table.strip().splitlines() for tile in line.split()[1:]})


def _gems(table: str) -> Mapping[str, Gem]:
    """Return gem name -> Gem from the gem table."""
    return MappingProxyType({name: Gem(name, int(bonus.rstrip("%")), status.strip("-"), effect)
                             for name, bonus, status, effect in _rows(table)})


def _states(gems: Mapping[str, Gem], harms: str) -> Mapping[str, TileState]:
    """Return state name -> TileState for the plain state, every gem and every harm."""
    states = {"normal": TileState("normal")}
    states.update((g.name, TileState(g.name, gem_percent=g.percent, effect=g.effect))
                  for g in gems.values())
    states.update((name, TileState(name, usable == "yes", counts == "yes", 0, effect))
                  for name, usable, counts, effect in _rows(harms))
    return MappingProxyType(states)


@dataclass(frozen=True)
class BookwormRules:
    """Bookworm Adventures: tile values, damage by tier, gems and tile states, in quarters."""

    tile_values: Mapping[str, int]
    damage_by_tier: tuple[int, ...]
    gems: Mapping[str, Gem]
    states: Mapping[str, TileState]
    tiles: int = 16
    min_len: int = 3

    def tier(self, value: int) -> int:
        """Return the tier of tiles worth `value` quarter points: round half up, capped."""
        return min((value + QUARTER // 2) // QUARTER, len(self.damage_by_tier) - 1)

    def damage(self, value: int, gem_percent: int = 0) -> int:
        """Return the damage in quarter hearts of tiles worth `value` with these gems."""
        return with_gems(self.damage_by_tier[self.tier(value)], gem_percent)


def with_gems(base: int, gem_percent: int) -> int:
    """Return a base damage plus gem_percent of it rounded up to a quarter (all in quarters)."""
    return base - (-base * gem_percent // 100)


BOOKWORM_GEM_TABLE = _gems(BOOKWORM_GEMS)
BOOKWORM = BookwormRules(
    tile_values=_tile_values(BOOKWORM_TILE_VALUES),
    damage_by_tier=tuple(_quarters(hearts) for hearts in BOOKWORM_DAMAGE.split()),
    gems=BOOKWORM_GEM_TABLE,
    states=_states(BOOKWORM_GEM_TABLE, BOOKWORM_HARMS),
)
