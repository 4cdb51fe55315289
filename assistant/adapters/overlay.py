"""The overlay: outlines, numbered badges and a text panel drawn over a game, click-through.

    screen = overlay()                      # the backend for this platform
    screen.show(Scene(outlines=(Outline(Region(10, 10, 60, 60)),),
                      badges=(Badge((40, 40), "1"),), panel=Panel(Region(90, 10, 200, 80),
                      ("BOOKWORM", "3.5 hearts"))))
    while watching:                         # the caller's own loop
        screen.update()                     # let the window repaint and stay on top
        ...                                 # show(new scene) when something changed
    screen.close()

The caller keeps its loop; Tk lives in the caller's thread and runs only inside `show`, `hide`
and `update`, so call `update()` every few tens of milliseconds (it returns at once). `show`
returns once the scene is on the screen. Only the drawn pixels change the screen; everything
else shows the game, and no click is ever taken: clicks reach whatever lies underneath.

Backends (one Tk window each, covering the box around what is drawn):
- X11: an override-redirect window whose X Shape bounding region is exactly the drawn
  rectangles and whose input region is empty (works without a compositor). The shapes go on
  Tk's wrapper window, the parent of `winfo_id()`; without a window manager `-topmost` does
  nothing, so the window is raised on every `show` and again whenever it is covered.
- Windows: a layered, topmost tool window, transparent to input, with a colour key
  (`-transparentcolor`) for everything not drawn.
- macOS: a transparent borderless window that ignores mouse events (pyobjc).
Coordinates are screen pixels (see assistant/core/gestures.py); on macOS Tk, like the mouse,
works in points (a Retina capture has two pixels a point).
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass, field
from typing import Any, Protocol

from assistant.core.gestures import Point, Region
from assistant.core.types import BadInput

STRONG = "#ff2020"  # the default outline colour
GOLD = "#ffc800"  # the default badge colour
TITLE = "assistant overlay"  # the overlay window's title (to tell it from the game's windows)


@dataclass(frozen=True)
class Outline:
    """A rectangle's border, `width` pixels thick, drawn inside `box`."""

    box: Region
    colour: str = STRONG
    width: int = 3


@dataclass(frozen=True)
class Badge:
    """A small filled square centred on `point`, holding short text (a click order: "1")."""

    point: Point
    text: str
    colour: str = GOLD
    size: int = 20


@dataclass(frozen=True)
class Panel:
    """A filled rectangle holding lines of text, top-left aligned."""

    box: Region
    lines: tuple[str, ...]
    colour: str = "#202020"
    ink: str = "#ffffff"
    font_size: int = 11


@dataclass(frozen=True)
class Scene:
    """Everything the overlay draws at one time."""

    outlines: tuple[Outline, ...] = ()
    badges: tuple[Badge, ...] = ()
    panel: Panel | None = None


# -- What is drawn, as rectangles (pure) -----------------------------------------------------

def bands(outline: Outline) -> tuple[Region, ...]:
    """Return the outline's top, bottom, left and right bands (empty ones left out)."""
    (x, y, w, h), t = astuple(outline.box), min(outline.width, outline.box.w, outline.box.h)
    sides = (Region(x, y, w, t), Region(x, y + h - t, w, t),
             Region(x, y + t, t, h - 2 * t), Region(x + w - t, y + t, t, h - 2 * t))
    return tuple(side for side in sides if side.w > 0 and side.h > 0)


def square(badge: Badge) -> Region:
    """Return the badge's square."""
    x, y = badge.point
    return Region(x - badge.size // 2, y - badge.size // 2, badge.size, badge.size)


def pieces(scene: Scene) -> tuple[Region, ...]:
    """Return the rectangles the scene covers: together, exactly its drawn pixels."""
    panel = (scene.panel.box,) if scene.panel and scene.panel.box.w and scene.panel.box.h else ()
    return (*(b for o in scene.outlines for b in bands(o)),
            *(square(b) for b in scene.badges if b.size > 0), *panel)


def bounds(regions: tuple[Region, ...]) -> Region:
    """Return the smallest region holding all these regions (at least one)."""
    left, top = min(r.x for r in regions), min(r.y for r in regions)
    right, bottom = max(r.x + r.w for r in regions), max(r.y + r.h for r in regions)
    return Region(left, top, right - left, bottom - top)


def astuple(region: Region) -> tuple[int, int, int, int]:
    """Return x, y, w, h."""
    return region.x, region.y, region.w, region.h


def ink(colour: str) -> str:
    """Return black or white, whichever reads better on a '#rrggbb' colour."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 299 * r + 587 * g + 114 * b > 128_000 else "#ffffff"


# -- The adapter -----------------------------------------------------------------------------

class Overlay(Protocol):
    """A click-through, always-on-top drawing over the screen."""

    def show(self, scene: Scene) -> None:
        """Draw this scene instead of the last one; return once it is on the screen."""

    def hide(self) -> None:
        """Draw nothing (the window stays, ready for the next scene)."""

    def update(self) -> None:
        """Handle the window's pending events (repaint, re-raise); return at once."""

    def close(self) -> None:
        """Remove the window for good."""


@dataclass
class RecordedOverlay:
    """A fake overlay for unit tests: it keeps every scene shown (None for hide)."""

    shown: list[Scene | None] = field(default_factory=list)
    closed: bool = False

    def show(self, scene: Scene) -> None:
        """Record the scene."""
        self.shown.append(scene)

    def hide(self) -> None:
        """Record a hide as None."""
        self.shown.append(None)

    def update(self) -> None:
        """Nothing to do."""

    def close(self) -> None:
        """Record the close."""
        self.closed = True


def overlay() -> Overlay:
    """Return the overlay backend for this platform (BadInput when it cannot run here)."""
    if sys.platform == "win32":
        return WindowsOverlay()
    if sys.platform == "darwin":
        return MacOverlay()
    return X11Overlay()


# -- What every backend shares: a borderless Tk window with a canvas ---------------------------

class TkOverlay:
    """A borderless Tk window covering the box around a scene, painted on one canvas."""

    background = "#000000"  # what the canvas shows where nothing is drawn

    def __init__(self) -> None:
        self.root, self.canvas = tk_window(self.background)
        self.box: Region | None = None

    def paint(self, scene: Scene) -> None:
        """Move the window onto the scene's box and draw the scene in it."""
        box = bounds(pieces(scene))
        if box != self.box:
            self.root.geometry(f"{box.w}x{box.h}+{box.x}+{box.y}")
            self.box = box
        self.canvas.delete("all")
        draw(self.canvas, scene, box)

    def settle(self) -> None:
        """Return once Tk has drawn everything it had to and the X server has done it."""
        self.root.update()
        self.root.winfo_pointerxy()  # a round trip: every request before it is done

    def update(self) -> None:
        """Handle the window's pending events; return at once."""
        self.root.update()

    def close(self) -> None:
        """Destroy the window."""
        self.root.destroy()


def tk_window(background: str) -> tuple[Any, Any]:
    """Return a new withdrawn, borderless Tk root and the canvas filling it."""
    import tkinter

    try:
        root = tkinter.Tk(className="AssistantOverlay")
    except tkinter.TclError as error:
        raise BadInput(f"overlay: cannot open a window ({error})") from None
    root.withdraw()
    root.overrideredirect(True)
    root.title(TITLE)
    canvas = tkinter.Canvas(root, bg=background, bd=0, highlightthickness=0)
    canvas.pack(fill="both", expand=True)
    return root, canvas


def draw(canvas: Any, scene: Scene, box: Region) -> None:
    """Draw the scene on a canvas whose top-left corner is the box's top-left corner."""
    for outline in scene.outlines:
        for band in bands(outline):
            fill(canvas, band.moved(-box.x, -box.y), outline.colour)
    for badge in scene.badges:
        fill(canvas, square(badge).moved(-box.x, -box.y), badge.colour)
        canvas.create_text(badge.point[0] - box.x, badge.point[1] - box.y, text=badge.text,
                           fill=ink(badge.colour), font=("Helvetica", -badge.size * 3 // 4, "bold"))
    if (panel := scene.panel) is not None:
        fill(canvas, panel.box.moved(-box.x, -box.y), panel.colour)
        canvas.create_text(panel.box.x - box.x + 6, panel.box.y - box.y + 4, anchor="nw",
                           text="\n".join(panel.lines), fill=panel.ink, width=panel.box.w - 12,
                           font=("Helvetica", panel.font_size))


def fill(canvas: Any, region: Region, colour: str) -> None:
    """Fill exactly the region's pixels of a canvas with a colour."""
    canvas.create_rectangle(region.x, region.y, region.x + region.w, region.y + region.h,
                            fill=colour, width=0)


# -- X11: the X Shape extension ----------------------------------------------------------------

class X11Overlay(TkOverlay):
    """An override-redirect window shaped to what is drawn, with an empty input region."""

    def __init__(self) -> None:
        if not os.environ.get("DISPLAY"):
            raise BadInput("overlay: no X display (DISPLAY is not set)")
        super().__init__()
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
        """Make the bounding region these regions, uncovering the game one old piece at a time
        (the X server exposes the bounding box of an exposed region of more than 25 rectangles,
        and the game would flash and repaint all of it)."""
        from Xlib.ext.shape import SO

        self.combine(SO.Union, regions)
        for piece in (r for r in self.shown if r not in regions):
            self.combine(SO.Subtract, (piece,))
            self.combine(SO.Union, tuple(r for r in regions if overlap(r, piece)))
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


# -- Windows: a layered window, transparent to input -------------------------------------------

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


# -- macOS: a transparent window that ignores the mouse ----------------------------------------

class MacOverlay(TkOverlay):
    """A transparent, borderless, floating window that ignores mouse events (via pyobjc)."""

    background = "systemTransparent"

    def __init__(self) -> None:
        super().__init__()
        application = appkit()
        application.setActivationPolicy_(1)  # an accessory: no Dock icon, never takes focus
        self.root.attributes("-transparent", True)
        self.root.config(bg=self.background)
        self.root.attributes("-topmost", True)
        self.root.geometry("1x1+0+0")
        self.root.deiconify()
        self.settle()  # Tk makes the NSWindow when the window is first mapped
        title = self.root.title()
        windows = [w for w in application.windows() if w.title() == title]
        if not windows:
            raise BadInput(f"overlay: no window titled {title!r} in this process")
        windows[0].setIgnoresMouseEvents_(True)

    def show(self, scene: Scene) -> None:
        """Draw the scene in the box around it; return once it shows."""
        if not pieces(scene):
            return self.hide()
        self.paint(scene)
        self.settle()

    def hide(self) -> None:
        """Draw nothing: the whole window is transparent."""
        self.canvas.delete("all")
        self.settle()


def appkit() -> Any:
    """Return this process's NSApplication (BadInput without pyobjc)."""
    try:
        from AppKit import NSApplication  # pyobjc-framework-Cocoa
    except ImportError:
        raise BadInput("overlay: macOS needs pyobjc (pip install pyobjc-framework-Cocoa)") from None
    return NSApplication.sharedApplication()
