"""Speed of the overlay on a bare Xvfb: how long show() and hide() take (medians, ms), and the
CPU the overlay process uses while its caller pumps update() every 10 ms and nothing changes."""

from __future__ import annotations

import os
import statistics

from assistant.adapters.overlay import Badge, Outline, Scene, pieces
from assistant.core.gestures import Region
from tests.overlay_stage import Stage, layout
from tests.xserver import XServer

REPEAT = 40


def median_ms(times: list[float]) -> float:
    """Return the median of these times, rounded."""
    return round(statistics.median(times), 2)


def cpu_seconds(pid: int) -> float:
    """Return the user + system CPU time a Linux process has used so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def grid(x: int, y: int, tiles: int) -> Scene:
    """Return a Bookworm-sized scene: these many of the 4x4 tiles outlined and numbered."""
    boxes = [Region(x + 10 + 90 * (n % 4), y + 10 + 70 * (n // 4), 80, 60) for n in range(tiles)]
    return Scene(tuple(Outline(b) for b in boxes),
                 tuple(Badge((b.x + 12, b.y + 12), str(n + 1)) for n, b in enumerate(boxes)))


def bench() -> dict:
    """Return the overlay's timings over the stand-in game."""
    with XServer() as server, Stage(server) as stage:
        x, y = stage.origin
        full = layout(x, y)
        fewer = Scene(full.outlines[:1], full.badges[:1], full.panel)  # the same box
        moved = Scene(full.outlines[1:], full.badges[1:])  # a smaller box: the window moves
        first = stage.show(full)
        new = [stage.show((fewer, full)[n % 2]) for n in range(REPEAT)]
        move = [stage.show((moved, full)[n % 2]) for n in range(REPEAT)]
        same = [stage.show(full) for _ in range(REPEAT)]
        sixteen = [stage.show(grid(x, y, (16, 15)[n % 2])) for n in range(REPEAT)]
        hide = []
        for _ in range(REPEAT // 4):
            hide.append(stage.hide())
            stage.show(full)
        before = cpu_seconds(stage.overlay.process.pid)
        stage.update(3.0)
        idle = (cpu_seconds(stage.overlay.process.pid) - before) / 3.0
    return {"first_show_ms": first, "show_new_scene_ms": median_ms(new),
            "show_moved_scene_ms": median_ms(move), "show_same_scene_ms": median_ms(same),
            "show_16_tiles_ms": median_ms(sixteen), "hide_ms": median_ms(hide),
            "idle_cpu_percent": round(100 * idle, 1),
            "rectangles_in_full_scene": len(pieces(full))}
