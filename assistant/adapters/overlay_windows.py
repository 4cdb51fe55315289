"""The overlay on Windows: a layered, topmost, disabled tool window with a colour key
(`-transparentcolor`) for everything not drawn, transparent to input, never activated; what is
drawn is blended at `alpha` (SetLayeredWindowAttributes' LWA_ALPHA beside LWA_COLORKEY).

Tk creates the window's wrapper (the top-level HWND around `winfo_id`) when it is first mapped,
with the styles its `wm attributes` hold then, and makes it again whenever one of them changes
later (losing the styles set here): so every Tk attribute is set before the first map, and none
after. Among them `-disabled`: Tk activates the first window a program maps (SetActiveWindow),
and a disabled window cannot be activated, so the game keeps the focus (a full-screen game
that loses it may minimise). The two styles Tk has no attribute for, WS_EX_TRANSPARENT (clicks
go through) and WS_EX_NOACTIVATE, are added right after, and SetWindowPos(HWND_TOPMOST,
SWP_FRAMECHANGED | SWP_NOACTIVATE) makes Windows apply them without activating the window.
The process is made per-monitor DPI aware first (win32.make_dpi_aware, the one path the
player uses too), so Tk counts the same pixels as mss and the mouse.
"""

from __future__ import annotations

import ctypes
from ctypes import wintypes
from typing import Any

from .overlay import Scene, TkOverlay, bounds, picture, pieces, write
from .win32 import make_dpi_aware

GWL_EXSTYLE = -20
WS_EX_TOPMOST, WS_EX_TRANSPARENT, WS_EX_TOOLWINDOW = 0x8, 0x20, 0x80
WS_EX_LAYERED, WS_EX_NOACTIVATE = 0x80000, 0x8000000
CLICK_THROUGH = (WS_EX_LAYERED | WS_EX_TRANSPARENT | WS_EX_TOPMOST | WS_EX_TOOLWINDOW
                 | WS_EX_NOACTIVATE)
HWND_TOPMOST = -1
SWP_NOSIZE, SWP_NOMOVE, SWP_NOACTIVATE, SWP_FRAMECHANGED = 0x1, 0x2, 0x10, 0x20
KEEP_ON_TOP = SWP_NOSIZE | SWP_NOMOVE | SWP_NOACTIVATE
WORDS = "words"  # the canvas's tag of its text items (every item but the picture)
BEFORE_MAP = (("-topmost", True), ("-toolwindow", True), ("-disabled", True))  # with the key

HWND = wintypes.HWND
SIGNATURES = {  # every user32 function used here: (argument types, result type)
    "GetWindowLongW": ([HWND, ctypes.c_int], wintypes.LONG),
    "SetWindowLongW": ([HWND, ctypes.c_int, wintypes.LONG], wintypes.LONG),
    "SetWindowPos": ([HWND, HWND, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                      wintypes.UINT], wintypes.BOOL),
}


def user32_declared() -> Any:
    """Return user32 with the functions used here declared (a library of our own, so other
    code's declarations of the same functions do not meet ours)."""
    user32 = ctypes.WinDLL("user32", use_last_error=True)  # type: ignore[attr-defined]
    for name, (arguments, result) in SIGNATURES.items():
        function = getattr(user32, name)
        function.argtypes, function.restype = arguments, result
    return user32


class WindowsOverlay(TkOverlay):
    """A topmost tool window: the colour key shows the game, input passes through it all."""

    background = "#ff00fe"  # the colour key: never use it in a scene

    def __init__(self, user32: Any = None, alpha: float = 1.0) -> None:
        make_dpi_aware()  # before any window: Tk then works in the same pixels as mss and the mouse
        self.user32 = user32 or user32_declared()
        super().__init__()
        self.root.attributes("-transparentcolor", self.background)
        for name, value in (*BEFORE_MAP, ("-alpha", alpha)):  # the key and alpha: both layered
            self.root.attributes(name, value)
        self.root.geometry("1x1+0+0")
        self.picture, self.item = picture_item(self.canvas)
        self.root.deiconify()
        self.settle()  # Tk makes the wrapper window as it first maps it
        self.wrapper = int(self.root.wm_frame(), 16)
        self.click_through()

    def click_through(self) -> None:
        """Give the wrapper the styles that let clicks through and keep it from activation,
        if it lacks them, and keep it on top of the topmost windows."""
        style = self.user32.GetWindowLongW(self.wrapper, GWL_EXSTYLE)
        flags = KEEP_ON_TOP
        if style & CLICK_THROUGH != CLICK_THROUGH:
            self.user32.SetWindowLongW(self.wrapper, GWL_EXSTYLE, style | CLICK_THROUGH)
            flags |= SWP_FRAMECHANGED  # a changed style takes effect only with this
        self.user32.SetWindowPos(self.wrapper, HWND_TOPMOST, 0, 0, 0, 0, flags)

    def show(self, scene: Scene) -> None:
        """Draw the scene in the box around it; return once it shows."""
        if not pieces(scene):
            return self.hide()
        self.paint(scene)
        self.click_through()  # again: on top of any window made topmost since
        self.settle()

    def paint(self, scene: Scene) -> None:
        """Move the window onto the scene's box and draw the scene in it: its rectangles as
        one picture in the one image item (under Wine a canvas redraw cost 0.3 ms a rectangle,
        a letter's outline is a few dozen, and a new image item 23 ms), its words as text."""
        box = bounds(pieces(scene))
        if box != self.box:
            self.root.geometry(f"{box.w}x{box.h}+{box.x}+{box.y}")
            self.box = box
        self.canvas.delete(WORDS)
        self.picture.blank()
        self.picture.configure(width=box.w, height=box.h)
        self.picture.put(picture(scene, box, self.background))
        write(self.canvas, scene, box)
        self.canvas.addtag_all(WORDS)
        self.canvas.dtag(self.item, WORDS)

    def hide(self) -> None:
        """Draw nothing: the whole window is the colour key (a blank picture shows it)."""
        self.canvas.delete(WORDS)
        self.picture.blank()
        self.settle()


def picture_item(canvas: Any) -> tuple[Any, int]:
    """Return a photo image shown at the canvas's top-left corner, kept for every scene, and
    its canvas item."""
    import tkinter

    photo = tkinter.PhotoImage(master=canvas, width=1, height=1)
    return photo, canvas.create_image(0, 0, anchor="nw", image=photo)
