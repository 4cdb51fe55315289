"""The one place that chooses each platform's backend: the window finder (x11.py, win32.py,
macos.py) and the overlay (overlay_x11.py, overlay_windows.py, overlay_mac.py), each imported
only when chosen; and the process made ready to look at the screen (DPI awareness on Windows,
the Screen Recording permission on macOS). The backends import the shared parts (window.py,
overlay.py), never this module, so no import goes round in a circle.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .overlay import Overlay
    from .window import Windows


def make_dpi_aware() -> str | None:
    """Make this process count real pixels on Windows (per-monitor DPI aware) and return how
    aware it is then; elsewhere do nothing (None). Call it before the first capture, window
    query, mouse move or overlay (it is idempotent): the one place that sets DPI awareness."""
    if sys.platform == "win32":
        from .win32 import make_dpi_aware as win32_dpi_aware
        return win32_dpi_aware()
    return None


def prepare(tell: Callable[[str], None]) -> None:
    """Make this process ready to look at the screen: on Windows per-monitor DPI aware (told
    when it could not be made so), on macOS allowed to record the screen (BadInput if not)."""
    aware = make_dpi_aware()
    if aware is not None and not aware.startswith("per-monitor"):
        tell(f"warning: this process is only {aware} DPI aware: on a monitor scaled "
             "differently from the main one, capture and clicks may miss")
    if sys.platform == "darwin":
        from .macos import require_screen_recording
        require_screen_recording()


def windows() -> Windows:
    """Return the window finder for this platform: the one place that chooses the backend."""
    make_dpi_aware()
    if sys.platform == "win32":
        from .win32 import Win32Windows
        return Win32Windows()
    if sys.platform == "darwin":
        from .macos import QuartzWindows
        return QuartzWindows()
    from .x11 import X11Windows
    return X11Windows()


def overlay(alpha: float = 1.0) -> Overlay:
    """Return the overlay backend for this platform (BadInput when it cannot run here), its
    window drawn at this opacity where the system blends windows (Windows, macOS, an X11
    desktop with a compositor; a bare X server shows it opaque)."""
    if sys.platform == "win32":
        from .overlay_windows import WindowsOverlay

        return WindowsOverlay(alpha=alpha)
    if sys.platform == "darwin":
        from .overlay_mac import MacOverlay

        return MacOverlay(alpha=alpha)
    from .overlay_x11 import X11Overlay

    return X11Overlay(alpha=alpha)
