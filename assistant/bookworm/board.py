"""A Bookworm board seen on the screen (live.Board): its result and the clicks of its best word,
why it cannot be solved yet (cells without a tile, a row or column read all uncertainly), and
the line `overlay bookworm` reports for it (JSON, or text).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..core.gestures import Click, Region
from ..live import target as live
from ..profiles import bookworm as profile
from . import scene

if TYPE_CHECKING:
    import numpy as np

    from ..profiles.bookworm import BookwormResult
    from ..vision.types import Reading


def solved(board: live.Board) -> BookwormResult:
    """Return a board's result as what it is: Bookworm's words."""
    return cast("BookwormResult", board.result)


def clicks(board: live.Board) -> list[Click]:
    """Return the clicks that play the board's best word: its tiles in order, then Attack."""
    moves = profile.gestures(solved(board), board.reading, board.origin)
    return [move for move in moves if isinstance(move, Click)]


def holes(reading: Reading) -> list[int]:
    """Return the cells that show no tile (its tile is up in the word, falling, or cut off)."""
    return [i for i, cell in enumerate(reading.cells) if not cell.text]


def unsure_line(reading: Reading) -> str:
    """Return the first row or column whose every tile was read uncertainly ('row 4'), else
    ''. A grid found a row or column off (part of it covered, or the lattice fitted to the
    wrong tiles) shows one; a real board hardly ever does."""
    cols, unsure = reading.cols, set(reading.uncertain())
    rows = [f"row {r + 1}" for r in range(reading.rows)
            if all(r * cols + c in unsure for c in range(cols))]
    columns = [f"column {c + 1}" for c in range(cols)
               if all(r * cols + c in unsure for r in range(reading.rows))]
    return (rows + columns + [""])[0]


def crop(frame: np.ndarray, region: Region) -> np.ndarray:
    """Return the part of a frame inside a region of it."""
    return frame[region.y:region.y + region.h, region.x:region.x + region.w]


def board_json(board: live.Board, timings: dict[str, float], overlay_ms: float) -> dict[str, Any]:
    """Return a board's line: the `solve --game bookworm IMAGE --json` object (the read region
    in screen pixels), with the timings and overlay_ms, from the change seen to it drawn."""
    from ..screenshot.solve import read_json

    read = read_json(board.reading)
    x, y, w, h = read["region"]
    read["region"] = [x + board.origin[0], y + board.origin[1], w, h]
    return {**board.result, "read": read, "timings_ms": timings, "overlay_ms": overlay_ms}


def board_text(line: dict[str, Any]) -> str:
    """Return a board's line as text: the best word, its damage, the tiles to click."""
    if not line["words"]:
        return f"no word can be made (shown in {line['overlay_ms']:g} ms)"
    best, cols = line["words"][0], line["read"]["cols"]
    cells = " ".join(scene.cell_name(i, cols) for i in best["tiles"])
    return (f"{best['word']} ({profile.in_hearts(best['damage'])}): click {cells} "
            f"(shown in {line['overlay_ms']:g} ms)")
