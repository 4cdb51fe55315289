"""The practice Bookworm window (`assistant practice bookworm`: run, render): Tk draws the play
(bookworm_draw) and turns mouse clicks into moves; new tiles fall into place frame by frame.
"""

from __future__ import annotations

import time
from typing import Any

from ..core.types import BadInput
from ..files.user import writable
from . import bookworm_rules as R
from .bookworm import (
    FALL_MS,
    FRAME_MS,
    HIT_MS,
    PITCH,
    TILE,
    TITLE,
    WINDOW,
    Play,
    new_play,
    summary,
    tile_box,
)
from .bookworm_draw import (
    WOOD_DARK,
    draw_attack,
    draw_enemy,
    draw_scene,
    draw_tile,
    draw_word,
    font_family,
)


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
        self.fall_start = 0.0
        self.canvas.bind("<ButtonPress-1>", self.on_click)
        draw_scene(self.canvas, self.family)
        self.redraw()

    def run(self) -> None:
        """Show the window until it is closed."""
        self.root.mainloop()

    def on_click(self, event: Any) -> None:
        """Play a click, then show what it did (a fall, a hit; the Attack button lit or not)."""
        _, effect = self.play.click(event.x, event.y, (event.x_root, event.y_root))
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

    def redraw(self) -> None:
        """Draw everything that changes: the grid, the word, the enemy, the Attack button."""
        self.draw_grid(self.fallen())
        draw_word(self.canvas, self.play.board, self.family)
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


# --- the command: `assistant practice bookworm` ---------------------------------------------

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


def render(result: dict[str, Any]) -> str:
    """Return the one-line summary of a practice session."""
    return (f"practice bookworm: {result['words']} words attacked ({result['refused']} "
            f"clicks on the inactive Attack), {result['damage']:g} hearts of damage, "
            f"{result['enemies_beaten']} enemies beaten, {result['clicks']} clicks")
