"""Practice Wordament: a Tk window that looks and plays like the Windows 8/10 Wordament, so that
the live player can be tested end to end against a game that takes real mouse input.

Look (Layout in wordament_game): a dark window; a header with the timer (left), the score
(middle) and the word count (right) above the word being dragged; then a 4x4 grid of square
tiles of one colour per board (BOARD_COLOURS, cycled by round), each with its letters big,
white and centred and its value small in the top-left corner, drawn in the first of FONTS
installed (fonts the screenshot reader has templates for).

Input: press on a tile, drag through neighbours (8-way), release. A tile joins the drag only
when a motion event puts the pointer well inside it (within HIT_RADIUS tile sides of its
centre), next to the last tile and not used yet; coming back onto the previous tile takes the
last one off. Motion events are not interpolated: a jump across a tile misses it, as in the
real game. A press outside the tiles does nothing. Prefix tiles only start a word, suffix tiles
only end one, either/or tiles count as either letter.

Feedback: selected tiles are white-ish with letters in the board's colour; on release, the
swipe's tiles are drawn at once in their verdict's colour (VERDICT_COLOURS: accepted green,
repeated yellow, rejected red) for FLASH_SECONDS.

Rounds: `seconds` per round; then the grid is hidden and the round's score and words are shown
for RESULTS_SECONDS; then the next board (the same board again when one was given), until
`rounds` rounds are played or the window is closed. A drag still held when time runs out is
dropped.

Results file (rewritten atomically, written whole then renamed, after every swipe, when a board
is shown or a round ends, and within SAVE_EVERY of the pointer being seen outside):
  {"rounds": [{"board", "values", "score", "swipes", "start", "end"}], "swipes": [...],
   "score", "pointer_outside": [[x, y, time], ...]}
Each board shown gets its round as soon as it is shown. `pointer_outside` holds pointer
positions (screen pixels) polled every POLL_MS during a round (not on the results screen) that
lie outside the window's client area, each position once until the pointer moves. Times are
seconds since the window opened.
"""

from __future__ import annotations

import argparse
import itertools
import math
import pathlib
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..core.types import BadInput
from ..files.user import writable, write_json
from . import wordament_game as game
from .wordament_game import CELLS, Board, Cell, Round, Session, Swipe
from .wordament_layout import BACKGROUND, BOARD_COLOURS, FLASH_SECONDS, INK, Layout, look

TITLE = "Wordament (practice)"
FONTS = ("Open Sans", "DejaVu Sans", "Liberation Sans")  # the first installed is used
LETTERS = 0.52  # the letters' font size, as a share of a tile (longer texts shrink)
LETTERS_MIDDLE = 0.56  # how far down the tile the letters' middle is (the value sits above)
VALUE = 0.2  # the value's font size, as a share of a tile
VALUE_CORNER = (0.07, 0.05)  # the value's top-left, as shares of a tile
POLL_MS = 10  # the timer, the round's end and the pointer are checked this often
RESULTS_SECONDS = 3.0  # the results screen between rounds
SAVE_EVERY = 0.25  # s: the results file follows new pointer_outside entries this closely


@dataclass(frozen=True)
class Settings:
    """What a practice session plays: its boards, word set, round length and results file."""

    boards: Iterator[Board]
    words: frozenset[str]
    seconds: float = 120.0
    rounds: int | None = None  # None: until the window is closed
    results: pathlib.Path | None = None


def run(options: argparse.Namespace) -> dict[str, Any]:
    """Play practice Wordament in a window until its rounds are done or it is closed; return
    the summary."""
    return summary(play(settings(options)))


def settings(options: argparse.Namespace) -> Settings:
    """Return the session's settings from the command-line options."""
    if options.values and not options.board:
        raise BadInput("practice wordament: --values needs --board")
    results = writable(options.results, "--results") if options.results else None
    return Settings(boards(options.board, options.values, options.seed),
                    game.read_words(options.lexicon), options.seconds, options.rounds, results)


def boards(text: str | None, values: str | None, seed: int | None) -> Iterator[Board]:
    """Return the boards to play: the given one every round, else random ones from the seed."""
    if text:
        return itertools.repeat(game.parse_board(text, values))
    rng = random.Random(seed)
    return (game.random_board(rng) for _ in itertools.count())


def play(setup: Settings) -> Session:
    """Open the window, play until done or closed, and return the session."""
    import tkinter

    try:
        root = tkinter.Tk()
    except tkinter.TclError as err:
        raise BadInput(f"practice wordament: cannot open a window ({err})") from None
    window = Window(root, setup)
    root.mainloop()
    if window.error is not None:
        raise window.error
    return window.session


def summary(session: Session) -> dict[str, Any]:
    """Return what was played: each round's board, score and words, and the total."""
    return {"rounds": [{"board": r.board.text(), "score": r.score, "words": r.found,
                        "swipes": len(r.swipes)} for r in session.rounds],
            "score": sum(r.score for r in session.rounds)}


def render(played: dict[str, Any]) -> str:
    """Return the summary as text, a line a round."""
    lines = [f"round {i}: {r['board']}: {r['score']} points, {len(r['words'])} words "
             f"({r['swipes']} swipes)" for i, r in enumerate(played["rounds"], 1)]
    return "\n".join([*lines, f"total: {played['score']} points"])


def clock_text(seconds: float) -> str:
    """Return the time left as the game shows it, m:ss (rounded up)."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


class Window:
    """The game's window: draws the board and header, takes the mouse, runs the rounds."""

    def __init__(self, root: Any, setup: Settings, layout: Layout | None = None) -> None:
        self.root, self.setup, self.layout = root, setup, layout or Layout()
        self.opened = time.monotonic()
        self.session = Session()
        self.round: Round | None = None  # None while the results screen shows
        self.path: tuple[Cell, ...] = ()  # the drag in progress
        self.pressed: float | None = None  # when it began (s since the window opened)
        self.flashes: dict[Cell, tuple[str, int]] = {}  # cell -> (verdict, swipe number)
        self.error: BaseException | None = None
        self.last_outside: tuple[int, int] | None = None
        self.saved_at = 0.0
        self.unsaved = False
        self.build()
        self.begin_round()
        self.root.after(POLL_MS, self.tick)

    # --- building ------------------------------------------------------------------------

    def build(self) -> None:
        """Create the window, its canvas, the header, the tiles and the results screen."""
        import tkinter

        self.root.title(TITLE)
        self.root.resizable(False, False)
        self.root.protocol("WM_DELETE_WINDOW", self.close)
        self.root.report_callback_exception = self.failed
        self.family = font_family(self.root)
        self.canvas = tkinter.Canvas(self.root, width=self.layout.width,
                                     height=self.layout.height, background=BACKGROUND,
                                     highlightthickness=0, borderwidth=0)
        self.canvas.pack()
        self.build_header()
        self.build_tiles()
        self.build_results()
        for event, handler in (("<ButtonPress-1>", self.press), ("<B1-Motion>", self.drag),
                               ("<ButtonRelease-1>", self.release)):
            self.canvas.bind(event, handler)

    def font(self, size: float) -> tuple[str, int]:
        """Return the font of this pixel size."""
        return (self.family, -max(6, round(size)))

    def build_header(self) -> None:
        """Create the header: the timer, the score, the word count and the current word."""
        c, width, gap = self.canvas, self.layout.width, self.layout.gap
        small = self.font(0.25 * self.layout.top)
        self.timer = c.create_text(gap, 0.3 * self.layout.top, anchor="w", fill=INK, font=small)
        self.score = c.create_text(width / 2, 0.3 * self.layout.top, fill=INK, font=small)
        self.count = c.create_text(width - gap, 0.3 * self.layout.top, anchor="e", fill=INK,
                                   font=small)
        self.word = c.create_text(width / 2, 0.72 * self.layout.top, fill=INK,
                                  font=self.font(0.3 * self.layout.top), tags=("grid",))

    def build_tiles(self) -> None:
        """Create each tile's face, letters and value (filled in when a board is shown)."""
        c, side = self.canvas, self.layout.tile
        self.faces, self.letters, self.values = {}, {}, {}
        for cell in CELLS:
            x, y = self.layout.corner(cell)
            self.faces[cell] = c.create_rectangle(x, y, x + side, y + side, width=0,
                                                  tags=("grid",))
            self.letters[cell] = c.create_text(x + side / 2, y + LETTERS_MIDDLE * side,
                                               tags=("grid",))
            self.values[cell] = c.create_text(x + VALUE_CORNER[0] * side,
                                              y + VALUE_CORNER[1] * side, anchor="nw",
                                              font=self.font(VALUE * side), tags=("grid",))

    def build_results(self) -> None:
        """Create the results screen's text (hidden during a round)."""
        width, top = self.layout.width, self.layout.top
        self.results = self.canvas.create_text(width / 2, top + 0.5 * width, fill=INK,
                                               justify="center", width=width - 40,
                                               font=self.font(0.22 * top), state="hidden")

    # --- rounds --------------------------------------------------------------------------

    def now(self) -> float:
        """Return the seconds since the window opened."""
        return time.monotonic() - self.opened

    @property
    def colour(self) -> str:
        """Return this round's tile colour."""
        return BOARD_COLOURS[(len(self.session.rounds) - 1) % len(BOARD_COLOURS)]

    def begin_round(self) -> None:
        """Show the next board and start its clock."""
        self.round = Round(next(self.setup.boards), self.now())
        self.session.rounds.append(self.round)
        self.path, self.flashes = (), {}
        for cell in CELLS:
            tile = self.round.board.tile(cell)
            size = LETTERS * self.layout.tile * min(1.0, 2.6 / len(tile.text))
            self.canvas.itemconfigure(self.letters[cell], text=tile.text, font=self.font(size))
            self.canvas.itemconfigure(self.values[cell], text=str(tile.value))
        self.paint(CELLS)
        self.canvas.itemconfigure(self.results, state="hidden")
        self.canvas.itemconfigure("grid", state="normal")
        self.canvas.itemconfigure(self.word, text="")
        self.show_header()
        self.save()

    def end_round(self) -> None:
        """Stop the round: hide the grid, show its score and words, then go on."""
        if self.round is None:
            return
        played, self.round, self.path = self.round, None, ()
        played.end = self.now()
        self.canvas.itemconfigure("grid", state="hidden")
        self.canvas.itemconfigure(self.timer, text=clock_text(0))
        self.canvas.itemconfigure(self.results, state="normal", text=results_text(
            len(self.session.rounds), played))
        self.save()
        self.root.after(round(RESULTS_SECONDS * 1000), self.next_round)

    def next_round(self) -> None:
        """Begin the next round, or close the window when all rounds are played."""
        if self.setup.rounds is not None and len(self.session.rounds) >= self.setup.rounds:
            self.close()
        else:
            self.begin_round()

    def close(self) -> None:
        """End the session: the round in play ends, the results are saved, the window goes."""
        if self.round is not None:
            self.round.end = self.now()
        self.save()
        self.root.destroy()

    def failed(self, kind: type, error: BaseException, trace: Any) -> None:
        """Keep a callback's error (raised again once the window is gone) and close."""
        self.error = error
        self.root.destroy()

    # --- the mouse -----------------------------------------------------------------------

    def press(self, event: Any) -> None:
        """Start a drag on the tile pressed (a press anywhere else does nothing)."""
        cell = self.layout.under(event.x, event.y)
        if self.round is not None and cell is not None:
            self.path, self.pressed = (cell,), self.now()
            self.paint([cell])
            self.show_word()

    def drag(self, event: Any) -> None:
        """Extend or shorten the drag when the pointer is well inside a tile."""
        cell = self.layout.inside(event.x, event.y)
        if self.round is None or not self.path or cell is None:
            return
        before, self.path = self.path, game.step(self.round.board, self.path, cell)
        if self.path != before:
            self.paint(set(before) ^ set(self.path))
            self.show_word()

    def release(self, event: Any) -> None:
        """Judge the drag, flash its tiles in the verdict's colour, and save the results."""
        if self.round is None or not self.path:
            return
        swipe = self.round.swipe(self.path, self.now(), self.setup.words, self.pressed)
        self.path = ()
        self.flash(swipe, len(self.round.swipes))
        self.show_header()
        self.canvas.itemconfigure(self.word, text=f"{swipe.word}  +{swipe.points}"
                                  if swipe.points else swipe.word)
        self.save()

    # --- drawing -------------------------------------------------------------------------

    def paint(self, cells: Any) -> None:
        """Draw these tiles as they look now (selected, flashing or plain)."""
        verdicts = {cell: verdict for cell, (verdict, _) in self.flashes.items()}
        for cell in cells:
            shown = look(cell, self.path, verdicts, self.colour)
            self.canvas.itemconfigure(self.faces[cell], fill=shown.face)
            self.canvas.itemconfigure(self.letters[cell], fill=shown.ink)
            self.canvas.itemconfigure(self.values[cell], fill=shown.ink)

    def flash(self, swipe: Swipe, number: int) -> None:
        """Draw the swipe's tiles in its verdict's colour, and plain again FLASH_SECONDS on."""
        self.flashes.update({cell: (swipe.verdict, number) for cell in swipe.tiles})
        self.paint(swipe.tiles)
        self.root.after(round(FLASH_SECONDS * 1000), self.unflash, swipe.tiles, number)

    def unflash(self, cells: tuple[Cell, ...], number: int) -> None:
        """End one swipe's flash on the tiles no later swipe flashes."""
        ended = [cell for cell in cells if self.flashes.get(cell, ("", 0))[1] == number]
        for cell in ended:
            del self.flashes[cell]
        if self.round is not None:
            self.paint(ended)

    def show_word(self) -> None:
        """Show the letters of the drag in progress."""
        board = self.round.board if self.round else None
        text = "".join(board.tile(cell).text.strip("-") for cell in self.path) if board else ""
        self.canvas.itemconfigure(self.word, text=text)

    def show_header(self) -> None:
        """Show the time left, the score and the number of words found."""
        if self.round is None:
            return
        left = self.setup.seconds - (self.now() - self.round.start)
        texts = (clock_text(left), f"SCORE {self.round.score}", f"WORDS {len(self.round.found)}")
        for item, text in zip((self.timer, self.score, self.count), texts, strict=True):
            if self.canvas.itemcget(item, "text") != text:  # redraw only what changed
                self.canvas.itemconfigure(item, text=text)

    # --- the clock -----------------------------------------------------------------------

    def tick(self) -> None:
        """Every POLL_MS: watch the pointer, show the time, end the round when time is up."""
        self.root.after(POLL_MS, self.tick)
        if self.round is None:
            return
        self.watch_pointer()
        self.show_header()
        if self.now() - self.round.start >= self.setup.seconds:
            self.end_round()
        elif self.unsaved and self.now() - self.saved_at >= SAVE_EVERY:
            self.save()

    def watch_pointer(self) -> None:
        """Record the pointer's position when it is outside the window (once until it moves)."""
        x, y = self.root.winfo_pointerxy()
        left, top = self.root.winfo_rootx(), self.root.winfo_rooty()
        inside = left <= x < left + self.root.winfo_width() and \
            top <= y < top + self.root.winfo_height()
        if not inside and (x, y) != self.last_outside:
            self.session.pointer_outside.append((x, y, self.now()))
            self.unsaved = True
        self.last_outside = None if inside else (x, y)

    def save(self) -> None:
        """Rewrite the results file, if there is one."""
        if self.setup.results is not None:
            write_json(self.setup.results, self.session.to_json())
        self.saved_at, self.unsaved = self.now(), False


def results_text(number: int, played: Round) -> str:
    """Return the results screen's text: the round, its score and its words."""
    words = played.found
    shown = ", ".join(words[:40]) + (f" and {len(words) - 40} more" if len(words) > 40 else "")
    return f"ROUND {number} OVER\n\n{played.score} POINTS\n{len(words)} WORDS\n\n{shown}"


def font_family(root: Any) -> str:
    """Return the first of FONTS installed, else Tk's default."""
    from tkinter import font

    installed = set(font.families(root))
    return next((f for f in FONTS if f in installed), "TkDefaultFont")

