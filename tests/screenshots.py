"""The README's picture of live play, taken by the tool under Xvfb: the practice Wordament while
`assistant play wordament` drags its words, captured with the tool's own window finder and mss.

    python -m tests.screenshots [OUT.png]     (default: templates/examples/practice-wordament.png)
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import cv2

from tests.conftest import REPO
from tests.wordament_live import Game
from tests.xserver import XServer

OUT = REPO / "templates" / "examples" / "practice-wordament.png"
BOARD = "S D R C/C E P L/E L OVER- A/T S Y R"
VALUES = "2 3 2 3/3 1 4 3/1 3 12 2/2 2 5 2"


def main(out: Path) -> None:
    """Play a round of the practice game and capture its window mid-play."""
    with XServer() as server, tempfile.TemporaryDirectory() as folder:
        game = Game(server, Path(folder), "--board", BOARD, "--values", VALUES, "--seconds", "90")
        player = game.start("--drag-ms", "90")
        try:
            time.sleep(4.0)  # a few words in: scores, a drag under way, a flash
            os.environ.update({k: server.env[k] for k in ("DISPLAY", "XAUTHORITY")})
            from assistant.adapters.backends import windows
            from assistant.adapters.screen import MssScreen

            frame = MssScreen().grab(windows().find("Wordament").region)
        finally:
            player.terminate()
            player.wait(10)
            game.close()
    cv2.imwrite(str(out), frame, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    print(f"drawn: {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
