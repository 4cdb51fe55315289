"""Speed of the Bookworm reader (locate + read, in process) beside issue 5's target of 150 ms.

Drawn battle screens at the game's own size, on a full-HD and a 4K desktop; and the real
screenshots of ../shared/real-screens when present (with how many tiles were right).
"""

from __future__ import annotations

import json
import statistics
import time

import numpy as np

from assistant.vision import bookworm, bookworm_letters, templates
from assistant.vision.image import load_image
from tests import draw_bookworm as draw
from tests.conftest import find_shared

TARGET_MS = 150
REPEAT = 7
TEXTS = "P A O R A E P S M S M U X V E U".split()
STATES = ("normal normal normal normal locked normal normal normal "
          "emerald normal normal normal normal crystal normal normal").split()


def median_ms(frame: np.ndarray, repeat: int = REPEAT) -> float:
    """Return the median wall time of reading a frame, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        bookworm.read(frame)
        times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 1)


def drawn_frames() -> dict[str, np.ndarray]:
    """Return the drawn screens: the game's window alone, and on two desktops."""
    window, _ = draw.draw_window(TEXTS, STATES, 48)
    return {"window_816x638": window,
            "desktop_1920x1080": draw.on_desktop(window, (1920, 1080), (600, 200)),
            "desktop_3840x2160": draw.on_desktop(window, (3840, 2160), (2500, 1200))}


def real_screens() -> dict:
    """Return the median time per real screenshot and the tiles read right, if shared is here."""
    shared = find_shared()
    if shared is None:
        return {"skipped": "../shared is not present"}
    labels = [label for label in json.loads((shared / "real-screens/labels.json").read_text())
              if label["game"] == "bookworm_adventures"]
    per_image, right, uncertain = {}, 0, 0
    for label in labels:
        frame = load_image(shared / "real-screens" / label["file"])
        per_image[label["file"]] = median_ms(frame)
        cells = bookworm.read(frame).cells
        expected = [("" if text == "." else text, state)  # '.': an empty cell, read as ''
                    for text, state in zip(label["tiles"], label["tile_status"], strict=True)]
        right += sum(not c.uncertain and (c.text, c.state) == pair
                     for c, pair in zip(cells, expected, strict=True))
        uncertain += sum(c.uncertain for c in cells)
    return {"median_ms": statistics.median(per_image.values()), "target": TARGET_MS,
            "per_image_ms": per_image, "tiles": 16 * len(labels), "right": right,
            "uncertain": uncertain}


def bench() -> dict:
    """Return the reader's timings on drawn and real screens, with the target."""
    start = time.perf_counter()
    templates.load(bookworm_letters.SHEETS, "box")  # loads the committed sheets once per process
    first = round((time.perf_counter() - start) * 1000, 1)
    drawn = {name: median_ms(frame) for name, frame in drawn_frames().items()}
    return {"drawn_ms": {**drawn, "median": statistics.median(drawn.values()),
                         "target": TARGET_MS},
            "templates_first_use_ms": first,
            "real_screens": real_screens()}
