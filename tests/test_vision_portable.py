"""Every reader works without fonts and without Pillow: the templates are committed PNG sheets.

Users run Windows and macOS, where the fonts the templates were drawn from are absent. The
screenshots here are drawn first (that needs the fonts); then they are read with Pillow's font
loading made to fail, and again in a fresh process where Pillow cannot be imported at all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import cv2
import numpy as np
import pytest

from assistant.vision import read_board, templates
from tests import draw_bookworm
from tests import render as R
from tests.conftest import REPO
from tests.wordfeud_draw import MIDGAME, screenshot

BOOKWORM = ("QU A B C D E F G H I J K L M N O".split(),
            ("normal amethyst normal normal emerald normal normal normal "
             "normal normal crystal normal normal normal normal diamond").split())
HUNT = list("FAMAIIGRTREDNUTN")


def screens() -> dict[str, tuple[np.ndarray, list[str]]]:
    """Return a drawn screenshot of each reader's game, with the tiles it shows."""
    wordfeud = [c.upper() for row in MIDGAME.board for c in row if c != "."] + list(MIDGAME.rack)
    return {
        "wordament": (R.board(*R.EXAMPLE, R.WIN8, 90), R.EXAMPLE[0]),
        "boggle": (R.board(HUNT, None, R.WORDHUNT, 120), HUNT),
        "bookworm": (draw_bookworm.draw_window(*BOOKWORM, 48)[0], BOOKWORM[0]),
        "wordfeud": (screenshot(MIDGAME), wordfeud),
    }


def tiles(game: str, frame: np.ndarray) -> list[str]:
    """Return the tiles read surely (uncertain ones as '?!'); Wordfeud's squares with a tile."""
    reading = read_board(game, frame)
    cells = [c for c in reading.cells + reading.rack if c.text or game != "wordfeud"]
    return [c.text if not c.uncertain else "?!" for c in cells]


def no_fonts(*args, **kwargs):
    """Stand in for ImageFont.truetype on a machine without the fonts."""
    raise OSError("cannot open resource (no fonts on this machine)")


def forget_templates() -> None:
    """Empty the per-process template caches, so the next read loads them again."""
    for cached in (templates.fitted, templates.load):
        cached.cache_clear()


def test_readers_need_no_fonts(monkeypatch):
    drawn = screens()
    from PIL import ImageFont

    monkeypatch.setattr(ImageFont, "truetype", no_fonts)
    forget_templates()
    with pytest.raises(OSError):
        templates.draw("A", templates.SHEETS["open-sans"].font)  # the patch does bite
    for game, (frame, shown) in drawn.items():
        assert tiles(game, frame) == shown, game
    forget_templates()


READ_WITHOUT_PILLOW = """
import json, sys
sys.modules["PIL"] = None  # any import of Pillow now fails
import cv2
from assistant.vision import read_board
out = {}
for game in sys.argv[1:]:
    reading = read_board(game, cv2.imread(game + ".png"))
    out[game] = [c.text if not c.uncertain else "?!" for c in reading.cells + reading.rack
                 if c.text or game != "wordfeud"]
print(json.dumps(out))
"""


def test_readers_need_no_pillow(tmp_path):
    drawn = screens()
    for game, (frame, _) in drawn.items():
        cv2.imwrite(str(tmp_path / f"{game}.png"), frame)
    done = subprocess.run([sys.executable, "-c", READ_WITHOUT_PILLOW, *drawn], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {game: shown for game, (_, shown) in drawn.items()}
