"""A fake user32, dwmapi, shcore and kernel32 for the Windows adapters' unit tests: a desktop of
windows in z-order, the DPI awareness of a process and its thread, per version of Windows.

Its functions behave as ctypes makes the real ones behave: called before their `argtypes` are
declared, an int that does not fit a C int is refused (ctypes.ArgumentError), and a result is
cut to the declared `restype` (a C int by default: a 64-bit handle comes back truncated;
a pointer-sized HWND comes back whole, None for NULL). Names called undeclared are kept in
`undeclared`. A function the version of Windows lacks is missing (AttributeError).
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from ctypes import wintypes
from dataclasses import dataclass, field
from typing import Any

from assistant.adapters.win32 import Api
from assistant.core.gestures import Region

C_INT = range(-2**31, 2**31)
E_ACCESSDENIED, E_HANDLE = -2147024891, -2147024890  # HRESULTs 0x80070005, 0x80070006
CONTEXTS = {"unaware": 0x10, "system": 0x11, "per-monitor": 0x12, "per-monitor v2": 0x22}
PSEUDO = {-1: "unaware", -2: "system", -3: "per-monitor", -4: "per-monitor v2"}
VERSIONS = {  # the DPI functions each version of Windows has
    "10-1703": {"SetProcessDpiAwarenessContext", "SetThreadDpiAwarenessContext",
                "GetThreadDpiAwarenessContext", "AreDpiAwarenessContextsEqual",
                "SetProcessDPIAware", "SetProcessDpiAwareness", "GetProcessDpiAwareness"},
    "10-1607": {"SetThreadDpiAwarenessContext", "GetThreadDpiAwarenessContext",
                "AreDpiAwarenessContextsEqual", "SetProcessDPIAware",
                "SetProcessDpiAwareness", "GetProcessDpiAwareness"},
    "8.1": {"SetProcessDPIAware", "SetProcessDpiAwareness", "GetProcessDpiAwareness"},
    "7": {"SetProcessDPIAware"},
}
DPI_FUNCTIONS = set().union(*VERSIONS.values())


class FakeFunction:
    """One function of a fake library, converting as ctypes would."""

    def __init__(self, library: FakeLibrary, name: str, body: Callable[..., Any]) -> None:
        self.library, self.name, self.body = library, name, body
        self.argtypes: list | None = None
        self.restype: Any = ctypes.c_int

    def __call__(self, *args: Any) -> Any:
        self.library.calls.append((self.name, args))
        if self.argtypes is None:
            self.library.undeclared.add(self.name)
            for n, arg in enumerate(args, 1):
                if isinstance(arg, int) and arg not in C_INT:
                    raise ctypes.ArgumentError(f"argument {n}: OverflowError: int too long "
                                               "to convert")
        elif len(args) != len(self.argtypes):
            raise TypeError(f"{self.name} takes {len(self.argtypes)} arguments")
        result = self.body(*args)
        if self.restype is ctypes.c_void_p:
            return result or None
        return self.restype(result).value if self.restype is not None else None


class FakeLibrary:
    """A fake DLL: the functions given, each a FakeFunction."""

    def __init__(self, functions: dict[str, Callable[..., Any]],
                 calls: list[tuple[str, tuple]] | None = None) -> None:
        self.calls = [] if calls is None else calls  # shared by a desktop's libraries
        self.undeclared: set[str] = set()
        for name, body in functions.items():
            setattr(self, name, FakeFunction(self, name, body))

    def names(self) -> list[str]:
        """Return the names of the functions called, in order."""
        return [name for name, _ in self.calls]


@dataclass
class FakeWindow:
    """A top-level window on the fake desktop."""

    hwnd: int
    title: str = ""
    client: Region = field(default_factory=lambda: Region(0, 0, 100, 100))  # on the screen
    frame: Region | None = None  # the visible frame (DWM's); None: the client area
    pid: int = 4242
    visible: bool = True
    iconic: bool = False
    cloaked: int = 0  # DWM_CLOAKED_APP (1), _SHELL (2), _INHERITED (4), or 0
    exstyle: int = 0

    def shown_client(self) -> Region:
        """Return the client area as Windows reports it (0x0 at -32000 when minimised)."""
        return Region(-32000, -32000, 0, 0) if self.iconic else self.client

    def shown_frame(self) -> Region:
        """Return the window rectangle (160x28 at -32000 when minimised)."""
        return Region(-32000, -32000, 160, 28) if self.iconic else self.frame or self.client


@dataclass
class FakeDesktop:
    """Windows (top of the z-order first), a foreground window, a console, and the DPI
    awareness of a process on one version of Windows."""

    windows: list[FakeWindow] = field(default_factory=list)
    foreground: int = 0
    console: int = 0
    version: str = "10-1703"
    process_dpi: str | None = None  # None: never set (so it can still be set)
    thread_dpi: str | None = None

    def __post_init__(self) -> None:
        functions = {name: getattr(self, name) for name in dir(type(self))
                     if name[0].isupper() and (name not in DPI_FUNCTIONS
                                               or name in VERSIONS[self.version])}
        libraries = {"user32": ("EnumWindows", "GetWindowTextLengthW", "GetWindowTextW",
                                "IsWindow", "IsWindowVisible", "IsIconic", "GetClientRect",
                                "ClientToScreen", "GetWindowRect", "GetForegroundWindow",
                                "GetWindowThreadProcessId", "GetWindowLongW",
                                "SetProcessDpiAwarenessContext", "SetThreadDpiAwarenessContext",
                                "GetThreadDpiAwarenessContext", "AreDpiAwarenessContextsEqual",
                                "SetProcessDPIAware"),
                     "shcore": ("SetProcessDpiAwareness", "GetProcessDpiAwareness"),
                     "dwmapi": ("DwmGetWindowAttribute",),
                     "kernel32": ("GetConsoleWindow",)}
        self.calls: list[tuple[str, tuple]] = []  # every library's, in order
        self.api = Api(**{library: FakeLibrary({n: functions[n] for n in names
                                                if n in functions}, self.calls)
                          for library, names in libraries.items()})

    def libraries(self) -> list[FakeLibrary]:
        """Return the four fake libraries."""
        return [self.api.user32, self.api.shcore, self.api.dwmapi, self.api.kernel32]

    def undeclared(self) -> set[str]:
        """Return every function called before its types were declared."""
        return set().union(*(library.undeclared for library in self.libraries()))

    def window(self, hwnd: int) -> FakeWindow | None:
        """Return the window with this handle, if it is open."""
        return next((w for w in self.windows if w.hwnd == hwnd), None)

    # --- user32: windows

    def EnumWindows(self, callback: Any, parameter: int) -> int:
        for window in list(self.windows):
            if not callback(window.hwnd, parameter):
                break
        return 1

    def GetWindowTextLengthW(self, hwnd: int) -> int:
        window = self.window(hwnd)
        return len(window.title.encode("utf-16-le")) // 2 if window else 0

    def GetWindowTextW(self, hwnd: int, buffer: Any, size: int) -> int:
        window = self.window(hwnd)
        if window is None or size <= 0:
            return 0
        units = window.title.encode("utf-16-le")[:2 * (size - 1)]  # room for the NUL
        buffer.value = units.decode("utf-16-le", errors="ignore")
        return len(units) // 2

    def IsWindow(self, hwnd: int) -> int:
        return int(self.window(hwnd) is not None)

    def IsWindowVisible(self, hwnd: int) -> int:
        window = self.window(hwnd)
        return int(bool(window and window.visible))

    def IsIconic(self, hwnd: int) -> int:
        window = self.window(hwnd)
        return int(bool(window and window.iconic))

    def GetClientRect(self, hwnd: int, rect: Any) -> int:
        window = self.window(hwnd)
        if window is None:
            return 0
        area = window.shown_client()
        rect.left, rect.top, rect.right, rect.bottom = 0, 0, area.w, area.h
        return 1

    def ClientToScreen(self, hwnd: int, point: Any) -> int:
        window = self.window(hwnd)
        if window is None:
            return 0
        area = window.shown_client()
        point.x, point.y = point.x + area.x, point.y + area.y
        return 1

    def GetWindowRect(self, hwnd: int, rect: Any) -> int:
        window = self.window(hwnd)
        if window is None:
            return 0
        f = window.shown_frame()
        rect.left, rect.top, rect.right, rect.bottom = f.x, f.y, f.x + f.w, f.y + f.h
        return 1

    def GetForegroundWindow(self) -> int:
        return self.foreground

    def GetWindowThreadProcessId(self, hwnd: int, pid: Any) -> int:
        window = self.window(hwnd)
        if window is None:
            return 0
        pid.value = window.pid
        return 7

    def GetWindowLongW(self, hwnd: int, index: int) -> int:
        window = self.window(hwnd)
        return window.exstyle if window is not None and index == -20 else 0

    # --- dwmapi, kernel32

    def DwmGetWindowAttribute(self, hwnd: int, attribute: int, target: Any,
                              size: int) -> int:
        window, value = self.window(hwnd), target._obj  # what ctypes.byref points to
        if window is None:
            return E_HANDLE
        assert size == ctypes.sizeof(value)  # (wintypes' sizes on Linux are not Windows')
        if attribute == 14:  # DWMWA_CLOAKED: a DWORD
            assert isinstance(value, wintypes.DWORD)
            value.value = window.cloaked
        elif attribute == 9:  # DWMWA_EXTENDED_FRAME_BOUNDS: a RECT
            assert isinstance(value, wintypes.RECT)
            f = window.shown_frame()
            value.left, value.top, value.right, value.bottom = f.x, f.y, f.x + f.w, f.y + f.h
        else:
            return -2147024809  # E_INVALIDARG
        return 0

    def GetConsoleWindow(self) -> int:
        return self.console

    # --- DPI awareness: the process's is set once; a thread's may differ (Windows 10 1607+)

    def context_name(self, context: int) -> str | None:
        """Return the awareness a context handle (pseudo or real) stands for."""
        return PSEUDO.get(context) or next((n for n, c in CONTEXTS.items() if c == context),
                                           None)

    def SetProcessDpiAwarenessContext(self, context: int) -> int:
        if self.process_dpi is not None or self.context_name(context) is None:
            return 0  # ERROR_ACCESS_DENIED: set before
        self.process_dpi = self.context_name(context)
        return 1

    def SetProcessDpiAwareness(self, value: int) -> int:
        if self.process_dpi is not None:
            return E_ACCESSDENIED
        self.process_dpi = {0: "unaware", 1: "system", 2: "per-monitor"}[value]
        return 0

    def SetProcessDPIAware(self) -> int:
        if self.process_dpi is None:
            self.process_dpi = "system"
        return 1

    def GetProcessDpiAwareness(self, process: Any, value: Any) -> int:
        value.value = {"unaware": 0, "system": 1, "per-monitor": 2,
                       "per-monitor v2": 2}[self.process_dpi or "unaware"]
        return 0

    def SetThreadDpiAwarenessContext(self, context: int) -> int:
        name = self.context_name(context)
        if name is None or (name == "per-monitor v2" and self.version != "10-1703"):
            return 0  # invalid here: v2 came with 1703
        old = self.GetThreadDpiAwarenessContext()
        self.thread_dpi = name
        return old

    def GetThreadDpiAwarenessContext(self) -> int:
        return CONTEXTS[self.thread_dpi or self.process_dpi or "unaware"]

    def AreDpiAwarenessContextsEqual(self, a: int, b: int) -> int:
        return int(self.context_name(a) == self.context_name(b) is not None)
