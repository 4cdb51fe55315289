"""Windows on X11 through python-xlib: a walk of the window tree, with or without a window manager.

Each child of the root that is mapped is either a client window (no window manager) or a frame
the window manager drew around one (it reparents the client into it). The client is the first
window at or below it that carries `WM_STATE` (set by the window manager), else the top-level
itself; its title is `_NET_WM_NAME` (UTF-8), else `WM_NAME`; its client area is its own size,
placed by `translate_coords` to the root (so frames, title bars and borders are never counted).
Our own windows (the overlay, a terminal we run in) are told by the process that made them:
`_NET_WM_PID` when set (Tk does not set it), else the X-Resource extension's answer for the
client that created the window; a terminal's process started ours (see window.ancestors),
and $WINDOWID, when a terminal sets it, names its window.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any

from ..core.gestures import Region
from ..core.types import BadInput
from .window import Ours, Window, WindowGone, ancestors, choose

ICONIC = 3  # WM_STATE: IconicState (ICCCM 4.1.3.1)


def quiet() -> contextlib.AbstractContextManager:
    """Return a context that sends stdout to stderr: python-xlib prints a warning on stdout
    when the X authority file has no entry for the display, and stdout carries our JSON."""
    return contextlib.redirect_stdout(sys.stderr)


def open_display() -> Any:
    """Return a python-xlib connection to $DISPLAY, or raise BadInput saying why not."""
    from Xlib import display, error
    try:
        with quiet():
            return display.Display()
    except (error.DisplayError, error.ConnectionClosedError) as err:
        raise BadInput(f"cannot open the X display {os.environ.get('DISPLAY', '')!r} "
                       f"({err}): is an X server running and DISPLAY set?") from None


class X11Windows:
    """The windows of the X server named by $DISPLAY."""

    def __init__(self) -> None:
        from Xlib import error
        self.display = open_display()
        self.root = self.display.screen().root
        self.errors = (error.XError, error.ConnectionClosedError)
        atom = self.display.intern_atom
        self.net_wm_name, self.utf8 = atom("_NET_WM_NAME"), atom("UTF8_STRING")
        self.wm_state, self.net_wm_pid = atom("WM_STATE"), atom("_NET_WM_PID")
        self.res = self.display.has_extension("X-Resource")
        self.ours = Ours(ancestors(), frozenset(self.terminal()))

    def find(self, title: str) -> Window:
        """Return the window the user means by `title` (see window.choose)."""
        return choose(self.shown(), title, self.ours)

    def titles(self) -> list[str]:
        """Return the titles of the shown windows, top of the stack first."""
        return [w.title for w in reversed(self.shown())]

    def shown(self) -> list[Window]:
        """Return the mapped, titled client windows at least partly on the screen, bottom of
        the stack first."""
        screen, found = self.area(self.root), []
        for top in self.root.query_tree().children:
            with contextlib.suppress(*self.errors):  # closed while we looked
                if top.get_attributes().map_state == 2:  # IsViewable
                    client = self.client(top)
                    window = Window(client.id, self.title(client), self.area(client),
                                    self.pid(client))
                    if window.title and window.region.overlap(screen):
                        found.append(window)
        return found

    def terminal(self) -> list[int]:
        """Return the client window of the terminal we run in, when it names a window of
        its own in $WINDOWID (xterm names a window inside its client window), else none."""
        text = os.environ.get("WINDOWID", "")
        with contextlib.suppress(*self.errors, ValueError):
            inner = self.display.create_resource_object("window", int(text))
            return [self.client(self.top(inner)).id, int(text)]
        return []

    def pid(self, window: Any) -> int:
        """Return the id of the process that made the window: _NET_WM_PID, else the
        X-Resource extension's (a local client's) answer, else 0."""
        named = window.get_full_property(self.net_wm_pid, 0)
        if named is not None and len(named.value):
            return int(named.value[0])
        if self.res:
            from Xlib.ext import res
            answer = self.display.res_query_client_ids(
                [{"client": window.id, "mask": res.LocalClientPIDMask}])
            for client in answer.ids:
                if len(client.value):
                    return int(client.value[0])
        return 0

    def client(self, top: Any) -> Any:
        """Return the client window at or below a top-level window: the one the window
        manager marked with WM_STATE, else the top-level itself (no window manager)."""
        level = [top]
        for _ in range(3):  # a frame holds its client one or two levels down
            for window in level:
                if window.get_full_property(self.wm_state, 0) is not None:
                    return window
            level = [child for window in level  # topmost first: the client is mapped last
                     for child in reversed(window.query_tree().children)]
        return top

    def title(self, window: Any) -> str:
        """Return the window's title (_NET_WM_NAME, else WM_NAME), or ''."""
        name = window.get_full_text_property(self.net_wm_name, self.utf8)
        return str(name or window.get_wm_name() or "")

    def area(self, window: Any) -> Region:
        """Return the window's client area in root (virtual screen) pixels."""
        size = window.get_geometry()
        origin = self.root.translate_coords(window, 0, 0)
        return Region(origin.x, origin.y, size.width, size.height)

    @contextlib.contextmanager
    def asking(self, window: Window) -> Iterator[Any]:
        """Yield the Xlib window for a Window: an X error while asking about it means it was
        closed (before or meanwhile), and is raised as WindowGone."""
        try:
            yield self.display.create_resource_object("window", window.id)
        except self.errors:
            raise WindowGone(f"the window {window.title!r} was closed") from None

    def region(self, window: Window) -> Region:
        """Return the window's client area now (WindowGone if it was closed)."""
        with self.asking(window) as x_window:
            return self.area(x_window)

    def minimised(self, window: Window) -> bool:
        """True when the window is iconic (WM_STATE) or not viewable."""
        with self.asking(window) as x_window:
            state = x_window.get_wm_state()
            return bool(state and state.state == ICONIC) or \
                x_window.get_attributes().map_state != 2  # IsViewable

    def focused(self, window: Window) -> bool:
        """True when the input focus is in the window (itself, a child or its frame); with
        focus PointerRoot (no window manager), when the pointer is over it."""
        top = self.top_of(window)
        for _ in range(3):  # the focus may move to a window that closes while we look
            with contextlib.suppress(*self.errors):
                return self.focus_top() == top.id
        self.region(window)  # WindowGone if it was this window that closed
        return False

    def focus_top(self) -> int:
        """Return the id of the top-level window holding the input focus; with focus
        PointerRoot (no window manager), of the one under the pointer (0: none)."""
        focus = self.display.get_input_focus().focus
        if isinstance(focus, int):  # PointerRoot (1): keys go to the window under the pointer
            return getattr(self.root.query_pointer().child, "id", 0) if focus == 1 else 0
        return int(self.top(focus).id)

    def above(self, window: Window) -> list[Window]:
        """Return the mapped windows stacked above this one, top first, untitled ones too (a
        window just mapped may have no title yet; a menu never has one), not this process's
        (the overlay; a terminal over the game does cover it); only the top-levels above its
        own are looked at: this is asked often."""
        top = self.top_of(window)
        stack = self.root.query_tree().children  # bottom first
        ids = [child.id for child in stack]
        found = []
        for child in reversed(stack[ids.index(top.id) + 1:] if top.id in ids else []):
            with contextlib.suppress(*self.errors):  # closed while we looked
                if child.get_attributes().map_state == 2:  # IsViewable
                    client = self.client(child)
                    window = Window(client.id, self.title(client), self.area(client),
                                    self.pid(client))
                    if window.pid != os.getpid():
                        found.append(window)
        return found

    def top_of(self, window: Window) -> Any:
        """Return the top-level window holding a Window (WindowGone if it was closed)."""
        with self.asking(window) as x_window:
            return self.top(x_window)

    def top(self, window: Any) -> Any:
        """Return the child of the root that holds the window (its frame, or itself)."""
        while (parent := window.query_tree().parent) and parent.id != self.root.id:
            window = parent
        return window

    def close(self) -> None:
        """Close the connection to the X server."""
        self.display.close()
