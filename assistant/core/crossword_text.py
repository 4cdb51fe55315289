"""The board and rack as a user writes them (the board-file grammar), and the bag's check.

A board is 15 lines of 15 squares: '.' an empty square, a letter of the game's language (upper
case; lower case a played blank), '#' a square whose tile could not be read (no move may place
on it, use it or cross it). A digraph tile (Spanish CH, LL, RR) is written in brackets, [CH],
and counts as one square; inside, every tile is one symbol (see rules.languages).
"""

from __future__ import annotations

from .rules import BLANK, BOARD_SIZE, WORDFEUD, CrosswordRules
from .rules.languages import spell as letters_of
from .rules.languages import tiles
from .types import BadInput

EMPTY = "."
UNREAD = "#"  # a square whose tile could not be read: no move may place on, use or cross it
Board = tuple[str, ...]  # BOARD_SIZE rows of BOARD_SIZE squares: '.', '#', a tile, a blank


def parse_board(text: str, rules: CrosswordRules = WORDFEUD) -> Board:
    """Return the board written as 15 lines of 15 squares: '.' empty, a letter of the rules'
    language (a digraph tile in brackets, [CH]), lower case a played blank, '#' a square whose
    tile is unknown (no move uses it)."""
    lines = [line.strip() for line in text.strip().splitlines()]
    if len(lines) != BOARD_SIZE:
        raise BadInput(f"board: {len(lines)} lines, expected {BOARD_SIZE} lines of "
                       f"{BOARD_SIZE} squares ('.' empty, A-Z, lowercase for a blank)")
    return tuple(board_line(line, r, rules) for r, line in enumerate(lines))


def board_line(line: str, r: int, rules: CrosswordRules) -> str:
    """Return one line of a board file as its 15 squares, or raise BadInput saying where."""
    squares = tiles(line, f"board: line {r + 1}")
    if len(squares) != BOARD_SIZE:
        raise BadInput(f"board: line {r + 1} has {len(squares)} squares, expected {BOARD_SIZE}")
    for c, square in enumerate(squares):
        if square not in (EMPTY, UNREAD) and square.upper() not in rules.alphabet:
            raise BadInput(f"board: {letters_of(square)!r} at line {r + 1}, column {c + 1} is "
                           f"not a square ('.' empty, {letters(rules)}, lowercase for a blank, "
                           "# unknown)")
    return "".join(squares)


def letters(rules: CrosswordRules) -> str:
    """Return how the rules' letters are named in a message: A-Z, or the list of them."""
    alphabet = rules.alphabet
    if alphabet == "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        return "A-Z"
    return " ".join(f"[{letters_of(tile)}]" if len(letters_of(tile)) > 1 else tile
                    for tile in alphabet)


def parse_rack(text: str, rules: CrosswordRules) -> str:
    """Return the rack's tiles in upper case ('?' a blank); at most rules.rack_size of them."""
    rack = "".join(tile.upper() for tile in tiles("".join(text.split()), "rack"))
    if not rack:
        raise BadInput("rack: no tiles (give up to 7, '?' for a blank, e.g. AEINRS?)")
    if bad := sorted(set(rack) - set(rules.alphabet + BLANK)):
        raise BadInput(f"rack: {letters_of(''.join(bad))!r} in {text!r} is not a tile "
                       f"({letters(rules)}, or ? for a blank)")
    if len(rack) > rules.rack_size:
        raise BadInput(f"rack: {len(rack)} tiles in {text!r}, at most {rules.rack_size}")
    return rack


def tile_count(board: Board, rack: str) -> dict[str, int]:
    """Return how many of each tile the board and rack hold; played blanks count as '?'."""
    tiles = [BLANK if square.islower() else square for row in board for square in row
             if square not in (EMPTY, UNREAD)] + list(rack)
    return {tile: tiles.count(tile) for tile in set(tiles)}


def check_tiles(board: Board, rack: str, rules: CrosswordRules) -> None:
    """Raise BadInput when board and rack hold more of a tile than the variant's bag has."""
    for tile, count in sorted(tile_count(board, rack).items()):
        if count > rules.tile_counts.get(tile, 0):
            name = "blanks" if tile == BLANK else f"{letters_of(tile)} tiles"
            raise BadInput(f"tiles: {count} {name} on the board and rack, but a {rules.game} "
                           f"bag holds {rules.tile_counts.get(tile, 0)}")
