"""The shared live pieces: where the game is (a Target over fake windows), and the cheap test
of a change on the screen (thumbnails, the overlay's own pixels put back), with values worked
by hand."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest

from assistant.adapters.window import Window, WindowGone
from assistant.core.gestures import Region
from assistant.core.types import BadInput
from assistant.live import changes
from assistant.live import target as live

GAME = Window(7, "Bookworm Adventures", Region(100, 100, 800, 600))


@dataclass
class FakeWindows:
    """Windows as a test sets them: the game's region, minimised or not, what lies above it,
    and the calls made."""

    region_now: Region = GAME.region
    is_minimised: bool = False
    over: list[Window] = field(default_factory=list)
    closed: bool = False
    asked: list[str] = field(default_factory=list)

    def find(self, title: str) -> Window:
        return GAME

    def titles(self) -> list[str]:
        return [GAME.title]

    def region(self, window: Window) -> Region:
        self.asked.append("region")
        if self.closed:
            raise WindowGone(f"the window {window.title!r} was closed")
        return self.region_now

    def minimised(self, window: Window) -> bool:
        self.asked.append("minimised")
        if self.closed:
            raise WindowGone(f"the window {window.title!r} was closed")
        return self.is_minimised

    def focused(self, window: Window) -> bool:
        return True

    def above(self, window: Window) -> list[Window]:
        return self.over


def target(windows: FakeWindows) -> live.Target:
    """Return the game as a window followed through these fake windows."""
    return live.Target(GAME.region, windows, GAME)


def test_a_window_is_followed_where_it_moved_and_is_none_while_minimised():
    windows = FakeWindows(region_now=Region(300, 200, 800, 600))
    game = target(windows)
    assert game.place() == Region(300, 200, 800, 600) == game.region
    windows.is_minimised = True
    assert game.place() is None
    with pytest.raises(BadInput, match=r"minimised \(or on another desktop\): restore it"):
        game.where()


def test_a_look_every_tick_asks_only_for_the_region_and_a_closed_window_is_gone():
    windows = FakeWindows(region_now=Region(0, 0, 800, 600), is_minimised=True)
    game = target(windows)
    assert game.place(minimised=False) == Region(0, 0, 800, 600) and windows.asked == ["region"]
    windows.closed = True
    with pytest.raises(WindowGone):
        game.place()


def test_a_window_over_the_part_covers_it_unless_ignored_or_beside_it():
    grid = Region(400, 430, 204, 204)
    windows = FakeWindows(over=[Window(8, "assistant overlay", Region(390, 420, 500, 300)),
                                Window(9, "Notes", Region(0, 0, 400, 900))])  # ends at x 399
    game = target(windows)
    assert not game.covered(grid, ignore=("assistant overlay",))
    assert game.covered(grid)  # the overlay's own window, when not ignored
    windows.over.append(Window(10, "Terminal", Region(603, 633, 50, 50)))  # its corner pixel
    assert game.covered(grid, ignore=("assistant overlay",))


def test_a_region_is_never_covered_minimised_or_moved():
    game = live.Target(Region(5, 6, 70, 80))
    assert game.place() == game.place(minimised=False) == game.where() == Region(5, 6, 70, 80)
    assert not game.covered(Region(0, 0, 1000, 1000)) and game.focused()


def test_a_moved_window_is_used_once_it_has_kept_still_and_never_waited_for_without_end(
        monkeypatch):
    windows = FakeWindows()
    game, places = target(windows), [Region(10, 0, 800, 600), Region(20, 0, 800, 600)]

    def dragged() -> None:  # the user drags the window two steps on, then lets it be
        windows.region_now = places.pop(0) if places else windows.region_now

    assert game.keep_still(dragged) == Region(20, 0, 800, 600)
    monkeypatch.setattr(live, "STILL_SECONDS", 0.0)
    monkeypatch.setattr(live, "STILL_LIMIT", 0.05)

    def moving() -> None:  # ... or never lets it be
        windows.region_now = windows.region_now.moved(1, 0)

    with pytest.raises(BadInput, match=r"kept moving for 0\.05 s: play stopped"):
        game.keep_still(moving)


# -- change on the screen ----------------------------------------------------------------------

def test_a_thumbnail_is_the_grey_mean_of_each_cell_the_partial_ones_left_out():
    frame = np.zeros((17, 18, 3), np.uint8)
    frame[:8, :8] = (200, 200, 200)  # top-left cell: grey 200
    frame[:8, 8:16] = (0, 0, 255)  # top-right: red, grey round(0.299 * 255) = 76
    frame[8:16, :4] = (100, 100, 100)  # bottom-left: half 100, half 0: 50
    frame[16:, :] = 255  # the partial last row (and last 2 columns) are left out
    frame[:, 16:] = 255
    assert changes.thumbnail(frame, 8).tolist() == [[200, 76], [50, 0]]


def test_a_change_is_more_than_eight_grey_levels_somewhere_or_another_size():
    before = np.full((4, 4), 100, np.uint8)
    after = before.copy()
    after[2, 3] = 108
    assert not changes.changed(before, after)
    after[2, 3] = 109
    assert changes.changed(before, after) and changes.changed(after, before)
    assert changes.changed(before, before[:3])


def test_drawn_marks_the_pieces_clipped_to_the_frame():
    mask = changes.drawn((5, 6, 3), [Region(-2, -2, 4, 4), Region(3, 1, 5, 1), Region(9, 9, 2, 2)])
    assert mask.tolist() == [[1, 1, 0, 0, 0, 0],
                             [1, 1, 0, 1, 1, 1],
                             [0, 0, 0, 0, 0, 0],
                             [0, 0, 0, 0, 0, 0],
                             [0, 0, 0, 0, 0, 0]]


def test_cover_puts_back_the_clean_pixels_under_the_mask_in_place():
    frame = np.zeros((3, 4, 3), np.uint8)
    clean = np.arange(36, dtype=np.uint8).reshape(3, 4, 3)
    mask = changes.drawn(frame.shape, [Region(1, 1, 2, 1)])
    out = changes.cover(frame, clean, mask)
    assert out is frame
    assert frame[1, 1].tolist() == [15, 16, 17] and frame[1, 2].tolist() == [18, 19, 20]
    assert frame.sum() == sum(range(15, 21))  # nothing else changed
    other = np.zeros((2, 2, 3), np.uint8)
    assert changes.cover(other, clean, mask) is other and other.sum() == 0  # another place


def test_an_outline_drawn_over_a_still_grid_is_no_change_once_covered():
    clean = np.full((60, 60, 3), 180, np.uint8)
    outline = [Region(10, 10, 30, 3), Region(10, 37, 30, 3)]
    seen = clean.copy()
    for piece in outline:
        seen[piece.y:piece.y + piece.h, piece.x:piece.x + piece.w] = (208, 0, 255)
    mask = changes.drawn(seen.shape, outline)
    assert changes.changed(changes.thumbnail(clean, 6), changes.thumbnail(seen.copy(), 6))
    assert not changes.changed(changes.thumbnail(clean, 6),
                            changes.thumbnail(changes.cover(seen, clean, mask), 6))
