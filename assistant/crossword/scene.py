"""What the crossword overlay draws (pure): a solved board in, an overlay Scene out.

    move_scene(result, reading, origin, window, note)   each tile of the best move as its letter
                                                        on its square (a blank's letter in
                                                        lower case, on BLANK), the squares
                                                        outlined, and the panel beside the
                                                        board and rack

The letters are drawn as their outlines alone (overlay.Letter), so the square beneath shows
inside and around them: the translucency a click-through window without an alpha channel can
give (an X11 window shaped to the outline's pixels; on Windows the colour key around them, and
the whole overlay at ALPHA where the system blends layered windows). The panel goes beside the
board and the rack together (scene.beside), so it never covers either. Everything is in screen
pixels; `origin` is the screen pixel of the captured frame's top-left corner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..adapters.overlay import Letter, Outline, Scene
from ..bookworm.scene import MARK, NEXT, panel
from ..core.gestures import Point, Region
from ..core.rules import crossword_rules
from ..profiles.crossword import notation

if TYPE_CHECKING:
    from ..profiles.crossword import CrosswordResult, MoveJSON
    from ..vision.types import Box, Reading

BLANK = "#00b8ff"  # a blank's letter is drawn on this colour, in lower case
LETTER_SHARE = 0.8  # a letter's font size: this share of the square's side
ALPHA = 0.75  # the overlay's opacity where the platform blends windows (Windows, macOS)


def move_scene(result: CrosswordResult, reading: Reading, origin: Point, window: Region,
               note: str = "", language: str = "en") -> Scene:
    """Return the scene of a solved board: the best move's tiles as letters on their squares,
    the squares outlined, and the panel (headed by `note`) beside the board and rack."""
    best = result["moves"][0]["placed"] if result["moves"] else []
    boxes = [square(reading, t["row"], t["col"], origin) for t in best]
    lines = ((note,) if note else ()) + panel_lines(result, reading, language)
    return Scene(outlines=tuple(Outline(b, MARK, max(2, b.w // 14)) for b in boxes),
                 letters=tuple(letter(b, t["letter"], t["blank"]) for b, t in zip(boxes, best,
                                                                                   strict=True)),
                 panel=panel(lines, on_screen(area(reading), origin), window))


def square(reading: Reading, row: int, col: int, origin: Point) -> Region:
    """Return a board square's box on the screen."""
    x, y, w, h = reading.cells[row * reading.cols + col].box
    return Region(x + origin[0], y + origin[1], w, h)


def letter(box: Region, text: str, blank: bool) -> Letter:
    """Return a tile to place: its letter's outline in the square's middle (a blank's in lower
    case, in BLANK)."""
    size = max(10, round(min(box.w, box.h) * LETTER_SHARE))
    return Letter((box.x + box.w // 2, box.y + box.h // 2), text.lower() if blank else text,
                  BLANK if blank else MARK, size)


def area(reading: Reading) -> Box:
    """Return the box around the board and the rack, in the frame's pixels."""
    boxes = [reading.region or (0, 0, 0, 0), *(cell.box for cell in reading.rack)]
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    return left, top, right - left, bottom - top


def on_screen(box: Box, origin: Point) -> Region:
    """Return a frame's box on the screen."""
    return Region(box[0] + origin[0], box[1] + origin[1], box[2], box[3])


# -- The panel ---------------------------------------------------------------------------------

def panel_lines(result: CrosswordResult, reading: Reading, language: str = "en"
                ) -> tuple[str, ...]:
    """Return the panel's lines: the best move, the words it forms and its score, its blanks,
    the next moves, the tiles left in the bag, and the squares and rack tiles read unsurely."""
    moves = result["moves"]
    doubts = doubt_lines(reading)
    bag = bag_line(reading, language)
    if not moves:
        return (f"no move with rack {result['rack']}", *bag, *doubts)
    best = moves[0]
    blanks = [t["letter"].lower() for t in best["placed"] if t["blank"]]
    following = tuple(f"  {move_line(m)}" for m in moves[1:1 + NEXT])
    return (move_line(best), f"words: {', '.join(best['words'])}",
            *((f"blank played as {', '.join(blanks)}",) if blanks else ()),
            *(("next:",) if following else ()), *following, *bag, *doubts)


def move_line(move: MoveJSON) -> str:
    """Return a move, its square and direction and its score: 'WAIST 8H across  64'."""
    return (f"{move['spelled']} {notation(move['row'], move['col'], move['direction'])} "
            f"{move['direction']}  {move['score']}")


def bag_line(reading: Reading, language: str) -> tuple[str, ...]:
    """Return the line of the tiles left in the bag (the variant's tiles less those on the
    board, on the rack and on the opponent's rack), when the tiles were all read surely."""
    if reading.uncertain():
        return ()
    rules = crossword_rules(reading.game, language)
    seen = sum(1 for cell in reading.cells if cell.text) + len(reading.rack)
    unseen = sum(rules.tile_counts.values()) - seen
    return (f"bag: {max(0, unseen - rules.rack_size)} tiles ({unseen} unseen)",)


def doubt_lines(reading: Reading) -> tuple[str, ...]:
    """Return a line per square or rack tile read unsurely: moves using it are left out."""
    size = len(reading.cells)
    return tuple(f"? square {cell_name(i, reading.cols)}: unsure, moves on it left out"
                 if i < size else f"? rack tile {i - size + 1}: unsure, left out of the rack"
                 for i in reading.uncertain())


def cell_name(i: int, cols: int) -> str:
    """Return a square's usual name: row from 1, then column letter (8H)."""
    return notation(i // cols, i % cols, "across")
