"""What the Bookworm overlay draws, from a hand-made reading and result: every box, number and
line worked out by hand from the grid's layout (pitch 51, tiles 49, as the real game's)."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.adapters.overlay import Badge, Outline, Panel, pieces
from assistant.bookworm import scene
from assistant.core.gestures import Region
from assistant.profiles.bookworm import AttackJSON
from assistant.profiles.types import Ranking
from assistant.vision.types import Cell, Reading

ORIGIN = (1000, 500)  # the capture's top-left pixel on the screen
WINDOW = Region(1000, 500, 816, 638)
GRID = Region(1300, 830, 204, 204)  # the grid on the screen: (300, 330) in the capture


def reading(unsure: tuple[int, ...] = ()) -> Reading:
    """Return a read grid: cell (r, c) at (301 + 51c, 331 + 51r), 49 pixels a side."""
    cells = [Cell((301 + 51 * (i % 4), 331 + 51 * (i // 4), 49, 49), "E",
                  0.3 if i in unsure else 1.0, state="normal") for i in range(16)]
    return Reading("bookworm_adventures", 4, 4, cells, region=(300, 330, 204, 204))


def word(text: str, tiles: list[int], damage: float, gems: tuple[str, ...] = ()
         ) -> AttackJSON:
    """Return one word of a result, as the solver writes it."""
    return AttackJSON(word=text, tiles=tiles, letters=list(text), damage=damage,
                      gems=list(gems), score=damage,
                      rank_reason=Ranking(f"{damage:g} hearts of damage"))


def result(*words: AttackJSON) -> Any:
    """Return a result holding these words, best first."""
    return {"game": "bookworm", "tiles": [], "situation": {"health": None, "enemy": []},
            "words": list(words), "strongest": words[0] if words else None}


BEST = word("BOXES", [4, 0, 9, 3, 15], 2.75, ("ruby",))
OTHERS = [word("OXES", [1, 2, 3, 4], 2.25), word("BOXE", [0, 1, 2, 3], 2.0),
          word("SOX", [5, 6, 7], 1.5), word("OX", [8, 9], 1.0), word("EX", [10, 11], 0.5)]


def test_the_best_words_tiles_are_outlined_just_outside_and_numbered_in_click_order():
    drawn = scene.board_scene(result(BEST, *OTHERS), reading(), ORIGIN, WINDOW)
    # tile 4 is r1c0: (1301, 882) on the screen; the outline 1 px outside, 3 px thick
    assert drawn.outlines[0] == Outline(Region(1300, 881, 51, 51), scene.MARK, 3)
    assert [o.box for o in drawn.outlines] == [
        Region(1300, 881, 51, 51), Region(1300, 830, 51, 51), Region(1351, 932, 51, 51),
        Region(1453, 830, 51, 51), Region(1453, 983, 51, 51)]
    # badges of 17 px (7/20 of the pitch) in each tile's top-left corner, 1 px in
    assert drawn.badges == (Badge((1310, 891), "1", scene.MARK, 17),
                            Badge((1310, 840), "2", scene.MARK, 17),
                            Badge((1361, 942), "3", scene.MARK, 17),
                            Badge((1463, 840), "4", scene.MARK, 17),
                            Badge((1463, 993), "5", scene.MARK, 17))


def test_the_panel_beside_the_grid_names_the_word_its_damage_gems_and_the_next_four():
    drawn = scene.board_scene(result(BEST, *OTHERS), reading(), ORIGIN, WINDOW)
    assert drawn.panel is not None
    assert drawn.panel.lines == ("BOXES  2.75 hearts", "ruby +35%: burns the enemy", "next:",
                                 "  OXES  2.25 hearts", "  BOXE  2 hearts",
                                 "  SOX  1.5 hearts", "  OX  1 heart")
    # right of the grid (1504) with a margin of 8, level with its top; 16 + 7 * 18 tall
    assert drawn.panel.box == Region(1512, 830, 260, 142)


def test_uncertain_tiles_get_a_question_mark_and_a_line_never_a_silent_guess():
    drawn = scene.board_scene(result(BEST), reading(unsure=(9, 14)), ORIGIN, WINDOW)
    # cell 9 is r2c1, at (1352, 933); cell 14 r3c2, at (1403, 984): "?" in the top-right corner
    assert drawn.badges[-2:] == (Badge((1392, 942), "?", scene.DOUBT, 17),
                                 Badge((1443, 993), "?", scene.DOUBT, 17))
    assert drawn.panel is not None
    assert drawn.panel.lines == ("BOXES  2.75 hearts", "ruby +35%: burns the enemy",
                                 "? tile r3c2: unsure, left out", "? tile r4c3: unsure, left out")


def test_no_word_draws_nothing_on_the_grid_and_says_so():
    drawn = scene.board_scene(result(), reading(), ORIGIN, WINDOW, note="playing")
    assert drawn.outlines == () and drawn.badges == ()
    assert drawn.panel == Panel(Region(1512, 830, 260, 52), ("playing", "no word can be made"),
                                scene.PANEL)


def test_a_word_of_two_gems_has_a_line_for_each_and_a_plain_word_says_no_gem():
    assert scene.gem_lines(word("ZOE", [0, 1, 2], 1, ("sapphire", "diamond"))) == (
        "sapphire +25%: freezes the enemy", "diamond +100%: heals Lex fully and refills the "
        "potions")
    assert scene.gem_lines(word("ZOE", [0, 1, 2], 1)) == ("no gem",)


@pytest.mark.parametrize(("window", "x", "y"), [
    (Region(1000, 500, 816, 638), 1512, 830),  # room on the right
    (Region(1000, 500, 600, 638), 1032, 830),  # not on the right: on the left
    (Region(1250, 500, 300, 638), 1512, 830),  # room on neither side: right anyway
    (Region(1000, 500, 816, 400), 1512, 758),  # kept inside the window's bottom: 900 - 142
])
def test_the_panel_goes_right_else_left_of_the_grid_inside_the_window(window, x, y):
    assert scene.beside(GRID, window, (260, 142)) == Region(x, y, 260, 142)


def test_nothing_drawn_covers_a_tile_but_outlines_and_badges():
    drawn = scene.board_scene(result(BEST, *OTHERS), reading(unsure=(6,)), ORIGIN, WINDOW)
    assert drawn.panel is not None and drawn.panel.box.overlap(GRID) == 0
    tiles = [Region(1301 + 51 * (i % 4), 831 + 51 * (i // 4), 49, 49) for i in range(16)]
    touched = {i for i, tile in enumerate(tiles) for piece in pieces(drawn)
               if piece.overlap(tile)}
    assert touched == set(BEST["tiles"]) | {6}  # an outline ends in the gap to the next tile


def test_waiting_shows_the_panel_alone_beside_the_grid_or_in_the_windows_corner():
    assert scene.waiting_scene(["reading..."], GRID, WINDOW) == scene.Scene(
        panel=Panel(Region(1512, 830, 260, 34), ("reading...",), scene.PANEL))
    assert scene.waiting_scene(["no grid"], None, WINDOW).panel == Panel(
        Region(1008, 500, 260, 34), ("no grid",), scene.PANEL)
