"""Take the README's picture of the crossword overlay: a drawn Wordfeud game in a phone-sized
practice window titled "Pixel 4a" and `assistant overlay wordfeud` over it, on a fresh Xvfb,
the screen captured with mss once the overlay has drawn, cut to the window and the panel.

    python -m tests.crossword_screenshot templates/examples/wordfeud-overlay.png
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

from assistant.bookworm.scene import MARGIN, PANEL_WIDTH
from tests import wordfeud_draw as D
from tests.crossword_stage import SCREEN, Stage, portrait
from tests.xserver import XServer

WIDTH = 360  # the phone window's width


def shoot(out: str) -> None:
    """Save the phone window with the overlay over it, and the panel beside it, as a PNG."""
    frame = portrait(D.screenshot(D.MIDGAME, 1080, 2160), WIDTH)
    with XServer(screens=(SCREEN,)) as server, \
            Stage(server, "wordfeud", [frame], Path(tempfile.mkdtemp())) as stage:
        stage.overlay.next()
        time.sleep(0.5)
        x, y, w, h = stage.box
        width = w + MARGIN + PANEL_WIDTH + MARGIN
        shot = stage.screen.grab({"left": x, "top": y, "width": width, "height": h})
        picture = np.asarray(shot)[:, :, :3]
        top = round(0.175 * h)  # the phone's header, cut: the board and rack are the picture
        cv2.imwrite(out, picture[top:round(0.86 * h)], [cv2.IMWRITE_PNG_COMPRESSION, 9])


if __name__ == "__main__":
    shoot(sys.argv[1])
