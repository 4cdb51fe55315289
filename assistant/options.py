"""Command-line option values checked at the edge of the program, one place per kind: numbers
(argparse types over core.numbers: finite, whole where they must be, in range), text (never
empty, never argparse's stray '--'), and options that do not apply to the game chosen (an
error naming the games they apply to, rather than silently ignored)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from .core import numbers
from .core.types import BadInput

GRIDS, CROSSWORDS = ("wordament", "boggle"), ("wordfeud", "scrabble", "wwf")

SOLVE_OPTIONS = {  # a `solve` option -> the games it applies to
    "board": GRIDS,
    "values": ("wordament",),
    "min_len": (*GRIDS, "bookworm"),
    "tiles": ("bookworm",),
    "health": ("bookworm",),
    "enemy": ("bookworm",),
    "board_file": CROSSWORDS,
    "rack": CROSSWORDS,
    "layout": CROSSWORDS,
}
SCREENSHOT_OPTIONS = ("annotate", "strict")  # only with a screenshot file
PLAY_OPTIONS = ("attacks", "wait")  # `overlay bookworm`: only with --play


def whole(low: int = 1, high: int = numbers.MAX_COUNT) -> Callable[[str], int]:
    """Return the argparse type of a whole-number option, from low to high."""
    return typed(lambda text: numbers.whole(text, "value", low, high))


def decimal(high: float, low: float = 0.0) -> Callable[[str], float]:
    """Return the argparse type of a decimal option, over low and at most high."""
    return typed(lambda text: numbers.number(text, "value", high, low))


def typed(check: Callable[[str], Any]) -> Callable[[str], Any]:
    """Return an argparse type that runs a core.numbers check (its BadInput a usage error)."""
    def convert(text: str) -> Any:
        try:
            return check(text)
        except BadInput as err:
            raise argparse.ArgumentTypeError(str(err).removeprefix("value: ")) from None
    return convert


def flag(name: str) -> str:
    """Return an option's name as typed: --board-file."""
    return "--" + name.replace("_", "-")


def check(options: argparse.Namespace, defaults: dict[str, Any]) -> None:
    """Raise BadInput for an empty or '--' text value, or an option given that does not
    apply to the command's game (compared with the parser's defaults)."""
    given = {name for name, value in vars(options).items()
             if value not in (None, False) and value != defaults.get(name)}
    for name in sorted(given):
        value = getattr(options, name)
        if value == "" or value == [] or (isinstance(value, list) and [] in value):
            raise BadInput(f"{flag(name)}: give a value (it is empty)")
    if options.command == "solve":
        check_solve(options, given)
    if options.command == "overlay" and not getattr(options, "play", True):
        for name in sorted(given & set(PLAY_OPTIONS)):
            raise BadInput(f"{flag(name)}: only with --play (nothing is played without it)")


def check_solve(options: argparse.Namespace, given: set[str]) -> None:
    """Raise BadInput for a `solve` option that does not apply to its game or its input."""
    for name in sorted(given & set(SOLVE_OPTIONS)):
        games = SOLVE_OPTIONS[name]
        if options.game != "auto" and options.game not in games:
            raise BadInput(f"{flag(name)}: only for {' and '.join(games)}, not {options.game}")
    if "values" in given and not options.board:
        raise BadInput("--values: only with --board (the values of the board typed)")
    for name in sorted(given & set(SCREENSHOT_OPTIONS)):
        if not options.image:
            raise BadInput(f"{flag(name)}: only with a screenshot file")


def defaults(parser: argparse.ArgumentParser, argv: list[str]) -> dict[str, Any]:
    """Return the defaults of the options of the (sub)command that argv runs."""
    found: dict[str, Any] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for word in argv:
                if word in action.choices:
                    found.update(defaults(action.choices[word], argv[argv.index(word) + 1:]))
                    break
        elif action.dest != argparse.SUPPRESS:
            found[action.dest] = action.default
    return found
