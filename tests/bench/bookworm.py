"""Bookworm: our exact best word against the published greedy heuristic, and our speed.

The baseline is our reconstruction of the published backtracking approach, from its description:
it builds letter strings from the tiles depth-first (most valuable tiles first), drops a string
as soon as its last two letters are a rare bigram, takes the first dictionary word it meets, and
then appends suffixes while the tiles left spell one that makes a longer word.
"""

from __future__ import annotations

import random
import re
import statistics
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from string import ascii_uppercase
from typing import TypeVar

from assistant.core import bookworm as bw
from assistant.core.anagram import Index
from assistant.core.lexicon import Lexicon
from assistant.core.rules import BOOKWORM, WILDCARD
from assistant.core.types import Tile
from assistant.files import wordlist

T = TypeVar("T")
SEED = 2024
RACKS = 1000
WILD_RACKS = 200
GEM_CHANCE = 1 / 16  # one gem per rack on average
# Scrabble's English tile distribution (RULES.md), blanks left out; Bookworm's Q tile is Qu.
SCRABBLE = "A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1"
RARE_IN = 50  # a bigram is rare when fewer than this many words of the list contain it
SUFFIXES = ("INGS", "ING", "NESS", "ERS", "EST", "IES", "ED", "ER", "ES", "LY", "S", "Y")
DEPTH = 5  # the longest string the baseline builds before it appends suffixes
BUDGET = 20_000  # strings the baseline may try before it gives up
TARGET_MS = {"16 tiles": 20, "14 tiles and two wildcards": 100}


def bench() -> dict:
    """Return the comparison with the baseline on random racks and our speed figures."""
    started = time.perf_counter()
    lexicon = wordlist.load("enable")
    loaded = time.perf_counter()
    index = Index(lexicon)
    indexed = time.perf_counter()
    builds = [timed(lambda: Index(lexicon))[1] for _ in range(5)]
    wordlist.index(lexicon)  # stored in the cache if it was not there
    loads = [timed(lambda: wordlist.cached_index(lexicon))[1] for _ in range(5)]
    rng = random.Random(SEED)
    racks = [draw_rack(rng, 16) for _ in range(RACKS)]
    wild_racks = [draw_rack(rng, 14, gems=False) + [Tile(WILDCARD, None, bw.NORMAL)] * 2
                  for _ in range(WILD_RACKS)]
    words = set(lexicon.words())
    rare = rare_bigrams(words)
    ours, times = zip(*(timed(partial(best_damage, rack, index)) for rack in racks),
                      strict=True)
    theirs = [baseline_damage(rack, words, rare) for rack in racks]
    wild_times = [timed(partial(best_damage, rack, index))[1] for rack in wild_racks]
    top_times = [timed(partial(bw.attacks, rack, index, BOOKWORM, top=10))[1]
                 for rack in racks[:WILD_RACKS]]
    gains = [(a - b) / 4 for a, b in zip(ours, theirs, strict=True)]
    return {
        "racks": RACKS,
        "seed": SEED,
        "tiles": "16 per rack, drawn with replacement in proportion to Scrabble's English tile "
                 "counts (RULES.md; Q as the Qu tile, no blanks); each tile a gem with "
                 "probability 1/16, the gem chosen uniformly among the 7",
        "lexicon": f"{lexicon.name} ({lexicon.count} words)",
        "baseline": f"depth-first strings up to {DEPTH} tiles, most valuable first; "
                    f"{len(rare)} rare bigrams (in fewer than {RARE_IN} words) pruned; first word "
                    f"found; then suffixes {'/'.join(SUFFIXES)} appended while they make a word; "
                    f"gives up after {BUDGET} strings",
        "ours_deals_more": sum(g > 0 for g in gains),
        "ours_deals_more_share": round(sum(g > 0 for g in gains) / RACKS, 3),
        "same_damage": sum(g == 0 for g in gains),
        "baseline_deals_more": sum(g < 0 for g in gains),
        "baseline_found_no_word": sum(t == 0 for t in theirs),
        "mean_gain_hearts": round(statistics.mean(gains), 3),
        "mean_damage_hearts": {"ours": round(statistics.mean(ours) / 4, 3),
                               "baseline": round(statistics.mean(theirs) / 4, 3)},
        "speed_ms": {
            "16 tiles": summary(times, TARGET_MS["16 tiles"]),
            "14 tiles and two wildcards": summary(wild_times,
                                                  TARGET_MS["14 tiles and two wildcards"]),
            "16 tiles, best 10 words (the command line's default)": summary(top_times, None),
            "lexicon_load": round((loaded - started) * 1000, 1),
            "index_build_once_per_lexicon": round((indexed - loaded) * 1000, 1),
            "index_build_median": round(statistics.median(builds), 1),
            "index_load_from_cache_median": round(statistics.median(loads), 1),
        },
    }


def draw_rack(rng: random.Random, size: int, gems: bool = True) -> list[Tile]:
    """Return a random rack: letters by Scrabble frequency, some of them gems."""
    letters = [item[0] for item in SCRABBLE.split()]
    counts = [int(item[1:]) for item in SCRABBLE.split()]
    gem_names = list(BOOKWORM.gems)
    rack = []
    for letter in rng.choices(letters, counts, k=size):
        state = rng.choice(gem_names) if gems and rng.random() < GEM_CHANCE else bw.NORMAL
        rack.append(Tile("QU" if letter == "Q" else letter, None, state))
    return rack


def best_damage(rack: list[Tile], index: Index) -> int:
    """Return the damage (quarter hearts) of our best word, 0 when there is none."""
    found = bw.strongest(rack, index, BOOKWORM)
    return found.damage if found else 0


def timed(work: Callable[[], T]) -> tuple[T, float]:
    """Return the work's result and how long it took, in milliseconds."""
    start = time.perf_counter()
    result = work()
    return result, (time.perf_counter() - start) * 1000


def summary(times: list[float] | tuple[float, ...], target: float | None) -> dict:
    """Return the median, 90th percentile and worst of some timings, beside any target."""
    ordered = sorted(times)
    figures = {"median": round(statistics.median(ordered), 2),
               "p90": round(ordered[int(len(ordered) * 0.9)], 2), "max": round(ordered[-1], 2)}
    if target is None:
        return figures
    return {**figures, "target_median": target,
            "median_within_target": statistics.median(ordered) <= target}


# --- the baseline ------------------------------------------------------------------------------

def rare_bigrams(words: set[str]) -> set[str]:
    """Return the letter pairs found in fewer than RARE_IN of the words."""
    seen = Counter(pair for word in words for pair in {word[i:i + 2] for i in range(len(word) - 1)})
    return {a + b for a in ascii_uppercase for b in ascii_uppercase if seen[a + b] < RARE_IN}


def baseline_damage(rack: list[Tile], words: set[str], rare: set[str]) -> int:
    """Return the damage (quarter hearts) of the baseline's word, 0 when it finds none."""
    spelled = [t.text for t in rack]
    word = first_word(spelled, words, rare)
    if word is None:
        return 0
    word = with_suffixes(word, spelled, words)
    found = bw.strongest(rack, Index(Lexicon.from_words([word])), BOOKWORM)
    assert found is not None and found.word == word
    return found.damage


def first_word(spelled: list[str], words: set[str], rare: set[str]) -> str | None:
    """Return the first word of 3+ letters met depth-first, never crossing a rare bigram."""
    order = sorted(range(len(spelled)), key=lambda i: -BOOKWORM.tile_values[spelled[i]])
    tried = 0

    def extend(prefix: str, used: frozenset[int]) -> str | None:
        nonlocal tried
        tried += 1
        if len(prefix) >= 3 and prefix in words:
            return prefix
        if len(used) == DEPTH or tried > BUDGET:
            return None
        for letters in dict.fromkeys(spelled[i] for i in order if i not in used):
            if prefix and prefix[-1] + letters[0] in rare:
                continue
            i = next(i for i in order if i not in used and spelled[i] == letters)
            found = extend(prefix + letters, used | {i})
            if found:
                return found
        return None

    return extend("", frozenset())


def with_suffixes(word: str, spelled: list[str], words: set[str]) -> str:
    """Return the word lengthened by suffixes the tiles left can spell, while it stays a word."""
    left = Counter(spelled) - Counter(letters_of(word))
    for suffix in SUFFIXES:
        if word + suffix in words and not Counter(suffix) - left:
            return with_suffixes(word + suffix, spelled, words)
    return word


def letters_of(word: str) -> list[str]:
    """Return the tiles that spell a word: QU as one tile, else one tile per letter."""
    return re.findall("QU|.", word)
