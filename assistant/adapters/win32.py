"""Windows on Microsoft Windows through user32, dwmapi and kernel32 via ctypes (nothing to install).

A window's region is its client area: GetClientRect for the size, ClientToScreen for the corner,
in physical pixels of the virtual screen once the process is per-monitor DPI aware (call
make_dpi_aware before any capture, window query or mouse move; backends.windows() does).
Listed: the visible, titled top-level windows (EnumWindows, top of the z-order first). A
minimised window (IsIconic: 0x0, its corner at -32000,-32000) and a cloaked one (a Store app
such as Wordament, minimised, suspended or on another virtual desktop, is "visible" but
cloaked by the desktop window manager: DwmGetWindowAttribute(DWMWA_CLOAKED)) stay listed,
marked hidden, so play can say it is minimised. A Store app draws inside an
ApplicationFrameWindow whose client area includes the app's own title bar.
Our own windows are those of our process and its parent (GetWindowThreadProcessId) and our
console (GetConsoleWindow). Every function is declared with argtypes and restype, so 64-bit
handles pass whole. Written against the documented calls; tests/test_adapters_win32.py runs
it on a fake user32/dwmapi, and the Wine harness on the real ones.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
from ctypes import wintypes
from dataclasses import dataclass
from typing import Any

from ..core.gestures import Region
from .window import Ours, Window, WindowGone, choose

# DPI_AWARENESS_CONTEXT pseudo-handles, and what each is called
AWARENESS = {-4: "per-monitor v2", -3: "per-monitor", -2: "system", -1: "unaware"}
PER_MONITOR_AWARE_V2, PER_MONITOR_AWARE = -4, -3
PROCESS_PER_MONITOR_DPI_AWARE = 2  # PROCESS_DPI_AWARENESS for shcore (Windows 8.1+)
PROCESS_AWARENESS = {0: "unaware", 1: "system", 2: "per-monitor"}
DWMWA_EXTENDED_FRAME_BOUNDS, DWMWA_CLOAKED = 9, 14
GWL_EXSTYLE, WS_EX_TRANSPARENT = -20, 0x20
S_OK = 0

HWND, HANDLE, BOOL, DWORD = wintypes.HWND, wintypes.HANDLE, wintypes.BOOL, wintypes.DWORD
ENUM_PROC = getattr(ctypes, "WINFUNCTYPE", ctypes.CFUNCTYPE)(BOOL, HWND, wintypes.LPARAM)
RECT_P, POINT_P = ctypes.POINTER(wintypes.RECT), ctypes.POINTER(wintypes.POINT)
SIGNATURES: dict[str, dict[str, tuple[list[Any], Any]]] = {  # library: {name: (argument
    # types, result type)}; a function this version of Windows lacks is left out
    "user32": {
        "EnumWindows": ([ENUM_PROC, wintypes.LPARAM], BOOL),
        "GetWindowTextLengthW": ([HWND], ctypes.c_int),
        "GetWindowTextW": ([HWND, wintypes.LPWSTR, ctypes.c_int], ctypes.c_int),
        "IsWindow": ([HWND], BOOL),
        "IsWindowVisible": ([HWND], BOOL),
        "IsIconic": ([HWND], BOOL),
        "GetClientRect": ([HWND, RECT_P], BOOL),
        "ClientToScreen": ([HWND, POINT_P], BOOL),
        "GetWindowRect": ([HWND, RECT_P], BOOL),
        "GetForegroundWindow": ([], HWND),
        "GetWindowThreadProcessId": ([HWND, ctypes.POINTER(DWORD)], DWORD),
        "GetWindowLongW": ([HWND, ctypes.c_int], wintypes.LONG),
        "SetProcessDpiAwarenessContext": ([HANDLE], BOOL),  # Windows 10 1703+
        "SetThreadDpiAwarenessContext": ([HANDLE], HANDLE),  # Windows 10 1607+
        "GetThreadDpiAwarenessContext": ([], HANDLE),  # Windows 10 1607+
        "AreDpiAwarenessContextsEqual": ([HANDLE, HANDLE], BOOL),  # Windows 10 1607+
        "SetProcessDPIAware": ([], BOOL),  # Vista+
    },
    "shcore": {  # Windows 8.1+
        "SetProcessDpiAwareness": ([ctypes.c_int], ctypes.c_long),
        "GetProcessDpiAwareness": ([HANDLE, ctypes.POINTER(ctypes.c_int)], ctypes.c_long),
    },
    "dwmapi": {
        "DwmGetWindowAttribute": ([HWND, DWORD, ctypes.c_void_p, DWORD], ctypes.c_long),
    },
    "kernel32": {
        "GetConsoleWindow": ([], HWND),
    },
}


@dataclass(frozen=True)
class Api:
    """The Windows libraries used here, their functions declared (or fakes, in tests)."""

    user32: Any
    shcore: Any
    dwmapi: Any
    kernel32: Any


@functools.cache
def api() -> Api:
    """Return the real libraries with every function used here declared (once)."""
    return Api(**{name: declared(library, ctypes.WinDLL(library, use_last_error=True))  # type: ignore[attr-defined]
                  for name, library in (("user32", "user32"), ("shcore", "shcore"),
                                        ("dwmapi", "dwmapi"), ("kernel32", "kernel32"))})


def declared(library: str, dll: Any) -> Any:
    """Return the library with the argument and result types of its functions set."""
    for name, (arguments, result) in SIGNATURES[library].items():
        with contextlib.suppress(AttributeError):  # not in this version of Windows
            function = getattr(dll, name)
            function.argtypes, function.restype = arguments, result
    return dll


def handle(value: int | None) -> int:
    """Return a handle as an int (ctypes gives None for NULL)."""
    return int(value or 0)


# --- DPI: one path for the player, the capture and the overlay --------------------------------

@functools.cache
def make_dpi_aware(libraries: Api | None = None) -> str:
    """Make the process (else this thread) per-monitor DPI aware, once; return what it is
    then: 'per-monitor v2', 'per-monitor', 'system' or 'unaware'. A process made system
    aware before (pyautogui's import calls SetProcessDPIAware) refuses the process-wide
    calls, silently; the thread's awareness can still be raised (Windows 10 1607+)."""
    user32, shcore = (libraries or api()).user32, (libraries or api()).shcore
    if hasattr(user32, "SetProcessDpiAwarenessContext"):
        user32.SetProcessDpiAwarenessContext(PER_MONITOR_AWARE_V2)
    elif hasattr(shcore, "SetProcessDpiAwareness"):
        shcore.SetProcessDpiAwareness(PROCESS_PER_MONITOR_DPI_AWARE)
    elif hasattr(user32, "SetProcessDPIAware"):
        user32.SetProcessDPIAware()
    now = awareness(user32, shcore)
    if not now.startswith("per-monitor") and hasattr(user32, "SetThreadDpiAwarenessContext"):
        for context in (PER_MONITOR_AWARE_V2, PER_MONITOR_AWARE):
            if user32.SetThreadDpiAwarenessContext(context):
                break
        now = awareness(user32, shcore)
    return now


def awareness(user32: Any, shcore: Any) -> str:
    """Return this thread's DPI awareness (the process's before Windows 10 1607)."""
    if hasattr(user32, "GetThreadDpiAwarenessContext"):
        context = user32.GetThreadDpiAwarenessContext()
        for value, name in AWARENESS.items():
            if user32.AreDpiAwarenessContextsEqual(context, value):
                return name
        return "unaware"
    if hasattr(shcore, "GetProcessDpiAwareness"):
        level = ctypes.c_int(0)
        if shcore.GetProcessDpiAwareness(None, level) == S_OK:
            return PROCESS_AWARENESS.get(level.value, "unaware")
    return "system" if hasattr(user32, "SetProcessDPIAware") else "unaware"


# --- the windows ------------------------------------------------------------------------------

class Win32Windows:
    """The top-level windows of this desktop."""

    def __init__(self, libraries: Api | None = None) -> None:
        self.api = libraries or api()
        self.user32 = self.api.user32
        console = handle(self.api.kernel32.GetConsoleWindow())
        self.ours = Ours(frozenset({os.getpid(), os.getppid()}),
                         frozenset({console} - {0}))

    def find(self, title: str) -> Window:
        """Return the window the user means by `title` (see window.choose)."""
        return choose(self.listed(), title, self.ours)

    def titles(self) -> list[str]:
        """Return the titles of the shown windows, top of the z-order first."""
        return [w.title for w in self.listed() if not w.hidden]

    def handles(self) -> list[int]:
        """Return every top-level window's handle, top of the z-order first."""
        found: list[int] = []

        def note(hwnd: int | None, _: int) -> bool:
            if hwnd:
                found.append(hwnd)
            return True

        self.user32.EnumWindows(ENUM_PROC(note), 0)
        return found

    def listed(self) -> list[Window]:
        """Return the visible, titled top-level windows, top of the z-order first; minimised
        and cloaked ones marked hidden."""
        found = []
        for hwnd in self.handles():
            with contextlib.suppress(WindowGone):  # closed while we looked
                if self.user32.IsWindowVisible(hwnd) and (title := self.text(hwnd)):
                    found.append(Window(hwnd, title, self.area(hwnd), self.pid(hwnd),
                                        self.hidden(hwnd)))
        return found

    def text(self, hwnd: int) -> str:
        """Return the window's title (UTF-16 counted: the length asked for, plus the NUL)."""
        size = self.user32.GetWindowTextLengthW(hwnd) + 1
        buffer = ctypes.create_unicode_buffer(size)
        self.user32.GetWindowTextW(hwnd, buffer, size)
        return buffer.value

    def area(self, hwnd: int) -> Region:
        """Return the window's client area in screen pixels (WindowGone if the calls fail)."""
        rect, corner = wintypes.RECT(), wintypes.POINT(0, 0)
        if not (self.user32.GetClientRect(hwnd, rect)
                and self.user32.ClientToScreen(hwnd, corner)):
            raise WindowGone(f"the window {self.text(hwnd)!r} was closed")
        return Region(corner.x, corner.y, rect.right - rect.left, rect.bottom - rect.top)

    def frame(self, hwnd: int) -> Region:
        """Return the window's visible frame (DWM's bounds: no invisible resize borders),
        else its window rectangle; empty when neither is known."""
        rect = wintypes.RECT()
        if self.api.dwmapi.DwmGetWindowAttribute(hwnd, DWMWA_EXTENDED_FRAME_BOUNDS,
                                                 ctypes.byref(rect), ctypes.sizeof(rect)) != S_OK \
                and not self.user32.GetWindowRect(hwnd, rect):
            return Region(0, 0, 0, 0)
        return Region(rect.left, rect.top, rect.right - rect.left, rect.bottom - rect.top)

    def pid(self, hwnd: int) -> int:
        """Return the id of the process that owns the window (0 if it is gone)."""
        pid = DWORD(0)
        self.user32.GetWindowThreadProcessId(hwnd, pid)
        return int(pid.value)

    def cloaked(self, hwnd: int) -> bool:
        """True when the desktop window manager hides the window although it is 'visible'."""
        value = DWORD(0)
        return self.api.dwmapi.DwmGetWindowAttribute(
            hwnd, DWMWA_CLOAKED, ctypes.byref(value), ctypes.sizeof(value)) == S_OK \
            and value.value != 0

    def hidden(self, hwnd: int) -> bool:
        """True when the window is minimised or cloaked."""
        return bool(self.user32.IsIconic(hwnd)) or self.cloaked(hwnd)

    def live(self, window: Window) -> int:
        """Return the window's handle, or raise WindowGone if it was closed."""
        if not self.user32.IsWindow(window.id):
            raise WindowGone(f"the window {window.title!r} was closed")
        return window.id

    def region(self, window: Window) -> Region:
        """Return the window's client area now (WindowGone if it was closed)."""
        return self.area(self.live(window))

    def minimised(self, window: Window) -> bool:
        """True when the window is minimised, or cloaked (a Store app minimised, suspended or
        on another virtual desktop)."""
        return self.hidden(self.live(window))

    def focused(self, window: Window) -> bool:
        """True when the window is the foreground window."""
        return handle(self.user32.GetForegroundWindow()) == self.live(window)

    def above(self, window: Window) -> list[Window]:
        """Return the windows shown above this one in the z-order, top first: untitled ones
        too (menus, tooltips), not click-through (WS_EX_TRANSPARENT), empty, hidden or this
        process's ones (a terminal over the game does cover it); none when this one is not
        shown."""
        handles = self.handles()
        if self.live(window) not in handles or self.hidden(window.id):
            return []
        found = []
        for hwnd in handles[:handles.index(window.id)]:
            if self.user32.IsWindowVisible(hwnd) and not self.hidden(hwnd) and \
                    not self.user32.GetWindowLongW(hwnd, GWL_EXSTYLE) & WS_EX_TRANSPARENT:
                shown = Window(hwnd, self.text(hwnd), self.frame(hwnd), self.pid(hwnd))
                if shown.region.w > 0 and shown.region.h > 0 and shown.pid != os.getpid():
                    found.append(shown)
        return found
