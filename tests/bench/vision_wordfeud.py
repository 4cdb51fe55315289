"""Speed of the Wordfeud screenshot reader (locate + read, in process), beside issue 5's target.

It times the real screenshots in ../shared when present, and always a set of drawn ones (so a
clone without ../shared still has a figure). Wall time is what the target is about; CPU time
is also given because the machine may be shared (two cores, other jobs): wall time above CPU
time means the process waited for a core.
"""

from __future__ import annotations

import statistics
import time

from assistant.vision import wordfeud
from assistant.vision.image import load_image
from tests.conftest import find_shared
from tests.wordfeud_draw import MIDGAME, jpeg, screenshot

TARGET_MS = 150
REPEAT = 5


def times(frame, read=wordfeud.read) -> tuple[float, float, dict[str, float]]:
    """Return the median wall and CPU milliseconds of reading a frame, and one run's stages."""
    walls, cpus, stages = [], [], {}
    for _ in range(REPEAT):
        wall, cpu = time.perf_counter(), time.process_time()
        stages = read(frame).timings_ms
        walls.append(1000 * (time.perf_counter() - wall))
        cpus.append(1000 * (time.process_time() - cpu))
    return statistics.median(walls), statistics.median(cpus), stages


def figures(frames: dict, read=wordfeud.read) -> dict:
    """Return the median over frames of their median times, with each frame's figures."""
    each = {name: times(frame, read) for name, frame in frames.items()}
    return {"median_wall_ms": round(statistics.median(w for w, _, _ in each.values()), 1),
            "median_cpu_ms": round(statistics.median(c for _, c, _ in each.values()), 1),
            "target_ms": TARGET_MS,
            "screenshots": {name: {"wall_ms": round(w, 1), "cpu_ms": round(c, 1), "stages": s}
                            for name, (w, c, s) in each.items()}}


def drawn() -> dict:
    """Return drawn Wordfeud screenshots at the real set's resolutions."""
    return {f"drawn {w}x{h}": jpeg(screenshot(MIDGAME, w, h), 90)
            for w, h in ((1080, 2160), (1080, 2400), (739, 1600))}


def bench() -> dict:
    """Return the locate + read figures: real screenshots (if ../shared is here) and drawn."""
    wordfeud.read(screenshot(MIDGAME))  # the first read loads the templates
    report = {"drawn": figures(drawn())}
    shared = find_shared()
    if shared:
        folder = shared / "real-screens" / "wordfeud"
        report["real"] = figures({p.name: load_image(p) for p in sorted(folder.glob("*.png"))})
    return report
