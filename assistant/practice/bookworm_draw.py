"""The practice Bookworm window's drawing: the tiles in every state, the word bar, the buttons,
Lex and the enemy, on a Tk canvas (passed in; nothing here opens a window).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

from . import bookworm_rules as R
from .bookworm import (
    ATTACK,
    GRID_LEFT,
    GRID_TOP,
    MENU,
    PITCH,
    SCRAMBLE,
    WINDOW,
    WORD_BAR,
    Box,
    Button,
    button_box,
    centre,
    tile_box,
    word_boxes,
)

HEART, HEART_EMPTY = "#e61e28", "#1e2878"
WOOD, WOOD_DARK, WELL, GOLD = "#6b4a1a", "#2a1a08", "#3b2a12", "#c8a040"
FONTS = ("URW Bookman", "C059", "P052", "DejaVu Serif")  # bold serifs like the game's Bookman
INK = "#000000"
PARCHMENT = ("#fff0af", "#d2b978", "#fffbe0")  # face, edge, highlight
FACES = {  # a state's face colour, edge, and the colour of its facets or marks
    "normal": PARCHMENT[:2] + ("",), "locked": PARCHMENT[:2] + ("",),
    "fire": PARCHMENT[:2] + ("#ff6a00",),
    "warped": ("#6ed2d2", "#2d7882", "#2d6e8c"),
    "smashed": ("#a09b96", "#6e6a66", "#605b57"),
    "plagued": ("#aad228", "#5a781e", "#d2eb78"),
    "amethyst": ("#963cc8", "#5a1e82", "#b45ae6"),
    "emerald": ("#3cb43c", "#1e6e1e", "#5ad25a"),
    "sapphire": ("#1e5ac8", "#0f3278", "#3c78e6"),
    "garnet": ("#f07828", "#a04a10", "#ff9a50"),
    "ruby": ("#c81e3c", "#780a1e", "#e63c5a"),
    "crystal": ("#ffb4f0", "#b478aa", "#f096e1"),
    "diamond": ("#f5f5f5", "#a0a0aa", "#ffffff"),
}
RAINBOW = ("#e6281e", "#f08c1e", "#f0dc28", "#3cb43c", "#2864dc", "#8c3cc8")
COIN_COLOURS = {"bronze": "#b4703a", "silver": "#c8c8d2", "gold": "#f0c81e"}
GEMS = frozenset(R.GEM_PERCENT)
PAPER = frozenset({"normal", "locked", "fire"})  # states drawn on parchment


def heart_points(x: float, y: float, size: float) -> list[tuple[float, float]]:
    """Return the outline of a heart in a square of the given size at (x, y)."""
    steps = [2 * math.pi * k / 32 for k in range(32)]
    curve = [(16 * math.sin(t) ** 3, -(13 * math.cos(t) - 5 * math.cos(2 * t)
              - 2 * math.cos(3 * t) - math.cos(4 * t))) for t in steps]
    return [(x + size * (0.5 + cx / 34), y + size * (0.45 + cy / 34)) for cx, cy in curve]


def clip_right(points: list[tuple[float, float]], limit: float) -> list[tuple[float, float]]:
    """Return the polygon cut at x = limit, keeping the part to its left."""
    kept = []
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        if x0 <= limit:
            kept.append((x0, y0))
        if (x0 <= limit) != (x1 <= limit):
            kept.append((limit, y0 + (y1 - y0) * (limit - x0) / (x1 - x0)))
    return kept


def font_family(root: Any) -> str:
    """Return the first of FONTS that Tk has, else a serif it always has."""
    from tkinter import font

    families = set(font.families(root))
    return next((family for family in FONTS if family in families), "Times")


def rect(canvas: Any, box: Box, fill: str, tags: tuple[str, ...], outline: str = "") -> None:
    """Draw a filled rectangle over a box."""
    x, y, w, h = box
    canvas.create_rectangle(x, y, x + w - 1, y + h - 1, fill=fill, outline=outline, tags=tags)


def draw_tile(canvas: Any, x: int, y: int, side: int, tile: R.Tile, family: str,
              tags: tuple[str, ...] = ("tiles",)) -> None:
    """Draw one tile: its bevelled face for its state, marks, letter, value coin, counter."""
    face, edge, mark = FACES[tile.state]
    bevel = max(2, round(0.09 * side))
    rect(canvas, (x, y, side, side), edge, tags)
    rect(canvas, (x + 1, y + 1, side - 2, side - 2), face, tags)
    inner = (x + bevel, y + bevel, side - 2 * bevel, side - 2 * bevel)
    rect(canvas, inner, "", tags, outline=edge)
    if tile.state in PAPER:
        canvas.create_line(x + 1, y + 1, x + side - 2, y + 1, fill=PARCHMENT[2], tags=tags)
        canvas.create_line(x + 1, y + 1, x + 1, y + side - 2, fill=PARCHMENT[2], tags=tags)
    MARKS.get(tile.state, draw_nothing)(canvas, x, y, side, mark, tags)
    if tile.text == R.RAINBOW:
        draw_rainbow(canvas, x, y, side, tags)
    if tile.state == "locked":
        draw_chains(canvas, x, y, side, tags)
    draw_letter(canvas, x, y, side, tile, family, tags)
    if tile.state in R.COUNTED:  # the counter stands where the coin would
        draw_counter(canvas, x, y, side, family, tags)
        return
    r, cx, cy = max(2, round(0.08 * side)), x + round(0.9 * side), y + round(0.9 * side)
    canvas.create_oval(cx - r, cy - r, cx + r, cy + r, fill=COIN_COLOURS[R.coin(tile)],
                       outline="#5a4020", tags=tags)


def draw_letter(canvas: Any, x: int, y: int, side: int, tile: R.Tile, family: str,
                tags: tuple[str, ...]) -> None:
    """Draw the tile's letter, its capitals centred on the face a little above the middle."""
    size = round((0.58 if len(tile.label) > 1 else 0.72) * side)
    baseline = y + 0.48 * side + 0.35 * size
    # anchor "s" puts the bottom of the line, the descent below the baseline, at the point
    canvas.create_text(x + side / 2, round(baseline) + descent(family, size), anchor="s",
                       text=tile.label, fill=INK, font=(family, -size, "bold"), tags=tags)


@functools.lru_cache(maxsize=64)
def descent(family: str, size: int) -> int:
    """Return the descent in pixels of the bold font of this family and pixel size."""
    from tkinter import font

    return int(font.Font(family=family, size=-size, weight="bold").metrics("descent"))


def draw_nothing(*_: Any) -> None:
    """Draw no marks (a plain tile)."""


def draw_facets(canvas: Any, x: int, y: int, side: int, colour: str,
                tags: tuple[str, ...]) -> None:
    """Draw a gem's cut: a lighter hexagon ring around a darker table."""
    cx, cy = x + side / 2, y + side / 2
    for radius, fill in ((0.46, colour), (0.28, "")):
        points = [(cx + radius * side * math.cos(math.radians(a + 30)),
                   cy + radius * side * math.sin(math.radians(a + 30))) for a in range(0, 360, 60)]
        canvas.create_polygon(points, fill=fill, outline=colour if not fill else "", width=2,
                              tags=tags)


def draw_cracks(canvas: Any, x: int, y: int, side: int, colour: str,
                tags: tuple[str, ...]) -> None:
    """Draw the cracks of a smashed stone tile."""
    for path in (((0.08, 0.2), (0.3, 0.25), (0.38, 0.08)), ((0.62, 0.92), (0.7, 0.72),
                                                              (0.92, 0.66))):
        canvas.create_line([(x + u * side, y + v * side) for u, v in path], fill=colour,
                           width=2, tags=tags)


def draw_blotches(canvas: Any, x: int, y: int, side: int, colour: str,
                  tags: tuple[str, ...]) -> None:
    """Draw the pale blotches of a plagued tile."""
    for u, v, r in ((0.22, 0.2, 0.12), (0.75, 0.25, 0.1), (0.2, 0.75, 0.1), (0.6, 0.62, 0.08),
                    (0.45, 0.12, 0.07), (0.8, 0.55, 0.05), (0.35, 0.45, 0.05)):
        cx, cy, rr = x + u * side, y + v * side, r * side
        spot = colour if r > 0.06 else "#6ea01e"  # pale blotches, small dark green spots
        canvas.create_oval(cx - rr, cy - rr, cx + rr, cy + rr, fill=spot, outline="",
                           tags=tags)


def draw_flames(canvas: Any, x: int, y: int, side: int, colour: str,
                tags: tuple[str, ...]) -> None:
    """Draw a burning tile: a glowing rim and flames licking up from its bottom."""
    glow = max(3, round(0.1 * side))
    canvas.create_rectangle(x + 3, y + 3, x + side - 4, y + side - 4, outline=colour,
                            width=glow, tags=tags)
    tongues = 6
    width = (side - 4) / tongues
    for k in range(tongues):
        left = x + 2 + k * width
        tip = y + side * (0.42 + 0.12 * (k % 2))
        canvas.create_polygon((left, y + side - 3), (left + width / 2, tip),
                              (left + width, y + side - 3), fill=colour, outline="", tags=tags)
    canvas.create_rectangle(x + 2, y + side - 7, x + side - 3, y + side - 3, fill="#ffc81e",
                            outline="", tags=tags)


def draw_swirl(canvas: Any, x: int, y: int, side: int, colour: str,
               tags: tuple[str, ...]) -> None:
    """Draw the spiral of a warped tile."""
    cx, cy = x + side / 2, y + side / 2
    spiral = [(cx + 0.45 * side * (t / 40) * math.cos(t / 4), cy + 0.45 * side * (t / 40)
               * math.sin(t / 4)) for t in range(8, 41)]
    canvas.create_line(spiral, fill=colour, width=2, smooth=True, tags=tags)


def draw_rainbow(canvas: Any, x: int, y: int, side: int, tags: tuple[str, ...]) -> None:
    """Draw the rainbow wildcard's bands across its face."""
    band = (side - 4) / len(RAINBOW)
    for k, colour in enumerate(RAINBOW):
        top = y + 2 + k * band
        canvas.create_rectangle(x + 2, top, x + side - 3, top + band, fill=colour, outline="",
                                tags=tags)


def draw_chains(canvas: Any, x: int, y: int, side: int, tags: tuple[str, ...]) -> None:
    """Draw two grey chains crossing the tile corner to corner: links seen flat (rings) and
    edge on (bars), in turn."""
    links, inset = 8, 0.06 * side
    corners = ((x + inset, y + inset), (x + side - inset, y + side - inset),
               (x + side - inset, y + inset), (x + inset, y + side - inset))
    for (x0, y0), (x1, y1) in (corners[:2], corners[2:]):
        angle = math.atan2(y1 - y0, x1 - x0)
        for k in range(links + 1):
            cx, cy = x0 + (x1 - x0) * k / links, y0 + (y1 - y0) * k / links
            if k % 2 == 0:
                ring = ellipse_points(cx, cy, 0.085 * side, 0.05 * side, angle)
                canvas.create_polygon(ring, fill="", outline="#46464b", width=2, tags=tags)
                canvas.create_polygon(ring, fill="", outline="#b9b4b4", width=1, tags=tags)
            else:
                bar = ellipse_points(cx, cy, 0.08 * side, 0.02 * side, angle)
                canvas.create_polygon(bar, fill="#b4b0b0", outline="#46464b", tags=tags)


def ellipse_points(cx: float, cy: float, a: float, b: float,
                   angle: float) -> list[tuple[float, float]]:
    """Return the outline of an ellipse with half-axes a and b, turned by angle (radians)."""
    steps = [2 * math.pi * k / 16 for k in range(16)]
    cos, sin = math.cos(angle), math.sin(angle)
    return [(cx + a * math.cos(t) * cos - b * math.sin(t) * sin,
             cy + a * math.cos(t) * sin + b * math.sin(t) * cos) for t in steps]


def draw_counter(canvas: Any, x: int, y: int, side: int, family: str,
                 tags: tuple[str, ...]) -> None:
    """Draw the red turn counter, outlined in black, at the tile's lower right."""
    at, size = (x + 0.88 * side, y + 0.83 * side), -round(0.3 * side)
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        canvas.create_text(at[0] + dx, at[1] + dy, text="3", fill="#000000",
                           font=(family, size, "bold"), tags=tags)
    canvas.create_text(*at, text="3", fill="#ff0000", font=(family, size, "bold"), tags=tags)


MARKS: dict[str, Callable[..., None]] = {
    **dict.fromkeys(GEMS, draw_facets), "smashed": draw_cracks, "plagued": draw_blotches,
    "fire": draw_flames, "warped": draw_swirl,
}


def draw_scene(canvas: Any, family: str) -> None:
    """Draw what never changes: the stage, Lex, the panels, the grid's frame, the buttons."""
    width, height = WINDOW
    above = ("scene", "above")  # drawn over falling tiles: everything above the grid
    rect(canvas, (0, 0, width, height), WOOD_DARK, ("scene",))
    rect(canvas, (0, 0, width, 312), "#140a10", above)
    rect(canvas, (0, 250, width, 62), "#3a0e0e", above)
    rect(canvas, (0, 0, width, 30), "#2b1b0e", above)
    rect(canvas, (250, 34, 316, 24), "#c8a050", above)
    canvas.create_text(408, 46, text="Chapter 1: The Practice Arena", fill="#201000",
                       font=(family, -15, "bold"), tags=above)
    draw_lex(canvas, above)
    for k in range(5):
        canvas.create_polygon(heart_points(16 + 22 * k, 62, 20), fill=HEART, tags=above)
    rect(canvas, (0, 312, 296, 273), "#5a0a0a", ("scene",))
    rect(canvas, (524, 312, 292, 273), "#5a0a0a", ("scene",))
    for k, colour in enumerate(("#e03030", "#30c040", "#3080f0")):  # the potions
        canvas.create_rectangle(68 + 85 * k, 328, 82 + 85 * k, 345, fill="#c8c8d2",
                                outline=GOLD, tags=("scene",))
        canvas.create_oval(55 + 85 * k, 340, 95 + 85 * k, 395, fill=colour, outline=GOLD,
                           width=2, tags=("scene",))
    canvas.create_text(670, 360, text="Claw\n\nPeck\n\nScreech", fill="#e65a3c",
                       font=(family, -15), justify="center", tags=("scene",))
    canvas.create_text(670, 490, text="Practice: every word you spell\nhits the enemy.",
                       fill="#f0e0b0", font=(family, -14), width=250, tags=("scene",))
    draw_frame(canvas, above)
    rect(canvas, (0, 585, width, 53), "#2a1a0a", ("scene",))
    draw_button(canvas, SCRAMBLE, "#d04010", "#ffd040", "Scramble", family)
    draw_button(canvas, MENU, "#e0a820", "#402000", "Menu", family)


def draw_lex(canvas: Any, tags: tuple[str, ...]) -> None:
    """Draw Lex the bookworm: a green body, a head and round glasses."""
    for cx, cy, r in ((110, 280, 30), (140, 262, 32), (165, 235, 30)):
        canvas.create_oval(cx - r, cy - r, cx + r, cy + r, fill="#40c040", outline="",
                           tags=tags)
    canvas.create_oval(140, 160, 215, 240, fill="#50d050", outline="", tags=tags)
    for cx in (165, 195):
        canvas.create_oval(cx - 13, 175, cx + 13, 201, fill="#ffffff", outline="#c8a040",
                           width=3, tags=tags)
        canvas.create_oval(cx - 4, 184, cx + 4, 192, fill="#000000", tags=tags)
    canvas.create_arc(155, 195, 205, 228, start=200, extent=140, style="arc", width=3,
                      outline="#1e641e", tags=tags)
    canvas.create_polygon((178, 244), (160, 236), (160, 252), (196, 236), (196, 252),
                          fill="#c81e1e", outline="#640a0a", tags=tags)  # his bow tie


def draw_frame(canvas: Any, above: tuple[str, ...]) -> None:
    """Draw the wooden frame around the grid, the word bar in its top, and the cells' wells."""
    rect(canvas, (294, 288, 232, 50), WOOD, above, outline=GOLD)
    rect(canvas, (294, 338, 232, 222), WOOD, ("scene",), outline=GOLD)
    rect(canvas, (GRID_LEFT - 2, GRID_TOP, 4 * PITCH + 4, 4 * PITCH + 2), WOOD_DARK,
         ("scene",))
    for i in range(R.CELLS):
        rect(canvas, tile_box(i), WELL, ("scene",))
    rect(canvas, button_box(WORD_BAR), "#3a2810", above, outline=GOLD)


def draw_button(canvas: Any, button: Button, fill: str, ink: str, text: str,
                family: str, tags: tuple[str, ...] = ("scene",)) -> None:
    """Draw a button: a gold-rimmed plate with its name."""
    box = button_box(button)
    rect(canvas, box, fill, tags, outline=GOLD)
    x, y = centre(box)
    canvas.create_text(x, y, text=text, fill=ink, tags=tags,
                       font=(family, -round(0.62 * box[3]), "bold"))


def draw_attack(canvas: Any, lit: bool, family: str) -> None:
    """Draw the Attack button: grey (inactive), or lit when the word is one the game takes."""
    canvas.delete("attack")
    fill, ink = ("#4fa060", "#ffe070") if lit else ("#6e9080", "#93aa9c")
    draw_button(canvas, ATTACK, fill, ink, "Attack", family, ("attack",))


def draw_word(canvas: Any, board: R.Board, family: str) -> None:
    """Draw the word being built in the word bar."""
    canvas.delete("word")
    tags = ("word", "above")
    tiles = R.word_tiles(board)
    for (x, y, side, _), tile in zip(word_boxes(len(tiles)), tiles, strict=True):
        draw_tile(canvas, x, y, side, tile, family, tags)


CREATURES = ("#d2d2dc", "#8c5a28", "#5a8c5a", "#8c3c8c")  # each enemy's hide, in turn


def draw_creature(canvas: Any, hide: str, tags: tuple[str, ...]) -> None:
    """Draw an enemy: legs, a body, a head with horns, an eye and a beak."""
    for x in (585, 625, 690, 725):
        canvas.create_rectangle(x, 255, x + 14, 305, fill=hide, outline="#000000", tags=tags)
    canvas.create_oval(570, 170, 760, 275, fill=hide, outline="#000000", width=2, tags=tags)
    canvas.create_oval(525, 110, 625, 205, fill=hide, outline="#000000", width=2, tags=tags)
    for tip in ((540, 80), (600, 78)):
        canvas.create_polygon((tip[0] - 5, 125), tip, (tip[0] + 15, 122), fill="#f0e6c8",
                              outline="#000000", tags=tags)
    canvas.create_oval(545, 135, 565, 155, fill="#ffd200", outline="#000000", tags=tags)
    canvas.create_oval(551, 141, 559, 149, fill="#000000", tags=tags)
    canvas.create_polygon((528, 160), (490, 178), (530, 185), fill="#e6b432",
                          outline="#000000", tags=tags)


def draw_enemy(canvas: Any, enemy: R.Enemy, family: str) -> None:
    """Draw the enemy, its name and its hearts (full, part and empty)."""
    canvas.delete("enemy")
    tags = ("enemy", "above")
    rect(canvas, (626, 32, 182, 24), "#2b1b0e", tags, outline=GOLD)
    canvas.create_text(717, 44, text=enemy.name, fill="#f0e0b0", font=(family, -15, "bold"),
                       tags=tags)
    draw_creature(canvas, CREATURES[(enemy.number - 1) % len(CREATURES)], tags)
    full_hearts = -(-enemy.full // 4)
    for k in range(full_hearts):
        row, col = divmod(k, 10)
        hx, hy = 786 - 22 * (min(full_hearts, 10) - 1 - col), 62 + 22 * row
        points = heart_points(hx, hy, 20)
        canvas.create_polygon(points, fill=HEART_EMPTY, tags=tags)
        filled = min(max(enemy.hearts - 4 * k, 0), 4) / 4
        if filled:
            canvas.create_polygon(clip_right(points, hx + 20 * filled), fill=HEART, tags=tags)
    canvas.create_text(786 + 20, 62 + 22 * ((full_hearts - 1) // 10 + 1) + 6, anchor="e",
                       text=f"{R.hearts(enemy.hearts):g} / {R.hearts(enemy.full):g}",
                       fill="#f0e0b0", font=(family, -12), tags=tags)
