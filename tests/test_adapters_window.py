"""Finding windows on a real X server: bare Xvfb (in this process) and openbox (child processes).

Every window is a real Tk window (tests/tk_window.py) whose client area carries a 1-px border
ring on its own edge pixels: a capture of the found region, 1 px wider on every side, must show
the ring exactly on its edges, so a region that counts the frame or title bar fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from typing import Any

import numpy as np
import pytest

from assistant.adapters.backends import windows
from assistant.adapters.screen import MssScreen
from assistant.adapters.window import Window, WindowGone, choose, parse_region
from assistant.adapters.x11 import X11Windows
from assistant.core.gestures import Region
from assistant.core.types import BadInput
from tests.adapters_probe import probe
from tests.tk_window import REPO, TkWindow, assert_client_area
from tests.xserver import XServer


@pytest.fixture
def tk(xserver):
    """Open Tk windows on the session's bare server; close them after the test."""
    opened: list[TkWindow] = []

    def open_window(*options: str) -> TkWindow:
        opened.append(TkWindow(xserver.env, *options))
        return opened[-1]

    yield open_window
    for window in opened:
        window.close()


def widened(region: Region | list[int]) -> Region:
    """Return the region one pixel bigger on every side."""
    x, y, w, h = region if isinstance(region, list) else vars(region).values()
    return Region(x - 1, y - 1, w + 2, h + 2)


def gone(server: XServer, title: str, timeout: float = 5.0) -> None:
    """Wait until no visible window holds the title."""
    deadline = time.monotonic() + timeout
    while server.xdotool("search", "--onlyvisible", "--name", title):
        assert time.monotonic() < deadline, f"{title!r} is still shown"
        time.sleep(0.05)


# Pure parts: choosing among windows, --region


def test_choose_takes_the_biggest_window_whose_title_holds_the_text_in_any_case():
    shown = [Window(1, "Wordament - small", Region(0, 0, 100, 100)),
             Window(2, "xterm", Region(0, 0, 900, 900)),
             Window(3, "WORDAMENT", Region(500, 0, 300, 200))]
    assert choose(shown, "wordament").id == 3
    assert choose(shown, "Small").id == 1


def test_choose_names_every_visible_window_when_none_matches():
    shown = [Window(2, "xterm", Region(0, 0, 9, 9)), Window(5, "Firefox", Region(0, 0, 9, 9))]
    with pytest.raises(BadInput) as caught:
        choose(shown, "Wordament")
    assert str(caught.value) == ("no window titled 'Wordament' "
                                 "(visible windows: 'Firefox', 'xterm')")
    with pytest.raises(BadInput, match=r"\(visible windows: none\)"):
        choose([], "Wordament")


@pytest.mark.parametrize(("text", "region"), [
    ("10,20,800,600", Region(10, 20, 800, 600)),
    ("-1920, -200, 1920,1080", Region(-1920, -200, 1920, 1080)),
    (" 0,0,1,1 ", Region(0, 0, 1, 1)),
])
def test_parse_region_reads_x_y_w_h(text, region):
    assert parse_region(text) == region


@pytest.mark.parametrize("text", ["1,2,3", "1,2,0,5", "1,2,5,0", "1,2,-3,4", "a,b,c,d",
                                  "1,2,3,4,5", "", "1.5,2,3,4"])
def test_parse_region_refuses_anything_else_in_one_line(text):
    with pytest.raises(BadInput, match=r"^--region .*expected X,Y,W,H") as caught:
        parse_region(text)
    assert "\n" not in str(caught.value)


# A bare X server (no window manager), in this process


@pytest.mark.display
def test_find_gives_the_exact_client_area_on_a_bare_server(tk):
    shown = tk("--title", "Alpha test", "--geometry", "400x300+50+60").shown
    window = windows().find("alpha TEST")
    assert window.title == "Alpha test"
    assert window.region == Region(50, 60, 400, 300)  # no window manager: where Tk was told
    assert window.region == Region(shown["x"], shown["y"], shown["w"], shown["h"])
    assert_client_area(MssScreen().grab(widened(window.region)))


@pytest.mark.display
def test_not_found_lists_the_visible_titles_in_one_line(tk):
    tk("--title", "Alpha test", "--geometry", "200x100+10+10")
    tk("--title", "Beta test", "--geometry", "200x100+300+10")
    with pytest.raises(BadInput) as caught:
        windows().find("Wordament")
    assert str(caught.value) == ("no window titled 'Wordament' "
                                 "(visible windows: 'Alpha test', 'Beta test')")
    assert sorted(windows().titles()) == ["Alpha test", "Beta test"]


@pytest.mark.display
def test_an_exact_title_beats_bigger_prefix_and_substring_matches(tk):
    tk("--title", "Game console", "--geometry", "500x400+300+10")
    tk("--title", "The game", "--geometry", "600x500+10+250")
    tk("--title", "Game", "--geometry", "200x150+10+10")
    found = windows().find("game")
    assert (found.title, found.region) == ("Game", Region(10, 10, 200, 150))
    assert windows().find("GAME C").title == "Game console"


@pytest.mark.display
def test_equally_good_windows_are_named_in_one_line_never_guessed(tk):
    tk("--title", "Game small", "--geometry", "200x150+10+10")
    tk("--title", "Game big", "--geometry", "500x400+300+10")
    with pytest.raises(BadInput) as caught:
        windows().find("game")
    said = str(caught.value)
    assert said.startswith("2 windows have the title 'game' (prefix match): ")
    assert '"Game small" 200x150 at 10,10' in said and '"Game big" 500x400 at 300,10' in said
    assert "\n" not in said


@pytest.mark.display
def test_a_window_of_our_own_process_is_never_chosen(tk, xserver):
    import tkinter

    other = tk("--title", "Wordament (practice)", "--geometry", "300x300+500+10")
    ours = tkinter.Tk()
    try:
        ours.title("Wordament")
        ours.geometry("400x400+10+10")
        ours.update()
        xserver.wait_window("^Wordament$")
        ours.update()
        found = windows().find("Wordament")
    finally:
        ours.destroy()
    assert (found.title, found.region) == ("Wordament (practice)",
                                           Region(500, 10, 300, 300))
    assert other.shown["w"] == 300


@pytest.mark.display
def test_the_terminal_named_by_windowid_is_never_chosen(tk, xserver):
    tk("--title", "Wordament", "--geometry", "700x500+10+10")  # a terminal, for the test
    tk("--title", "Wordament (practice)", "--geometry", "300x300+800+10")
    terminal = probe(xserver.env, "find", "Wordament")
    assert terminal["title"] == "Wordament"  # the exact title, without WINDOWID
    found = probe({**xserver.env, "WINDOWID": str(terminal["id"])}, "find", "Wordament")
    assert found["title"] == "Wordament (practice)"


@pytest.mark.display
def test_the_region_follows_a_moved_window(tk, xserver):
    tk("--title", "Mover", "--geometry", "400x300+50+60")
    finder = windows()
    window = finder.find("Mover")
    xserver.xdotool("windowmove", "--sync", str(window.id), "300", "200")
    assert finder.region(window) == Region(300, 200, 400, 300)
    assert_client_area(MssScreen().grab(widened(finder.region(window))))


@pytest.mark.display
def test_a_closed_window_is_gone(tk, xserver):
    shown = tk("--title", "Closing", "--geometry", "300x200+50+60")
    finder = windows()
    window = finder.find("Closing")
    shown.close()
    gone(xserver, "Closing")
    for ask in (finder.region, finder.minimised, finder.focused, finder.above):
        with pytest.raises(WindowGone, match=r"^the window 'Closing' was closed$"):
            ask(window)
    assert isinstance(WindowGone("x"), BadInput)


class ClosedAfterOneAnswer:
    """An Xlib window that is destroyed (for real, on the server) right after it answers its
    first request: the window a player asks about closing between two of its questions."""

    def __init__(self, x_window: Any, display: Any) -> None:
        self.x_window, self.display, self.answered = x_window, display, False

    def __getattr__(self, name: str) -> Any:
        asked = getattr(self.x_window, name)
        if not callable(asked) or self.answered:
            return asked

        def answer_then_close(*args: Any, **kwargs: Any) -> Any:
            answer, self.answered = asked(*args, **kwargs), True
            self.x_window.destroy()
            self.display.sync()
            return answer
        return answer_then_close


@pytest.mark.display
@pytest.mark.parametrize("ask", ["region", "minimised", "focused", "above"])
def test_a_window_closed_between_two_questions_is_gone_never_an_x_error(tk, ask):
    tk("--title", "Racing", "--geometry", "300x200+50+60")
    finder = X11Windows()
    window = finder.find("Racing")
    display = finder.display
    opened = display.create_resource_object
    display.create_resource_object = lambda kind, id: ClosedAfterOneAnswer(opened(kind, id),
                                                                           display)
    if ask in ("region", "minimised"):  # both ask about the window itself twice
        with pytest.raises(WindowGone, match=r"^the window 'Racing' was closed$"):
            getattr(finder, ask)(window)
    else:  # the window is asked about once: the answer from before it closed stands
        getattr(finder, ask)(window)
        with pytest.raises(WindowGone):
            getattr(finder, ask)(window)


# Under openbox (frames, title bars), in child processes


@pytest.mark.display
def test_find_gives_the_client_area_under_openbox_never_the_frame(xserver_wm, tmp_path):
    shown = TkWindow(xserver_wm.env, "--title", "Framed", "--geometry", "400x300+50+60")
    try:
        found = probe(xserver_wm.env, "find", "framed", str(tmp_path / "grab.npy"))
    finally:
        shown.close()
    x, y, w, h = found["region"]
    assert (w, h) == (400, 300)
    assert (x, y) == (shown.shown["x"], shown.shown["y"])  # where Tk says its client is
    assert y > 60 + 10, "openbox puts a title bar above the client area"
    assert_client_area(np.load(tmp_path / "grab.npy"))


@pytest.mark.display
def test_a_minimised_window_is_detected_under_openbox(xserver_wm):
    shown = TkWindow(xserver_wm.env, "--title", "Shrinking", "--geometry", "300x200+50+60")
    try:
        before = probe(xserver_wm.env, "find", "Shrinking")
        xserver_wm.xdotool("windowminimize", "--sync", str(before["id"]))
        after = probe(xserver_wm.env, "state", str(before["id"]), "Shrinking")
        missing = probe(xserver_wm.env, "find", "Shrinking")
    finally:
        shown.close()
    assert not before["minimised"] and after["minimised"]
    assert missing["error"].startswith("no window titled 'Shrinking'")


@pytest.mark.display
def test_focus_under_openbox_is_the_active_window(xserver_wm):
    one = TkWindow(xserver_wm.env, "--title", "First", "--geometry", "300x200+50+60")
    two = TkWindow(xserver_wm.env, "--title", "Second", "--geometry", "300x200+500+60")
    try:
        ids = {t: probe(xserver_wm.env, "find", t)["id"] for t in ("First", "Second")}
        seen = {}
        for active in ("First", "Second"):
            xserver_wm.xdotool("windowactivate", "--sync", str(ids[active]))
            time.sleep(0.2)
            seen[active] = {t: probe(xserver_wm.env, "state", str(i), t)["focused"]
                            for t, i in ids.items()}
    finally:
        one.close()
        two.close()
    assert seen == {"First": {"First": True, "Second": False},
                    "Second": {"First": False, "Second": True}}


@pytest.mark.display
def test_a_moved_window_under_openbox_keeps_its_client_area(xserver_wm, tmp_path):
    shown = TkWindow(xserver_wm.env, "--title", "Wanderer", "--geometry", "300x200+50+60")
    try:
        before = probe(xserver_wm.env, "find", "Wanderer")
        xserver_wm.xdotool("windowmove", "--sync", str(before["id"]), "400", "300")
        time.sleep(0.2)
        after = probe(xserver_wm.env, "find", "Wanderer", str(tmp_path / "grab.npy"))
    finally:
        shown.close()
    assert after["region"][2:] == [300, 200] and after["region"] != before["region"]
    assert_client_area(np.load(tmp_path / "grab.npy"))


# Two monitors side by side (+xinerama), in a child process


@pytest.mark.display
def test_a_window_on_the_second_monitor_is_found_and_captured(tmp_path):
    with XServer(screens=((800, 600), (800, 600))) as two:
        shown = TkWindow(two.env, "--title", "Far right", "--geometry", "400x300+900+100")
        try:
            found = probe(two.env, "find", "far right", str(tmp_path / "grab.npy"))
            screen = probe(two.env, "screen")
        finally:
            shown.close()
    assert screen["screen"] == [0, 0, 1600, 600]
    assert screen["monitors"] == [[0, 0, 800, 600], [800, 0, 800, 600]]
    assert found["region"] == [900, 100, 400, 300]
    assert_client_area(np.load(tmp_path / "grab.npy"))


# Without a display


IMPORTS = """
import sys
import assistant.adapters.keys, assistant.adapters.macos, assistant.adapters.mouse
import assistant.adapters.screen, assistant.adapters.window, assistant.adapters.x11
import assistant.adapters.backends, assistant.adapters.overlay
heavy = ("cv2", "mss", "pyautogui", "pynput", "Xlib", "tkinter", "Quartz", "PIL")
print(sorted(name for name in heavy if name in sys.modules))
"""

NO_DISPLAY = """
from assistant.adapters.backends import windows
from assistant.core.types import BadInput
try:
    windows()
except BadInput as err:
    print(err)
"""


def child_without_display(code: str, display: str | None = None) -> str:
    """Run Python code in a child with no DISPLAY (or a dead one); return what it printed."""
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env |= {"DISPLAY": display} if display else {}
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_importing_the_adapters_loads_no_heavy_module():
    assert child_without_display(IMPORTS) == "[]\n"


@pytest.mark.parametrize("display", [None, ":9999"])
def test_no_x_server_is_one_line_of_bad_input(display):
    said = child_without_display(NO_DISPLAY, display)
    assert said.startswith(f"cannot open the X display {display or ''!r} (")
    assert said.endswith("): is an X server running and DISPLAY set?\n")
    assert said.count("\n") == 1
