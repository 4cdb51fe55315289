"""Draw Words With Friends screenshots for the tests (no ../shared needed), with known contents.

A Position (tests.wordfeud_draw's: board rows, '.' empty, A-Z, a-z a blank; rack; the squares of
the last move) is drawn the way the phone app does, in its 2014 look ("v1") or its later one
("v2"): a blue header, a 15x15 board of light grey rounded squares on a blue-grey ground, the
premium squares of WWF's fixed layout coloured and labelled (DL blue, TL green, DW red, TW
orange: the colours measured on the real screenshots), played tiles as one gold area with dark
brown letters and a small value in the top-right corner (none on a blank), a tile on a premium
square tinted by it with its label showing faintly, the last move in white letters with a red
score badge on its last tile, and a rack of big gold tiles below. The letters are drawn in
Liberation Sans Bold by default, or in any font given.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np
from PIL import Image, ImageDraw

from assistant.core.rules import WWF, WWF_LAYOUT, layout_rows
from tests.wordfeud_draw import Position, centred, font, mix

SIZE = 15
LAYOUT = layout_rows(WWF_LAYOUT)
PREMIUM_COLOURS = {"DL": (10, 133, 198), "TL": (112, 170, 90), "DW": (188, 90, 80),
                   "TW": (226, 153, 62)}  # RGB, as measured on the real screenshots
TILE, INK, WHITE = (240, 187, 65), (66, 34, 14), (255, 255, 255)
SQUARE, BADGE = (209, 213, 220), (222, 22, 30)
# The game draws Helvetica Bold; its closest free kin is Arial's metric twin, Liberation Sans
# Bold (one of the reader's two template fonts: these drawings test the look, not the font).
# Fonts of other kinds (held out from the templates) test that a letter unlike the game's is
# uncertain, never misread.
LIBERATION_BOLD = "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf"
HELD_OUT = {"cantarell-bold": "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf",
            "dejavu-sans-bold": "DejaVuSans-Bold.ttf", "open-sans-bold": "OpenSans-Bold.ttf"}
VALUE_FONT = "DejaVuSans.ttf"
LABEL_FONT = "DejaVuSans-Bold.ttf"


@dataclass(frozen=True)
class Look:
    """The colours of one version of the app: the screen's ground, the board's, the bars'."""

    ground: tuple[int, int, int]
    board: tuple[int, int, int]
    bar: tuple[int, int, int]


LOOKS = {"v1": Look((178, 196, 210), (167, 188, 203), (40, 121, 188)),
         "v2": Look((226, 232, 238), (213, 223, 234), (44, 128, 196))}


def premium(row: int, col: int) -> str:
    """Return the premium of a square in WWF's layout ('' for none, '*' the start)."""
    token = LAYOUT[row][col]
    return "" if token == "." else token


def draw_square(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
                kind: str) -> None:
    """Draw an empty square: light grey with a lighter top edge, or a labelled premium."""
    side = box[2] - box[0]
    colour = PREMIUM_COLOURS.get(kind, SQUARE)
    draw.rounded_rectangle(box, radius=0.2 * side, fill=mix(colour, (120, 130, 140), 0.3))
    inner = (box[0] + 0.03 * side, box[1] + 0.06 * side, box[2] - 0.03 * side,
             box[3] - 0.04 * side)
    draw.rounded_rectangle(inner, radius=0.18 * side, fill=colour)
    if kind in PREMIUM_COLOURS:
        centred(draw, box, kind, font(LABEL_FONT, round(0.36 * side)), WHITE)
    elif kind == "*":  # the start square: a small star
        centred(draw, box, "★", font("DejaVuSans.ttf", round(0.5 * side)), (150, 156, 166))


def draw_tile(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], letter: str,
              value: int | None, ground: tuple[int, ...], ink: tuple[int, ...],
              letters: str, faint: str = "", size: float = 0.7) -> None:
    """Draw one gold tile: its letter, its value in the top-right corner, a faint label."""
    side = box[2] - box[0]
    draw.rounded_rectangle(box, radius=0.1 * side, fill=ground)
    if faint:
        centred(draw, box, faint, font(LABEL_FONT, round(0.36 * side)), mix(ground, WHITE, 0.15))
    glyph = (box[0] + 0.1 * side, box[1] + 0.3 * side, box[0] + 0.87 * side,
             box[1] + 0.81 * side)  # where the real app's capitals are
    centred(draw, glyph, letter, font(letters, round(size * side)), ink)
    if value is not None:
        face = font(VALUE_FONT, round(0.24 * side))
        right = draw.textbbox((0, 0), str(value), font=face)[2]
        draw.text((box[2] - 0.07 * side - right, box[1] + 0.02 * side), str(value), font=face,
                  fill=ink)


def draw_board(draw: ImageDraw.ImageDraw, position: Position, top: float, pitch: float,
               look: Look, letters: str) -> None:
    """Draw the board with cells pitch pixels apart, its top edge at `top`."""
    draw.rectangle((0, top, SIZE * pitch, top + SIZE * pitch), fill=look.board)
    for r in range(SIZE):
        for c in range(SIZE):
            box = (c * pitch + 0.04 * pitch, top + r * pitch + 0.04 * pitch,
                   (c + 1) * pitch - 0.04 * pitch, top + (r + 1) * pitch - 0.04 * pitch)
            if position.board[r][c] == ".":
                draw_square(draw, box, premium(r, c))
    for r in range(SIZE):  # tiles after squares: one gold area, each tile a whole pitch
        for c in range(SIZE):
            if position.board[r][c] != ".":
                cell = (c * pitch, top + r * pitch, (c + 1) * pitch, top + (r + 1) * pitch)
                board_tile(draw, position, r, c, cell, letters)


def board_tile(draw: ImageDraw.ImageDraw, position: Position, r: int, c: int,
               cell: tuple[float, float, float, float], letters: str) -> None:
    """Draw the tile on square (r, c): tinted on a premium, white letters if just played."""
    letter, kind = position.board[r][c], premium(r, c)
    ground = mix(TILE, PREMIUM_COLOURS[kind], 0.25) if kind in PREMIUM_COLOURS else TILE
    recent = (r, c) in position.recent
    value = None if letter.islower() else WWF.letter_values.get(letter, 4)
    faint = kind if kind in PREMIUM_COLOURS else ""
    draw_tile(draw, cell, letter.upper(), value, ground, WHITE if recent else INK, letters, faint)
    if recent and (r, c) == max(position.recent):  # the score badge on the last tile
        side = cell[2] - cell[0]
        disc = (cell[2] - 0.36 * side, cell[3] - 0.36 * side, cell[2] + 0.06 * side,
                cell[3] + 0.06 * side)
        draw.ellipse(disc, fill=BADGE)
        centred(draw, disc, "21", font(LABEL_FONT, round(0.26 * side)), WHITE)


def draw_rack(draw: ImageDraw.ImageDraw, rack: str, width: int, top: float, look: Look,
              letters: str) -> None:
    """Draw the rack: up to seven big gold tiles with a darker rim, on a bar."""
    pitch = width / 7
    draw.rectangle((0, top - 0.06 * pitch, width, top + 1.02 * pitch),
                   fill=mix(look.bar, (20, 40, 60), 0.4))
    for i, letter in enumerate(rack):
        box = (i * pitch + 0.02 * pitch, top, (i + 1) * pitch - 0.02 * pitch, top + 0.96 * pitch)
        draw.rounded_rectangle(box, radius=0.14 * pitch, fill=(196, 132, 30))
        face = (box[0] + 0.05 * pitch, box[1] + 0.05 * pitch, box[2] - 0.05 * pitch,
                box[3] - 0.07 * pitch)
        value = None if letter == "?" else WWF.letter_values[letter]
        draw_tile(draw, face, "" if letter == "?" else letter, value, TILE, INK, letters, size=0.74)


def draw_glossy_rack(image: Image.Image, rack: str, left: float, top: float, side: float,
                     letters: str) -> None:
    """Draw WWF2's desktop rack: glossy orange tiles nearly touching, shaded light at the top
    to dark at the bottom, a glaze on the top half, a darker rim, big letters and the value
    small in the corner."""
    draw = ImageDraw.Draw(image)
    for i, letter in enumerate(rack):
        x = left + i * side * 1.02
        tile = Image.new("RGB", (round(side), round(side)))
        shade = ImageDraw.Draw(tile)
        for y in range(tile.height):  # light orange at the top to a deep one at the bottom
            shade.line((0, y, tile.width, y), fill=mix((250, 196, 112), (214, 120, 40),
                                                         y / tile.height))
        mask = Image.new("L", tile.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, tile.width - 1, tile.height - 1),
                                               radius=0.18 * side, fill=255)
        image.paste(tile, (round(x), round(top)), mask)
        gloss = Image.new("RGB", tile.size, (255, 236, 200))  # a bright glaze on the top half
        glaze = Image.new("L", tile.size, 0)
        ImageDraw.Draw(glaze).ellipse((0.08 * side, 0.04 * side, 0.92 * side, 0.5 * side),
                                      fill=110)
        image.paste(gloss, (round(x), round(top)), glaze)
        draw.rounded_rectangle((x, top, x + side, top + side), radius=0.18 * side,
                               outline=(170, 90, 30), width=max(1, round(0.03 * side)))
        draw.line((x + 0.2 * side, top + 0.06 * side, x + 0.8 * side, top + 0.06 * side),
                  fill=(255, 230, 180), width=max(1, round(0.03 * side)))  # the gloss
        if letter != "?":
            centred(draw, (x + 0.12 * side, top + 0.2 * side, x + 0.82 * side,
                           top + 0.84 * side), letter, font(letters, round(0.72 * side)), INK)
            value = str(WWF.letter_values[letter])
            face = font(VALUE_FONT, round(0.2 * side))
            right = draw.textbbox((0, 0), value, font=face)[2]
            draw.text((x + 0.92 * side - right, top + 0.04 * side), value, font=face, fill=INK)


def desktop_window(position: Position, width: int = 2000, height: int = 1500,
                   letters: str = LIBERATION_BOLD) -> np.ndarray:
    """Return a desktop app's window (BGR): WWF2 on a Mac, the board a small part of it, a
    panel and an ad beside it, and a glossy rack below the board."""
    image = Image.new("RGB", (width, height), (236, 236, 238))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, 0.05 * height), fill=(214, 214, 218))  # the title bar
    draw.rectangle((0, 0.05 * height, 0.72 * width, 0.17 * height), fill=(60, 120, 200))
    draw.rectangle((0.72 * width, 0.05 * height, width, height), fill=(250, 250, 252))
    draw.rectangle((0.74 * width, 0.62 * height, 0.98 * width, 0.9 * height), fill=(40, 60, 90))
    centred(draw, (0.74 * width, 0.62 * height, 0.98 * width, 0.7 * height), "Buy now",
            font("DejaVuSans-Bold.ttf", round(0.03 * width)), WHITE)
    board_width = 0.34 * width
    left, top = 0.2 * width, 0.24 * height
    board = Image.fromarray(cv2.cvtColor(screenshot(replace(position, rack=""),
                                                    round(board_width), round(2 * board_width),
                                                    "v2", letters), cv2.COLOR_BGR2RGB))
    pitch = board_width / SIZE
    board_top = 0.26 * 2 * board_width  # where screenshot() draws the board
    image.paste(board.crop((0, round(board_top), round(board_width),
                            round(board_top + board_width))), (round(left), round(top)))
    side = 1.95 * pitch
    draw_glossy_rack(image, position.rack, left + (board_width - 7 * 1.02 * side) / 2,
                     top + board_width + 1.2 * pitch, side, letters)
    draw.rectangle((0, top + board_width + 3.4 * pitch, 0.72 * width, height), fill=(60, 120, 200))
    return cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)


def screenshot(position: Position, width: int = 720, height: int = 1280,
               version: str = "v1", letters: str = LIBERATION_BOLD) -> np.ndarray:
    """Return a phone screenshot (BGR) of a WWF game showing the position, in one look, its
    letters drawn in a font (a file name)."""
    look = LOOKS[version]
    image = Image.new("RGB", (width, height), look.ground)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, 0.04 * height), fill=(30, 30, 30))
    draw.rectangle((0, 0.04 * height, width, 0.115 * height), fill=look.bar)
    centred(draw, (0, 0.04 * height, width, 0.115 * height), "Opponent played WEE for 21",
            font("DejaVuSans-Bold.ttf", round(0.04 * width)), WHITE)
    if version == "v2":  # the box saying what was played last, above the board
        box = (0.03 * width, 0.18 * height, 0.97 * width, 0.24 * height)
        draw.rounded_rectangle(box, radius=0.01 * width, fill=(250, 250, 252))
        centred(draw, box, "You played DORK for 30 points",
                font("DejaVuSans.ttf", round(0.035 * width)), (90, 90, 100))
    pitch = width / SIZE
    top = 0.26 * height
    draw_board(draw, position, top, pitch, look, letters)
    draw_rack(draw, position.rack, width, top + SIZE * pitch + 0.025 * height, look, letters)
    draw.rectangle((0, 0.93 * height, width, height), fill=look.bar)
    return cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)


# A mid-game position: e and g are blanks; WEE is the last move (white letters, a badge).
MIDGAME = Position(
    board=["...EMAIL.......",
           ".....SNOBS.....",
           ".......BAH....G",
           ".......ETA...NA",
           "........T...FIT",
           "......CHIP.WAX.",
           "........ER.OY..",
           ".....L.GRAPeS..",
           "....JEER.T.....",
           ".....NAIVER....",
           ".....TUNE......",
           ".......DEW.....",
           "........RE..Q..",
           ".........E..U..",
           "............Ag."],
    rack="LZHSEUA",
    recent={(11, 9), (12, 9), (13, 9)},
)
