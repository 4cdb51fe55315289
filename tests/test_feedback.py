"""Reading the game's feedback: which verdict a swipe's tiles flash, and whether the grid is
still there. Frames drawn here, colours worked out by hand."""

import numpy as np
import pytest

from assistant.vision import feedback as F

SIDE, PITCH = 40, 50
BOXES = [(c * PITCH, r * PITCH, SIDE, SIDE) for r in range(4) for c in range(4)]


def frame(colours: dict[int, tuple[int, int, int]], board: tuple[int, int, int]) -> np.ndarray:
    """Return a 4x4 grid of tiles (BGR): the board's colour, some tiles in other colours, and
    a white letter in the middle of each tile (not sampled)."""
    image = np.full((4 * PITCH, 4 * PITCH, 3), 30, np.uint8)
    for i, (x, y, w, h) in enumerate(BOXES):
        image[y:y + h, x:x + w] = colours.get(i, board)
        image[y + 8:y + 28, x + 12:x + 28] = 255  # the letter
    return image


BLUE, ORANGE = (198, 114, 0), (0, 152, 243)  # BGR of #0072C6 and #F39800
GREEN, YELLOW, RED, WHITE = (58, 175, 31), (0, 194, 242), (43, 36, 224), (242, 242, 242)


@pytest.mark.parametrize(("flash", "said"), [(GREEN, "accepted"), (YELLOW, "repeated"),
                                              (RED, "rejected"), (WHITE, None), (BLUE, None)])
def test_a_tiles_flash_tells_a_verdict_on_a_blue_board(flash, said):
    faces = F.faces(frame({1: flash, 2: flash, 6: flash}, BLUE), BOXES)
    board = F.board_face(faces)
    assert [F.verdict(faces[i], board) for i in (1, 2, 6)] == [said] * 3
    assert F.verdict(faces[0], board) is None


def test_on_an_orange_board_an_orange_tile_is_no_yellow_flash():
    faces = F.faces(frame({0: YELLOW, 5: YELLOW}, ORANGE), BOXES)
    board = F.board_face(faces)
    assert [F.verdict(f, board) for f in faces[:6]] == ["repeated", None, None, None, None,
                                                        "repeated"]


def test_the_grid_is_seen_on_the_screen_until_it_is_gone():
    grid = frame({1: GREEN, 2: WHITE}, BLUE)
    board = F.board_face(F.faces(grid, BOXES))
    assert F.on_screen(F.faces(grid, BOXES), board) == 1.0
    results = np.full_like(grid, 30)  # the results screen: dark, no tiles
    results[60:90, 20:180] = 255  # a line of white text
    assert F.on_screen(F.faces(results, BOXES), board) <= 0.25
