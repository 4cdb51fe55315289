"""The practice Bookworm's game, without a window: tiles, the word, Attack, damage, the refill.

The rules are written down here again from RULES.md (Bookworm Adventures), on purpose: the
practice game must not import the solver's tables (assistant.core.bookworm, .anagram, .rules),
or a test of the solver against the practice game would check the code against itself.

Amounts of hearts and tile values are whole quarters (1.25 is 5), so damage is exact.
The board is a frozen value; each move returns a new one. New tiles come from a TileSource
(a seeded random.Random behind it), so a seed replays the same game.
"""

from __future__ import annotations

import itertools
import random
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..core.types import BadInput

SIZE = 4  # the grid is SIZE x SIZE tiles
CELLS = SIZE * SIZE
MIN_LETTERS = 3
RAINBOW = "?"  # the wildcard tile: stands for any letter

# Tile values in quarters (RULES.md): the sum's tier picks the base damage
VALUES: dict[str, int] = {
    **dict.fromkeys("ADEGILNORSTU", 4), **dict.fromkeys("BCFHMP", 5),
    **dict.fromkeys("VWY", 6), **dict.fromkeys("JK", 7), **dict.fromkeys("XZ", 8),
    "QU": 11, RAINBOW: 4,
}
MAX_TIER = 16
BASE_DAMAGE = (0, 1, 1, 2, 3, 4, 6, 8, 11, 14, 18, 22, 27, 32, 38, 44, 52)  # quarters, by tier
GEM_PERCENT = {"amethyst": 15, "emerald": 20, "sapphire": 25, "garnet": 30, "ruby": 35,
               "crystal": 50, "diamond": 100}
HARMS = ("locked", "smashed", "plagued", "fire", "warped")
NO_DAMAGE = frozenset({"smashed", "plagued", "warped"})  # usable, but add nothing
UNUSABLE = frozenset({"locked"})  # cannot be clicked
STATES = ("normal", *GEM_PERCENT, *HARMS)
COUNTED = frozenset({"locked", "smashed", "plagued"})  # harms that show a red turn counter

# The value coin in a tile's corner, by the tile's value in quarters
COINS = {4: "bronze", 5: "silver", 6: "silver", 7: "gold", 8: "gold", 11: "gold"}

# New tiles: letters weighted like a Scrabble bag (Q comes as QU), now and then a gem
LETTER_WEIGHTS = {"A": 9, "B": 2, "C": 2, "D": 4, "E": 12, "F": 2, "G": 3, "H": 2, "I": 9,
                  "J": 1, "K": 1, "L": 4, "M": 2, "N": 6, "O": 8, "P": 2, "QU": 1, "R": 6,
                  "S": 4, "T": 6, "U": 4, "V": 2, "W": 2, "X": 1, "Y": 2, "Z": 1}
GEM_CHANCE = 0.08  # share of new tiles that come as a gem
GEM_WEIGHTS = {"amethyst": 4, "emerald": 4, "sapphire": 4, "garnet": 3, "ruby": 3,
               "crystal": 2, "diamond": 1}

ENEMIES = ("Griffon", "Minotaur", "Cyclops", "Harpy", "Medusa", "Cerberus", "Hydra", "Siren")
TEXTS = frozenset([*string.ascii_uppercase.replace("Q", ""), "QU", RAINBOW])


@dataclass(frozen=True)
class Tile:
    """One tile: its text (a letter, QU, or ? for the rainbow wildcard) and its state."""

    text: str
    state: str = "normal"

    @property
    def token(self) -> str:
        """The TEXT[:state] form (the state left out when normal)."""
        return self.text if self.state == "normal" else f"{self.text}:{self.state}"

    @property
    def label(self) -> str:
        """What the tile shows: its letter, 'Qu', or '?'."""
        return "Qu" if self.text == "QU" else self.text


@dataclass(frozen=True)
class Board:
    """The 16 cells (None: empty) and the word: the cells whose tiles were moved into it,
    in click order. A cell in the word shows empty."""

    cells: tuple[Tile | None, ...]
    word: tuple[int, ...] = ()


@dataclass(frozen=True)
class Enemy:
    """The enemy Lex fights: its name, hearts left and full hearts (quarters), its number."""

    name: str
    hearts: int
    full: int
    number: int = 1


@dataclass(frozen=True)
class Attack:
    """An attack: the tiles used (indices in click order), the letters they spell, the word
    they were taken for (a rainbow tile's letter filled in; '' when refused), the verdict
    and the damage in quarters."""

    tiles: tuple[int, ...]
    letters: tuple[str, ...]
    word: str
    accepted: bool
    reason: str
    damage: int


# --- Tiles --------------------------------------------------------------------------------------

def parse_tile(token: str) -> Tile:
    """Return the tile of a TEXT[:state] token; BadInput when it is not one."""
    text, _, state = token.partition(":")
    text, state = text.upper(), (state or "normal").lower()
    if text == "Q":
        text = "QU"
    if text not in TEXTS:
        raise BadInput(f"--tiles: {token!r} is not a tile (a letter, Qu or ?, then :state)")
    if state not in STATES:
        raise BadInput(f"--tiles: {token!r} has an unknown state (one of {', '.join(STATES)})")
    return Tile(text, state)


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Return the 16 tiles of a --tiles text: tokens split by spaces, rows by '/'. A row
    without spaces is one tile per letter (a lowercase u joins the Q before it)."""
    tokens: list[str] = []
    for row in text.replace(",", "/").split("/"):
        words = row.split()
        if len(words) == 1 and ":" not in words[0]:
            words = [t for t in words[0].replace("QU", "Qu").replace("Qu", "Q")]
        tokens += words
    if len(tokens) != CELLS:
        raise BadInput(f"--tiles: {len(tokens)} tiles in {text!r}; the grid holds {CELLS}")
    return tuple(parse_tile(token) for token in tokens)


def tile_value(tile: Tile) -> int:
    """Return the quarters a tile adds to a word's sum (none for smashed, plagued, warped)."""
    return 0 if tile.state in NO_DAMAGE else VALUES[tile.text]


def coin(tile: Tile) -> str:
    """Return the colour of the value coin in the tile's corner: bronze, silver or gold."""
    return COINS[VALUES[tile.text]]


# --- Damage -------------------------------------------------------------------------------------

def tier(tiles: Iterable[Tile]) -> int:
    """Return the damage tier of a word: its tile sum rounded half up, at most MAX_TIER."""
    quarters = sum(tile_value(tile) for tile in tiles)
    return min(MAX_TIER, (quarters + 2) // 4)


def damage(tiles: Sequence[Tile]) -> int:
    """Return a word's damage in quarters: the base of its tier plus its gems' share of the
    base, that bonus rounded up to a whole quarter."""
    base = BASE_DAMAGE[tier(tiles)]
    percent = sum(GEM_PERCENT.get(tile.state, 0) for tile in tiles)
    return base + -(-percent * base // 100)


def hearts(quarters: int) -> float:
    """Return an amount in quarters as hearts."""
    return quarters / 4


# --- The word -----------------------------------------------------------------------------------

def can_pick(board: Board, i: int) -> bool:
    """True when cell i holds a tile that may move into the word."""
    tile = board.cells[i]
    return tile is not None and i not in board.word and tile.state not in UNUSABLE


def pick(board: Board, i: int) -> Board:
    """Return the board with cell i's tile moved into the word (unchanged if it cannot be)."""
    return replace(board, word=board.word + (i,)) if can_pick(board, i) else board


def put_back(board: Board) -> Board:
    """Return the board with the word's last tile back in its cell."""
    return replace(board, word=board.word[:-1])


def shown(board: Board) -> tuple[Tile | None, ...]:
    """Return what each cell shows: its tile, or None when empty or in the word."""
    return tuple(None if i in board.word else tile for i, tile in enumerate(board.cells))


def word_tiles(board: Board) -> list[Tile]:
    """Return the word's tiles in click order."""
    return [tile for i in board.word if (tile := board.cells[i]) is not None]


def spelled(board: Board) -> str:
    """Return the word's letters as shown ('?' for a rainbow tile)."""
    return "".join(tile.text for tile in word_tiles(board))


def lookup(letters: Sequence[str], lexicon: frozenset[str]) -> str:
    """Return the first word (alphabetically) of the lexicon the letters spell, each '?'
    standing for any letter; '' when there is none."""
    holes = [i for i, letter in enumerate(letters) if letter == RAINBOW]
    for fill in itertools.product(string.ascii_uppercase, repeat=len(holes)):
        filled = list(letters)
        for i, letter in zip(holes, fill, strict=True):
            filled[i] = letter
        if (word := "".join(filled)) in lexicon:
            return word
    return ""


def judge(board: Board, lexicon: frozenset[str]) -> Attack:
    """Return the attack of the board's word: accepted (with its damage) or refused."""
    tiles = word_tiles(board)
    letters = tuple(tile.text for tile in tiles)
    if sum(len(letter) for letter in letters) < MIN_LETTERS:
        return Attack(board.word, letters, "", False, f"fewer than {MIN_LETTERS} letters", 0)
    word = lookup(letters, lexicon)
    if not word:
        return Attack(board.word, letters, "", False, "not in the lexicon", 0)
    return Attack(board.word, letters, word, True, "", damage(tiles))


# --- New tiles ----------------------------------------------------------------------------------

class TileSource:
    """New tiles from a seeded random source: letters by LETTER_WEIGHTS, now and then a gem."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def draw(self) -> Tile:
        """Return one new tile."""
        text = self.random.choices(list(LETTER_WEIGHTS), list(LETTER_WEIGHTS.values()))[0]
        if self.random.random() >= GEM_CHANCE:
            return Tile(text)
        return Tile(text, self.random.choices(list(GEM_WEIGHTS), list(GEM_WEIGHTS.values()))[0])

    def board(self) -> tuple[Tile, ...]:
        """Return 16 new tiles."""
        return tuple(self.draw() for _ in range(CELLS))


def fall(cells: Sequence[Tile | None], used: Iterable[int],
         source: TileSource) -> tuple[tuple[Tile | None, ...], tuple[int, ...]]:
    """Return the cells once the used tiles are gone, the tiles above have fallen into the
    gaps and new tiles have dropped in from the top of each column; and how many rows each
    cell's tile fell (a new tile falls from above the grid, as many rows as were used)."""
    gone = set(used)
    after: list[Tile | None] = [None] * CELLS
    drops = [0] * CELLS
    for col in range(SIZE):
        column = [row * SIZE + col for row in range(SIZE)]
        kept = [i for i in column if i not in gone]
        new = SIZE - len(kept)
        for slot, i in zip(column[new:], kept, strict=True):
            after[slot], drops[slot] = cells[i], (slot - i) // SIZE
        for row in range(new):
            after[column[row]], drops[column[row]] = source.draw(), new
    return tuple(after), tuple(drops)


# --- The enemy ----------------------------------------------------------------------------------

def first_enemy(full: int) -> Enemy:
    """Return the first enemy, with full hearts (quarters)."""
    return Enemy(ENEMIES[0], full, full)


def hit(enemy: Enemy, quarters: int) -> Enemy:
    """Return the enemy after an attack: hearts down by the damage; at zero, the next enemy."""
    left = enemy.hearts - quarters
    if left > 0:
        return replace(enemy, hearts=left)
    return Enemy(ENEMIES[enemy.number % len(ENEMIES)], enemy.full, enemy.full, enemy.number + 1)
