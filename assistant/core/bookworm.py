"""Bookworm Adventures: tiles as text, the situation, and the strategy that ranks attacks.

An attack is a word spelled by clicking tiles in any order (core.anagram finds them). Its damage
follows core.rules.BOOKWORM exactly. The strategy is a table: in a situation (Lex's health, the
enemy's status), using a tile of some state adds or takes off hearts from a word's *score*.
Words are ranked by score, which is their damage when no rule applies.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from .anagram import WILD, Attack, Index, Kind, best_words
from .rules import QUARTER, WILDCARD, BookwormRules
from .types import BLOCKED, BadInput, Tile

NORMAL = "normal"

# Situational strategy: when the condition holds, each tile of this state that a word uses adds
# these hearts to the word's score (never to its damage). Conditions: `always`, `health <= H`
# (Lex's health in hearts, when known), `enemy S` (the enemy has status S).
STRATEGY = """
when            tile      hearts  why
health <= 3     emerald   +2      Lex is low: an emerald heals 2 hearts
health <= 3     diamond   +3      Lex is low: a diamond heals him fully
enemy poisoned  amethyst  -1      the enemy is already poisoned: keep the amethyst
enemy frozen    sapphire  -1      the enemy is already frozen: keep the sapphire
enemy weakened  garnet    -1      the enemy is already weakened: keep the garnet
enemy burning   ruby      -1      the enemy is already burning: keep the ruby
always          plagued   +0.5    a plagued tile left on the board spreads
always          fire      +0.5    a fire tile left on the board burns the tile below
always          diamond   -2      keep a diamond unless it adds over 2 hearts
"""


@dataclass(frozen=True)
class Rule:
    """One strategy rule: when it holds, each tile of `tile` state adds `hearts` (quarters)."""

    when: str
    tile: str
    hearts: int
    why: str


@dataclass(frozen=True)
class Situation:
    """What the strategy reads: Lex's health in hearts (None: unknown), the enemy's statuses."""

    health: Fraction | None = None
    enemy: frozenset[str] = frozenset()


def parse_strategy(table: str) -> tuple[Rule, ...]:
    """Return the rules of a strategy table (columns split by two or more spaces)."""
    rows = [re.split(r"\s{2,}", line.strip()) for line in table.strip().splitlines()[1:]]
    return tuple(Rule(when, tile, quarters(hearts), why) for when, tile, hearts, why in rows)


def quarters(hearts: str | float | Fraction) -> int:
    """Return hearts ('+0.5', 2.75) as a whole number of quarter hearts."""
    value = Fraction(str(hearts)) * QUARTER
    assert value.denominator == 1, f"{hearts} is not a whole number of quarters"
    return int(value)


RULES = parse_strategy(STRATEGY)

# condition -> whether a rule with this condition and argument holds in a situation
CONDITIONS: Mapping[str, Callable[[str, Situation], bool]] = MappingProxyType({
    "always": lambda arg, s: True,
    "enemy": lambda arg, s: arg in s.enemy,
    "health <=": lambda arg, s: s.health is not None and s.health <= Fraction(arg),
})


def holds(rule: Rule, situation: Situation) -> bool:
    """True when the rule's condition holds in this situation."""
    condition, _, arg = rule.when.rpartition(" ") if " " in rule.when else (rule.when, "", "")
    return CONDITIONS[condition](arg, situation)


def weights(situation: Situation, rules: Iterable[Rule] = RULES) -> dict[str, int]:
    """Return tile state -> quarter hearts added per tile used, by the rules that hold."""
    table: dict[str, int] = {}
    for rule in rules:
        if holds(rule, situation):
            table[rule.tile] = table.get(rule.tile, 0) + rule.hearts
    return table


def reasons(states: Iterable[str], situation: Situation,
            rules: Iterable[Rule] = RULES) -> list[str]:
    """Return why the rules that hold for these tile states moved a word up or down."""
    used = set(states)
    return [f"{rule.hearts / QUARTER:+g}: {rule.why}" for rule in rules
            if rule.tile in used and holds(rule, situation)]


# --- tiles ------------------------------------------------------------------------------------

TOKEN = re.compile(r"(?P<text>[A-Za-z]+|\?|[#._])(?::(?P<state>[A-Za-z]+))?")


def parse_tiles(text: str, rules: BookwormRules) -> list[Tile]:
    """Return the tiles written as 'P A:locked E/M:emerald ? QU', row-major (rows split by '/')."""
    tokens = text.replace("/", " ").split()
    if not tokens:
        raise BadInput("tiles: no tiles given (write e.g. 'P A O R/A:locked E P S')")
    if len(tokens) > rules.tiles:
        raise BadInput(f"tiles: {len(tokens)} tiles given, Bookworm has {rules.tiles}")
    return [parse_tile(token, n + 1, rules) for n, token in enumerate(tokens)]


def parse_tile(token: str, number: int, rules: BookwormRules) -> Tile:
    """Return the tile written as TEXT[:state]; BadInput names the token and its number."""
    match = TOKEN.fullmatch(token)
    if not match:
        raise BadInput(f"tiles: {token!r} (tile {number}) is not TEXT[:state]")
    return make_tile(match["text"], match["state"], f"{token!r} (tile {number})", rules)


def make_tile(text: str, state: str | None, where: str, rules: BookwormRules) -> Tile:
    """Return a checked tile: a letter, QU, ? (wildcard) or # (no tile), and a known state."""
    text, state = text.upper(), (state or NORMAL).lower()
    if text == "Q":
        raise BadInput(f"tiles: {where}: Bookworm has no Q tile; write Qu")
    if text not in rules.tile_values and text not in BLOCKED:
        raise BadInput(f"tiles: {where}: {text!r} is not a tile "
                       "(write a letter A-Z, Qu, ? for the rainbow tile, or # for none)")
    if state not in rules.states:
        raise BadInput(f"tiles: {where}: unknown state {state!r} "
                       f"(known: {', '.join(rules.states)})")
    return Tile(text, None, state)


def usable(tile: Tile, rules: BookwormRules) -> bool:
    """True when the tile can be clicked into a word."""
    return not tile.blocked and rules.states[tile.state or NORMAL].usable


def value(tile: Tile, rules: BookwormRules) -> int:
    """Return what the tile adds toward the tier, in quarter points (0 if it adds no damage)."""
    if not rules.states[tile.state or NORMAL].counts:
        return 0
    return rules.tile_values[tile.text] if tile.value is None else quarters(tile.value)


def kinds(tiles: Sequence[Tile], rules: BookwormRules, weight: Mapping[str, int]) -> list[Kind]:
    """Return the usable tiles grouped into kinds of alike tiles, with their strategy weights."""
    groups: dict[tuple[str, int, int, int], list[int]] = {}
    for i, tile in enumerate(tiles):
        if usable(tile, rules):
            state = tile.state or NORMAL
            features = (WILD if tile.text == WILDCARD else tile.text, value(tile, rules),
                        rules.states[state].gem_percent, weight.get(state, 0))
            groups.setdefault(features, []).append(i)
    return [Kind(*features, tiles=tuple(indices)) for features, indices in groups.items()]


# --- situation --------------------------------------------------------------------------------

def statuses(rules: BookwormRules) -> list[str]:
    """Return the enemy statuses the gems inflict (poisoned, frozen, ...)."""
    return [gem.status for gem in rules.gems.values() if gem.status]


def situation(health: float | None, enemy: str | Sequence[str] | None,
              rules: BookwormRules) -> Situation:
    """Return the situation from Lex's health in hearts and the enemy's statuses (checked)."""
    if health is not None and (not math.isfinite(health) or health < 0):
        raise BadInput(f"health: {health} is not a number of hearts (0 or more)")
    names = enemy.split(",") if isinstance(enemy, str) else list(enemy or ())
    names = [name.strip().lower() for name in names if name.strip()]
    known = statuses(rules)
    for name in names:
        if name not in known:
            raise BadInput(f"enemy: unknown status {name!r} (known: {', '.join(known)})")
    return Situation(None if health is None else Fraction(str(health)), frozenset(names))


# --- attacks ----------------------------------------------------------------------------------

def attacks(tiles: Sequence[Tile], index: Index, rules: BookwormRules,
            where: Situation | None = None, top: int = 10) -> list[Attack]:
    """Return the best `top` words the tiles can spell in this situation, best first."""
    return best_words(kinds(tiles, rules, weights(where or Situation())), index, rules, top)


def strongest(tiles: Sequence[Tile], index: Index, rules: BookwormRules) -> Attack | None:
    """Return the word that deals the most damage, whatever the situation, or None."""
    found = best_words(kinds(tiles, rules, {}), index, rules, 1)
    return found[0] if found else None


def gems_used(attack: Attack, tiles: Sequence[Tile], rules: BookwormRules) -> list[str]:
    """Return the gems an attack consumes, in click order."""
    return [state for state in states_used(attack, tiles) if state in rules.gems]


def states_used(attack: Attack, tiles: Sequence[Tile]) -> list[str]:
    """Return the state of each tile an attack clicks, in order."""
    return [tiles[i].state or NORMAL for i in attack.tiles]


def hearts(quarter_hearts: int) -> float:
    """Return quarter hearts as hearts (exact: quarters are binary fractions)."""
    return quarter_hearts / QUARTER
