"""Speed of the Words With Friends screenshot reader (locate + read, in process), beside the
150 ms target: the real screenshots in ../shared when present, and always drawn ones in both
app looks (so a clone without ../shared still has a figure). Wall and CPU time, as for
Wordfeud (tests/bench/vision_wordfeud.py)."""

from __future__ import annotations

from assistant.vision import wwf
from assistant.vision.image import load_image
from tests.bench.vision_wordfeud import figures
from tests.conftest import find_shared
from tests.wordfeud_draw import jpeg
from tests.wwf_draw import MIDGAME, screenshot


def drawn() -> dict:
    """Return drawn WWF screenshots: both looks at the real set's size, and a larger phone."""
    return {f"drawn {version} {w}x{h}": jpeg(screenshot(MIDGAME, w, h, version), 90)
            for version in ("v1", "v2") for w, h in ((720, 1280), (1080, 1920))}


def bench() -> dict:
    """Return the locate + read figures: real screenshots (if ../shared is here) and drawn."""
    wwf.read(screenshot(MIDGAME))  # the first read loads the templates
    report = {"drawn": figures(drawn(), wwf.read)}
    shared = find_shared()
    if shared:
        folder = shared / "real-screens" / "wwf"
        report["real"] = figures({p.name: load_image(p) for p in sorted(folder.glob("*.png"))},
                                 wwf.read)
    return report
