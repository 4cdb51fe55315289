"""Bookworm Adventures: a tile's face, its colours and its state.

States: a census of the colours of the tile's face (parchment, grey stone, white, the gem hues,
the yellow-green of a plague, the teal of a warp), its marks (grey chains, the red turn
counter that locked, smashed and plagued tiles show and no other state has, flames around a
parchment face, with parchment just inside them where a garnet shows its facets), and the
rainbow of the wildcard tile, read as `?`. A state that is not clearly ahead of the next, or
whose marks disagree with it, is uncertain, never swapped for another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .types import UNCERTAIN, Box

if TYPE_CHECKING:
    import numpy as np

BIG_TILE = 96  # pixels: a bigger tile is scaled down to this before it is read
# A pixel is dark when its brightest channel is under DARK (0..1): an empty slot, a gap
DARK = 0.3

# A colour box: (hue from, hue to) in degrees (wrapping past 360), saturation and value in 0..1.
ColourBox = tuple[tuple[float, float], tuple[float, float], tuple[float, float]]
PARCHMENT: ColourBox = ((30, 72), (0.18, 0.63), (0.65, 1.0))
RED: ColourBox = ((350, 12), (0.8, 1.0), (0.5, 1.0))  # the turn counter of a harmed tile
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
# Just inside its flames a burning tile shows its parchment; a garnet, which glows yellow-orange
# around its edge too, shows its gem's facets there (its pale glint only hugs the letter). The
# ring looked at: from INSIDE[0] to INSIDE[1] of the face deep, its top and its sides above
# TONGUES (flames lick up from the bottom), less the pixels within NEAR_INK of the letter.
INSIDE = (0.14, 0.34)
TONGUES = 0.6
NEAR_INK = 0.12
PAPER_INSIDE = (0.45, 0.7)  # share of parchment there: a garnet up to the first, fire from the next
PAPER: ColourBox = ((30, 72), (0.15, 0.5), (0.65, 1.0))  # parchment, its glow aside

# The rainbow wildcard: bands of the rainbow's colours (hue ranges, strong colours only), each
# covering RAINBOW_BAND of the face; with RAINBOW_SURE of them it is surely the wildcard
RAINBOW_HUES = ((345, 15), (15, 40), (40, 70), (70, 170), (170, 250), (250, 345))
STRONG = ((0.45, 1.0), (0.4, 1.0))  # saturation and value of a rainbow band
RAINBOW_BAND, RAINBOW_SURE = 0.05, 5
CHAIN_GREY: ColourBox = ((0, 360), (0.0, 0.3), (0.0, 0.8))
CHAINS = 0.2  # share of chain grey in each free corner of a parchment tile that means it is locked


def within(frame: np.ndarray, box: Box) -> bool:
    """True when at least 90% of the box's width and height lie inside the frame."""
    x, y, w, h = box
    height, width = frame.shape[:2]
    seen_w, seen_h = min(x + w, width) - max(x, 0), min(y + h, height) - max(y, 0)
    return seen_w >= 0.9 * w and seen_h >= 0.9 * h


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


def colour_mask(hsv: np.ndarray, colour: ColourBox) -> np.ndarray:
    """Return the 0/255 mask of the pixels of an OpenCV HSV image inside a colour box."""
    import cv2

    (h0, h1), (s0, s1), (v0, v1) = colour
    low, high = (0, round(s0 * 255), round(v0 * 255)), (0, round(s1 * 255), round(v1 * 255))

    def band(a: float, b: float) -> np.ndarray:
        return cv2.inRange(hsv, (a / 2, low[1], low[2]), (b / 2, high[1], high[2]))

    return band(h0, h1) if h0 < h1 else band(h0, 360) | band(0, h1)


class Census(NamedTuple):
    """The colours of a tile's face: per state, the share of the face (ink, its rim and the
    coin aside) in its colour; the least share of flame colours along the face's four sides;
    the share of parchment (of parchment and garnet) just inside them; how many colours of the
    rainbow band the face."""

    shares: dict[str, float]
    flames: float
    inside: float
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
    when flames run along all four sides and parchment shows just inside them (a garnet's
    yellow glow runs along its sides too, but its facets show inside it); uncertain when the
    flames are only half there, or what shows inside them is neither clearly."""
    flames = census.flames / FIRE_SIDE
    garnet, fire = PAPER_INSIDE
    paper = (census.inside - garnet) / (fire - garnet)  # 0 a garnet's facets .. 1 parchment
    if flames >= 1 and paper >= 1:
        return "fire", float(min(1.0, flames - 0.4, paper - 0.4))
    doubt = flames >= 0.5 and (state == "normal" or paper > 0)
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

    face = face_of(tile)
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)
    keep = plain(face)
    total = max(1, int(keep.sum()))
    masks = {state: colour_mask(hsv, colour) > 0 for state, (colour, _) in STATE_COLOURS.items()}
    side = max(1, round(0.22 * face.shape[0]))
    ring = inside_flames(face) & keep
    paper = int((colour_mask(hsv, PAPER) > 0)[ring].sum())
    gem = int(masks["garnet"][ring].sum())
    return Census({state: int(mask[keep].sum()) / total for state, mask in masks.items()},
                  least_side(colour_mask(hsv, FLAME) > 0, side), paper / max(1, paper + gem),
                  bands(hsv, keep))


def inside_flames(face: np.ndarray) -> np.ndarray:
    """Return the mask of the ring just inside a face's edge (INSIDE): its top, and its sides
    above TONGUES, less the pixels near the letter (NEAR_INK)."""
    import cv2
    import numpy as np

    height, width = face.shape[:2]
    brightness = face.max(axis=2)
    ink = (brightness < 0.6 * np.percentile(brightness, 90)).astype(np.uint8)
    near = max(3, round(NEAR_INK * height)) | 1
    ring = np.zeros((height, width), bool)
    top, deep, low = round(INSIDE[0] * height), round(INSIDE[1] * height), round(TONGUES * height)
    ring[top:deep, top:width - top] = True
    ring[top:low, top:deep] = ring[top:low, width - deep:width - top] = True
    return ring & (cv2.dilate(ink, np.ones((near, near), np.uint8)) == 0)


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
