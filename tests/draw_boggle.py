"""Photos of a real Boggle board, drawn: our own drawing of the class, never a copy of a photo.

A blue plastic tray of square wells; in each a cream die, sitting a little loose (shifted and
twisted a few degrees), its top face showing a blue letter turned any way, and the side of the
die nearest the camera showing, squashed, part of another letter; a shadow on the far side.
Then the camera: the board seen in perspective, uneven light, blur, sensor noise and JPEG.

  photo(tiles, turns, rng, ...)   BGR image of the board, tiles row-major ("Qu" for the Q die)
  shift                           per-die (dx, dy) offsets as shares of a well, to set a trap:
                                  a die pushed against its neighbour shows that die's side
"""

from __future__ import annotations

import random

import cv2
import numpy as np
from PIL import Image, ImageDraw

from tests import render as R

TRAY = (28, 52, 150)  # RGB: blue plastic
DIE = (236, 230, 212)  # cream
SIDE = (196, 188, 168)  # the die's side, in its own shade
INK = (24, 44, 150)  # the letters' blue
FONTS = ("liberation-sans-bold", "dejavu-sans-bold", "cantarell-bold", "open-sans-bold")


def die(text: str, turns: int, size: int, font: str, side_text: str) -> Image.Image:
    """Return one die seen from above and a little in front (RGBA, size x size*1.25): its top
    face with the letter turned turns x 90 degrees, and below it its front side, a squashed
    band showing the top part of another letter."""
    band = round(0.22 * size)
    out = Image.new("RGBA", (size, size + band), (*SIDE, 0))
    draw = ImageDraw.Draw(out)
    radius = round(0.16 * size)
    draw.rounded_rectangle((0, 0, size - 1, size + band - 1), radius, fill=SIDE)
    face = Image.new("RGBA", (size, size), (*DIE, 0))
    ImageDraw.Draw(face).rounded_rectangle((0, 0, size - 1, size - 1), radius, fill=DIE)
    letter = R.font(font, round((0.42 if len(text) > 1 else 0.56) * size))
    ink = ImageDraw.Draw(face)
    left, top, right, bottom = ink.textbbox((0, 0), text, font=letter)
    ink.text(((size - (right - left)) / 2 - left, (size - (bottom - top)) / 2 - top), text,
             font=letter, fill=INK)
    out.paste(face.rotate(90 * turns), (0, 0), face.rotate(90 * turns))
    side = Image.new("RGBA", (size, size), (*SIDE, 0))
    spot = ImageDraw.Draw(side)
    big = R.font(font, round(0.56 * size))
    left, top, right, bottom = spot.textbbox((0, 0), side_text, font=big)
    spot.text(((size - (right - left)) / 2 - left, 0.05 * size - top), side_text, font=big,
              fill=INK)
    squashed = side.resize((size, band)).crop((0, 0, size, band))
    out.paste(squashed, (0, size), squashed)
    return out


def photo(tiles: list[str], turns: list[int], rng: random.Random, well: int = 110,
          shift: dict[int, tuple[float, float]] | None = None, blur: float = 1.2,
          jpeg: int = 75, tilt: float = 0.05, light: float = 0.35) -> np.ndarray:
    """Return a photo of a Boggle board with these dice (see the module)."""
    n = round(len(tiles) ** 0.5)
    wall = round(0.1 * well)
    side = n * well + (n + 1) * wall
    canvas = Image.new("RGB", (side + 2 * wall, side + 2 * wall), TRAY)
    draw = ImageDraw.Draw(canvas)
    for i in range(n * n):  # the wells, a little darker than the tray's top
        x, y = 2 * wall + i % n * (well + wall), 2 * wall + i // n * (well + wall)
        draw.rectangle((x, y, x + well, y + well), fill=tuple(c * 3 // 4 for c in TRAY))
    font = rng.choice(FONTS)
    size = round(0.86 * well)
    for i, text in enumerate(tiles):
        dx, dy = (shift or {}).get(i, (rng.uniform(-0.03, 0.03), rng.uniform(-0.03, 0.03)))
        cube = die(text, turns[i], size, font, rng.choice("ABDEGHKMNPRSTVWXY"))
        cube = cube.rotate(rng.uniform(-4, 4), resample=Image.Resampling.BICUBIC, expand=True)
        x = 2 * wall + i % n * (well + wall) + (well - cube.width) // 2 + round(dx * well)
        y = 2 * wall + i // n * (well + wall) + (well - size) // 2 + round(dy * well) - wall // 2
        shadow = Image.new("RGBA", cube.size, (0, 0, 20, 0))
        shadow.putalpha(cube.getchannel("A").point(lambda a: a // 3))
        canvas.paste(shadow, (x + wall // 2, y + wall // 2), shadow)
        canvas.paste(cube, (x, y), cube)
    image = cv2.cvtColor(np.asarray(canvas), cv2.COLOR_RGB2BGR)
    return camera(image, rng, blur, jpeg, tilt, light)


def camera(image: np.ndarray, rng: random.Random, blur: float, jpeg: int, tilt: float,
           light: float) -> np.ndarray:
    """Return the image as a camera sees it: in perspective (corners moved by up to `tilt` of
    the side), lit unevenly (a light falling off by `light` across it), blurred, noisy, JPEG."""
    h, w = image.shape[:2]
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    moved = corners + np.array([[rng.uniform(-tilt, tilt) * w, rng.uniform(-tilt, tilt) * h]
                                for _ in range(4)], np.float32)
    margin = round(tilt * max(w, h)) + 4
    moved += margin
    out = cv2.warpPerspective(image, cv2.getPerspectiveTransform(corners, moved),
                              (w + 2 * margin, h + 2 * margin), borderValue=(40, 40, 40))
    ys, xs = np.mgrid[0:out.shape[0], 0:out.shape[1]].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    along = (np.cos(angle) * xs + np.sin(angle) * ys) / max(out.shape)
    shade = 1.0 - light * (along - along.min()) / (np.ptp(along) or 1)
    out = np.clip(out * shade[..., None] * 1.1, 0, 255).astype(np.uint8)
    if blur:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    return R.degrade(out, rng, noise=3.0, jpeg=jpeg)
