"""`assistant practice bookworm`: a Tk window that looks and plays like the Bookworm Adventures
battle screen, for trying the overlay (and the reader) on a game whose every move is known.

The window is 816x638 pixels, as the real game's window in the screenshots; its 4x4 grid of
parchment tiles spans x 308-512, y 338-542 (pitch 51, tiles 49). Clicking a tile moves it into
the word bar above the grid (its cell stays empty); clicking the word's last letter puts it
back. Attack checks the word against the window's own lexicon and deals damage by the rules in
bookworm_rules (written apart from the solver's); the used tiles go, the tiles above fall and
new ones drop in (FALL_MS). Scramble deals a new grid. `--results FILE` keeps every board shown,
every attack and every click as JSON, rewritten (atomically) after each.

Layout, hit testing, the play and the results file are plain Python (tested without a display);
only Window touches Tk, imported lazily.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.types import BadInput
from ..files import writable, write_json
from . import bookworm_rules as R

TITLE = "Bookworm Adventures (practice)"
WINDOW = (816, 638)  # width, height in pixels
GRID_LEFT, GRID_TOP = 308, 338  # the grid's top-left corner in the window
PITCH = 51  # from one tile to the next, in pixels
TILE = 49  # a tile's side (the rest of the pitch is the gap)
FALL_MS = 400  # how long new tiles take to fall into place
FRAME_MS = 20  # one frame of the fall
FLASH_MS = 600  # how long a refused word's red flash lasts
HIT_MS = 1200  # how long the damage dealt shows beside the enemy


@dataclass(frozen=True)
class Button:
    """A button: its name and its centre and size in tile pitches from the grid's top-left."""

    name: str
    centre: tuple[float, float]
    size: tuple[float, float]


# The buttons sit at fixed offsets from the grid, as in the game: Attack centred under the
# grid, 1.1 pitches below its bottom edge; Scramble at the bottom left
ATTACK = Button("attack", (2.0, 5.1), (4.2, 0.9))
SCRAMBLE = Button("scramble", (-3.2, 5.35), (2.4, 0.5))
MENU = Button("menu", (6.9, 5.35), (2.4, 0.5))  # drawn only: it does nothing here
BUTTONS = (ATTACK, SCRAMBLE)
WORD_BAR = Button("word", (2.0, -0.5), (4.3, 0.62))  # the word being built
WORD_SLOT = 28  # pixels from one letter of the word to the next (less for long words)

Box = tuple[int, int, int, int]  # x, y, width, height in window pixels


# --- Layout -------------------------------------------------------------------------------------

def tile_box(i: int) -> Box:
    """Return the box of cell i (row-major) in the window."""
    row, col = divmod(i, R.SIZE)
    return GRID_LEFT + col * PITCH + 1, GRID_TOP + row * PITCH + 1, TILE, TILE


def button_box(button: Button) -> Box:
    """Return a button's box in the window."""
    (cx, cy), (w, h) = button.centre, button.size
    x, y = GRID_LEFT + cx * PITCH, GRID_TOP + cy * PITCH
    return round(x - w * PITCH / 2), round(y - h * PITCH / 2), round(w * PITCH), round(h * PITCH)


def centre(box: Box) -> tuple[int, int]:
    """Return the centre of a box."""
    x, y, w, h = box
    return x + w // 2, y + h // 2


def inside(box: Box, x: float, y: float) -> bool:
    """True when the point lies inside the box."""
    bx, by, w, h = box
    return bx <= x < bx + w and by <= y < by + h


def word_boxes(length: int) -> list[Box]:
    """Return the boxes of the word's letters in the word bar, centred in it."""
    bx, by, w, h = button_box(WORD_BAR)
    slot = min(WORD_SLOT, (w - 4) // max(length, 1))
    side = min(slot - 2, h - 4)
    left = bx + (w - slot * length) // 2 + (slot - side) // 2
    return [(left + k * slot, by + (h - side) // 2, side, side) for k in range(length)]


def target_at(x: float, y: float, length: int) -> str:
    """Return what a click at (x, y) hits: 'tile I', 'word K', a button's name, or ''."""
    hits = [f"tile {i}" for i in range(R.CELLS) if inside(tile_box(i), x, y)]
    hits += [f"word {k}" for k, box in enumerate(word_boxes(length)) if inside(box, x, y)]
    hits += [button.name for button in BUTTONS if inside(button_box(button), x, y)]
    return hits[0] if hits else ""


# --- The results file ---------------------------------------------------------------------------

class Results:
    """What happened, as JSON: every board shown, attack, enemy and click; written again,
    atomically, after each event when there is a file."""

    def __init__(self, path: Path | None, header: dict[str, Any]) -> None:
        self.path = path
        self.data: dict[str, Any] = {**header, "boards": [], "attacks": [], "scrambles": [],
                                     "enemies": [], "clicks": [], "closed": None}

    def add(self, kind: str, entry: dict[str, Any]) -> None:
        """Append an entry to one of the lists and save."""
        self.data[kind].append(entry)
        self.save()

    def save(self) -> None:
        """Write the file whole to a temporary name, then rename it into place."""
        if self.path is not None:
            write_json(self.path, self.data)


def tokens(cells: tuple[R.Tile | None, ...]) -> list[str]:
    """Return the cells as TEXT[:state] tokens ('' for an empty cell)."""
    return [tile.token if tile else "" for tile in cells]


# --- The play -----------------------------------------------------------------------------------

class Play:
    """The game in progress: the board, the enemy, the new tiles' source and the record.

    A click returns what it hit and what it did. After an accepted attack, `drops` says how
    many rows each cell's tile falls; the window animates that, then calls settled().
    """

    def __init__(self, tiles: tuple[R.Tile, ...], source: R.TileSource,
                 lexicon: frozenset[str], enemy_hearts: int, results: Results,
                 clock: Callable[[], float]) -> None:
        self.board = R.Board(tiles)
        self.source, self.lexicon, self.results, self.clock = source, lexicon, results, clock
        self.enemy = R.first_enemy(4 * enemy_hearts)
        self.drops: tuple[int, ...] = (0,) * R.CELLS
        self.falling = False
        self.last: R.Attack | None = None  # the last attack, for the window to show
        self.record_enemy()
        self.record_board("start")

    def click(self, x: float, y: float, screen: tuple[int, int] = (0, 0)) -> tuple[str, str]:
        """Act on a click at window point (x, y); record it; return (target, effect)."""
        target = target_at(x, y, len(self.board.word))
        effect = self.act(target)
        self.results.add("clicks", {"t": self.clock(), "x": round(x), "y": round(y),
                                    "screen_x": screen[0], "screen_y": screen[1],
                                    "target": target, "effect": effect,
                                    "word": R.spelled(self.board)})
        return target, effect

    def act(self, target: str) -> str:
        """Return the effect of clicking the target, after doing it."""
        kind, _, number = target.partition(" ")
        if self.falling and kind in ("tile", "attack", "scramble"):
            return "ignored: tiles falling"
        if kind == "tile":
            return self.pick(int(number))
        if kind == "word":
            return self.put_back(int(number))
        if kind == "attack":
            return self.attack()
        if kind == "scramble":
            return self.scramble()
        return "nothing there"

    def pick(self, i: int) -> str:
        """Move cell i's tile into the word; return what happened."""
        tile = self.board.cells[i]
        if not R.can_pick(self.board, i):
            return "locked" if tile and tile.state in R.UNUSABLE else "empty cell"
        self.board = R.pick(self.board, i)
        return "picked"

    def put_back(self, k: int) -> str:
        """Put the word's last letter back when letter k is the last; return what happened."""
        if k != len(self.board.word) - 1:
            return "not the last letter"
        self.board = R.put_back(self.board)
        return "put back"

    def attack(self) -> str:
        """Attack with the word: refused, its tiles go back; accepted, the enemy is hit and
        the used tiles are replaced (falling). Return what happened."""
        if not self.board.word:
            return "no word"
        attack = self.last = R.judge(self.board, self.lexicon)
        if attack.accepted:
            self.enemy = R.hit(self.enemy, attack.damage)
            cells, self.drops = R.fall(self.board.cells, attack.tiles, self.source)
            self.board, self.falling = R.Board(cells), True
        else:
            self.board = R.Board(self.board.cells)
        self.record_attack(attack)
        return f"accepted {attack.word}" if attack.accepted else f"refused: {attack.reason}"

    def scramble(self) -> str:
        """Deal a new grid (all tiles fall in afresh); return what happened."""
        cells, self.drops = R.fall(self.board.cells, range(R.CELLS), self.source)
        self.board, self.falling, self.last = R.Board(cells), True, None
        self.results.add("scrambles", {"t": self.clock()})
        return "scrambled"

    def settled(self) -> None:
        """The fall is over: the board is shown whole."""
        self.falling, self.drops = False, (0,) * R.CELLS
        self.record_board("refill")

    def record_board(self, why: str) -> None:
        """Add the board shown to the results."""
        self.results.add("boards", {"t": self.clock(), "why": why,
                                    "tiles": tokens(self.board.cells)})

    def record_attack(self, attack: R.Attack) -> None:
        """Add an attack (and the next enemy, when this one is beaten) to the results."""
        fought = self.results.data["enemies"][-1]
        beaten = self.enemy.number != fought["number"]
        self.results.add("attacks", {
            "t": self.clock(), "word": attack.word or "".join(attack.letters),
            "letters": list(attack.letters), "tiles": list(attack.tiles),
            "verdict": "accepted" if attack.accepted else "refused", "reason": attack.reason,
            "damage": R.hearts(attack.damage), "enemy": fought["name"], "beaten": beaten,
            "enemy_hearts": 0.0 if beaten else R.hearts(self.enemy.hearts)})
        if beaten:
            self.record_enemy()

    def record_enemy(self) -> None:
        """Add the enemy now fought to the results."""
        self.results.add("enemies", {"t": self.clock(), "name": self.enemy.name,
                                     "number": self.enemy.number,
                                     "hearts": R.hearts(self.enemy.full)})


# --- Start-up -----------------------------------------------------------------------------------

def load_lexicon(spec: str | None) -> tuple[Path, frozenset[str]]:
    """Return a word list's file and its words (uppercase), from a path or a bundled name."""
    from .. import wordlist
    from ..core.lexicon import parse_words

    path = wordlist.resolve(spec)
    return path, frozenset(parse_words(wordlist.read_bytes(path), f"lexicon {path}").words)


def new_play(options: Any, clock: Callable[[], float]) -> Play:
    """Return the play the options ask for: tiles or seed, enemy hearts, lexicon, results."""
    seed = options.seed if options.seed is not None else (
        0 if options.tiles else random.SystemRandom().randrange(1 << 31))
    source = R.TileSource(seed)
    tiles = R.parse_tiles(options.tiles) if options.tiles else source.board()
    path, lexicon = load_lexicon(options.lexicon)
    results = Results(Path(options.results) if options.results else None,
                      {"game": "bookworm", "seed": seed, "lexicon": str(path),
                       "enemy_hearts": options.enemy_hearts, "window": list(WINDOW),
                       "grid": {"left": GRID_LEFT, "top": GRID_TOP, "pitch": PITCH,
                                "tile": TILE}})
    return Play(tiles, source, lexicon, options.enemy_hearts, results, clock)


def run(options: Any) -> dict[str, Any]:
    """Open the practice window and play until it is closed; return a summary."""
    if options.results:
        writable(options.results, "--results")
    opened = time.monotonic()
    play = new_play(options, lambda: round(time.monotonic() - opened, 3))
    Window(play).run()
    play.results.data["closed"] = play.clock()
    play.results.save()
    return summary(play)


def summary(play: Play) -> dict[str, Any]:
    """Return what was played: attacks accepted and refused, damage, enemies beaten."""
    attacks = play.results.data["attacks"]
    accepted = [a for a in attacks if a["verdict"] == "accepted"]
    return {"game": "bookworm", "words": len(accepted), "refused": len(attacks) - len(accepted),
            "damage": sum(a["damage"] for a in accepted),
            "enemies_beaten": play.enemy.number - 1, "clicks": len(play.results.data["clicks"])}


def render(result: dict[str, Any]) -> str:
    """Return the one-line summary of a practice session."""
    return (f"practice bookworm: {result['words']} words attacked ({result['refused']} "
            f"refused), {result['damage']:g} hearts of damage, {result['enemies_beaten']} "
            f"enemies beaten, {result['clicks']} clicks")


# --- Drawing (Tk) -------------------------------------------------------------------------------

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
HEART, HEART_EMPTY = "#e61e28", "#1e2878"
WOOD, WOOD_DARK, WELL, GOLD = "#6b4a1a", "#2a1a08", "#3b2a12", "#c8a040"


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


class Window:
    """The Tk window: draws the play and turns mouse clicks into moves."""

    def __init__(self, play: Play) -> None:
        import tkinter

        self.play = play
        try:
            self.root = tkinter.Tk(className="bookworm-practice")
        except tkinter.TclError as err:
            raise BadInput(f"practice bookworm: cannot open a window ({err})") from None
        self.root.title(TITLE)
        self.root.geometry(f"{WINDOW[0]}x{WINDOW[1]}")
        self.root.resizable(False, False)
        self.root.protocol("WM_DELETE_WINDOW", self.root.destroy)
        self.canvas = tkinter.Canvas(self.root, width=WINDOW[0], height=WINDOW[1],
                                     highlightthickness=0, borderwidth=0, bg=WOOD_DARK)
        self.canvas.pack()
        self.family = font_family(self.root)
        self.flash = ""  # the refused word's message while it flashes
        self.flash_end = ""  # the timer that ends the flash
        self.fall_start = 0.0
        self.canvas.bind("<ButtonPress-1>", self.on_click)
        draw_scene(self.canvas, self.family)
        self.redraw()

    def run(self) -> None:
        """Show the window until it is closed."""
        self.root.mainloop()

    def on_click(self, event: Any) -> None:
        """Play a click, then show what it did (a fall, a refused word, a hit)."""
        _, effect = self.play.click(event.x, event.y, (event.x_root, event.y_root))
        if effect.startswith("refused") and self.play.last:
            if self.flash_end:
                self.root.after_cancel(self.flash_end)
            self.flash = "".join(self.play.last.letters)
            self.flash_end = self.root.after(FLASH_MS, self.end_flash)
        if effect.startswith("accepted") and self.play.last:
            self.show_hit(self.play.last.damage)
        if self.play.falling and effect.startswith(("accepted", "scrambled")):
            self.fall_start = time.monotonic()
            self.root.after(FRAME_MS, self.fall_frame)
        self.redraw()

    def fall_frame(self) -> None:
        """Draw one frame of the fall; at its end, settle the board."""
        if self.fallen() >= 1:
            self.play.settled()
        else:
            self.root.after(FRAME_MS, self.fall_frame)
        self.draw_grid(self.fallen())

    def fallen(self) -> float:
        """Return how far the fall has gone: 0 at its start, 1 once the tiles are in place."""
        if not self.play.falling:
            return 1.0
        return min(1.0, (time.monotonic() - self.fall_start) * 1000 / FALL_MS)

    def end_flash(self) -> None:
        """Stop flashing the refused word."""
        self.flash, self.flash_end = "", ""
        self.redraw()

    def redraw(self) -> None:
        """Draw everything that changes: the grid, the word, the enemy, the Attack button."""
        self.draw_grid(self.fallen())
        draw_word(self.canvas, self.play.board, self.flash, self.family)
        draw_enemy(self.canvas, self.play.enemy, self.family)
        lit = bool(self.play.board.word) and R.judge(self.play.board, self.play.lexicon).accepted
        draw_attack(self.canvas, lit, self.family)

    def draw_grid(self, done: float) -> None:
        """Draw the tiles; falling ones (gravity: slow, then fast) `1 - done²` of their drop
        above their cells."""
        self.canvas.delete("tiles")
        for i, tile in enumerate(R.shown(self.play.board)):
            if tile is not None:
                x, y, _, _ = tile_box(i)
                above = self.play.drops[i] * PITCH * (1 - done * done)
                draw_tile(self.canvas, x, round(y - above), TILE, tile, self.family)
        self.canvas.tag_raise("tiles")
        self.canvas.tag_raise("above")  # the stage, frame top and word bar hide falling tiles

    def show_hit(self, quarters: int) -> None:
        """Show the damage dealt beside the enemy for a moment."""
        self.canvas.delete("hit")
        self.canvas.create_text(640, 150, text=f"-{R.hearts(quarters):g}", fill="#ff3c3c",
                                font=(self.family, -34, "bold"), tags=("hit", "above"))
        self.root.after(HIT_MS, lambda: self.canvas.delete("hit"))


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
    """Draw the Attack button: dim, or lit when the word is one the game takes."""
    canvas.delete("attack")
    fill, ink = ("#4fa060", "#ffe070") if lit else ("#6e9080", "#93aa9c")
    draw_button(canvas, ATTACK, fill, ink, "Attack", family, ("attack",))


def draw_word(canvas: Any, board: R.Board, flash: str, family: str) -> None:
    """Draw the word being built in the word bar, or a refused word's red flash."""
    canvas.delete("word")
    tags = ("word", "above")
    if flash:
        rect(canvas, button_box(WORD_BAR), "#c81818", tags, outline=GOLD)
        x, y = centre(button_box(WORD_BAR))
        canvas.create_text(x, y, text=f"{flash}: not a word!", fill="#ffffff",
                           font=(family, -16, "bold"), tags=tags)
        return
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
