"""Wordfeud, Scrabble, Words With Friends: a board and a rack in, the best moves out."""

from __future__ import annotations

from argparse import Namespace
from collections.abc import Sequence
from dataclasses import replace
from string import ascii_uppercase
from typing import TypedDict

from ..core import crossword as cw
from ..core.gestures import Gesture, Point
from ..core.lexicon import Lexicon
from ..core.rules import CrosswordRules, Layout, crossword_rules
from ..core.rules.languages import spell
from ..core.types import BadInput
from ..files import wordlist
from ..files.user import read_file
from ..vision.types import Reading
from .types import Play, Solved

MAX_FILE_BYTES = 1 << 16  # a board or layout file is a few hundred bytes


class PlacedJSON(TypedDict):
    """A tile a move places: its square, its letter, and whether it is a blank."""

    row: int
    col: int
    letter: str
    blank: bool


class MoveJSON(TypedDict):
    """One move: its main word, start square, direction, score, tiles, and every word formed."""

    word: str
    spelled: str  # the word with the blanks it places in lower case
    row: int
    col: int
    direction: str
    score: int
    placed: list[PlacedJSON]
    words: list[str]


class CrosswordResult(Solved):
    """The best moves for a rack, best first, how many there are, and warnings."""

    rack: str
    moves: list[MoveJSON]
    count: int
    warnings: list[str]


def read_text(path: str, what: str) -> str:
    """Return a small text file's contents, or raise BadInput saying why it cannot be read."""
    data = read_file(path, f"a {what} file", MAX_FILE_BYTES, f"{what} ")
    try:
        return data.decode("utf-8-sig")  # a byte-order mark (Windows Notepad) dropped
    except UnicodeDecodeError:
        raise BadInput(f"{what} {path}: not a text file") from None


def solve(game: str, options: Namespace, lexicon: Lexicon) -> CrosswordResult:
    """Return the JSON result for a board given as --board-file and a --rack."""
    if not options.board_file:
        raise BadInput(f"{game}: give the board as --board-file FILE (15 lines of 15 squares)")
    if not options.rack:
        raise BadInput(f"{game}: give your tiles as --rack, e.g. --rack 'AEINRS?'")
    board = read_text(options.board_file, "board").splitlines()
    layout = read_text(options.layout, "layout") if options.layout else None
    return solve_board(game, board, options.rack, lexicon, layout, options.top,
                       language=language_of(options))


def language_of(options: Namespace) -> str:
    """Return the language code the options name (English when they name none)."""
    return getattr(options, "language", None) or "en"


def rules_for(game: str, layout: str | Layout | None, language: str = "en") -> CrosswordRules:
    """Return the variant's rules in a language, on a custom layout (drawn as text, or
    parsed) when given."""
    rules = crossword_rules(game, language)
    if isinstance(layout, Layout):
        return replace(rules, layout=layout)
    return rules if layout is None else rules.with_layout(layout)


def solve_board(game: str, board: Sequence[str], rack: str, lexicon: Lexicon,
                layout: str | Layout | None = None, top: int | None = None,
                unsure: frozenset[tuple[int, int]] = frozenset(),
                seen: bool = False, language: str = "en",
                generator: cw.Generator = cw.generate) -> CrosswordResult:
    """Return the best moves for a board (15 strings of 15 squares) and a rack: the plain
    entry point, also for a board seen in a screenshot (`seen`: more tiles than the variant's
    bag holds is then a warning, as the game may be another language's, not an error; moves
    that depend on an `unsure` square are left out)."""
    rules = rules_for(game, layout, language)
    squares = cw.parse_board("\n".join(board), rules)
    tiles = cw.parse_rack(rack, rules)
    notes = warnings(squares, lexicon)
    try:
        cw.check_tiles(squares, tiles, rules)
    except BadInput as err:
        if not seen:
            raise
        notes.append(f"{err} (another language's game? scores use {game}'s {language} values; "
                     "see --language)")
    wordlist.crossword_table(lexicon)  # loaded (or built and cached) once per process
    moves, count = cw.best_moves(squares, tiles, rules, lexicon, top, unsure, generator)
    return CrosswordResult(game=game, rack=spell(tiles), moves=[move_json(m) for m in moves],
                           count=count, warnings=notes)


def solve_reading(game: str, reading: Reading, options: Namespace, lexicon: Lexicon,
                  generator: cw.Generator = cw.generate) -> CrosswordResult:
    """Return the best moves for a board and rack read from a screenshot. A rack tile read
    uncertainly is left out of the rack; a board square read uncertainly keeps its best guess,
    but every move that depends on it is left out; both are listed under "blocked"."""
    from ..vision.board import crossword_inputs

    inputs, doubtful = crossword_inputs(reading), reading.uncertain()
    size = len(reading.cells)
    unsure = frozenset(divmod(i, reading.cols) for i in doubtful if i < size)
    letters = crossword_rules(game, language_of(options)).alphabet
    board = [line if not unsure else "".join(  # a guess outside the language's letters: unread
        square if (r, c) not in unsure or square.upper() in letters else cw.UNREAD
        for c, square in enumerate(line))
        for r, line in enumerate(inputs.board)]
    rack = "".join(cell.text or "?" for i, cell in enumerate(reading.rack, size)
                   if i not in doubtful)
    if not rack:
        raise BadInput(f"{game}: no rack tiles were read surely")
    layout = "\n".join(inputs.layout) if game == "wordfeud" else None  # random boards
    found = solve_board(game, board, rack, lexicon, layout, options.top, unsure, seen=True,
                        language=language_of(options), generator=generator)
    return {**found, "blocked": doubtful}


def best_play(result: CrosswordResult) -> Play:
    """Return the squares the best move places tiles on, in order, and a caption naming it."""
    if not result["moves"]:
        return Play([], f"{result['game']}: no move with rack {result['rack']}")
    best = result["moves"][0]
    square = notation(best["row"], best["col"], best["direction"])
    return Play([t["row"] * cw.BOARD_SIZE + t["col"] for t in best["placed"]],
                f"{result['game']}: best {best['word']} at {square} {best['direction']}, "
                f"{best['score']} points")


def gestures(result: CrosswordResult, reading: Reading, origin: Point) -> list[Gesture]:
    """Return no gestures: crossword moves are shown to the player, not played by mouse."""
    return []


def move_json(move: cw.Move) -> MoveJSON:
    """Return the contract's JSON object for one move, in the language's letters."""
    return MoveJSON(word=spell(move.word), spelled=spell(with_blanks(move)), row=move.row,
                    col=move.col, direction=move.direction, score=move.score,
                    words=[spell(word) for word in move.words],
                    placed=[PlacedJSON(row=t.row, col=t.col, letter=spell(t.letter),
                                       blank=t.blank) for t in move.placed])


def with_blanks(move: cw.Move) -> str:
    """Return a move's main word (one symbol a square) with the blanks it places in lower case."""
    blanks = {(t.row, t.col) for t in move.placed if t.blank}
    squares = cw.squares(move.direction, move.row if move.direction == cw.ACROSS else move.col,
                         move.col if move.direction == cw.ACROSS else move.row, len(move.word))
    return "".join(tile.lower() if square in blanks else tile
                   for square, tile in zip(squares, move.word, strict=True))


def warnings(board: cw.Board, lexicon: Lexicon) -> list[str]:
    """Return the warnings about a board: the words on it that the lexicon lacks."""
    unknown = cw.unknown_words(board, lexicon)
    if not unknown:
        return []
    return [f"the board holds {len(unknown)} word(s) the lexicon lacks: "
            f"{', '.join(spell(word) for word in unknown)} "
            "(a misread, or another dictionary); they stay, but every word a move forms must be "
            "in the lexicon"]


def notation(row: int, col: int, direction: str) -> str:
    """Return the usual name of a move's start square: row first across (8F), column first
    down (G6), rows counted from 1 and columns lettered from A."""
    number, letter = str(row + 1), ascii_uppercase[col]
    return number + letter if direction == cw.ACROSS else letter + number


def render(result: CrosswordResult) -> str:
    """Return a readable table of the best moves, then any warnings."""
    moves = result["moves"]
    lines = [f"{result['game']}, rack {result['rack']}: {result['count']} moves"
             + (f"; the best {len(moves)}:" if len(moves) < result["count"] else ":")]
    width = max((len(m["word"]) for m in moves), default=4)
    lines.append(f"  {'score':>5}  {'word':<{width}}  square      direction  words formed"
                 "  (blank tiles in lower case)")
    for m in moves:
        word = m["spelled"]
        square = f"{m['row']},{m['col']} ({notation(m['row'], m['col'], m['direction'])})"
        lines.append(f"  {m['score']:>5}  {word:<{width}}  {square:<10}  {m['direction']:<9}  "
                     + " ".join(m["words"]))
    lines += [f"warning: {text}" for text in result["warnings"]]
    return "\n".join(lines)

