"""`assistant practice bookworm`: a Tk window that looks and plays like the Bookworm Adventures
battle screen, for trying the overlay (and the reader) on a game whose every move is known.

The window is 816x638 pixels, as the real game's window in the screenshots; its 4x4 grid of
parchment tiles spans x 308-512, y 338-542 (pitch 51, tiles 49). Clicking a tile moves it into
the word bar above the grid (its cell stays empty); clicking the word's last letter puts it
back. The Attack button is lit only while the word is one the window's own lexicon takes, as in
the real game: grey, it is inactive (a click on it does nothing) and the letters stay up until
they are clicked back. Lit, it deals damage by the rules in bookworm_rules (written apart from
the solver's); the used tiles go, the tiles above fall and new ones drop in (FALL_MS).
Scramble deals a new grid. `--results FILE` keeps every board shown, every attack and every
click as JSON, rewritten (atomically) after each.

Layout, hit testing, the play and the results file are plain Python (tested without a display);
only the window touches Tk: bookworm_window.py (which opens it: the command's run and render),
drawing with bookworm_draw.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..files.user import write_json
from . import bookworm_rules as R

TITLE = "Bookworm Adventures (practice)"
WINDOW = (816, 638)  # width, height in pixels
GRID_LEFT, GRID_TOP = 308, 338  # the grid's top-left corner in the window
PITCH = 51  # from one tile to the next, in pixels
TILE = 49  # a tile's side (the rest of the pitch is the gap)
FALL_MS = 400  # how long new tiles take to fall into place
FRAME_MS = 20  # one frame of the fall
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


# --- Layout ---------------------------------------------------------------------------------------

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


# --- The results file -----------------------------------------------------------------------------

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


# --- The play -------------------------------------------------------------------------------------

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
        """Attack with the word if the game takes it: the enemy is hit and the used tiles are
        replaced (falling). Otherwise the button is inactive: nothing happens, the letters stay
        up. Return what happened."""
        if not self.board.word:
            return "inactive: no word"
        attack = R.judge(self.board, self.lexicon)
        if not attack.accepted:
            return f"inactive: {attack.reason}"
        self.last = attack
        self.enemy = R.hit(self.enemy, attack.damage)
        cells, self.drops = R.fall(self.board.cells, attack.tiles, self.source)
        self.board, self.falling = R.Board(cells), True
        self.record_attack(attack)
        return f"accepted {attack.word}"

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
            "verdict": "accepted", "reason": attack.reason,
            "damage": R.hearts(attack.damage), "enemy": fought["name"], "beaten": beaten,
            "enemy_hearts": 0.0 if beaten else R.hearts(self.enemy.hearts)})
        if beaten:
            self.record_enemy()

    def record_enemy(self) -> None:
        """Add the enemy now fought to the results."""
        self.results.add("enemies", {"t": self.clock(), "name": self.enemy.name,
                                     "number": self.enemy.number,
                                     "hearts": R.hearts(self.enemy.full)})


# --- Start-up -------------------------------------------------------------------------------------

def load_lexicon(spec: str | None) -> tuple[Path, frozenset[str]]:
    """Return a word list's file and its words (uppercase), from a path or a bundled name."""
    from ..core.lexicon import parse_words
    from ..files import wordlist

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


def summary(play: Play) -> dict[str, Any]:
    """Return what was played: attacks made, clicks on the inactive Attack button (a word the
    game does not take), damage, enemies beaten."""
    accepted = play.results.data["attacks"]
    inactive = [c for c in play.results.data["clicks"] if c["effect"].startswith("inactive")]
    return {"game": "bookworm", "words": len(accepted), "refused": len(inactive),
            "damage": sum(a["damage"] for a in accepted),
            "enemies_beaten": play.enemy.number - 1, "clicks": len(play.results.data["clicks"])}
