"""A real X server for the live tests: Xvfb on a free display, optionally with openbox.

    with XServer(wm=True, screens=((1280, 800),)) as x:
        subprocess.run([...], env=x.env)        # DISPLAY and XAUTHORITY set for a child
        x.wait_window("Wordament")              # the window id, once it is mapped
        x.xdotool("mousemove", "10", "10")

The server picks its own display number (Xvfb -displayfd), so tests never collide. python-xlib
wants an X authority file, even an empty one: each server gets its own. Several `screens` make
one virtual screen across monitors (+xinerama), as on a desktop with two monitors side by side.
A bare Xvfb has no window manager: no frames, no _NET_* lists; `wm=True` starts openbox.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

START_TIMEOUT = 15.0  # s: a loaded CI machine can be slow to start a server


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
        (self.folder / "Xauthority").touch()
        read, write = os.pipe()
        command = ["Xvfb", "-displayfd", str(write), "-nolisten", "tcp", "-noreset"]
        for n, (w, h) in enumerate(self.screens):
            command += ["-screen", str(n), f"{w}x{h}x24"]
        if len(self.screens) > 1:
            command.append("+xinerama")
        self.processes.append(subprocess.Popen(command, pass_fds=(write,),
                                               stderr=subprocess.DEVNULL))
        os.close(write)
        self.display = ":" + self._read_display(read)
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
