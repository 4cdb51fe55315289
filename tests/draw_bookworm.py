"""Draw Bookworm Adventures-style battle screens for the reader's tests and benchmark.

Parchment tiles with dark serif letters, gem tiles in their colours with facets, a locked tile
under grey chains with a red counter, a smashed grey stone tile with cracks, a plagued tile
(yellow-green, mottled, with a counter), a burning one (flames around its parchment), a warped
one (teal, with a spiral), the rainbow wildcard `?`; empty cells (the dark slot shows) and
tiles falling in, half hidden by the frame. The grid sits in a golden frame inside a game
window (title bar, other parchment panels, the word being spelled in tiles above), optionally
on a desktop with other windows (a grid of black letters on white among them), dimmed behind a
dialog. Everything scales with the tile side, so one drawing serves every size.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from assistant.vision import bookworm_letters, bookworm_locate
from assistant.vision.templates import SHEETS

PARCHMENT = (160, 225, 240)  # BGR
WOOD = (30, 55, 85)
FILLS = {  # BGR face colour of each state
    "normal": PARCHMENT, "locked": PARCHMENT, "smashed": (150, 155, 160),
    "amethyst": (200, 60, 150), "emerald": (60, 180, 60), "sapphire": (200, 90, 30),
    "garnet": (40, 120, 240), "ruby": (60, 30, 200), "crystal": (230, 200, 255),
    "diamond": (245, 245, 245), "plagued": (40, 200, 150), "warped": (200, 200, 100),
    "fire": PARCHMENT,
}
RAINBOW = ((40, 40, 230), (30, 140, 240), (40, 220, 240), (60, 180, 60), (220, 100, 40),
           (200, 60, 140))  # BGR bands: red, orange, yellow, green, blue, purple
COUNTED = ("locked", "smashed", "plagued")  # states drawn with a red turn counter
FRAME, SLOT = (60, 150, 200), (15, 25, 35)  # the grid's golden frame, its dark empty slots
INK = (20, 20, 20)
GEMS = ("amethyst", "emerald", "sapphire", "ruby", "crystal", "diamond")  # drawn as hexagons
GARNET_GLOW = (10, 215, 255)  # BGR: the yellow glow around a garnet
GARNET_FACETS = ((30, 100, 230), (40, 120, 240), (60, 160, 250), (70, 175, 252), (60, 160, 250),
                 (40, 120, 240), (30, 100, 230), (25, 90, 220))  # from the right, clockwise
GLINT = 0.22  # the radius of a garnet's pale glint, in tile sides
GLOWS = {"fire": (0, 140, 255), "garnet": GARNET_GLOW}  # glows that spill onto the neighbours
GLOW, GLOW_ALPHA = 0.12, 0.5  # how far they spill (in tile sides), how strongly at the tile
GAP = 1 / bookworm_locate.TILE_PER_PITCH - 1  # gap between tiles, as a share of the tile side


def font_path() -> Path:
    """Return the font the letters are drawn in: the font of the reader's first sheet."""
    return Path(SHEETS[bookworm_letters.SHEETS[0]].font)


def shade(colour: tuple[int, int, int], by: int) -> tuple[int, int, int]:
    """Return a BGR colour made lighter (by > 0) or darker."""
    return tuple(int(np.clip(c + by, 0, 255)) for c in colour)  # type: ignore[return-value]


def draw_text(canvas: np.ndarray, text: str, centre: tuple[float, float], size: int,
              colour: tuple[int, int, int], font: Path) -> None:
    """Draw text centred on a point, anti-aliased, in a TrueType/OpenType font."""
    face = ImageFont.truetype(str(font), size)
    left, top, right, bottom = map(int, face.getbbox(text))
    mask = Image.new("L", (right - left + 4, bottom - top + 4), 0)
    ImageDraw.Draw(mask).text((2 - left, 2 - top), text, font=face, fill=255)
    alpha = np.asarray(mask, np.float32)[..., None] / 255
    x, y = round(centre[0] - alpha.shape[1] / 2), round(centre[1] - alpha.shape[0] / 2)
    region = canvas[y:y + alpha.shape[0], x:x + alpha.shape[1]]
    region[:] = (region * (1 - alpha) + np.array(colour) * alpha).astype(np.uint8)


def draw_counter(canvas: np.ndarray, x: int, y: int, side: int, digit: str) -> None:
    """Draw the red turn counter, outlined in black, at a tile's lower right corner."""
    scale = side / 60
    at = (x + round(0.78 * side), y + round(0.98 * side))
    thick = max(1, round(side / 25))
    rim = max(1, round(side / 40))  # the black outline, as in the game
    for dx in range(-rim, rim + 1):
        for dy in range(-rim, rim + 1):
            cv2.putText(canvas, digit, (at[0] + dx, at[1] + dy), cv2.FONT_HERSHEY_DUPLEX,
                        scale, (0, 0, 0), thick, cv2.LINE_AA)
    cv2.putText(canvas, digit, at, cv2.FONT_HERSHEY_DUPLEX, scale, (0, 0, 255), thick,
                cv2.LINE_AA)


def draw_chains(canvas: np.ndarray, x: int, y: int, side: int) -> None:
    """Draw two grey chains of links crossing a tile from corner to corner."""
    length, width = 0.16 * side, 0.07 * side
    for start, step in (((x, y), (1, 1)), ((x + side, y), (-1, 1))):
        for k in range(round(side * 1.41 / length) + 1):
            along = k * length / 1.41
            centre = (round(start[0] + step[0] * along), round(start[1] + step[1] * along))
            axes = (round(length / 2), max(1, round(width / 2 + (k % 2) * width / 4)))
            angle = 45 * step[0] * step[1]
            cv2.ellipse(canvas, centre, axes, angle, 0, 360, (165, 160, 160), -1, cv2.LINE_AA)
            cv2.ellipse(canvas, centre, axes, angle, 0, 360, (60, 60, 60), 1, cv2.LINE_AA)


def draw_facets(canvas: np.ndarray, x: int, y: int, side: int, colour) -> None:
    """Draw a gem's faceted hexagon (lighter rim, darker table) on a tile."""
    centre = np.array([x + side / 2, y + side / 2])
    angles = np.radians(np.arange(0, 360, 60) + 30)
    ring = np.column_stack([np.cos(angles), np.sin(angles)])
    outer = (centre + 0.45 * side * ring).astype(np.int32)
    inner = (centre + 0.28 * side * ring).astype(np.int32)
    cv2.fillPoly(canvas, [outer], shade(colour, 15), cv2.LINE_AA)
    cv2.fillPoly(canvas, [inner], shade(colour, -25), cv2.LINE_AA)


def draw_garnet(canvas: np.ndarray, x: int, y: int, side: int) -> None:
    """Draw a garnet as the game shows it: an orange octagon of facets (lit from the top left)
    glowing yellow to the tile's edge, with a pale glint behind its letter."""
    cv2.rectangle(canvas, (x, y), (x + side - 1, y + side - 1), GARNET_GLOW, -1)
    centre = np.array([x + side / 2, y + side / 2])
    angles = np.radians(np.arange(0, 360, 45) + 22.5)
    ring = np.column_stack([np.cos(angles), np.sin(angles)])
    outer = (centre + 0.5 * side * ring).astype(np.int32)
    inner = (centre + 0.34 * side * ring).astype(np.int32)
    for k, colour in enumerate(GARNET_FACETS):
        facet = np.array([outer[k], outer[(k + 1) % 8], inner[(k + 1) % 8], inner[k]])
        cv2.fillPoly(canvas, [facet], colour, cv2.LINE_AA)
    cv2.fillPoly(canvas, [inner], FILLS["garnet"], cv2.LINE_AA)
    cv2.circle(canvas, (round(centre[0]), round(centre[1])), round(GLINT * side),
               (175, 235, 255), -1, cv2.LINE_AA)
    face = canvas[y:y + side, x:x + side]
    face[:] = cv2.GaussianBlur(face, (0, 0), side / 60)


def draw_glows(canvas: np.ndarray, boxes: list, states: list[str]) -> None:
    """Spill each burning tile's flame glow and each garnet's yellow glow onto its neighbours:
    a band of GLOW of the side around the tile, fading outwards."""
    for (x, y, side, _), state in zip(boxes, states, strict=True):
        if state not in GLOWS:
            continue
        reach = max(2, round(GLOW * side))
        height, width = canvas.shape[:2]
        x0, y0 = max(0, x - reach), max(0, y - reach)
        x1, y1 = min(width, x + side + reach), min(height, y + side + reach)
        yy, xx = np.mgrid[y0:y1, x0:x1]
        out = np.maximum(np.maximum(x - xx, xx - (x + side - 1)),
                         np.maximum(y - yy, yy - (y + side - 1)))
        alpha = (np.clip(1 - out / reach, 0, 1) * GLOW_ALPHA * (out > 0))[..., None]
        area = canvas[y0:y1, x0:x1]
        area[:] = (area * (1 - alpha) + np.array(GLOWS[state]) * alpha).astype(np.uint8)


def draw_cracks(canvas: np.ndarray, x: int, y: int, side: int) -> None:
    """Draw dark cracks on a smashed stone tile."""
    points = np.array([[0.1, 0.2], [0.3, 0.25], [0.35, 0.1]], np.float32)
    for path in (points, points[::-1] * [1, -1] + [0.6, 1.1]):
        line = (path * side + [x, y]).astype(np.int32)
        cv2.polylines(canvas, [line], False, (95, 100, 105), max(1, side // 30), cv2.LINE_AA)


def draw_blotches(canvas: np.ndarray, x: int, y: int, side: int) -> None:
    """Draw a plague's mottling: pale yellow blotches and dark green spots."""
    for u, v, r, colour in ((0.2, 0.2, 0.13, (120, 235, 210)), (0.75, 0.25, 0.1, (120, 235, 210)),
                            (0.22, 0.75, 0.11, (120, 235, 210)), (0.55, 0.15, 0.06, (30, 140, 90)),
                            (0.8, 0.6, 0.06, (30, 140, 90)), (0.35, 0.5, 0.05, (30, 140, 90))):
        centre = (x + round(u * side), y + round(v * side))
        cv2.circle(canvas, centre, max(1, round(r * side)), colour, -1, cv2.LINE_AA)


def draw_flames(canvas: np.ndarray, x: int, y: int, side: int) -> None:
    """Draw a burning tile's flames: an orange glow around its face, tongues from below."""
    glow, inset = max(2, round(0.1 * side)), round(0.06 * side)
    cv2.rectangle(canvas, (x + inset, y + inset), (x + side - 1 - inset, y + side - 1 - inset),
                  (0, 110, 255), glow)
    for k in range(5):
        left = x + round(k * side / 5)
        tip = (left + round(side / 10), y + round((0.5 + 0.12 * (k % 2)) * side))
        tongue = np.array([(left, y + side - 1), tip, (left + round(side / 5), y + side - 1)])
        cv2.fillPoly(canvas, [tongue], (0, 150, 255), cv2.LINE_AA)


def draw_spiral(canvas: np.ndarray, x: int, y: int, side: int) -> None:
    """Draw a warped tile's spiral, darker than its teal face."""
    turns = np.linspace(1.5, 4 * np.pi, 60)
    radius = 0.42 * side * turns / turns[-1]
    points = np.column_stack([x + side / 2 + radius * np.cos(turns),
                              y + side / 2 + radius * np.sin(turns)]).astype(np.int32)
    cv2.polylines(canvas, [points], False, (140, 110, 40), max(1, side // 25), cv2.LINE_AA)


def draw_rainbow(canvas: np.ndarray, x: int, y: int, side: int) -> None:
    """Draw the rainbow wildcard's face: six bands of colour, top to bottom."""
    band = side / len(RAINBOW)
    for k, colour in enumerate(RAINBOW):
        cv2.rectangle(canvas, (x + 1, y + round(k * band)), (x + side - 2,
                      y + round((k + 1) * band) - 1), colour, -1)


MARKS = {"smashed": draw_cracks, "plagued": draw_blotches, "fire": draw_flames,
         "warped": draw_spiral, "garnet": draw_garnet}


def draw_tile(canvas: np.ndarray, x: int, y: int, side: int, text: str, state: str,
              font: Path, counter: bool | None = None) -> None:
    """Draw one tile: its face for the state (the rainbow's bands for `?`), its bevel, marks,
    value coin, letter, chains and counter (by default on the states that show one)."""
    colour = FILLS[state]
    bevel = max(1, side // 16)
    right, bottom = x + side - 1, y + side - 1
    cv2.rectangle(canvas, (x, y), (right, bottom), shade(colour, -45), -1)
    cv2.rectangle(canvas, (x + bevel, y), (right - bevel, y + bevel), shade(colour, 20), -1)
    cv2.rectangle(canvas, (x + bevel, y + bevel), (right - bevel, bottom - bevel), colour, -1)
    if state in GEMS:
        draw_facets(canvas, x, y, side, colour)
    MARKS.get(state, lambda *_: None)(canvas, x, y, side)
    if text == "?":
        draw_rainbow(canvas, x, y, side)
    coin = (x + round(0.88 * side), y + round(0.88 * side))
    cv2.circle(canvas, coin, max(2, round(0.07 * side)), (60, 120, 190), -1, cv2.LINE_AA)
    size = round((0.5 if len(text) > 1 else 0.62) * side)
    if text:
        draw_text(canvas, text, (x + side / 2, y + 0.48 * side), size, INK, font)
    if state == "locked":
        draw_chains(canvas, x, y, side)
    if state in COUNTED if counter is None else counter:
        draw_counter(canvas, x, y, side, "3")


def draw_window(texts: list[str], states: list[str], side: int, font: Path | None = None,
                falling: dict[int, float] | None = None, counters: set[int] | None = None,
                word: str = "") -> tuple[np.ndarray, list]:
    """Return a game window drawn around a 4x4 grid, and each tile's (x, y, w, h) box.

    texts use the labels' spelling ("QU" is drawn as "Qu", "?" is the rainbow wildcard); a
    cell whose state is "empty" shows its dark slot; falling maps cells to how far (in
    pitches) their tiles are still above them, hidden by the frame above the grid; counters
    are the cells drawn with a turn counter (default: the states that show one); word is
    spelled in tiles of the grid's size above it; font is the letters' font file.
    """
    font = font or font_path()
    pitch = side + max(2, round(side * GAP))
    width, height = round(16.3 * side), round(12.8 * side)
    window = np.empty((height, width, 3), np.uint8)
    window[:] = WOOD
    window[:round(0.6 * side)] = (200, 170, 150)  # title bar
    draw_text(window, "Bookworm Adventures", (3 * side, 0.3 * side), max(8, side // 3),
              (0, 0, 0), font)
    cv2.rectangle(window, (round(5 * side), round(0.8 * side)), (round(11 * side),
                  round(1.3 * side)), PARCHMENT, -1)  # a long parchment banner
    cv2.rectangle(window, (round(0.5 * side), round(7 * side)), (round(2 * side),
                  round(8.5 * side)), PARCHMENT, -1)  # one bigger parchment square
    left, top = round(6.1 * side), round(6.7 * side)
    slots = (left - side // 6, top - side // 6, left + 4 * pitch + side // 6,
             top + 4 * pitch + side // 6)
    draw_frame(window, slots, side)
    for k, letter in enumerate(word):
        draw_tile(window, left + round((k - len(word) / 2 + 2) * pitch), top - round(3.6 * pitch),
                  side, letter, "normal", font)
    boxes, counted = [], []
    for i, (text, state) in enumerate(zip(texts, states, strict=True)):
        row, col = divmod(i, 4)
        x, y = left + col * pitch, top + row * pitch
        boxes.append((x, y, side, side))
        if state != "empty":
            drawn = y - round((falling or {}).get(i, 0) * pitch)
            draw_tile(window, x, drawn, side, "Qu" if text == "QU" else text, state, font,
                      counter=False)
            if state in COUNTED if counters is None else i in counters:
                counted.append((x, drawn))
    draw_glows(window, boxes, states)
    for x, y in counted:  # the counters show over the glows
        draw_counter(window, x, y, side, "3")
    draw_frame(window, slots, side, top_only=True)  # hides the tiles still above the grid
    return window, boxes


def draw_frame(window: np.ndarray, slots: tuple[int, int, int, int], side: int,
               top_only: bool = False) -> None:
    """Draw the grid's golden frame around its dark slots (or only the frame's top)."""
    x0, y0, x1, y1 = slots
    rim = round(0.6 * side)
    if top_only:
        cv2.rectangle(window, (x0 - rim, y0 - rim), (x1 + rim, y0 - 1), FRAME, -1)
        return
    cv2.rectangle(window, (x0 - rim, y0 - rim), (x1 + rim, y1 + rim), FRAME, -1)
    cv2.rectangle(window, (x0, y0), (x1, y1), SLOT, -1)


def on_desktop(window: np.ndarray, size: tuple[int, int], at: tuple[int, int],
               seed: int = 0) -> np.ndarray:
    """Return a desktop of size (w, h) with other windows and the window placed at (x, y)."""
    rng = np.random.default_rng(seed)
    width, height = size
    desktop = np.empty((height, width, 3), np.uint8)
    desktop[:] = (110, 80, 40)
    for _ in range(10):
        x, y = int(rng.integers(0, width - 50)), int(rng.integers(0, height - 50))
        w, h = int(rng.integers(100, width // 2)), int(rng.integers(80, height // 2))
        colour = tuple(int(c) for c in rng.integers(0, 256, 3))
        cv2.rectangle(desktop, (x, y), (x + w, y + h), colour, -1)
        cv2.putText(desktop, "Some other window", (x + 8, y + 30), cv2.FONT_HERSHEY_SIMPLEX,
                    0.8, (0, 0, 0), 2)
    x, y = at
    desktop[y:y + window.shape[0], x:x + window.shape[1]] = window
    return desktop


def paste(desktop: np.ndarray, image: np.ndarray, at: tuple[int, int]) -> np.ndarray:
    """Return the desktop with an image placed at (x, y)."""
    x, y = at
    out = desktop.copy()
    out[y:y + image.shape[0], x:x + image.shape[1]] = image
    return out


def letter_grid(letters: str, side: int, font: Path | None = None) -> np.ndarray:
    """Return another program's picture of a 4x4 grid: black serif letters on white squares
    (as a helper tool shows the grid it read), on a dark window."""
    font = font or font_path()
    image = np.full((4 * side + side // 2, 4 * side + side // 2, 3), (40, 30, 25), np.uint8)
    cv2.rectangle(image, (side // 4, side // 4), (image.shape[1] - side // 4,
                  image.shape[0] - side // 4), (255, 255, 255), -1)
    for i, letter in enumerate(letters):
        row, col = divmod(i, 4)
        centre = (side // 4 + (col + 0.5) * side, side // 4 + (row + 0.5) * side)
        draw_text(image, letter, centre, round(0.6 * side), (0, 0, 0), font)
    return image


def dimmed(frame: np.ndarray, factor: float, tint: tuple[int, int, int] = (0, 0, 0)) -> np.ndarray:
    """Return the frame as behind a dialog: its light multiplied by a factor, a tint added."""
    return np.clip(frame * factor + np.array(tint), 0, 255).astype(np.uint8)


def noisy(frame: np.ndarray, sigma: float = 4, seed: int = 0) -> np.ndarray:
    """Return the frame with Gaussian noise added."""
    rng = np.random.default_rng(seed)
    return np.clip(frame + rng.normal(0, sigma, frame.shape), 0, 255).astype(np.uint8)


def wordament_like(side: int = 60) -> np.ndarray:
    """Return a Wordament-style grid: orange tiles with white letters and values, on white."""
    gap = side // 8
    size = 4 * side + 5 * gap
    frame = np.full((size + 40, size + 40, 3), 255, np.uint8)
    for i, letter in enumerate("EMTDURERIPDEPOEM"):
        row, col = divmod(i, 4)
        x, y = 20 + gap + col * (side + gap), 20 + gap + row * (side + gap)
        cv2.rectangle(frame, (x, y), (x + side, y + side), (0, 140, 255), -1)
        cv2.putText(frame, letter, (x + side // 4, y + 3 * side // 4), cv2.FONT_HERSHEY_SIMPLEX,
                    side / 40, (255, 255, 255), 2)
    return frame
