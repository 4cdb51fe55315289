"""A writer process for the store's tests: python -m tests.store_writer DB NAME ROUNDS PLAYS [GO].

It writes ROUNDS rounds (0: until killed) of PLAYS plays each, learning every word, and prints
each round's id once the round is ended, i.e. committed. With GO, a file path, it first prints
"ready" and waits for that file to exist, so that two writers can be started at the same moment;
the store is opened only after that, so both may also create the file at once.
"""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

from assistant.store.store import VERDICTS, Store

GAME = "wordament"
DIGITS = str.maketrans("0123456789", "ABCDEFGHIJ")  # words are letters only


def word(name: str, round_number: int, play: int) -> str:
    """Return the word a writer plays: its name, then the round and play numbers in letters."""
    return (name + f"{round_number}X{play}").upper().translate(DIGITS)


def write_round(store: Store, name: str, n: int, plays: int) -> int:
    """Write one round of `plays` plays, learning each word; return its id once it is ended."""
    round_id = store.start_round(GAME, f"{name} {n}")
    for k in range(plays):
        store.add_play(round_id, word(name, n, k), [k % 16, (k + 1) % 16], VERDICTS[k % 4], k,
                       k / 10)
        store.learn(GAME, word(name, n, k), VERDICTS[k % 4], k % 2 == 0)
    store.end_round(round_id, sum(range(plays)), plays / 10)
    return round_id


def main(path: str, name: str, rounds: int, plays: int, go: str | None = None) -> None:
    """Write the rounds, printing each committed round's id."""
    if go:
        print("ready", flush=True)
        while not Path(go).exists():
            time.sleep(0.001)
    with Store.open(path) as store:
        for n in itertools.count() if rounds == 0 else range(rounds):
            print(write_round(store, name, n, plays), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), *sys.argv[5:6])
