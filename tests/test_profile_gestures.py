"""Profiles turn their results into mouse gestures on the screen: worked by hand."""

from assistant.core.gestures import Click, Drag
from assistant.profiles import bookworm, crossword, grid
from assistant.vision.types import Cell, Reading


def lattice(rows: int, cols: int, pitch: int, side: int) -> Reading:
    """Return a reading of rows x cols cells of this side, a pitch apart from (0, 0)."""
    cells = [Cell((c * pitch, r * pitch, side, side), "A", 1.0)
             for r in range(rows) for c in range(cols)]
    return Reading("test", rows, cols, cells)


def test_a_grid_word_is_one_drag_through_its_tiles_centres_on_the_screen():
    reading = lattice(2, 2, 30, 20)  # centres (10, 10) (40, 10) (10, 40) (40, 40) in the frame
    result = {"game": "boggle", "words": [{"word": "TEA", "path": [0, 1, 3], "score": 1},
                                          {"word": "ATE", "path": [3, 2, 0], "score": 1}]}
    assert grid.gestures(result, reading, (100, 200)) == [  # type: ignore[arg-type]
        Drag(((110, 210), (140, 210), (140, 240)), "TEA"),
        Drag(((140, 240), (110, 240), (110, 210)), "ATE")]


def test_a_bookworm_word_is_its_tiles_clicked_in_order_then_attack():
    reading = lattice(4, 4, 50, 48)  # centres 24 + 50 k; the grid's centre (99, 99)
    word = {"word": "BOX", "tiles": [5, 0, 15], "letters": ["B", "O", "X"]}
    result = {"game": "bookworm", "words": [word]}
    # Attack: 3.1 pitches (155 px) below the grid's centre
    assert bookworm.gestures(result, reading, (10, 20)) == [  # type: ignore[arg-type]
        Click((84, 94), "tile 5 B"), Click((34, 44), "tile 0 O"), Click((184, 194), "tile 15 X"),
        Click((109, 274), "Attack")]
    assert bookworm.gestures({"words": []}, reading, (0, 0)) == []  # type: ignore[typeddict-item]


def test_crossword_moves_are_shown_not_played():
    assert crossword.gestures({"moves": []}, lattice(15, 15, 10, 9), (0, 0)) == []  # type: ignore[typeddict-item]
