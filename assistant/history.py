"""`assistant history`: the rounds played and what each game taught us, read from the store."""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING, Any

from .core.types import BadInput
from .options import whole
from .profiles import PROFILES

if TYPE_CHECKING:
    from .store.store import Removed, Round, Store

WIDTH = 100  # text lines are wrapped to this width


def add_arguments(history: argparse.ArgumentParser) -> None:
    """Add the options of `assistant history`."""
    history.add_argument("--game", choices=sorted(PROFILES), help="only this game")
    history.add_argument("--limit", type=whole(), default=20, help="rounds listed (default 20)")
    history.add_argument("--forget", nargs="?", const=True, default=False, metavar="WORD",
                         help="clear the history and learned words (only --game's, if given);"
                              " with a WORD, only what was learned of that word")
    history.add_argument("--json", action="store_true", help="print JSON")


def run(options: argparse.Namespace) -> dict[str, Any]:
    """Return the history as JSON, or forget it (--forget) and say what was removed."""
    from .store.store import Removed, Store
    from .store.user import default_path

    if options.limit < 1:
        raise BadInput(f"history --limit {options.limit}: give a positive number of rounds")
    path, game = default_path(), options.game
    word = options.forget if isinstance(options.forget, str) else None
    if word is not None and not word.isalpha():
        raise BadInput(f"history --forget {word}: give a word (letters only)")
    if not path.exists():  # nothing played yet: say so without creating the file
        shown = forgotten(game, word, Removed(0, 0, 0)) if options.forget else {
            "rounds": [], "learned": {}}
    else:
        with Store.open(path, strict=True) as store:  # a fault of the file: one line, exit 2
            shown = (forgotten(game, word, store.forget(game, word)) if options.forget
                     else show(store, game, options.limit))
    return {"store": str(path), **shown}


def show(store: Store, game: str | None, limit: int) -> dict[str, Any]:
    """Return the JSON of the latest rounds and of what each game (or this one) taught."""
    games = [game] if game else store.games()
    return {"rounds": [round_json(r) for r in store.rounds(game, limit)],
            "learned": {name: {"rejected": sorted(store.rejected(name)),
                               "doubted": sorted(store.doubted(name)),
                               "accepted_unknown": sorted(store.accepted_unknown(name))}
                        for name in games}}


def forgotten(game: str | None, word: str | None, removed: Removed) -> dict[str, Any]:
    """Return the JSON of what --forget removed (a word: only what was learned of it)."""
    return {"forgot": {"game": game, **({"word": word.upper()} if word else {}),
                       "rounds": removed.rounds, "plays": removed.plays,
                       "words": removed.words}}


def round_json(played: Round) -> dict[str, Any]:
    """Return one round (a store.Round) as JSON: when, board, counts, points, speed, words."""
    from datetime import datetime, timezone

    speed = played.words_per_second
    return {"id": played.id, "game": played.game, "board": played.board,
            "when": datetime.fromtimestamp(played.started, timezone.utc).isoformat(),
            "started": played.started, "points": played.points, "seconds": played.seconds,
            "tried": len(played.plays), "accepted": played.count("accepted"),
            "rejected": played.count("rejected"),
            "words_per_second": None if speed is None else round(speed, 3),
            "plays": [{"word": p.word, "path": list(p.path), "verdict": p.verdict,
                       "points": p.points, "at": p.at} for p in played.plays]}


COLUMNS = (  # heading, alignment, how a round's JSON shows in it
    ("when", "<", lambda r: time.strftime("%Y-%m-%d %H:%M", time.localtime(r["started"]))),
    ("game", "<", lambda r: r["game"]),
    ("board", "<", lambda r: r["board"]),
    ("tried", ">", lambda r: r["tried"]),
    ("accepted", ">", lambda r: r["accepted"]),
    ("rejected", ">", lambda r: r["rejected"]),
    ("points", ">", lambda r: "-" if r["points"] is None else r["points"]),
    ("words/s", ">", lambda r: "-" if r["words_per_second"] is None
     else f"{r['words_per_second']:.2f}"),
)


def render(result: dict[str, Any]) -> str:
    """Return the history as a readable table and lists, or what --forget removed."""
    if "forgot" in result:
        return render_forgot(result["forgot"], result["store"])
    lines = [f"history: {result['store']}"]
    if result["rounds"]:
        lines += ["rounds, newest first:", *table(result["rounds"])]
    else:
        lines.append("no rounds played yet")
    for game, learned in result["learned"].items():
        lines.append(f"learned by {game}:")
        lines += listed("rejected, never tried again", learned["rejected"])
        lines += listed("rejected without enough evidence, tried again", learned["doubted"])
        lines += listed("accepted, not in the lexicon", learned["accepted_unknown"])
    return "\n".join(lines)


def table(rounds: list[dict[str, Any]]) -> list[str]:
    """Return the lines of the rounds table: headings, then one line per round."""
    cells = [[name for name, _, _ in COLUMNS],
             *([str(show(r)) for _, _, show in COLUMNS] for r in rounds)]
    widths = [max(len(line[n]) for line in cells) for n in range(len(COLUMNS))]
    return ["  " + "  ".join(f"{cell:{align}{width}}" for cell, (_, align, _), width
                             in zip(line, COLUMNS, widths, strict=True)).rstrip()
            for line in cells]


def listed(what: str, words: list[str]) -> list[str]:
    """Return the lines that list some learned words, wrapped."""
    import textwrap

    text = f"{what} ({len(words)}): {', '.join(words) or '-'}"
    return textwrap.wrap(text, WIDTH, initial_indent="  ", subsequent_indent="    ")


def render_forgot(removed: dict[str, Any], where: str) -> str:
    """Return one line saying what --forget removed, and from where."""
    if "word" in removed:
        game = f" by {removed['game']}" if removed["game"] else ""
        return (f"forgot what was learned of {removed['word']}{game} in {where}: "
                f"{counted(removed['words'], 'learned word')}")
    whose = f"{removed['game']}'s history" if removed["game"] else "the whole history"
    return (f"forgot {whose} in {where}: {counted(removed['rounds'], 'round')}, "
            f"{counted(removed['plays'], 'word')} played, "
            f"{counted(removed['words'], 'learned word')}")


def counted(number: int, thing: str) -> str:
    """Return a count and a noun: '1 round', '3 rounds'."""
    return f"{number} {thing}" + "s" * (number != 1)
