"""The store of versions before 0.2 brought over from their data folder (named `assistant`) to
this one's (named after the package, `wordgame-assistant`), the first time the store is used.

The old store (migrated to this schema first) is copied into the new store (created if need
be) in one transaction, which holds the new store's write lock: its rounds with their plays,
and the evidence on each word, which is then judged again on all the evidence there is; the old
file is then renamed history-moved-TIME.sqlite, kept beside where it was. The copy skips a round
the new store already has (the same game, board and start) and a sighting it already has, so
a copy made twice (two processes starting at once, or one stopped before the rename) counts
nothing twice, and a user with a store in each folder (an old version run after the new one)
keeps both histories.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from pathlib import Path

from ..core.types import BadInput
from .store import Store, judging

ROUND = "game, board, started, points, seconds"
PLAY = "word, path, verdict, points, at"
SIGHTING = "game, word, verdict, clean, board, round, dealt, in_lexicon, seen"


def bring_in(old: Path, new: Path) -> None:
    """Copy the store at old into the store at new, then rename old aside; when that fails,
    say why in one line on stderr and leave old as it is (nothing is lost)."""
    try:
        with Store.open(new, strict=True) as store:
            if not store.run(lambda db: bring(old, db)):
                return  # another process brought it in while this one waited
            os.replace(old, old.with_name(f"{old.stem}-moved-{time.strftime('%Y%m%d-%H%M%S')}"
                                          f"{old.suffix}"))
    except FileNotFoundError:  # renamed by another process that copied it too
        pass
    except (BadInput, OSError, sqlite3.Error) as err:
        print(f"assistant: the history in {old} was not brought to {new}, and is left there "
              f"({err})", file=sys.stderr)


def bring(old: Path, db: sqlite3.Connection) -> bool:
    """Copy the store at old into db (inside db's write transaction); False if old is gone."""
    if not old.exists():
        return False
    with Store.open(old, strict=True) as source:
        source.run(lambda src: copy(src, db), write=False)
    return True


def copy(src: sqlite3.Connection, db: sqlite3.Connection) -> None:
    """Copy every round of src that db lacks, with its plays, and every sighting of a word
    that db lacks; then judge the words again on all the evidence."""
    have = set(db.execute("SELECT game, board, started FROM rounds"))
    moved: dict[int, int] = {}
    for key, *row in src.execute(f"SELECT id, {ROUND} FROM rounds ORDER BY id").fetchall():
        if tuple(row[:3]) in have:
            continue
        added = db.execute(f"INSERT INTO rounds ({ROUND}) VALUES (?, ?, ?, ?, ?)", row).lastrowid
        moved[key] = int(added or 0)
        plays = src.execute(f"SELECT {PLAY} FROM plays WHERE round = ? ORDER BY id", (key,))
        db.executemany(f"INSERT INTO plays (round, {PLAY}) VALUES (?, ?, ?, ?, ?, ?)",
                       [(added, *play) for play in plays])
    seen = set(db.execute("SELECT game, word, seen FROM sightings"))
    db.executemany(f"INSERT INTO sightings ({SIGHTING}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   [(*row[:5], moved.get(row[5]), *row[6:])
                    for row in src.execute(f"SELECT {SIGHTING} FROM sightings ORDER BY id")
                    if (row[0], row[1], row[8]) not in seen])
    db.execute(judging("1"))
