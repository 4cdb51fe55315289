"""The screen: grab a region as a frame (BGR uint8), and check a capture before playing on it.

    MssScreen()                 the real screen, through mss (one mss instance per thread)
    FrameScreen(frame, origin)  an image standing in for the screen (unit tests; a file)
    virtual_screen()            all monitors together, as one Region
    check_scale, check_capture, check_on_screen: raise BadInput with one line when a capture
                                cannot be trusted (wrong scale, black or uniform, off screen)
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ..core.gestures import Point, Region
from ..core.types import BadInput
from .backends import make_dpi_aware


class Screen(Protocol):
    """Something frames can be grabbed from."""

    def grab(self, region: Region) -> np.ndarray:
        """Return the pixels of the region as a BGR uint8 array of shape (h, w, 3)."""


def monitor(region: Region) -> dict[str, int]:
    """Return the region as mss wants it."""
    return {"left": region.x, "top": region.y, "width": region.w, "height": region.h}


class MssScreen:
    """The real screen through mss, grabbing only the region asked for."""

    def __init__(self) -> None:
        make_dpi_aware()
        self.local = threading.local()  # an mss instance holds a display connection per thread

    def mss(self) -> Any:
        """Return this thread's mss instance, made on first use."""
        if not hasattr(self.local, "mss"):
            self.local.mss = open_mss()
        return self.local.mss

    def grab(self, region: Region) -> np.ndarray:
        """Return the region's pixels now, BGR (or BadInput if it cannot be captured)."""
        import cv2
        import mss
        try:
            shot = self.mss().grab(monitor(region))
        except mss.ScreenShotError as err:
            detail = " ".join(str(err).split())  # mss's X errors span several lines
            raise BadInput(f"cannot capture the screen region {region}: is it all on the "
                           f"screen? ({detail})") from None
        return cv2.cvtColor(np.asarray(shot), cv2.COLOR_BGRA2BGR)  # 0.2 ms; numpy's [..., :3] 6 ms

    def close(self) -> None:
        """Close this thread's mss instance."""
        if hasattr(self.local, "mss"):
            self.local.mss.close()
            del self.local.mss


class FrameScreen:
    """An image standing in for the screen, its top-left corner at `origin` on the screen."""

    def __init__(self, frame: np.ndarray, origin: Point = (0, 0)) -> None:
        self.frame, self.origin = frame, origin

    @classmethod
    def from_file(cls, path: str | Path, origin: Point = (0, 0)) -> FrameScreen:
        """Return a screen showing the image file (BadInput if it cannot be read)."""
        from ..vision.image import load_image
        return cls(load_image(path), origin)

    @property
    def region(self) -> Region:
        """Return the part of the screen the image covers."""
        return Region(*self.origin, self.frame.shape[1], self.frame.shape[0])

    def grab(self, region: Region) -> np.ndarray:
        """Return a copy of the region's pixels (BadInput if it is not all inside the image)."""
        if region.overlap(self.region) < region.w * region.h:
            raise BadInput(f"cannot capture the screen region {region}: "
                           f"the screen image covers only {self.region}")
        x, y = region.x - self.origin[0], region.y - self.origin[1]
        return self.frame[y:y + region.h, x:x + region.w].copy()


def open_mss() -> Any:
    """Return an mss instance, or BadInput when there is no display to capture (none set, or
    one that cannot be reached)."""
    import mss
    try:
        return mss.MSS()
    except mss.ScreenShotError as err:
        detail = " ".join(str(err).split())
        raise BadInput(f"cannot capture the screen ({detail}): is a display running, and "
                       f"DISPLAY set to it?") from None


def virtual_screen() -> Region:
    """Return the virtual screen: the rectangle around every monitor."""
    make_dpi_aware()
    with open_mss() as screen:
        whole = screen.monitors[0]
    return Region(whole["left"], whole["top"], whole["width"], whole["height"])


def check_scale(frame: np.ndarray, region: Region) -> None:
    """Raise BadInput when the capture's size differs from the window's: then capture pixels
    and mouse coordinates disagree (on Windows, a process not DPI aware; mss 10 captures a
    Retina display in points, as the mouse and Quartz count, so macOS passes)."""
    h, w = frame.shape[:2]
    if (w, h) != (region.w, region.h):
        raise BadInput(f"captured {w}x{h} for a {region.w}x{region.h} window: display scale "
                       f"{round(100 * w / region.w)}%, so the mouse would miss; set the display "
                       "scale to 100% or use --region in captured pixels")


UNIFORM = 8  # largest spread of any channel (0..255) that still counts as one flat colour
BLACK = 16  # brightest channel value that still counts as black


def check_capture(frame: np.ndarray, title: str) -> None:
    """Raise BadInput when the capture is black or one flat colour: nothing to read there."""
    pixels = frame.reshape(-1, frame.shape[-1] if frame.ndim == 3 else 1)
    if pixels.size and int(np.ptp(pixels, axis=0).max()) > UNIFORM:
        return
    what = ("empty" if not pixels.size else
            "black" if int(pixels.max()) <= BLACK else "one flat colour")
    raise BadInput(f"the capture of {title!r} is {what}: is the window minimised, covered by "
                   "another window, or showing protected content?")


def check_on_screen(region: Region, screen: Region) -> None:
    """Raise BadInput when over a quarter of the region lies off the screen."""
    shown = region.overlap(screen) / (region.w * region.h)
    if shown < 0.75:
        raise BadInput(f"the window at {region} is {round(100 * (1 - shown))}% off the screen "
                       f"({screen}): move it fully onto a monitor")
