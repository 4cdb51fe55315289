"""`assistant overlay bookworm`: watch the Bookworm window and draw the best word on its tiles,
board after board (the Watch, watch.py); with --play, click the word and Attack too.

- --play (attacker.py): the best word's tiles are clicked, then Attack once the game has taken
  them and lit the button; then the next board is waited for. Before every click: the stop key,
  the window (where it is now, waiting while it moves; closed, minimised or resized stops play),
  the focus (after the first click) and no other window over the point; the mouse refuses any
  point outside the window.
  A button left grey means the game does not take the word: its letters are clicked back, the
  store learns the rejection, and the word is not shown again this session (nor in later ones
  once the store has enough evidence to ban it). Without --play nothing is ever clicked.
"""

from __future__ import annotations

import time
from argparse import Namespace
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..live import stopping
from ..live import target as live
from .board import solved
from .watch import GAME, TITLE, Watch, reporter

if TYPE_CHECKING:
    from ..adapters.mouse import Mouse
    from .attacker import Attacker


def run(options: Namespace, say: Callable[[str], None], warn: Callable[[str], None],
        progress: Callable[[str], None]) -> tuple[dict[str, Any], Callable[[Any], str], int]:
    """Watch the Bookworm window and draw the best word over it (with --play, attack with
    it) until stopped; return the boards shown, the attacks made and why it stopped (on
    every way out: the stop key, a signal, a fault), how to render it, and the exit status."""
    from ..live.stopping import way_out

    kept: dict[str, Any] = {}
    stopped, status = way_out(lambda: watch_boards(options, say, warn, progress, kept))
    watch, attacker = kept.get("watch"), kept.get("attacker")
    return {"game": GAME, "boards": watch.boards if watch else 0,
            "attacks": attacker.attacks if attacker else [], "stopped": stopped}, render, status


def watch_boards(options: Namespace, say: Callable[[str], None], warn: Callable[[str], None],
                 progress: Callable[[str], None], kept: dict[str, Any]) -> None:
    """Watch and draw (and attack, with --play) board after board; the Watch and Attacker
    are kept in `kept` as soon as they exist, for the report."""
    from ..adapters.backends import overlay
    from ..adapters.screen import MssScreen
    from ..files import wordlist
    from ..live.stopping import stop_key
    from ..store.store import Store
    from ..store.user import default_path
    from .attacker import Attacker

    lexicon = wordlist.load(options.lexicon, progress)
    wordlist.index(lexicon)  # built (or loaded) once, now
    target = live.find_target(options, TITLE, progress)
    screen = MssScreen()
    live.warm_up(live.capture(target, screen, first=True), GAME, "template")
    with Store.open(default_path()) as store, stop_key(options.stop_key, warn) as pressed:
        drawing = overlay()
        watch = Watch(target, screen, drawing, lexicon, options, stopping.Stopper(pressed),
                      reporter(options, say), store.rejected(GAME))
        attacker = Attacker(watch, mouse_for(target), store) if options.play else None
        kept.update(watch=watch, attacker=attacker)
        if not options.json:
            say(f"watching {target.name}: the best word is drawn on its tiles"
                f"{', and played' if options.play else ''}; stop with {options.stop_key}")
        try:
            show_boards(watch, attacker)
        finally:
            if attacker is not None:
                attacker.mouse.release()
            drawing.close()


def show_boards(watch: Watch, attacker: Attacker | None) -> None:
    """Show board after board (attacking each, with --play) until stopped or --attacks are
    made; with --play, a board must show within --wait seconds (BadInput)."""
    limit = watch.options.attacks

    def deadline() -> float | None:
        return time.monotonic() + watch.options.wait if attacker is not None else None

    board = watch.next_board(deadline())
    while True:
        watch.present(board)
        if attacker is not None and limit and len(attacker.attacks) >= limit:
            return
        if attacker is None or not solved(board)["words"]:
            board = watch.next_board(deadline())
        else:
            board = attacker.attack(board)


def mouse_for(target: live.Target) -> Mouse:
    """Return the real mouse, kept inside the game's window."""
    from ..adapters.mouse import PyAutoGuiMouse

    return PyAutoGuiMouse(target.where(), target.where)


def render(played: dict[str, Any]) -> str:
    """Return the readable end: boards shown, attacks made, and why it stopped."""
    attacks = played["attacks"]
    accepted = [a for a in attacks if a["verdict"] == "accepted"]
    line = (f"overlay bookworm: {played['boards']} boards shown, {len(attacks)} attacks "
            f"({len(accepted)} accepted, {sum(a['damage'] for a in accepted):g} hearts)")
    return line + (f"; stopped: {played['stopped']}" if played["stopped"] else "")
