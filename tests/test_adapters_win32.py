"""The Windows adapters on a fake user32/dwmapi/shcore/kernel32 (tests/fake_win32.py): what
Wine cannot show. Unicode titles, minimised windows at -32000, cloaked Store apps, handles
above 2^32, our own windows and console, the windows above the game, the DPI fallbacks of each
version of Windows, and the overlay window's styles."""

from __future__ import annotations

import ctypes
import os

import pytest

from assistant.adapters import backends, overlay_windows, win32
from assistant.adapters import overlay as overlays
from assistant.adapters.overlay import Outline, Scene
from assistant.adapters.win32 import Win32Windows, make_dpi_aware
from assistant.adapters.window import Window, WindowGone
from assistant.core.gestures import Region
from assistant.core.types import BadInput
from tests.fake_win32 import FakeDesktop, FakeFunction, FakeLibrary, FakeWindow

BIG = 2**33 + 0x1234  # a 64-bit handle: a C int would cut it
GAME = FakeWindow(BIG, "Wordament", Region(100, 80, 640, 900), Region(92, 49, 656, 939),
                  pid=900)


def finder(desktop: FakeDesktop) -> Win32Windows:
    """Return the window finder on the fake desktop, its functions declared as for real."""
    for library, dll in zip(("user32", "shcore", "dwmapi", "kernel32"), desktop.libraries(),
                            strict=True):
        win32.declared(library, dll)
    return Win32Windows(desktop.api)


# --- the fake itself behaves as ctypes does


def test_the_fake_cuts_a_handle_as_ctypes_does_when_the_types_are_not_declared():
    desktop = FakeDesktop([GAME], foreground=BIG)
    undeclared = desktop.api.user32
    assert undeclared.GetForegroundWindow() == ctypes.c_int(BIG).value != BIG
    with pytest.raises(ctypes.ArgumentError):
        undeclared.IsWindow(BIG)
    assert desktop.undeclared() == {"GetForegroundWindow", "IsWindow"}


# --- finding windows


def test_the_game_is_found_with_its_client_area_and_a_64_bit_handle_whole():
    desktop = FakeDesktop([FakeWindow(5, "Command Prompt - assistant play wordament",
                                      Region(0, 0, 1600, 1000), pid=300), GAME], foreground=BIG)
    found = finder(desktop)
    game = found.find("wordament")
    assert game == Window(BIG, "Wordament", Region(100, 80, 640, 900), 900, False)
    assert found.region(game) == Region(100, 80, 640, 900)
    assert found.focused(game) and not found.minimised(game)
    assert desktop.undeclared() == set()


def test_unicode_titles_come_back_whole_emoji_and_all():
    titles = ["Wordament – Français", "単語ゲーム", "Bookworm 🐛 Adventures", "Ελληνικά"]
    desktop = FakeDesktop([FakeWindow(10 + n, t, Region(0, 0, 50, 50), pid=10 + n)
                           for n, t in enumerate(titles)])
    found = finder(desktop)
    assert found.titles() == titles
    assert found.find("bookworm 🐛").title == "Bookworm 🐛 Adventures"


def test_invisible_and_untitled_windows_are_not_listed():
    desktop = FakeDesktop([FakeWindow(1, "Wordament", visible=False), FakeWindow(2, ""),
                           FakeWindow(3, "Notepad")])
    assert finder(desktop).titles() == ["Notepad"]


def test_a_minimised_window_at_minus_32000_is_listed_hidden_and_said_minimised():
    desktop = FakeDesktop([FakeWindow(7, "Wordament", Region(100, 80, 640, 900), pid=900,
                                      iconic=True)])
    found = finder(desktop)
    game = found.find("Wordament")
    assert game.hidden and game.region == Region(-32000, -32000, 0, 0)
    assert found.minimised(game) and found.titles() == []
    assert found.above(game) == []


def test_a_cloaked_store_app_counts_as_minimised_or_on_another_desktop():
    frame = FakeWindow(7, "Wordament", Region(100, 80, 640, 900), pid=901, cloaked=1)
    found = finder(FakeDesktop([frame, FakeWindow(8, "Wordament (practice)",
                                                  Region(0, 0, 300, 300), pid=902)]))
    game = found.find("Wordament")  # exact, though hidden, before a shown prefix
    assert game.id == 7 and game.hidden and found.minimised(game)
    frame.cloaked = 0
    assert not found.minimised(game)


def test_the_message_for_a_hidden_game_says_minimised_or_on_another_desktop():
    from assistant.live import target as live

    found = finder(FakeDesktop([FakeWindow(7, "Wordament", Region(1, 2, 3, 4), pid=901,
                                           cloaked=2)]))
    game = found.find("Wordament")
    target = live.Target(game.region, found, game)
    with pytest.raises(BadInput, match=r"^window 'Wordament' is minimised \(or on another "
                                       r"desktop\): restore it and start again$"):
        target.where()


def test_our_process_our_parent_and_our_console_are_never_chosen():
    desktop = FakeDesktop([FakeWindow(1, "Wordament", Region(0, 0, 900, 900), pid=os.getpid()),
                           FakeWindow(2, "Wordament", Region(0, 0, 900, 900),
                                      pid=os.getppid()),
                           FakeWindow(3, "Wordament", Region(0, 0, 900, 900), pid=12),
                           FakeWindow(4, "Wordament", Region(5, 5, 200, 300), pid=13)],
                          console=3)
    assert finder(desktop).find("Wordament").id == 4


def test_a_window_closed_is_gone():
    desktop = FakeDesktop([GAME])
    found = finder(desktop)
    game = found.find("Wordament")
    desktop.windows.clear()
    for ask in (found.region, found.minimised, found.focused, found.above):
        with pytest.raises(WindowGone, match=r"^the window 'Wordament' was closed$"):
            ask(game)


# --- the windows above the game


def test_above_holds_untitled_menus_and_tooltips_not_click_through_empty_hidden_or_ours():
    desktop = FakeDesktop([
        FakeWindow(1, "", Region(150, 100, 80, 20), pid=50),  # a tooltip: kept
        FakeWindow(2, "overlay", Region(0, 0, 2000, 2000), pid=51, exstyle=0x80020),  # through
        FakeWindow(3, "", Region(300, 300, 0, 0), pid=52),  # zero size
        FakeWindow(4, "Mail", Region(0, 0, 500, 500), pid=53, iconic=True),
        FakeWindow(5, "Calendar", Region(0, 0, 500, 500), pid=54, cloaked=2),
        FakeWindow(6, "assistant overlay", Region(100, 80, 50, 50), pid=os.getpid()),
        FakeWindow(10, "Command Prompt", Region(600, 600, 300, 200), pid=os.getppid()),
        FakeWindow(7, "Menu", Region(90, 60, 120, 200), Region(80, 50, 140, 220), pid=55),
        FakeWindow(8, "hidden", visible=False),
        GAME,
        FakeWindow(9, "Below", Region(0, 0, 900, 900), pid=56),
    ])
    found = finder(desktop)
    above = found.above(found.find("Wordament"))
    assert [(w.id, w.title, w.region) for w in above] == [
        (1, "", Region(150, 100, 80, 20)),
        (10, "Command Prompt", Region(600, 600, 300, 200)),  # our terminal does cover it
        (7, "Menu", Region(80, 50, 140, 220)),  # its visible frame, not its client area
    ]
    assert desktop.undeclared() == set()


# --- DPI awareness, per version of Windows


@pytest.mark.parametrize(("version", "before", "aware", "calls"), [
    ("10-1703", None, "per-monitor v2", ["SetProcessDpiAwarenessContext"]),
    # pyautogui imported first: the process is system aware, the process calls fail silently,
    # and the thread is raised instead
    ("10-1703", "system", "per-monitor v2",
     ["SetProcessDpiAwarenessContext", "SetThreadDpiAwarenessContext"]),
    ("10-1607", None, "per-monitor", ["SetProcessDpiAwareness"]),
    ("10-1607", "system", "per-monitor", ["SetProcessDpiAwareness", "SetThreadDpiAwarenessContext",
                                          "SetThreadDpiAwarenessContext"]),
    ("8.1", None, "per-monitor", ["SetProcessDpiAwareness"]),
    ("8.1", "system", "system", ["SetProcessDpiAwareness"]),
    ("7", None, "system", ["SetProcessDPIAware"]),
])
def test_dpi_awareness_is_checked_after_the_calls_and_raised_for_the_thread(version, before,
                                                                           aware, calls):
    desktop = FakeDesktop(version=version, process_dpi=before)
    for library, dll in zip(("user32", "shcore", "dwmapi", "kernel32"), desktop.libraries(),
                            strict=True):
        win32.declared(library, dll)
    assert make_dpi_aware(desktop.api) == aware
    setters = [name for name, _ in desktop.calls if name.startswith("Set")]
    assert setters == calls
    assert desktop.undeclared() == set()


def test_prepare_tells_in_one_line_when_the_process_is_only_system_aware(monkeypatch):
    told: list[str] = []
    monkeypatch.setattr(backends, "make_dpi_aware", lambda: "system")
    backends.prepare(told.append)
    assert told == ["warning: this process is only system DPI aware: on a monitor scaled "
                    "differently from the main one, capture and clicks may miss"]
    monkeypatch.setattr(backends, "make_dpi_aware", lambda: "per-monitor v2")
    told.clear()
    backends.prepare(told.append)
    assert told == []


# --- the overlay window


class FakeRoot:
    """A Tk root as the Windows overlay uses it, keeping what was done to it in order."""

    def __init__(self, log: list) -> None:
        self.log = log

    def attributes(self, name: str, value: object) -> None:
        self.log.append(("attributes", name, value))

    def geometry(self, text: str) -> None:
        self.log.append(("geometry", text))

    def deiconify(self) -> None:
        self.log.append(("map",))

    def update(self) -> None:
        pass

    def winfo_pointerxy(self) -> tuple[int, int]:
        return (0, 0)

    def wm_frame(self) -> str:
        return hex(BIG)


class FakeCanvas:
    """A Tk canvas that draws nothing."""

    def __getattr__(self, name: str) -> object:
        return lambda *args, **kwargs: None


def overlay_user32(log: list, style: int) -> FakeLibrary:
    """Return a fake user32 with the overlay's functions, its window's style given."""
    styles = {BIG: style}

    def get(hwnd: int, index: int) -> int:
        return styles[hwnd] if index == -20 else 0

    def put(hwnd: int, index: int, value: int) -> int:
        log.append(("SetWindowLongW", hwnd, index, value))
        old, styles[hwnd] = styles[hwnd], value
        return old

    def place(*args: int) -> int:
        log.append(("SetWindowPos", *args))
        return 1

    user32 = FakeLibrary({"GetWindowLongW": get, "SetWindowLongW": put, "SetWindowPos": place})
    for name, (arguments, result) in overlay_windows.SIGNATURES.items():
        function = getattr(user32, name)
        assert isinstance(function, FakeFunction)
        function.argtypes, function.restype = arguments, result
    return user32


def test_the_overlay_sets_tk_styles_before_the_first_map_then_the_rest_without_activating(
        monkeypatch):
    log: list = []
    monkeypatch.setattr(overlay_windows, "make_dpi_aware", lambda: log.append(("dpi",)))
    def tk_window(background: str) -> tuple[FakeRoot, FakeCanvas]:
        log.append(("tk", background))
        return FakeRoot(log), FakeCanvas()

    monkeypatch.setattr(overlays, "tk_window", tk_window)
    monkeypatch.setattr(overlay_windows, "picture_item", lambda canvas: (FakeCanvas(), 1))
    tool, layered, topmost = 0x80, 0x80000, 0x8  # the styles Tk gave the wrapper
    user32 = overlay_user32(log, tool | layered | topmost)
    shown = overlay_windows.WindowsOverlay(user32)
    click_through = 0x80 | 0x80000 | 0x8 | 0x20 | 0x8000000
    assert log == [
        ("dpi",), ("tk", "#ff00fe"),
        ("attributes", "-transparentcolor", "#ff00fe"), ("attributes", "-topmost", True),
        ("attributes", "-toolwindow", True), ("attributes", "-disabled", True),
        ("attributes", "-alpha", 1.0),  # opaque unless asked (the crossword overlay: 0.75)
        ("geometry", "1x1+0+0"), ("map",),
        ("SetWindowLongW", BIG, -20, click_through),
        ("SetWindowPos", BIG, -1, 0, 0, 0, 0, 0x1 | 0x2 | 0x10 | 0x20),  # FRAMECHANGED, NOACTIVATE
    ]
    log.clear()
    shown.show(Scene(outlines=(Outline(Region(10, 10, 60, 60)),)))
    assert ("SetWindowPos", BIG, -1, 0, 0, 0, 0, 0x1 | 0x2 | 0x10) in log  # kept on top
    assert not [entry for entry in log if entry[0] in ("SetWindowLongW", "attributes")]
    assert user32.undeclared == set()
    assert set(user32.names()) <= {"GetWindowLongW", "SetWindowLongW", "SetWindowPos"}


def test_the_overlay_panel_text_is_sized_in_pixels():
    drawn: list = []

    class Recorder:
        def create_rectangle(self, *args: object, **kwargs: object) -> None:
            pass

        def create_text(self, *args: object, **kwargs: object) -> None:
            drawn.append(kwargs["font"])

    scene = Scene(panel=overlays.Panel(Region(0, 0, 200, 50), ("BOXES", "2 hearts")))
    overlays.draw(Recorder(), scene, Region(0, 0, 200, 50))
    assert drawn == [("Helvetica", -14)]  # negative: pixels, whatever the display scale
