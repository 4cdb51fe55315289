"""Bookworm: the --tiles syntax, the situation, and the strategy table's effect on the ranking."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from assistant.core import bookworm as bw
from assistant.core.anagram import Index
from assistant.core.lexicon import Lexicon
from assistant.core.rules import BOOKWORM
from assistant.core.types import BadInput
from assistant.profiles import bookworm as profile
from assistant.profiles.types import Ranking, printable


def ranked(tiles: str, *words: str, health: float | None = None, enemy: str = "") -> list[str]:
    """Return the words ranked for these tiles in this situation, best first."""
    index = Index(Lexicon.from_words(words))
    where = bw.situation(health, enemy, BOOKWORM)
    return [a.word for a in bw.attacks(bw.parse_tiles(tiles, BOOKWORM), index, BOOKWORM, where)]


# --- the strategy table -----------------------------------------------------------------------

def test_every_rule_names_a_known_tile_state_and_condition():
    for rule in bw.RULES:
        assert rule.tile in BOOKWORM.states
        condition = rule.when.rpartition(" ")[0] if " " in rule.when else rule.when
        assert condition in bw.CONDITIONS
        if condition == "enemy":
            assert rule.when.split()[1] in bw.statuses(BOOKWORM)


def test_weights_by_situation():
    # always: plagued +0.5, fire +0.5, diamond -2 (in quarter hearts: 2, 2, -8)
    assert bw.weights(bw.Situation()) == {"plagued": 2, "fire": 2, "diamond": -8}
    # Lex at 2 hearts: emerald +2, diamond +3 - 2
    low = bw.weights(bw.Situation(health=Fraction(2)))
    assert (low["emerald"], low["diamond"]) == (8, 4)
    assert "emerald" not in bw.weights(bw.Situation(health=Fraction(7)))
    poisoned = bw.weights(bw.Situation(enemy=frozenset({"poisoned", "frozen"})))
    assert (poisoned["amethyst"], poisoned["sapphire"]) == (-4, -4)
    assert "ruby" not in poisoned


def test_a_rule_is_a_line_of_text():
    rules = bw.parse_strategy("""
        when         tile    hearts  why
        health <= 5  ruby    +1.25   a made-up rule
    """)
    assert rules == (bw.Rule("health <= 5", "ruby", 5, "a made-up rule"),)
    assert bw.weights(bw.Situation(health=Fraction(5)), rules) == {"ruby": 5}
    assert bw.weights(bw.Situation(), rules) == {}


def test_default_ranking_is_damage_then_fewer_valuable_tiles():
    # CAB: C 1.25 + A + B 1.25 = 3.5 -> tier 4 (0.75); DOG and COG: tier 3 (0.5)
    assert ranked("C A B D O G", "CAB", "DOG", "COG") == ["CAB", "DOG", "COG"]
    # DOG and COG deal the same; COG spends the C (1.25) where DOG spends a D (1)


def test_when_lex_is_low_an_emerald_word_comes_first():
    # MAT with the emerald: 3.25 -> tier 3 (0.5) + 20% rounded up (0.25) = 0.75; DOGS 0.75
    tiles = "M:emerald A T D O G S"
    assert ranked(tiles, "MAT", "DOGS") == ["DOGS", "MAT"]  # a tie: keep the emerald
    assert ranked(tiles, "MAT", "DOGS", health=2) == ["MAT", "DOGS"]
    assert ranked(tiles, "MAT", "DOGS", health=9) == ["DOGS", "MAT"]


def test_an_amethyst_is_kept_when_the_enemy_is_already_poisoned():
    # CAT with the amethyst: 0.5 + 0.25 = 0.75; DOG 0.5
    tiles = "C:amethyst A T D O G"
    assert ranked(tiles, "CAT", "DOG") == ["CAT", "DOG"]
    assert ranked(tiles, "CAT", "DOG", enemy="poisoned") == ["DOG", "CAT"]
    assert ranked(tiles, "CAT", "DOG", enemy="burning") == ["CAT", "DOG"]


def test_words_that_use_plagued_and_fire_tiles_come_first():
    # CAB 0.75. DOG with a plagued G: 2 -> tier 2 (0.25) + 0.5 for clearing the plague = 0.75,
    # and DOG spends less. With a smashed G (no bonus) CAB stays first.
    assert ranked("D O G:plagued C A B", "CAB", "DOG") == ["DOG", "CAB"]
    assert ranked("D O G:smashed C A B", "CAB", "DOG") == ["CAB", "DOG"]
    # DOG with a fire G: 0.5 + 0.5 = 1 beats CAB's 0.75
    assert ranked("D O G:fire C A B", "CAB", "DOG") == ["DOG", "CAB"]
    assert ranked("D O G C A B", "CAB", "DOG") == ["CAB", "DOG"]


def test_a_diamond_is_kept_when_it_adds_little():
    # CAT with the diamond: 0.5 + 0.5 = 1 heart, but the diamond is worth 2 hearts kept
    assert ranked("C A T:diamond D O G", "CAT", "DOG") == ["DOG", "CAT"]
    # JUKEBOX: 9.75 -> tier 10 (4.5), doubled by the diamond: a gain of 4.5 hearts
    assert ranked("J U K E B O X:diamond D O G", "JUKEBOX", "DOG") == ["JUKEBOX", "DOG"]


def test_the_strongest_word_is_reported_when_the_strategy_ranks_it_lower():
    index = Index(Lexicon.from_words(["CAT", "DOG"]))
    result = profile.solve_tiles([("C", None), ("A", None), ("T", "diamond"), ("D", None),
                                  ("O", None), ("G", None)], index)
    assert [w["word"] for w in result["words"]] == ["DOG", "CAT"]
    strongest = result["strongest"]
    assert strongest is not None and (strongest["word"], strongest["damage"]) == ("CAT", 1.0)
    assert result["words"][1]["gems"] == ["diamond"]
    assert "keep a diamond" in str(result["words"][1]["rank_reason"])


# --- tiles and situation as text --------------------------------------------------------------

def test_parse_the_issue_rack():
    tiles = bw.parse_tiles("P A O R/A:locked E P S/M:emerald S M U/X V:crystal E U", BOOKWORM)
    assert len(tiles) == 16
    assert [(t.text, t.state) for t in tiles[4:6]] == [("A", "locked"), ("E", "normal")]
    assert (tiles[8].state, tiles[13].state) == ("emerald", "crystal")
    assert not bw.usable(tiles[4], BOOKWORM)


def test_parse_qu_wildcards_case_and_empty_cells():
    tiles = bw.parse_tiles("Qu qu QU ?/e:Ruby #", BOOKWORM)
    assert [(t.text, t.state) for t in tiles] == [
        ("QU", "normal"), ("QU", "normal"), ("QU", "normal"), ("?", "normal"),
        ("E", "ruby"), ("#", "normal")]
    assert not bw.usable(tiles[5], BOOKWORM)


@pytest.mark.parametrize(("text", "named"), [
    ("A B:foo", "'B:foo' (tile 2)"),
    ("A 3", "'3' (tile 2)"),
    ("A Q", "no Q tile"),
    ("A TH", "'TH'"),
    ("A:", "'A:' (tile 1)"),
    ("", "no tiles"),
    (" ".join("A" * 17), "17 tiles"),
])
def test_bad_tiles_say_what_and_where(text, named):
    with pytest.raises(BadInput, match=r"^tiles: ") as error:
        bw.parse_tiles(text, BOOKWORM)
    assert named in str(error.value)
    assert "\n" not in str(error.value)


def test_situation_from_options():
    where = bw.situation(2.5, "poisoned, Burning", BOOKWORM)
    assert where == bw.Situation(Fraction(5, 2), frozenset({"poisoned", "burning"}))
    assert bw.situation(None, None, BOOKWORM) == bw.Situation()
    with pytest.raises(BadInput, match="unknown status 'asleep'"):
        bw.situation(None, "asleep", BOOKWORM)
    for health in (-1, float("nan")):
        with pytest.raises(BadInput, match=r"^health: "):
            bw.situation(health, None, BOOKWORM)


def test_tiles_read_elsewhere_are_checked_too():
    index = Index(Lexicon.from_words(["BOX"]))
    result = profile.solve_tiles([("b", None), ("O", "normal"), ("X", "ruby")], index)
    assert result["words"][0]["tiles"] == [0, 1, 2]
    with pytest.raises(BadInput, match="tile 2"):
        profile.solve_tiles([("B", None), ("O", "glowing")], index)


def test_the_readme_shows_the_strategy_table_in_use():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    rows = re.findall(r"^\| `([^`]+)` \| (\w+) \| ([+-][\d.]+) \| (.+) \|$", readme, re.MULTILINE)
    assert [bw.Rule(when, tile, bw.quarters(hearts), why) for when, tile, hearts, why in rows] \
        == list(bw.RULES)


def test_a_ranking_keeps_its_reasons_apart_and_the_json_writes_one_line():
    ranking = Ranking("2 hearts of damage", ("+3: Lex is low", "-2: keep a diamond"))
    assert ranking.why == ("+3: Lex is low", "-2: keep a diamond")
    assert json.dumps({"rank_reason": ranking}, default=printable) == (
        '{"rank_reason": "2 hearts of damage; +3: Lex is low; -2: keep a diamond"}')
    with pytest.raises(TypeError, match="set is not JSON serializable"):
        json.dumps({"other": {1}}, default=printable)
