"""A real X server for the live tests: Xvfb on a free display, optionally with openbox.

    with XServer(wm=True, screens=((1280, 800),)) as x:
        subprocess.run([...], env=x.env)        # DISPLAY and XAUTHORITY set for a child
        x.wait_window("Wordament")              # the window id, once it is mapped
        x.xdotool("mousemove", "10", "10")
        x.close_window(process, window, "Wordament")  # Alt+F4 under openbox; its output

The server picks its own display number (Xvfb -displayfd), so tests never collide. python-xlib
wants an X authority file, and warns on every connection when it holds no entry for the
display: each server gets its own file with one (a cookie Xvfb, started without -auth, does not
check). Several `screens` are
monitors side by side on one virtual screen, as on a desktop with two monitors: one X screen
as wide as all of them, cut into RandR 1.5 monitors (what mss and desktops read). Xvfb's own
`-screen 1` with +xinerama stacks every screen at 0,0 instead, and xrandr is not needed.
A bare Xvfb has no window manager: no frames, no _NET_* lists; `wm=True` starts openbox.
"""

from __future__ import annotations

import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

START_TIMEOUT = 15.0  # s: a loaded CI machine can be slow to start a server
LOCAL = 256  # the X authority family of a display on this host (FamilyLocal)


def authority(number: str) -> bytes:
    """Return an X authority file's bytes with one entry: this host, this display number, a
    random MIT-MAGIC-COOKIE-1 (fields are 2-byte big-endian lengths, then the bytes)."""
    fields = (socket.gethostname().encode(), number.encode(), b"MIT-MAGIC-COOKIE-1",
              os.urandom(16))
    return struct.pack(">H", LOCAL) + b"".join(struct.pack(">H", len(f)) + f for f in fields)

# Run in a child on the server: define one RandR monitor per (x, w, h) in argv, left to right.
# python-xlib 0.33 packs SetMonitor's monitor_info wrongly; the Packed field fixes that.
MONITORS = """
import sys
from Xlib import display
from Xlib.ext import randr
from Xlib.protocol import rq
class Packed(rq.Object):
    def pack_value(self, value):
        return self.type.pack_value(value), None, None
randr.SetMonitor._request = rq.Struct(rq.Card8("opcode"), rq.Opcode(43), rq.RequestLength(),
    rq.Window("window"), Packed("monitor_info", randr.MonitorInfo))
d = display.Display()
root = d.screen().root
outputs = root.xrandr_get_screen_resources().outputs
for n, (x, w, h) in enumerate(zip(*[iter(map(int, sys.argv[1:]))] * 3)):
    root.xrandr_set_monitor({"name": d.intern_atom(f"MONITOR-{n}"), "primary": n == 0,
        "automatic": False, "x": x, "y": 0, "width_in_pixels": w, "height_in_pixels": h,
        "width_in_millimeters": w // 4, "height_in_millimeters": h // 4,
        "crtcs": outputs if n == 0 else []})
d.sync()
"""


class XServer:
    """An Xvfb (and openbox) running for the duration of a with block."""

    def __init__(self, wm: bool = False,
                 screens: Sequence[tuple[int, int]] = ((1280, 800),)) -> None:
        self.wm, self.screens = wm, tuple(screens)
        self.processes: list[subprocess.Popen] = []
        self.folder = Path(tempfile.mkdtemp(prefix="assistant-x-"))
        self.display = ""

    @property
    def env(self) -> dict[str, str]:
        """The environment for a child process on this server."""
        return {**os.environ, "DISPLAY": self.display,
                "XAUTHORITY": str(self.folder / "Xauthority")}

    def __enter__(self) -> XServer:
        read, write = os.pipe()
        width, height = sum(w for w, _ in self.screens), max(h for _, h in self.screens)
        command = ["Xvfb", "-displayfd", str(write), "-nolisten", "tcp", "-noreset",
                   "-screen", "0", f"{width}x{height}x24"]
        self.processes.append(subprocess.Popen(command, pass_fds=(write,),
                                               stderr=subprocess.DEVNULL))
        os.close(write)
        self.display = ":" + self._read_display(read)
        (self.folder / "Xauthority").write_bytes(authority(self.display[1:]))
        if len(self.screens) > 1:
            self._define_monitors()
        if self.wm:
            self.processes.append(subprocess.Popen(["openbox", "--sm-disable"], env=self.env,
                                                   stdout=subprocess.DEVNULL,
                                                   stderr=subprocess.DEVNULL))
            self._wait_for_wm()
        return self

    def _read_display(self, fd: int) -> str:
        """Return the display number Xvfb writes once it is ready to take clients."""
        with os.fdopen(fd) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start (is the xvfb package installed?)")
        return number

    def _define_monitors(self) -> None:
        """Cut the X screen into one RandR monitor per screen, side by side."""
        args, left = [], 0
        for w, h in self.screens:
            args += [str(left), str(w), str(h)]
            left += w
        subprocess.run([sys.executable, "-c", MONITORS, *args], env=self.env, check=True,
                       capture_output=True, timeout=START_TIMEOUT)

    def _wait_for_wm(self) -> None:
        """Wait until the window manager has claimed the screen."""
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            done = subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=self.env,
                                  capture_output=True, text=True)
            if "window id" in done.stdout:
                return
            time.sleep(0.05)
        raise RuntimeError("openbox did not start")

    def __exit__(self, *exc: object) -> None:
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(self.folder, ignore_errors=True)

    def xdotool(self, *args: str) -> str:
        """Run xdotool on this server and return what it printed."""
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True,
                              timeout=30)
        return done.stdout.strip()

    def wait_window(self, title: str, timeout: float = START_TIMEOUT) -> int:
        """Return the id of the first visible window whose name holds title, once it shows."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.xdotool("search", "--onlyvisible", "--name", title).split()
            if found:
                return int(found[0])
            time.sleep(0.05)
        raise TimeoutError(f"no window named {title!r} on {self.display}")

    def close_window(self, process: subprocess.Popen, window: int,
                     title: str) -> tuple[str, str]:
        """Close a process's window as a user does (Alt+F4: openbox sends WM_DELETE_WINDOW);
        return the process's output once it has ended. A loaded openbox may miss a key pressed
        as the window becomes active: it is pressed again while the window still shows."""
        for _ in range(3):
            self.xdotool("windowactivate", "--sync", str(window))
            self.xdotool("key", "alt+F4")
            try:
                return process.communicate(timeout=5)
            except subprocess.TimeoutExpired:
                if not self.xdotool("search", "--onlyvisible", "--name", title):
                    return process.communicate(timeout=10)  # closed, still saving
        raise AssertionError(f"three Alt+F4 did not close {title!r}")
