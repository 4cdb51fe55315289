"""The macOS window finder on a fake Quartz (what cannot run here): the title falls back to the
app's name, a missing kCGWindowIsOnscreen is answered by the on-screen list, our own windows
are never chosen, and without the Screen Recording permission play stops in one line."""

from __future__ import annotations

import os
from types import SimpleNamespace
from typing import Any

import pytest

from assistant.adapters.macos import NO_PERMISSION, QuartzWindows, require_screen_recording
from assistant.adapters.window import Window, WindowGone
from assistant.core.gestures import Region
from assistant.core.types import BadInput

ON_SCREEN_ONLY, EXCLUDE_DESKTOP, INCLUDING_WINDOW = 1, 16, 8


def info(number: int, owner: str, bounds: tuple[float, ...], name: str | None = None,
         pid: int = 300, layer: int = 0, onscreen: bool | None = True) -> dict[str, Any]:
    """Return a window dictionary as CGWindowListCopyWindowInfo gives it (optional keys left
    out when None)."""
    x, y, w, h = bounds
    found = {"kCGWindowNumber": number, "kCGWindowOwnerName": owner, "kCGWindowLayer": layer,
             "kCGWindowOwnerPID": pid, "kCGWindowBounds": {"X": x, "Y": y, "Width": w,
                                                           "Height": h}}
    if name is not None:
        found["kCGWindowName"] = name
    if onscreen is not None:
        found["kCGWindowIsOnscreen"] = onscreen
    return found


def fake_quartz(windows: list[dict[str, Any]], allowed: bool | None = True) -> Any:
    """Return a fake Quartz module over these windows (front first); allowed=None: a macOS
    before 10.15, without CGPreflightScreenCaptureAccess."""

    def copy_window_info(option: int, relative: int) -> list[dict[str, Any]]:
        if option == INCLUDING_WINDOW:
            return [w for w in windows if w["kCGWindowNumber"] == relative]
        assert option == ON_SCREEN_ONLY | EXCLUDE_DESKTOP and relative == 0
        return [w for w in windows if w.get("kCGWindowIsOnscreen", True)
                and not w.get("offscreen")]

    names = {k: k for k in ("kCGWindowNumber", "kCGWindowOwnerName", "kCGWindowName",
                            "kCGWindowLayer", "kCGWindowOwnerPID", "kCGWindowBounds",
                            "kCGWindowIsOnscreen")}
    quartz = SimpleNamespace(**names, kCGWindowListOptionOnScreenOnly=ON_SCREEN_ONLY,
                             kCGWindowListExcludeDesktopElements=EXCLUDE_DESKTOP,
                             kCGWindowListOptionIncludingWindow=INCLUDING_WINDOW,
                             kCGNullWindowID=0, CGWindowListCopyWindowInfo=copy_window_info)
    if allowed is not None:
        quartz.CGPreflightScreenCaptureAccess = lambda: allowed
    return quartz


def test_without_screen_recording_permission_play_stops_in_one_line():
    with pytest.raises(BadInput) as caught:
        require_screen_recording(fake_quartz([], allowed=False))
    assert str(caught.value) == NO_PERMISSION and "\n" not in NO_PERMISSION
    assert "Screen Recording" in NO_PERMISSION
    require_screen_recording(fake_quartz([], allowed=True))
    require_screen_recording(fake_quartz([], allowed=None))  # before 10.15: nothing to ask


def test_the_title_falls_back_to_the_apps_name_and_rounds_points():
    quartz = fake_quartz([info(11, "Terminal", (0, 0, 1400, 900),
                               "assistant play wordament — 80×24", pid=os.getppid()),
                          info(12, "Wordament", (100.4, 80.6, 640, 900.2), pid=500),
                          info(13, "Dock", (0, 0, 1, 1), layer=20, pid=501)])
    found = QuartzWindows(quartz)
    assert found.titles() == ["assistant play wordament — 80×24", "Wordament"]
    assert found.find("Wordament") == Window(12, "Wordament", Region(100, 81, 640, 900), 500)


def test_our_own_window_is_skipped_by_find_and_above():
    quartz = fake_quartz([info(20, "Python", (0, 0, 900, 900), "Wordament", pid=os.getpid()),
                          info(21, "Safari", (50, 50, 100, 100), "", pid=600),
                          info(22, "Wordament", (100, 80, 640, 900), pid=500)])
    found = QuartzWindows(quartz)
    game = found.find("Wordament")
    assert game.id == 22
    assert [w.id for w in found.above(game)] == [21]  # untitled too, never ours


def test_a_missing_onscreen_key_is_answered_by_the_on_screen_list():
    shown = info(30, "Wordament", (0, 0, 300, 300), pid=500, onscreen=None)
    elsewhere = info(31, "Bookworm", (0, 0, 300, 300), pid=501, onscreen=None)
    elsewhere["offscreen"] = True  # what the fake's on-screen list leaves out
    found = QuartzWindows(fake_quartz([shown, elsewhere]))
    assert not found.minimised(Window(30, "Wordament", Region(0, 0, 1, 1)))
    assert found.minimised(Window(31, "Bookworm", Region(0, 0, 1, 1)))


def test_a_minimised_window_and_a_closed_one():
    game = info(40, "Wordament", (0, 0, 300, 300), pid=500, onscreen=False)
    found = QuartzWindows(fake_quartz([game]))
    window = Window(40, "Wordament", Region(0, 0, 300, 300))
    assert found.minimised(window)
    with pytest.raises(WindowGone, match=r"^the window 'Gone' was closed$"):
        found.region(Window(41, "Gone", Region(0, 0, 1, 1)))
