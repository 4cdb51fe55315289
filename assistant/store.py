"""What each game taught us, and the rounds played: one SQLite file per user (stdlib sqlite3).

Per game the store keeps the words the game rejected (never tried again), the words it accepted
that the player's lexicon lacked (to add), and every round: the board, when, each word played
with the game's verdict, the points and the time taken.

It loses nothing and never corrupts: the file is in WAL mode, and every write is one short
transaction committed at once (a killed process loses at most the write in flight; with
synchronous=NORMAL only a power cut can undo the last commits). Two processes may write at
once: a writer takes the lock when its transaction begins and the other waits (busy timeout).

Threads: one Store may be used from any thread, one call at a time (each call holds the
store's lock), so the shell may open it and hand it to the playing loop's thread. A store
opened in another process is another Store.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .core.types import BadInput

FILENAME = "history.sqlite"
BUSY_SECONDS = 10.0  # how long a writer waits for another process's transaction
VERDICTS = ("accepted", "repeated", "rejected", "no feedback")  # the game's feedback on a word
LEARNED = {"accepted": "accepted", "repeated": "accepted", "rejected": "rejected"}  # what it says
PRAGMAS = ("PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON")

# MIGRATIONS[n] brings the schema from version n to n + 1 (PRAGMA user_version counts them).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    ("""CREATE TABLE rounds (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            board TEXT NOT NULL,
            started REAL NOT NULL,  -- Unix time
            points INTEGER,  -- the round's score; NULL until it ends
            seconds REAL)  -- how long it was played; NULL until it ends""",
     "CREATE INDEX rounds_by_game ON rounds (game, started)",
     f"""CREATE TABLE plays (
            id INTEGER PRIMARY KEY,
            round INTEGER NOT NULL REFERENCES rounds (id),
            word TEXT NOT NULL,
            path TEXT NOT NULL,  -- tile indices, row-major, space-separated
            verdict TEXT NOT NULL CHECK (verdict IN {VERDICTS}),
            points INTEGER NOT NULL,
            at REAL NOT NULL)  -- seconds since the round started""",
     "CREATE INDEX plays_by_round ON plays (round)",
     """CREATE TABLE words (
            game TEXT NOT NULL,
            word TEXT NOT NULL,
            verdict TEXT NOT NULL CHECK (verdict IN ('accepted', 'rejected')),  -- the latest
            in_lexicon INTEGER NOT NULL,  -- 1 when the player's lexicon had the word
            judged REAL NOT NULL,  -- Unix time of the latest verdict
            PRIMARY KEY (game, word)) WITHOUT ROWID"""),
)
SCHEMA = len(MIGRATIONS)


@dataclass(frozen=True)
class Play:
    """One word played: the tiles dragged, the game's verdict, points, seconds into the round."""

    word: str
    path: tuple[int, ...]
    verdict: str
    points: int
    at: float


@dataclass(frozen=True)
class Round:
    """One round: its board, when it started, its words, and (once ended) its points and time."""

    id: int
    game: str
    board: str
    started: float  # Unix time
    points: int | None  # None: the round never ended (play was stopped)
    seconds: float | None
    plays: tuple[Play, ...] = ()

    def count(self, verdict: str) -> int:
        """Return how many words played got this verdict."""
        return sum(play.verdict == verdict for play in self.plays)

    @property
    def words_per_second(self) -> float | None:
        """Return the words played (tried) per second, or None when the time is unknown."""
        return len(self.plays) / self.seconds if self.seconds else None


@dataclass(frozen=True)
class Removed:
    """What forget() removed: rounds, the words played in them, and learned words."""

    rounds: int
    plays: int
    words: int


def default_path() -> Path:
    """Return where the user's store lives: history.sqlite in the data folder (a store left in
    the folder of versions before 0.2 is brought over first: upgrade.py)."""
    from .adapters.dirs import data_dir, old_data_dir

    path, old = data_dir() / FILENAME, old_data_dir()
    if old is not None and old != path.parent and (old / FILENAME).exists():
        from .upgrade import bring_in

        bring_in(old / FILENAME, path)
    return path


class Store:
    """The SQLite store. Open it with Store.open(); use it as a context manager to close it."""

    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self.db, self.path, self.lock = db, path, threading.RLock()

    @classmethod
    def open(cls, path: str | Path | None = None) -> Store:
        """Return the store at a path (default: the user's), created and migrated if need be."""
        path = Path(path) if path is not None else default_path()
        with reported(path):
            path.parent.mkdir(parents=True, exist_ok=True)
            store = cls(connect(path), path)
            try:
                store.migrate()
            except BaseException:
                store.close()
                raise
        return store

    def close(self) -> None:
        """Close the connection."""
        with self.lock:
            self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[sqlite3.Connection]:
        """Yield the connection inside one transaction (a writing one takes the write lock at
        once, waiting for other processes); commit at the end, roll back on any error."""
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield self.db
            except BaseException:
                if self.db.in_transaction:  # SQLite may have rolled it back already
                    self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def migrate(self) -> None:
        """Bring the schema up to this version's (PRAGMA user_version), or refuse a newer one."""
        if version(self.db) == SCHEMA:
            return
        with self.transaction() as db:
            found = version(db)  # again, under the write lock: another process may have done it
            if found > SCHEMA:
                raise BadInput(f"history {self.path}: written by a newer assistant "
                               f"(schema {found}; this one knows {SCHEMA})")
            for statements in MIGRATIONS[found:]:
                for statement in statements:
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA}")

    def start_round(self, game: str, board: str, when: float | None = None) -> int:
        """Record a round starting now (or at Unix time `when`); return its id."""
        with self.transaction() as db:
            cursor = db.execute("INSERT INTO rounds (game, board, started) VALUES (?, ?, ?)",
                                (game, board, time.time() if when is None else when))
        return int(cursor.lastrowid or 0)

    def add_play(self, round_id: int, word: str, path: Sequence[int], verdict: str,
                 points: int, at: float) -> None:
        """Record one word played in a round (`at`: seconds since the round started)."""
        check(verdict)
        with self.transaction() as db:
            db.execute("INSERT INTO plays (round, word, path, verdict, points, at)"
                       " VALUES (?, ?, ?, ?, ?, ?)",
                       (round_id, word.upper(), " ".join(map(str, path)), verdict, points, at))

    def end_round(self, round_id: int, points: int, seconds: float) -> None:
        """Record a round's final points and how long it was played."""
        with self.transaction() as db:
            db.execute("UPDATE rounds SET points = ?, seconds = ? WHERE id = ?",
                       (points, seconds, round_id))

    def learn(self, game: str, word: str, verdict: str, in_lexicon: bool,
              when: float | None = None) -> None:
        """Remember the game's latest verdict on a word ('no feedback' teaches nothing)."""
        check(verdict)
        if verdict not in LEARNED:
            return
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO words VALUES (?, ?, ?, ?, ?)",
                       (game, word.upper(), LEARNED[verdict], int(in_lexicon),
                        time.time() if when is None else when))

    def rejected(self, game: str) -> set[str]:
        """Return the words this game rejected (do not try them again)."""
        return self.learned(game, "verdict = 'rejected'")

    def accepted_unknown(self, game: str) -> set[str]:
        """Return the words this game accepted that the player's lexicon lacked."""
        return self.learned(game, "verdict = 'accepted' AND NOT in_lexicon")

    def learned(self, game: str, where: str) -> set[str]:
        """Return the learned words of a game that meet a condition (an SQL expression)."""
        with self.transaction(write=False) as db:
            rows = db.execute(f"SELECT word FROM words WHERE game = ? AND {where}", (game,))
            return {word for (word,) in rows}

    def games(self) -> list[str]:
        """Return the games with rounds or learned words, alphabetically."""
        with self.transaction(write=False) as db:
            rows = db.execute("SELECT game FROM rounds UNION SELECT game FROM words ORDER BY 1")
            return [game for (game,) in rows]

    def rounds(self, game: str | None = None, limit: int = 20) -> list[Round]:
        """Return the latest rounds (of one game, or all), newest first, with their plays."""
        with self.transaction(write=False) as db:
            rows = db.execute("SELECT id, game, board, started, points, seconds FROM rounds"
                              " WHERE ?1 IS NULL OR game = ?1 ORDER BY started DESC, id DESC"
                              " LIMIT ?2", (game, limit)).fetchall()
            plays = plays_of(db, [row[0] for row in rows])
        return [Round(key, name, board, started, points, seconds, tuple(plays.get(key, ())))
                for key, name, board, started, points, seconds in rows]

    def forget(self, game: str | None = None) -> Removed:
        """Remove the rounds, plays and learned words of one game (or of all); say how many."""
        with self.transaction() as db:
            only = "WHERE ?1 IS NULL OR game = ?1"
            plays = db.execute(f"DELETE FROM plays WHERE round IN (SELECT id FROM rounds {only})",
                               (game,)).rowcount
            rounds = db.execute(f"DELETE FROM rounds {only}", (game,)).rowcount
            words = db.execute(f"DELETE FROM words {only}", (game,)).rowcount
        return Removed(rounds, plays, words)


def check(verdict: str) -> None:
    """Raise ValueError unless the verdict is one of the game's."""
    if verdict not in VERDICTS:
        raise ValueError(f"verdict {verdict!r} is not one of {VERDICTS}")


def connect(path: Path) -> sqlite3.Connection:
    """Return a connection in autocommit mode (transactions are explicit), WAL, busy timeout."""
    db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None,
                         check_same_thread=False)  # the store's lock serialises the threads
    try:
        for pragma in PRAGMAS:
            patiently(db, pragma)
    except sqlite3.Error:
        db.close()
        raise
    return db


def patiently(db: sqlite3.Connection, statement: str) -> None:
    """Run a statement, trying again for up to BUSY_SECONDS while another process holds the
    file: SQLite does not wait by itself to switch a new file to WAL (it needs the file to
    itself), so two processes creating the store at once would otherwise fail."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            db.execute(statement)
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


@contextmanager
def reported(path: Path) -> Iterator[None]:
    """Turn a failure to open or set up the file into one BadInput line naming it."""
    try:
        yield
    except (OSError, sqlite3.Error) as err:
        raise BadInput(f"history {path}: cannot open it ({err})") from None


def version(db: sqlite3.Connection) -> int:
    """Return the schema version written in the database (0 for a new file)."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def plays_of(db: sqlite3.Connection, round_ids: list[int]) -> dict[int, list[Play]]:
    """Return round id -> its plays in the order played, for these rounds."""
    found: dict[int, list[Play]] = {}
    marks = ", ".join("?" * len(round_ids))
    for round_id, word, path, verdict, points, at in db.execute(
            f"SELECT round, word, path, verdict, points, at FROM plays WHERE round IN ({marks})"
            " ORDER BY id", round_ids):
        found.setdefault(round_id, []).append(
            Play(word, tuple(map(int, path.split())), verdict, points, at))
    return found
