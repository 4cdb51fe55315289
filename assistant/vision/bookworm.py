"""Read a Bookworm Adventures battle screen: find its 4x4 grid of tiles, read each letter and state.

Locate: a tile is a parchment-coloured square. Every square parchment blob is a candidate, and the
grid is the 4x4 window of the lattice fitted to the candidates of one size that holds the most of
them (vision.locate.windows). No
pixel offsets are assumed: a bare game window, a desktop with other windows, or a full screen at
any scale all work, and a few gem, locked or smashed tiles do not hide the grid. Tiles the
image cuts off are reported blank and uncertain.

Letters: a tile's ink (its dark pixels, less any red counter or chains) is matched with the
committed templates of bold serif fonts like the game's (vision.templates, SHEETS; no file of
the game is used). Close calls are shown, all together, to Tesseract in one call (vision.ocr),
and become sure only if it reads the same letter. A letter that is small, cut by the tile's
edge or half hidden under chains needs a bigger lead to be sure.

States: a census of the colours of the tile's face (parchment, grey stone, white, the gem hues);
a parchment tile under grey chains with a red counter is locked.

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
from .locate import Lattice, windows
from .types import UNCERTAIN, Box, Cell, Reading

if TYPE_CHECKING:
    import numpy as np

GAME = "bookworm_adventures"
SIZE = 4  # the battle grid is SIZE x SIZE tiles
MIN_TILES = 5  # parchment tiles that must sit on the lattice for it to count as the grid
MIN_SIDE = 10  # pixels: a smaller square is not a tile we could read
MAX_STRETCH = 1.4  # how much wider than high (or higher than wide) a tile may be stretched
BIG_TILE = 96  # pixels: a bigger tile is scaled down to this before it is read
TILE_PER_PITCH = 0.96  # a tile's side over the pitch (the thin gap is the rest)

# A colour box: (hue from, hue to) in degrees (wrapping past 360), saturation and value in 0..1.
ColourBox = tuple[tuple[float, float], tuple[float, float], tuple[float, float]]
PARCHMENT: ColourBox = ((30, 72), (0.18, 0.63), (0.65, 1.0))
RED: ColourBox = ((350, 12), (0.8, 1.0), (0.5, 1.0))  # the counter on a locked or smashed tile

# state: the colour of its face, and the share of the face that colour must cover
STATE_COLOURS: dict[str, tuple[ColourBox, float]] = {
    "normal": (PARCHMENT, 0.5),
    "smashed": (((0, 360), (0.0, 0.3), (0.35, 0.78)), 0.5),  # grey stone
    "diamond": (((0, 360), (0.0, 0.18), (0.8, 1.0)), 0.5),  # white, silver
    "crystal": (((290, 350), (0.1, 0.5), (0.7, 1.0)), 0.3),  # pale pink
    "amethyst": (((260, 320), (0.4, 1.0), (0.3, 1.0)), 0.3),  # purple
    "sapphire": (((190, 250), (0.4, 1.0), (0.3, 1.0)), 0.3),  # blue
    "emerald": (((80, 170), (0.4, 1.0), (0.3, 1.0)), 0.3),  # green
    "garnet": (((12, 42), (0.55, 1.0), (0.5, 1.0)), 0.3),  # orange
    "ruby": (((345, 12), (0.45, 1.0), (0.3, 1.0)), 0.3),  # red
}
HUELESS = frozenset({"smashed", "diamond"})  # states told by grey and white, not by a hue
FAINT = 0.3  # the least ink (0 paper .. 1 darkest) a pixel of a letter's faint stroke holds
CHAIN_GREY: ColourBox = ((0, 360), (0.0, 0.3), (0.0, 0.8))
CHAINS = 0.2  # share of chain grey in each free corner of a parchment tile that means it is locked

# Letters: the template symbols a tile may show, and the tile text each reads as; the sheets
# they are matched against (bold serifs like the game's Bookman, at two stroke weights), in the
# "box" form (a letter's box stretched to a square, and kept at its aspect)
SYMBOLS = {**{c: c for c in string.ascii_uppercase}, "Qu": "QU", "?": "?"}
SHEETS = ("urw-bookman-demi", "urw-bookman-demi-heavy", "c059-bold", "c059-bold-heavy",
          "p052-bold", "p052-bold-heavy", "dejavu-serif-bold", "dejavu-serif-bold-heavy")
# a letter's score is its likeness less 0.2 per unit of |log(width/height)| difference; it is
# sure from a score of 0.7 (none at 0.5) and a lead of 0.1 over the next letter
SCORING = T.Scoring(poor=0.5, good=0.7, clear=0.1, aspect=0.2)
CLEAR_HEIGHT = 16  # pixels: a shorter letter has too few pixels to be fully sure of
CLOSE_CALL = 0.15  # template confidence from which Tesseract is asked for a second opinion
AGREED = 0.75  # confidence of a close call that Tesseract confirms
READERS = ("auto", "template")  # the --reader choices it honours (auto: Tesseract on close calls)


def read(frame: np.ndarray, reader: str = "auto") -> Reading:
    """Return the grid read from a BGR frame (reader "template": no second opinion from
    Tesseract on close calls); BadInput if it shows no Bookworm grid."""
    clock = Clock()
    frame = as_bgr(frame)
    lattice = locate(frame)
    clock.mark("locate")
    boxes = lattice.boxes()
    looks = [tile_look(square(crop(frame, box))) if within(frame, box) else off_frame()
             for box in boxes]
    reads = zip(boxes, looks, read_letters(looks, reader == "auto"), strict=True)
    cells = [Cell(box, text, min(sure, look.sure), state=look.state or None)
             for box, look, (text, sure) in reads]
    clock.mark("read")
    return Reading(GAME, SIZE, SIZE, cells, region=lattice.region(), timings_ms=clock.laps)


class Look(NamedTuple):
    """What a tile shows: its state and the confidence in it, its letter's ink, and the view
    Tesseract gets: the darkness of the face around the letter, or on a locked tile the ink
    with the chains taken away."""

    state: str
    sure: float
    ink: np.ndarray
    view: np.ndarray


def off_frame() -> Look:
    """Return the look of a tile the image cuts off: nothing seen, no confidence."""
    import numpy as np

    nothing = np.zeros((1, 1), np.float32)
    return Look("", 0.0, nothing, nothing)


def tile_look(tile: np.ndarray) -> Look:
    """Return a tile's state, the confidence in it, its letter's ink and Tesseract's view."""
    counter = counter_mask(tile)
    state, sure = tile_state(tile, counter)
    ink = tile_ink(tile, counter, state)
    return Look(state, sure, ink, ink if state == "locked" else letter_view(tile, ink))


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

def locate(frame: np.ndarray) -> Lattice:
    """Return the lattice of the battle grid, or raise BadInput when there is none.

    When several lattices hold as many parchment tiles (a whole row of gems, or a grid cut by
    the image's edge), the one with letters in more of its places wins, then the one whose
    empty places the image cuts off.
    """
    import cv2

    height, width = frame.shape[:2]
    lattices = tile_lattices(tile_blobs(colour_mask(cv2.cvtColor(frame, cv2.COLOR_BGR2HSV),
                                                    PARCHMENT)))
    if not lattices:
        raise BadInput(f"no Bookworm grid found: no 4x4 grid of parchment letter tiles "
                       f"in the {width}x{height} image")
    if len(lattices) == 1:
        return lattices[0]
    return max(lattices, key=lambda lattice: (lettered(frame, lattice), cut_off(frame, lattice)))


def lettered(frame: np.ndarray, lattice: Lattice) -> int:
    """Return how many of the lattice's places show a tile with a letter in its middle."""
    return sum(within(frame, box) and has_letter(square(crop(frame, box)))
               for box in lattice.boxes())


def cut_off(frame: np.ndarray, lattice: Lattice) -> int:
    """Return how many of the lattice's places the frame cuts off."""
    return sum(not within(frame, box) for box in lattice.boxes())


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


def tile_lattices(blobs: np.ndarray) -> list[Lattice]:
    """Return the 4x4 windows holding the most tile blobs (all of a tie), if at least MIN_TILES.

    The tile size comes from the pitch, which many tiles measure, rather than from the blobs'
    size, which shading at a tile's edge can shave.
    """
    return [replace(found, width=TILE_PER_PITCH * found.pitch_x,
                    height=TILE_PER_PITCH * found.pitch_y)
            for found in windows(blobs, SIZE, SIZE, MIN_TILES)]


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
    if state == "normal":
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
    """True when the tile's face has a dark blob of a letter's height across its middle."""
    import numpy as np

    face = face_of(tile)
    brightness = face.max(axis=2)
    ink = (brightness < 0.45 * np.percentile(brightness, 90)).astype(np.uint8)
    rows = np.nonzero(middle_blobs(ink).any(axis=1))[0]
    return bool(len(rows)) and 0.3 <= (rows[-1] - rows[0] + 1) / face.shape[0] <= 0.9


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
    """Return the mask of a red turn counter (and its outline) in the tile's lower right."""
    import cv2
    import numpy as np

    red = colour_mask(cv2.cvtColor(tile, cv2.COLOR_BGR2HSV), RED)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(red)
    height, width = red.shape
    x, y, w, h, area = stats.T
    digit = (x + w / 2 > 0.6 * width) & (y + h / 2 > 0.6 * height) & (area >= 4)
    digit &= (h >= 0.1 * height) & (h <= 0.4 * height) & (w <= 0.35 * width)
    digit[0] = False
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

def tile_state(tile: np.ndarray, counter: np.ndarray) -> tuple[str, float]:
    """Return (state, confidence) of a tile from the colours of its face, its chains and counter.

    Each state's strength is the share of the face in its colour over the share it needs. A hue
    that is strong enough outranks white and grey, which every gem has in its highlights.
    """
    shares = colour_shares(tile)
    strength = {state: shares[state] / need for state, (_, need) in STATE_COLOURS.items()}
    hued = [state for state in strength if state not in HUELESS]
    rivals = hued if max(strength[state] for state in hued) >= 1 else list(strength)
    first, second = sorted(rivals, key=strength.__getitem__, reverse=True)[:2]
    sure = min(1.0, max(0.0, strength[first] - strength[second]), strength[first] / 2)
    if first != "normal":
        return first, sure
    chains, counted = chained(tile), bool(counter.any())
    if chains or counted:
        return "locked", sure if chains and counted else min(sure, UNCERTAIN / 2)
    return "normal", sure


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


def colour_shares(tile: np.ndarray) -> dict[str, float]:
    """Return, per state, the share of the face in its colour (ink, its rim and the coin aside)."""
    import cv2
    import numpy as np

    face = face_of(tile)
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)
    height, width = face.shape[:2]
    brightness = face.max(axis=2)
    ink = (brightness < 0.6 * np.percentile(brightness, 90)).astype(np.uint8)
    rim = max(3, round(0.08 * height)) | 1
    keep = cv2.dilate(ink, np.ones((rim, rim), np.uint8)) == 0
    keep[round(0.78 * height):, round(0.78 * width):] = False  # the value coin
    total = max(1, int(keep.sum()))
    return {state: int((colour_mask(hsv, colour)[keep] > 0).sum()) / total
            for state, (colour, _) in STATE_COLOURS.items()}


def looks_like(frame: np.ndarray) -> bool:
    """True when the frame shows a Bookworm grid read with nearly every tile sure."""
    from . import claims

    return claims(GAME, frame)
