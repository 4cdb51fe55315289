"""The Windows side of the Wine tests: run by the Windows Python (`wine python.exe`), it starts
the practice games and the assistant as Windows processes, watches them, and writes what it saw
to one JSON file the Linux test (tests/test_windows_wine.py) asserts on.

    python.exe -m tests.windows_driver OUT.json [--drag-ms MS]

A Windows Python must be started in the foreground from Linux, so this one script starts the
others (subprocess inside Wine). Each scene gets its own data folder (history store) and the
screen scale it is played at: HKCU\\Control Panel\\Desktop\\LogPixels, which Wine reads when a
process starts (96 = 100%, 144 = 150%), set before the game and the player start. Last, it
checks SendInput itself: the pointer lands where aimed (GetCursorPos).
"""

from __future__ import annotations

import ctypes
import functools
import importlib
import json
import os
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
BOARD = "EECA/ALEP/HNBO/QTTY"  # 81 ENABLE words (tests/test_play_wordament.py)
ROUND_S = "180"  # the practice round: room for a slow start (the player ends once all its
# words are played, about 10 s)
SCALES = (96, 144)  # LogPixels: 100% and 150%
DESKTOP = r"Control Panel\Desktop"


def note(text: str) -> None:
    """Say on stderr what the driver does now (the Linux test shows it when a scene fails)."""
    print(f"{time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


def python(*args: str, data: Path, **popen: Any) -> subprocess.Popen:
    """Start this Python on ARGS in the checkout, with its own data folder."""
    env = {**os.environ, "ASSISTANT_DATA_DIR": str(data), "PYTHONPATH": str(REPO)}
    note("start " + " ".join(args))
    popen.setdefault("stdin", subprocess.DEVNULL)
    return subprocess.Popen([sys.executable, *args], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen)


def end(*processes: subprocess.Popen | None) -> None:
    """End the processes a scene started (None: never started), each within 20 s."""
    for process in processes:
        if process is not None:
            process.terminate()
            process.communicate(timeout=20)


def finished(process: subprocess.Popen, timeout: float) -> dict[str, Any]:
    """Return a process's exit status and output once it ends (killed after timeout)."""
    note(f"wait for process {process.pid}")
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        try:
            out, err = process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            out, err = "", ""
        err += f"\n(killed after {timeout} s)"
    return {"status": process.returncode, "stdout": out, "stderr": err}


def scale(logpixels: int) -> None:
    """Set the screen scale the next processes start with."""
    winreg: Any = importlib.import_module("winreg")  # Windows only
    with winreg.CreateKey(winreg.HKEY_CURRENT_USER, DESKTOP) as key:
        winreg.SetValueEx(key, "LogPixels", 0, winreg.REG_DWORD, logpixels)


def user32() -> Any:
    """Return user32 with the few calls used here declared."""
    from ctypes import wintypes
    dll = ctypes.WinDLL("user32", use_last_error=True)  # type: ignore[attr-defined]
    dll.FindWindowW.argtypes = (wintypes.LPCWSTR, wintypes.LPCWSTR)
    dll.FindWindowW.restype = wintypes.HWND
    dll.GetCursorPos.argtypes = (ctypes.POINTER(wintypes.POINT),)
    dll.GetCursorPos.restype = wintypes.BOOL
    dll.SetCursorPos.argtypes = (ctypes.c_int, ctypes.c_int)
    dll.SetCursorPos.restype = wintypes.BOOL
    dll.ClientToScreen.argtypes = (wintypes.HWND, ctypes.POINTER(wintypes.POINT))
    dll.ClientToScreen.restype = wintypes.BOOL
    dll.GetWindowRect.argtypes = (wintypes.HWND, ctypes.POINTER(wintypes.RECT))
    dll.GetWindowRect.restype = wintypes.BOOL
    return dll


def wait_window(title: str, timeout: float = 60) -> int:
    """Return the handle of the top-level window with this exact title, once it shows."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := user32().FindWindowW(None, title):
            return int(found)
        time.sleep(0.1)
    raise TimeoutError(f"no window {title!r}")


def cursor() -> list[int]:
    """Return where Windows says the pointer is."""
    from ctypes import wintypes
    point = wintypes.POINT()
    user32().GetCursorPos(ctypes.byref(point))
    return [point.x, point.y]


def read_json(path: Path) -> Any:
    """Return a JSON file's contents, or None while it is missing or half written."""
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def wordament(folder: Path, logpixels: int, drag_ms: str | None) -> dict[str, Any]:
    """Play one round of the practice Wordament at this scale; return what both sides said."""
    scale(logpixels)
    folder.mkdir(parents=True, exist_ok=True)
    results, data = folder / "results.json", folder / "data"
    game = python("-m", "assistant", "practice", "wordament", "--board", BOARD, "--seconds",
                  ROUND_S, "--rounds", "1", "--results", str(results), data=data)
    try:
        wait_window("Wordament (practice)")
        time.sleep(3.0)  # the first board drawn, on a loaded machine too
        user32().SetCursorPos(5, 400)  # away from the board and from the fail-safe corners
        extra = ["--drag-ms", drag_ms] if drag_ms else []
        player = finished(python("-m", "assistant", "play", "wordament", "--rounds", "1",
                                 "--json", *extra, data=data), timeout=180)
        history = finished(python("-m", "assistant", "history", "--json", data=data), 60)
    finally:
        end(game)
    return {"logpixels": logpixels, "player": player, "history": history,
            "record": read_json(results)}


def window_rect(window: int) -> list[int]:
    """Return a window's rectangle on the screen (frame included): x, y, width, height."""
    from ctypes import wintypes
    rect = wintypes.RECT()
    user32().GetWindowRect(window, ctypes.byref(rect))
    return [rect.left, rect.top, rect.right - rect.left, rect.bottom - rect.top]


TERMINAL = "Command Prompt - assistant play wordament"  # cmd names its window after its command


def terminal(folder: Path) -> dict[str, Any]:
    """Show a window titled as cmd titles the one running the player, bigger than the
    practice Wordament and beside it, then let the player read the board (a dry run): the
    game must be the window chosen."""
    scale(96)
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / "data"
    game = python("-m", "assistant", "practice", "wordament", "--board", BOARD, "--seconds",
                  ROUND_S, "--rounds", "1", data=data)
    beside = None
    try:
        shown = window_rect(wait_window("Wordament (practice)"))
        right = shown[0] + shown[2] + 20
        size = [1280 - right - 10, 700]
        beside = python("-m", "tests.tk_window", "--title", TERMINAL, "--geometry",
                        f"{size[0]}x{size[1]}+{right}+10", data=data)
        assert beside.stdout is not None
        ready = json.loads(beside.stdout.readline())
        time.sleep(2.0)
        player = finished(python("-m", "assistant", "play", "wordament", "--dry-run", "--json",
                                 "--wait", "60", data=data), timeout=180)
        return {"game": shown, "terminal": window_rect(wait_window(TERMINAL)),
                "terminal_client": ready, "player": player}
    finally:
        end(beside, game)


def grab() -> Any:
    """Return the whole virtual screen as a BGRA numpy array (GDI, through mss)."""
    import mss
    import numpy as np
    with mss.MSS() as screen:
        return np.asarray(screen.grab(screen.monitors[0]))


def marked(shot: Any, box: tuple[int, int, int, int]) -> float:
    """Return the share of the box's pixels in the overlay's ink."""
    from assistant.bookworm.scene import MARK
    ink = [int(MARK[i:i + 2], 16) for i in (5, 3, 1)]  # as blue, green, red
    x, y, w, h = box
    part = shot[y:y + h, x:x + w, :3]
    return float((part == ink).all(axis=2).mean())


def client_origin(window: int) -> tuple[int, int]:
    """Return the screen point of a window's client area's top-left corner."""
    from ctypes import wintypes
    point = wintypes.POINT(0, 0)
    user32().ClientToScreen(window, ctypes.byref(point))
    return point.x, point.y


def bookworm(folder: Path) -> dict[str, Any]:
    """Show the overlay over the practice Bookworm, click through its ink onto a tile, then
    let `overlay bookworm --play` make three attacks on a fresh game; return what was seen."""
    from assistant.adapters.mouse import SendInputHand
    from assistant.practice import bookworm as W
    scale(96)
    folder.mkdir(parents=True, exist_ok=True)
    seen: dict[str, Any] = {}
    results, data = folder / "shown.json", folder / "data"
    game = python("-m", "assistant", "practice", "bookworm", "--seed", "11", "--results",
                  str(results), data=data)
    overlay = None
    try:
        window = wait_window(W.TITLE)
        time.sleep(3.0)
        user32().SetCursorPos(5, 400)
        overlay = python("-m", "assistant", "overlay", "bookworm", "--json", data=data)
        assert overlay.stdout is not None
        seen["line"] = json.loads(overlay.stdout.readline())
        time.sleep(0.5)
        origin = client_origin(window)
        boxes = [(x + origin[0], y + origin[1], w, h)
                 for x, y, w, h in map(W.tile_box, range(16))]
        shot = grab()
        import cv2
        cv2.imwrite(str(folder / "overlay.png"), shot[:, :, :3])
        seen["tiles"] = boxes
        seen["marked"] = [marked(shot, box) for box in boxes]
        best = seen["line"]["words"][0]["tiles"]
        x, y, _, _ = boxes[best[0]]
        seen["badge"] = marked(shot, (x + 2, y + 2, 3, 3))  # the number badge's corner
        hand = SendInputHand()
        hand.down(x + 3, y + 3)  # on the overlay's ink: the click must reach the game
        time.sleep(0.03)
        hand.up()
        time.sleep(0.5)
        seen["clicks"] = (read_json(results) or {}).get("clicks", [])
        seen["pointer"] = cursor()
    finally:
        end(overlay, game)
    results = folder / "played.json"
    game = python("-m", "assistant", "practice", "bookworm", "--seed", "11", "--results",
                  str(results), data=data)
    try:
        wait_window(W.TITLE)
        time.sleep(3.0)
        user32().SetCursorPos(5, 400)
        playing = python("-m", "assistant", "overlay", "bookworm", "--play", "--attacks", "3",
                         "--json", data=data)
        seen["play"] = finished(playing, timeout=180)
        seen["played"] = read_json(results)
    finally:
        end(game)
    return seen


class Lines:
    """A child's stdout JSON lines, queued by a thread as they come."""

    def __init__(self, process: subprocess.Popen) -> None:
        import queue
        import threading
        self.process = process
        self.queue: queue.Queue[dict[str, Any]] = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        """Queue every JSON line the child prints."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.strip().startswith("{"):
                self.queue.put(json.loads(line))

    def next(self, timeout: float = 120) -> dict[str, Any]:
        """Return the next line (TimeoutError after timeout seconds)."""
        import queue
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"no line from process {self.process.pid}") from None


def letter_share(shot: Any, box: list[int]) -> float:
    """Return the share of a square's middle in a letter's colour (either)."""
    from assistant.bookworm.scene import MARK
    from assistant.crossword.scene import BLANK
    x, y, w, h = box
    d = max(2, round(min(w, h) * 0.3))
    part = shot[y + h // 2 - d:y + h // 2 + d, x + w // 2 - d:x + w // 2 + d, :3]
    return max(float((part == [int(c[i:i + 2], 16) for i in (5, 3, 1)]).all(axis=2).mean())
               for c in (MARK, BLANK))


def crossword(folder: Path, plan: dict[str, Any]) -> dict[str, Any]:
    """Show each game's frames one after the other in a window titled like a mirrored phone,
    with `overlay GAME --json` over it: grab the window after each board (its PNG), time each
    change until the new move's letters show on all its squares, and click through a letter.
    A game that fails is noted with its traceback and the overlay's stderr."""
    scale(96)
    seen: dict[str, Any] = {}
    for game in plan["games"]:
        here = folder / game["name"]
        here.mkdir(parents=True, exist_ok=True)
        started: list[subprocess.Popen] = []
        try:
            seen[game["name"]] = crossword_game(here, plan["title"], game, started)
        except Exception:
            seen[game["name"]] = {"error": traceback.format_exc()}
        finally:
            for process in reversed(started):
                process.kill()
                try:
                    _, err = process.communicate(timeout=30)
                except (subprocess.TimeoutExpired, ValueError):
                    err = "(no stderr)"
                seen[game["name"]].setdefault("stderr", []).append(err)
    return seen


def crossword_game(here: Path, title: str, game: dict[str, Any],
                   started: list[subprocess.Popen]) -> dict[str, Any]:
    """Play one game's frames under the overlay (see crossword); return what was seen."""
    import cv2
    window = python("-m", "tests.crossword_window", "--title", title, "--at", "40,30",
                    *game["frames"], data=here / "data", stdin=subprocess.PIPE)
    started.append(window)
    shown = Lines(window)
    box = shown.next()["ready"]
    user32().SetCursorPos(5, 790)
    overlay = python("-m", "assistant", "overlay", game["game"], "--json", "--window-title",
                     title, "--language", game["language"], data=here / "data")
    started.append(overlay)
    drawn = Lines(overlay)
    lines, shots, times = [drawn.next(300)], [], []
    import mss
    looking = mss.MSS()  # made before any change: its first grab under Wine is slow
    letter_share(window_grab(box), [0, 0, 8, 8])  # and its imports done (0.3 s under Wine)
    for i, fresh in enumerate(game["fresh"]):
        if i:
            assert window.stdin is not None
            window.stdin.write('{"next": true}\n')
            window.stdin.flush()
            changed = next(line for line in iter(shown.next, None) if "shown" in line)
            if (seen := drawn_when(looking, box, fresh)) is not None:
                times.append(seen - changed["shown"][1])
            lines.append(drawn.next(120))
        time.sleep(0.5)  # the line is printed as the move is drawn
        path = here / f"shot-{i}.png"
        cv2.imwrite(str(path), window_grab(box))
        shots.append(str(path))
    from assistant.adapters.mouse import SendInputHand
    x, y = game["click"]
    hand = SendInputHand()
    hand.down(box[0] + x, box[1] + y)  # on a drawn letter: the click must reach the game
    time.sleep(0.03)
    hand.up()
    clicked = next(line for line in iter(functools.partial(shown.next, 10), None)
                   if "click" in line)
    return {"box": box, "lines": lines, "shots": shots, "drawn_s": times,
            "click": clicked["click"]}


def drawn_when(screen: Any, box: list[int], fresh: list[list[int]],
               timeout: float = 60) -> float | None:
    """Return when the letters first show on all these squares of the window (grabbing the
    window alone, with an mss instance made before: a grab then takes a few ms, so the time
    is close; every 15 ms, not flat out, which slowed the overlay's drawing)."""
    import numpy as np
    x, y, w, h = box
    area = {"left": x, "top": y, "width": w, "height": h}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        shot = np.asarray(screen.grab(area))[:, :, :3]
        if all(letter_share(shot, b) >= 0.05 for b in fresh):
            return time.monotonic()
        time.sleep(0.015)
    return None


def window_grab(box: list[int]) -> Any:
    """Return the window's client area as the screen shows it (BGR, GDI through mss)."""
    x, y, w, h = box
    return grab()[y:y + h, x:x + w, :3].copy()


def pointer() -> dict[str, Any]:
    """Aim SendInput at points over the whole screen (DPI aware, as the player is) and note
    where GetCursorPos says the pointer went; then throw it into a corner and click."""
    from assistant.adapters.mouse import FailSafe, PyAutoGuiMouse, SendInputHand
    from assistant.core.gestures import Click, Region
    mouse = PyAutoGuiMouse(Region(0, 0, 1280, 800))
    hand = SendInputHand()
    aims = [[1, 1], [640, 400], [1279, 799], [333, 777], [1000, 5], [7, 650]]
    landed = []
    for x, y in aims:
        hand.move(x, y)
        time.sleep(0.02)
        landed.append(cursor())
    hand.move(0, 0)  # the fail-safe corner
    time.sleep(0.05)
    try:
        mouse.click(Click((640, 400), "middle"))
        stopped = None
    except FailSafe as err:
        stopped = str(err)
    desk = hand.desk()
    return {"desk": [desk.x, desk.y, desk.w, desk.h], "aims": aims, "landed": landed,
            "failsafe": stopped, "after_failsafe": cursor()}


def scene(name: str, run: Callable[[], Any]) -> dict[str, Any]:
    """Run one scene; return its result with the seconds it took (or the error it raised)."""
    start = time.monotonic()
    note(f"scene {name}")
    try:
        result = {"result": run()}
    except Exception:
        result = {"error": traceback.format_exc()}
    return {**result, "seconds": round(time.monotonic() - start, 1)}


def main(out: Path, drag_ms: str | None) -> None:
    """Run every scene (or those $ASSISTANT_WINE_SCENES names) and write what each saw; the
    pointer check last, in this process (at 100%: the scale it started with)."""
    folder, found = out.parent / "scenes", {}
    folder.mkdir(parents=True, exist_ok=True)
    scenes: dict[str, Callable[[], Any]] = {}
    for lp in SCALES:
        scenes[f"wordament-{lp}"] = functools.partial(wordament, folder / f"wordament-{lp}",
                                                      lp, drag_ms)
    scenes["bookworm"] = lambda: bookworm(folder / "bookworm")
    scenes["terminal"] = lambda: terminal(folder / "terminal")
    if (plan := read_json(out.parent / "crossword.json")) is not None:
        scenes["crossword"] = lambda: crossword(folder / "crossword", plan)
    scenes["pointer"] = pointer
    chosen = os.environ.get("ASSISTANT_WINE_SCENES")
    found["warm-up"] = scene("warm-up", lambda: finished(python(  # compile the word list once
        "-m", "assistant", "solve", "--game", "wordament", "--board", BOARD, "--top", "1",
        data=folder / "data"), 600))
    try:
        for name, run in scenes.items():
            if not chosen or name in chosen.split(","):
                found[name] = scene(name, run)
                out.write_text(json.dumps(found, indent=1))
    finally:
        scale(96)


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[3] if sys.argv[2:3] == ["--drag-ms"] else None)
