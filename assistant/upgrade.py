"""The store of versions before 0.2 brought over from their data folder (named `assistant`) to
this one's (named after the package, `wordgame-assistant`), the first time the store is used.

The old store's rounds, with their plays, and its learned words are copied into the new store
(created if need be) in one transaction, which holds the new store's write lock; the old file
is then renamed history-moved-TIME.sqlite, kept beside where it was. The copy skips a round the
new store already has (the same game, board and start) and keeps the later verdict on a word,
so a copy made twice (two processes starting at once, or one stopped before the rename) counts
nothing twice, and a user with a store in each folder (an old version run after the new one)
keeps both histories.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from pathlib import Path

from .core.types import BadInput
from .store import Store

ROUND = "game, board, started, points, seconds"
PLAY = "word, path, verdict, points, at"
WORD = "game, word, verdict, in_lexicon, judged"


def bring_in(old: Path, new: Path) -> None:
    """Copy the store at old into the store at new, then rename old aside; when that fails,
    say why in one line on stderr and leave old as it is (nothing is lost)."""
    try:
        with Store.open(new) as store:
            with store.transaction() as db:
                if not old.exists():  # another process brought it in while this one waited
                    return
                with Store.open(old) as source, source.transaction(write=False) as src:
                    copy(src, db)
            os.replace(old, old.with_name(f"{old.stem}-moved-{time.strftime('%Y%m%d-%H%M%S')}"
                                          f"{old.suffix}"))
    except FileNotFoundError:  # renamed by another process that copied it too
        pass
    except (BadInput, OSError, sqlite3.Error) as err:
        print(f"assistant: the history in {old} was not brought to {new}, and is left there "
              f"({err})", file=sys.stderr)


def copy(src: sqlite3.Connection, db: sqlite3.Connection) -> None:
    """Copy every round of src that db lacks, with its plays, and every learned word of src
    whose verdict is later than db's."""
    have = set(db.execute("SELECT game, board, started FROM rounds"))
    for key, *row in src.execute(f"SELECT id, {ROUND} FROM rounds ORDER BY id").fetchall():
        if tuple(row[:3]) in have:
            continue
        added = db.execute(f"INSERT INTO rounds ({ROUND}) VALUES (?, ?, ?, ?, ?)", row).lastrowid
        plays = src.execute(f"SELECT {PLAY} FROM plays WHERE round = ? ORDER BY id", (key,))
        db.executemany(f"INSERT INTO plays (round, {PLAY}) VALUES (?, ?, ?, ?, ?, ?)",
                       [(added, *play) for play in plays])
    db.executemany(f"INSERT INTO words ({WORD}) VALUES (?, ?, ?, ?, ?) ON CONFLICT (game, word)"
                   " DO UPDATE SET verdict = excluded.verdict, in_lexicon = excluded.in_lexicon,"
                   " judged = excluded.judged WHERE excluded.judged > words.judged",
                   src.execute(f"SELECT {WORD} FROM words").fetchall())
