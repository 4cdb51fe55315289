"""What each game taught us, and the rounds played: one SQLite file per user (stdlib sqlite3).

Per game the store keeps the evidence on each word (every time the game accepted or rejected
it: when, on which board, and whether the verdict was seen cleanly, on the word's whole path),
the verdict that evidence supports, and every round: the board, when, each word played with
the game's verdict, the points and the time taken.

A word is banned (never tried again) only on enough evidence: one clean rejection, or
rejections in two different deals (a deal: a board as the game dealt it; the same board seen
again within SAME_DEAL seconds, by a second player on the window or a refill that deals it
again, is the same deal); and only while the deals that rejected it outnumber those that
accepted it (accepted evidence wins over a stray rejection). A rejection short of that leaves
the word doubted: it is tried again.

It loses nothing and never corrupts: the file is in WAL mode, and every write is one short
transaction committed at once (a killed process loses at most the write in flight; with
synchronous=NORMAL only a power cut can undo the last commits). Two processes may write at
once: a writer takes the lock when its transaction begins and the other waits (busy timeout).
A round forgotten (`history --forget`) while a player still writes it takes no more plays.

Faults (a read-only or full disk, a damaged or foreign file, a newer schema) are one line that
says what is wrong and what to do. A strict store (`history`) raises it as BadInput; a player's
store (the default) warns once and plays on in memory, saving nothing more: the file is never
written again by that process, and never wiped.

Threads: one Store may be used from any thread, one call at a time (each call holds the
store's lock), so the shell may open it and hand it to the playing loop's thread. A store
opened in another process is another Store.
"""

from __future__ import annotations

import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from ..core.types import BadInput

FILENAME = "history.sqlite"
BUSY_SECONDS = 10.0  # how long a writer waits for another process's transaction
VERDICTS = ("accepted", "repeated", "rejected", "no feedback")  # the game's feedback on a word
LEARNED = {"accepted": "accepted", "repeated": "accepted", "rejected": "rejected"}  # what it says
PRAGMAS = ("PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON")
CLEAN_TO_BAN = 1  # clean rejections (seen on the whole path) that ban a word
DEALS_TO_BAN = 2  # or deals it was rejected in
SAME_DEAL = 15.0  # seconds: one board seen again within this is the same deal
TABLES = {"rounds", "plays", "words", "sightings"}  # a store's tables (others: a foreign file)


def deals(verdict: str) -> str:
    """Return the SQL count of the different deals a word got this verdict in."""
    return f"COUNT(DISTINCT CASE WHEN verdict = '{verdict}' THEN board || ' ' || dealt END)"


def judging(where: str) -> str:
    """Return the SQL that (re)writes the verdict of the words whose sightings meet a condition:
    'rejected' (banned) on enough evidence, else 'accepted' if ever accepted, else 'doubted'."""
    return f"""INSERT OR REPLACE INTO words (game, word, verdict, in_lexicon, judged)
        SELECT game, word, CASE
            WHEN ({deals('rejected')} >= {DEALS_TO_BAN}
                  OR SUM(verdict = 'rejected' AND clean) >= {CLEAN_TO_BAN})
                 AND {deals('rejected')} > {deals('accepted')} THEN 'rejected'
            WHEN SUM(verdict = 'accepted') > 0 THEN 'accepted'
            ELSE 'doubted' END, MIN(in_lexicon), MAX(seen)
        FROM sightings WHERE {where} GROUP BY game, word"""


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
    # 2: evidence, not a verdict. The sightings are rebuilt from the plays (their rounds'
    # boards and deals), and from the latest verdicts of words never played in a round; none
    # is clean.
    ("""CREATE TABLE sightings (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            word TEXT NOT NULL,
            verdict TEXT NOT NULL CHECK (verdict IN ('accepted', 'rejected')),
            clean INTEGER NOT NULL,  -- 1: seen on the word's whole path (else partly, or unsure)
            board TEXT NOT NULL,  -- the board it was seen on ('' when not known)
            round INTEGER,  -- the round it was played in, if any (no link: rounds are forgotten)
            dealt REAL NOT NULL,  -- Unix time the deal began (its first round's start)
            in_lexicon INTEGER NOT NULL,  -- 1 when the player's lexicon had the word
            seen REAL NOT NULL)  -- Unix time""",
     "CREATE INDEX sightings_of_word ON sightings (game, word)",
     f"""INSERT INTO sightings (game, word, verdict, clean, board, round, dealt, in_lexicon,
                                seen)
        SELECT rounds.game, plays.word,
               CASE plays.verdict WHEN 'rejected' THEN 'rejected' ELSE 'accepted' END, 0,
               rounds.board, rounds.id,
               (SELECT min(deal.started) FROM rounds AS deal WHERE deal.game = rounds.game
                AND deal.board = rounds.board AND abs(deal.started - rounds.started) < {SAME_DEAL}),
               coalesce(words.in_lexicon, 1), rounds.started + plays.at
        FROM plays JOIN rounds ON rounds.id = plays.round
        LEFT JOIN words ON words.game = rounds.game AND words.word = plays.word
        WHERE plays.verdict IN ('accepted', 'repeated', 'rejected') ORDER BY plays.id""",
     """INSERT INTO sightings (game, word, verdict, clean, board, round, dealt, in_lexicon,
                                seen)
        SELECT game, word, verdict, 0, '', NULL, judged, in_lexicon, judged FROM words
        WHERE NOT EXISTS (SELECT 1 FROM sightings
                          WHERE sightings.game = words.game AND sightings.word = words.word)""",
     "DROP TABLE words",
     """CREATE TABLE words (
            game TEXT NOT NULL,
            word TEXT NOT NULL,
            verdict TEXT NOT NULL CHECK (verdict IN ('accepted', 'rejected', 'doubted')),
            in_lexicon INTEGER NOT NULL,  -- 0 when some sighting was of a word the lexicon lacks
            judged REAL NOT NULL,  -- Unix time of the latest sighting
            PRIMARY KEY (game, word)) WITHOUT ROWID""",
     judging("1")),
)
SCHEMA = len(MIGRATIONS)

# What a fault of the file is, by SQLite's error name (its first words): what is wrong, what
# to do, and whether what the file holds can still be read
FAULTS = (
    ("SQLITE_READONLY", "is read-only", "give yourself write access to it and its folder", True),
    ("SQLITE_FULL", "cannot grow: the disk is full", "free some disk space", True),
    ("SQLITE_IOERR", "cannot be written (a full disk, or a file size limit?)",
     "free some disk space, or check the disk", True),
    ("SQLITE_BUSY", "is locked by another process for too long",
     "let the other assistant finish, then try again", True),
    ("SQLITE_CORRUPT", "is damaged", "move it aside (a new one is started) or restore a backup",
     False),
    ("SQLITE_NOTADB", "is not a database", "move it aside (a new one is started)", False),
    ("SQLITE_CANTOPEN", "cannot be opened", "check that its folder exists and is writable",
     False),
)
T = TypeVar("T")


class Fault(Exception):
    """The store's file cannot be used: the message says what is wrong and what to do."""

    def __init__(self, message: str, readable: bool = False) -> None:
        super().__init__(message)
        self.readable = readable  # what the file holds can still be read


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


def complain(message: str) -> None:
    """Tell the user on stderr about a fault play goes on despite (a warning, not an error)."""
    print(f"assistant: warning: {message}", file=sys.stderr, flush=True)


class Store:
    """The SQLite store. Open it with Store.open(path); use it as a context manager to close it."""

    def __init__(self, db: sqlite3.Connection, path: Path, strict: bool = True,
                 warn: Callable[[str], None] = complain) -> None:
        self.db, self.path, self.lock = db, path, threading.RLock()
        self.strict, self.warn = strict, warn
        self.saving = True  # False once a fault made the store play on in memory
        self.fault: Fault | None = None  # why the file is open only to read it (strict)
        self.playing: tuple[int, str, float] | None = None  # the round open: id, board, start

    @classmethod
    def open(cls, path: str | Path, *, strict: bool = False,
             warn: Callable[[str], None] = complain) -> Store:
        """Return the store at a path (the user's: user.default_path()), created and migrated
        if need be.
        A fault raises BadInput when strict; else it is warned of, and the store plays on in
        memory (with what the file holds, when it can still be read)."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            file = connect(path)
            try:
                migrate(file, path)
            except BaseException:
                file.close()
                raise
            return cls(file, path, strict, warn)
        except (OSError, sqlite3.Error, Fault) as err:
            fault, db = explained(path, err), read_only(path)
            if db is not None and code(err) == "SQLITE_CANTOPEN":  # it opens to read, not to write
                fault = Fault(f"history {path} is read-only ({err}): {FAULTS[0][2]}", True)
        store = cls(db or memory(), path, strict, warn)
        store.fault = fault
        if strict and not (db is not None and version(db) == SCHEMA):
            store.close()
            raise BadInput(str(fault))
        if not strict:
            store.detach(fault)
        return store

    def close(self) -> None:
        """Close the connection."""
        with self.lock:
            self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def run(self, work: Callable[[sqlite3.Connection], T], write: bool = True) -> T:
        """Return what some work on the database gives, done in one transaction (a writing one
        takes the write lock at once, waiting for other processes). A fault of the file raises
        BadInput when strict; else it is warned of once and the work is done in memory."""
        with self.lock:
            try:
                return transaction(self.db, work, write)
            except (sqlite3.IntegrityError, sqlite3.ProgrammingError):
                raise  # a bug, not a fault of the file
            except sqlite3.DatabaseError as err:
                fault = self.fault or explained(self.path, err)
                if self.strict or not self.saving:
                    raise BadInput(str(fault)) from None
                self.detach(fault)
                return transaction(self.db, work, write)

    def detach(self, fault: Fault) -> None:
        """Go on in memory, with what the file holds if it can be read; say so once."""
        self.warn(f"{fault}; playing on without saving what is learned")
        self.saving = False
        copy = memory()
        try:
            if not fault.readable:
                raise fault
            self.db.backup(copy)
            migrate(copy, self.path)
        except (sqlite3.Error, Fault):
            copy.close()
            copy = memory()
            migrate(copy, self.path)
        self.db.close()
        self.db = copy

    def start_round(self, game: str, board: str, when: float | None = None) -> int:
        """Record a round starting now (or at Unix time `when`); return its id. What is
        learned until it ends is seen on its board."""
        started = time.time() if when is None else when
        round_id = self.run(lambda db: int(db.execute(
            "INSERT INTO rounds (game, board, started) VALUES (?, ?, ?)",
            (game, board, started)).lastrowid or 0))
        self.playing = (round_id, board, started)
        return round_id

    def add_play(self, round_id: int, word: str, path: Sequence[int], verdict: str,
                 points: int, at: float) -> bool:
        """Record one word played in a round (`at`: seconds since the round started); False
        when the round is not in the store (forgotten meanwhile): nothing is written then."""
        check(verdict)
        return self.run(lambda db: db.execute(
            "INSERT INTO plays (round, word, path, verdict, points, at)"
            " SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM rounds WHERE id = ?1)",
            (round_id, word.upper(), " ".join(map(str, path)), verdict, points, at)
        ).rowcount == 1)

    def end_round(self, round_id: int, points: int, seconds: float) -> None:
        """Record a round's final points and how long it was played."""
        self.run(lambda db: db.execute("UPDATE rounds SET points = ?, seconds = ? WHERE id = ?",
                                       (points, seconds, round_id)))
        if self.playing and self.playing[0] == round_id:
            self.playing = None

    def learn(self, game: str, word: str, verdict: str, in_lexicon: bool,
              when: float | None = None, *, clean: bool = False, board: str | None = None
              ) -> None:
        """Add the game's verdict on a word to its evidence and judge it again ('no feedback'
        teaches nothing). `clean`: seen on the word's whole path; `board`: the board it was
        played on (default: the round open here, if any)."""
        check(verdict)
        if verdict not in LEARNED:
            return
        seen = time.time() if when is None else when
        round_id, shown, started = self.playing or (None, "", seen)
        board = shown if board is None else board
        word = word.upper()

        def add(db: sqlite3.Connection) -> None:
            same = db.execute("SELECT min(dealt) FROM sightings WHERE game = ? AND word = ?"
                              " AND board = ? AND abs(dealt - ?) < ?",
                              (game, word, board, started, SAME_DEAL)).fetchone()[0]
            db.execute("INSERT INTO sightings (game, word, verdict, clean, board, round, dealt,"
                       " in_lexicon, seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (game, word, LEARNED[verdict], int(clean), board, round_id,
                        started if same is None else same, int(in_lexicon), seen))
            db.execute(judging("game = ?1 AND word = ?2"), (game, word))
        self.run(add)

    def rejected(self, game: str) -> set[str]:
        """Return the words this game rejected on enough evidence (do not try them again)."""
        return self.learned(game, "verdict = 'rejected'")

    def doubted(self, game: str) -> set[str]:
        """Return the words this game rejected, but not on enough evidence to ban them."""
        return self.learned(game, "verdict = 'doubted'")

    def accepted_unknown(self, game: str) -> set[str]:
        """Return the words this game accepted that the player's lexicon lacked."""
        return self.learned(game, "verdict = 'accepted' AND NOT in_lexicon")

    def learned(self, game: str, where: str) -> set[str]:
        """Return the learned words of a game that meet a condition (an SQL expression)."""
        return self.run(lambda db: {word for (word,) in db.execute(
            f"SELECT word FROM words WHERE game = ? AND {where}", (game,))}, write=False)

    def evidence(self, game: str, word: str) -> list[dict[str, object]]:
        """Return the sightings of a word in a game, oldest first: each verdict, whether it
        was clean, the board, round and deal, and when (Unix time)."""
        return self.run(lambda db: [
            dict(zip(("verdict", "clean", "board", "round", "dealt", "seen"),
                     (v, bool(c), b, r, d, s), strict=True))
            for v, c, b, r, d, s in db.execute(
                "SELECT verdict, clean, board, round, dealt, seen FROM sightings"
                " WHERE game = ? AND word = ? ORDER BY id", (game, word.upper()))], write=False)

    def games(self) -> list[str]:
        """Return the games with rounds or learned words, alphabetically."""
        return self.run(lambda db: [game for (game,) in db.execute(
            "SELECT game FROM rounds UNION SELECT game FROM words ORDER BY 1")], write=False)

    def rounds(self, game: str | None = None, limit: int = 20) -> list[Round]:
        """Return the latest rounds (of one game, or all), newest first, with their plays."""
        def read(db: sqlite3.Connection) -> list[Round]:
            rows = db.execute("SELECT id, game, board, started, points, seconds FROM rounds"
                              " WHERE ?1 IS NULL OR game = ?1 ORDER BY started DESC, id DESC"
                              " LIMIT ?2", (game, limit)).fetchall()
            plays = plays_of(db, [row[0] for row in rows])
            return [Round(key, name, board, started, points, seconds,
                          tuple(plays.get(key, ())))
                    for key, name, board, started, points, seconds in rows]
        return self.run(read, write=False)

    def forget(self, game: str | None = None, word: str | None = None) -> Removed:
        """Remove the rounds, plays and learned words of one game (or of all); or, given a
        word, only what was learned of that word (its rounds stay). Say how many."""
        def remove(db: sqlite3.Connection) -> Removed:
            if word is not None:
                which = "(?1 IS NULL OR game = ?1) AND word = ?2"
                db.execute(f"DELETE FROM sightings WHERE {which}", (game, word.upper()))
                return Removed(0, 0, db.execute(f"DELETE FROM words WHERE {which}",
                                                (game, word.upper())).rowcount)
            only = "WHERE ?1 IS NULL OR game = ?1"
            plays = db.execute(f"DELETE FROM plays WHERE round IN (SELECT id FROM rounds {only})",
                               (game,)).rowcount
            rounds = db.execute(f"DELETE FROM rounds {only}", (game,)).rowcount
            db.execute(f"DELETE FROM sightings {only}", (game,))
            words = db.execute(f"DELETE FROM words {only}", (game,)).rowcount
            return Removed(rounds, plays, words)
        return self.run(remove)


def transaction(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T],
                write: bool) -> T:
    """Return what the work gives, done inside one transaction: committed at the end, rolled
    back on any error."""
    db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
    try:
        done = work(db)
    except BaseException:
        if db.in_transaction:  # SQLite may have rolled it back already
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return done


def migrate(db: sqlite3.Connection, path: Path) -> None:
    """Bring a database's schema up to this version's, or raise Fault for a newer one or a
    file that is not a store (tables of its own, or ours missing)."""
    if version(db) == SCHEMA and tables(db) >= TABLES:
        return

    def upgrade(db: sqlite3.Connection) -> None:
        ours(db, path)  # again, under the write lock: another process may have changed it
        found = version(db)
        for statements in MIGRATIONS[found:]:
            for statement in statements:
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {SCHEMA}")
    transaction(db, upgrade, write=True)
    if not tables(db) >= TABLES:
        raise foreign(path, tables(db))


def foreign(path: Path, found: set[str]) -> Fault:
    """Return the fault of a file that is some other program's database."""
    return Fault(f"history {path} is not an assistant history (its tables: "
                 f"{', '.join(sorted(found)) or 'none'}): move it aside (a new one is started)"
                 " or set ASSISTANT_DATA_DIR to another folder")


def explained(path: Path, err: BaseException) -> Fault:
    """Return a fault of the file (an OSError or SQLite's error) as one line: what is wrong
    and what to do."""
    if isinstance(err, Fault):
        return err
    for name, wrong, remedy, readable in FAULTS:
        if code(err).startswith(name):
            return Fault(f"history {path} {wrong} ({err}): {remedy}", readable)
    return Fault(f"history {path}: cannot use it ({err}): check the file and its folder")


def code(err: BaseException) -> str:
    """Return SQLite's name for an error ('SQLITE_FULL'; '' for one not SQLite's)."""
    return getattr(err, "sqlite_errorname", "") or ""


def read_only(path: Path) -> sqlite3.Connection | None:
    """Return the store's file opened only to read it (as an immutable file: SQLite then needs
    no -shm beside it, which a read-only folder cannot take), or None if that fails too."""
    from urllib.parse import quote

    if not path.is_file():
        return None
    try:
        db = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro&immutable=1", uri=True,
                             isolation_level=None, check_same_thread=False)
    except sqlite3.Error:
        return None
    try:
        ours(db, path)
        return db
    except (sqlite3.Error, Fault):
        db.close()
        return None


def tables(db: sqlite3.Connection) -> set[str]:
    """Return the names of a database's tables."""
    return {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def memory() -> sqlite3.Connection:
    """Return a new, empty database in memory (what a store plays on with after a fault)."""
    return sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)


def check(verdict: str) -> None:
    """Raise ValueError unless the verdict is one of the game's."""
    if verdict not in VERDICTS:
        raise ValueError(f"verdict {verdict!r} is not one of {VERDICTS}")


def connect(path: Path) -> sqlite3.Connection:
    """Return a connection in autocommit mode (transactions are explicit), WAL, busy timeout."""
    db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None,
                         check_same_thread=False)  # the store's lock serialises the threads
    try:
        ours(db, path)  # before any write: another program's file is left as it is
        for pragma in PRAGMAS:
            patiently(db, pragma)
    except (sqlite3.Error, Fault):
        db.close()
        raise
    return db


def ours(db: sqlite3.Connection, path: Path) -> None:
    """Raise Fault unless the database is a store (of this schema or older) or empty."""
    found, kept = version(db), tables(db)
    if found > SCHEMA:
        raise Fault(f"history {path} was written by a newer assistant (schema {found}; "
                    f"this one knows {SCHEMA}): update the assistant")
    if (kept and not kept <= TABLES | {"sqlite_sequence"}) or (found and "rounds" not in kept):
        raise foreign(path, kept)


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
