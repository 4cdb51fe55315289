"""Find the game window by its title, and follow its client area on the screen.

A Window's region is its CLIENT area (what the game draws, without title bar or borders) in
virtual-screen pixels: all monitors together, negative left of or above the main one.

What is used on which platform, and why:
- X11 (Linux, BSD; `x11.py`): python-xlib walks the window tree. A title is `_NET_WM_NAME`,
  else `WM_NAME`; under a window manager the walk descends through the WM's frame to the client
  window (the one with `WM_STATE`); the position comes from `translate_coords` to the root. This
  was right with and without a window manager. Measured against the alternatives: pywinctl finds
  nothing on a bare X server (it reads the WM's `_NET_CLIENT_LIST`) and its dependency pymonctl
  exits the process when the `xrandr` command is missing; pygetwindow has no Linux support;
  `xdotool getwindowgeometry` counts the title bar twice under a window manager.
- Windows (`win32.py`): user32 through ctypes (EnumWindows, GetWindowTextW, IsWindowVisible,
  IsIconic, GetClientRect + ClientToScreen, GetForegroundWindow), no extra package. The process
  is made per-monitor DPI aware first, so window, capture and mouse all count real pixels.
- macOS (`macos.py`): Quartz `CGWindowListCopyWindowInfo` through pyobjc (which pyautogui
  installs on macOS). Quartz gives the whole window, title bar included, in points: see there.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from typing import Protocol

from ..core.gestures import Region
from ..core.types import BadInput


@dataclass(frozen=True)
class Window:
    """A window on the screen: its platform id, its title, and its client area when found."""

    id: int
    title: str
    region: Region


class WindowGone(BadInput):
    """The window was closed (or its process ended) while we were using it."""


class Windows(Protocol):
    """The windows on the screen, as one platform sees them."""

    def find(self, title: str) -> Window:
        """Return the biggest visible window whose title holds `title` (any case)."""

    def titles(self) -> list[str]:
        """Return the titles of the visible windows."""

    def region(self, window: Window) -> Region:
        """Return the window's client area now (WindowGone if it was closed)."""

    def minimised(self, window: Window) -> bool:
        """True when the window is minimised (iconified) or otherwise not shown."""

    def focused(self, window: Window) -> bool:
        """True when the window has the keyboard focus."""

    def above(self, window: Window) -> list[Window]:
        """Return the windows shown above this one, top first, untitled ones too (none when
        it is not shown)."""


def choose(shown: list[Window], title: str) -> Window:
    """Return the biggest of the shown windows whose title holds `title` (case-insensitive),
    or raise BadInput listing every shown title."""
    matches = [w for w in shown if title.casefold() in w.title.casefold()]
    if not matches:
        names = ", ".join(repr(t) for t in sorted({w.title for w in shown})) or "none"
        raise BadInput(f"no window titled {title!r} (visible windows: {names})")
    return max(matches, key=lambda w: w.region.w * w.region.h)


REGION = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*")


def parse_region(text: str) -> Region:
    """Return the Region written as X,Y,W,H in screen pixels (X, Y may be negative)."""
    match = REGION.fullmatch(text)
    if not match or int(match[3]) == 0 or int(match[4]) == 0:
        raise BadInput(f"--region {text!r}: expected X,Y,W,H in screen pixels, "
                       "W and H positive (e.g. 100,80,800,600)")
    return Region(*map(int, match.groups()))


def make_dpi_aware() -> None:
    """Make this process count real pixels on Windows (per-monitor DPI aware); elsewhere nothing.
    Call it before the first capture, window query or mouse move (it is idempotent)."""
    if sys.platform == "win32":
        from .win32 import make_dpi_aware as win32_dpi_aware
        win32_dpi_aware()


def windows() -> Windows:
    """Return the window finder for this platform: the one place that chooses the backend."""
    make_dpi_aware()
    if sys.platform == "win32":
        from .win32 import Win32Windows
        return Win32Windows()
    if sys.platform == "darwin":
        from .macos import QuartzWindows
        return QuartzWindows()
    from .x11 import X11Windows
    return X11Windows()
