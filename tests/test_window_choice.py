"""Which window the user means (window.choose), on plain data: hand-worked cases."""

from __future__ import annotations

import os

import pytest

from assistant.adapters.window import Ours, Window, ancestors, choose, describe, match
from assistant.core.gestures import Region
from assistant.core.types import BadInput

GAME = Window(1, "Wordament", Region(100, 80, 640, 900), pid=500)
TERMINAL = Window(2, "Command Prompt - assistant play wordament", Region(0, 0, 1600, 1000),
                  pid=77)
PRACTICE = Window(3, "Wordament (practice)", Region(50, 50, 400, 600), pid=600)
NOTES = Window(4, "notes on wordament.txt - Notepad", Region(0, 0, 1200, 900), pid=700)
ME = Ours(frozenset({42, 77}))


@pytest.mark.parametrize(("title", "text", "rank"), [
    ("Wordament", "wordament", 0),  # any case
    ("  Wordament ", "Wordament", 0),  # outer spaces ignored
    ("Wordament (practice)", "wordament", 1),
    ("Command Prompt - assistant play wordament", "Wordament", 2),
    ("Bookworm Adventures Deluxe", "Bookworm", 1),
    ("Word", "Wordament", None),
    ("Firefox", "Wordament", None),
])
def test_match_says_exact_prefix_or_substring(title, text, rank):
    assert match(title, text) == rank


def test_the_games_exact_title_beats_a_bigger_terminal_named_after_the_command():
    assert choose([TERMINAL, GAME], "Wordament") == GAME
    assert choose([GAME, TERMINAL], "wordament") == GAME


def test_a_prefix_beats_a_bigger_substring_match():
    assert choose([NOTES, TERMINAL, PRACTICE], "Wordament") == PRACTICE


def test_our_own_windows_are_never_chosen_even_when_they_match_best():
    mine = Window(9, "Wordament", Region(0, 0, 900, 900), pid=42)
    assert choose([mine, PRACTICE], "Wordament", ME) == PRACTICE
    console = Window(8, "Wordament", Region(0, 0, 900, 900), pid=1234)
    assert choose([console, PRACTICE], "Wordament", Ours(ids=frozenset({8}))) == PRACTICE


def test_only_our_own_window_matching_is_not_found_and_says_why():
    with pytest.raises(BadInput) as caught:
        choose([TERMINAL, NOTES], "assistant", ME)
    assert str(caught.value) == (
        "no window titled 'assistant' (visible windows: 'notes on wordament.txt - Notepad'; "
        "this program's own windows and its terminal are never chosen: "
        "'Command Prompt - assistant play wordament')")


def test_several_equally_good_shown_windows_are_listed_in_one_line():
    other = Window(5, "WORDAMENT", Region(900, 0, 300, 200), pid=501)
    with pytest.raises(BadInput) as caught:
        choose([GAME, TERMINAL, other], "Wordament")
    assert str(caught.value) == (
        "2 windows have the title 'Wordament' (exact match): "
        '"Wordament" 640x900 at 100,80; "WORDAMENT" 300x200 at 900,0: '
        "close the others, or give --window-title (the whole title) or --region")
    assert "\n" not in str(caught.value)


def test_a_shown_window_beats_a_minimised_one_of_the_same_rank():
    minimised = Window(6, "Wordament", Region(-32000, -32000, 0, 0), pid=502, hidden=True)
    assert choose([minimised, GAME], "Wordament") == GAME


def test_a_minimised_exact_match_beats_a_shown_prefix_so_play_can_say_it_is_minimised():
    minimised = Window(6, "Wordament", Region(-32000, -32000, 0, 0), pid=502, hidden=True)
    assert choose([PRACTICE, minimised], "Wordament") == minimised
    twins = [minimised, Window(7, "Wordament", Region(0, 0, 0, 0), hidden=True)]
    assert choose(twins, "Wordament") == minimised  # no question of which: both are hidden


def test_an_empty_window_is_never_chosen():
    empty = Window(10, "Wordament", Region(5, 5, 0, 0), pid=503)
    assert choose([empty, PRACTICE], "Wordament") == PRACTICE


def test_not_found_lists_the_shown_titles_not_the_hidden_ones():
    hidden = Window(11, "Mail", Region(0, 0, 0, 0), hidden=True)
    with pytest.raises(BadInput) as caught:
        choose([NOTES, hidden], "Bookworm")
    assert str(caught.value) == ("no window titled 'Bookworm' "
                                 "(visible windows: 'notes on wordament.txt - Notepad')")


def test_describe_names_the_window_its_size_and_place():
    assert describe(GAME) == '"Wordament" 640x900 at 100,80'
    assert describe(Window(1, "Ünïcødé ✓", Region(-1920, -10, 5, 6))) == \
        '"Ünïcødé ✓" 5x6 at -1920,-10'
    assert describe(Window(1, "W", Region(0, 0, 0, 0), hidden=True)) == '"W" minimised'


def test_ancestors_hold_this_process_and_its_parent_never_init():
    found = ancestors()
    assert {os.getpid(), os.getppid()} <= found and 1 not in found and 0 not in found
