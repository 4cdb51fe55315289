"""The stop key: a real pynput listener on the session Xvfb, real keys sent with xdotool."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from assistant.adapters.keys import StopKey, parse_key
from assistant.core.types import BadInput
from tests.tk_window import REPO


def seen_within(stop: StopKey, seconds: float) -> float | None:
    """Return how long it took the key to be seen, or None if not within `seconds`."""
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if stop.pressed():
            return time.perf_counter() - start
        time.sleep(0.002)
    return None


@pytest.mark.display
def test_the_stop_key_sees_escape_within_200_ms(xserver):
    warnings: list[str] = []
    with StopKey("esc", warn=warnings.append) as stop:
        assert not stop.pressed()
        start = time.perf_counter()
        xserver.xdotool("key", "Escape")
        assert seen_within(stop, 0.2 - (time.perf_counter() - start)) is not None
    assert warnings == []
    assert not stop.listener.is_alive(), "leaving the with block ends the listener"


@pytest.mark.display
def test_a_character_stop_key_ignores_other_keys(xserver):
    with StopKey("q", warn=print) as stop:
        xserver.xdotool("key", "a", "Escape", "F12")
        assert seen_within(stop, 0.3) is None
        xserver.xdotool("key", "q")
        assert seen_within(stop, 0.2) is not None


@pytest.mark.display
def test_a_special_stop_key_by_its_pynput_name(xserver):
    with StopKey("F12", warn=print) as stop:
        xserver.xdotool("key", "F11")
        assert seen_within(stop, 0.3) is None
        xserver.xdotool("key", "F12")
        assert seen_within(stop, 0.2) is not None


@pytest.mark.display
@pytest.mark.parametrize("name", ["escape key", "f99", "", "ctrl+c", "Escape"])
def test_a_bad_key_name_is_one_line_of_bad_input(xserver, name):
    with pytest.raises(BadInput) as caught:
        StopKey(name, warn=print)
    assert str(caught.value) == (f"--stop-key {name!r}: expected one character or a key name "
                                 "such as esc, f12, pause, space")


def test_without_pynput_only_the_spelling_is_checked():
    assert parse_key("Q", None) == "q"
    assert parse_key("pause", None) == "pause"
    with pytest.raises(BadInput):
        parse_key("not a key", None)


STOP_KEY_CHILD = """
from assistant.adapters.keys import StopKey
with StopKey("esc") as stop:
    print("pressed" if stop.pressed() else "playing on")
"""


@pytest.mark.parametrize("display", [None, ":9999"])
def test_with_no_x_server_one_warning_line_and_play_goes_on(display):
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env |= {"DISPLAY": display} if display else {}
    done = subprocess.run([sys.executable, "-c", STOP_KEY_CHILD], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == "playing on\n"
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("warning: no stop key (")
    assert lines[0].endswith("); stop with Ctrl-C or by throwing the pointer into a screen "
                             "corner")
