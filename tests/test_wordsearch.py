"""The classic word-search API, on the classic board and word list (web2, from ../shared)."""

from __future__ import annotations

import itertools

import pytest

from assistant.core.types import LexiconNotLoaded
from assistant.wordsearch import WordSearch

# From ../shared/lexicons/README.md: the words of 5+ letters on EECA/ALEP/HNBO/QTTY with web2.
FIVE_PLUS = set("ALBEE ALCAE ALEPOT ANELE BECAP BELAH BELEE BENTHAL BENTY BLENT CAPEL CAPOT CENTO "
                "CLEAN ELEAN LEANT LENTH LENTO NEELE PEACE PEELE PELEAN PENAL THANE TOECAP "
                "TOPEE".split())


@pytest.fixture
def web2_game(shared_dir):
    game = WordSearch()
    game.load_lexicon(str(shared_dir / "lexicons" / "web2-words.txt"))
    return game


@pytest.mark.shared
def test_classic_board_with_web2(web2_game):
    assert set(web2_game.all_valid_words(5)) == FIVE_PLUS and len(FIVE_PLUS) == 26
    assert web2_game.all_valid_words(6) == ["ALEPOT", "BENTHAL", "PELEAN", "TOECAP"]
    assert web2_game.score_for_words(FIVE_PLUS, 5) == 31
    assert web2_game.locations_for_word("LENT") == [5, 6, 9, 14]
    assert web2_game.locations_for_word("PEACE") == [7, 6, 3, 2, 1]


def test_lexicon_dependent_calls_need_a_lexicon():
    game = WordSearch()
    for call in (lambda: game.is_valid_word("CAT"), lambda: game.all_valid_words(3),
                 lambda: game.score_for_words(["CAT"], 3)):
        with pytest.raises(LexiconNotLoaded, match="load_lexicon"):
            call()
    assert game.locations_for_word("LENT") == [5, 6, 9, 14]  # needs the board only


def test_scores_count_only_valid_words_on_the_board_and_long_enough(enable):
    game = WordSearch()
    game.lexicon = enable
    # PEACE: 1 + (5 - 4) = 2; LENT: 1; BOTTY is a word but not on the board; PEA is too short.
    assert game.score_for_words(["peace", "PEACE", "LENT", "XYZZY", "PEA", "BOTTY"], 4) == 3
    assert game.is_valid_prefix("PEAC") and not game.is_valid_prefix("PEAQ")


def test_set_board_from_rows_and_any_size(enable):
    game = WordSearch()
    game.lexicon = enable
    game.set_board([["C", "A"], ["T", "S"]])
    # on 2x2 every tile touches every other, so the words are the lexicon's arrangements of CATS
    arrangements = {"".join(p) for n in (3, 4) for p in itertools.permutations("CATS", n)}
    assert game.all_valid_words(3) == sorted(w for w in arrangements if enable.is_word(w))
    assert {"ACT", "CAST", "SCAT", "TAS"} <= set(game.all_valid_words(3))
    game.set_board([["QU", "I", "T"], ["A", "B", "E"], ["C", "D", "F"]])
    assert "QUITE" in game.all_valid_words(5) and game.locations_for_word("QUITE") == [0, 1, 2, 5]
