"""The crossword walk's lookahead table (core.crossword.Below) and the walk it prunes.

Below is checked on a word list small enough to work out by hand, stored and loaded again, and
cached beside the compiled lexicon; the pruned walk is checked against the brute force of
test_crossword_properties (which shares no code with it) on small positions with two blanks
and words long enough for left parts of several squares, where the pruning has work to do.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.core import crossword as cw
from assistant.core.lexicon import Lexicon, build
from assistant.core.rules import CROSSWORD_RULES, SCRABBLE
from assistant.files import wordlist
from tests.test_crossword_properties import N, brute_force, generated

# CAT, CAR, COT, AT, ACT: the DAWG from the root:  A -> T$,  A -> C -> T$,  C -> A -> T$|R$,
# C -> O -> T$. So, level by level, the letters that can come:
HAND = ["CAT", "CAR", "COT", "AT", "ACT"]
HAND_BELOW = {  # spelled so far -> letters at depth 0, 1, 2, 3 below it
    "": ["AC", "ACOT", "RT", ""],  # A, C; AC AT CA CO; ACT CAR CAT COT; none is longer
    "A": ["CT", "T", "", ""],  # AC AT; ACT; the rest end
    "C": ["AO", "RT", "", ""],
    "CA": ["RT", "", "", ""],
    "CAT": ["", "", "", ""],  # a word's end: nothing follows
}


def letters_below(table: cw.Below, lexicon: Lexicon, spelled: str) -> list[str]:
    """Return what the table says can come at depths 0 to 3 below the node of these letters
    (the node found by the table's own children, checked against the lexicon's)."""
    place, node = 0, lexicon.root
    for letter in spelled:
        place, node = table.child(place, letter), node[letter]
        assert lexicon.nodes[place] is node
    return [table.below(spelled, depth) for depth in range(4)]


@pytest.mark.parametrize("spelled", sorted(HAND_BELOW))
def test_below_hand_worked(spelled):
    lexicon = Lexicon.from_words(HAND)
    table = cw.Below.build(lexicon)
    assert table.letters == "ACORT"
    assert letters_below(table, lexicon, spelled) == HAND_BELOW[spelled]


def test_below_stored_and_loaded_is_the_same_table():
    lexicon = Lexicon.from_words(HAND)
    again = Lexicon.from_bytes(lexicon.to_bytes())  # new node objects, in the stored order
    restored = cw.Below.from_bytes(again, cw.Below.build(lexicon).to_bytes())
    for spelled in HAND_BELOW:
        assert letters_below(restored, again, spelled) == HAND_BELOW[spelled]


def test_a_table_does_not_fit_another_lexicon():
    stored = cw.Below.build(Lexicon.from_words(HAND)).to_bytes()
    with pytest.raises(ValueError, match="crossword table"):
        cw.Below.from_bytes(Lexicon.from_words(["DOG", "DOGS"]), stored)
    with pytest.raises(ValueError, match="crossword table"):
        cw.Below.from_bytes(Lexicon.from_words(HAND), b"not marshal")


def test_a_lexicon_of_many_letters_gets_no_table_and_the_same_moves():
    letters = [chr(c) for c in range(0x391, 0x391 + cw.MAX_LETTERS)]  # Greek capitals: 32 more
    plain = sorted({*HAND, "TA"})
    words = sorted({*plain, *(a + b for a, b in pairwise(letters))})
    lexicon = Lexicon(build(words), len(words))
    assert cw.Below.build(lexicon).levels == []
    board = tuple("." * 7 + ("AT" if r == 7 else "..") + "." * 6 for r in range(N))
    raws = sorted(cw.generate(board, "C?A", SCRABBLE, lexicon))
    assert raws and raws == sorted(cw.generate(board, "C?A", SCRABBLE, Lexicon.from_words(plain)))


def test_the_table_is_cached_beside_the_lexicon_and_read_again(tmp_path, monkeypatch):
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "list.txt"
    source.write_text("\n".join(HAND) + "\n")
    first = wordlist.load(str(source))
    assert wordlist.crossword_table(first) is cw.below_of(first)  # the moves use it
    [stored] = (tmp_path / "cache").glob("crossword-*.marshal")
    again = wordlist.load(str(source))  # another process's view

    def never_build(lexicon: Lexicon) -> cw.Below:
        raise AssertionError("the crossword table was built, not read from the cache")

    monkeypatch.setattr(cw.Below, "build", never_build)
    assert letters_below(wordlist.crossword_table(again), again, "C") == HAND_BELOW["C"]
    monkeypatch.undo()
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(tmp_path / "cache"))
    stored.write_bytes(b"garbage")  # damaged: built again, and stored again
    third = wordlist.load(str(source))
    assert letters_below(wordlist.crossword_table(third), third, "") == HAND_BELOW[""]
    assert cw.Below.from_bytes(third, stored.read_bytes()).letters == "ACORT"


LETTERS = "AERST"


@st.composite
def blank_positions(draw):
    """A small random position with up to two blanks in a rack of up to four tiles, and words
    of up to six letters: moves with left parts of up to three squares before the anchor."""
    words = draw(st.sets(st.text(LETTERS, min_size=2, max_size=6), min_size=6, max_size=60))
    rows = [["."] * N for _ in range(N)]
    written = st.tuples(st.sampled_from(sorted(words)), st.integers(2, 9), st.integers(2, 9),
                        st.booleans())
    for word, r, c, across in draw(st.lists(written, max_size=3)):
        for i, letter in enumerate(word):
            rows[r + i * (not across)][c + i * across] = letter
    board = tuple("".join(row) for row in rows)
    blanks = draw(st.integers(1, 2))
    rack = draw(st.text(LETTERS, min_size=1, max_size=4 - blanks)) + "?" * blanks
    rules = draw(st.sampled_from(list(CROSSWORD_RULES.values())))
    if draw(st.booleans()):
        rules = replace(rules, rack_size=len(rack))  # playing the whole rack earns the bingo
    return words, board, rack, rules


@settings(max_examples=40, deadline=None)
@given(blank_positions())
def test_the_pruned_walk_equals_brute_force_with_blanks(position):
    words, board, rack, rules = position
    moves = generated(board, rack, rules, Lexicon.from_words(words))
    assert len(moves) == len(set(moves)), "no move is generated twice"
    assert set(moves) == brute_force(board, rack, rules, words)
