"""The overlay: outlines, numbered badges and a text panel drawn over a game, click-through.

    screen = backends.overlay()             # the backend for this platform
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

Backends (one Tk window each, covering the box around what is drawn; TkOverlay here, each
platform's in a module of its own, overlay_x11, overlay_windows, overlay_mac, chosen in
backends.py):
- X11: an override-redirect window whose X Shape bounding region is exactly the drawn
  rectangles and whose input region is empty (works without a compositor). The shapes go on
  Tk's wrapper window, the parent of `winfo_id()`; without a window manager `-topmost` does
  nothing, so the window is raised on every `show` and again whenever it is covered.
- Windows: a layered, topmost, disabled tool window with a colour key (`-transparentcolor`)
  for everything not drawn, made transparent to input and never activated (overlay_windows).
- macOS: a transparent borderless window that ignores mouse events (pyobjc).
Coordinates are screen pixels (see assistant/core/gestures.py); on macOS they are points, which
Tk, the mouse, Quartz and mss 10's capture (at nominal resolution) all count alike.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Protocol

from assistant.core.gestures import Point, Region
from assistant.core.types import BadInput

STROKE = 1 / 25  # a letter's outline: its width per pixel of the font's size (1 px to 37 px)
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
class Letter:
    """A letter drawn as its outline alone, in a font of `size` pixels, centred on `point`:
    inside and around the outline whatever lies beneath shows through (see strokes)."""

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
    font_px: int = 14  # the text's height in pixels, not points: the panel is sized in pixels,
    # and a size in points grows with the display scale (cut off at 125-150%)


@dataclass(frozen=True)
class Scene:
    """Everything the overlay draws at one time."""

    outlines: tuple[Outline, ...] = ()
    badges: tuple[Badge, ...] = ()
    panel: Panel | None = None
    letters: tuple[Letter, ...] = ()


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


def strokes(letter: Letter) -> tuple[Region, ...]:
    """Return the rectangles of a letter's outline on the screen, merged down the rows where
    they line up."""
    x, y = letter.point
    return tuple(r.moved(x, y) for r in stroke_shape(letter.text, letter.size))


@functools.lru_cache(maxsize=256)
def stroke_shape(text: str, size: int) -> tuple[Region, ...]:
    """Return the rectangles of a text's outline, drawn hollow in Pillow's own font (the same
    on every platform) at `size` pixels a line, its ink centred on (0, 0)."""
    import numpy as np
    from PIL import Image, ImageDraw

    side = 2 * size
    picture = Image.new("L", (side, side), 0)
    ImageDraw.Draw(picture).text((side // 2, side // 2), text, fill=0, anchor="mm",
                                 font=pillow_font(size),
                                 stroke_width=max(1, round(size * STROKE)), stroke_fill=255)
    mask = np.asarray(picture) > 127
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if not len(rows):
        return ()
    middle = ((cols[0] + cols[-1] + 1) // 2, (rows[0] + rows[-1] + 1) // 2)  # of the ink
    return tuple(r.moved(-int(middle[0]), -int(middle[1])) for r in mask_regions(mask))


@functools.lru_cache(maxsize=16)
def pillow_font(size: int) -> Any:
    """Return Pillow's own scalable font (built in since Pillow 10.1) at `size` pixels."""
    from PIL import ImageFont

    return ImageFont.load_default(size)


def mask_regions(mask: Any) -> list[Region]:
    """Return rectangles covering exactly a boolean mask's set pixels: each row's runs, a run
    merged with the same run on the rows below."""
    import numpy as np

    started: dict[tuple[int, int], int] = {}  # (left, right) -> the row it began on
    out = []
    for row in range(mask.shape[0] + 1):
        line = mask[row] if row < mask.shape[0] else np.zeros(mask.shape[1], bool)
        edges = np.flatnonzero(np.diff(np.concatenate(([0], line.astype(np.int8), [0]))))
        runs = set(zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True))
        for run in [r for r in started if r not in runs]:
            top = started.pop(run)
            out.append(Region(run[0], top, run[1] - run[0], row - top))
        for run in runs - started.keys():
            started[run] = row
    return out


def pieces(scene: Scene) -> tuple[Region, ...]:
    """Return the rectangles the scene covers: together, exactly its drawn pixels."""
    panel = (scene.panel.box,) if scene.panel and scene.panel.box.w and scene.panel.box.h else ()
    return (*(b for o in scene.outlines for b in bands(o)),
            *(square(b) for b in scene.badges if b.size > 0),
            *(r for letter in scene.letters for r in strokes(letter)), *panel)


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


# -- What every backend shares: a borderless Tk window with a canvas ---------------------------

class TkOverlay:
    """A borderless Tk window covering the box around a scene, painted on one canvas."""

    background = "#000000"  # what the canvas shows where nothing is drawn
    shaped = False  # the window is cut to the scene's pieces (a letter may be painted whole)

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
        draw(self.canvas, scene, box, self.shaped)

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


def draw(canvas: Any, scene: Scene, box: Region, shaped: bool = False) -> None:
    """Draw the scene on a canvas whose top-left corner is the box's top-left corner (on a
    window `shaped` to the scene's pieces, a letter as the box around its outline: the shape
    cuts it to the outline, in one rectangle rather than a few dozen)."""
    for region, colour in coloured(scene, shaped):
        fill(canvas, region.moved(-box.x, -box.y), colour)
    write(canvas, scene, box)


def coloured(scene: Scene, shaped: bool = False) -> list[tuple[Region, str]]:
    """Return the scene's rectangles and their colours, in the order they are drawn (the
    words' backgrounds: a badge's square, the panel; a letter as the box around its outline
    when `shaped`)."""
    out = [(band, outline.colour) for outline in scene.outlines for band in bands(outline)]
    out += [(square(badge), badge.colour) for badge in scene.badges]
    for letter in scene.letters:
        drawn = strokes(letter)
        out += [(stroke, letter.colour) for stroke in ((bounds(drawn),) if shaped and drawn
                                                       else drawn)]
    if (panel := scene.panel) is not None:
        out.append((panel.box, panel.colour))
    return out


def write(canvas: Any, scene: Scene, box: Region) -> None:
    """Write the scene's words on a canvas whose top-left corner is the box's: the badges'
    letters and the panel's lines."""
    for badge in scene.badges:
        canvas.create_text(badge.point[0] - box.x, badge.point[1] - box.y, text=badge.text,
                           fill=ink(badge.colour), font=("Helvetica", -badge.size * 3 // 4, "bold"))
    if (panel := scene.panel) is not None:
        canvas.create_text(panel.box.x - box.x + 6, panel.box.y - box.y + 4, anchor="nw",
                           text="\n".join(panel.lines), fill=panel.ink, width=panel.box.w - 12,
                           font=("Helvetica", -panel.font_px))  # negative: pixels


def picture(scene: Scene, box: Region, background: str) -> bytes:
    """Return the scene's rectangles painted on the background, the box's size, as a binary
    PPM (what Tk's photo images read): one image instead of a canvas item per rectangle."""
    import numpy as np

    image = np.empty((box.h, box.w, 3), np.uint8)
    image[:] = rgb(background)
    for region, colour in coloured(scene):
        x, y = region.x - box.x, region.y - box.y
        image[max(0, y):y + region.h, max(0, x):x + region.w] = rgb(colour)
    return b"P6 %d %d 255\n" % (box.w, box.h) + image.tobytes()


def rgb(colour: str) -> tuple[int, int, int]:
    """Return a '#rrggbb' colour's red, green and blue."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def fill(canvas: Any, region: Region, colour: str) -> None:
    """Fill exactly the region's pixels of a canvas with a colour."""
    canvas.create_rectangle(region.x, region.y, region.x + region.w, region.y + region.h,
                            fill=colour, width=0)
