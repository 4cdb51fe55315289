"""Bookworm Adventures: find the battle grid in an image.

Locate: a tile is a parchment-coloured square. Parchment squares of one size whose centres sit
on one lattice, at most three pitches apart, are a group that may be one grid's tiles; each 4x4
window of a group's lattice holding its tiles is a candidate grid, judged by what its cells
show (a tile with a letter, an empty dark slot). A group of MIN_TILES tiles or more is a grid by
itself; a smaller one (a grid mostly emptied by an attack, or whose tiles were clicked up into
the word) must explain every cell it covers, and sit in a frame: the cells around it must not
look like cells too (a board of another game). No pixel offsets are assumed: a bare game
window, a desktop with other windows (and another grid of letters), a tight crop or a full
screen at any scale all work. A screen dimmed behind a dialog (darker, tinted) has its levels
stretched back first; a grid too small or too dark to read is refused, saying so.

Cells: a cell whose face is nearly all dark is an empty slot (sure when it is); a tile that
leaves a bare band from one edge of its cell is half drawn (falling in): uncertain. Either
makes the reading `settling`: the grid is not at rest. Tiles the image cuts off are blank and
uncertain; a crop that cuts through the outer tiles still shows where the lattice runs: a
tile's blob cut by the image's edge is made as big as the whole tiles near it, and a window
whose cells past the edge show parts of tiles beats one whose cells show nothing there.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from ..core.types import BadInput
from .bookworm_letters import has_letter
from .bookworm_light import DARK_IMAGE, MIN_RANGE, dim, levelled, levels, percentiles
from .bookworm_states import DARK, PARCHMENT, colour_mask, crop, face_of, square, within
from .lattice_windows import best_windows
from .locate import Lattice, line_fit
from .shapes import median
from .types import Box

if TYPE_CHECKING:
    import numpy as np

SIZE = 4  # the battle grid is SIZE x SIZE tiles
MIN_TILES = 5  # parchment tiles on one lattice that make a grid by themselves
FEW_GROUPS = 8  # groups of fewer tiles tried as a grid (most tiles first)
MIN_SIDE = 10  # pixels: a smaller square is not a tile at all
MIN_READ = 16  # pixels: a grid of smaller tiles is refused as too small to read
SMALL_IMAGE = 480  # pixels: a grid not found in a smaller image is looked for ENLARGE times bigger
ENLARGE = 3
MAX_STRETCH = 1.4  # how much wider than high (or higher than wide) a tile may be stretched
CUT_SHOWN = 0.3  # a tile cut by the image's edge shows at least this share of its side
FILLED = (0.6, 0.45)  # share of its box a tile's blob fills (its letter aside); one cut off

TILE_PER_PITCH = 0.96  # a tile's side over the pitch (the thin gap is the rest)
ALIKE = 0.1  # tiles of one grid are within 10% of each other's width and height
ON_LATTICE = 0.2  # a tile's centre sits within this share of the pitch of its lattice point
SNUG = 0.06  # ... and a settled tile's within this share (the lattice is fitted to those)
NEIGHBOUR = (0.95, 1.5)  # the distance between neighbouring tiles' centres, in tile sides

EMPTY = 0.2  # an empty cell has at most this share of lit pixels (a gem's glow may spill in)
SURELY_EMPTY = 0.08  # ... and is surely empty with at most this share
BARE_LINE = 0.15  # a row or column of a cell's face with less lit than this shows no tile
HALF = 0.12  # a tile whose face leaves this share of its cell bare, from one edge, is half drawn

STRAY = 2  # a grid of few tiles: at most this many of its cells may look like no cell of a grid
RING = 4 * SIZE + 4  # the places around a grid
AROUND = 0.3  # a grid of few tiles: at most this share of them may look like cells


def slot_of(tile: np.ndarray) -> tuple[str, float]:
    """Return what a cell holds and how surely: ("empty", sure) for a dark slot, ("half", 0)
    for a tile that leaves a bare band from one edge (falling in), else ("tile", 1)."""
    import numpy as np

    lit = face_of(tile).max(axis=2) >= DARK * 255
    share = float(lit.mean())
    if share <= EMPTY:
        return "empty", float(np.clip((EMPTY - share) / (EMPTY - SURELY_EMPTY), 0, 1))
    bare = max(edge_run(lit.mean(axis=1) < BARE_LINE), edge_run(lit.mean(axis=0) < BARE_LINE))
    return ("half", 0.0) if bare >= HALF else ("tile", 1.0)


def edge_run(bare: np.ndarray) -> float:
    """Return the longest run of True from either end of a row of flags, as a share of it."""
    import numpy as np

    ends = [np.argmin(np.append(flags, False)) for flags in (bare, bare[::-1])]
    return max(ends) / len(bare)


def find(frame: np.ndarray) -> tuple[np.ndarray, Lattice]:
    """Return the frame to read (its levels stretched back when the game is dimmed) and the
    grid's lattice in it; BadInput when there is no grid, or one too small or too dark."""
    lattice = locate(frame)
    if lattice is not None and not dim(frame, lattice):
        return frame, readable(frame, lattice)
    bright = levelled(frame)
    found = locate(bright) if bright is not None else None
    seen = found or lattice or enlarged(frame)
    if seen is None:
        raise BadInput(f"no Bookworm grid found: {why_none(frame)}")
    if levels(frame) < MIN_RANGE:
        raise BadInput(f"{where(seen, frame)}, but it is too dark to read: the "
                       f"image spans {levels(frame)} levels of brightness (at least {MIN_RANGE})")
    if found is None or bright is None:
        return frame, readable(frame, seen)
    return bright, readable(bright, found)


def enlarged(frame: np.ndarray) -> Lattice | None:
    """Return the lattice of a grid too small for its tiles to come apart (found in the frame
    scaled up ENLARGE times, then scaled back), or None; only small frames are tried."""
    import cv2

    if max(frame.shape[:2]) > SMALL_IMAGE:
        return None
    lattice = locate(cv2.resize(frame, None, fx=ENLARGE, fy=ENLARGE,
                                interpolation=cv2.INTER_CUBIC))
    if lattice is None:
        return None
    def back(at: float) -> float:
        return (at + 0.5) / ENLARGE - 0.5

    return replace(lattice, x=back(lattice.x), y=back(lattice.y),
                   pitch_x=lattice.pitch_x / ENLARGE, pitch_y=lattice.pitch_y / ENLARGE,
                   width=lattice.width / ENLARGE, height=lattice.height / ENLARGE)


def why_none(frame: np.ndarray) -> str:
    """Return why a frame shows no grid: too small, too dark, or no grid of parchment tiles."""
    height, width = frame.shape[:2]
    if min(height, width) < SIZE * MIN_READ:
        return (f"the {width}x{height} image is too small to hold a grid that can be read "
                f"(at least {SIZE * MIN_READ} pixels a side)")
    brightest = round(100 * float(max(percentiles(frame)[1])) / 255)
    if brightest < DARK_IMAGE * 100:
        return (f"the {width}x{height} image is too dark to find one in: its brightest parts "
                f"are at {brightest}% of white")
    return f"no 4x4 grid of parchment letter tiles in the {width}x{height} image"


def readable(frame: np.ndarray, lattice: Lattice) -> Lattice:
    """Return the lattice when its tiles are big enough to read, else raise BadInput."""
    if min(lattice.width, lattice.height) < MIN_READ:
        raise BadInput(f"{where(lattice, frame)}, but it is too small to read: its tiles are "
                       f"{lattice.width:.0f} pixels (at least {MIN_READ})")
    return lattice


def where(lattice: Lattice, frame: np.ndarray) -> str:
    """Return 'Bookworm grid found at (x, y), w x h pixels, in the W x H image'."""
    x, y, w, h = lattice.region()
    return (f"Bookworm grid found at ({x}, {y}), {w}x{h} pixels, in the "
            f"{frame.shape[1]}x{frame.shape[0]} image")


def locate(frame: np.ndarray) -> Lattice | None:
    """Return the lattice of the battle grid, or None when there is none.

    Of the windows of groups of MIN_TILES parchment tiles or more, the one whose cells show
    the most tiles with letters and empty slots wins (then the one with most tiles, then the
    one whose other cells the image cuts off). Failing those, a window of a smaller group must
    explain all its cells and sit in a frame.
    """
    import cv2

    blobs = tile_blobs(colour_mask(cv2.cvtColor(frame, cv2.COLOR_BGR2HSV), PARCHMENT))
    groups = tile_groups(blobs)
    known: dict[Box, str] = {}  # windows of one group share most of their cells
    big = [((*fitness(kinds(frame, lattice, known), lattice), 0), lattice) for group in groups
           if len(group.blobs) >= MIN_TILES for lattice in group_windows(group)]
    few = [((*fitness(seen, lattice), -around), lattice)
           for group in [g for g in groups if len(g.blobs) < MIN_TILES][:FEW_GROUPS]
           for lattice in group_windows(group)
           if explained(seen := kinds(frame, lattice, known))
           and (around := ring_cells(frame, lattice)) <= AROUND * RING]
    return max(big + few, key=lambda pair: pair[0])[1] if big or few else None


def kinds(frame: np.ndarray, lattice: Lattice, known: dict[Box, str] | None = None) -> list[str]:
    """Return what each cell of a lattice shows: a tile with a "letter", "empty", "half" a
    tile, "cut" off by the image, or "other" (not a cell of the grid); `known` keeps the boxes
    already looked at."""
    known, boxes = {} if known is None else known, lattice.boxes()
    for box in boxes:
        if box not in known:
            known[box] = kind(frame, box)
    return [known[box] for box in boxes]


def kind(frame: np.ndarray, box: Box) -> str:
    """Return what the box shows: a tile with a "letter", "empty", "half", "other", or, cut
    off by the image, "part" of a tile (CUT_SHOWN of its side or more, lit) or "cut"."""
    if not within(frame, box):
        return "part" if part_of_tile(frame, box) else "cut"
    tile = square(crop(frame, box))
    slot, _ = slot_of(tile)
    return slot if slot != "tile" else "letter" if has_letter(tile) else "other"


def part_of_tile(frame: np.ndarray, box: Box) -> bool:
    """True when the part of the box inside the frame is CUT_SHOWN of its width and height or
    more, and lit as a tile's face is (not a dark slot nor a bare band)."""
    _, _, w, h = box
    seen = crop(frame, box)
    if seen.shape[0] < CUT_SHOWN * h or seen.shape[1] < CUT_SHOWN * w:
        return False
    return slot_of(seen)[0] == "tile"


def fitness(seen: list[str], lattice: Lattice) -> tuple[int, int, int, int, int]:
    """Return how well a window fits the grid: its tiles with letters and empty slots, then
    its tiles with letters, its tile blobs, the tiles the image cuts through, its cells cut
    off by the image (a grid that fills a crop, or runs past the image's edge)."""
    letters = seen.count("letter")
    return (letters + seen.count("empty"), letters, lattice.found, seen.count("part"),
            seen.count("cut"))


def explained(seen: list[str]) -> bool:
    """True when the cells in the image are a grid's cells (but for STRAY of them: a tile
    falling in from under the frame looks like neither), and one at least has a letter."""
    return seen.count("other") <= STRAY and "letter" in seen


def ring_cells(frame: np.ndarray, lattice: Lattice) -> int:
    """Return how many of the RING places around the window look like a grid's cells (a tile
    with a letter, an empty slot): few when the grid sits in its frame, not in a bigger board."""
    ring = [box_at(lattice, col, row) for row in range(-1, SIZE + 1)
            for col in range(-1, SIZE + 1) if not (0 <= row < SIZE and 0 <= col < SIZE)]
    return sum(kind(frame, box) in ("letter", "empty") for box in ring)


def box_at(lattice: Lattice, col: int, row: int) -> Box:
    """Return the box of the lattice's cell at (col, row), which may lie outside its window."""
    width, height = lattice.width, lattice.height
    x, y = lattice.x + col * lattice.pitch_x, lattice.y + row * lattice.pitch_y
    return round(x - width / 2), round(y - height / 2), round(width), round(height)


def tile_blobs(mask: np.ndarray) -> np.ndarray:
    """Return (x, y, width, height) of each well-filled, squarish blob of a mask, a blob the
    image's edge cuts made whole (cut_whole).

    The mask is first eroded by a pixel, so that tiles touching through a thin gap come apart.
    """
    import cv2
    import numpy as np

    eroded = cv2.erode(mask, np.ones((3, 3), np.uint8))
    outlines, _ = cv2.findContours(eroded, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    height, width = mask.shape
    whole: list[tuple[int, int, int, int]] = []
    cut: list[tuple[int, int, int, int]] = []
    for outline in outlines:
        x, y, w, h = cv2.boundingRect(outline)
        x, y, w, h = x - 1, y - 1, w + 2, h + 2  # undo the erosion
        edges = (x <= 0, y <= 0, x + w >= width, y + h >= height)
        if max(w, h) < MIN_SIDE or cv2.contourArea(outline) < FILLED[any(edges)] * w * h:
            continue
        if min(w, h) >= MIN_SIDE and w <= MAX_STRETCH * h and h <= MAX_STRETCH * w:
            (cut if any(edges) else whole).append((x, y, w, h))
        elif any(edges) and min(w, h) >= CUT_SHOWN * max(w, h):
            cut.append((x, y, w, h))
    return cut_whole(np.array(whole, dtype=np.float64).reshape(-1, 4),
                     np.array(cut, dtype=np.float64).reshape(-1, 4), (width, height))


def cut_whole(whole: np.ndarray, cut: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """Return the blobs, those cut by the image's edge (cut) made as big as the whole blobs
    near them (within SIZE of their sides; of their height or width when only one side is
    cut), their far sides kept: a tile the crop cuts still shows where its lattice runs."""
    import numpy as np

    made = []
    for x, y, w, h in cut:
        box = [x, y, w, h]
        ends = [(x <= 0, x + w >= size[0]), (y <= 0, y + h >= size[1])]
        gap = np.abs(whole[:, :2] + whole[:, 2:] / 2 - (x + w / 2, y + h / 2))
        near = (gap <= SIZE * whole[:, 2:]).all(axis=1)
        for axis in (0, 1):
            if any(ends[1 - axis]):  # cut across both: only the sizes of tiles near it
                alike = near
            else:
                other = whole[:, 3 - axis]
                alike = near & (np.abs(other - box[3 - axis]) <= ALIKE * box[3 - axis])
            if not alike.any() or not any(ends[axis]):
                continue
            full = float(median(whole[alike, 2 + axis]))
            if box[2 + axis] < full:
                if ends[axis][0]:
                    box[axis] -= full - box[2 + axis]
                box[2 + axis] = full
        made.append(box)
    return np.vstack([whole, np.array(made, dtype=np.float64).reshape(-1, 4)])


def tile_lattices(blobs: np.ndarray, least: int = MIN_TILES) -> list[Lattice]:
    """Return the 4x4 windows of the groups of at least `least` tile blobs (tile_groups), each
    holding all of its group's tiles it can."""
    return [lattice for group in tile_groups(blobs) if len(group.blobs) >= least
            for lattice in group_windows(group)]


class Group(NamedTuple):
    """Tile blobs that may be one grid's tiles, and the pitch (x, y) their neighbours show."""

    blobs: np.ndarray
    pitch: np.ndarray


def tile_groups(blobs: np.ndarray) -> list[Group]:
    """Return the blobs that may be one grid's tiles, in groups, most first: blobs of one size
    whose centres sit on one lattice, at most SIZE - 1 pitches apart."""
    import numpy as np

    if not len(blobs):
        return []
    w, h = blobs[:, 2], blobs[:, 3]
    alike = (np.abs(w[:, None] - w) <= ALIKE * w[:, None]) \
        & (np.abs(h[:, None] - h) <= ALIKE * h[:, None])
    centres = blobs[:, :2] + blobs[:, 2:] / 2
    steps = pitches(centres, blobs[:, 2:], alike)
    linked = alike.copy()
    for axis in (0, 1):
        gap = centres[None, :, axis] - centres[:, None, axis]
        index = np.round(gap / steps[:, None, axis])
        linked &= (np.abs(index) < SIZE) & (np.abs(gap - index * steps[:, None, axis])
                                             < ON_LATTICE * steps[:, None, axis])
    groups = [Group(blobs[members], median(steps[members], axis=0))
              for members in components(linked & linked.T)]
    return sorted(groups, key=lambda group: len(group.blobs), reverse=True)


def pitches(centres: np.ndarray, sizes: np.ndarray, alike: np.ndarray) -> np.ndarray:
    """Return each blob's pitch along x and y: the median distance of neighbouring blobs of
    its size (NEIGHBOUR), from the other axis when none are side by side, else its size."""
    import numpy as np

    near = np.empty(sizes.shape)
    for axis in (0, 1):
        gap = centres[None, :, axis] - centres[:, None, axis]
        aside = np.abs(centres[None, :, 1 - axis] - centres[:, None, 1 - axis])
        side = sizes[:, None, axis]
        beside = alike & (aside < ON_LATTICE * sizes[:, None, 1 - axis]) \
            & (gap > NEIGHBOUR[0] * side) & (gap < NEIGHBOUR[1] * side)
        near[:, axis] = np.where(beside, gap, np.inf).min(axis=1)
    steps = np.array([[finite_median(near[alike[i], axis]) for axis in (0, 1)]
                      for i in range(len(sizes))])
    ratio = sizes[:, 0] / sizes[:, 1]
    steps[:, 0] = np.where(np.isnan(steps[:, 0]), steps[:, 1] * ratio, steps[:, 0])
    steps[:, 1] = np.where(np.isnan(steps[:, 1]), steps[:, 0] / ratio, steps[:, 1])
    return np.where(np.isnan(steps), sizes / TILE_PER_PITCH, steps)


def finite_median(values: np.ndarray) -> float:
    """Return the median of the finite values, or NaN when there are none."""
    import numpy as np

    finite = values[np.isfinite(values)]
    return float(median(finite)) if len(finite) else float("nan")


def components(linked: np.ndarray) -> list[np.ndarray]:
    """Return the connected components of a symmetric boolean adjacency matrix."""
    import numpy as np

    label = np.full(len(linked), -1)
    for start in range(len(linked)):
        if label[start] < 0:
            stack, label[start] = [start], start
            while stack:
                for j in np.flatnonzero(linked[stack.pop()] & (label < 0)):
                    label[j] = start
                    stack.append(int(j))
    return [np.flatnonzero(label == root) for root in np.unique(label)]


def group_windows(group: Group) -> list[Lattice]:
    """Return the 4x4 windows of the lattice fitted to a group's blobs that hold the most of
    them (all its placements, when the group spans fewer than 4 rows or columns)."""

    blobs, steps = group
    centres = blobs[:, :2] + blobs[:, 2:] / 2
    (cols, x, px), (rows, y, py) = [axis_fit(centres[:, axis], steps[axis]) for axis in (0, 1)]
    return [Lattice(SIZE, SIZE, x + left * px, y + top * py, px, py, TILE_PER_PITCH * px,
                    TILE_PER_PITCH * py, found)
            for top, left, found in best_windows(cols, rows, SIZE, SIZE)]


def axis_fit(centres: np.ndarray, step: float) -> tuple[np.ndarray, float, float]:
    """Return (lattice index of each centre, origin, pitch) along one axis: the origin is the
    median of the centres less their index times the step, so that a few tiles off their
    places (falling) do not move it; then a line is fitted to the centres close to it."""
    import numpy as np

    index = np.round((centres - centres[0]) / step)
    origin = float(median(centres - index * step))
    index = np.round((centres - origin) / step)
    close = np.abs(centres - origin - index * step) < SNUG * step
    if len(set(index[close])) > 1:
        origin, step = line_fit(index[close], centres[close], step)
    return index.astype(int), origin, step
