"""The languages crossword games are played in, as data: each language's alphabet, how a word
list's spellings become its tiles, and each (game, language) bag: tile counts and points.

A tile is one symbol everywhere inside the program (board, rack, lexicon, move generation). The
letters beyond A-Z (Å Ä Ö Æ Ø Ü Ñ) are symbols already; a digraph tile (Spanish CH, LL, RR) is
given a private symbol with both cases, a Greek capital that no supported language uses, so that
a played blank can still be written in lower case. Text from a user or a word list becomes tiles
at the edge (`tiles`), and tiles become the language's letters again for printing (`spell`).
Users write a digraph tile in brackets: [CH], or [ch] for a blank played as CH.

Sources, beside each table below; every table's counts add up to the total the source gives
(tests/test_languages.py checks it).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from ..types import BadInput

BLANK = "?"

# digraph tile -> its private symbol (Greek capitals Chi, Lambda, Rho; their lower case marks a
# blank played as that tile)
DIGRAPHS: Mapping[str, str] = MappingProxyType({"CH": "\u03a7", "LL": "\u039b", "RR": "\u03a1"})
SPELLINGS: Mapping[str, str] = MappingProxyType({v: k for k, v in DIGRAPHS.items()})


@dataclass(frozen=True)
class Language:
    """A language: its code and name, its tiles (spelled), the word-list file Debian installs
    for it (/usr/share/dict/FILE, from PACKAGE), and spellings that stand for other letters."""

    code: str
    name: str
    letters: tuple[str, ...]  # spelled tiles, e.g. ("A", ..., "Å") or ("C", "CH", ...)
    dict_file: str = ""
    package: str = ""
    folds: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    fold_accents: bool = True  # é is played as E (the base letter), when É is not a tile

    @cached_property
    def alphabet(self) -> str:
        """Return the tiles as symbols, one character each."""
        return "".join(DIGRAPHS.get(letter, letter) for letter in self.letters)

    @property
    def digraphs(self) -> tuple[str, ...]:
        """Return the language's multi-letter tiles (spelled), longest first."""
        return tuple(sorted((t for t in self.letters if len(t) > 1), key=len, reverse=True))

    def word_tiles(self, word: str) -> str | None:
        """Return a word-list entry as tiles (upper case), or None when a letter has no tile."""
        text = "".join(self.fold(char) for char in word.upper())
        if any(char in SPELLINGS for char in text):
            return None  # a private symbol in the list itself
        for digraph in self.digraphs:
            text = text.replace(digraph, DIGRAPHS[digraph])
        alphabet = self.alphabet
        return text if text and all(char in alphabet for char in text) else None

    def fold(self, char: str) -> str:
        """Return a letter as the language plays it: itself, a fold (Œ -> OE), or its base
        letter (É -> E) when that is a tile and accents are folded."""
        if char in self.alphabet or char in self.folds:
            return self.folds.get(char, char)
        base = unicodedata.normalize("NFD", char)[0]
        return base if self.fold_accents and base in self.letters else char


def _letters(text: str) -> tuple[str, ...]:
    """Return the tiles of a space-separated list."""
    return tuple(text.split())


AZ = "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z"
LANGUAGES: Mapping[str, Language] = MappingProxyType({lang.code: lang for lang in (
    Language("en", "english", _letters(AZ), fold_accents=False),
    Language("sv", "swedish", _letters(AZ.replace(" Q", "").replace(" W", "") + " Å Ä Ö"),
             "swedish", "wswedish"),
    Language("nb", "norwegian", _letters("A B C D E F G H I J K L M N O P R S T U V W Y Æ Ø Å"),
             "bokmaal", "wnorwegian"),
    Language("da", "danish", _letters(AZ.replace(" Q", "").replace(" W", "") + " Æ Ø Å"),
             "danish", "wdanish"),
    Language("nl", "dutch", _letters(AZ), "dutch", "wdutch"),
    Language("de", "german", _letters(AZ + " Ä Ö Ü"), "ngerman", "wngerman"),
    Language("es", "spanish", _letters(AZ.replace(" K", "").replace(" W", "")
                                       + " CH LL RR Ñ"), "spanish", "wspanish"),
    Language("fr", "french", _letters(AZ), "french", "wfrench",
             MappingProxyType({"Œ": "OE", "Æ": "AE"})),
)})


def language(code: str, codes: tuple[str, ...] | None = None, what: str = "") -> Language:
    """Return the language with this code, or raise BadInput naming the codes allowed."""
    codes = codes or tuple(LANGUAGES)
    if code not in codes:
        raise BadInput(f"--language {code!r}: {what or 'the codes are'} {', '.join(codes)}")
    return LANGUAGES[code]


def tiles(text: str, where: str) -> list[str]:
    """Return the tiles written in a text: one character each, or a digraph in brackets
    ([CH], [ch] for a blank); raise BadInput on an unknown bracketed tile."""
    out = []
    for found in re.finditer(r"\[([^\]]*)\]?|.", text, re.S):
        if found.group(1) is None:
            out.append(found.group())
            continue
        symbol = DIGRAPHS.get(found.group(1).upper())
        if symbol is None or not found.group().endswith("]"):
            raise BadInput(f"{where}: {found.group()!r} is not a tile (write [CH] [LL] [RR])")
        out.append(symbol.lower() if found.group(1).islower() else symbol)
    return out


def spell(symbols: str) -> str:
    """Return tiles as the language's letters (a digraph symbol as its two letters)."""
    if not any(symbol.upper() in SPELLINGS for symbol in symbols):
        return symbols
    return "".join(SPELLINGS.get(s, SPELLINGS.get(s.upper(), s).lower() if s.islower() else s)
                   for s in symbols)


# --- the bags: tile count x points, '?' the blanks ----------------------------------------------

@dataclass(frozen=True)
class Bag:
    """One (game, language) bag as its source lists it: count and points per tile, the total
    tile count the source gives, and the source."""

    game: str
    language: str
    table: str  # "A 10x1 B 2x4 ... ? 2x0"
    total: int
    source: str

    def entries(self) -> list[tuple[str, int, int]]:
        """Return (symbol, count, points) for each tile in the table."""
        items = self.table.split()
        return [(DIGRAPHS.get(tile, tile), int(n), int(p))
                for tile, (n, p) in zip(items[::2], (item.split("x") for item in items[1::2]),
                                        strict=True)]


WORDFEUD_SOURCE = ("Wordfeud's tile sets per language (wordfeud.com/wf/help), as transcribed in "
                   "github.com/ardavey/wordfeud-api-perl lib/Wordfeud.pm set_distribution; sv and "
                   "nl also agree with github.com/jensanjo/wordfeud-solver lib/src/tilesets")
SCRABBLE_SOURCE = "Wikipedia, 'Scrabble letter distributions' (en, fr, de, es outside N. America)"
SCRABBLE_NL_SOURCE = ("gtoal.com/wordgames/details/dutch (the current Dutch set, no IJ tile, "
                      "sent by Gert Serneels); the Wikipedia article gives the same")

BAGS: tuple[Bag, ...] = (
    Bag("wordfeud", "en", "A 10x1 B 2x4 C 2x4 D 5x2 E 12x1 F 2x4 G 3x3 H 3x4 I 9x1 J 1x10 K 1x5 "
        "L 4x1 M 2x3 N 6x1 O 7x1 P 2x4 Q 1x10 R 6x1 S 5x1 T 7x1 U 4x2 V 2x4 W 2x4 X 1x8 Y 2x4 "
        "Z 1x10 ? 2x0", 104, "shared RULES.md"),
    Bag("wordfeud", "sv", "A 9x1 B 2x3 C 1x8 D 5x1 E 8x1 F 2x3 G 3x2 H 2x3 I 5x1 J 1x7 K 3x3 "
        "L 5x2 M 3x3 N 6x1 O 6x2 P 2x4 R 8x1 S 8x1 T 9x1 U 3x4 V 2x3 X 1x8 Y 1x7 Z 1x8 Å 2x4 "
        "Ä 2x4 Ö 2x4 ? 2x0", 104, WORDFEUD_SOURCE),
    Bag("wordfeud", "nb", "A 7x1 B 3x4 C 1x10 D 5x1 E 9x1 F 4x2 G 4x4 H 3x3 I 6x2 J 2x4 K 4x3 "
        "L 5x2 M 3x2 N 6x1 O 4x3 P 2x4 R 7x1 S 7x1 T 7x1 U 3x4 V 3x5 W 1x10 Y 1x8 Æ 1x8 Ø 2x4 "
        "Å 2x4 ? 2x0", 104, WORDFEUD_SOURCE),
    Bag("wordfeud", "da", "A 7x1 B 4x3 C 2x8 D 5x2 E 9x1 F 3x3 G 3x3 H 2x4 I 4x3 J 2x4 K 4x3 "
        "L 5x2 M 3x4 N 7x1 O 5x2 P 2x4 R 7x1 S 6x2 T 6x2 U 3x3 V 3x4 X 1x8 Y 2x4 Z 1x9 Æ 2x4 "
        "Ø 2x4 Å 2x4 ? 2x0", 104, WORDFEUD_SOURCE),
    Bag("wordfeud", "nl", "A 7x1 B 2x4 C 2x5 D 5x2 E 18x1 F 2x4 G 3x3 H 2x4 I 4x2 J 2x4 K 3x3 "
        "L 3x3 M 3x3 N 11x1 O 6x1 P 2x4 Q 1x10 R 5x2 S 5x2 T 5x2 U 3x2 V 2x4 W 2x5 X 1x8 Y 1x8 "
        "Z 2x5 ? 2x0", 104, WORDFEUD_SOURCE),
    Bag("wordfeud", "de", "A 5x1 B 2x3 C 2x4 D 5x1 E 14x1 F 2x4 G 3x2 H 4x2 I 6x1 J 1x6 K 2x4 "
        "L 3x2 M 4x3 N 9x1 O 3x2 P 1x5 Q 1x10 R 6x1 S 7x1 T 6x1 U 6x1 V 1x6 W 1x3 X 1x8 Y 1x10 "
        "Z 1x3 Ä 1x6 Ö 1x8 Ü 1x6 ? 2x0", 102, WORDFEUD_SOURCE),
    Bag("wordfeud", "es", "A 12x1 B 2x3 C 4x3 CH 1x5 D 5x2 E 13x1 F 1x4 G 2x3 H 2x4 I 6x1 J 1x8 "
        "L 4x1 LL 1x8 M 2x3 N 6x1 Ñ 1x8 O 9x1 P 2x3 Q 1x5 R 5x1 RR 1x8 S 7x1 T 4x2 U 5x1 V 1x4 "
        "X 1x8 Y 1x5 Z 1x10 ? 2x0", 103, WORDFEUD_SOURCE),
    Bag("wordfeud", "fr", "A 10x1 B 2x3 C 2x3 D 3x2 E 14x1 F 2x4 G 3x2 H 2x4 I 9x1 J 1x8 K 1x10 "
        "L 5x2 M 3x2 N 6x1 O 6x1 P 2x3 Q 1x8 R 6x1 S 6x1 T 6x1 U 6x1 V 2x5 W 1x10 X 1x10 Y 1x10 "
        "Z 1x10 ? 2x0", 104, WORDFEUD_SOURCE),
    Bag("scrabble", "en", "A 9x1 B 2x3 C 2x3 D 4x2 E 12x1 F 2x4 G 3x2 H 2x4 I 9x1 J 1x8 K 1x5 "
        "L 4x1 M 2x3 N 6x1 O 8x1 P 2x3 Q 1x10 R 6x1 S 4x1 T 6x1 U 4x1 V 2x4 W 2x4 X 1x8 Y 2x4 "
        "Z 1x10 ? 2x0", 100, "shared RULES.md"),
    Bag("scrabble", "fr", "A 9x1 B 2x3 C 2x3 D 3x2 E 15x1 F 2x4 G 2x2 H 2x4 I 8x1 J 1x8 K 1x10 "
        "L 5x1 M 3x2 N 6x1 O 6x1 P 2x3 Q 1x8 R 6x1 S 6x1 T 6x1 U 6x1 V 2x4 W 1x10 X 1x10 Y 1x10 "
        "Z 1x10 ? 2x0", 102, SCRABBLE_SOURCE),
    Bag("scrabble", "de", "A 5x1 B 2x3 C 2x4 D 4x1 E 15x1 F 2x4 G 3x2 H 4x2 I 6x1 J 1x6 K 2x4 "
        "L 3x2 M 4x3 N 9x1 O 3x2 P 1x4 Q 1x10 R 6x1 S 7x1 T 6x1 U 6x1 V 1x6 W 1x3 X 1x8 Y 1x10 "
        "Z 1x3 Ä 1x6 Ö 1x8 Ü 1x6 ? 2x0", 102, SCRABBLE_SOURCE),
    Bag("scrabble", "es", "A 12x1 B 2x3 C 4x3 CH 1x5 D 5x2 E 12x1 F 1x4 G 2x2 H 2x4 I 6x1 J 1x8 "
        "L 4x1 LL 1x8 M 2x3 N 5x1 Ñ 1x8 O 9x1 P 2x3 Q 1x5 R 5x1 RR 1x8 S 6x1 T 4x1 U 5x1 V 1x4 "
        "X 1x8 Y 1x4 Z 1x10 ? 2x0", 100, SCRABBLE_SOURCE),
    Bag("scrabble", "nl", "A 6x1 B 2x3 C 2x5 D 5x2 E 18x1 F 2x4 G 3x3 H 2x4 I 4x1 J 2x4 K 3x3 "
        "L 3x3 M 3x3 N 10x1 O 6x1 P 2x3 Q 1x10 R 5x2 S 5x2 T 5x2 U 3x4 V 2x4 W 2x5 X 1x8 Y 1x8 "
        "Z 2x4 ? 2x0", 102, SCRABBLE_NL_SOURCE),
)
