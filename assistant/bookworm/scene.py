"""What the Bookworm overlay draws (pure): a solved board in, an overlay Scene out.

    board_scene(result, reading, origin, window)   the best word's tiles outlined in MARK and
                                                   numbered in click order, "?" on each tile
                                                   read uncertainly, and the panel beside the grid
    waiting_scene(lines, grid, window)             the panel alone, saying what it waits for

The panel never covers the grid: it goes right of it when it fits in the window, else left of
it, else right of it anyway. Everything is in screen pixels; `origin` is the screen pixel of
the captured frame's top-left corner (the reading's boxes are in the frame's pixels).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..adapters.overlay import Badge, Outline, Panel, Scene
from ..core.gestures import Point, Region
from ..core.rules import BOOKWORM
from ..profiles.bookworm import in_hearts

if TYPE_CHECKING:
    from ..profiles.bookworm import AttackJSON, BookwormResult
    from ..vision.types import Reading

MARK = "#ff00d0"  # the one strong colour of the best word: its outlines and click numbers
DOUBT = "#ff8c00"  # the "?" on a tile read uncertainly
PANEL = "#1c1c1c"  # the panel's colour (its text is white)
NEXT = 4  # words listed after the best one
PANEL_WIDTH = 260  # pixels
LINE_PX = 18  # pixels a line of the panel's text takes
MARGIN = 8  # pixels between the grid and the panel, and the panel's padding


def board_scene(result: BookwormResult, reading: Reading, origin: Point, window: Region,
                note: str = "") -> Scene:
    """Return the scene of a solved board: the best word's tiles outlined and numbered in
    click order, a "?" on each uncertain tile, and the panel (headed by `note`) beside it."""
    boxes, pitch = tile_boxes(reading, origin), pitch_of(reading)
    best = result["words"][0]["tiles"] if result["words"] else []
    lines = ((note,) if note else ()) + panel_lines(result, reading)
    return Scene(outlines=tuple(outline(boxes[i], pitch) for i in best),
                 badges=(*(number(boxes[i], n, pitch) for n, i in enumerate(best, 1)),
                         *(doubt(boxes[i], pitch) for i in reading.uncertain())),
                 panel=panel(lines, grid_of(reading, origin), window))


def waiting_scene(lines: Sequence[str], grid: Region | None, window: Region) -> Scene:
    """Return the scene of the panel alone, beside the grid (or, with none known, in the
    window's top-left corner), holding these lines."""
    return Scene(panel=panel(tuple(lines), grid or Region(window.x, window.y, 0, 0), window))


# -- The tiles ---------------------------------------------------------------------------------

def tile_boxes(reading: Reading, origin: Point) -> list[Region]:
    """Return each cell's box on the screen."""
    return [Region(x + origin[0], y + origin[1], w, h) for x, y, w, h in
            (cell.box for cell in reading.cells)]


def pitch_of(reading: Reading) -> int:
    """Return the grid's pitch: pixels from one tile to the next along a row."""
    return reading.cells[1].box[0] - reading.cells[0].box[0]


def grid_of(reading: Reading, origin: Point) -> Region:
    """Return the grid's region on the screen: around its cells."""
    x, y, w, h = reading.region or (0, 0, 0, 0)
    return Region(x + origin[0], y + origin[1], w, h)


def outline(box: Region, pitch: int) -> Outline:
    """Return the outline of a tile: a sixteenth of a pitch thick, reaching half the gap
    (a fiftieth of a pitch) outside the tile as read, so that a tile read a pixel off is still
    outlined on all four sides, and its neighbour never touched."""
    grow, width = max(1, pitch // 50), max(3, pitch // 16)
    return Outline(Region(box.x - grow, box.y - grow, box.w + 2 * grow, box.h + 2 * grow),
                   MARK, width)


def number(box: Region, n: int, pitch: int) -> Badge:
    """Return the badge holding a tile's place in the click order, in its top-left corner
    (the letter, in the middle, stays in sight)."""
    size = badge_size(pitch)
    return Badge((box.x + size // 2 + 1, box.y + size // 2 + 1), str(n), MARK, size)


def doubt(box: Region, pitch: int) -> Badge:
    """Return the "?" badge of a tile read uncertainly, in its top-right corner."""
    size = badge_size(pitch)
    return Badge((box.x + box.w - size // 2 - 1, box.y + size // 2 + 1), "?", DOUBT, size)


def badge_size(pitch: int) -> int:
    """Return a badge's side: about a third of a tile, at least 14 pixels."""
    return max(14, pitch * 7 // 20)


# -- The panel ---------------------------------------------------------------------------------

def panel_lines(result: BookwormResult, reading: Reading) -> tuple[str, ...]:
    """Return the panel's lines for a solved board: the best word, its damage and gems, the
    next words, and the tiles read uncertainly."""
    words = result["words"]
    doubts = tuple(f"? tile {cell_name(i, reading.cols)}: unsure, left out"
                   for i in reading.uncertain())
    if not words:
        return ("no word can be made", *doubts)
    best = words[0]
    following = tuple(f"  {word_line(w)}" for w in words[1:1 + NEXT])
    return (word_line(best), *gem_lines(best), *(("next:",) if following else ()),
            *following, *doubts)


def word_line(word: AttackJSON) -> str:
    """Return a word and its damage: 'BOXES  2.75 hearts'."""
    return f"{word['word']}  {in_hearts(word['damage'])}"


def gem_lines(word: AttackJSON) -> tuple[str, ...]:
    """Return a line per gem the word uses: its bonus and effect ('ruby +35%: burns the
    enemy'), or 'no gem'."""
    gems = [BOOKWORM.gems[name] for name in word["gems"]]
    return tuple(f"{g.name} +{g.percent}%: {g.effect}" for g in gems) or ("no gem",)


def cell_name(i: int, cols: int) -> str:
    """Return a cell's name, row and column from 1: r2c3."""
    return f"r{i // cols + 1}c{i % cols + 1}"


def panel(lines: tuple[str, ...], grid: Region, window: Region) -> Panel:
    """Return the panel holding these lines beside the grid."""
    size = (PANEL_WIDTH, 2 * MARGIN + LINE_PX * len(lines))
    return Panel(beside(grid, window, size), lines, PANEL)


def beside(grid: Region, window: Region, size: tuple[int, int]) -> Region:
    """Return the panel's box, level with the grid's top (kept inside the window when it can
    be): right of the grid if it fits in the window, else left of it, else right anyway."""
    w, h = size
    right, left = grid.x + grid.w + MARGIN, grid.x - MARGIN - w
    x = right if right + w <= window.x + window.w or left < window.x else left
    y = max(window.y, min(grid.y, window.y + window.h - h))
    return Region(x, y, w, h)
