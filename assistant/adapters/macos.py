"""Windows on macOS through Quartz window lists (pyobjc-framework-Quartz).

What the region is, and is not, here: Quartz gives another app's window only as its bounds
(kCGWindowBounds), the WHOLE window with its title bar, in points. There is no client-area
rectangle, so the region includes the title bar (the vision locator finds the grid inside it).
Points are what the mouse, Tk and mss 10's capture (made at nominal resolution) count too, so
a Retina display needs nothing more.
Titles: kCGWindowName needs the Screen Recording permission; without it only the app's name
(kCGWindowOwnerName) is known, and it stands in as the title. Without that permission a capture
shows the wallpaper instead of other apps' windows, so require_screen_recording stops at once.
Minimised: the window is not on screen (kCGWindowIsOnscreen false, also true of a window on
another Space); the key is optional, and when it is missing, whether the window is in the
on-screen list decides. Focused: it is the frontmost normal window (layer 0).
Our own windows are those of our process and the ones that started it (kCGWindowOwnerPID).
Written against the documented Quartz calls; tests/test_adapters_macos.py runs it on a fake.
"""

from __future__ import annotations

import os
from typing import Any

from ..core.gestures import Region
from ..core.types import BadInput
from .window import Ours, Window, WindowGone, ancestors, choose

NO_PERMISSION = ("macOS has not allowed this program to record the screen, so every capture "
                 "would show only the wallpaper: allow your terminal (or Python) in System "
                 "Settings > Privacy & Security > Screen Recording, then start it again")


def quartz_module() -> Any:
    """Return pyobjc's Quartz (BadInput without it)."""
    try:
        import Quartz
    except ImportError:
        raise BadInput("macOS needs pyobjc (pip install pyobjc-framework-Quartz)") from None
    return Quartz


def require_screen_recording(quartz: Any = None) -> None:
    """Raise BadInput in one line when the Screen Recording permission is missing (macOS
    10.15+: CGPreflightScreenCaptureAccess; older systems need none)."""
    preflight = getattr(quartz or quartz_module(), "CGPreflightScreenCaptureAccess", None)
    if preflight is not None and not preflight():
        raise BadInput(NO_PERMISSION)


class QuartzWindows:
    """The normal (layer 0) windows on the screen."""

    def __init__(self, quartz: Any = None) -> None:
        self.quartz = quartz or quartz_module()
        self.ours = Ours(ancestors())

    def find(self, title: str) -> Window:
        """Return the window the user means by `title` (see window.choose)."""
        return choose(self.shown(), title, self.ours)

    def titles(self) -> list[str]:
        """Return the titles of the shown windows, front first."""
        return [w.title for w in self.shown()]

    def listed(self, option: int, window_id: int) -> list[Any]:
        """Return Quartz's window dictionaries for a list option."""
        return list(self.quartz.CGWindowListCopyWindowInfo(option, window_id) or [])

    def on_screen(self) -> list[Any]:
        """Return the dictionaries of the on-screen normal windows, front first."""
        q = self.quartz
        return [info for info in self.listed(q.kCGWindowListOptionOnScreenOnly
                                             | q.kCGWindowListExcludeDesktopElements,
                                             q.kCGNullWindowID)
                if info.get(q.kCGWindowLayer, 0) == 0]

    def shown(self) -> list[Window]:
        """Return the on-screen, titled normal windows, front first."""
        return [window for info in self.on_screen() if (window := self.window(info)).title]

    def title(self, info: Any) -> str:
        """Return the window's name, else its app's name."""
        q = self.quartz
        return str(info.get(q.kCGWindowName) or info.get(q.kCGWindowOwnerName) or "")

    def window(self, info: Any) -> Window:
        """Return the Window a Quartz dictionary describes."""
        q = self.quartz
        bounds = info[q.kCGWindowBounds]
        region = Region(round(bounds["X"]), round(bounds["Y"]),
                        round(bounds["Width"]), round(bounds["Height"]))
        return Window(int(info[q.kCGWindowNumber]), self.title(info), region,
                      int(info.get(q.kCGWindowOwnerPID, 0)))

    def info(self, window: Window) -> Any:
        """Return the window's Quartz dictionary now, or raise WindowGone."""
        q = self.quartz
        for info in self.listed(q.kCGWindowListOptionIncludingWindow, window.id):
            if int(info[q.kCGWindowNumber]) == window.id:
                return info
        raise WindowGone(f"the window {window.title!r} was closed")

    def region(self, window: Window) -> Region:
        """Return the window's bounds now, title bar included (WindowGone if it was closed)."""
        return self.window(self.info(window)).region

    def minimised(self, window: Window) -> bool:
        """True when the window is not on screen (minimised, or on another Space)."""
        onscreen = self.info(window).get(self.quartz.kCGWindowIsOnscreen)
        if onscreen is None:  # an optional key: ask the on-screen list instead
            q = self.quartz
            return all(int(info[q.kCGWindowNumber]) != window.id for info in self.on_screen())
        return not bool(onscreen)

    def focused(self, window: Window) -> bool:
        """True when the window is the frontmost normal window."""
        self.info(window)  # WindowGone if it was closed
        front = self.on_screen()
        return bool(front) and int(front[0][self.quartz.kCGWindowNumber]) == window.id

    def above(self, window: Window) -> list[Window]:
        """Return the normal windows in front of this one, front first, untitled ones too, not
        this process's (the overlay; a terminal over the game does cover it)."""
        listed = [self.window(info) for info in self.on_screen()]
        ids = [w.id for w in listed]
        return [w for w in listed[:ids.index(window.id)] if w.pid != os.getpid()] \
            if window.id in ids else []
