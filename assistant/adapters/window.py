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
- Windows (`win32.py`): user32, dwmapi and kernel32 through ctypes (EnumWindows, GetWindowTextW,
  IsIconic, DwmGetWindowAttribute(DWMWA_CLOAKED), GetClientRect + ClientToScreen, ...), no extra
  package. The process is made per-monitor DPI aware first (make_dpi_aware, checked after),
  so window, capture, mouse and overlay all count real pixels.
- macOS (`macos.py`): Quartz `CGWindowListCopyWindowInfo` through pyobjc-framework-Quartz.
  Quartz gives the whole window, title bar included, in points: see there.

Which window the user means is decided in one place, `choose`, over plain data from every
backend: never this program's own windows (its process, the processes that started it, such as
its terminal, and its console), then an exact title before a prefix before a substring, a shown
window before a minimised one; several equally good shown windows are an error naming them.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..core.gestures import Region
from ..core.types import BadInput


@dataclass(frozen=True)
class Window:
    """A window on the screen: its platform id, its title, its client area when found, the
    process that owns it (0: not known) and whether it was minimised (or cloaked, or on
    another desktop) when listed."""

    id: int
    title: str
    region: Region
    pid: int = 0
    hidden: bool = False


class WindowGone(BadInput):
    """The window was closed (or its process ended) while we were using it."""


class Windows(Protocol):
    """The windows on the screen, as one platform sees them."""

    def find(self, title: str) -> Window:
        """Return the window the user means by `title` (see choose)."""

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
        it is not shown); never this process's own (the overlay)."""


# --- which window the user means (pure) --------------------------------------------------------

MATCHES = ("exact", "prefix", "substring")  # how a title holds the text asked for, best first


@dataclass(frozen=True)
class Ours:
    """What marks a window as this program's own: the processes (ours and the ones that
    started it: the shell, the terminal) and windows known otherwise (a console, $WINDOWID)."""

    pids: frozenset[int] = frozenset()
    ids: frozenset[int] = frozenset()

    def __contains__(self, window: object) -> bool:
        """True when the window is this program's own, or its terminal's."""
        return isinstance(window, Window) and (window.id in self.ids or window.pid in self.pids)


def match(title: str, text: str) -> int | None:
    """Return how a title holds the text, as an index of MATCHES (any case, outer spaces
    ignored), or None when it does not hold it."""
    title, text = title.strip().casefold(), text.strip().casefold()
    if title == text:
        return 0
    if title.startswith(text):
        return 1
    return 2 if text in title else None


def choose(listed: list[Window], text: str, ours: Ours = Ours()) -> Window:
    """Return the window the user means by `text`: never one of ours; an exact title before a
    prefix before a substring; among those, a shown one before a hidden one. BadInput, in one
    line, when none matches or several shown ones match equally well."""
    theirs = [w for w in listed if w not in ours and (w.hidden or w.region.w * w.region.h)]
    ranked = [(rank, w) for w in theirs if (rank := match(w.title, text)) is not None]
    if not ranked:
        raise BadInput(not_found(listed, text, ours))
    best = min(rank for rank, _ in ranked)
    matching = [w for rank, w in ranked if rank == best]
    shown = [w for w in matching if not w.hidden]
    if len(shown) > 1:
        raise BadInput(f"{len(shown)} windows have the title {text!r} ({MATCHES[best]} match): "
                       + "; ".join(describe(w) for w in shown)
                       + ": close the others, or give --window-title (the whole title) or --region")
    return (shown or matching)[0]


def not_found(listed: list[Window], text: str, ours: Ours) -> str:
    """Return the message for no window titled `text`: the visible titles, and ours that
    matched (never chosen)."""
    names = ", ".join(repr(t) for t in sorted({w.title for w in listed
                                               if w not in ours and not w.hidden})) or "none"
    mine = sorted({w.title for w in listed if w in ours and match(w.title, text) is not None})
    never = f"; this program's own windows and its terminal are never chosen: " \
        f"{', '.join(map(repr, mine))}" if mine else ""
    return f"no window titled {text!r} (visible windows: {names}{never})"


def describe(window: Window) -> str:
    """Return the window as one line names it: its title, size and place."""
    r = window.region
    where = "minimised" if window.hidden else f"{r.w}x{r.h} at {r.x},{r.y}"
    return f'"{window.title}" {where}'


def ancestors(pid: int | None = None) -> frozenset[int]:
    """Return this process and the ones that started it, up to (not including) init: read
    from /proc where there is one, else just this process and its parent."""
    pid = os.getpid() if pid is None else pid
    found = {pid, os.getppid()} if pid == os.getpid() else {pid}
    while pid > 1:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            break
        pid = int(stat.rsplit(")", 1)[1].split()[1])  # the field after the state: the parent
        found.add(pid)
    return frozenset(found - {0, 1})


REGION = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*")


def parse_region(text: str) -> Region:
    """Return the Region written as X,Y,W,H in screen pixels (X, Y may be negative)."""
    match = REGION.fullmatch(text)
    if not match or int(match[3]) == 0 or int(match[4]) == 0:
        raise BadInput(f"--region {text!r}: expected X,Y,W,H in screen pixels, "
                       "W and H positive (e.g. 100,80,800,600)")
    return Region(*map(int, match.groups()))
