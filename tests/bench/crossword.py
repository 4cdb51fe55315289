"""Crossword move generation speed: all moves for a 7-tile rack on fixed mid-game positions.

The positions come from seeded self-play on the Scrabble board with ENABLE (each player plays
its best move; blanks are kept out of the bag so both remain for the racks measured). Every
position is measured with three racks from its unseen tiles: no blank, one blank, two blanks.
Then the overlay's Wordfeud mid-game board (tests/wordfeud_draw.py MIDGAME) with the racks that
issue 23 measured, three with blanks: the solve the overlay waits for when a rack has a blank.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from assistant.core import crossword as cw
from assistant.core.lexicon import Lexicon
from assistant.core.rules import BLANK, BOARD_SIZE, SCRABBLE, CrosswordRules, crossword_rules
from assistant.core.rules.languages import LANGUAGES
from assistant.files import wordlist

POSITIONS = 24
TARGETS_MS = {"no_blank": 20.0, "one_blank": 200.0, "two_blanks": 1000.0}
COMPILED_MS = {"no_blank": 0.06, "one_blank": 2.5}  # the figures for a compiled engine


def bag(rules: CrosswordRules) -> list[str]:
    """Return every letter tile of the variant's bag (no blanks), sorted."""
    return sorted(tile * count for tile, count in rules.tile_counts.items() if tile != BLANK)


def self_play(seed: int, turns: int, rules: CrosswordRules,
              lexicon: Lexicon) -> tuple[cw.Board, list[str]]:
    """Return the board after `turns` best moves of seeded self-play, and the unseen tiles."""
    tiles = list("".join(bag(rules)))
    random.Random(seed).shuffle(tiles)
    board: cw.Board = tuple(cw.EMPTY * BOARD_SIZE for _ in range(BOARD_SIZE))
    racks = [tiles[:7], tiles[7:14]]
    unseen = tiles[14:]
    for turn in range(turns):
        rack = racks[turn % 2]
        moves, _ = cw.best_moves(board, "".join(rack), rules, lexicon, top=1)
        if not moves:
            continue
        board = cw.apply(board, moves[0].placed)
        for tile in moves[0].placed:
            rack.remove(tile.letter)
        drawn = 7 - len(rack)
        rack += unseen[:drawn]
        del unseen[:drawn]
    return board, unseen + racks[0] + racks[1]


def positions(lexicon: Lexicon, count: int = POSITIONS,
              rules: CrosswordRules = SCRABBLE) -> list[tuple[cw.Board, dict[str, str]]]:
    """Return `count` mid-game boards, each with its three racks: no, one and two blanks."""
    out = []
    for seed in range(count):
        board, unseen = self_play(seed, 4 + seed % 7, rules, lexicon)
        letters = random.Random(1000 + seed).sample(unseen, 7)
        racks = {"no_blank": "".join(letters), "one_blank": "".join(letters[:6]) + BLANK,
                 "two_blanks": "".join(letters[:5]) + BLANK * 2}
        out.append((board, racks))
    return out


def timed(run: Callable[[], Any], repeat: int) -> float:
    """Return the best of `repeat` wall-clock times of a call, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def profile_top(run: Callable[[], Any], lines: int = 6) -> list[str]:
    """Return the functions where a call spends most of its own time, with their share."""
    profiler = cProfile.Profile()
    profiler.runcall(run)
    table = pstats.Stats(profiler).get_stats_profile().func_profiles
    total = sum(row.tottime for row in table.values())
    rows = sorted(table.items(), key=lambda item: -item[1].tottime)
    return [f"{name} ({row.file_name.rsplit('/', 1)[-1]}:{row.line_number}): "
            f"{row.tottime / total:.0%} own time, {row.ncalls} calls" for name, row in rows[:lines]]


MIDGAME_RACKS = ("RTLW?AI", "DREAMS?", "AB??CDE", "RENTOID")  # issue 23's: blanks, then none


def midgame(lexicon: Lexicon, repeat: int = 5) -> dict[str, Any]:
    """Return all moves' time (best of `repeat`) per rack on the Wordfeud mid-game board, and
    the median and max over the racks with a blank."""
    from tests.wordfeud_draw import MIDGAME

    rules, board = crossword_rules("wordfeud"), tuple(MIDGAME.board)
    times = {rack: round(timed(partial(cw.generate, board, rack, rules, lexicon), repeat), 1)
             for rack in MIDGAME_RACKS}
    blanks = [ms for rack, ms in times.items() if BLANK in rack]
    return {"ms": times, "moves": {rack: len(cw.generate(board, rack, rules, lexicon))
                                   for rack in MIDGAME_RACKS},
            "blank_median_ms": statistics.median(blanks), "blank_max_ms": max(blanks)}


def bench() -> dict[str, Any]:
    """Return the medians per rack kind, their targets and ratios, the profile's top, and the
    Wordfeud mid-game board's racks."""
    lexicon = wordlist.load("enable")
    wordlist.crossword_table(lexicon)  # as a solve has it: read from the cache
    cases = positions(lexicon)
    report: dict[str, Any] = {"positions": len(cases), "variant": SCRABBLE.game,
                              "tiles_on_board_median": statistics.median(
                                  sum(square != cw.EMPTY for row in board for square in row)
                                  for board, _ in cases)}
    for kind, target in TARGETS_MS.items():
        times, counts = [], []
        for board, racks in cases:
            times.append(timed(partial(cw.generate, board, racks[kind], SCRABBLE, lexicon),
                               repeat=3 if kind != "two_blanks" else 1))
            counts.append(len(cw.generate(board, racks[kind], SCRABBLE, lexicon)))
        median = statistics.median(times)
        figures = {"median_ms": round(median, 2), "target_ms": target,
                   "max_ms": round(max(times), 2), "meets_target": median <= target,
                   "moves_median": statistics.median(counts)}
        if kind in COMPILED_MS:
            figures["compiled_ms"] = COMPILED_MS[kind]
            figures["times_compiled"] = round(median / COMPILED_MS[kind])
        report[kind] = figures
    board, racks = cases[len(cases) // 2]
    report["profile_one_blank"] = profile_top(
        lambda: cw.generate(board, racks["one_blank"], SCRABBLE, lexicon))
    report["wordfeud_midgame"] = midgame(lexicon)
    report["languages"] = languages()
    return report


def medians(rules: CrosswordRules, lexicon: Lexicon, count: int) -> dict[str, float]:
    """Return the median time of all moves, no blank and one blank, on self-played positions."""
    cases = positions(lexicon, count, rules)

    def moves(board: Any, rack: Any) -> Callable[[], object]:
        return lambda: cw.generate(board, rack, rules, lexicon)

    return {kind: round(statistics.median(timed(moves(board, racks[kind]), 3)
                                          for board, racks in cases), 2)
            for kind in ("no_blank", "one_blank")}


def languages(count: int = 12) -> dict[str, Any]:
    """Return Wordfeud in Swedish (the installed list, wswedish) against Wordfeud in English
    (ENABLE) on self-played positions: the medians and their ratio (target: at most 2)."""
    english = medians(crossword_rules("wordfeud"), wordlist.load("enable"), count)
    swedish = medians(crossword_rules("wordfeud", "sv"),
                      wordlist.load("swedish", language=LANGUAGES["sv"]), count)
    ratios = {kind: round(swedish[kind] / english[kind], 2) for kind in english}
    return {"positions": count, "wordfeud_en_ms": english, "wordfeud_sv_ms": swedish,
            "sv_over_en": ratios, "target_ratio": 2.0,
            "meets_target": all(ratio <= 2.0 for ratio in ratios.values())}
