"""The overlay's loop without a display: a fake screen plays drawn Bookworm windows as a film,
with the fake overlay's scene painted over them as a real screen would show it; the loop must
read a board only once it keeps still, never solve a grid with a tile off it, and never take its
own drawing for a change."""

from __future__ import annotations

import time
from argparse import Namespace

import numpy as np
import pytest

from assistant.adapters.overlay import RecordedOverlay, pieces
from assistant.bookworm import board as bookworm_board
from assistant.bookworm import watch
from assistant.core.gestures import Region
from assistant.core.types import BadInput
from assistant.live import stopping
from assistant.live import target as live
from assistant.vision.types import Cell, Reading
from tests import draw_bookworm as draw
from tests.conftest import spy

TEXTS = "B O X E S Z O N E S QU A A G T M".split()
STATES = "normal normal normal normal normal ruby normal normal sapphire normal normal normal " \
         "normal normal normal amethyst".split()
SIDE = 49


def window(texts: list[str] = TEXTS, gone: tuple[int, ...] = ()) -> tuple[np.ndarray, list]:
    """Return the drawn game window (the tiles in `gone` not drawn: a hole) and tile boxes."""
    frame, boxes = draw.draw_window(texts, STATES, SIDE)
    for i in gone:
        x, y, w, h = boxes[i]
        frame[y:y + h, x:x + w] = (20, 40, 60)  # the well under the tiles
    return frame, boxes


class Film:
    """A fake screen: the frames of a film, each from its time on, with the overlay's scene
    painted over the frame shown (outlines and badges in their colours, the panel dark)."""

    def __init__(self, overlay: RecordedOverlay, first: np.ndarray) -> None:
        self.overlay, self.start = overlay, time.monotonic()
        self.frames: list[tuple[float, np.ndarray]] = [(0.0, first)]

    def cut(self, frame: np.ndarray, after: float = 0.0) -> None:
        """Show this frame from `after` seconds from now on."""
        self.frames.append((time.monotonic() - self.start + after, frame))

    def now(self) -> np.ndarray:
        """Return the frame the film shows now, the overlay on it."""
        elapsed = time.monotonic() - self.start
        frame = [f for t, f in self.frames if t <= elapsed][-1].copy()
        scene = self.overlay.shown[-1] if self.overlay.shown else None
        for piece in pieces(scene) if scene else ():
            frame[max(piece.y, 0):piece.y + piece.h, max(piece.x, 0):piece.x + piece.w] = \
                (208, 0, 255)
        return frame

    def grab(self, region: Region) -> np.ndarray:
        """Return the region's pixels now."""
        return self.now()[region.y:region.y + region.h, region.x:region.x + region.w].copy()


@pytest.fixture
def stage(enable, monkeypatch):
    """Return a function making the loop over a film of frames: (watch, film, overlay,
    lines reported, times of the reads)."""
    from assistant import vision

    reads: list[float] = []
    monkeypatch.setattr(vision, "read_board", spy(vision.read_board, reads, time.monotonic))

    def make(first: np.ndarray) -> tuple[watch.Watch, Film, RecordedOverlay, list, list]:
        overlay, lines = RecordedOverlay(), []
        film = Film(overlay, first)
        options = Namespace(reader="template", settle=0.15, top=None, min_len=None,
                            health=None, enemy=None, wait=5.0)
        target = live.Target(Region(0, 0, first.shape[1], first.shape[0]))
        seen = watch.Watch(target, film, overlay, enable, options, stopping.Stopper(),
                           lambda line, text: lines.append(line))
        return seen, film, overlay, lines, reads
    return make


def soon(seconds: float) -> float:
    """Return the time this many seconds from now."""
    return time.monotonic() + seconds


def test_a_still_board_is_read_once_drawn_and_reported(stage):
    frame, boxes = window()
    seen, _, overlay, lines, reads = stage(frame)
    board = seen.next_board(soon(5))
    seen.present(board)
    best = bookworm_board.solved(board)["words"][0]
    scene = overlay.shown[-1]
    assert scene is not None and len(scene.outlines) == len(best["tiles"])
    x, y, w, _ = boxes[best["tiles"][0]]  # the first tile to click, outlined around it
    drawn = scene.outlines[0].box  # 1 px outside the tile as read, itself within a pixel
    assert abs(drawn.x - (x - 1)) <= 1 and abs(drawn.y - (y - 1)) <= 1 and drawn.w == w + 2
    assert len(reads) == 1 and len(lines) == 1
    line = lines[0]
    assert line["words"][0] == best and line["overlay_ms"] >= 150
    assert abs(line["read"]["region"][0] - boxes[0][0]) <= 2  # in screen pixels: here, the
    assert abs(line["read"]["region"][1] - boxes[0][1]) <= 2  # film's (its origin is 0, 0)
    assert line["timings_ms"]["settle"] >= 150
    with pytest.raises(BadInput, match="no new board"):
        seen.next_board(soon(0.6))  # its own drawing is no change: nothing is read again
    assert len(reads) == 1 and overlay.shown[-1] == scene


def test_a_board_is_read_only_once_it_has_kept_still(stage):
    frame, _ = window()
    seen, film, _, _, reads = stage(window(gone=(0,))[0])
    start = time.monotonic()
    moving = [window(gone=(i % 16,))[0] for i in range(12)]  # a tile at a new place each frame
    for k, step in enumerate(moving):
        film.cut(step, 0.04 * k)
    film.cut(frame, 0.04 * len(moving))  # still from 0.48 s on
    board = seen.next_board(soon(5))
    assert [t - start for t in reads] and all(t - start >= 0.48 + 0.15 for t in reads)
    assert board.text == "B O X E/S Z O N/E S QU A/A G T M"


def test_a_grid_with_tiles_off_it_is_never_solved_and_the_panel_says_so(stage):
    seen, _, overlay, lines, reads = stage(window(gone=(1, 2, 7))[0])
    with pytest.raises(BadInput, match="no new board"):
        seen.next_board(soon(1.0))
    scene = overlay.shown[-1]
    assert scene is not None and scene.outlines == () and scene.badges == ()
    assert scene.panel is not None and scene.panel.lines[0].startswith("3 tiles off the grid")
    assert lines == [] and len(reads) == 1  # read once, then waited for a change


def test_a_board_the_solver_refuses_is_waited_past_not_the_end(stage, monkeypatch):
    """A board read that cannot be solved (BadInput from solve: a crossword board read with
    two start squares) does not end the watch: the panel says why and it waits for a change
    (the crossword overlay stopped on one: "layout: 2 start squares")."""
    def refused(self, reading):
        raise BadInput("layout: 2 start squares '*', at most one allowed")

    seen, _, overlay, lines, reads = stage(window()[0])
    monkeypatch.setattr(watch.Watch, "solve", refused)
    with pytest.raises(BadInput, match="no new board"):
        seen.next_board(soon(1.0))
    scene = overlay.shown[-1]
    assert scene is not None and scene.panel is not None
    assert "2 start squares" in scene.panel.lines[0]
    assert lines == [] and len(reads) == 1


def test_a_new_board_takes_the_drawing_off_the_grid_then_shows_its_own_word(stage):
    frame, _ = window()
    seen, film, overlay, lines, _ = stage(frame)
    seen.present(seen.next_board(soon(5)))
    drawn = len(overlay.shown)
    texts = list(TEXTS)
    texts[0], texts[4] = "J", "K"  # BOXES is gone
    film.cut(window(texts)[0])
    board = seen.next_board(soon(5))
    seen.present(board)
    waiting = [s for s in overlay.shown[drawn:-1] if s is not None]
    assert waiting and all(s.outlines == () and s.badges == () for s in waiting)
    assert waiting[0].panel is not None and waiting[0].panel.lines[0] == "reading..."
    assert board.text.startswith("J O X E/K") and len(lines) == 2
    assert lines[1]["words"][0]["word"] != lines[0]["words"][0]["word"]


def test_words_the_game_refused_are_never_shown(stage):
    seen, *_ = stage(window()[0])
    board = seen.next_board(soon(5))
    first = bookworm_board.solved(board)["words"]
    seen.refused.add(first[0]["word"])
    words = seen.solve(board.reading)["words"]
    assert first[0]["word"] not in [w["word"] for w in words] and words[0] == first[1]


def test_a_grid_with_a_whole_row_or_column_unsure_is_not_the_grid_in_sight():
    def reading(unsure: set[int]) -> Reading:
        cells = [Cell((0, 0, 1, 1), "E", 0.0 if i in unsure else 1.0) for i in range(16)]
        return Reading("bookworm_adventures", 4, 4, cells)

    assert bookworm_board.unsure_line(reading({12, 13, 14, 15})) == "row 4"
    assert bookworm_board.unsure_line(reading({1, 5, 9, 13, 0})) == "column 2"
    # plagued here and there
    assert bookworm_board.unsure_line(reading({0, 5, 10, 15, 12, 13})) == ""
