"""The stop key: a global keyboard listener that notes when one key is pressed, in any window.

    with StopKey("esc") as stop:
        while not stop.pressed(): ...

pynput listens on X11 (the RECORD extension), Windows and macOS; it saw an `xdotool key` on
Xvfb in about 10 ms. The `keyboard` package needs uinput (root) on Linux and failed here;
`global_hotkeys` is Windows only. When the listener cannot start (no X server, no RECORD
extension, macOS without the Input Monitoring permission), StopKey says so in one warning line
and carries on: Ctrl-C and the mouse's fail-safe corner still stop play.
"""

from __future__ import annotations

import contextlib
import re
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from ..core.types import BadInput

READY_S = 3.0  # longest wait for the listener to start
SETTLE_S = 0.02  # the X11 listener reports ready just before it starts recording
KEY_NAME = re.compile(r"[a-z][a-z0-9_]*")
MACOS_FIX = ("allow your terminal in System Settings > Privacy & Security > Input Monitoring "
             "(and Accessibility)")


def warn_stderr(line: str) -> None:
    """Print one warning line on stderr."""
    print(f"warning: {line}", file=sys.stderr)


def load_pynput(warn: Callable[[str], None]) -> Any:
    """Return pynput.keyboard, or None after one warning line if it cannot work here."""
    from .x11 import quiet
    try:
        with quiet():
            from pynput import keyboard
    except Exception as err:  # pynput raises ImportError with the reason when no backend works
        warn(f"no stop key ({str(err).splitlines()[0]}); stop with Ctrl-C or by throwing "
             "the pointer into a screen corner")
        return None
    return keyboard


def parse_key(name: str, keyboard: Any) -> Any:
    """Return the key a name stands for: one character (lower case) or a pynput Key such as
    esc, f12 or pause (just the name when pynput is missing); BadInput if it is neither."""
    if len(name) == 1:
        return name.casefold()
    special = name.strip().lower()
    if keyboard is not None and special in keyboard.Key.__members__:
        return keyboard.Key[special]
    if keyboard is None and KEY_NAME.fullmatch(special):
        return special
    raise BadInput(f"--stop-key {name!r}: expected one character or a key name such as "
                   "esc, f12, pause, space")


class StopKey:
    """A key that, pressed anywhere, asks play to stop."""

    def __init__(self, name: str = "esc", warn: Callable[[str], None] = warn_stderr) -> None:
        self.name, self.warn = name, warn
        self.listener: Any = None
        self.keyboard = load_pynput(warn)
        self.key = parse_key(name, self.keyboard)
        self.event = threading.Event()

    def pressed(self) -> bool:
        """True once the key has been pressed."""
        return self.event.is_set()

    def on_press(self, key: Any) -> None:
        """Note the key if it is ours (called on pynput's thread)."""
        char = getattr(key, "char", None)
        if key == self.key or (isinstance(self.key, str) and (char or "").casefold() == self.key):
            self.event.set()

    def __enter__(self) -> StopKey:
        if self.keyboard is not None:
            from .x11 import quiet
            self.listener = self.keyboard.Listener(on_press=self.on_press)  # a daemon thread
            with quiet():
                self.listener.start()
                ready = started(self.listener)
            if not ready:
                self.warn(f"no stop key: the keyboard listener did not start within {READY_S} s; "
                          "stop with Ctrl-C or by throwing the pointer into a screen corner")
            elif sys.platform == "darwin" and not getattr(self.listener, "IS_TRUSTED", True):
                self.warn(f"the stop key cannot see keys: {MACOS_FIX}")
        return self

    def __exit__(self, *exc: object) -> None:
        if self.listener is not None:
            self.listener.stop()
            wake(self.listener)
            self.listener.join(1.0)


def wake(listener: Any) -> None:
    """End an X11 listener now: pynput's notices stop() only at the next key event (its pull
    request 583), unless its XRecord context is disabled on its control connection."""
    control, context = getattr(listener, "_display_stop", None), getattr(listener, "_context", None)
    if control is not None and context is not None:
        with contextlib.suppress(Exception):  # best effort: the thread may be ending already
            control.record_disable_context(context)
            control.flush()


def started(listener: Any, seconds: float = READY_S) -> bool:
    """Return True once the listener is ready; False if its thread ended or it took too long."""
    ready = threading.Event()

    def wait() -> None:
        listener.wait()
        ready.set()

    threading.Thread(target=wait, daemon=True).start()
    deadline = time.monotonic() + seconds
    while not ready.wait(0.005):
        if not listener.is_alive() or time.monotonic() > deadline:
            return False
    time.sleep(SETTLE_S)
    return True
