"""Draw Wordfeud-style screenshots for the tests (no ../shared needed), with known contents.

A Position says what is on the board and rack; `screenshot` draws it the way the game does: a
dark phone screen with a header, a 15x15 board of dark squares with thin darker gaps, coloured
premium squares labelled 2L 3L 2W 3W (or LD LT MD MT), cream tiles with a letter and a small
value in the top-right corner (none on a blank), the last move tinted yellow, tiles on premium
squares tinted with the premium's colour and its label showing faintly, and a rack of big tiles
below. The letters are drawn in another font than the reader's templates (Noto Sans Mono), so
the tests also show that the reader copes with a font that is not exactly the game's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from assistant.core.rules import WORDFEUD_LAYOUT, layout_rows
from tests.render import decoded

SIZE = 15
ENGLISH_VALUES = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                          (1, 4, 4, 2, 1, 4, 3, 4, 1, 10, 5, 1, 3, 1, 1, 4, 10, 1, 1, 1, 2, 4, 4,
                           8, 4, 10), strict=True))

# RGB colours of the screen, the board's gaps, its empty squares and the rack's bar, by theme
THEMES = {"dark": ((44, 48, 62), (22, 24, 31), (41, 45, 54), (26, 28, 36)),
          "light": ((236, 236, 240), (170, 172, 180), (214, 216, 222), (160, 162, 170))}
TILE, RECENT = (241, 237, 232), (240, 232, 140)
PREMIUM_COLOURS = {"DL": (93, 150, 111), "TL": (57, 104, 170), "DW": (214, 127, 40),
                   "TW": (138, 48, 56)}
LABELS = {"en": {"DL": "2L", "TL": "3L", "DW": "2W", "TW": "3W"},
          "fr": {"DL": "LD", "TL": "LT", "DW": "MD", "TW": "MT"}}
# Not the reader's template fonts: Noto Sans Mono draws an M unlike Wordfeud's (middle short).
LETTER_FONT = "NotoSansMono-Regular.ttf"
VALUE_FONT, LABEL_FONT = "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"


@dataclass
class Position:
    """What a screenshot shows: board rows ('.' empty, A-Z, a-z a blank), rack, layout, recent."""

    board: list[str]
    rack: str
    layout: list[list[str]] = field(default_factory=lambda: standard_layout())
    recent: set[tuple[int, int]] = field(default_factory=set)
    language: str = "en"
    theme: str = "dark"
    values: dict[str, int] = field(default_factory=lambda: ENGLISH_VALUES)  # printed on tiles
    rack_look: str = "phone"  # "phone": big tiles across; "tray": the older (2012) look's,
    # board-sized tiles centred on a tray; in the rack, '?' is a blank, '_' an empty slot
    letter_font: str = LETTER_FONT
    baseline: bool = False  # letters on a baseline, as the app draws them (else centred by ink)

    def premium(self, row: int, col: int) -> str | None:
        """Return the premium drawn on an empty square (None for a plain one)."""
        token = self.layout[row][col]
        return None if token == "." else {"*": "start"}.get(token, token)


def standard_layout() -> list[list[str]]:
    """Return Wordfeud's standard layout as 15 rows of tokens (. DL TL DW TW *)."""
    return layout_rows(WORDFEUD_LAYOUT)


def random_layout(seed: int) -> list[list[str]]:
    """Return a random layout like Wordfeud's random boards (centre '*' kept)."""
    rng = random.Random(seed)
    counts = {"DL": 24, "TL": 16, "DW": 12, "TW": 8}
    tokens = [t for t, n in counts.items() for _ in range(n)]
    tokens += ["."] * (SIZE * SIZE - len(tokens))
    rng.shuffle(tokens)
    rows = [tokens[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]
    rows[7][7] = "*"
    return rows


def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    """Return a font by file name (Pillow searches the system font folders)."""
    return ImageFont.truetype(name, max(4, size))


def centred(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], text: str,
            face: ImageFont.FreeTypeFont, fill: tuple[int, ...]) -> None:
    """Draw text centred (by its ink) in a box."""
    left, top, right, bottom = draw.textbbox((0, 0), text, font=face)
    x = (box[0] + box[2] - (right - left)) / 2 - left
    y = (box[1] + box[3] - (bottom - top)) / 2 - top
    draw.text((x, y), text, font=face, fill=fill)


def on_line(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], text: str,
            face: ImageFont.FreeTypeFont, fill: tuple[int, ...]) -> None:
    """Draw text centred across a box, on the baseline that centres an H in it."""
    top, bottom = draw.textbbox((0, 0), "H", font=face)[1::2]
    width = draw.textbbox((0, 0), text, font=face)
    x = (box[0] + box[2] - (width[2] - width[0])) / 2 - width[0]
    y = (box[1] + box[3] - (bottom - top)) / 2 - top
    draw.text((x, y), text, font=face, fill=fill)


def mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, ...]:
    """Return the colour t of the way from a to b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def draw_tile(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], letter: str,
              value: int | None, ground: tuple[int, ...], faint: str | None = None,
              letter_font: str = LETTER_FONT, baseline: bool = False) -> None:
    """Draw one tile: rounded cream square, letter, value in the top-right corner."""
    side = box[2] - box[0]
    draw.rounded_rectangle(box, radius=side * 0.08, fill=ground)
    if faint:
        centred(draw, box, faint, font(LABEL_FONT, round(side * 0.3)), mix(ground, (255,) * 3, 0.5))
    if letter:
        glyph_box = (box[0] + 0.1 * side, box[1] + 0.16 * side, box[0] + 0.64 * side,
                     box[1] + 0.84 * side)
        face = font(letter_font, round(side * 0.64))
        if baseline:  # placed where an H would be centred: marks (Å Ä) rise above the caps
            on_line(draw, glyph_box, letter, face, (10, 10, 10))
        else:
            centred(draw, glyph_box, letter, face, (10, 10, 10))
    if value is not None:  # right-aligned in the top-right corner, clear of the letter
        face = font(VALUE_FONT, round(side * 0.25))
        right = draw.textbbox((0, 0), str(value), font=face)[2]
        draw.text((box[2] - 0.06 * side - right, box[1] + 0.03 * side), str(value), font=face,
                  fill=(20, 20, 20))


def draw_board(draw: ImageDraw.ImageDraw, position: Position, left: float, top: float,
               pitch: float) -> None:
    """Draw the board with its top-left corner at (left, top) and cells pitch pixels apart."""
    gap = max(1.0, 0.055 * pitch)
    draw.rectangle((left, top, left + SIZE * pitch, top + SIZE * pitch),
                   fill=THEMES[position.theme][1])
    for r in range(SIZE):
        for c in range(SIZE):
            box = (left + c * pitch + gap / 2, top + r * pitch + gap / 2,
                   left + (c + 1) * pitch - gap / 2, top + (r + 1) * pitch - gap / 2)
            draw_square(draw, position, r, c, box)


def draw_square(draw: ImageDraw.ImageDraw, position: Position, r: int, c: int,
                box: tuple[float, float, float, float]) -> None:
    """Draw one board square: a tile, a premium square, the start square or an empty one."""
    side = box[2] - box[0]
    letter, premium = position.board[r][c], position.premium(r, c)
    label = LABELS[position.language]
    if letter != ".":
        ground: tuple[int, ...] = RECENT if (r, c) in position.recent else TILE
        if premium in PREMIUM_COLOURS:
            ground = mix(ground, PREMIUM_COLOURS[premium], 0.18)
        faint = label.get(premium) if premium in PREMIUM_COLOURS else None
        value = None if letter.islower() else position.values.get(letter, 8)
        draw_tile(draw, box, letter.upper(), value, ground, faint, position.letter_font,
                  position.baseline)
    elif premium in PREMIUM_COLOURS:
        draw.rounded_rectangle(box, radius=side * 0.08, fill=PREMIUM_COLOURS[premium])
        centred(draw, box, label[premium], font(LABEL_FONT, round(side * 0.3)), (255, 255, 255))
    else:
        draw.rounded_rectangle(box, radius=side * 0.08, fill=THEMES[position.theme][2])
        if premium == "start":
            centred(draw, box, "★", font("DejaVuSans.ttf", round(side * 0.6)), (90, 96, 110))


def draw_rack(draw: ImageDraw.ImageDraw, rack: str, width: int, top: float,
              bar: tuple[int, ...], values: dict[str, int] = ENGLISH_VALUES,
              position: Position | None = None, board_pitch: float = 0) -> None:
    """Draw the rack: up to seven big tiles across the screen, on a bar (or, in the "tray"
    look, tiles the size of the board's centred on a rounded tray); '_' is an empty slot."""
    tray = position is not None and position.rack_look == "tray"
    pitch = board_pitch if tray else width / 7
    left = (width - 7 * pitch) / 2
    if tray:
        draw.rounded_rectangle((left - 0.1 * pitch, top - 0.1 * pitch, left + 7.1 * pitch,
                                top + 1.04 * pitch), radius=0.15 * pitch, fill=bar,
                               outline=(70, 74, 86), width=max(1, round(0.03 * pitch)))
    else:
        draw.rectangle((0, top - 0.05 * pitch, width, top + pitch), fill=bar)
    for i, letter in enumerate(rack):
        if letter == "_":
            continue
        box = (left + i * pitch + 0.03 * pitch, top, left + (i + 1) * pitch - 0.03 * pitch,
               top + 0.94 * pitch)
        value = None if letter == "?" else values[letter]
        draw_tile(draw, box, "" if letter == "?" else letter, value, TILE, None,
                  *((position.letter_font, position.baseline) if position else ()))


def screenshot(position: Position, width: int = 1080, height: int = 2160) -> np.ndarray:
    """Return a phone screenshot (BGR) showing the position, sized width x height."""
    image = Image.new("RGB", (width, height), THEMES[position.theme][0])
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, 0.06 * height), fill=(30, 33, 42))
    for left in (0.15 * width, 0.75 * width):  # the players' avatars: light squares, no letter
        side, top = 0.09 * width, 0.02 * height
        draw.rectangle((left, top, left + side, top + side), fill=(200, 200, 204))
        draw.ellipse((left + 0.3 * side, top + 0.15 * side, left + 0.7 * side, top + 0.55 * side),
                     fill=(240, 240, 240))
    draw.text((0.05 * width, 0.14 * height), "Your turn - opponent played 27 points",
              font=font("DejaVuSans.ttf", round(0.03 * width)), fill=(220, 220, 220))
    pitch = (width - 12) / SIZE
    tray = position.rack_look == "tray"  # a tablet: the board higher, the rack just below
    board_top = (0.11 if tray else 0.22) * height
    draw_board(draw, position, 6, board_top, pitch)
    draw_rack(draw, position.rack, width,
              board_top + SIZE * pitch + (0.6 * pitch if tray else 0.06 * height),
              THEMES[position.theme][3], position.values, position, pitch)
    return cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)


def jpeg(frame: np.ndarray, quality: int) -> np.ndarray:
    """Return the frame after a round trip through JPEG at this quality."""
    return decoded(cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, quality])[1])


def noisy(frame: np.ndarray, sigma: float, seed: int = 0) -> np.ndarray:
    """Return the frame with Gaussian noise of this standard deviation."""
    noise = np.random.default_rng(seed).normal(0, sigma, frame.shape)
    return np.clip(frame + noise, 0, 255).astype(np.uint8)


def scaled(frame: np.ndarray, factor: float) -> np.ndarray:
    """Return the frame resized by a factor (area averaging when shrinking)."""
    interpolation = cv2.INTER_AREA if factor < 1 else cv2.INTER_CUBIC
    return cv2.resize(frame, None, fx=factor, fy=factor, interpolation=interpolation)


# A mid-game position (an English game; b and e are blanks; SEVEN is the last move).
MIDGAME = Position(
    board=["...............",
           "...............",
           "...........Q...",
           "..........JUMP.",
           "...........I...",
           ".....FAX...Z...",
           "......G....Z...",
           "......HEDONIC..",
           "......A..W.b...",
           "......S..O.....",
           ".....KEY.K.....",
           "......N..SEVeN.",
           "...............",
           "...............",
           "..............."],
    rack="RTLW?AI",
    recent={(11, 9), (11, 10), (11, 11), (11, 12), (11, 13)},
)
