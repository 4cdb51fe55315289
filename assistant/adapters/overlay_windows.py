"""The overlay on Windows: a layered, topmost tool window, transparent to input, with a colour
key (`-transparentcolor`) for everything not drawn.
"""

from __future__ import annotations

from typing import Any

from .overlay import Scene, TkOverlay, pieces

GWL_EXSTYLE = -20
WS_EX_TOPMOST, WS_EX_TRANSPARENT, WS_EX_TOOLWINDOW = 0x8, 0x20, 0x80
WS_EX_LAYERED, WS_EX_NOACTIVATE = 0x80000, 0x8000000
CLICK_THROUGH = (WS_EX_LAYERED | WS_EX_TRANSPARENT | WS_EX_TOPMOST | WS_EX_TOOLWINDOW
                 | WS_EX_NOACTIVATE)


class WindowsOverlay(TkOverlay):
    """A topmost tool window: the colour key shows the game, input passes through it all."""

    background = "#ff00fe"  # the colour key: never use it in a scene

    def __init__(self) -> None:
        import ctypes

        dpi_aware()  # before any window: Tk then works in the same pixels as mss and the mouse
        super().__init__()
        self.root.attributes("-transparentcolor", self.background)
        self.root.attributes("-topmost", True)
        self.root.geometry("1x1+0+0")
        user32 = ctypes.WinDLL("user32")  # type: ignore[attr-defined]
        game = user32.GetForegroundWindow()
        self.root.deiconify()
        self.settle()  # Tk builds the wrapper window when the window is first mapped
        click_through(self.root)  # last: Tk's own style changes drop these extended styles
        user32.SetForegroundWindow(game)  # the first map activated the overlay: give it back

    def show(self, scene: Scene) -> None:
        """Draw the scene in the box around it; return once it shows."""
        if not pieces(scene):
            return self.hide()
        self.paint(scene)
        click_through(self.root)  # again, in case Tk rebuilt the wrapper
        self.settle()

    def hide(self) -> None:
        """Draw nothing: the whole window is the colour key."""
        self.canvas.delete("all")
        self.settle()


def click_through(root: Any) -> None:
    """Give Tk's wrapper window (the parent of winfo_id) the styles that let clicks through."""
    import ctypes
    from ctypes import wintypes

    user32 = ctypes.WinDLL("user32")  # type: ignore[attr-defined]
    user32.GetParent.argtypes, user32.GetParent.restype = [wintypes.HWND], wintypes.HWND
    user32.GetWindowLongW.argtypes = [wintypes.HWND, ctypes.c_int]
    user32.SetWindowLongW.argtypes = [wintypes.HWND, ctypes.c_int, wintypes.LONG]
    wrapper = user32.GetParent(root.winfo_id())
    style = user32.GetWindowLongW(wrapper, GWL_EXSTYLE)
    if style & CLICK_THROUGH != CLICK_THROUGH:
        user32.SetWindowLongW(wrapper, GWL_EXSTYLE, style | CLICK_THROUGH)


def dpi_aware() -> None:
    """Make this process per-monitor DPI aware, so window coordinates are physical pixels."""
    import ctypes

    try:
        ctypes.WinDLL("shcore").SetProcessDpiAwareness(2)  # type: ignore[attr-defined]
    except (AttributeError, OSError):  # before Windows 8.1
        ctypes.WinDLL("user32").SetProcessDPIAware()  # type: ignore[attr-defined]
