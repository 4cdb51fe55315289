"""Draw Bookworm Adventures-style battle screens for the reader's tests and benchmark.

Parchment tiles with dark serif letters, gem tiles in their colours with facets, a locked tile
under grey chains with a red counter, a smashed grey stone tile with cracks; the grid sits in a
wooden frame inside a game window (title bar, other parchment panels), optionally on a desktop
with other windows. Everything scales with the tile side, so one drawing serves every size.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from assistant.vision import bookworm
from assistant.vision.templates import SHEETS

PARCHMENT = (160, 225, 240)  # BGR
WOOD = (30, 55, 85)
FILLS = {  # BGR face colour of each state
    "normal": PARCHMENT, "locked": PARCHMENT, "smashed": (150, 155, 160),
    "amethyst": (200, 60, 150), "emerald": (60, 180, 60), "sapphire": (200, 90, 30),
    "garnet": (40, 120, 240), "ruby": (60, 30, 200), "crystal": (230, 200, 255),
    "diamond": (245, 245, 245),
}
INK = (20, 20, 20)
GAP = 1 / bookworm.TILE_PER_PITCH - 1  # gap between tiles, as a share of the tile side


def font_path() -> Path:
    """Return the font the letters are drawn in: the font of the reader's first sheet."""
    return Path(SHEETS[bookworm.SHEETS[0]].font)


def shade(colour: tuple[int, int, int], by: int) -> tuple[int, int, int]:
    """Return a BGR colour made lighter (by > 0) or darker."""
    return tuple(int(np.clip(c + by, 0, 255)) for c in colour)  # type: ignore[return-value]


def draw_text(canvas: np.ndarray, text: str, centre: tuple[float, float], size: int,
              colour: tuple[int, int, int], font: Path) -> None:
    """Draw text centred on a point, anti-aliased, in a TrueType/OpenType font."""
    face = ImageFont.truetype(str(font), size)
    left, top, right, bottom = face.getbbox(text)
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
    cv2.putText(canvas, digit, at, cv2.FONT_HERSHEY_DUPLEX, scale, (0, 0, 0), thick + 2,
                cv2.LINE_AA)
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


def draw_cracks(canvas: np.ndarray, x: int, y: int, side: int) -> None:
    """Draw dark cracks on a smashed stone tile."""
    points = np.array([[0.1, 0.2], [0.3, 0.25], [0.35, 0.1]], np.float32)
    for path in (points, points[::-1] * [1, -1] + [0.6, 1.1]):
        line = (path * side + [x, y]).astype(np.int32)
        cv2.polylines(canvas, [line], False, (95, 100, 105), max(1, side // 30), cv2.LINE_AA)


def draw_tile(canvas: np.ndarray, x: int, y: int, side: int, text: str, state: str,
              font: Path) -> None:
    """Draw one tile: its face for the state, bevel, value coin, letter, chains or counter."""
    colour = FILLS[state]
    bevel = max(1, side // 16)
    right, bottom = x + side - 1, y + side - 1
    cv2.rectangle(canvas, (x, y), (right, bottom), shade(colour, -45), -1)
    cv2.rectangle(canvas, (x + bevel, y), (right - bevel, y + bevel), shade(colour, 20), -1)
    cv2.rectangle(canvas, (x + bevel, y + bevel), (right - bevel, bottom - bevel), colour, -1)
    if state not in ("normal", "locked", "smashed"):
        draw_facets(canvas, x, y, side, colour)
    if state == "smashed":
        draw_cracks(canvas, x, y, side)
    coin = (x + round(0.88 * side), y + round(0.88 * side))
    cv2.circle(canvas, coin, max(2, round(0.07 * side)), (60, 120, 190), -1, cv2.LINE_AA)
    size = round((0.5 if len(text) > 1 else 0.62) * side)
    if text:
        draw_text(canvas, text, (x + side / 2, y + 0.48 * side), size, INK, font)
    if state == "locked":
        draw_chains(canvas, x, y, side)
    if state in ("locked", "smashed"):
        draw_counter(canvas, x, y, side, "3")


def draw_window(texts: list[str], states: list[str], side: int,
                font: Path | None = None) -> tuple[np.ndarray, list]:
    """Return a game window drawn around a 4x4 grid, and each tile's (x, y, w, h) box.

    texts use the labels' spelling ("QU" is drawn as "Qu"); font is the letters' font file.
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
    cv2.rectangle(window, (left - side // 3, top - side // 3),
                  (left + 4 * pitch + side // 3, top + 4 * pitch + side // 3), (20, 40, 60), -1)
    boxes = []
    for i, (text, state) in enumerate(zip(texts, states, strict=True)):
        row, col = divmod(i, 4)
        x, y = left + col * pitch, top + row * pitch
        draw_tile(window, x, y, side, "Qu" if text == "QU" else text, state, font)
        boxes.append((x, y, side, side))
    return window, boxes


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
