"""Take the README's picture of the Bookworm overlay: the practice Bookworm and the overlay on a
fresh Xvfb, the screen captured with mss once the overlay has drawn, cut to the game's window.

    python -m tests.overlay_screenshot templates/examples/bookworm-overlay.png
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import cv2
import mss
import numpy as np

from assistant.practice import bookworm as W
from tests.conftest import REPO
from tests.xserver import XServer

BOARD = "B O X E/S Z:ruby O N/E:sapphire S Qu A/A:locked G:smashed T M:amethyst"


def shoot(out: str) -> None:
    """Save the practice window with the overlay over it as a PNG."""
    with XServer() as server:
        game = subprocess.Popen([sys.executable, "-m", "assistant", "practice", "bookworm",
                                 "--tiles", BOARD], env=server.env, cwd=REPO)
        overlay = None
        try:
            server.wait_window(W.TITLE.replace("(", "\\(").replace(")", "\\)"), timeout=30)
            overlay = subprocess.Popen([sys.executable, "-m", "assistant", "overlay",
                                        "bookworm", "--json"], env=server.env, cwd=REPO,
                                       stdout=subprocess.PIPE, text=True)
            assert overlay.stdout is not None
            line = json.loads(overlay.stdout.readline())
            time.sleep(0.5)
            x, y, _, _ = line["read"]["region"]
            left, top = x - W.GRID_LEFT - 2, y - W.GRID_TOP - 2  # the window's corner
            with mss.MSS(display=server.display) as screen:
                shot = np.asarray(screen.grab({"left": left, "top": top, "width": W.WINDOW[0],
                                               "height": W.WINDOW[1]}))[:, :, :3]
            cv2.imwrite(out, shot, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        finally:
            for process in (overlay, game):
                if process is not None:
                    process.terminate()
                    process.wait(10)


if __name__ == "__main__":
    shoot(sys.argv[1])
