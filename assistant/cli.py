"""The command line: `assistant solve`, `assistant eval`, `assistant lexicon info`, `assistant
practice`. The imperative shell."""

from __future__ import annotations

import argparse
import errno
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import Any, NoReturn

from . import DISTRIBUTION, __version__, history
from .core import numbers
from .core.lexicon import MAX_WORD_LETTERS
from .core.rules.languages import Language
from .core.types import BadInput
from .options import check, decimal, defaults, whole
from .profiles import PROFILES, profile
from .profiles.types import Solved, printable

EXIT_BAD_INPUT = 2
FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}  # output that cannot be written
SECONDS = decimal(numbers.MAX_SECONDS)  # --wait, --seconds: over 0, at most a day
HEARTS = decimal(numbers.MAX_HEARTS)  # --health
CROSSWORD_TITLES = {"wordfeud": "Wordfeud", "scrabble": "Scrabble", "wwf": "Words With Friends"}
PRACTICE = {"wordament": "wordament", "bookworm": "bookworm_window"}  # windows: run, render


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        """Report a usage error in one line and exit with status 2."""
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {one_line(message)} (see --help)\n")


def one_line(message: str) -> str:
    """Return an error message as one line: any line break in it (from text the user gave)
    written as \\n."""
    return message.replace("\r", "\\r").replace("\n", "\\n")


def parser() -> Parser:
    """Return the command-line parser."""
    top = Parser(prog="assistant", description="Read word games and find the best words.")
    top.add_argument("--version", action="version",
                     version=f"%(prog)s {__version__} (the {DISTRIBUTION} package)")
    commands = top.add_subparsers(dest="command", required=True, parser_class=Parser)
    add_solve(commands.add_parser("solve", help="solve a board given as text or a screenshot"))
    add_eval(commands.add_parser("eval", help="measure the screenshot readers on labelled images"))
    lexicon = commands.add_parser("lexicon", help="inspect a word list")
    lexicon_commands = lexicon.add_subparsers(dest="lexicon_command", required=True,
                                              parser_class=Parser)
    info = lexicon_commands.add_parser("info", help="count a word list's words and skipped lines")
    info.add_argument("path", help="word-list file or bundled name (e.g. enable)")
    info.add_argument("--json", action="store_true", help="print JSON")
    info.add_argument("--language", default="en", metavar="CODE",
                      help="count the words as this language's tiles (e.g. sv, es)")
    play = commands.add_parser("play", help="play a game on the screen with the mouse")
    add_play(play.add_subparsers(dest="play_game", required=True, parser_class=Parser)
             .add_parser("wordament", help="find the Wordament window and drag every word"))
    overlay = commands.add_parser("overlay", help="draw the best word over a game on the screen")
    overlays = overlay.add_subparsers(dest="overlay_game", required=True, parser_class=Parser)
    add_overlay(overlays.add_parser("bookworm", help="watch the Bookworm window and draw the "
                                    "best word on its tiles (with --play, click it too)"))
    for game, title in CROSSWORD_TITLES.items():
        add_overlay_crossword(overlays.add_parser(game, help=f"watch the {title} window and "
                                                  "draw the best move on its board"), title)
    history.add_arguments(commands.add_parser("history", help="rounds played, words learned"))
    practice = commands.add_parser("practice", help="a window that looks and plays like a game")
    games = practice.add_subparsers(dest="practice_game", required=True, parser_class=Parser)
    add_practice_wordament(games.add_parser("wordament", help="a window that plays like the "
                                            "Windows 8/10 Wordament"))
    add_practice_bookworm(games.add_parser("bookworm", help="the Bookworm Adventures battle"))
    return top


def add_practice_bookworm(bookworm: argparse.ArgumentParser) -> None:
    """Add the options of `assistant practice bookworm`."""
    start = bookworm.add_mutually_exclusive_group()
    start.add_argument("--tiles", help="the first grid: 16 tiles TEXT[:state], rows split by '/'")
    start.add_argument("--seed", type=int, help="seed of the random tiles (default: any)")
    bookworm.add_argument("--enemy-hearts", type=whole(1, int(numbers.MAX_HEARTS)),
                          default=10, help="each enemy's hearts (default 10)")
    bookworm.add_argument("--lexicon", help="word-list path or bundled name (default: enable)")
    bookworm.add_argument("--results", metavar="FILE",
                          help="keep every board, attack and click here (JSON)")


def add_solve(solve: argparse.ArgumentParser) -> None:
    """Add the options of `assistant solve`."""
    solve.add_argument("--game", required=True, choices=[*sorted(PROFILES), "auto"],
                       help="the game; auto (with a screenshot): the game the image shows")
    solve.add_argument("image", nargs="?", help="screenshot file to read the board from")
    solve.add_argument("--board", help="grid text: rows split by '/', e.g. EECA/ALEP/HNBO/QTTY")
    solve.add_argument("--values", help="printed tile values, row-major, e.g. '1 4 2 3/...'")
    solve.add_argument("--lexicon", help="word-list path or bundled name (default: enable)")
    solve.add_argument("--min-len", type=whole(1, MAX_WORD_LETTERS),
                       help="shortest word to report")
    solve.add_argument("--top", type=whole(), help="list only the best N")
    solve.add_argument("--json", action="store_true", help="print JSON (the documented contract)")
    bookworm = solve.add_argument_group("Bookworm Adventures")
    bookworm.add_argument("--tiles", help="up to 16 tiles TEXT[:state], e.g. 'P A:locked E'")
    bookworm.add_argument("--health", type=HEARTS, help="Lex's health in hearts")
    bookworm.add_argument("--enemy", help="enemy status, comma-separated (poisoned,burning,...)")
    crossword = solve.add_argument_group("Wordfeud, Scrabble, Words With Friends")
    crossword.add_argument("--board-file", help="15 lines of 15: '.' empty, A-Z, lowercase blank")
    crossword.add_argument("--rack", help="up to 7 tiles, '?' for a blank, e.g. AEINRS?")
    crossword.add_argument("--layout", help="premium-square layout file (random Wordfeud boards)")
    crossword.add_argument("--language", default="en", metavar="CODE",
                           help="the game's language: its tiles, values and word-list folding "
                                "(wordfeud: en sv nb da nl de es fr; scrabble: en fr de es nl)")
    image = solve.add_argument_group("screenshots")
    image.add_argument("--annotate", metavar="OUT.png", help="draw what was read and the best play")
    image.add_argument("--strict", action="store_true", help="an uncertain tile is an error")
    add_reader(image)


def add_reader(group: Any) -> None:
    """Add the --reader option (which OCR reads the tiles)."""
    group.add_argument("--reader", choices=("auto", "template", "tesseract"), default="auto",
                       help="template matching, Tesseract, or auto: templates, and Tesseract "
                            "as a second opinion on doubtful tiles (default)")


def add_eval(evaluate: argparse.ArgumentParser) -> None:
    """Add the options of `assistant eval`."""
    evaluate.add_argument("directory", help="folder with labels.json and the images it lists")
    evaluate.add_argument("--game", action="append", help="only these games (repeatable)")
    evaluate.add_argument("--json", action="store_true", help="print JSON")
    add_reader(evaluate)


def add_live(live: argparse.ArgumentParser, title: str) -> None:
    """Add the options every live command has: where the game is, the stop key, --json."""
    where = live.add_mutually_exclusive_group()
    where.add_argument("--window-title", metavar="T",
                       help=f"the game window's title: exactly T, else starting with T, "
                       f"else holding T (default: {title})")
    where.add_argument("--region", metavar="X,Y,W,H", help="the game is this screen rectangle")
    live.add_argument("--lexicon", help="word-list path or bundled name (default: enable)")
    live.add_argument("--stop-key", default="esc", metavar="K",
                      help="a key that stops play, pressed anywhere (default: esc)")
    live.add_argument("--wait", type=SECONDS, default=60.0, metavar="S",
                      help="seconds to wait for a board to show (default: 60)")
    live.add_argument("--json", action="store_true", help="print JSON")
    add_reader(live)


def add_play(play: argparse.ArgumentParser) -> None:
    """Add the options of `assistant play wordament`."""
    add_live(play, "Wordament")
    play.add_argument("--rounds", type=whole(), help="stop after N rounds (default: play on)")
    play.add_argument("--seconds", type=SECONDS, help="stop after S seconds")
    play.add_argument("--drag-ms", type=decimal(numbers.MAX_DRAG_MS), metavar="N",
                      help="milliseconds per drag segment, tile to tile, fixed (default: "
                           "found as play goes, from 20)")
    play.add_argument("--min-len", type=whole(1, MAX_WORD_LETTERS), help="shortest word to play")
    play.add_argument("--extra-lexicon", metavar="L",
                      help="words to try after the lexicon's, to learn the game's dictionary")
    play.add_argument("--dry-run", action="store_true",
                      help="read, solve and print the drags; move nothing")
    play.add_argument("--annotate", metavar="OUT.png",
                      help="draw each board as read, and its best word, into this picture")
    play.set_defaults(top=None)  # every word is played


def add_overlay(bookworm: argparse.ArgumentParser) -> None:
    """Add the options of `assistant overlay bookworm`."""
    add_live(bookworm, "Bookworm")
    bookworm.add_argument("--top", type=whole(), help="words in each JSON line (default 10); "
                          "the panel shows the best and the next 4")
    bookworm.add_argument("--play", action="store_true",
                          help="click the best word's tiles and Attack, board after board "
                               "(without it, nothing is ever clicked)")
    bookworm.add_argument("--attacks", type=whole(), metavar="N",
                          help="with --play: stop after N attacks")
    bookworm.add_argument("--settle", type=decimal(60.0), default=0.15, metavar="S",
                          help="seconds the grid must keep still before it is read (0.15)")
    bookworm.add_argument("--health", type=HEARTS, help="Lex's health in hearts (strategy)")
    bookworm.add_argument("--enemy", help="enemy status, comma-separated (strategy)")
    bookworm.set_defaults(min_len=None)


def add_overlay_crossword(crossword: argparse.ArgumentParser, title: str) -> None:
    """Add the options of `assistant overlay wordfeud|scrabble|wwf`."""
    add_live(crossword, title)
    crossword.add_argument("--top", type=whole(), help="moves in each JSON line (default 10)")
    crossword.add_argument("--language", default="en", metavar="CODE",
                           help="the game's language (wordfeud: en sv nb da nl de es fr; "
                                "scrabble: en fr de es nl)")
    crossword.add_argument("--settle", type=SECONDS, default=0.05, metavar="S",
                           help="seconds the board must keep still before it is read (0.05)")
    crossword.set_defaults(top=10, min_len=None, game_title=title)


def add_practice_wordament(wordament: argparse.ArgumentParser) -> None:
    """Add the options of `assistant practice wordament`."""
    board = wordament.add_mutually_exclusive_group()
    board.add_argument("--board", help="the board every round, e.g. EECA/ALEP/HNBO/QTTY")
    board.add_argument("--seed", type=int, help="random boards from this seed")
    wordament.add_argument("--values", help="the board's values, e.g. '1 4 2 3/20 2 1 6/...'")
    wordament.add_argument("--seconds", type=whole(1, int(numbers.MAX_SECONDS)), default=120,
                           help="per round (120)")
    wordament.add_argument("--rounds", type=whole(), help="stop after N rounds")
    wordament.add_argument("--lexicon", help="the game's word list: path or bundled name")
    wordament.add_argument("--results", metavar="FILE", help="keep every swipe in this JSON")


def progress(message: str) -> None:
    """Tell the user, on stderr, about slow work in progress."""
    print(f"assistant: {message}", file=sys.stderr, flush=True)


def run_solve(options: argparse.Namespace) -> Solved:
    """Solve one board and return the JSON result."""
    if options.image and (options.board or options.tiles or options.board_file):
        raise BadInput(f"{options.image}: give a screenshot or the board as text, not both")
    if options.game == "auto" and not options.image:
        raise BadInput("--game auto: give a screenshot, whose game is then recognised")
    from .files import wordlist

    lexicon = wordlist.load(options.lexicon, progress, solve_language(options))
    if options.image:
        from .screenshot import solve as screenshot

        return screenshot.solve(options, lexicon, warn)
    return profile(options.game).solve(options.game, options, lexicon)


def solve_language(options: argparse.Namespace) -> Language:
    """Return the language a solve is in, checked against the game's languages (BadInput)."""
    from .core.rules import GAME_LANGUAGES
    from .core.rules.languages import LANGUAGES, language

    code = options.language
    if options.game in GAME_LANGUAGES:
        return language(code, GAME_LANGUAGES[options.game], f"{options.game} is played in")
    if code != "en" and options.game != "auto":
        raise BadInput(f"--language {code}: only for wordfeud and scrabble, not {options.game}")
    return language(code, tuple(LANGUAGES))


def render_solved(result: Solved) -> str:
    """Return the readable form of a result, by its game's profile (saying which game the
    screenshot was recognised as, with --game auto)."""
    text = profile(result["game"]).render(result)
    return f"the screenshot shows {result['game']}\n{text}" if result.get("game_detected") \
        else text


def say_for(options: argparse.Namespace) -> Callable[[str], None]:
    """Return how a live command reports as it goes: lines on stdout, or on stderr when
    stdout is kept for the JSON."""
    stream = sys.stderr if options.json else sys.stdout
    return lambda line: print(line, file=stream, flush=True)


def warn(message: str) -> None:
    """Tell the user, on stderr, about something they should know (not an error)."""
    print(f"assistant: warning: {message}", file=sys.stderr, flush=True)


def run_lexicon_info(options: argparse.Namespace) -> dict[str, Any]:
    """Return the counts of a word list."""
    from .core.rules.languages import language
    from .files import wordlist

    path = wordlist.resolve(options.path)
    lexicon = wordlist.load(options.path, progress, language(options.language))
    return {"path": str(path), "words": lexicon.count, "skipped": lexicon.skipped,
            "skipped_examples": list(lexicon.examples), "language": options.language}


def render_lexicon_info(info: dict[str, Any]) -> str:
    """Return the readable form of a word list's counts."""
    text = f"{info['path']}: {info['words']} words; {info['skipped']} entries skipped"
    if info["skipped_examples"]:
        letters = "A-Z" if info.get("language", "en") == "en" else f"the {info['language']} tiles"
        text += f" (outside {letters}, e.g. " + ", ".join(info["skipped_examples"]) + ")"
    return text


def dispatch(options: argparse.Namespace) -> tuple[Any, Callable[[Any], str], int]:
    """Run the chosen command; return its result, the function that renders it as text, and
    the exit status."""
    if options.command == "solve":
        return run_solve(options), render_solved, 0
    if options.command == "eval":
        from .screenshot import evaluate

        report = evaluate.run(options.directory, options.reader, options.game)
        return report, evaluate.render, evaluate.status(report)
    if options.command == "play":
        from .wordament import player

        return player.run(options, say_for(options), warn, progress)
    if options.command == "overlay" and options.overlay_game in CROSSWORD_TITLES:
        from .crossword import overlay as crossword_overlay

        return crossword_overlay.run(options, say_for(options), warn, progress)
    if options.command == "overlay":
        from .bookworm import overlay as bookworm_overlay

        return bookworm_overlay.run(options, say_for(options), warn, progress)
    if options.command == "history":
        return history.run(options), history.render, 0
    if options.command == "practice":
        game = importlib.import_module(f".practice.{PRACTICE[options.practice_game]}",
                                       __package__)
        return game.run(options), game.render, 0
    return run_lexicon_info(options), render_lexicon_info, 0


def run() -> NoReturn:
    """Run the command line, then leave at once: every command has closed what it opened, and
    Python's own teardown would free every object one by one (10-40 ms) for nothing."""
    status = main()
    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError):  # the reader left early (| head)
            if stream:  # None under pythonw: print() wrote nowhere, nothing to flush
                stream.flush()
    os._exit(status)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = sys.argv[1:] if argv is None else list(argv)
    top = parser()
    options = top.parse_args(args)
    try:
        check(options, defaults(top, args))
        result, render, status = dispatch(options)
        say(json.dumps(result, default=printable) if getattr(options, "json", False)
            else render(result))
    except BadInput as err:
        print(f"assistant: error: {one_line(str(err))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("assistant: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader left early (| head): it has what it wanted
        return quit_output()
    except MemoryError:
        print("assistant: error: out of memory (a bigger input than this machine can hold)",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as err:
        if err.errno not in FULL:
            return internal(err)
        print(f"assistant: error: cannot write the output ({err.strerror})", file=sys.stderr)
        return quit_output(EXIT_BAD_INPUT)
    except Exception as err:  # a bug: one line for the user, the traceback on request
        return internal(err)
    return status


def say(text: str) -> None:
    """Print the command's result and flush it, so that a full disk is found here."""
    try:
        print(text)
    except UnicodeEncodeError:  # a file name's undecodable bytes: shown replaced
        print(text.encode("utf-8", "surrogateescape").decode("utf-8", "replace"))
    if sys.stdout:
        sys.stdout.flush()


def quit_output(status: int = 0) -> int:
    """Leave stdout writing nowhere (what it holds is lost: the reader is gone or the disk
    full), so that no later flush fails again; return the status."""
    with suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    return status


def internal(err: BaseException) -> int:
    """Report a bug in one line (the traceback with ASSISTANT_DEBUG=1); return status 1."""
    if os.environ.get("ASSISTANT_DEBUG"):
        raise err
    print(f"assistant: internal error: {type(err).__name__}: {' '.join(str(err).split())} "
          "(set ASSISTANT_DEBUG=1 for the traceback)", file=sys.stderr)
    return 1
