"""The mouse: drags and clicks in screen pixels, never outside the window's bounds.

    PyAutoGuiMouse(bounds)   the real pointer, through pyautogui, its fail-safe on (throw the
                             pointer into a screen corner to stop: FailSafe is raised)
    RecordingMouse(bounds)   a fake that keeps what it was asked to do, for tests of the loop
Both check every point of a gesture against `bounds` before anything moves (OutsideWindow);
set `mouse.bounds` again when the window moves.

A drag presses at its first point and glides through every point in steps of at most STEP_PX
pixels, one segment in about `segment_ms`: a jump from tile to tile can reach the game as one
motion event and the middle tile is missed. Half of each segment (at least DWELL_S) is spent
resting on its point, the tile's centre: a game that reads the pointer once a frame, or an
event loop that merges the motion events queued while it was busy, still finds the pointer
inside every tile. The steps go through pyautogui's platform call with the fail-safe checked
once per step (its public moveTo checks it four times a call: 1.2 ms a step on Xvfb here,
against 0.15 ms). Ctrl-C, SIGTERM or SIGHUP during a gesture is held back to the next step,
then, the button released, delivered to the handler it had (Ctrl-C: KeyboardInterrupt).

On Windows the pointer and the button go through user32.SendInput (SendInputHand), not
pyautogui's SetCursorPos: Store apps and others do not see SetCursorPos moves while the button
is held, and under Wine such drags reached the game broken into stray swipes (112 swipes for
70 words at 20 ms a segment). SendInput's absolute moves span the whole virtual screen
(every monitor, negative coordinates left of or above the main one) as 0..65535. There a drag
goes straight from tile to tile, one move a segment: Windows hands a busy program only the
pointer's latest position anyway (it merges the moves queued meanwhile), and under Wine each
SendInput costs 0.2-5 ms (4-pixel steps: 7455 moves, 9 of a round's 20 s). Each button input
waits PRESS_SETTLE_S after the move before it, counted from when the move was sent: time spent
meanwhile (moving to the next word while the game takes the last release, waiting at the last
tile for the game to show it) counts.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any, Protocol

from ..core.gestures import Click, Drag, Gesture, Point, Region, outside
from ..core.types import BadInput
from .backends import make_dpi_aware

STEP_PX = 4  # longest single motion step of a drag, in pixels
DWELL_S = 0.003  # shortest rest at each point of a drag (after the press, after each segment)
REST_SHARE = 0.5  # share of each segment's time spent resting on its end point
CLICK_S = 0.02  # time the button is held down for a click
WINDOW_CHECK_S = 0.004  # how often, at most, a gesture checks that the window has not moved
HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
             if hasattr(signal, name))  # held back during a gesture


class OutsideWindow(BadInput):
    """A gesture would have left the window: nothing was moved."""


class Moved(Exception):
    """The window moved while a gesture was under way: the button was let go at once."""


class FailSafe(Exception):
    """The user threw the pointer into a screen corner: stop playing."""


class Mouse(Protocol):
    """Something that performs gestures inside `bounds`."""

    bounds: Region

    def drag(self, drag: Drag, segment_ms: float,
             reached: Callable[[int], None] | None = None) -> None:
        """Press at the first point, pass through every point, release at the last (calling
        `reached` at each point after the first)."""

    def click(self, click: Click) -> None:
        """Press and release at the point."""

    def hover(self, point: Point) -> None:
        """Put the pointer on the point, no button held (there before the next press); a
        point outside the bounds is left alone."""

    def release(self) -> None:
        """Let go of the button if we hold it."""

    def position(self) -> Point:
        """Return where the pointer is."""


def check_inside(gesture: Gesture, bounds: Region) -> None:
    """Raise OutsideWindow if any point of the gesture lies outside the bounds."""
    if stray := outside([gesture], bounds):
        what = gesture.word if isinstance(gesture, Drag) else gesture.label
        raise OutsideWindow(f"{what or 'a gesture'}: point {stray[0]} lies outside the window "
                            f"{bounds}; nothing was moved")


def steps(start: Point, end: Point, step: float = STEP_PX) -> list[Point]:
    """Return the points from start (left out) to end, each at most `step` pixels apart."""
    n = max(1, math.ceil(math.dist(start, end) / step))
    return [(round(start[0] + (end[0] - start[0]) * i / n),
             round(start[1] + (end[1] - start[1]) * i / n)) for i in range(1, n + 1)]


def wait_until(moment: float) -> None:
    """Sleep until time.perf_counter() reaches the moment."""
    if (left := moment - time.perf_counter()) > 0:
        time.sleep(left)


def load_pyautogui() -> Any:
    """Return pyautogui with its fail-safe on and no automatic pauses (BadInput if no display)."""
    from .x11 import quiet
    try:  # pyautogui (its MouseInfo) prints a note and exits without tkinter: asked first
        import tkinter  # noqa: F401
    except ImportError:
        raise BadInput("cannot use the mouse: Python's tkinter is missing "
                       "(install it: sudo apt-get install python3-tk)") from None
    try:
        with quiet():
            import pyautogui
    except (Exception, SystemExit) as err:  # by platform: no DISPLAY, no X server
        raise BadInput(f"cannot use the mouse ({type(err).__name__}: {err}): "
                       "is a display running?") from None
    pyautogui.FAILSAFE = True
    pyautogui.PAUSE = 0.0  # 0.1 s after every call by default; our sleeps are explicit
    return pyautogui


class Hand(Protocol):
    """What moves the pointer and works the left button, once the fail-safe was checked."""

    step_px: float  # longest single motion step of a drag

    def move(self, x: int, y: int) -> None:
        """Put the pointer on the screen point."""

    def down(self, x: int, y: int) -> None:
        """Press the left button at the point."""

    def up(self) -> None:
        """Let go of the left button where the pointer is."""


class PyAutoGuiHand:
    """The pointer through pyautogui's platform calls (X11, macOS)."""

    step_px: float = STEP_PX

    def __init__(self, gui: Any) -> None:
        self.gui, self.move = gui, step_mover(gui)

    def down(self, x: int, y: int) -> None:
        """Press the left button at the point."""
        self.gui.mouseDown(x, y)

    def up(self) -> None:
        """Let go of the left button."""
        self.gui.mouseUp()


# user32.SendInput (winuser.h): an INPUT is a type and a union whose largest member is the
# MOUSEINPUT (40 bytes in all on 64-bit Windows, 28 on 32-bit), so the union holds only that
INPUT_MOUSE = 0
MOUSEEVENTF = {"move": 0x0001, "leftdown": 0x0002, "leftup": 0x0004,
               "virtualdesk": 0x4000, "absolute": 0x8000}
MOVE_ANYWHERE = MOUSEEVENTF["move"] | MOUSEEVENTF["absolute"] | MOUSEEVENTF["virtualdesk"]
# GetSystemMetrics: the virtual screen's left, top, width and height (every monitor)
SM_VIRTUALSCREEN = (76, 77, 78, 79)
ABSOLUTE_SPAN = 65536  # SendInput's absolute units across the virtual screen: 0..65535
# rest after a move before a press or a release: a press sent as the pointer's move is still on
# its way lands where the pointer was (under Wine, 10 ms took a round from 17 swipes for 6
# words, exit 2, to 83 swipes for 81 words, 80 accepted, 10 words/s). None is needed after the
# press: dropping that rest kept 81 swipes for 81 words (7 rounds, at 100% and 150%).
PRESS_SETTLE_S = 0.010


class MOUSEINPUT(ctypes.Structure):
    _fields_ = [("dx", ctypes.c_int32), ("dy", ctypes.c_int32),
                ("mouseData", ctypes.c_uint32), ("dwFlags", ctypes.c_uint32),
                ("time", ctypes.c_uint32), ("dwExtraInfo", ctypes.c_size_t)]


class INPUTUNION(ctypes.Union):
    _fields_ = [("mi", MOUSEINPUT)]


class INPUT(ctypes.Structure):
    _fields_ = [("type", ctypes.c_uint32), ("u", INPUTUNION)]


def absolute(point: Point, desk: Region) -> Point:
    """Return the point in SendInput's absolute units over the virtual screen `desk`: the
    smallest value Windows (pixel = units * width / 65536, rounded down) takes back to it."""
    def units(at: int, start: int, size: int) -> int:
        return min(ABSOLUTE_SPAN - 1, max(0, -(-(at - start) * ABSOLUTE_SPAN // size)))
    return units(point[0], desk.x, desk.w), units(point[1], desk.y, desk.h)


class POINT(ctypes.Structure):
    _fields_ = [("x", ctypes.c_long), ("y", ctypes.c_long)]


def load_user32() -> Any:
    """Return user32 with SendInput, GetSystemMetrics and GetCursorPos declared."""
    user32 = ctypes.WinDLL("user32", use_last_error=True)  # type: ignore[attr-defined]
    user32.GetCursorPos.argtypes = (ctypes.POINTER(POINT),)
    user32.GetCursorPos.restype = ctypes.c_int
    user32.SendInput.argtypes = (ctypes.c_uint, ctypes.POINTER(INPUT), ctypes.c_int)
    user32.SendInput.restype = ctypes.c_uint
    user32.GetSystemMetrics.argtypes = (ctypes.c_int,)
    user32.GetSystemMetrics.restype = ctypes.c_int
    return user32


class SendInputHand:
    """The Windows pointer through user32.SendInput: absolute moves over the virtual screen
    (asked for at every move: a monitor may come or go), the left button pressed and released
    as input events, as a real mouse's are; each button input PRESS_SETTLE_S after the move
    before it."""

    step_px: float = math.inf  # straight from point to point: one move a segment

    def __init__(self, user32: Any = None) -> None:
        self.user32 = user32 if user32 is not None else load_user32()
        self.at: Point | None = None  # where the last move put the pointer
        self.moved = -math.inf  # time.perf_counter() of the last move

    def desk(self) -> Region:
        """Return the virtual screen: every monitor's pixels, its left or top maybe negative."""
        return Region(*(self.user32.GetSystemMetrics(i) for i in SM_VIRTUALSCREEN))

    def send(self, flags: int, dx: int = 0, dy: int = 0) -> None:
        """Send one mouse input (BadInput if Windows refuses it)."""
        event = INPUT(type=INPUT_MOUSE, u=INPUTUNION(mi=MOUSEINPUT(dx=dx, dy=dy, dwFlags=flags)))
        if self.user32.SendInput(1, ctypes.byref(event), ctypes.sizeof(INPUT)) != 1:
            raise BadInput("Windows refused the mouse input (SendInput): is the game running "
                           "as administrator? Then run the assistant as administrator too")

    def cursor(self) -> Point:
        """Return where Windows has the pointer now."""
        point = POINT()
        self.user32.GetCursorPos(ctypes.byref(point))
        return point.x, point.y

    def move(self, x: int, y: int) -> None:
        """Put the pointer on the screen point; nothing is sent when our last move put it
        there and it still is."""
        if self.at == (x, y) and self.cursor() == (x, y):
            return
        self.send(MOVE_ANYWHERE, *absolute((x, y), self.desk()))
        self.at, self.moved = (x, y), time.perf_counter()

    def down(self, x: int, y: int) -> None:
        """Press the left button at the point, once the pointer has settled there."""
        self.move(x, y)
        self.button(MOUSEEVENTF["leftdown"])

    def up(self) -> None:
        """Let go of the left button where the pointer is, once its last move has settled."""
        self.button(MOUSEEVENTF["leftup"])

    def button(self, flags: int) -> None:
        """Send a button input PRESS_SETTLE_S after the last move."""
        wait_until(self.moved + PRESS_SETTLE_S)
        self.send(flags)


def hand_for(gui: Any) -> Hand:
    """Return the pointer's driver for this platform: SendInput on Windows, else pyautogui."""
    return SendInputHand() if sys.platform == "win32" else PyAutoGuiHand(gui)


def step_mover(gui: Any) -> Callable[[int, int], None]:
    """Return the call that moves the pointer one step while the button is down: pyautogui's
    platform move, or on macOS a drag event (it ignores plain moves with a button down; each
    step there also sleeps pyautogui.DARWIN_CATCH_UP_TIME, 10 ms)."""
    platform = gui.platformModule
    if sys.platform == "darwin":
        return lambda x, y: platform._dragTo(x, y, gui.LEFT)
    return platform._moveTo


class PyAutoGuiMouse:
    """The real pointer, through pyautogui. Given `where` (the window's region now), it checks
    between motion steps that the window has not moved from under the gesture, and if it has,
    lets go at once and raises Moved."""

    def __init__(self, bounds: Region, where: Callable[[], Region] | None = None) -> None:
        make_dpi_aware()
        self.bounds, self.gui, self.held = bounds, load_pyautogui(), False
        self.where, self.checked = where, 0.0
        self.hand = hand_for(self.gui)
        self.interrupted = 0  # the signal that came during a gesture (0: none)

    def drag(self, drag: Drag, segment_ms: float,
             reached: Callable[[int], None] | None = None) -> None:
        """Press at the first point, glide through every point, release at the last; at each
        point after the first, once there, call `reached` with its index (it may wait there)."""
        check_inside(drag, self.bounds)
        with self.guarded(), self.holding(drag.points[0]):
            for i, (start, end) in enumerate(pairwise(drag.points), 1):
                self.glide(start, end, segment_ms / 1000)
                if reached is not None:
                    reached(i)

    def click(self, click: Click) -> None:
        """Press and release at the point."""
        check_inside(click, self.bounds)
        with self.guarded(), self.holding(click.point):
            time.sleep(CLICK_S)

    def hover(self, point: Point) -> None:
        """Put the pointer on the point, no button held (there before the next press); a
        point outside the bounds is left alone."""
        if outside([Click(point)], self.bounds):
            return
        with self.guarded():
            self.gui.failSafeCheck()
            self.hand.move(*point)

    def glide(self, start: Point, end: Point, seconds: float) -> None:
        """Move from start to end in small steps, then rest there: about `seconds` in all."""
        path, begin = steps(start, end, self.hand.step_px), time.perf_counter()
        moving = seconds - max(DWELL_S, REST_SHARE * seconds)
        for i, point in enumerate(path, 1):
            self.safe_point()
            self.hand.move(*point)
            wait_until(begin + moving * i / len(path))
        wait_until(begin + max(seconds, DWELL_S))

    def safe_point(self) -> None:
        """Between two X calls: act on a Ctrl-C held back, check the fail-safe corner, and
        (every WINDOW_CHECK_S) that the window is still where the gesture was aimed."""
        if self.interrupted:
            raise KeyboardInterrupt
        self.gui.failSafeCheck()
        if self.where is not None and time.perf_counter() - self.checked >= WINDOW_CHECK_S:
            self.checked = time.perf_counter()
            if (now := self.where()) != self.bounds:
                raise Moved(f"the window moved from {self.bounds} to {now} mid-gesture")

    @contextlib.contextmanager
    def holding(self, point: Point) -> Iterator[None]:
        """Press the button at the point for the with block (the fail-safe checked first);
        release it whatever happens."""
        self.gui.failSafeCheck()
        self.hand.move(*point)
        self.hand.down(*point)
        self.held = True
        try:
            time.sleep(DWELL_S)
            yield
        finally:
            self.release()

    @contextlib.contextmanager
    def guarded(self) -> Iterator[None]:
        """Run a gesture with Ctrl-C, SIGTERM and SIGHUP held back to the next safe point (an
        interrupt inside a python-xlib call leaves its connection locked: the button could
        never be released), then, the button let go, delivered to the handler they had; and
        pyautogui's fail-safe exception turned into FailSafe."""
        main = threading.current_thread() is threading.main_thread()
        held = [s for s in HELD if signal.getsignal(s) not in (signal.SIG_IGN, None)] \
            if main else []
        saved = {s: signal.signal(s, self.hold_interrupt) for s in held}
        self.interrupted = 0
        try:
            yield
        except self.gui.FailSafeException:
            raise FailSafe("the pointer was thrown into a screen corner (fail-safe): "
                           "stopped") from None
        except KeyboardInterrupt:
            if not self.interrupted:
                raise
        finally:
            for number, handler in saved.items():
                signal.signal(number, handler)
        if self.interrupted:  # the signal, now to its own handler
            signal.raise_signal(self.interrupted)

    def hold_interrupt(self, signum: int, frame: object) -> None:
        """Note a signal, to act on it at the next safe point."""
        self.interrupted = self.interrupted or signum

    def release(self) -> None:
        """Let go of the button if we hold it (even with the pointer in a fail-safe corner)."""
        if self.held:
            saved, self.gui.FAILSAFE = self.gui.FAILSAFE, False
            try:
                self.hand.up()
            finally:
                self.gui.FAILSAFE, self.held = saved, False

    def position(self) -> Point:
        """Return where the pointer is."""
        x, y = self.gui.position()
        return int(x), int(y)


class RecordingMouse:
    """A fake mouse: checks gestures like the real one, then only records them."""

    def __init__(self, bounds: Region, at: Point = (0, 0)) -> None:
        self.bounds, self.at = bounds, at
        self.gestures: list[Gesture] = []
        self.segment_ms: list[float] = []  # one per drag
        self.releases = 0

    def drag(self, drag: Drag, segment_ms: float,
             reached: Callable[[int], None] | None = None) -> None:
        """Record the drag (OutsideWindow if it would leave the bounds)."""
        check_inside(drag, self.bounds)
        for i in range(1, len(drag.points)):
            if reached is not None:
                reached(i)
        self.gestures.append(drag)
        self.segment_ms.append(segment_ms)
        self.at = drag.points[-1]

    def click(self, click: Click) -> None:
        """Record the click (OutsideWindow if it is outside the bounds)."""
        check_inside(click, self.bounds)
        self.gestures.append(click)
        self.at = click.point

    def hover(self, point: Point) -> None:
        """Put the pointer on the point, unless it lies outside the bounds."""
        if not outside([Click(point)], self.bounds):
            self.at = point

    def release(self) -> None:
        """Count the release."""
        self.releases += 1

    def position(self) -> Point:
        """Return the last point a gesture ended at."""
        return self.at
