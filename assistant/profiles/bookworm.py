"""Bookworm Adventures: tiles in (text, or read from a screen), the best attacks out."""

from __future__ import annotations

from argparse import Namespace
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .. import wordlist
from ..core import bookworm as bw
from ..core.anagram import Attack, Index
from ..core.lexicon import Lexicon
from ..core.rules import BOOKWORM, BookwormRules
from ..core.types import BadInput, Tile
from ..vision.types import Reading

NEEDS_LEXICON = True
TOP = 10  # words listed when --top is not given
COLS = 4  # tiles per row on screen


def solve(game: str, options: Namespace, lexicon: Lexicon) -> dict[str, Any]:
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
                  lexicon: Lexicon) -> dict[str, Any]:
    """Return the JSON result for tiles read from a screenshot: a tile read uncertainly (or cut
    off by the image) is left out, as if it were not there, and listed under "blocked"."""
    rules = rules_for(options.min_len)
    doubtful = set(reading.uncertain())
    tiles = [bw.make_tile("#" if i in doubtful or not cell.text else cell.text,
                          None if i in doubtful else cell.state, f"cell {i + 1}", rules)
             for i, cell in enumerate(reading.cells)]
    where = bw.situation(options.health, options.enemy, rules)
    return {**result(tiles, wordlist.index(lexicon), where, options.top or TOP, rules),
            "blocked": sorted(doubtful)}


def best_play(result: dict[str, Any]) -> tuple[list[int], str]:
    """Return the best word's tiles in click order and a caption naming it, for --annotate."""
    if not result["words"]:
        return [], "bookworm: no word can be made"
    best = result["words"][0]
    gems = f", uses {', '.join(best['gems'])}" if best["gems"] else ""
    return best["tiles"], f"bookworm: best {best['word']} ({in_hearts(best['damage'])}{gems})"


def solve_tiles(tiles: Sequence[tuple[str, str | None]], lexicon: Lexicon | Index,
                health: float | None = None, enemy: Sequence[str] = (),
                top: int = TOP) -> dict[str, Any]:
    """Return the JSON result for tiles read elsewhere (e.g. a screenshot): (text, state) pairs.

    Text is a letter, "QU", "?" (rainbow) or "#" (no tile); state a gem, harm, "normal" or None.
    """
    checked = [bw.make_tile(text, state, f"{text!r} (tile {n + 1})", BOOKWORM)
               for n, (text, state) in enumerate(tiles)]
    index = lexicon if isinstance(lexicon, Index) else wordlist.index(lexicon)
    return result(checked, index, bw.situation(health, enemy, BOOKWORM), top, BOOKWORM)


def result(tiles: list[Tile], index: Index, where: bw.Situation, top: int,
           rules: BookwormRules) -> dict[str, Any]:
    """Return the contract's JSON object: the tiles, then the best words in this situation."""
    found = bw.attacks(tiles, index, rules, where, top)
    weighed = any(bw.weights(where).get(t.state or bw.NORMAL) for t in tiles)
    strongest = bw.strongest(tiles, index, rules) if weighed else (found[0] if found else None)
    return {
        "game": "bookworm",
        "tiles": [{"text": t.text, "state": t.state} for t in tiles],
        "situation": {"health": None if where.health is None else float(where.health),
                      "enemy": sorted(where.enemy)},
        "words": [word_json(attack, tiles, where, rules) for attack in found],
        "strongest": strongest and word_json(strongest, tiles, bw.Situation(), rules),
    }


def word_json(attack: Attack, tiles: list[Tile], where: bw.Situation,
              rules: BookwormRules) -> dict[str, Any]:
    """Return one word's JSON: the tiles to click in order, its damage, gems and why it ranks."""
    why = bw.reasons(bw.states_used(attack, tiles), where)
    return {
        "word": attack.word,
        "tiles": list(attack.tiles),
        "letters": list(attack.letters),
        "damage": bw.hearts(attack.damage),
        "gems": bw.gems_used(attack, tiles, rules),
        "score": bw.hearts(attack.score),
        "rank_reason": "; ".join([f"{in_hearts(bw.hearts(attack.damage))} of damage", *why]),
    }


def render(result: dict[str, Any]) -> str:
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
        why = w["rank_reason"].split("; ")[1:] + [f"uses {', '.join(w['gems'])}"] * bool(w["gems"])
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


def tile_text(tile: dict[str, Any]) -> str:
    """Return a tile as the --tiles syntax writes it."""
    return tile["text"] + ("" if tile["state"] == bw.NORMAL else f":{tile['state']}")
