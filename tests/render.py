"""Synthetic screenshots for the vision tests, the benchmark and the bundled example.

Our own drawings of grid games in their looks, never copies of real screenshots:
  board(tiles, values, style, tile, font)   a 4x4 (or NxN) grid alone, as a BGR image
  scene(board, kind, rng)                  the grid inside a desktop full of other windows, a
                                           phone screen, an online tournament's phone screen
                                           (leaderboard below; "tournament-wide": beside), or
                                           a tight crop
  degrade(image, rng, noise, jpeg, scale)  camera and compression damage
  example(seed)                            a random board's tiles and their usual values
  phone_example(seed)                      tiles of the phone app (stray-I traps, specials),
                                           values mostly 1 and 11
Styles: WIN8 (white letters on coloured squares), CREAM (dark letters on cream tiles over wood),
PHONE (the 2020s phone app: cream tiles, large letters, the value tucked in close to them),
WORDHUNT (black bold letters on light wood tiles, no values).
Run `python -m tests.render OUT.png` to draw the bundled example screenshot.
"""

from __future__ import annotations

import random
import string
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from assistant.core.rules import WORDAMENT
from assistant.vision.templates import SHEETS

HELD_OUT = {  # fonts the templates were NOT made from: a fair test of generalisation
    "cantarell": "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf",  # fonts-cantarell
    "cantarell-bold": "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf",
}
ALL_FONTS = {**{name: sheet.font for name, sheet in SHEETS.items()}, **HELD_OUT}


@dataclass(frozen=True)
class Style:
    """How one game's tiles look."""

    face: tuple[int, int, int]  # RGB
    ink: tuple[int, int, int]
    background: tuple[int, int, int]
    wood: bool = False  # a wood-grain background
    gap: float = 0.12  # between tiles, as a share of a tile
    radius: float = 0.0  # corner rounding, as a share of a tile
    bevel: float = 0.0  # a darker edge at the right and bottom, as a share of a tile
    letter: float = 0.52  # letter height (font size) as a share of a tile
    value: float = 0.17  # value font size as a share of a tile (0: no values)
    font: str = "open-sans"
    middle: float = 0.56  # the letters' vertical centre, as a share of a tile
    snug: float = 0.0  # > 0: the value sits this share of a tile from the letters' ink box
    tuck: float = 0.3  # and when beside them, this share of its height above their top
    gloss: float = 0.0  # > 0: the face darkens from top to bottom by this share (a glossy key)


WIN8 = Style(face=(243, 152, 0), ink=(255, 255, 255), background=(30, 30, 30), gap=0.13,
             value=0.2)
CREAM = Style(face=(250, 249, 240), ink=(50, 48, 58), background=(200, 180, 150), wood=True,
              gap=0.07, radius=0.06, bevel=0.05, value=0.16)
PHONE = Style(face=(247, 245, 238), ink=(45, 45, 52), background=(190, 170, 140), wood=True,
              gap=0.05, radius=0.08, bevel=0.03, letter=0.62, value=0.15, middle=0.55,
              snug=0.025)  # the 2020s phone app: a small value tucked in by large letters
WORDHUNT = Style(face=(236, 203, 150), ink=(10, 10, 10), background=(70, 95, 75), gap=0.16,
                 radius=0.07, letter=0.55, value=0.0, font="liberation-sans-bold")
GLOSSY = Style(face=(250, 250, 246), ink=(40, 40, 44), background=(10, 30, 90), gap=0.04,
               radius=0.1, bevel=0.04, letter=0.5, value=0.14, middle=0.55, gloss=0.16)
# the current app's online tournament: glossy white keys, dark letters, on deep blue
FACES = ((243, 152, 0), (0, 153, 204), (140, 60, 170), (210, 50, 60), (0, 150, 80))


def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    """Return a font by sheet name (templates.SHEETS or HELD_OUT) at a pixel size."""
    return ImageFont.truetype(ALL_FONTS[name], max(4, size))


def text_size(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont) -> tuple:
    """Return the (left, top, right, bottom) ink box of some text drawn at the origin."""
    return draw.textbbox((0, 0), text, font=face)


def tile_image(text: str, value: int | None, style: Style, size: int) -> Image.Image:
    """Return one tile (size x size, RGBA) with its letters centred and its value at top left."""
    tile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    radius = round(style.radius * size)
    bevel = round(style.bevel * size)
    if bevel:
        shade = tuple(round(c * 0.78) for c in style.face)
        draw.rounded_rectangle((bevel, bevel, size - 1, size - 1), radius, fill=shade)
    draw.rounded_rectangle((0, 0, size - 1 - bevel, size - 1 - bevel), radius, fill=style.face)
    if style.gloss:
        glossy(tile, style, size - bevel)
    inner = size - bevel
    shrink = min(1.0, 2.6 / len(text))  # longer texts are drawn smaller, as in the game
    letters = font(style.font, round(style.letter * inner * shrink))
    left, _, right, _ = text_size(draw, text, letters)
    if right - left > 0.8 * inner:  # and never wider than most of the tile
        letters = font(style.font, round(style.letter * inner * shrink * 0.8 * inner
                                          / (right - left)))
        left, _, right, _ = text_size(draw, text, letters)
    cap = text_size(draw, "H", letters)
    at = ((inner - (right - left)) / 2 - left,  # a little low: the value sits above
          style.middle * inner - (cap[3] - cap[1]) / 2 - cap[1])
    draw.text(at, text, font=letters, fill=style.ink)
    if value is not None and style.value:
        digits = font(style.font, round(style.value * inner))
        ink = draw.textbbox(at, text, font=letters)
        spot = tucked(draw, str(value), digits, ink, style, inner) if style.snug \
            else (0.07 * inner, 0.05 * inner)
        draw.text(spot, str(value), font=digits, fill=style.ink)
    return tile


def glossy(tile: Image.Image, style: Style, inner: int) -> None:
    """Shade a tile's face from its colour at the top to style.gloss darker at the bottom."""
    pixels = np.asarray(tile).astype(np.float32)
    fall = 1 - style.gloss * np.linspace(0, 1, tile.height, dtype=np.float32) ** 1.5
    face = np.all(pixels[..., :3] == style.face, axis=2)[..., None]
    shaded = np.where(face, pixels[..., :3] * fall[:, None, None], pixels[..., :3])
    tile.paste(Image.fromarray(np.dstack([shaded, pixels[..., 3:]]).astype(np.uint8), "RGBA"))


def tucked(draw: ImageDraw.ImageDraw, value: str, digits: ImageFont.FreeTypeFont, ink: tuple,
           style: Style, inner: int) -> tuple[float, float]:
    """Return where to draw a value so its ink box is style.snug from the letters' ink box:
    to their left beside their top (rows shared: a "1" there looks like an I) when there is
    room, else above their left end."""
    left, top, right, bottom = text_size(draw, value, digits)
    margin, gap = 0.05 * inner, style.snug * inner
    if ink[0] - gap - (right - left) >= margin:
        return ink[0] - gap - right, max(margin, ink[1] - style.tuck * (bottom - top)) - top
    return margin - left, max(margin, ink[1] - gap - (bottom - top)) - top


def board(tiles: list[str], values: list[int] | None, style: Style, tile: int = 80,
          turns: list[int] | None = None) -> np.ndarray:
    """Return a grid of tiles (row-major, square) on its background, as a BGR image; each
    tile turned turns[i] x 90 degrees anticlockwise if given (dice in a photo)."""
    n = round(len(tiles) ** 0.5)
    gap = max(1, round(style.gap * tile))
    side = n * tile + (n + 1) * gap
    canvas = Image.fromarray(background(side, side, style))
    for i, text in enumerate(tiles):
        value = values[i] if values else None
        x, y = gap + i % n * (tile + gap), gap + i // n * (tile + gap)
        face = tile_image(text, value, style, tile)
        if turns:
            face = face.rotate(90 * turns[i])
        canvas.paste(face, (x, y), face)
    return cv2.cvtColor(np.asarray(canvas), cv2.COLOR_RGB2BGR)


def background(width: int, height: int, style: Style) -> np.ndarray:
    """Return an RGB background: plain, or wood grain in the style's colour."""
    out = np.empty((height, width, 3), np.uint8)
    out[:] = style.background
    if style.wood:
        ys = np.arange(height, dtype=np.float32)[:, None]
        xs = np.arange(width, dtype=np.float32)[None, :]
        grain = np.sin(ys / 3.1 + 2.5 * np.sin(xs / 57.0)) * 9 + np.sin(ys / 17.0) * 6
        out = np.clip(out.astype(np.float32) + grain[..., None], 0, 255).astype(np.uint8)
    return out


def scene(grid: np.ndarray, kind: str, rng: random.Random) -> tuple[np.ndarray, tuple]:
    """Return the grid placed in a scene (desktop, phone, tournament or crop) and its
    (x, y, w, h) there."""
    h, w = grid.shape[:2]
    if kind == "crop":
        return grid.copy(), (0, 0, w, h)
    if kind.startswith("tournament"):
        return tournament(grid, rng, beside=kind == "tournament-wide")
    width, height = (max(1280, 3 * w), max(720, int(1.6 * h))) if kind == "desktop" else \
        (int(1.08 * w), int(2.2 * h))
    canvas = np.full((height, width, 3), (30, 34, 40) if kind == "desktop" else (40, 20, 110),
                     np.uint8)
    clutter(canvas, rng, kind)
    x = rng.randrange(width - w - 20, width - w) if kind == "desktop" else (width - w) // 2
    y = rng.randrange(height // 8, height - h - 10) if kind == "desktop" else int(0.25 * h)
    canvas[y:y + h, x:x + w] = grid
    return canvas, (x, y, w, h)


def clutter(canvas: np.ndarray, rng: random.Random, kind: str) -> None:
    """Draw other windows on a canvas: text panes, title bars, icons, a photo, buttons."""
    height, width = canvas.shape[:2]
    writer = Image.fromarray(cv2.cvtColor(canvas, cv2.COLOR_BGR2RGB))
    draw = ImageDraw.Draw(writer)
    small = font("dejavu-sans", max(10, height // 60))
    for line in range(3, height // 18 - 2):  # a code editor
        words = " ".join("".join(rng.choice("abcdefgilmnoprstuwxyz_=()") for _ in
                                 range(rng.randint(2, 9))) for _ in range(rng.randint(1, 6)))
        draw.text((12, line * 18), words, font=small, fill=(rng.randint(120, 255), 200, 140))
    draw.rectangle((0, 0, width, 22), fill=(20, 60, 120))
    for k in range(12):  # a launcher's icons: a lattice, but not 4x4
        x, y = width // 3 + (k % 6) * 46, height - 120 + (k // 6) * 46
        draw.rectangle((x, y, x + 38, y + 38), fill=FACES[k % len(FACES)])
    if kind == "phone":
        draw.ellipse((width // 5, height - 260, width // 5 + 150, height - 110), fill=(70, 60, 50))
        draw.text((width // 4, 40), "Puzzle 12  Score: 120/3000", font=small, fill=(255, 255, 255))
    canvas[:] = cv2.cvtColor(np.asarray(writer), cv2.COLOR_RGB2BGR)
    noise = np.random.default_rng(rng.randrange(1 << 30)).integers(0, 255, (120, 180, 3))
    y, x = rng.randrange(30, height - 130), rng.randrange(0, max(1, width // 3 - 180))
    canvas[y:y + 120, x:x + 180] = cv2.GaussianBlur(noise.astype(np.uint8), (0, 0), 3)


def tournament(grid: np.ndarray, rng: random.Random,
               beside: bool = False) -> tuple[np.ndarray, tuple]:
    """Return the grid on an online-tournament phone screen, and its (x, y, w, h) there: a
    header bar with the timer and score, a banner, a leaderboard below the grid (beside it on
    a phone held sideways: rows of rank, avatar, name, points and badge), coloured buttons."""
    h, w = grid.shape[:2]
    width, height = (int(1.9 * w), int(1.7 * h)) if beside else (int(1.1 * w), int(2.3 * h))
    writer = Image.new("RGB", (width, height), rng.choice(((24, 40, 90), (35, 35, 45))))
    draw = ImageDraw.Draw(writer)
    big, small = font("dejavu-sans-bold", height // 22), font("dejavu-sans", height // 45)
    bar = height // 12
    draw.rectangle((0, 0, width, bar), fill=(0, 120, 215))
    draw.text((width // 20, bar // 4), f"{rng.randint(0, 1)}:{rng.randint(0, 59):02}",
              font=big, fill=(255, 255, 255))
    draw.text((width // 2, bar // 3), f"SCORE {rng.randint(0, 3000):,}", font=small,
              fill=(255, 255, 255))
    draw.rectangle((0, bar + 8, width, 2 * bar), fill=(230, 120, 0))
    draw.text((width // 20, bar + bar // 4), "TOURNAMENT  ROUND 3 OF 8  1,024 PLAYERS",
              font=small, fill=(255, 255, 255))
    x, y = (width // 40, int(2.3 * bar)) if beside else ((width - w) // 2, int(2.3 * bar))
    board_box = (x + w + width // 40, y) if beside else (width // 20, y + h + height // 40)
    leaderboard(draw, board_box, (width - board_box[0] - width // 40, height - board_box[1]),
                rng)
    canvas = cv2.cvtColor(np.asarray(writer), cv2.COLOR_RGB2BGR)
    canvas[y:y + h, x:x + w] = grid
    return canvas, (x, y, w, h)


def leaderboard(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: tuple[int, int],
                rng: random.Random) -> None:
    """Draw leaderboard rows (rank, square avatar with an initial, name, points, level badge)
    down a box, then a row of coloured buttons at its foot."""
    (x, y), (width, height) = at, size
    row = max(16, min(height // 11, width // 9))
    text = font("dejavu-sans", row // 2)
    for k in range(max(1, (height - 2 * row) // row)):
        top = y + k * row
        draw.rectangle((x, top, x + width, top + row - 3), fill=(60 + 12 * (k % 2),) * 3)
        draw.text((x + 4, top + row // 5), str(k + 1), font=text, fill=(255, 255, 255))
        draw.rectangle((x + row, top + 3, x + 2 * row - 6, top + row - 6), fill=FACES[k % 5])
        draw.text((x + row + row // 5, top + row // 6), rng.choice(string.ascii_uppercase),
                  font=text, fill=(255, 255, 255))
        draw.text((x + 2 * row + 4, top + row // 5), "".join(rng.choice("abcdeilmnorstu")
                  for _ in range(rng.randint(3, 6))), font=text, fill=(230, 230, 230))
        draw.text((x + width - 2.8 * row, top + row // 5), f"{rng.randint(10, 999)}", font=text,
                  fill=(255, 220, 90))
        draw.rectangle((x + width - row, top + 3, x + width - 6, top + row - 6),
                       fill=FACES[(k + 2) % 5])
    for k in range(4):  # the buttons
        left = x + k * width // 4
        draw.rounded_rectangle((left + 4, y + height - 2 * row, left + width // 4 - 4,
                                y + height - row // 2), row // 3, fill=FACES[k])


def degrade(image: np.ndarray, rng: random.Random, noise: float = 0.0, jpeg: int = 0,
            scale: float = 1.0) -> np.ndarray:
    """Return the image rescaled, with Gaussian noise of this sigma, then JPEG-compressed."""
    out = image
    if scale != 1.0:
        out = cv2.resize(out, None, fx=scale, fy=scale,
                         interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)
    if noise:
        grain = np.random.default_rng(rng.randrange(1 << 30)).normal(0, noise, out.shape)
        out = np.clip(out + grain, 0, 255).astype(np.uint8)
    if jpeg:
        _, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, jpeg])
        out = decoded(data)
    return out


def decoded(data: np.ndarray) -> np.ndarray:
    """Return the BGR image an encoded image's bytes hold (failing the test when none)."""
    image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    assert image is not None, "an image we encoded does not decode"
    return image


SPECIALS = ("QU", "TH", "ER", "IN", "VE", "CH", "A/E", "U/L", "RE-", "DE-", "-ED", "-Y", "-ING")


def example(seed: int, special: bool = True) -> tuple[list[str], list[int]]:
    """Return random Wordament tiles (one special tile, if asked) and their usual values."""
    rng = random.Random(seed)
    tiles = [rng.choice("AAEEEIIOOUNNRRSSTTLLDGBCMPFHVWYKJXQZ") for _ in range(16)]
    tiles = [t if t != "Q" else "QU" for t in tiles]
    if special:
        tiles[rng.randrange(16)] = rng.choice(SPECIALS)
    return tiles, [WORDAMENT.tile_value(t) or 1 for t in tiles]


TRAPS = "LTHNIJFEKMWBDPR"  # letters a "1" at their left could pass for an I beside
PHONE_SPECIALS = ("TH", "QU", "ER", "IN", "ST", "U/L", "E/S", "O/N", "RE-", "UN-", "-ING", "-ED")


def phone_example(seed: int) -> tuple[list[str], list[int]]:
    """Return random tiles of the phone app (half of them the stray-I trap letters, three
    special: two letters, either/or, prefix or suffix) and values of 1 or 11 on most."""
    rng = random.Random(seed)
    tiles = [rng.choice(TRAPS) if rng.random() < 0.5 else rng.choice("AEIOUSRNTLCGY")
             for _ in range(16)]
    for spot in rng.sample(range(16), 3):
        tiles[spot] = rng.choice(PHONE_SPECIALS)
    return tiles, [rng.choice((1, 11, 1, 11, 2, 4, 10, 12, 20)) for _ in tiles]


EXAMPLE = (["E", "M", "T", "D", "U/L", "R", "E", "W", "I", "P", "D", "E", "P", "O", "E", "M"],
           [1, 4, 2, 3, 20, 2, 1, 6, 2, 4, 3, 1, 4, 2, 1, 4])


def main(out: str) -> None:
    """Draw the bundled example: the README's board in the Windows app's look, on a desktop
    with other windows around it."""
    grid = board(*EXAMPLE, replace(WIN8, font="carlito"), tile=84)
    image, _ = scene(grid, "desktop", random.Random(5))
    cv2.imwrite(out, image)
    print(f"render: {Path(out)}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
