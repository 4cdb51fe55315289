"""Run an overlay in its own process, driven by JSON lines on stdin (for tests on any X server).

    python -m tests.overlay_driver
    stdin:  {"show": SCENE} | {"hide": true} | {"update": SECONDS} | {"close": true}
    stdout: {"ready": {"wrapper": ID, "window": ID}} once (Tk's wrapper and its winfo_id()),
            then {"done": {"command": NAME, "ms": TIME_IT_TOOK}} per command

SCENE is scene_json(scene): the dataclasses as nested lists and dicts.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time

from assistant.adapters.overlay import Badge, Outline, Panel, Scene
from assistant.adapters.overlay_x11 import X11Overlay
from assistant.core.gestures import Region


def scene_json(scene: Scene) -> dict:
    """Return the scene as JSON-ready data."""
    return dataclasses.asdict(scene)


def scene_from_json(data: dict) -> Scene:
    """Return the scene that scene_json turned into this data."""
    panel = data["panel"] and Panel(**{**data["panel"], "box": Region(**data["panel"]["box"]),
                                       "lines": tuple(data["panel"]["lines"])})
    return Scene(tuple(Outline(**{**o, "box": Region(**o["box"])}) for o in data["outlines"]),
                 tuple(Badge(**{**b, "point": tuple(b["point"])}) for b in data["badges"]),
                 panel or None)


def pump(screen: X11Overlay, seconds: float) -> None:
    """Call update() every 10 ms for this long, as a caller's loop would."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        screen.update()
        time.sleep(0.01)


def main() -> None:
    """Obey commands until close or the end of stdin."""
    screen = X11Overlay()
    print(json.dumps({"ready": {"wrapper": screen.wrapper.id, "window": screen.root.winfo_id()}}),
          flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        start = time.perf_counter()
        if "show" in command:
            screen.show(scene_from_json(command["show"]))
        elif "hide" in command:
            screen.hide()
        elif "update" in command:
            pump(screen, command["update"])
        elif "close" in command:
            break
        ms = (time.perf_counter() - start) * 1000
        print(json.dumps({"done": {"command": next(iter(command)), "ms": round(ms, 2)}}),
              flush=True)
    screen.close()


if __name__ == "__main__":
    main()
