"""The anagram search: hand-worked damage, Qu, wildcards, harmful tiles, and exactness.

Golden damage values are worked by hand from RULES.md, and the property test checks the search
against a brute-force enumerator (every ordering of every subset of tiles) whose own damage
formula is typed in again here from RULES.md, independently of core.rules.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.core import bookworm as bw
from assistant.core.anagram import Index, best_words, shapes
from assistant.core.lexicon import Lexicon
from assistant.core.rules import BOOKWORM
from assistant.core.types import Tile
from assistant.files import wordlist


@pytest.fixture(scope="module")
def enable() -> Index:
    """The bundled ENABLE word list, ready for anagrams."""
    return Index(wordlist.load("enable"))


def index_of(*words: str) -> Index:
    """Return an anagram index of a few words."""
    return Index(Lexicon.from_words(words))


def best(tiles: str, index: Index, top: int = 1, **situation) -> list:
    """Return the best attacks for tiles written as in --tiles."""
    where = bw.situation(situation.get("health"), situation.get("enemy"), BOOKWORM)
    return bw.attacks(bw.parse_tiles(tiles, BOOKWORM), index, BOOKWORM, where, top)


def hearts(attack) -> float:
    """Return an attack's damage in hearts."""
    return attack.damage / 4


# --- hand-worked damage -----------------------------------------------------------------------

def test_boxes_is_the_best_word_from_the_published_rack(enable):
    # B 1.25 + O 1 + X 2 + E 1 + S 1 = 6.25 -> tier 6 -> 1.5 hearts
    [attack] = best("O X B S E E", enable)
    assert attack.word == "BOXES"
    assert hearts(attack) == 1.5
    assert [attack.letters[n] for n in range(5)] == list("BOXES")
    assert attack.tiles == (2, 0, 1, 4, 3)  # B, O, X, E (the first E), S


def test_damage_by_hand():
    index = index_of("CAT", "ZONES", "JUKEBOX", "QUIET", "SEAS")
    # C 1.25 + A 1 + T 1 = 3.25 -> tier 3 -> 0.5
    assert hearts(best("C A T", index)[0]) == 0.5
    # J 1.75 + U 1 + K 1.75 + E 1 + B 1.25 + O 1 + X 2 = 9.75 -> tier 10 -> 4.5
    assert hearts(best("J U K E B O X", index)[0]) == 4.5
    # Qu 2.75 + I + E + T = 5.75 -> tier 6 -> 1.5 (Qu is one tile spelling two letters)
    quiet = best("Qu I E T", index)[0]
    assert (quiet.word, quiet.letters, hearts(quiet)) == ("QUIET", ("QU", "I", "E", "T"), 1.5)
    # S E A S = 4 -> tier 4 -> 0.75
    assert hearts(best("S E A S", index)[0]) == 0.75


def test_two_gems_round_the_bonus_up_to_a_quarter_heart():
    # Z 2 + O + N + E + S = 6 -> tier 6 -> 1.5; ruby 35% + sapphire 25% = 60% of 1.5 = 0.9,
    # rounded up to 1.0 -> 2.5 hearts
    [attack] = best("Z:ruby O N E:sapphire S", index_of("ZONES"))
    assert hearts(attack) == 2.5
    assert attack.spend[0] == 60
    # amethyst 15% of 2 hearts (C 1.25 + A + T + S + U + P 1.25 = 6.5 -> tier 7) = 0.3 -> 0.5
    assert hearts(best("C:amethyst A T S U P", index_of("CATSUP"))[0]) == 2.5


def test_a_wildcard_is_any_letter_valued_one():
    # B 1.25 + O + ?=X 1 + E + S = 5.25 -> tier 5 -> 1 heart (an X tile would make it 1.5)
    [attack] = best("B O ? E S", index_of("BOXES", "BOX"))
    assert (attack.word, attack.letters[2], hearts(attack)) == ("BOXES", "X", 1.0)
    assert attack.tiles == (0, 1, 2, 3, 4)


def test_a_wildcard_is_kept_when_a_real_letter_does_as_well():
    [attack] = best("S ? E E", index_of("SEE"))
    assert attack.tiles == (0, 2, 3)
    assert attack.spend[1] == 0


def test_a_wildcard_stands_for_a_letter_whose_tiles_are_used_up():
    [attack] = best("S ? E", index_of("SEE"))
    assert attack.tiles == (0, 2, 1)


def test_a_wildcard_beats_a_tile_that_adds_no_damage():
    # F 1.25 + A + D + ?=E 1 = 4.25 -> tier 4 (0.75); with the smashed E: 3.25 -> tier 3 (0.5)
    [attack] = best("F A D E:smashed ?", index_of("FADE"))
    assert (attack.tiles, hearts(attack)) == ((0, 1, 2, 4), 0.75)


def test_a_wildcard_saves_a_diamond_when_the_gain_is_small():
    # C A T with the diamond T: 0.5 + 0.5 hearts of damage, less the 2 hearts kept for it
    [attack] = best("C A T:diamond ?", index_of("CAT"))
    assert attack.tiles == (0, 1, 3)


def test_harmful_tiles():
    index = index_of("BOXES", "BOXER", "BOX")
    # a locked tile cannot be used: BOXES needs the locked S, so BOX (4.25 -> tier 4) is best
    assert [a.word for a in best("B O X E S:locked", index, 3)] == ["BOX"]
    # smashed, plagued and warped tiles spell but add nothing: B O E S = 4.25 -> tier 4 -> 0.75
    for state in ("smashed", "plagued", "warped"):
        attack = best(f"B O X:{state} E S", index)[0]
        assert (attack.word, attack.damage) == ("BOXES", 3)
    # fire keeps its value: 6.25 -> tier 6 -> 1.5
    assert hearts(best("B O X:fire E S", index)[0]) == 1.5


def test_tier_rounds_half_up_and_is_capped():
    assert BOOKWORM.tier(18) == 5  # 4.5 points
    assert BOOKWORM.tier(17) == 4  # 4.25
    assert BOOKWORM.tier(19) == 5  # 4.75
    assert BOOKWORM.tier(4 * 40) == 16
    assert BOOKWORM.damage(4 * 40) == 52  # 13 hearts
    assert BOOKWORM.damage(4 * 40, 100) == 104


def test_top_lists_distinct_words_best_first(enable):
    found = best("O X B S E E", enable, top=5)
    assert found[0].word == "BOXES"
    assert len({a.word for a in found}) == 5
    assert [a.damage for a in found] == sorted((a.damage for a in found), reverse=True)


def test_no_word_from_no_usable_tile():
    assert best("A:locked T:locked E", index_of("ATE")) == []


def test_shapes_of_a_small_dawg():
    lexicon = Lexicon.from_words(["CAT", "CATS", "DOG"])
    below = shapes(lexicon.root)
    assert below[id(lexicon.root)] == (4, letters_mask("CATSDOG"))
    assert below[id(lexicon.node("CA"))] == (2, letters_mask("TS"))
    assert below[id(lexicon.node("CATS"))] == (0, 0)


def letters_mask(letters: str) -> int:
    """Return the bit mask of these letters, A = bit 0."""
    return sum({1 << "ABCDEFGHIJKLMNOPQRSTUVWXYZ".index(c) for c in letters})


# --- the real lexicon, against a scan of the whole word list ----------------------------------

ISSUE_RACK = "P A O R/A:locked E P S/M:emerald S M U/X V:crystal E U"


@pytest.mark.parametrize("rack", [ISSUE_RACK, "T R ? N/G:ruby L A I/E S:diamond O C/Qu D B H"])
def test_the_search_matches_a_scan_of_every_enable_word(enable, rack):
    tiles = bw.parse_tiles(rack, BOOKWORM)
    have = Counter("".join(t.text for t in tiles if t.state != "locked"))
    wilds = have.pop("?", 0)
    maybe = (w for w in enable.lexicon.words() if (Counter(w) - have).total() <= wilds)
    expected = max(filter(None, map(lambda word: word_best(word, tiles), maybe)))
    [attack] = bw.attacks(tiles, enable, BOOKWORM, top=1)
    assert (attack.score, tuple(-s for s in attack.spend)) == expected


# --- exactness: against brute force ----------------------------------------------------------

# RULES.md, typed in again: tile values, damage by tier (hearts) and gem percentages
VALUES = {**dict.fromkeys("ADEGILNORSTU?", Fraction(1)), **dict.fromkeys("BCFHMP", Fraction(5, 4)),
          **dict.fromkeys("VWY", Fraction(3, 2)), **dict.fromkeys("JK", Fraction(7, 4)),
          **dict.fromkeys("XZ", Fraction(2)), "QU": Fraction(11, 4)}
TIERS = [Fraction(hearts) for hearts in ("0", ".25", ".25", ".5", ".75", "1", "1.5", "2",
                                          "2.75", "3.5", "4.5", "5.5", "6.75", "8", "9.5",
                                          "11", "13")]
GEMS = {"amethyst": 15, "emerald": 20, "sapphire": 25, "garnet": 30, "ruby": 35,
        "crystal": 50, "diamond": 100}
NO_DAMAGE = {"smashed", "plagued", "warped"}


def brute_damage(tiles: list[Tile]) -> Fraction:
    """Return the damage in hearts of an attack with these tiles, straight from RULES.md."""
    total = sum((Fraction(0) if t.state in NO_DAMAGE else VALUES[t.text] for t in tiles),
                Fraction(0))
    base = TIERS[min(math.floor(total + Fraction(1, 2)), 16)]
    bonus = sum(Fraction(GEMS.get(t.state or "", 0), 100) * base for t in tiles)
    return base + Fraction(math.ceil(bonus * 4), 4)


def brute_key(tiles: list[Tile], weight: dict[str, int]) -> tuple[int, tuple[int, int, int]]:
    """Return (score in quarters, spend) of an attack with these tiles."""
    score = brute_damage(tiles) * 4 + sum(weight.get(t.state or "", 0) for t in tiles)
    value = sum(0 if t.state in NO_DAMAGE else VALUES[t.text] * 4 for t in tiles)
    spend = (sum(GEMS.get(t.state or "", 0) for t in tiles),
             sum(t.text == "?" for t in tiles), int(value))
    return int(score), spend


def brute_force(tiles: list[Tile], words: set[str], weight: dict[str, int],
                alphabet: str) -> dict[str, tuple[int, tuple[int, int, int]]]:
    """Return word -> its best (score, spend), over every ordering of every subset of tiles."""
    usable = [i for i, t in enumerate(tiles) if t.state != "locked"]
    best: dict[str, tuple[int, tuple[int, int, int]]] = {}
    for size in range(1, len(usable) + 1):
        for order in itertools.permutations(usable, size):
            chosen = [tiles[i] for i in order]
            for spelling in itertools.product(*[alphabet if t.text == "?" else [t.text]
                                                for t in chosen]):
                word = "".join(spelling)
                if word in words and len(word) >= 3:
                    score, spend = brute_key(chosen, weight)
                    old = best.get(word)
                    if old is None or (score, tuple(-s for s in spend)) > (
                            old[0], tuple(-s for s in old[1])):
                        best[word] = (score, spend)
    return best


def brute_ranked(expected: dict[str, tuple[int, tuple[int, int, int]]]) -> list[str]:
    """Return the words of a brute-force result, best first: score, then less spent, then A-Z."""
    return sorted(expected, key=lambda word: (-expected[word][0], expected[word][1], word))


def word_best(word: str, tiles: list[Tile]) -> tuple[int, tuple[int, ...]] | None:
    """Return the best (score, -spend) with which the tiles spell this word, or None."""
    options: list[tuple[int, tuple[int, ...]]] = []

    def spell(rest: str, free: frozenset[int], used: list[Tile]) -> None:
        if not rest:
            score, spend = brute_key(used, bw.weights(bw.Situation()))
            options.append((score, tuple(-s for s in spend)))
        for i in free:
            text = tiles[i].text
            if text == "?" and rest:
                spell(rest[1:], free - {i}, [*used, tiles[i]])
            elif rest.startswith(text):
                spell(rest[len(text):], free - {i}, [*used, tiles[i]])

    if len(word) >= 3:
        spell(word, frozenset(i for i, t in enumerate(tiles) if t.state != "locked"), [])
    return max(options, default=None)


ALPHABET = "ABESUXQ"
STATES = ["normal"] * 6 + ["locked", "smashed", "plagued", "fire", "ruby", "diamond",
                           "amethyst", "emerald"]

tile_texts = st.sampled_from(["A", "B", "E", "S", "U", "X", "QU", "?"])
racks = st.lists(st.tuples(tile_texts, st.sampled_from(STATES)), min_size=1, max_size=6).filter(
    lambda rack: sum(text == "?" for text, _ in rack) <= 2)
lexicons = st.lists(st.text(ALPHABET, min_size=3, max_size=6), min_size=1, max_size=40)
situations = st.builds(bw.Situation, st.sampled_from([None, Fraction(2), Fraction(10)]),
                       st.frozensets(st.sampled_from(["poisoned", "burning", "frozen"])))


def words_from(rack: list[tuple[str, str]]) -> st.SearchStrategy[list[str]]:
    """Return a strategy for word lists: mostly arrangements of some of the rack's tiles."""
    own = sorted({text for text, _ in rack if len(text) == 1 and text != "?"})
    letters = st.sampled_from(own or ALPHABET) | st.sampled_from(ALPHABET)
    spelled = st.permutations([text for text, _ in rack]).flatmap(
        lambda order: st.integers(1, len(order)).flatmap(
            lambda size: st.tuples(*[letters if text == "?" else st.just(text)
                                     for text in order[:size]]).map("".join)))
    return st.lists(spelled | st.text(ALPHABET, min_size=3, max_size=6), min_size=1,
                    max_size=30)


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), racks, situations, st.integers(1, 5))
def test_the_search_is_exact(data, rack, where, top):
    words = data.draw(words_from(rack))
    tiles = [Tile(text, None, state) for text, state in rack]
    weight = bw.weights(where)
    expected = brute_force(tiles, set(words), weight, ALPHABET)
    found = best_words(bw.kinds(tiles, BOOKWORM, weight), index_of(*words), BOOKWORM, top)
    assert [a.word for a in found] == brute_ranked(expected)[:top]
    for attack in found:
        used = [tiles[i] for i in attack.tiles]
        assert len(set(attack.tiles)) == len(attack.tiles)
        assert "".join(attack.letters) == attack.word
        assert all(t.text in ("?", letters) for t, letters in zip(used, attack.letters,
                                                                   strict=True))
        assert (attack.score, attack.spend) == expected[attack.word]
        assert Fraction(attack.damage, 4) == brute_damage(used)


def test_the_bound_counts_every_gem_a_word_could_use():
    # AXA with the plagued A and the emerald: 3 -> tier 3 (0.5) + 0.25 + 0.5 for the plague;
    # AAXAA: 5 -> tier 5 (1) + 55% (0.75) + 0.5 plague - 1 ruby (enemy burning): also 1.25,
    # but it spends more gems. Found by the property test against a bound that counted one
    # gem too few.
    rack = [Tile("A", None, "normal"), Tile("X", None, "normal"), Tile("X", None, "normal"),
            Tile("A", None, "plagued"), Tile("A", None, "ruby"), Tile("A", None, "emerald")]
    where = bw.Situation(None, frozenset({"poisoned", "burning"}))
    words = ["AXA", "AAXAA"]
    expected = brute_force(rack, set(words), bw.weights(where), ALPHABET)
    [attack] = best_words(bw.kinds(rack, BOOKWORM, bw.weights(where)), index_of(*words),
                          BOOKWORM, 1)
    assert expected["AXA"][0] == expected["AAXAA"][0] == 5
    assert attack.word == brute_ranked(expected)[0] == "AXA"
