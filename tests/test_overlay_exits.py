"""`assistant overlay bookworm --play` on its ways out, end to end (the practice Bookworm in a
real Tk window on a real Xvfb): a signal mid-play and a window with no board both end with the
summary of the attacks made, "stopped" saying why, in bounded time."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from tests.conftest import REPO
from tests.test_overlay_bookworm import running, wait_for  # noqa: F401  (the fixture)
from tests.tk_window import TkWindow

pytestmark = pytest.mark.display


@pytest.mark.parametrize("number,status", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_mid_play_ends_with_the_attacks_summary(running, xserver, number,  # noqa: F811
                                                         status):
    start_game, start_overlay = running
    game = start_game(xserver, "--seed", "12")
    overlay = start_overlay(xserver, "--play")
    wait_for(lambda: len(game.results().get("attacks", [])) >= 2, "two attacks", timeout=90)
    overlay.process.send_signal(number)
    sent = time.monotonic()
    code, err = overlay.end(timeout=30)
    assert time.monotonic() - sent < 3.0, err
    assert code == status, err
    summary = overlay.rest()[-1]
    assert summary["stopped"] and summary["attacks"], summary
    assert "Traceback" not in err


def test_play_over_a_window_with_no_board_ends_after_the_wait(xserver, tmp_path):
    shown = TkWindow(xserver.env, "--title", "Bookworm", "--geometry", "640x480+40+40")
    try:
        began = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "assistant", "overlay", "bookworm", "--play",
                               "--json", "--wait", "3"],
                              env={**xserver.env, "ASSISTANT_DATA_DIR": str(tmp_path)}, cwd=REPO,
                              capture_output=True, text=True, timeout=60)
        took = time.monotonic() - began
    finally:
        shown.close()
    assert took < 15.0, done.stderr  # start-up on a loaded machine, then 3 s (45 s before)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("assistant: error: no new board")
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["attacks"] == [] and summary["stopped"].startswith("no new board")
