"""Solve from a screenshot file: load -> locate and read -> solve (-> annotate).

`assistant solve --game G IMAGE` comes here. The game's vision reader (vision.reader) reads the
board; the game's profile solves what was read (profiles: solve_reading); the result gains
"read" (what each cell was read as: "tiles", "values", "states", "confidence", and the
"uncertain" cells) and "timings_ms" (load, locate, read, solve, annotate, total).

Cells read uncertainly are never guessed: with --strict they are an error (exit status 2)
naming each cell; otherwise the profile plays without them (grid games block those tiles) and
a warning on stderr names them. A printed value that could not be read surely (its letters
read well) is an error with --strict; otherwise the tile is scored with the game's usual value
for its letters, and a warning names it ("values_uncertain" in the JSON).
"""

from __future__ import annotations

from argparse import Namespace
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.lexicon import Lexicon
from ..core.rules import CROSSWORD_RULES
from ..core.types import BadInput
from ..profiles import profile
from ..profiles.types import Play, ReadJSON, Solved
from ..vision.timing import Clock
from ..vision.types import Reading

if TYPE_CHECKING:
    import numpy as np


AUTO = "auto"  # --game auto: the game is the one the screenshot shows (vision.identify)


def solve(options: Namespace, lexicon: Lexicon, warn: Callable[[str], None]) -> Solved:
    """Return the JSON result of solving the board in options.image for options.game (with
    --game auto, for the game the image shows: "game" names it, and "game_detected" is true)."""
    clock = Clock()
    frame = clock.lap("load", lambda: load(options.image))
    if options.game == AUTO:
        options = Namespace(**{**vars(options), "game": clock.lap("identify", lambda: detect(
            frame, options.image))})
    game = profile(options.game)
    reading = read(frame, options.game, options.reader, options.image,
                   getattr(options, "language", None) or "en")
    clock.laps.update(reading.timings_ms)
    doubt(reading, options, warn)
    result = clock.lap("solve", lambda: game.solve_reading(options.game, reading, options,
                                                           lexicon))
    result["read"] = read_json(reading)
    if options.annotate:
        clock.lap("annotate", lambda: annotate(frame, reading, game.best_play(result),
                                               options.annotate))
    result["timings_ms"] = {**clock.laps, "total": clock.total()}
    if "identify" in clock.laps:
        result["game_detected"] = True
    return result


def detect(frame: np.ndarray, where: str) -> str:
    """Return the game whose board the frame shows; BadInput when it shows none we read."""
    from .. import vision

    game = vision.identify(frame)
    if game is None:
        raise BadInput(f"{where}: no game recognised (--game auto knows "
                       f"{', '.join(vision.IDENTIFY_ORDER)}): give --game")
    return game


def load(where: str) -> np.ndarray:
    """Return the image in a file as a BGR frame; BadInput when it is not one."""
    from ..vision.image import load_image

    return load_image(where)


def read(frame: np.ndarray, game: str, reader: str, where: str, language: str = "en") -> Reading:
    """Return the board the game's reader reads in a frame; BadInput saying where it was
    looked for (and which game the frame looks like, when it holds another's board)."""
    from .. import vision

    if game not in vision.READERS:
        raise BadInput(f"{where}: solving {game} from a screenshot is not supported yet")
    try:
        reading = vision.read_board(game, frame, reader, language)
    except BadInput as err:
        raise BadInput(f"{where}: {err}{looks_like(frame, game, str(err))}") from None
    if not reading.claimed() and (other := another_game(frame, game, reading)):
        raise BadInput(f"{where}: {len(reading.uncertain())} of {len(reading.cells)} tiles read "
                       f"unsure as {game}; it looks like {other} (try --game {other})")
    return reading


def another_game(frame: np.ndarray, game: str, reading: Reading) -> str | None:
    """Return the game whose board a doubtful reading's frame shows instead, or None: one
    whose reader says it looks like its board, or, when over a quarter of the tiles were
    unsure, one whose reader reads it surely (slower: a whole read for each game)."""
    from .. import vision

    other = vision.identify(frame, but=game)
    if other or 4 * len(reading.uncertain()) <= len(reading.cells):
        return other
    return next((g for g in vision.IDENTIFY_ORDER
                 if vision.READERS[g] != vision.READERS[game] and vision.claims(g, frame)), None)


def looks_like(frame: Any, game: str, message: str) -> str:
    """Return '; it looks like G (try --game G)' when the frame shows another game's board."""
    from .. import vision

    if "looks like" in message:  # the reader has said so already
        return ""
    other = vision.identify(frame, but=game)
    return f"; it looks like {other} (try --game {other})" if other else ""


def doubt(reading: Reading, options: Namespace, warn: Callable[[str], None]) -> None:
    """Raise BadInput naming the cells read uncertainly (--strict), else warn about them."""
    where, doubtful, unread = options.image, reading.uncertain(), values_unread(reading)
    if (doubtful or unread) and options.strict:
        raise BadInput(f"{where}: uncertain tiles (--strict): "
                       f"{cell_list(reading, doubtful + unread, values=True)}")
    if reading.settling:
        warn(f"{where}: the grid is still settling (empty or half-drawn cells): only the tiles "
             "at rest are played")
    if doubtful:
        warn(f"{where}: uncertain tiles, played as blocked: {cell_list(reading, doubtful)}")
    if unread:
        warn(f"{where}: values not read surely, the usual letter values used: "
             f"{cell_list(reading, unread, values=True)}")


def cell_name(reading: Reading, i: int) -> str:
    """Return a cell's name, row and column from 1 (r2c3), or rack tile k for the rack."""
    if i >= len(reading.cells):
        return f"rack{i - len(reading.cells) + 1}"
    return f"r{i // reading.cols + 1}c{i % reading.cols + 1}"


def values_unread(reading: Reading) -> list[int]:
    """Return the cells (not uncertain themselves) whose printed value was not read surely."""
    return [i for i, c in enumerate(reading.cells) if c.value_uncertain and not c.uncertain]


def cell_list(reading: Reading, indices: list[int], values: bool = False) -> str:
    """Return the named cells with what each was most like and how sure: r2c1 'U/L'? 0.41
    (with values=True, an unread value is named as such)."""
    cells = reading.cells + reading.rack
    return ", ".join(f"{cell_name(reading, i)} {cells[i].text or '?'!r}"
                     + (" value?" if values and cells[i].value_uncertain and not cells[i].uncertain
                        else f"? {cells[i].confidence:.2f}") for i in indices)


def read_json(reading: Reading) -> ReadJSON:
    """Return what was read, cell by cell, as the JSON contract's "read" object."""
    cells = reading.cells
    read = ReadJSON(
        rows=reading.rows, cols=reading.cols,
        tiles=[c.text for c in cells], values=[c.value for c in cells],
        states=[c.state for c in cells], confidence=[round(c.confidence, 3) for c in cells],
        uncertain=reading.uncertain(), uncertain_cells=positions(reading, reading.uncertain()),
        values_uncertain=values_unread(reading), region=list(reading.region or ()))
    if reading.rack:
        read["rack"] = [c.text for c in reading.rack]
        read["rack_confidence"] = [round(c.confidence, 3) for c in reading.rack]
    if reading.game in CROSSWORD_RULES:
        from ..vision.board import board_lines

        read["board"] = list(board_lines(reading))
    if reading.settling:
        read["settling"] = True
    return read


def positions(reading: Reading, indices: list[int]) -> list[dict[str, int]]:
    """Return where each indexed cell is: {"row", "col"} from 0 on the grid or board, or
    {"rack": k} from 0 for a rack tile."""
    size = len(reading.cells)
    return [{"rack": i - size} if i >= size else {"row": i // reading.cols, "col": i % reading.cols}
            for i in indices]


def annotate(frame: Any, reading: Reading, best: Play, out: str) -> None:
    """Save the frame with the cells, what they read and the best play drawn on it."""
    from ..vision import annotate as drawing

    path, caption = best
    drawing.save(drawing.draw(frame, reading.cells + reading.rack, path, caption), out)
