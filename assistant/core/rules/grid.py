"""Grid games' rules as data (Wordament, Boggle, word search): letter values, length tables,
dice (see shared RULES.md)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType


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
