"""Windows on macOS through Quartz window lists (pyobjc, which pyautogui installs on macOS).

What the region is, and is not, here: Quartz gives another app's window only as its bounds
(kCGWindowBounds), the WHOLE window with its title bar, in points. There is no client-area
rectangle, so the region includes the title bar (the vision locator finds the grid inside it).
On a Retina display a capture holds twice the pixels of the region: check_scale stops play
with "display scale 200%" rather than aim the mouse wrong.
Titles: kCGWindowName needs the Screen Recording permission; without it only the app's name
(kCGWindowOwnerName) is known, and it stands in as the title.
Minimised: the window is no longer on screen (kCGWindowIsOnscreen false; also true of a
window on another Space). Focused: it is the frontmost normal window (layer 0).
Written against the documented Quartz calls; it cannot run in this project's CI.
"""

from __future__ import annotations

from typing import Any

from ..core.gestures import Region
from .window import Window, WindowGone, choose


class QuartzWindows:
    """The normal (layer 0) windows on the screen."""

    def __init__(self) -> None:
        import Quartz
        self.quartz = Quartz

    def find(self, title: str) -> Window:
        """Return the biggest shown window whose title holds `title` (any case)."""
        return choose(self.shown(), title)

    def titles(self) -> list[str]:
        """Return the titles of the shown windows, front first."""
        return [w.title for w in self.shown()]

    def listed(self, option: int, window_id: int) -> list[Any]:
        """Return Quartz's window dictionaries for a list option."""
        return list(self.quartz.CGWindowListCopyWindowInfo(option, window_id) or [])

    def shown(self) -> list[Window]:
        """Return the on-screen, titled normal windows, front first."""
        q = self.quartz
        listed = self.listed(q.kCGWindowListOptionOnScreenOnly
                             | q.kCGWindowListExcludeDesktopElements, q.kCGNullWindowID)
        return [self.window(info) for info in listed
                if info.get(q.kCGWindowLayer, 0) == 0 and self.title(info)]

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
        return Window(int(info[q.kCGWindowNumber]), self.title(info), region)

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
        return not bool(self.info(window).get(self.quartz.kCGWindowIsOnscreen, False))

    def focused(self, window: Window) -> bool:
        """True when the window is the frontmost normal window."""
        self.info(window)  # WindowGone if it was closed
        front = self.shown()
        return bool(front) and front[0].id == window.id

    def above(self, window: Window) -> list[Window]:
        """Return the shown normal windows in front of this one, front first."""
        shown = self.shown()
        ids = [w.id for w in shown]
        return shown[:ids.index(window.id)] if window.id in ids else []
