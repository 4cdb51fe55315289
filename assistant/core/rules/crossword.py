"""Crossword games' rules as data (Wordfeud, Scrabble, Words With Friends): tile values and
counts, bingo bonus, premium layouts (see shared RULES.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from ..types import BadInput
from .languages import BAGS, LANGUAGES, Language, language


def _values(table: str) -> Mapping[str, int]:
    """Return a read-only letter -> value map from text like 'A2 B5 C3'."""
    return MappingProxyType({item[0]: int(item[1:]) for item in table.split()})


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
    language: str = "en"

    @property
    def tongue(self) -> Language:
        """Return the language these rules' tiles belong to."""
        return LANGUAGES[self.language]

    @property
    def alphabet(self) -> str:
        """Return the tiles a letter can be (one symbol each; a blank may be any of them)."""
        return self.tongue.alphabet

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

# the languages each game is played in, first the default
GAME_LANGUAGES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    game: tuple(dict.fromkeys(["en"] + [bag.language for bag in BAGS if bag.game == game]))
    for game in CROSSWORD_RULES})


def crossword_rules(game: str, code: str = "en") -> CrosswordRules:
    """Return a game's rules in a language (its bag: values and counts), or raise BadInput
    naming the languages the game is played in."""
    codes = GAME_LANGUAGES[game]
    language(code, codes, f"{game} is played in")
    rules = CROSSWORD_RULES[game]
    if code == "en":
        return rules
    bag = next(bag for bag in BAGS if (bag.game, bag.language) == (game, code))
    entries = bag.entries()
    return replace(rules, language=code,
                   letter_values=MappingProxyType({t: p for t, _, p in entries if t != BLANK}),
                   tile_counts=MappingProxyType({t: n for t, n, _ in entries}))
