"""The overlay on macOS: a transparent, borderless, floating window that ignores mouse events
(pyobjc).
"""

from __future__ import annotations

from typing import Any

from assistant.core.types import BadInput

from .overlay import Scene, TkOverlay, pieces


class MacOverlay(TkOverlay):
    """A transparent, borderless, floating window that ignores mouse events (via pyobjc)."""

    background = "systemTransparent"

    def __init__(self, alpha: float = 1.0) -> None:
        super().__init__()
        self.root.attributes("-alpha", alpha)
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
