"""The live Wordament player against the practice game on a bare Xvfb (medians and shares):

- words entered per second, and the share the game registered as the intended word, at the
  default --drag-ms and at faster settings (the fastest that still registers every word);
- the time from a board appearing to the first drag, on a round the player waits for;
- the share of a board's points taken in a 90-second round (a seeded random board; the
  board's points are the solver's total with the game's own list, ENABLE).
"""

from __future__ import annotations

import json
import statistics
import tempfile
from pathlib import Path

from tests.wordament_live import Game
from tests.xserver import XServer

BOARD = "EECA/ALEP/HNBO/QTTY"
DRAG_MS = (20, 10, 5, 2)  # fixed drag times (--drag-ms), the one play starts from first
RUNS = 3  # rounds per setting


def one_round(server: XServer, folder: Path, drag_ms: float | None) -> dict:
    """Return one round on BOARD at this drag time (None: the pace play finds itself):
    words/s, the share registered, and whether the player's tally is the game's."""
    game = Game(server, folder, "--board", BOARD, "--seconds", "60", "--rounds", "1")
    fixed = ["--drag-ms", str(drag_ms)] if drag_ms else []
    try:
        done = game.play("--rounds", "1", "--json", *fixed)
        played = json.loads(done.stdout)["rounds"][0]
        swipes = game.record()["swipes"]
    finally:
        game.close()
    intended = sum(s["verdict"] == "accepted" for s in swipes)
    return {"words_per_second": played["words_per_second"],
            "registered": round(intended / len(swipes), 4) if swipes else 0.0,
            "first_drag_ms": played["first_drag_ms"], "drag_ms": played["drag_ms"],
            "tally_is_the_games": played["tried"] == len(swipes)}


def settings(server: XServer, folder: Path) -> dict:
    """Return words/s and registration (medians over RUNS) for the pace found in play
    ("found") and each fixed drag time."""
    found = {}
    for drag_ms in (None, *DRAG_MS):
        runs = [one_round(server, folder / f"{drag_ms}-{n}", drag_ms) for n in range(RUNS)]
        found[str(drag_ms or "found")] = {
            "words_per_second": statistics.median(r["words_per_second"] for r in runs),
            "registered": min(r["registered"] for r in runs),
            "drag_ms": statistics.median(r["drag_ms"] for r in runs),
            "tally_is_the_games": all(r["tally_is_the_games"] for r in runs)}
    return found


def waited_for(server: XServer, folder: Path) -> dict:
    """Return the times to the first drag of the second round (whose board the player waits
    for): from the capture that saw the board, and from the board drawn (the game's clock)."""
    game = Game(server, folder, "--board", BOARD, "--seconds", "8", "--rounds", "2")
    try:
        done = game.play("--rounds", "2", "--json")
        played = json.loads(done.stdout)["rounds"]
        record = game.record()
    finally:
        game.close()
    second = record["rounds"][1]
    pressed = min(s["pressed"] for s in second["swipes"])
    return {"capture_to_first_drag_ms": played[1]["first_drag_ms"],
            "board_shown_to_first_drag_ms": round(1000 * (pressed - second["start"]), 1)}


def share_of_points(server: XServer, folder: Path) -> dict:
    """Return the share of a seeded board's points the player takes in a 90-second round."""
    game = Game(server, folder, "--seed", "11", "--seconds", "90", "--rounds", "1")
    try:
        done = game.play("--rounds", "1", "--json")
        played = json.loads(done.stdout)["rounds"][0]
        record = game.record()
    finally:
        game.close()
    shown = record["rounds"][0]
    from argparse import Namespace

    from assistant.files import wordlist
    from assistant.profiles import profile

    options = Namespace(board="/".join(" ".join(row) for row in shown["board"]),
                        values="/".join(" ".join(map(str, row)) for row in shown["values"]),
                        min_len=None, top=1)
    best = profile("wordament").solve("wordament", options, wordlist.load())
    return {"board": options.board, "words_on_board": best["count"],
            "board_points": best["total_score"],
            "points_taken": record["score"], "player_points": played["points"],
            "share": round(record["score"] / best["total_score"], 4),
            "seconds_to_play_every_word": played["seconds"]}


def median_of(runs: list[dict]) -> dict:
    """Return the median of each figure over runs."""
    return {key: statistics.median(r[key] for r in runs) for key in runs[0]}


def bench() -> dict:
    """Return the live player's figures."""
    with XServer() as server, tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        by_setting = settings(server, where / "settings")
        full = [int(ms) for ms, r in by_setting.items()
                if ms != "found" and r["registered"] == 1.0]
        return {"by_drag_ms": by_setting,
                "default_drag_ms": "found in play, from 20",
                "fastest_drag_ms_all_registered": min(full) if full else None,
                "board_to_first_drag": median_of(
                    [waited_for(server, where / f"waited-{n}") for n in range(RUNS)]),
                "round_of_90_seconds": share_of_points(server, where / "share")}
