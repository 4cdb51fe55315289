"""Anagrams: the best words spelled by any of a rack's tiles in any order (Bookworm Adventures).

The search walks the lexicon's DAWG and the rack together: from a node it follows only letters
that a tile still left can spell, so it meets every word the rack can form, and only those.
Three things keep it fast without losing the best word:

- Tiles that are alike (same letters, value, gem and weight) form one *kind* with a count, and
  the tiles of one letter are taken in a fixed order of kinds, so a word's choice of tiles is
  met once, not once per ordering of equal letters.
- A wildcard never stands for a letter while a tile of that letter that is at least as good
  is left: swapping them would give the same word with more damage or one wildcard fewer spent.
- A branch is dropped when even its best case (the most valuable tiles left, as many as the
  longest word below the node has letters, and every gem left) cannot reach the N-th best word.

Values are quarters (see core.rules); a word's *score* is its damage plus its tiles' strategy
weights, and ties go to the word that *spends* less: fewer gem percent, then fewer wildcards,
then less tile value.
"""

from __future__ import annotations

import marshal
from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from .lexicon import END, Lexicon, Node
from .rules import BookwormRules, with_gems

WILD = ""  # a kind's letters when it is a wildcard: any one letter
FORMAT = 1  # bump when the index's stored form changes


@dataclass(frozen=True)
class Kind:
    """Alike usable tiles: what each spells (WILD: any letter), value, gem, weight, indices."""

    letters: str
    value: int = 4  # quarter points toward the tier
    gem: int = 0  # gem bonus, percent of the base damage
    weight: int = 0  # strategy weight, quarter hearts added to the score
    tiles: tuple[int, ...] = (0,)  # the rack indices of the tiles of this kind

    @property
    def wild(self) -> bool:
        """True for wildcard tiles."""
        return self.letters == WILD


@dataclass(frozen=True)
class Attack:
    """A word the rack can spell: the tiles clicked in order, what each spells, and its worth."""

    word: str
    tiles: tuple[int, ...]
    letters: tuple[str, ...]
    damage: int  # quarter hearts
    score: int  # damage plus strategy weights, quarter hearts
    spend: tuple[int, int, int]  # gem percent, wildcards, tile value (quarters) used up

    @property
    def rank(self) -> tuple[int, tuple[int, int, int], str]:
        """The sort key, best first: highest score, then least spent, then alphabetical."""
        return (-self.score, self.spend, self.word)


# A spend (gem percent, wildcards, value) packed into one integer that orders the same way.
GEM_PLACE, WILD_PLACE, SPEND_LIMIT = 10**6, 10**3, 10**10


def packed_spend(kind: Kind) -> int:
    """Return what using one tile of this kind spends, packed into one integer."""
    return kind.gem * GEM_PLACE + kind.wild * WILD_PLACE + kind.value


def unpack_spend(spend: int) -> tuple[int, int, int]:
    """Return the (gem percent, wildcards, value) of a packed spend."""
    return spend // GEM_PLACE, spend % GEM_PLACE // WILD_PLACE, spend % WILD_PLACE


Shape = tuple[int, int]  # (most letters a word below a node adds, bit mask of those letters)


class Index:
    """A lexicon made ready for anagrams: its DAWG and, per node, the shape of what lies below.

    Building it walks the whole DAWG; its stored form (to_bytes) is the shapes as a list in the
    lexicon's node order, which from_bytes matches to the nodes again, much faster."""

    def __init__(self, lexicon: Lexicon, below: dict[int, Shape] | None = None) -> None:
        self.lexicon, self.root = lexicon, lexicon.root
        self.below = shapes(lexicon.root) if below is None else below  # id(node) -> shape

    def to_bytes(self) -> bytes:
        """Return the stored form: a marshal of the shape of each node, in the lexicon's order."""
        return marshal.dumps((FORMAT, [self.below[id(node)] for node in self.lexicon.nodes]))

    @classmethod
    def from_bytes(cls, lexicon: Lexicon, data: bytes) -> Index:
        """Return the lexicon's index from its stored form; ValueError if it is not this one's."""
        try:
            fmt, found = marshal.loads(data)
        except (EOFError, TypeError, ValueError) as err:
            raise ValueError("not a stored anagram index") from err
        nodes = lexicon.nodes
        if fmt != FORMAT or not isinstance(found, list) or len(found) != len(nodes):
            raise ValueError(f"stored anagram index: format {fmt}, expected {FORMAT} "
                             f"of {len(nodes)} nodes")
        return cls(lexicon, dict(zip(map(id, nodes), found, strict=True)))


def shapes(root: Node) -> dict[int, Shape]:
    """Return id(node) -> (most letters a word below adds, bit mask of the letters below)."""
    memo: dict[int, Shape] = {}
    alike: dict[Shape, Shape] = {}  # equal shapes are one tuple: smaller when stored
    stack = [root]
    while stack:  # no recursion: a word list may hold very long words
        node = stack[-1]
        if id(node) in memo:
            stack.pop()
            continue
        height = mask = 0
        ready = True  # every child's shape is known
        for letter, child in node.items():
            if letter != END:
                below = memo.get(id(child))
                if below is None:
                    ready = False
                    stack.append(child)  # shape it first, then this node again
                elif ready:
                    height = below[0] + 1 if below[0] >= height else height
                    mask |= below[1] | BITS[letter]
        if ready:
            memo[id(node)] = alike.setdefault((height, mask), (height, mask))
            stack.pop()
    return memo


BITS = MappingProxyType({letter: 1 << n for n, letter in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ")})
ALL_LETTERS = (1 << 26) - 1


def follow(node: Node, letters: str) -> Node | None:
    """Return the node reached from this one by spelling these letters, or None."""
    for letter in letters:
        node = node.get(letter)  # type: ignore[assignment]
        if node is None:
            return None
    return node


UNORDERED = 1 << 62  # the place of a multi-letter kind: not ordered with one-letter kinds


@dataclass(frozen=True)
class Option:
    """One way to spell a letter at a node: a kind, its place in the letter's order, and rest."""

    kind: int
    place: int  # kinds spelling one letter are taken in increasing place (UNORDERED: any time)
    rest: str  # letters spelled after the first (QU: "U")
    rivals: tuple[int, ...] = ()  # for a wildcard: kinds of this letter at least as good


def options(kinds: Sequence[Kind]) -> dict[str, list[Option]]:
    """Return letter -> the options that spell it: its own kinds, wildcards, then multi-letter."""
    table: dict[str, list[Option]] = {}
    letters = {k.letters[0] for k in kinds if not k.wild}
    if any(k.wild for k in kinds):
        letters |= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    for letter in sorted(letters):
        own = [i for i, k in enumerate(kinds) if k.letters == letter]
        wild = [i for i, k in enumerate(kinds) if k.wild]
        table[letter] = ([Option(i, place, "") for place, i in enumerate(own)]
                         + [Option(i, len(own) + n, "", rivals(kinds, own, kinds[i]))
                            for n, i in enumerate(wild)]
                         + [Option(i, UNORDERED, k.letters[1:]) for i, k in enumerate(kinds)
                            if len(k.letters) > 1 and k.letters[0] == letter])
    return table


def rivals(kinds: Sequence[Kind], own: list[int], wild: Kind) -> tuple[int, ...]:
    """Return the kinds among `own` that beat a wildcard: as much value and weight, same gem."""
    return tuple(i for i in own if kinds[i].value >= wild.value and kinds[i].gem == wild.gem
                 and kinds[i].weight >= wild.weight)


def best_words(kinds: Sequence[Kind], index: Index, rules: BookwormRules,
               top: int = 1) -> list[Attack]:
    """Return the `top` best distinct words the kinds of tiles can spell, best first."""
    found = Search(kinds, index, rules, top).run()
    return sorted(found, key=lambda attack: attack.rank)


class Search:
    """One depth-first walk of the DAWG with a rack; keeps the best `top` distinct words."""

    def __init__(self, kinds: Sequence[Kind], index: Index, rules: BookwormRules,
                 top: int) -> None:
        self.kinds, self.index, self.rules, self.top = kinds, index, rules, top
        self.left = [len(k.tiles) for k in kinds]
        self.options = options(kinds)
        self.floor = dict.fromkeys(self.options, 0)
        self.bits = [ALL_LETTERS if k.wild else BITS[k.letters[0]] for k in kinds]
        self.spends = [packed_spend(k) for k in kinds]
        self.values = [k.value for k in kinds]
        self.gems = [k.gem for k in kinds]
        self.weights = [max(k.weight, 0) for k in kinds]  # only a positive weight can help
        self.by_value, self.by_gem, self.by_weight = (
            sorted((k for k in range(len(kinds)) if amounts[k] > 0), key=lambda k: -amounts[k])
            for amounts in (self.values, self.gems, self.weights))
        self.extras = any(k.gem or k.weight for k in kinds)
        most = sum(k.value * len(k.tiles) for k in kinds)
        self.bases = [rules.damage(value) for value in range(most + 1)]  # value -> base damage
        self.word: list[str] = []  # the letters spelled so far, one entry per tile
        self.path: list[int] = []  # the kind of each tile used so far
        self.best: dict[str, tuple[int, tuple[int, ...]]] = {}  # word -> (rank, kinds used)
        self.threshold = -(1 << 62)  # the rank a word must reach to be kept

    def run(self) -> list[Attack]:
        """Search the whole DAWG and return the kept words as attacks."""
        totals = [sum(getattr(k, name) * len(k.tiles) for k in self.kinds)
                  for name in ("value", "gem")]
        weights = sum(max(k.weight, 0) * len(k.tiles) for k in self.kinds)
        self.visit(self.index.root, 0, 0, 0, 0, 0, totals[0], totals[1], weights)
        return [self.attack(word, path) for word, (_, path) in self.best.items()]

    def visit(self, node: Node, length: int, value: int, gem: int, weight: int, spend: int,
              value_left: int, gem_left: int, weight_left: int) -> None:
        """Try every tile left that can spell the next letter below this node."""
        left, kinds, floor, word, path = self.left, self.kinds, self.floor, self.word, self.path
        below, bases, min_len = self.index.below, self.bases, self.rules.min_len
        for letter, child in node.items():
            for option in self.options.get(letter, ()):
                k = option.kind
                if not left[k] or option.place < floor[letter] or (
                        option.rivals and any(left[r] for r in option.rivals)):
                    continue
                target = follow(child, option.rest)
                if target is None:
                    continue
                kind = kinds[k]
                value2, gem2, weight2 = value + kind.value, gem + kind.gem, weight + kind.weight
                spend2, length2 = spend + self.spends[k], length + 1 + len(option.rest)
                left[k] -= 1
                word.append(letter + option.rest)
                path.append(k)
                if END in target and length2 >= min_len:
                    self.keep(with_gems(bases[value2], gem2) + weight2, spend2)
                shape = below[id(target)]
                value_left2 = value_left - kind.value
                gem_left2, weight_left2 = gem_left - kind.gem, weight_left - max(kind.weight, 0)
                every = (with_gems(bases[value2 + value_left2], gem2 + gem_left2)  # all tiles used
                         + weight2 + weight_left2) * SPEND_LIMIT - spend2
                if shape[0] and every >= self.threshold \
                        and self.bound(shape, value2, gem2, weight2, spend2) >= self.threshold:
                    before = floor[letter]
                    if option.place != UNORDERED:
                        floor[letter] = option.place
                    self.visit(target, length2, value2, gem2, weight2, spend2,
                               value_left2, gem_left2, weight_left2)
                    floor[letter] = before
                path.pop()
                word.pop()
                left[k] += 1

    def bound(self, shape: tuple[int, int], value: int, gem: int, weight: int,
              spend: int) -> int:
        """Return a rank no word below a node can beat: the most its tiles left could add."""
        letters, mask = shape
        value += self.most(self.by_value, self.values, letters, mask)
        if self.extras:
            gem += self.most(self.by_gem, self.gems, letters, mask)
            weight += self.most(self.by_weight, self.weights, letters, mask)
        return (with_gems(self.bases[value], gem) + weight) * SPEND_LIMIT - spend

    def most(self, order: list[int], amounts: list[int], tiles: int, mask: int) -> int:
        """Return the most that `tiles` tiles left, of letters in the mask, add to an amount."""
        total, left, bits = 0, self.left, self.bits
        for k in order:  # kinds by amount, highest first
            if left[k] and bits[k] & mask:
                take = left[k] if left[k] < tiles else tiles
                total += take * amounts[k]
                tiles -= take
                if not tiles:
                    break
        return total

    def keep(self, score: int, spend: int) -> None:
        """Keep the word spelled now if it ranks among the best `top` (its best tiles only)."""
        rank = score * SPEND_LIMIT - spend
        if rank < self.threshold:
            return
        text = "".join(self.word)
        if text in self.best and self.best[text][0] >= rank:
            return
        self.best[text] = (rank, tuple(self.path))
        if len(self.best) > self.top:  # drop the word ranked last: lowest, then alphabetically
            del self.best[max(self.best, key=lambda word: (-self.best[word][0], word))]
        if len(self.best) == self.top:
            self.threshold = min(rank for rank, _ in self.best.values())

    def attack(self, text: str, path: tuple[int, ...]) -> Attack:
        """Return the attack for a kept word: which tiles to click, in order, and its worth."""
        used = [0] * len(self.kinds)
        tiles, letters = [], []
        position = 0
        for k in path:
            kind = self.kinds[k]
            tiles.append(kind.tiles[used[k]])
            used[k] += 1
            size = len(kind.letters) or 1
            letters.append(text[position:position + size])
            position += size
        value = sum(self.kinds[k].value for k in path)
        gem = sum(self.kinds[k].gem for k in path)
        damage = self.rules.damage(value, gem)
        weight = sum(self.kinds[k].weight for k in path)
        spend = unpack_spend(sum(self.spends[k] for k in path))
        return Attack(text, tuple(tiles), tuple(letters), damage, damage + weight, spend)

