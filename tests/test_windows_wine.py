"""The Windows code path for real: the practice games and the assistant run by a Windows CPython
under Wine on one Xvfb (`make test-windows`; the harness is tests/windows_setup.py, cached).

One Windows driver (tests/windows_driver.py) starts every Windows process and writes what it
saw to a JSON file asserted on here: SendInput's pointer checked with GetCursorPos, one round
of the practice Wordament played at the default settings at 100% and 150% scaling (the game
records every swipe it saw), `history`, and `overlay bookworm` over the practice Bookworm (its
ink captured through GDI, a click through the ink, three attacks with --play). The figures
asked of the player are the issue's: >= 8 accepted words per second, >= 98% of the game's
swipes accepted, as many swipes as words tried, the pointer never outside the window.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests import windows_setup as harness
from tests.conftest import REPO, find_shared, unavailable
from tests.crossword_stage import placed, squares
from tests.xserver import XServer

pytestmark = pytest.mark.wine

BOARD_WORDS = 81  # ENABLE's words on tests.windows_driver.BOARD (tests/test_play_wordament.py)
WORDS_PER_S, SHARE_ACCEPTED = 8.0, 0.98


@pytest.fixture(scope="module")
def seen(tmp_path_factory) -> dict[str, Any]:
    """Set up the harness (cached), run the Windows driver once on an Xvfb; return its file."""
    try:
        harness.set_up()
    except harness.Unavailable as missing:
        unavailable(str(missing))
    out = tmp_path_factory.mktemp("wine") / "seen.json"
    with XServer() as server:
        env = {**harness.wine_env(server.env), "PYTHONPATH": harness.windows_path(REPO)}
        done = harness.wine(str(harness.python_exe()), "-m", "tests.windows_driver",
                            harness.windows_path(out), env=env, timeout=900)
        subprocess.run(["wineserver", "-k"], env=env, timeout=60)  # whatever is left
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(out.read_text())


def scene(seen: dict[str, Any], name: str) -> Any:
    """Return one scene's result (failing with its traceback if it raised)."""
    assert "error" not in seen[name], seen[name]["error"]
    return seen[name]["result"]


def test_send_input_puts_the_pointer_where_it_is_aimed_and_the_fail_safe_holds(seen):
    found = scene(seen, "pointer")
    assert found["desk"] == [0, 0, 1280, 800]
    assert found["landed"] == found["aims"]
    assert found["failsafe"] == "the pointer was thrown into a screen corner (fail-safe): stopped"
    assert found["after_failsafe"] == [0, 0]  # nothing moved once the corner was seen


def outside_after_play(record: dict) -> list:
    """Return the pointer positions outside the game's window from the first swipe on."""
    first = min((s["time"] for s in record["swipes"]), default=0.0) - 1.0
    return [p for p in record["pointer_outside"] if p[2] >= first]


def figures(found: dict[str, Any]) -> dict[str, Any]:
    """Return the round's figures: the player's words tried and seconds, the game's swipes."""
    played = json.loads(found["player"]["stdout"])["rounds"][0]
    swipes = found["record"]["swipes"]
    accepted = [s for s in swipes if s["verdict"] == "accepted"]
    return {"tried": played["tried"], "swipes": len(swipes), "accepted": len(accepted),
            "words": {s["word"] for s in accepted}, "seconds": played["seconds"]}


@pytest.mark.parametrize("logpixels", [96, 144])
def test_one_round_of_wordament_at_the_default_settings_plays_the_board(seen, logpixels):
    found = scene(seen, f"wordament-{logpixels}")
    assert found["player"]["status"] == 0, found["player"]["stderr"]
    report = json.loads(found["player"]["stdout"])
    assert report["stopped"] is None
    assert len(figures(found)["words"]) >= 0.9 * BOARD_WORDS, figures(found)
    assert outside_after_play(found["record"]) == []


# The issue's figures. Every drag one swipe, and the game accepting >= 98% of them: the player
# keeps in step with the game (it waits at each tile until the game shows it selected) at the
# speed it finds; measured here, idle: 81 swipes for 81 words tried, 81 accepted, at 100% and
# 150%. (SendInput alone at a fixed 20 ms a segment: 83 swipes for 81 words, 96%.)
@pytest.mark.parametrize("logpixels", [96, 144])
def test_one_round_of_wordament_every_drag_is_one_swipe_the_game_accepts(seen, logpixels):
    found = figures(scene(seen, f"wordament-{logpixels}"))
    assert found["swipes"] == found["tried"], found
    assert found["accepted"] >= SHARE_ACCEPTED * found["swipes"], found


# The issue's speed, >= 8 accepted words per second. Measured here on a shared machine (load
# 8-11 on 2 cores, the Wine side run at nice -15), 81 swipes for 81 words: medians of 9 and 8
# words/s at 100% and 150%, 13-16 when the others paused (4.1-4.9 before SendInput went
# straight from tile to tile and the settles counted the time spent meanwhile).
@pytest.mark.parametrize("logpixels", [96, 144])
def test_one_round_of_wordament_meets_the_issues_speed(seen, logpixels):
    found = figures(scene(seen, f"wordament-{logpixels}"))
    assert found["accepted"] / found["seconds"] >= WORDS_PER_S, found


def test_a_bigger_terminal_named_after_the_command_is_not_taken_for_the_game(seen):
    found = scene(seen, "terminal")
    game, terminal = found["game"], found["terminal"]
    assert terminal[2] * terminal[3] > game[2] * game[3]  # bigger, and beside the game
    assert terminal[0] >= game[0] + game[2]
    assert found["player"]["status"] == 0, found["player"]["stderr"]
    assert json.loads(found["player"]["stdout"])["board"] == "E E C A/A L E P/H N B O/Q T T Y"
    assert found["player"]["stderr"].startswith('assistant: window: "Wordament (practice)" '), \
        found["player"]["stderr"]


@pytest.mark.parametrize("logpixels", [96, 144])
def test_history_keeps_the_round_the_windows_player_played(seen, logpixels):
    found = scene(seen, f"wordament-{logpixels}")
    assert found["history"]["status"] == 0, found["history"]["stderr"]
    history = json.loads(found["history"]["stdout"])
    plays = history["rounds"][-1]["plays"]
    report = json.loads(found["player"]["stdout"])["rounds"][0]
    assert len(plays) == report["tried"]
    ours = {p["word"] for p in plays if p["verdict"] == "accepted"}
    assert len(ours) == report["accepted"]
    game = {s["word"] for s in found["record"]["swipes"] if s["verdict"] == "accepted"}
    assert len(ours & game) >= 0.9 * len(ours)  # the verdicts read as the game gave them


def test_the_overlay_draws_over_the_practice_bookworm_and_clicks_pass_through(seen):
    found = scene(seen, "bookworm")
    best = found["line"]["words"][0]["tiles"]
    for i, share in enumerate(found["marked"]):
        assert (share > 0.05) == (i in best), f"tile {i}: {share:.2f} of it in the overlay's ink"
    assert found["badge"] == 1.0  # the first tile's number badge, drawn where we click
    assert [(c["target"], c["effect"]) for c in found["clicks"][-1:]] == [
        (f"tile {best[0]}", "picked")]


def test_overlay_bookworm_play_makes_three_attacks_the_game_accepts(seen):
    found = scene(seen, "bookworm")
    assert found["play"]["status"] == 0, found["play"]["stderr"]
    lines = [json.loads(line) for line in found["play"]["stdout"].splitlines()]
    boards, summary = lines[:-1], lines[-1]
    attacks = found["played"]["attacks"]
    assert len(attacks) == 3 and all(a["verdict"] == "accepted" for a in attacks)
    assert [a["word"] for a in attacks] == [b["words"][0]["word"] for b in boards[:3]]
    assert [a["word"] for a in summary["attacks"]] == [a["word"] for a in attacks]
    assert summary["stopped"] is None


# -- The crossword overlay under Wine ----------------------------------------------------------

CROSSWORD_SCREEN = (1400, 1150)  # room for a phone's window 1067 px tall and the panel beside it
PHONE_WIDTH = {"drawn": 360, "wordfeud": 480, "wwf": 500}  # the phone windows' widths
TURNS = 3  # boards of each drawn game: two changes


def drawn_game(game: str, folder: Path) -> tuple[list[Any], list[dict[str, Any]]]:
    """Return TURNS boards of a drawn game in a phone's window (each the last one with its
    best move played and a new rack) and each one's golden `solve IMAGE` result."""
    from tests.crossword_stage import golden, portrait
    from tests.test_overlay_crossword import DRAWN, RACKS, played, saved

    draw, (width, height) = DRAWN[game]
    position, frames, goldens = draw.MIDGAME, [], []
    for turn, rack in zip(range(TURNS), RACKS, strict=False):
        frame = portrait(draw.screenshot(position, width, height), PHONE_WIDTH["drawn"])
        frames.append(frame)
        goldens.append(golden(game, saved(frame, folder / f"{game}-golden-{turn}.png")))
        position = played(position, goldens[-1], rack)
    return frames, goldens


def real_game(game: str, shared: Path, folder: Path) -> tuple[list[Any], list[dict[str, Any]]]:
    """Return the real screenshots of a game in a phone's window and their golden results."""
    from assistant.vision.image import load_image
    from tests.crossword_stage import golden, portrait
    from tests.test_overlay_crossword import REAL, saved

    files, language = REAL[game]
    images = [load_image(str(shared / "real-screens" / name)) for name in files]
    width = PHONE_WIDTH[game]
    height = max(round(i.shape[0] * width / i.shape[1]) for i in images)
    frames = [portrait(i, width, height) for i in images]
    return frames, [golden(game, saved(f, folder / f"{game}-real-golden-{i}.png"), language)
                    for i, f in enumerate(frames)]


@pytest.fixture(scope="module")
def crossword_seen(tmp_path_factory) -> dict[str, Any]:
    """Lay out the crossword games (drawn ones; the real screenshots of ../shared when there),
    run the Windows driver's crossword scene on an Xvfb; return its file and the plan."""
    import cv2

    from tests.crossword_stage import TITLE

    try:
        harness.set_up()
    except harness.Unavailable as missing:
        unavailable(str(missing))
    folder = tmp_path_factory.mktemp("wine-crossword")
    shared = find_shared()
    games = {f"{g}-drawn": (g, "en", *drawn_game(g, folder)) for g in ("wordfeud", "wwf")}
    if shared is not None:
        from tests.test_overlay_crossword import REAL
        games.update({f"{g}-real": (g, REAL[g][1], *real_game(g, shared, folder))
                      for g in ("wordfeud", "wwf")})
    plan: dict[str, Any] = {"title": TITLE, "games": []}
    for name, (game, language, frames, goldens) in games.items():
        paths = [folder / f"{name}-{i}.png" for i in range(len(frames))]
        for path, frame in zip(paths, frames, strict=True):
            cv2.imwrite(str(path), frame)
        x, y, w, h = squares(goldens[0])[placed(goldens[0])[0]]
        plan["games"].append({
            "name": name, "game": game, "language": language,
            "frames": [harness.windows_path(p) for p in paths],
            "fresh": [[squares(g)[i] for i in placed(g)] for g in goldens],
            "click": [x + w // 2, y + h // 2]})
    out = folder / "seen.json"
    (folder / "crossword.json").write_text(json.dumps(plan))
    with XServer(screens=(CROSSWORD_SCREEN,)) as server:
        env = {**harness.wine_env(server.env), "PYTHONPATH": harness.windows_path(REPO),
               "ASSISTANT_WINE_SCENES": "crossword"}
        done = harness.wine(str(harness.python_exe()), "-m", "tests.windows_driver",
                            harness.windows_path(out), env=env, timeout=1500)
        subprocess.run(["wineserver", "-k"], env=env, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return {"seen": json.loads(out.read_text()), "games": games}


def linux_path(path: str) -> str:
    """Return the Linux path of a path as Wine's Windows programs write it (drive Z: is /)."""
    return path.removeprefix("Z:").replace("\\", "/")


def crossword_names(shared: bool) -> list[str]:
    """Return the crossword scenes' names: the drawn games, and the real ones with ../shared."""
    return [f"{g}-{kind}" for kind in ("drawn", "real")[:1 + shared] for g in ("wordfeud", "wwf")]


def crossword_games(crossword_seen) -> list[tuple[str, dict[str, Any], tuple]]:
    """Return each game's name, what the driver saw of it, and its plan."""
    found = scene(crossword_seen["seen"], "crossword")
    return [(name, found[name], game) for name, game in crossword_seen["games"].items()]


def test_the_crossword_overlay_under_wine_draws_each_best_move_on_exactly_its_squares(
        crossword_seen):
    """A drawn Wordfeud and Words With Friends game (and the real screenshots of ../shared)
    in a Windows window titled like a mirrored phone: on every board the overlay's move is
    `solve IMAGE`'s, drawn as translucent letters on exactly its squares (checked by pixels
    on the GDI grab), every other square and the rack untouched; a click on a letter reaches
    the game."""
    from assistant.vision.image import load_image
    from tests.test_overlay_crossword import check_drawn, check_line

    games = crossword_games(crossword_seen)
    assert {name for name, _, _ in games} >= set(crossword_names(False))
    for name, found, (_, _, frames, goldens) in games:
        assert "error" not in found, f"{name}: {found['error']}\n{found.get('stderr')}"
        for line, golden in zip(found["lines"], goldens, strict=True):
            # the move, its score and the board read (Wine's OpenCV once made the real WWF's
            # empty 12A a tile read as Ñ: ink like no letter is now an uncertain empty square)
            check_line(line, golden)
        for shot, frame, golden in zip(found["shots"], frames, goldens, strict=True):
            check_drawn(load_image(linux_path(shot)), frame, golden)
        box = found["box"]
        x, y, w, h = squares(goldens[0])[placed(goldens[0])[0]]
        assert found["click"] == [box[0] + x + w // 2, box[1] + y + h // 2], name


# The issue's 200 ms from the window's board changing to the new move drawn, at the median of
# the games' changes (the slowest, a real WWF board read afresh: 0.21 s on a quiet machine);
# an expected failure only on a machine loaded beyond its cores.
@pytest.mark.xfail(os.getloadavg()[0] > (os.cpu_count() or 1),
                   reason="a loaded machine: the read and solve wait for a core", strict=False)
def test_the_crossword_overlay_under_wine_redraws_within_200_ms_of_the_board_changing(
        crossword_seen):
    times = [t for _, found, _ in crossword_games(crossword_seen) for t in found["drawn_s"]]
    print(f"changed to drawn under Wine: {times}")
    for name, found, _ in crossword_games(crossword_seen):
        print(name, [(line.get("overlay_ms"), line.get("timings_ms")) for line in found["lines"]])
    assert times and statistics.median(times) < 0.2, times
