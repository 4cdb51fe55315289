"""Crossword move generation against a brute-force enumeration, and on self-played positions.

The brute force shares no code with the generator: it tries every segment of every line, every
way to fill its empty squares from the rack, and checks and scores the result from the rules
alone (every run of tiles through a new tile must be a word; each word scores its letters, with
the letter premiums of new tiles, times the word premiums of new tiles; plus the bingo).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import permutations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.core import crossword as cw
from assistant.core.lexicon import Lexicon
from assistant.core.rules import CROSSWORD_RULES, SCRABBLE, WORDFEUD, CrosswordRules
from tests.bench.crossword import self_play

N = 15
Square = tuple[int, int]
Tile = tuple[int, int, str, bool]  # row, col, letter, blank


def line_squares(across: bool, line: int, start: int, end: int) -> list[Square]:
    """Return the squares from start to end (exclusive) along a row or a column."""
    return [(line, i) if across else (i, line) for i in range(start, end)]


def tile_at(board: Sequence[Sequence[str]], r: int, c: int) -> bool:
    """True when the square is on the board and holds a tile."""
    return 0 <= r < N and 0 <= c < N and board[r][c] != "."


def word_through(board: Sequence[Sequence[str]], r: int, c: int, dr: int, dc: int) -> list[Square]:
    """Return the run of tiles through a square along (dr, dc)."""
    while tile_at(board, r - dr, c - dc):
        r, c = r - dr, c - dc
    run = []
    while tile_at(board, r, c):
        run.append((r, c))
        r, c = r + dr, c + dc
    return run


def brute_score(board: list[list[str]], words: list[list[Square]], new: set[Square],
                rules: CrosswordRules) -> int:
    """Return the points of these words with premiums counted only on new squares."""
    total = 0
    for word in words:
        points, mult = 0, 1
        for r, c in word:
            premium = rules.layout.premiums[r][c] if (r, c) in new else ""
            letter = board[r][c]
            value = 0 if letter.islower() else rules.letter_values[letter]
            points += value * {"DL": 2, "TL": 3}.get(premium, 1)
            mult *= {"DW": 2, "TW": 3}.get(premium, 1)
        total += points * mult
    return total + (rules.bingo if len(new) == rules.rack_size else 0)


def brute_force(board: cw.Board, rack: str, rules: CrosswordRules,
                words: set[str]) -> set[tuple[frozenset[Tile], int]]:
    """Return every legal move as (the tiles placed, points), found by trying everything."""
    first = all(square == "." for row in board for square in row)
    alphabet = sorted({letter for word in words for letter in word})  # others make no word
    moves = set()
    for across, line, start in product((True, False), range(N), range(N)):
        for end in range(start + 2, N + 1):
            segment = line_squares(across, line, start, end)
            before = line_squares(across, line, start - 1, start)
            after = line_squares(across, line, end, end + 1)
            if any(tile_at(board, *sq) for sq in before + after):
                continue
            empty = [(r, c) for r, c in segment if board[r][c] == "."]
            if not 1 <= len(empty) <= len(rack):
                continue
            for tiles in set(permutations(rack, len(empty))):
                for letters in product(*[alphabet if t == "?" else [t] for t in tiles]):
                    placed = frozenset((r, c, letter, tile == "?") for (r, c), tile, letter
                                       in zip(empty, tiles, letters, strict=True))
                    points = legal_points(board, placed, across, rules, words, first)
                    if points is not None:
                        moves.add((placed, points))
    return moves


def legal_points(board: cw.Board, placed: frozenset[Tile], across: bool, rules: CrosswordRules,
                 words: set[str], first: bool) -> int | None:
    """Return the points of placing these tiles, or None when the move is not legal."""
    after = [list(row) for row in board]
    for r, c, letter, blank in placed:
        after[r][c] = letter.lower() if blank else letter
    new = {(r, c) for r, c, _, _ in placed}
    r0, c0 = min(new)
    main = word_through(after, r0, c0, *((0, 1) if across else (1, 0)))
    spelled = "".join(after[r][c] for r, c in main).upper()
    if spelled not in words:
        return None
    crosses = [word_through(after, r, c, *((1, 0) if across else (0, 1))) for r, c in new]
    crosses = [word for word in crosses if len(word) > 1]
    if any("".join(after[r][c] for r, c in word).upper() not in words for word in crosses):
        return None
    touches = any(tile_at(board, r + dr, c + dc) for r, c in new
                  for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
    if not (rules.layout.start in new if first else touches):
        return None
    return brute_score(after, [main, *crosses], new, rules)


def generated(board: cw.Board, rack: str, rules: CrosswordRules,
              lexicon: Lexicon) -> list[tuple[frozenset[Tile], int]]:
    """Return the generator's moves as (the tiles placed, points)."""
    return [(frozenset((t.row, t.col, t.letter, t.blank)
                       for t in cw.placements(board, *raw[1:])), raw[0])
            for raw in cw.generate(board, rack, rules, lexicon)]


LETTERS = "AEST"


@st.composite
def positions(draw):
    """A small random position: lexicon, board (maybe empty; some words written on it, some
    stray tiles, so not all of it need be words), rack with at most one blank, and variant."""
    words = draw(st.sets(st.text(LETTERS, min_size=2, max_size=4), min_size=6, max_size=50))
    rows = [["."] * N for _ in range(N)]
    written = st.tuples(st.sampled_from(sorted(words)), st.integers(3, 10), st.integers(3, 10),
                        st.booleans())
    for word, r, c, across in draw(st.lists(written, max_size=4)):
        for i, letter in enumerate(word):
            rows[r + i * (not across)][c + i * across] = letter
    stray = st.tuples(st.integers(3, 11), st.integers(3, 11),
                      st.sampled_from(LETTERS + LETTERS.lower()))
    for r, c, letter in draw(st.lists(stray, max_size=4)):
        rows[r][c] = letter
    board = tuple("".join(row) for row in rows)
    rack = draw(st.text(LETTERS + "?", min_size=1, max_size=4).filter(lambda t: t.count("?") < 2))
    rules = draw(st.sampled_from(list(CROSSWORD_RULES.values())))
    if draw(st.booleans()):
        rules = replace(rules, rack_size=len(rack))  # playing the whole rack earns the bingo
    return words, board, rack, rules


@settings(max_examples=150, deadline=None)
@given(positions())
def test_generator_equals_brute_force(position):
    words, board, rack, rules = position
    moves = generated(board, rack, rules, Lexicon.from_words(words))
    assert len(moves) == len(set(moves)), "no move is generated twice"
    assert set(moves) == brute_force(board, rack, rules, words)


def test_brute_force_finds_a_hand_worked_move():
    board = tuple("." * 7 + ("AT" if r == 7 else "..") + "." * 6 for r in range(N))
    moves = brute_force(board, "S", SCRABBLE, {"AT", "ATS", "TA"})
    assert moves == {(frozenset({(7, 9, "S", False)}), 3)}  # ATS: 1 + 1 + 1, no premium at 7,9


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(1, 12), blanks=st.integers(0, 1),
       wordfeud=st.booleans())
def test_self_played_moves_form_only_words(enable, seed, turns, blanks, wordfeud):
    rules = WORDFEUD if wordfeud else SCRABBLE
    board, unseen = self_play(seed, turns, rules, enable)
    rack = "".join(unseen[:7 - blanks]) + "?" * blanks
    for raw in cw.generate(board, rack, rules, enable):
        move = cw.move(board, raw)
        after = cw.apply(board, move.placed)
        assert all(enable.is_word(word) for word in move.words), move
        assert move.words[0] == move.word
        assert cw.score(board, move.placed, rules) == move.score
        lines = after + cw.transpose(after)
        new_words = {w.upper() for line in lines for _, w in cw.runs(line)}
        old_words = {w.upper() for line in board + cw.transpose(board) for _, w in cw.runs(line)}
        assert new_words - old_words <= set(move.words)
