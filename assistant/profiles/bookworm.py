"""Bookworm Adventures: tiles in (text, or read from a screen), the best attacks out."""

from __future__ import annotations

from argparse import Namespace
from collections.abc import Sequence
from dataclasses import replace
from typing import TypedDict

from ..core import bookworm as bw
from ..core.anagram import Attack, Index
from ..core.gestures import Click, Gesture, Point, centre
from ..core.lexicon import Lexicon
from ..core.rules import BOOKWORM, BookwormRules
from ..core.types import BadInput, Tile
from ..files import wordlist
from ..vision.types import Reading
from .types import Play, Ranking, Solved

TOP = 10  # words listed when --top is not given
COLS = 4  # tiles per row on screen
# the Attack button, in tile pitches from the grid's centre: centred, just under the grid (the
# Bookworm Adventures battle screen: a grid of 204 px, its button's centre 158 px below its own)
ATTACK = (0.0, 3.1)
ATTACK_MIDDLE = (2.0, 0.4)  # the part of the button read for its light: width, height (pitches)
# the word bar the clicked tiles go up to: centred over the grid, 2.5 pitches above its centre;
# its letters LETTER_SLOT pitches apart, closer when the word would not fit in WORD_WIDTH
# (the practice game's layout; the real game's word bar is assumed to sit there too)
WORD_BAR = (0.0, -2.5)
LETTER_SLOT = 0.55
WORD_WIDTH = 4.2


class TileJSON(TypedDict):
    """One tile as solved: its text ("E", "QU", "?", "#") and its state."""

    text: str
    state: str | None


class SituationJSON(TypedDict):
    """What the strategy knew: Lex's health in hearts, the enemy's statuses."""

    health: float | None
    enemy: list[str]


class AttackJSON(TypedDict):
    """One word: the tiles to click in order, what each spells, damage and rank in hearts."""

    word: str
    tiles: list[int]
    letters: list[str]
    damage: float
    gems: list[str]
    score: float
    rank_reason: Ranking  # written in the JSON as one line (types.printable)


class BookwormResult(Solved):
    """The tiles, and the best words in this situation, best first."""

    tiles: list[TileJSON]
    situation: SituationJSON
    words: list[AttackJSON]
    strongest: AttackJSON | None


def solve(game: str, options: Namespace, lexicon: Lexicon) -> BookwormResult:
    """Return the JSON result for tiles given as --tiles text."""
    if not options.tiles:
        raise BadInput(f"{game}: give the tiles as --tiles TEXT, e.g. 'P A O R/A:locked E P S',"
                       " or a screenshot file")
    rules = rules_for(options.min_len)
    tiles = bw.parse_tiles(options.tiles, rules)
    where = bw.situation(options.health, options.enemy, rules)
    return result(tiles, wordlist.index(lexicon), where, options.top or TOP, rules)


def rules_for(min_len: int | None) -> BookwormRules:
    """Return Bookworm's rules, with another shortest word when one is asked for."""
    return BOOKWORM if min_len is None else replace(BOOKWORM, min_len=min_len)


def solve_reading(game: str, reading: Reading, options: Namespace,
                  lexicon: Lexicon) -> BookwormResult:
    """Return the JSON result for tiles read from a screenshot: a tile read uncertainly (or cut
    off by the image) is left out, as if it were not there, and listed under "blocked"; an
    empty cell (the grid still settling) holds no tile."""
    rules = rules_for(options.min_len)
    doubtful = set(reading.uncertain())
    absent = {i for i, cell in enumerate(reading.cells) if i in doubtful or not cell.text}
    tiles = [bw.make_tile("#" if i in absent else cell.text,
                          None if i in absent else cell.state, f"cell {i + 1}", rules)
             for i, cell in enumerate(reading.cells)]
    where = bw.situation(options.health, options.enemy, rules)
    return {**result(tiles, wordlist.index(lexicon), where, options.top or TOP, rules),
            "blocked": sorted(doubtful)}


def best_play(result: BookwormResult) -> Play:
    """Return the best word's tiles in click order and a caption naming it, for --annotate."""
    if not result["words"]:
        return Play([], "bookworm: no word can be made")
    best = result["words"][0]
    gems = f", uses {', '.join(best['gems'])}" if best["gems"] else ""
    return Play(best["tiles"], f"bookworm: best {best['word']} ({in_hearts(best['damage'])}"
                f"{gems})")


def gestures(result: BookwormResult, reading: Reading, origin: Point) -> list[Gesture]:
    """Return the clicks that play the best word: its tiles in order, then Attack."""
    if not result["words"]:
        return []
    centres = [centre(cell.box, origin) for cell in reading.cells]
    best = result["words"][0]
    return [*(Click(centres[i], f"tile {i} {letter}")
              for i, letter in zip(best["tiles"], best["letters"], strict=True)),
            Click(beside(reading, origin, ATTACK), "Attack")]


def pitches(reading: Reading) -> tuple[float, float]:
    """Return the grid's pitch across and down, in pixels (from one tile's centre to the
    next's)."""
    (x0, y0), (x1, _), (_, y1) = (centre(reading.cells[i].box, (0, 0)) for i in (0, 1, COLS))
    return x1 - x0, y1 - y0


def beside(reading: Reading, origin: Point, offset: tuple[float, float]) -> Point:
    """Return the screen point this many tile pitches (x, y) from the grid's centre."""
    (x0, y0), (x1, y1) = (centre(reading.cells[i].box, origin) for i in (0, -1))
    across, down = pitches(reading)
    return round((x0 + x1) / 2 + offset[0] * across), round((y0 + y1) / 2 + offset[1] * down)


def attack_middle(reading: Reading, origin: Point) -> tuple[int, int, int, int]:
    """Return the box (x, y, w, h, screen pixels) of the Attack button's middle: where its
    light is read."""
    x, y = beside(reading, origin, ATTACK)
    across, _ = pitches(reading)
    w, h = round(ATTACK_MIDDLE[0] * across), round(ATTACK_MIDDLE[1] * across)
    return x - w // 2, y - h // 2, w, h


def last_letter(reading: Reading, origin: Point, length: int) -> Click:
    """Return the click on the last letter of a word of this length in the word bar (which
    puts that tile back in the grid)."""
    slot = min(LETTER_SLOT, WORD_WIDTH / length)
    return Click(beside(reading, origin, (WORD_BAR[0] + slot * (length - 1) / 2, WORD_BAR[1])),
                 f"letter {length} of the word")


def solve_tiles(tiles: Sequence[tuple[str, str | None]], lexicon: Lexicon | Index,
                health: float | None = None, enemy: Sequence[str] = (),
                top: int = TOP) -> BookwormResult:
    """Return the JSON result for tiles read elsewhere (e.g. a screenshot): (text, state) pairs.

    Text is a letter, "QU", "?" (rainbow) or "#" (no tile); state a gem, harm, "normal" or None.
    """
    checked = [bw.make_tile(text, state, f"{text!r} (tile {n + 1})", BOOKWORM)
               for n, (text, state) in enumerate(tiles)]
    index = lexicon if isinstance(lexicon, Index) else wordlist.index(lexicon)
    return result(checked, index, bw.situation(health, enemy, BOOKWORM), top, BOOKWORM)


def result(tiles: list[Tile], index: Index, where: bw.Situation, top: int,
           rules: BookwormRules) -> BookwormResult:
    """Return the contract's JSON object: the tiles, then the best words in this situation."""
    found = bw.attacks(tiles, index, rules, where, top)
    weighed = any(bw.weights(where).get(t.state or bw.NORMAL) for t in tiles)
    strongest = bw.strongest(tiles, index, rules) if weighed else (found[0] if found else None)
    return BookwormResult(
        game="bookworm",
        tiles=[TileJSON(text=t.text, state=t.state) for t in tiles],
        situation=SituationJSON(health=None if where.health is None else float(where.health),
                                enemy=sorted(where.enemy)),
        words=[word_json(attack, tiles, where, rules) for attack in found],
        strongest=word_json(strongest, tiles, bw.Situation(), rules) if strongest else None)


def word_json(attack: Attack, tiles: list[Tile], where: bw.Situation,
              rules: BookwormRules) -> AttackJSON:
    """Return one word's JSON: the tiles to click in order, its damage, gems and why it ranks."""
    why = bw.reasons(bw.states_used(attack, tiles), where)
    return AttackJSON(
        word=attack.word, tiles=list(attack.tiles), letters=list(attack.letters),
        damage=bw.hearts(attack.damage), gems=bw.gems_used(attack, tiles, rules),
        score=bw.hearts(attack.score),
        rank_reason=Ranking(f"{in_hearts(bw.hearts(attack.damage))} of damage", tuple(why)))


def render(result: BookwormResult) -> str:
    """Return a readable table of the best words: damage, gems, tiles to click and why."""
    tiles, words = result["tiles"], result["words"]
    lines = ["bookworm: " + " / ".join(
        " ".join(tile_text(t) for t in tiles[r:r + COLS]) for r in range(0, len(tiles), COLS))]
    where = result["situation"]
    if where["health"] is not None or where["enemy"]:
        health = "unknown" if where["health"] is None else in_hearts(where["health"])
        lines.append(f"situation: Lex's health {health}; enemy "
                     + (", ".join(where["enemy"]) or "without status"))
    if not words:
        return "\n".join([*lines, "no word can be made from these tiles"])
    clicks = [" ".join(f"{i // COLS},{i % COLS}" for i in w["tiles"]) for w in words]
    width, reach = max(len(w["word"]) for w in words), max(map(len, clicks))
    lines.append(f"  {'word':<{width}}  damage  {'click (row,col)':<{reach}}  why")
    for w, click in zip(words, clicks, strict=True):
        why = [*w["rank_reason"].why, *[f"uses {', '.join(w['gems'])}"] * bool(w["gems"])]
        line = f"  {w['word']:<{width}}  {w['damage']:>6g}  {click:<{reach}}  {'; '.join(why)}"
        lines.append(line.rstrip())
    best = result["strongest"]
    if best and best["word"] != words[0]["word"]:
        lines.append(f"strongest: {best['word']} ({in_hearts(best['damage'])}), ranked lower "
                     "by the strategy")
    return "\n".join(lines)


def in_hearts(hearts: float) -> str:
    """Return a number of hearts as words: '1 heart', '2.75 hearts'."""
    return f"{hearts:g} heart" + "s" * (hearts != 1)


def tile_text(tile: TileJSON) -> str:
    """Return a tile as the --tiles syntax writes it."""
    return tile["text"] + ("" if tile["state"] == bw.NORMAL else f":{tile['state']}")
