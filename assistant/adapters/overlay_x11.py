"""The overlay on X11: an override-redirect Tk window whose X Shape bounding region is exactly
the drawn rectangles and whose input region is empty (no compositor needed); raised on every
`show` and whenever it is covered, since without a window manager `-topmost` does nothing.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any

from assistant.core.gestures import Region
from assistant.core.types import BadInput

from .overlay import Scene, TkOverlay, astuple, bounds, pieces

EXPOSED = 8  # old pieces taken away at once: fewer than 25 rectangles exposed


class X11Overlay(TkOverlay):
    """An override-redirect window shaped to what is drawn, with an empty input region."""

    shaped = True

    def __init__(self, alpha: float = 1.0) -> None:
        if not os.environ.get("DISPLAY"):
            raise BadInput("overlay: no X display (DISPLAY is not set)")
        super().__init__()
        self.root.attributes("-alpha", alpha)  # _NET_WM_WINDOW_OPACITY: a compositor blends
        self.display, self.wrapper = x_wrapper(self.root)
        self.scene: Scene | None = None
        self.shown: tuple[Region, ...] = ()  # the bounding region now, in screen pixels
        self.empty(shape_kind("Bounding"), shape_kind("Input"))  # before it is ever mapped
        self.root.deiconify()
        self.canvas.bind("<Visibility>", self.uncovered)
        self.settle()

    def show(self, scene: Scene) -> None:
        """Draw the scene, shape the window to it and raise it; return once it shows."""
        regions = pieces(scene)
        if not regions:
            return self.hide()
        if scene != self.scene:
            if bounds(regions) != self.box:
                self.reshape(())  # nothing shows while the window moves
            self.paint(scene)
            self.settle()
            self.keep_in_place()
            self.reshape(regions)
            self.scene = scene
        self.root.lift()
        self.settle()  # repaint what the new shape uncovered

    def keep_in_place(self) -> None:
        """Move the wrapper onto the scene's box if Tk left it elsewhere: under openbox, with
        another window being mapped at the time, Tk was seen to resize the window and leave
        it where it was (and the drawing would then land on the game)."""
        at, box = self.wrapper.get_geometry(), self.box
        if box is not None and (at.x, at.y, at.width, at.height) != astuple(box):
            self.wrapper.configure(x=box.x, y=box.y, width=box.w, height=box.h)
            self.display.sync()

    def hide(self) -> None:
        """Shape the window to nothing: the game shows whole."""
        self.reshape(())
        self.scene = None

    def reshape(self, regions: tuple[Region, ...]) -> None:
        """Make the bounding region these regions, uncovering the game a few old pieces at a
        time (the X server exposes the bounding box of an exposed region of more than 25
        rectangles, and the game would flash and repaint all of it)."""
        from Xlib.ext.shape import SO

        self.combine(SO.Union, regions)
        kept = set(regions)
        gone = [r for r in self.shown if r not in kept]
        for start in range(0, len(gone), EXPOSED):
            chunk = tuple(gone[start:start + EXPOSED])
            self.combine(SO.Subtract, chunk)
            around = bounds(chunk)
            self.combine(SO.Union, tuple(r for r in regions if overlap(r, around)))
        self.display.sync()
        self.shown = regions

    def combine(self, operation: int, regions: tuple[Region, ...]) -> None:
        """Combine the wrapper's bounding region with these regions (screen pixels)."""
        from Xlib import X

        if regions and self.box is not None:
            self.wrapper.shape_rectangles(operation, shape_kind("Bounding"), X.Unsorted,
                                          -self.box.x, -self.box.y, [astuple(r) for r in regions])

    def empty(self, *kinds: int) -> None:
        """Set these regions of the wrapper (bounding, input) to nothing."""
        from Xlib import X
        from Xlib.ext.shape import SO

        for kind in kinds:
            self.wrapper.shape_rectangles(SO.Set, kind, X.Unsorted, 0, 0, [])
        self.display.sync()

    def uncovered(self, event: Any) -> None:
        """Raise the window again when another window covers it (no window manager does it)."""
        if str(event.state) != "VisibilityUnobscured":
            self.root.lift()

    def close(self) -> None:
        """Destroy the window and close the X connection."""
        super().close()
        self.display.close()


def shape_kind(name: str) -> int:
    """Return the X Shape number of a region kind: Bounding (what shows) or Input (clicks)."""
    from Xlib.ext.shape import SK

    return int(getattr(SK, name))


def overlap(a: Region, b: Region) -> bool:
    """True when two regions share a pixel."""
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def x_wrapper(root: Any) -> tuple[Any, Any]:
    """Return an Xlib display and Tk's wrapper window around this root (BadInput if no SHAPE)."""
    from Xlib import display as xdisplay
    from Xlib import error as xerror

    root.update_idletasks()  # Tk creates the wrapper with the window
    try:
        with contextlib.redirect_stdout(sys.stderr):  # python-xlib warns on stdout
            display = xdisplay.Display()
    except (xerror.DisplayError, xerror.ConnectionClosedError) as error:
        raise BadInput(f"overlay: cannot open the X display ({error})") from None
    require_shape(display)
    inner = display.create_resource_object("window", root.winfo_id())
    return display, inner.query_tree().parent


def require_shape(display: Any) -> None:
    """Raise BadInput (and close the display) when the X server lacks the SHAPE extension."""
    if not display.has_extension("SHAPE"):
        display.close()
        raise BadInput(f"overlay: the X server {display.get_display_name()} has no SHAPE "
                       "extension, so an overlay would hide the game and take its clicks")
