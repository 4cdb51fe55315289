"""Read a Bookworm Adventures battle screen: find its 4x4 grid of tiles, read each letter and state.

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
uncertain.

Letters: a tile's ink (its dark pixels, less any red counter or chains) is matched with the
committed templates of bold serif fonts like the game's (vision.templates, SHEETS; no file of
the game is used). Close calls are shown, all together, to Tesseract in one call (vision.ocr),
and become sure only if it reads the same letter. A letter that is small, cut by the tile's
edge or half hidden under chains needs a bigger lead to be sure.

States: a census of the colours of the tile's face (parchment, grey stone, white, the gem hues,
the yellow-green of a plague, the teal of a warp), its marks (grey chains, the red turn
counter that locked, smashed and plagued tiles show and no other state has, flames around a
parchment face), and the rainbow of the wildcard tile, read as `?`. A state that is not clearly
ahead of the next, or whose marks disagree with it, is uncertain, never swapped for another.

Below vision.types.UNCERTAIN a cell is uncertain: the best guess is in its text, never passed
off as sure.
"""

from __future__ import annotations

import string
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from ..core.types import BadInput
from ..timing import Clock
from . import templates as T
from .locate import Lattice, best_windows, line_fit
from .types import UNCERTAIN, Box, Cell, Reading

if TYPE_CHECKING:
    import numpy as np

GAME = "bookworm_adventures"
SIZE = 4  # the battle grid is SIZE x SIZE tiles
MIN_TILES = 5  # parchment tiles on one lattice that make a grid by themselves
FEW_GROUPS = 8  # groups of fewer tiles tried as a grid (most tiles first)
MIN_SIDE = 10  # pixels: a smaller square is not a tile at all
MIN_READ = 16  # pixels: a grid of smaller tiles is refused as too small to read
SMALL_IMAGE = 480  # pixels: a grid not found in a smaller image is looked for ENLARGE times bigger
ENLARGE = 3
MAX_STRETCH = 1.4  # how much wider than high (or higher than wide) a tile may be stretched
BIG_TILE = 96  # pixels: a bigger tile is scaled down to this before it is read
TILE_PER_PITCH = 0.96  # a tile's side over the pitch (the thin gap is the rest)
ALIKE = 0.1  # tiles of one grid are within 10% of each other's width and height
ON_LATTICE = 0.2  # a tile's centre sits within this share of the pitch of its lattice point
SNUG = 0.06  # ... and a settled tile's within this share (the lattice is fitted to those)
NEIGHBOUR = (0.95, 1.5)  # the distance between neighbouring tiles' centres, in tile sides

# Cells. A pixel is dark when its brightest channel is under DARK (0..1): an empty slot, a gap
DARK = 0.3
EMPTY = 0.2  # an empty cell has at most this share of lit pixels (a gem's glow may spill in)
SURELY_EMPTY = 0.08  # ... and is surely empty with at most this share
BARE_LINE = 0.15  # a row or column of a cell's face with less lit than this shows no tile
HALF = 0.12  # a tile whose face leaves this share of its cell bare, from one edge, is half drawn
FACE_LINE = 0.1  # a row or column of a face with less of its state's colour than this is bare
FACES = {"locked": "normal", "fire": "normal"}  # states whose face is parchment
STRAY = 2  # a grid of few tiles: at most this many of its cells may look like no cell of a grid
RING = 4 * SIZE + 4  # the places around a grid
AROUND = 0.3  # a grid of few tiles: at most this share of them may look like cells

# Light: a screen dimmed behind a dialog
DIM = 0.9  # a grid whose brightest parts (its parchment) are darker than this (0..1) is dimmed
SPAN = (0.005, 0.995)  # the percentiles of each channel stretched to 0 and 255 when dimmed
MIN_RANGE = 16  # levels (of 255) of brightness an image must span to be read
DARK_IMAGE = 0.5  # an image whose brightest parts are darker than this (0..1) is called dark
FLAT = 4  # levels: an image spanning fewer is flat, and no grid is looked for in it levelled

# A colour box: (hue from, hue to) in degrees (wrapping past 360), saturation and value in 0..1.
ColourBox = tuple[tuple[float, float], tuple[float, float], tuple[float, float]]
PARCHMENT: ColourBox = ((30, 72), (0.18, 0.63), (0.65, 1.0))
RED: ColourBox = ((350, 12), (0.8, 1.0), (0.5, 1.0))  # the turn counter of a harmed tile
OUTLINED = 0.2  # share of dark pixels around a red digit that makes it a counter
FLAME: ColourBox = ((5, 50), (0.75, 1.0), (0.7, 1.0))  # the flames around a burning tile

# state: the colour of its face, and the share of the face that colour must cover
STATE_COLOURS: dict[str, tuple[ColourBox, float]] = {
    "normal": (PARCHMENT, 0.5),
    "smashed": (((0, 360), (0.0, 0.3), (0.35, 0.78)), 0.5),  # grey stone
    "diamond": (((0, 360), (0.0, 0.18), (0.8, 1.0)), 0.5),  # white, silver
    "crystal": (((290, 350), (0.1, 0.5), (0.7, 1.0)), 0.3),  # pale pink
    "amethyst": (((260, 320), (0.4, 1.0), (0.3, 1.0)), 0.3),  # purple
    "sapphire": (((200, 250), (0.4, 1.0), (0.3, 1.0)), 0.3),  # blue
    "warped": (((160, 200), (0.25, 1.0), (0.4, 1.0)), 0.3),  # teal
    "emerald": (((110, 160), (0.4, 1.0), (0.3, 1.0)), 0.3),  # green
    "plagued": (((60, 110), (0.3, 1.0), (0.45, 1.0)), 0.3),  # yellow-green, mottled
    "garnet": (((12, 42), (0.55, 1.0), (0.5, 1.0)), 0.3),  # orange
    "ruby": (((345, 12), (0.45, 1.0), (0.3, 1.0)), 0.3),  # red
}
HUELESS = frozenset({"smashed", "diamond"})  # states told by grey and white, not by a hue
COUNTED = frozenset({"locked", "smashed", "plagued"})  # the states that show a turn counter
FIRE_SIDE = 0.15  # share of each side of a burning tile's face in flame colours
FIRE_INNER = 0.4  # share of plain parchment inside the flames of a burning tile
PLAIN: ColourBox = ((40, 60), (0.15, 0.45), (0.75, 1.0))  # plain parchment: no orange glow
PAPER = frozenset({"normal", "fire"})  # states whose letter stands on plain parchment
# The rainbow wildcard: bands of the rainbow's colours (hue ranges, strong colours only), each
# covering RAINBOW_BAND of the face; with RAINBOW_SURE of them it is surely the wildcard
RAINBOW_HUES = ((345, 15), (15, 40), (40, 70), (70, 170), (170, 250), (250, 345))
STRONG = ((0.45, 1.0), (0.4, 1.0))  # saturation and value of a rainbow band
RAINBOW_BAND, RAINBOW_SURE = 0.05, 5
WILDCARD = "?"
FAINT = 0.3  # the least ink (0 paper .. 1 darkest) a pixel of a letter's faint stroke holds
CHAIN_GREY: ColourBox = ((0, 360), (0.0, 0.3), (0.0, 0.8))
CHAINS = 0.2  # share of chain grey in each free corner of a parchment tile that means it is locked

# Letters: the template symbols a tile may show, and the tile text each reads as; the sheets
# they are matched against (bold serifs like the game's Bookman, at two stroke weights), in the
# "box" form (a letter's box stretched to a square, and kept at its aspect)
SYMBOLS = {**{c: c for c in string.ascii_uppercase}, "Qu": "QU", WILDCARD: WILDCARD}
SHEETS = ("urw-bookman-demi", "urw-bookman-demi-heavy", "c059-bold", "c059-bold-heavy",
          "p052-bold", "p052-bold-heavy", "dejavu-serif-bold", "dejavu-serif-bold-heavy")
# a letter's score is its likeness less 0.2 per unit of |log(width/height)| difference; it is
# sure from a score of 0.7 (none at 0.5) and a lead of 0.1 over the next letter
SCORING = T.Scoring(poor=0.5, good=0.7, clear=0.1, aspect=0.2)
CLEAR_HEIGHT = 16  # pixels: a shorter letter has too few pixels to be fully sure of
CLOSE_CALL = 0.15  # template confidence from which Tesseract is asked for a second opinion
AGREED = 0.75  # confidence of a close call that Tesseract confirms
READERS = ("auto", "template")  # the --reader choices it honours (auto: Tesseract on close calls)
NOTES = {"empty": "empty", "half": "half drawn", "cut": "cut off by the image"}


def read(frame: np.ndarray, reader: str = "auto") -> Reading:
    """Return the grid read from a BGR frame (reader "template": no second opinion from
    Tesseract on close calls); BadInput if it shows no Bookworm grid, or one too small or too
    dark to read."""
    clock = Clock()
    frame, lattice = find(as_bgr(frame))
    clock.mark("locate")
    boxes = lattice.boxes()
    looks = [look_at(frame, box) for box in boxes]
    cells = [cell(box, look, letter) for box, look, letter
             in zip(boxes, looks, read_letters(looks, reader == "auto"), strict=True)]
    clock.mark("read")
    return Reading(GAME, SIZE, SIZE, cells, region=lattice.region(), timings_ms=clock.laps,
                   settling=any(look.slot in ("empty", "half") for look in looks))


class Look(NamedTuple):
    """What a cell shows: its slot ("tile", "empty", "half" drawn or "cut" off by the image),
    its state and the confidence in it, its letter's ink, the view Tesseract gets (the
    darkness of the face around the letter, or on a locked tile the ink with the chains taken
    away), and how surely its face is the rainbow wildcard's."""

    state: str
    sure: float
    ink: np.ndarray
    view: np.ndarray
    slot: str = "tile"
    rainbow: float = 0.0


def look_at(frame: np.ndarray, box: Box) -> Look:
    """Return what the cell in the box shows."""
    if not within(frame, box):
        return nothing("cut")
    tile = square(crop(frame, box))
    slot, sure = slot_of(tile)
    if slot == "empty":
        return nothing("empty", sure)
    look = tile_look(tile)
    if slot == "tile" and not look.rainbow and look.state and covered(tile, look.state) < 1 - HALF:
        slot = "half"  # its face's colour leaves a band from one edge: the frame hides the rest
    return look if slot == "tile" else look._replace(sure=0.0, slot=slot)


def covered(tile: np.ndarray, state: str) -> float:
    """Return the share of the face, from its edges inwards, whose rows and columns each show
    the colour of the state's face."""
    import cv2

    face = face_of(tile)
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)
    colour = colour_mask(hsv, STATE_COLOURS[FACES.get(state, state)][0]) > 0
    if state == "fire":
        colour |= colour_mask(hsv, FLAME) > 0
    return 1 - max(edge_run(colour.mean(axis=1) < FACE_LINE),
                   edge_run(colour.mean(axis=0) < FACE_LINE))


def nothing(slot: str, sure: float = 0.0) -> Look:
    """Return the look of a cell with no tile to read: cut off, or an empty slot."""
    import numpy as np

    blank = np.zeros((1, 1), np.float32)
    return Look("empty" if slot == "empty" else "", sure, blank, blank, slot)


def cell(box: Box, look: Look, letter: tuple[str, float]) -> Cell:
    """Return a cell from its look and its letter read: an empty slot says so; the rainbow
    face is the wildcard `?`."""
    text, sure = wildcard(*letter, look.rainbow) if look.rainbow else letter
    if look.slot == "empty":
        text, sure = "", 1.0
    return Cell(box, text, min(sure, look.sure), state=look.state or None,
                note=NOTES.get(look.slot, ""))


def wildcard(text: str, sure: float, rainbow: float) -> tuple[str, float]:
    """Return the text and confidence of a tile with a rainbow face: `?`, unless its letter is
    surely another (then uncertain)."""
    if text == WILDCARD:
        return WILDCARD, max(sure, rainbow)
    return WILDCARD, 0.0 if sure >= UNCERTAIN else rainbow


def tile_look(tile: np.ndarray) -> Look:
    """Return a tile's state, the confidence in it, its letter's ink and Tesseract's view."""
    counter = counter_mask(tile)
    state, sure, rainbow = tile_state(tile, counter)
    ink = tile_ink(tile, counter, state)
    return Look(state, sure, ink, ink if state == "locked" else letter_view(tile, ink),
                rainbow=rainbow)


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


def within(frame: np.ndarray, box: Box) -> bool:
    """True when at least 90% of the box's width and height lie inside the frame."""
    x, y, w, h = box
    height, width = frame.shape[:2]
    seen_w, seen_h = min(x + w, width) - max(x, 0), min(y + h, height) - max(y, 0)
    return seen_w >= 0.9 * w and seen_h >= 0.9 * h


def as_bgr(frame: np.ndarray) -> np.ndarray:
    """Return the frame as 3-channel BGR (a grey or BGRA frame is converted)."""
    import cv2

    if frame.ndim == 2:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    return frame[:, :, :3] if frame.shape[2] == 4 else frame


def crop(frame: np.ndarray, box: Box) -> np.ndarray:
    """Return the part of the frame inside box (clipped to the frame)."""
    x, y, w, h = box
    return frame[max(y, 0):max(y + h, 0), max(x, 0):max(x + w, 0)]


def square(tile: np.ndarray) -> np.ndarray:
    """Return a tile as a square of at most BIG_TILE pixels (undoing a stretched screen)."""
    import cv2

    height, width = tile.shape[:2]
    side = min(max(height, width), BIG_TILE)
    if abs(height - side) <= 0.05 * side and abs(width - side) <= 0.05 * side:
        return tile
    return cv2.resize(tile, (side, side), interpolation=cv2.INTER_AREA)


# --- Locate -------------------------------------------------------------------------------------

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
    big = [((*fitness(kinds(frame, lattice), lattice), 0), lattice) for group in groups
           if len(group.blobs) >= MIN_TILES for lattice in group_windows(group)]
    few = [((*fitness(seen, lattice), -around), lattice)
           for group in [g for g in groups if len(g.blobs) < MIN_TILES][:FEW_GROUPS]
           for lattice in group_windows(group)
           if explained(seen := kinds(frame, lattice))
           and (around := ring_cells(frame, lattice)) <= AROUND * RING]
    return max(big + few, key=lambda pair: pair[0])[1] if big or few else None


def kinds(frame: np.ndarray, lattice: Lattice) -> list[str]:
    """Return what each cell of a lattice shows: a tile with a "letter", "empty", "half" a
    tile, "cut" off by the image, or "other" (not a cell of the grid)."""
    return [kind(frame, box) for box in lattice.boxes()]


def kind(frame: np.ndarray, box: Box) -> str:
    """Return what the box shows: a tile with a "letter", "empty", "half", "cut" or "other"."""
    if not within(frame, box):
        return "cut"
    tile = square(crop(frame, box))
    slot, _ = slot_of(tile)
    return slot if slot != "tile" else "letter" if has_letter(tile) else "other"


def fitness(seen: list[str], lattice: Lattice) -> tuple[int, int, int, int]:
    """Return how well a window fits the grid: its tiles with letters and empty slots, then
    its tiles with letters, its tile blobs, its cells cut off by the image."""
    letters = seen.count("letter")
    return letters + seen.count("empty"), letters, lattice.found, seen.count("cut")


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


def colour_mask(hsv: np.ndarray, colour: ColourBox) -> np.ndarray:
    """Return the 0/255 mask of the pixels of an OpenCV HSV image inside a colour box."""
    import cv2

    (h0, h1), (s0, s1), (v0, v1) = colour
    low, high = (0, round(s0 * 255), round(v0 * 255)), (0, round(s1 * 255), round(v1 * 255))

    def band(a: float, b: float) -> np.ndarray:
        return cv2.inRange(hsv, (a / 2, low[1], low[2]), (b / 2, high[1], high[2]))

    return band(h0, h1) if h0 < h1 else band(h0, 360) | band(0, h1)


def tile_blobs(mask: np.ndarray) -> np.ndarray:
    """Return (x, y, width, height) of each well-filled, squarish blob of a mask.

    The mask is first eroded by a pixel, so that tiles touching through a thin gap come apart.
    """
    import cv2
    import numpy as np

    eroded = cv2.erode(mask, np.ones((3, 3), np.uint8))
    outlines, _ = cv2.findContours(eroded, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    blobs = []
    for outline in outlines:
        x, y, w, h = cv2.boundingRect(outline)
        x, y, w, h = x - 1, y - 1, w + 2, h + 2  # undo the erosion
        if min(w, h) >= MIN_SIDE and w <= MAX_STRETCH * h and h <= MAX_STRETCH * w \
                and cv2.contourArea(outline) >= 0.6 * w * h:
            blobs.append((x, y, w, h))
    return np.array(blobs, dtype=float).reshape(-1, 4)


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
    groups = [Group(blobs[members], np.median(steps[members], axis=0))
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
    return float(np.median(finite)) if len(finite) else float("nan")


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
    origin = float(np.median(centres - index * step))
    index = np.round((centres - origin) / step)
    close = np.abs(centres - origin - index * step) < SNUG * step
    if len(set(index[close])) > 1:
        origin, step = line_fit(index[close], centres[close], step)
    return index.astype(int), origin, step


# --- Light --------------------------------------------------------------------------------------

def dim(frame: np.ndarray, lattice: Lattice) -> bool:
    """True when the grid's brightest parts (its parchment) are darker than DIM: a dimmed game."""
    import numpy as np

    area = crop(frame, lattice.region())
    return bool(area.size) and float(np.percentile(area.max(axis=2)[::2, ::2], 98)) < DIM * 255


def levelled(frame: np.ndarray) -> np.ndarray | None:
    """Return the frame with its levels stretched back: each channel less its black (a tint
    added by a dialog), all times one gain (keeping the colours) that brings the brightest
    channel to white; None when it is flat (fewer than FLAT levels)."""
    import cv2
    import numpy as np

    low, high = percentiles(frame)
    if levels(frame) < FLAT:
        return None
    ramp = np.arange(256, dtype=np.float32)[:, None]
    table = np.clip((ramp - low) * 255 / max(high - low), 0, 255).astype(np.uint8)
    gain = 255 / max(levels(frame), 1)
    smooth = cv2.GaussianBlur(frame, (5, 5), min(1.0, gain / 4)) if gain > 1.5 else frame
    return cv2.LUT(np.ascontiguousarray(smooth), table[:, None, :])


def levels(frame: np.ndarray) -> int:
    """Return how many levels of brightness the image spans (between its SPAN percentiles)."""
    low, high = percentiles(frame)
    return int(max(high - low))


def percentiles(frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return each channel's SPAN percentiles (of a sample of at most about 250 000 pixels)."""
    import numpy as np

    step = max(1, int(np.sqrt(frame.shape[0] * frame.shape[1] / 250_000)))
    sample = frame[::step, ::step].reshape(-1, 3)
    low, high = np.percentile(sample, [100 * SPAN[0], 100 * SPAN[1]], axis=0)
    return low, high

# --- Letters ------------------------------------------------------------------------------------

def tile_ink(tile: np.ndarray, counter: np.ndarray, state: str) -> np.ndarray:
    """Return how much ink (0..1) each pixel of a tile's face holds, zero outside the letter.

    The letter's core is the dark blobs that reach the middle of the face (thin chains opened
    away first on a locked tile). On plain parchment, the fainter strokes joined to the core
    belong to the letter too (a thin stroke of a small letter is only partly dark); on a gem or
    stone, whose facets and cracks are faint ink too, only the core does. Each pixel keeps its
    partial ink.
    """
    import cv2
    import numpy as np

    face = face_of(tile)
    level = darkness(face) * ~face_of(counter)
    paper = np.percentile(face.max(axis=2), 90)
    ink = ((face.max(axis=2) < np.clip(0.45 * paper, 40, 120)) & (level > 0)).astype(np.uint8)
    if state == "locked":
        thin = max(2, round(0.06 * min(tile.shape[:2])))
        ink = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((thin, thin), np.uint8))
    core = middle_blobs(ink).astype(np.uint8)
    letter = cv2.dilate(core, np.ones((3, 3), np.uint8)) > 0
    if state in PAPER:
        letter |= faint_strokes(core, level)
    return np.where(letter, level, 0).astype(np.float32)


def darkness(face: np.ndarray) -> np.ndarray:
    """Return each pixel's darkness: 0 for the paper (the 90th percentile), 1 for the darkest."""
    import numpy as np

    brightness = face.max(axis=2).astype(np.float32)
    paper, dark = np.percentile(brightness, 90), np.percentile(brightness, 2)
    return np.clip((paper - brightness) / max(paper - dark, 1.0), 0, 1)


def faint_strokes(core: np.ndarray, level: np.ndarray) -> np.ndarray:
    """Return the mask of faint strokes joined to the letter's core but beyond its rim."""
    import cv2
    import numpy as np

    _, faint = cv2.connectedComponents((level >= FAINT).astype(np.uint8))
    joined = np.isin(faint, np.unique(faint[core > 0])) & (faint > 0)
    return joined & ~(cv2.dilate(core, np.ones((5, 5), np.uint8)) > 0)


def letter_view(tile: np.ndarray, ink: np.ndarray) -> np.ndarray:
    """Return the darkness (0..1) of the face around the letter: its box and a margin."""
    import numpy as np

    face = face_of(tile)
    level = darkness(face)
    ys, xs = np.nonzero(ink >= 0.5)
    if not len(ys):
        return level
    margin = round(0.1 * face.shape[0])
    top, left = max(0, ys.min() - margin), max(0, xs.min() - margin)
    return level[top:ys.max() + margin + 1, left:xs.max() + margin + 1]


def has_letter(tile: np.ndarray) -> bool:
    """True when the tile's face has a dark blob of a letter's height across its middle, with
    the face on both sides of it (a dark band from side to side is no letter)."""
    import numpy as np

    face = face_of(tile)
    brightness = face.max(axis=2)
    ink = (brightness < 0.45 * np.percentile(brightness, 90)).astype(np.uint8)
    letter = middle_blobs(ink)
    rows, cols = np.nonzero(letter.any(axis=1))[0], np.nonzero(letter.any(axis=0))[0]
    return bool(len(rows)) and 0.3 <= (rows[-1] - rows[0] + 1) / face.shape[0] <= 0.9 \
        and not (cols[0] == 0 and cols[-1] == face.shape[1] - 1)


def middle_blobs(ink: np.ndarray) -> np.ndarray:
    """Return the mask of the blobs of ink that are not specks and reach the middle of the face."""
    import cv2

    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink)
    height, width = ink.shape
    x, y, w, h, area = stats.T
    low, high = 0.25, 0.75  # the middle of the face, in which every letter has some ink
    letter = ((area >= 0.01 * width * height) & (x < high * width) & (x + w > low * width)
              & (y < high * height) & (y + h > low * height))
    letter[0] = False
    return letter[labels]


def counter_mask(tile: np.ndarray) -> np.ndarray:
    """Return the mask of a red turn counter (and its outline) in the tile's lower right: a red
    digit outlined in black (a red patch of a ruby's face has no outline)."""
    import cv2
    import numpy as np

    red = colour_mask(cv2.cvtColor(tile, cv2.COLOR_BGR2HSV), RED)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(red)
    height, width = red.shape
    x, y, w, h, area = stats.T
    digit = (x + w / 2 > 0.6 * width) & (y + h / 2 > 0.6 * height) & (area >= 4)
    digit &= (h >= 0.1 * height) & (h <= 0.4 * height) & (w <= 0.35 * width)
    digit[0] = False
    dark = tile.max(axis=2) < DARK * 255
    for k in np.flatnonzero(digit):
        blob = (labels == k).astype(np.uint8)
        rim = (cv2.dilate(blob, np.ones((3, 3), np.uint8)) > 0) & (blob == 0)
        digit[k] = dark[rim].mean() >= OUTLINED
    grow = max(3, round(0.06 * height)) | 1
    return cv2.dilate(digit[labels].astype(np.uint8), np.ones((grow, grow), np.uint8)) > 0


def match_letter(ink: np.ndarray) -> tuple[str, float]:
    """Return (best tile text, confidence) of a tile's ink by template matching."""
    import numpy as np

    if (ink >= 0.5).sum() < 8:
        return "", 0.0
    found = T.match([ink], T.load(SHEETS, "box").only(SYMBOLS), SCORING)[0]
    sure = SCORING.strength(found.score, found.rival_score)
    if clipped(ink):
        sure /= 2
    sure *= min(1.0, letter_height(ink) / CLEAR_HEIGHT)
    return SYMBOLS[found.symbol], float(np.clip(sure, 0, 1))


def letter_height(ink: np.ndarray) -> int:
    """Return the height in pixels of the letter's solid ink."""
    import numpy as np

    rows = np.nonzero((ink >= 0.5).any(axis=1))[0]
    return int(rows[-1] - rows[0] + 1) if len(rows) else 0


def clipped(ink: np.ndarray) -> bool:
    """True when the letter runs into the edge of the face (part of it may be cut off)."""
    solid = ink >= 0.5
    return bool(solid[0].any() or solid[-1].any() or solid[:, 0].any() or solid[:, -1].any())


def read_letters(looks: list[Look], ask: bool = True) -> list[tuple[str, float]]:
    """Return (text, confidence) per tile; close calls go to Tesseract together, in one call
    (unless not asked to).

    A letter partly hidden (under chains) needs twice the usual lead to be sure. A close call
    becomes sure when Tesseract, shown the tile itself rather than the ink taken from it, reads
    the same letter; a guess (below CLOSE_CALL) stays a guess. Tesseract sees a hidden letter
    only as the ink left once the chains are taken away, so it may only confirm a hidden
    letter that the templates alone would have been sure of.
    """
    hidden = [look.state == "locked" for look in looks]
    matches = []
    for look, covered in zip(looks, hidden, strict=True):
        text, sure = match_letter(look.ink)
        matches.append((text, sure / 2 if covered else sure))
    close = [i for i, (text, sure) in enumerate(matches) if text.isalpha()
             and (UNCERTAIN / 2 if hidden[i] else CLOSE_CALL) <= sure < UNCERTAIN]
    if not close or not ask:
        return matches
    from . import ocr

    found = ocr.tesseract([ocr.ink_line(looks[i].view) for i in close], "".join(SYMBOLS))
    said = {i: "".join(w for _, w, _ in sorted(words))
            for i, words in zip(close, found or [[]] * len(close), strict=True)}
    return [(text, max(sure, AGREED) if said.get(i, "").upper() == text else sure)
            for i, (text, sure) in enumerate(matches)]



# --- States -------------------------------------------------------------------------------------

class Census(NamedTuple):
    """The colours of a tile's face: per state, the share of the face (ink, its rim and the
    coin aside) in its colour; the least share of flame colours along the face's four sides;
    the share of plain parchment inside them; how many colours of the rainbow band the face."""

    shares: dict[str, float]
    flames: float
    inner: float
    bands: int


def tile_state(tile: np.ndarray, counter: np.ndarray) -> tuple[str, float, float]:
    """Return (state, confidence, how surely the face is the rainbow wildcard's) of a tile,
    from the colours of its face and its marks (chains, the turn counter, flames)."""
    census = face_census(tile)
    rainbow = float(min(1.0, max(0, census.bands - 3) / 3))
    if rainbow:
        return (*marked("normal", rainbow, tile, counter), rainbow)
    state, sure = by_colour(census.shares)
    if state in ("normal", "garnet"):
        state, sure = burning(state, sure, census)
    return (*marked(state, sure, tile, counter), 0.0)


def by_colour(shares: dict[str, float]) -> tuple[str, float]:
    """Return (state, confidence) by the colours of a face: each state's strength is the share
    of the face in its colour over the share it needs, and the confidence the lead of the
    strongest over the next. A hue strong enough outranks white and grey, which every gem
    has in its highlights."""
    strength = {state: shares[state] / need for state, (_, need) in STATE_COLOURS.items()}
    hued = [state for state in strength if state not in HUELESS]
    rivals = hued if max(strength[state] for state in hued) >= 1 else list(strength)
    first, second = sorted(rivals, key=strength.__getitem__, reverse=True)[:2]
    return first, min(1.0, max(0.0, strength[first] - strength[second]), strength[first] / 2)


def burning(state: str, sure: float, census: Census) -> tuple[str, float]:
    """Return (state, confidence) of a face whose colours read as parchment or garnet: fire
    when flames run along all four sides around plain parchment (a garnet glows orange all
    over, its middle too); uncertain when either is only half there."""
    flames, inner = census.flames / FIRE_SIDE, census.inner / FIRE_INNER
    if flames >= 1 and inner >= 1:
        return "fire", float(min(1.0, flames - 0.4, inner - 0.4))
    doubt = flames >= 0.5 and (state == "normal" or inner >= 0.75)
    return state, min(sure, UNCERTAIN / 2) if doubt else sure


def marked(state: str, sure: float, tile: np.ndarray, counter: np.ndarray) -> tuple[str, float]:
    """Return (state, confidence) once the tile's marks are weighed: a parchment tile under
    chains with a counter is locked; a state whose counter is missing, or a counter on a state
    that shows none (COUNTED), makes it uncertain."""
    counted = bool(counter.any())
    if state == "normal" and (counted or chained(tile)):
        return "locked", sure if counted and chained(tile) else min(sure, UNCERTAIN / 2)
    return state, sure if counted == (state in COUNTED) else min(sure, UNCERTAIN / 2)


def chained(tile: np.ndarray) -> bool:
    """True when grey chains cross the top-left, top-right and bottom-left corners of the face."""
    import cv2

    face = face_of(tile)
    grey = colour_mask(cv2.cvtColor(face, cv2.COLOR_BGR2HSV), CHAIN_GREY) > 0
    corner = round(0.28 * grey.shape[0])
    corners = grey[:corner, :corner], grey[:corner, -corner:], grey[-corner:, :corner]
    return min(float(part.mean()) for part in corners) >= CHAINS


def face_of(tile: np.ndarray) -> np.ndarray:
    """Return the tile less a thin border (its bevel and the gap to its neighbours)."""
    inset = max(1, round(0.08 * min(tile.shape[:2])))
    return tile[inset:-inset, inset:-inset]


def face_census(tile: np.ndarray) -> Census:
    """Return the census of the colours of a tile's face."""
    import cv2
    import numpy as np

    face = face_of(tile)
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)
    keep = plain(face)
    total = max(1, int(keep.sum()))
    masks = {state: colour_mask(hsv, colour) > 0 for state, (colour, _) in STATE_COLOURS.items()}
    side = max(1, round(0.22 * face.shape[0]))
    inside = np.zeros_like(keep)
    inside[side:-side, side:-side] = keep[side:-side, side:-side]
    return Census({state: int(mask[keep].sum()) / total for state, mask in masks.items()},
                  least_side(colour_mask(hsv, FLAME) > 0, side),
                  int((colour_mask(hsv, PLAIN) > 0)[inside].sum()) / max(1, int(inside.sum())),
                  bands(hsv, keep))


def plain(face: np.ndarray) -> np.ndarray:
    """Return the mask of the face's plain pixels: not the ink, its rim, nor the value coin."""
    import cv2
    import numpy as np

    height, width = face.shape[:2]
    brightness = face.max(axis=2)
    ink = (brightness < 0.6 * np.percentile(brightness, 90)).astype(np.uint8)
    rim = max(3, round(0.08 * height)) | 1
    keep = cv2.dilate(ink, np.ones((rim, rim), np.uint8)) == 0
    keep[round(0.78 * height):, round(0.78 * width):] = False  # the value coin
    return keep


def least_side(mask: np.ndarray, side: int) -> float:
    """Return the least share of the mask along the face's four sides (bands `side` deep)."""
    return float(min(part.mean() for part in (mask[:side], mask[-side:], mask[:, :side],
                                              mask[:, -side:])))


def bands(hsv: np.ndarray, keep: np.ndarray) -> int:
    """Return how many of the rainbow's colours (strong ones) each cover RAINBOW_BAND of the
    face's plain pixels."""
    total = max(1, int(keep.sum()))
    return sum(int((colour_mask(hsv, (hues, *STRONG)) > 0)[keep].sum()) >= RAINBOW_BAND * total
               for hues in RAINBOW_HUES)


def colour_shares(tile: np.ndarray) -> dict[str, float]:
    """Return, per state, the share of the face in its colour (ink, its rim and the coin aside)."""
    return face_census(tile).shares


def looks_like(frame: np.ndarray) -> bool:
    """True when the frame shows a Bookworm grid read with nearly every tile sure."""
    from .games import claims

    return claims(GAME, frame)
