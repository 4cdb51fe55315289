"""Bookworm Adventures' rules as data: tile values, damage by tier, gems and tile states, all
in quarters (see shared RULES.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

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
