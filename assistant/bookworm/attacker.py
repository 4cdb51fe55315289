"""`assistant overlay bookworm --play`: attack with the best word of each board the Watch shows,
each click made safely (the window still, focused, nothing over the point, inside its bounds).

The game tells whether it takes a word before it is played: its Attack button lights up while
the letters in the word bar spell a word it knows, and stays grey (inactive) otherwise, the
letters up in the bar until they are clicked back. So once the game has taken the word's tiles
the button is read (vision.bookworm_button, against its look before the word): lit, Attack is
clicked; grey, the word is refused (learned, and never shown again): its letters are clicked
back, last first, and the board is read again. A button too close to tell is treated as grey,
and learned as an unsure rejection (tried again another time).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..core.gestures import Click, Point, Region
from ..core.types import BadInput
from ..live import changes
from ..live import target as live
from ..profiles import bookworm as profile
from .board import clicks, crop, solved
from .watch import GAME, IGNORED

if TYPE_CHECKING:
    import numpy as np

    from ..adapters.mouse import Mouse
    from ..store.store import Store
    from .watch import Watch

TAKEN = 60  # colour levels (0..255) a cell's middle changes by, on average, once its tile left
TAKE_SECONDS = 2.0  # the game must take the clicked tiles within this
LIGHT_SECONDS = 0.5  # and light its Attack button within this, if it takes the word


@dataclass
class Attacker:
    """Plays the best word of each board: its tiles, then Attack, each click made safely."""

    watch: Watch
    mouse: Mouse
    store: Store
    clicked: bool = False  # a click was made (from then on the window must keep the focus)
    attacks: list[dict[str, Any]] = field(default_factory=list)

    def attack(self, board: live.Board) -> live.Board:
        """Attack with the board's best word if the game takes it, else put its letters
        back; return the board that follows."""
        best = solved(board)["words"][0]
        *tiles, attack = clicks(board)
        idle = self.button(board, board.frame)
        for click in tiles:
            self.click(click, board.origin)
        self.taken(board, best["tiles"])
        lit = self.lit(board, idle)
        if lit:
            self.click(attack, board.origin)
        else:
            self.put_back(board, len(tiles))
        self.watch.anew()  # the next board, even one like this (a word put back)
        after = self.watch.next_board(time.monotonic() + self.watch.options.wait)
        verdict = "accepted" if lit and after.text != board.text else "rejected"
        self.store.learn(GAME, best["word"], verdict, in_lexicon=True, board=board.text,
                         clean=lit is False or verdict == "accepted")  # the game said so
        if verdict == "rejected":  # solved before it was known: solve it again without it
            self.watch.refused.add(best["word"])
            after = replace(after, result=self.watch.solve(after.reading))
        self.attacks.append({"word": best["word"], "tiles": best["tiles"],
                             "damage": best["damage"], "verdict": verdict})
        return after

    def button(self, board: live.Board, frame: np.ndarray) -> np.ndarray:
        """Return the Attack button's middle in a grab of the window where the board was."""
        x, y, w, h = profile.attack_middle(board.reading, (0, 0))
        return crop(frame, Region(x, y, w, h))

    def lit(self, board: live.Board, idle: np.ndarray) -> bool | None:
        """Return whether the game lit its Attack button for the word up (waiting up to
        LIGHT_SECONDS for it): True, False (grey), or None when it is too close to tell."""
        from ..vision.bookworm_button import lit

        x, y, w, h = profile.attack_middle(board.reading, board.origin)
        deadline, seen = time.monotonic() + LIGHT_SECONDS, None
        while time.monotonic() < deadline:
            window = self.placed()
            middle = Region(x + window.x - board.origin[0], y + window.y - board.origin[1], w, h)
            if (seen := lit(idle, self.watch.screen.grab(middle))):
                return True
            self.watch.pause()
        return seen

    def put_back(self, board: live.Board, length: int) -> None:
        """Click the word's letters back into the grid, the last first."""
        for left in range(length, 0, -1):
            self.click(profile.last_letter(board.reading, board.origin, left), board.origin)

    def click(self, click: Click, origin: Point) -> None:
        """Click a point of the board captured at origin, where the window is now, once it
        is safe to: not stopped, the window still, focused (after the first click), nothing
        over the point."""
        target = self.watch.target
        self.watch.stop.check()
        region = self.placed()
        point = (click.point[0] + region.x - origin[0], click.point[1] + region.y - origin[1])
        if self.clicked and not target.focused():
            raise BadInput(f"{target.name} lost the focus: play stopped")
        if target.covered(Region(*point, 1, 1), IGNORED):
            raise BadInput(f"another window covers {target.name} at {point}: play stopped")
        self.mouse.bounds = region
        self.mouse.click(Click(point, click.label))
        self.clicked = True

    def placed(self) -> Region:
        """Return the window's region, waiting while it moves; BadInput once it is closed,
        minimised or resized."""
        target, bounds = self.watch.target, self.mouse.bounds
        region = target.where()
        if region != bounds:
            region = target.keep_still(self.watch.pause)
        if (region.w, region.h) != (bounds.w, bounds.h):
            raise BadInput(f"{target.name} was resized during an attack: play stopped")
        return region

    def taken(self, board: live.Board, tiles: list[int]) -> None:
        """Return once every clicked tile has left the grid; BadInput if the game has not
        taken them all within TAKE_SECONDS."""
        deadline = time.monotonic() + TAKE_SECONDS
        while time.monotonic() < deadline:
            self.watch.pause()
            if set(tiles) <= self.left(board):
                return
        raise BadInput(f"{self.watch.target.name} did not take the tiles of "
                       f"{solved(board)['words'][0]['word']}: play stopped")

    def left(self, board: live.Board) -> set[int]:
        """Return the cells whose tile has left since the board was read."""
        import cv2

        watch, shown = self.watch, self.watch.shown
        window, grid = self.placed(), watch.grid
        if shown is None or shown.drawn is None or grid is None:
            return set()
        now = changes.cover(watch.screen.grab(grid.moved(window.x, window.y)), shown.clean,
                         shown.drawn)
        if now.shape != shown.clean.shape:
            return set()
        change = cv2.absdiff(now, shown.clean).max(axis=2)
        return {i for i, cell in enumerate(board.reading.cells)
                if middle(change, cell.box, grid).mean() > TAKEN}


def middle(image: np.ndarray, box: tuple[int, int, int, int], grid: Region) -> np.ndarray:
    """Return the middle half of a cell's box (frame pixels) in an image of the grid."""
    x, y, w, h = box
    x, y = x - grid.x, y - grid.y
    return image[max(0, y + h // 4):y + 3 * h // 4, max(0, x + w // 4):x + 3 * w // 4]
