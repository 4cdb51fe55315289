"""The rack of a crossword game's screenshot: a row of up to 7 large tiles outside the board.

Found with no hand-set coordinates: the largest row of big flat squares (1.2 to 3.5 board
pitches) outside the board, below it first (where phones show it), then all around it. Each
rack tile is read like a board tile (board.read_tiles); a tile with no ink at all is a blank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import (
    COLOURFUL,
    LIGHT_GROUND,
    RACK_CELL,
    Look,
    Squares,
    hue_gap,
    measure,
    read_tiles,
    resample,
    split_cells,
)
from .gradients import steep
from .locate import Lattice, flat_squares, working_copies
from .types import Box, Cell

if TYPE_CHECKING:
    import numpy as np

RACK_SIZE = 7
RACK_SIDES = (0.8, 3.5)  # a rack tile's side, in board pitches (older looks: a board tile's)
RACK_THRESHOLDS = (64, 40)  # edge thresholds (locate.flat_squares) for the glossy rack tiles
RACK_BELOW = 8  # how far below the board (in pitches) the rack is looked for first
RACK_GROUND = 110  # grey levels: a rack tile's face is at least this bright (glossy: its shade)
TINT_GAP = 25  # degrees: a colourful rack tile's hue is this near the board tiles'
LETTER_CLOSE = 0.2  # of a board pitch: closing the tile colour's mask over letters this wide
MIN_FILL = 0.6  # a run of tiles fills this much of its bounding box
CUT = 0.6  # a tile cut by the frame's bottom shows this much of its height at least
RACK_PAD = 0.04  # a rack tile reaches this much (of its side) beyond its flat face
SLOT_PITCH = 1.06  # of a tile's side: the rack's pitch, when one tile gives no spacing
GROUND_LEVEL, GROUND_CHROMA = 25, 25  # a slot this near the tiles' ground holds a tile


def find_rack(frame: np.ndarray, lattice: Lattice, tint: float | None = None) -> list[Box]:
    """Return the boxes of the rack tiles, left to right: the largest row of big flat squares,
    or else of tiles of the game's colour (tint: the hue of colourful tiles, None: near-white
    ones), which may be glossy (no flat face), touch each other, or be cut by the frame's edge.

    The rack is looked for below the board first (where phones show it), then all around it.
    """
    _, y, _, h = lattice.region()
    below = (0, y + h, frame.shape[1], round(RACK_BELOW * lattice.pitch_y))
    for area in (below, (0, 0, frame.shape[1], frame.shape[0])):
        ax, ay, aw, ah = clip(area, frame.shape)
        small, factor = next(working_copies(frame[ay:ay + ah, ax:ax + aw], whole=True))
        edges = steep(small)
        sources = [flat_squares(small, threshold, edges) for threshold in RACK_THRESHOLDS]
        cut = ay + ah >= frame.shape[0]  # tiles may be cut by the frame's bottom
        sources.append(coloured_tiles(small, lattice.pitch_x * factor, tint, cut))
        rows = [rack_in(squares / factor + [ax, ay, 0, 0], lattice) for squares in sources]
        best = max(rows, key=len)  # the first of the longest
        if best:
            return best
    return []


def coloured_tiles(image: np.ndarray, pitch: float, tint: float | None,
                   cut: bool) -> np.ndarray:
    """Return the boxes (x, y, w, h) of the tiles of the game's colour in a BGR image (board
    pitch in its pixels): its light pixels of that hue (or colourless), their letters closed
    over; a run of tiles that touch is split into equal squares, and a run cut by the image's
    bottom (cut) is as tall as it is wide per tile."""
    import cv2
    import numpy as np

    blue, green, red = cv2.split(image)  # max - min of B, G, R by OpenCV: numpy's reductions
    chroma = cv2.subtract(cv2.max(cv2.max(blue, green), red),  # along a 3-wide axis crawl
                          cv2.min(cv2.min(blue, green), red))
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if tint is None:
        colour = chroma < COLOURFUL
    else:
        hue = cv2.cvtColor(image, cv2.COLOR_BGR2HSV_FULL)[..., 0].astype(float) * 360 / 256
        colour = (chroma >= COLOURFUL) & (np.abs((hue - tint + 180) % 360 - 180) < TINT_GAP)
    mask = ((grey >= RACK_GROUND) & colour).astype(np.uint8)
    brush = max(3, round(LETTER_CLOSE * pitch)) | 1
    closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((brush, brush), np.uint8))
    stats = cv2.connectedComponentsWithStats(closed, connectivity=4)[2]
    boxes = []
    for x, y, w, h, area in stats[1:]:
        touches = cut and y + h >= image.shape[0] - 1
        n = max(1, round(w / h)) if not touches else max(1, round(w / (RACK_SIDES[0] * pitch)))
        side = w / n
        if n > RACK_SIZE or area < MIN_FILL * w * h or not (
                0.85 * side <= h <= 1.2 * side or (touches and h >= CUT * side)):
            continue
        boxes += [(x + i * side, y, side, side) for i in range(n)]
    return np.array(boxes, float).reshape(-1, 4)


def rack_in(squares: np.ndarray, lattice: Lattice) -> list[Box]:
    """Return the rack tiles among flat squares (x, y, w, h) of the frame: the largest row of
    squares of a rack tile's size, outside the board."""
    side = squares[:, 2:4].mean(axis=1)
    big = (side >= RACK_SIDES[0] * lattice.pitch_x) & (side <= RACK_SIDES[1] * lattice.pitch_x)
    bx, by, bw, bh = lattice.region()
    outside = ((squares[:, 0] >= bx + bw) | (squares[:, 0] + squares[:, 2] <= bx)
               | (squares[:, 1] >= by + bh) | (squares[:, 1] + squares[:, 3] <= by))
    rows = rack_rows(squares[big & outside])
    if not rows:
        return []
    best = max(rows, key=len)
    pad = RACK_PAD * best[:, 2:4].mean()
    return [(round(x - pad), round(y - pad), round(w + 2 * pad), round(h + 2 * pad))
            for x, y, w, h in best[best[:, 0].argsort()]]


def rack_rows(squares: np.ndarray) -> list[np.ndarray]:
    """Return the groups of equal squares in a row (at most RACK_SIZE), one array per group."""
    import numpy as np

    rows = []
    for _, y, w, h in squares:
        same = ((np.abs(squares[:, 1] - y) < 0.25 * h) & (np.abs(squares[:, 3] - h) < 0.15 * h)
                & (np.abs(squares[:, 2] - w) < 0.15 * w))
        if 1 <= same.sum() <= RACK_SIZE:
            rows.append(squares[same])
    return rows


def rack_slots(frame: np.ndarray, boxes: list[Box]) -> list[Box]:
    """Return the rack's tiles (left to right) and after them the slots their spacing implies
    between them and beside them, up to RACK_SIZE in all, inside the frame: a tile the search
    missed (a small, blurred screenshot) or an empty slot, for read_rack to tell apart."""
    import numpy as np

    xs = [box[0] for box in boxes]
    side = float(np.median([box[2] for box in boxes]))
    pitch = float(min(np.diff(xs))) if len(boxes) > 1 else side * SLOT_PITCH
    _, y, w, h = boxes[0]
    count = max(len(boxes), round((xs[-1] - xs[0]) / pitch) + 1)
    inside = [xs[0] + k * (xs[-1] - xs[0]) / max(1, count - 1) for k in range(count)]
    left = [xs[0] - k * pitch for k in range(1, RACK_SIZE)]
    right = [xs[-1] + k * pitch for k in range(1, RACK_SIZE)]
    more = [x for x in inside if min(abs(x - f) for f in xs) > pitch / 2]
    more += [x for pair in zip(left, right, strict=True) for x in pair]
    slots = [(round(x), y, w, h) for x in more if x >= 0 and x + w <= frame.shape[1]]
    return boxes + slots[:RACK_SIZE - len(boxes)]


def same_ground(squares: Squares, found: int, i: int) -> bool:
    """True when square i has the ground of the first `found` squares (the rack's tiles)."""
    import numpy as np

    level = float(np.median(squares.level[:found]))
    chroma = float(np.median(squares.chroma[:found]))
    hue = float(np.median(squares.hue[:found]))
    alike = abs(squares.level[i] - level) < GROUND_LEVEL and \
        abs(squares.chroma[i] - chroma) < GROUND_CHROMA
    return bool(alike and (chroma < COLOURFUL or hue_gap(squares.hue[i], hue) < TINT_GAP))


def clip(box: Box, shape: tuple[int, ...]) -> Box:
    """Return the box cut to the bounds of an image of this shape (at least 1x1)."""
    x, y, w, h = box
    x0, y0 = min(max(x, 0), shape[1] - 1), min(max(y, 0), shape[0] - 1)
    return x0, y0, max(1, min(x + w, shape[1]) - x0), max(1, min(y + h, shape[0]) - y0)


def rack_cells(frame: np.ndarray, boxes: list[Box]) -> tuple[np.ndarray, np.ndarray]:
    """Return the rack tiles as (colour cells, shrunk; grey cells RACK_CELL x RACK_CELL)."""
    import numpy as np

    return split_cells(np.hstack([resample(frame, box, RACK_CELL, RACK_CELL) for box in boxes]),
                       1, len(boxes))


def read_rack(frame: np.ndarray, boxes: list[Box], look: Look) -> list[Cell]:
    """Return the rack's cells, or none if the squares found are not a rack of tiles.

    Rack tiles have light grounds, colourless unless the game's tiles are colourful; at least
    one bears a letter, and at most the bag's blanks are bare: a row of light squares without
    letters (avatars, buttons) is no rack. Every slot the row's spacing implies is accounted
    for: a tile (read like the others) or an empty slot (not the tiles' ground); a tile whose
    ink reads as no letter stays, uncertain.
    """
    if not boxes:
        return []
    found = len(boxes)
    boxes = rack_slots(frame, boxes)
    squares = measure(*rack_cells(frame, boxes))
    tiled = [i for i in range(len(boxes)) if i < found or same_ground(squares, found, i)]
    order = sorted(tiled, key=lambda i: boxes[i][0])
    if order != list(range(len(boxes))):  # else the very squares measured already
        boxes = [boxes[i] for i in order]
        squares = measure(*rack_cells(frame, boxes))
    cells = read_tiles(squares, boxes, look)
    tiles = all(squares.level >= LIGHT_GROUND) and (
        look.colourful_tiles or all(squares.chroma < COLOURFUL))
    lettered = sum(c.text not in ("", "?") for c in cells)
    bare = sum(c.text == "?" for c in cells)
    return cells if tiles and lettered and bare <= look.max_blanks else []
