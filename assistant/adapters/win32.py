"""Windows on Microsoft Windows through user32, with ctypes (nothing to install).

A window's region is its client area: GetClientRect for the size, ClientToScreen for the corner,
in physical pixels of the virtual screen once the process is per-monitor DPI aware (call
make_dpi_aware before any capture, window query or mouse move; window.windows() does).
Left out: windows that are not visible, have no title, or are cloaked (a Store app suspended or
on another virtual desktop is "visible" but not shown). A minimised window stays in the list,
0x0 in size, so play can say it is minimised. A Store app (such as Wordament) draws inside an
ApplicationFrameWindow whose client area includes the app's own title bar.
Written against the documented user32 and dwmapi calls; it cannot run in this project's CI.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import sys
from ctypes import wintypes
from typing import Any

from ..core.gestures import Region
from .window import Window, WindowGone, choose

if sys.platform != "win32":
    raise ImportError("assistant.adapters.win32 works on Windows only")

PER_MONITOR_AWARE_V2 = -4  # DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2 (Windows 10 1703+)
PROCESS_PER_MONITOR_DPI_AWARE = 2  # PROCESS_DPI_AWARENESS for shcore (Windows 8.1+)
DWMWA_CLOAKED = 14
ENUM_PROC = ctypes.WINFUNCTYPE(wintypes.BOOL, wintypes.HWND, wintypes.LPARAM)
HWND = wintypes.HWND
SIGNATURES = {  # name: (argument types, result type), so 64-bit handles pass whole
    "EnumWindows": ([ENUM_PROC, wintypes.LPARAM], wintypes.BOOL),
    "GetWindowTextLengthW": ([HWND], ctypes.c_int),
    "GetWindowTextW": ([HWND, wintypes.LPWSTR, ctypes.c_int], ctypes.c_int),
    "IsWindow": ([HWND], wintypes.BOOL),
    "IsWindowVisible": ([HWND], wintypes.BOOL),
    "IsIconic": ([HWND], wintypes.BOOL),
    "GetClientRect": ([HWND, ctypes.POINTER(wintypes.RECT)], wintypes.BOOL),
    "ClientToScreen": ([HWND, ctypes.POINTER(wintypes.POINT)], wintypes.BOOL),
    "GetForegroundWindow": ([], HWND),
}


@functools.cache
def make_dpi_aware() -> None:
    """Make the process per-monitor DPI aware (v2, else v1, else system aware), once."""
    user32 = ctypes.WinDLL("user32")
    with contextlib.suppress(AttributeError, OSError):
        set_context = user32.SetProcessDpiAwarenessContext
        set_context.argtypes, set_context.restype = [wintypes.HANDLE], wintypes.BOOL
        if set_context(PER_MONITOR_AWARE_V2):
            return
    with contextlib.suppress(AttributeError, OSError):
        if ctypes.WinDLL("shcore").SetProcessDpiAwareness(PROCESS_PER_MONITOR_DPI_AWARE) == 0:
            return
    with contextlib.suppress(AttributeError, OSError):
        user32.SetProcessDPIAware()


def load_user32() -> Any:
    """Return user32 with the signatures of the calls used here declared."""
    user32 = ctypes.WinDLL("user32", use_last_error=True)
    for name, (arguments, result) in SIGNATURES.items():
        function = getattr(user32, name)
        function.argtypes, function.restype = arguments, result
    return user32


class Win32Windows:
    """The top-level windows of this desktop."""

    def __init__(self) -> None:
        self.user32 = load_user32()

    def find(self, title: str) -> Window:
        """Return the biggest shown window whose title holds `title` (any case)."""
        return choose(self.shown(), title)

    def titles(self) -> list[str]:
        """Return the titles of the shown windows, top of the z-order first."""
        return [w.title for w in self.shown()]

    def shown(self) -> list[Window]:
        """Return the visible, titled, uncloaked top-level windows, top of the z-order first."""
        handles: list[int] = []

        def note(hwnd: int, _: int) -> bool:
            handles.append(hwnd)
            return True

        self.user32.EnumWindows(ENUM_PROC(note), 0)
        found = []
        for hwnd in handles:
            if hwnd and self.user32.IsWindowVisible(hwnd) and not cloaked(hwnd):
                with contextlib.suppress(WindowGone):  # closed while we looked
                    if title := self.text(hwnd):
                        found.append(Window(hwnd, title, self.area(hwnd)))
        return found

    def text(self, hwnd: int) -> str:
        """Return the window's title."""
        size = self.user32.GetWindowTextLengthW(hwnd) + 1
        buffer = ctypes.create_unicode_buffer(size)
        self.user32.GetWindowTextW(hwnd, buffer, size)
        return buffer.value

    def area(self, hwnd: int) -> Region:
        """Return the window's client area in screen pixels (WindowGone if the calls fail)."""
        rect, corner = wintypes.RECT(), wintypes.POINT(0, 0)
        if not (self.user32.GetClientRect(hwnd, ctypes.byref(rect))
                and self.user32.ClientToScreen(hwnd, ctypes.byref(corner))):
            raise WindowGone(f"the window {self.text(hwnd)!r} was closed")
        return Region(corner.x, corner.y, rect.right - rect.left, rect.bottom - rect.top)

    def live(self, window: Window) -> int:
        """Return the window's handle, or raise WindowGone if it was closed."""
        if not self.user32.IsWindow(window.id):
            raise WindowGone(f"the window {window.title!r} was closed")
        return window.id

    def region(self, window: Window) -> Region:
        """Return the window's client area now (WindowGone if it was closed)."""
        return self.area(self.live(window))

    def minimised(self, window: Window) -> bool:
        """True when the window is minimised (iconic)."""
        return bool(self.user32.IsIconic(self.live(window)))

    def focused(self, window: Window) -> bool:
        """True when the window is the foreground window."""
        return bool(self.user32.GetForegroundWindow() == self.live(window))

    def above(self, window: Window) -> list[Window]:
        """Return the shown windows above this one in the z-order, top first."""
        shown = self.shown()
        ids = [w.id for w in shown]
        return shown[:ids.index(window.id)] if window.id in ids else []


def cloaked(hwnd: int) -> bool:
    """True when the desktop window manager hides the window although it is 'visible'."""
    value = wintypes.DWORD(0)
    with contextlib.suppress(AttributeError, OSError):
        dwmapi = ctypes.WinDLL("dwmapi")
        if dwmapi.DwmGetWindowAttribute(HWND(hwnd), wintypes.DWORD(DWMWA_CLOAKED),
                                        ctypes.byref(value), ctypes.sizeof(value)) == 0:
            return value.value != 0
    return False
