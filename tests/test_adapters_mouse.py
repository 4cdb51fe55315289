"""The mouse: real pyautogui drags and clicks on the bare session Xvfb, seen by a real Tk window.

The board is a 300x300 Tk window cut into 3x3 tiles of 100 px that prints every press, motion
and release. A tile counts as entered only when the pointer comes well inside it (within 35 px
of its centre on both axes), as in the game: the cells below are worked out here from the
window's own event coordinates, not by the code under test.
"""

from __future__ import annotations

import ctypes
import math
import os
import signal
import threading
import time
from itertools import pairwise

import pytest

from assistant.adapters.mouse import (
    DWELL_S,
    INPUT,
    PRESS_SETTLE_S,
    STEP_PX,
    FailSafe,
    OutsideWindow,
    PyAutoGuiMouse,
    RecordingMouse,
    SendInputHand,
    absolute,
    steps,
)
from assistant.core.gestures import Click, Drag, Region
from assistant.core.types import BadInput
from tests.tk_window import TkWindow

BOARD = Region(100, 100, 300, 300)  # the Tk window's client area (bare server: as asked)
TILE, INSIDE = 100, 35


def centre(cell: int) -> tuple[int, int]:
    """Return the screen point at the centre of a board cell (row-major, 3 columns)."""
    return BOARD.x + TILE * (cell % 3) + TILE // 2, BOARD.y + TILE * (cell // 3) + TILE // 2


def cell_of(event: dict) -> int | None:
    """Return the cell an event lies well inside, or None."""
    col, row = event["x"] // TILE, event["y"] // TILE
    near = abs(event["x"] - (TILE * col + TILE // 2)) < INSIDE and \
        abs(event["y"] - (TILE * row + TILE // 2)) < INSIDE
    return 3 * row + col if near and 0 <= col < 3 and 0 <= row < 3 else None


def swipes(events: list[dict]) -> list[list[int]]:
    """Return the cells entered in each press-to-release swipe, in order."""
    found: list[list[int]] = []
    for event in events:
        if event["type"] == "press":
            found.append([])
        cell = cell_of(event)
        if found and cell is not None and (not found[-1] or found[-1][-1] != cell):
            found[-1].append(cell)
    return found


@pytest.fixture(scope="module")
def board(xserver):
    """The 3x3 event-printing Tk window, for every test in this module."""
    shown = TkWindow(xserver.env, "--title", "Board", "--geometry", "300x300+100+100", "--events")
    assert (shown.shown["x"], shown.shown["y"]) == (BOARD.x, BOARD.y)
    yield shown
    shown.close()


@pytest.fixture
def mouse(board, xserver):
    """A real mouse bounded by the board, the pointer away from it and from the fail-safe
    corners; events left from earlier tests are drained."""
    xserver.xdotool("mousemove", "--sync", "700", "600")
    board.events(0.1)
    return PyAutoGuiMouse(BOARD)


def pointer(xserver) -> tuple[int, int]:
    """Return where xdotool says the pointer is."""
    found = dict(part.split(":") for part in xserver.xdotool("getmouselocation").split())
    return int(found["x"]), int(found["y"])


def button_down() -> bool:
    """True when the X server says button 1 is held."""
    from Xlib import X, display
    connection = display.Display()
    try:
        return bool(connection.screen().root.query_pointer().mask & X.Button1Mask)
    finally:
        connection.close()


def test_steps_are_at_most_step_px_apart_and_end_on_the_point():
    path = steps((0, 0), (100, 30))
    assert path[-1] == (100, 30) and (0, 0) not in path
    assert len(path) == 27  # ceil(hypot(100, 30) / 4) = ceil(26.1)
    assert max(math.dist(a, b) for a, b in pairwise([(0, 0), *path])) <= STEP_PX + 1.5
    assert steps((5, 5), (5, 5)) == [(5, 5)]


@pytest.mark.display
@pytest.mark.parametrize("segment_ms", [40, 10])
def test_a_drag_through_three_tiles_in_a_row_registers_all_three(mouse, board, segment_ms):
    for _ in range(5):
        mouse.drag(Drag(tuple(centre(c) for c in (0, 1, 2)), "CAT"), segment_ms)
    events = board.events()
    assert swipes(events) == [[0, 1, 2]] * 5
    presses = [(e["x"], e["y"]) for e in events if e["type"] == "press"]
    releases = [(e["x"], e["y"]) for e in events if e["type"] == "release"]
    assert presses == [(50, 50)] * 5 and releases == [(250, 50)] * 5
    assert not button_down()


@pytest.mark.display
def test_a_drag_with_diagonals_and_turns_enters_only_its_own_tiles(mouse, board):
    word = (0, 4, 8, 7, 6)
    mouse.drag(Drag(tuple(centre(c) for c in word), "WORDS"), 10)
    assert swipes(board.events()) == [list(word)]


@pytest.mark.display
def test_a_drag_takes_about_segment_ms_per_segment(mouse, board):
    start = time.perf_counter()
    mouse.drag(Drag(tuple(centre(c) for c in (0, 1, 2, 5, 8))), 60)
    took = time.perf_counter() - start
    events = board.events()
    assert 4 * 0.060 <= took < 4 * 0.060 + 0.25
    seen = events[-1]["t"] - events[0]["t"]  # press to release, as the window saw it
    assert 4 * 0.060 - DWELL_S <= seen < 4 * 0.060 + 0.25


@pytest.mark.display
def test_half_of_each_segment_rests_on_its_point(mouse, board):
    mouse.drag(Drag(tuple(centre(c) for c in (0, 1, 2))), 100)
    events = board.events()
    arrive = next(i for i, e in enumerate(events) if (e["x"], e["y"]) == (150, 50))
    leave = next(i for i, e in enumerate(events) if i > arrive and (e["x"], e["y"]) != (150, 50))
    assert events[leave]["t"] - events[arrive]["t"] >= 0.045  # rests 50 ms on tile 1's centre
    moving = [e for e in events if 50 < e["x"] < 150 and e["type"] == "motion"]
    assert moving[-1]["t"] - moving[0]["t"] >= 0.035  # and moves through tile 0 to 1 in 50 ms


@pytest.mark.display
def test_a_point_outside_the_bounds_raises_before_anything_moves(mouse, board, xserver):
    xserver.xdotool("mousemove", "--sync", "250", "250")
    with pytest.raises(OutsideWindow) as caught:
        mouse.drag(Drag((centre(0), centre(1), (BOARD.x + BOARD.w, 150)), "CATS"), 5)
    assert str(caught.value) == ("CATS: point (400, 150) lies outside the window "
                                 "100,100,300,300; nothing was moved")
    assert isinstance(caught.value, BadInput)
    with pytest.raises(OutsideWindow, match=r"^Attack: point \(99, 150\)"):
        mouse.click(Click((99, 150), "Attack"))
    assert pointer(xserver) == (250, 250)
    assert board.events() == []


@pytest.mark.display
def test_moved_bounds_apply_to_the_next_gesture(mouse, board):
    mouse.bounds = BOARD.moved(150, 0)
    with pytest.raises(OutsideWindow):
        mouse.drag(Drag((centre(0), centre(1))), 5)
    mouse.drag(Drag((centre(1), centre(2))), 5)
    assert swipes(board.events()) == [[1, 2]]


@pytest.mark.display
def test_the_fail_safe_is_on_and_stops_before_pressing(mouse, board, xserver):
    assert mouse.gui.FAILSAFE and mouse.gui.PAUSE == 0
    xserver.xdotool("mousemove", "--sync", "0", "0")  # the user throws the pointer into a corner
    with pytest.raises(FailSafe, match="fail-safe"):
        mouse.click(Click(centre(4), "tile 4"))
    with pytest.raises(FailSafe):
        mouse.drag(Drag((centre(0), centre(1))), 5)
    assert pointer(xserver) == (0, 0)
    assert board.events() == [] and not button_down()


def during(seconds: float, action) -> threading.Thread:
    """Start a thread that does the action after `seconds`; return it."""
    thread = threading.Timer(seconds, action)
    thread.start()
    return thread


@pytest.mark.display
def test_ctrl_c_mid_drag_releases_the_button_then_interrupts(mouse, board):
    ctrl_c = during(0.1, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        mouse.drag(Drag(tuple(centre(c) for c in (0, 1, 2, 5, 8))), 100)
    ctrl_c.join()
    assert time.perf_counter() - start < 0.2, "stopped at the next step, not the drag's end"
    assert not button_down() and not mouse.held
    kinds = [e["type"] for e in board.events()]
    assert kinds[0] == "press" and kinds[-1] == "release" and kinds.count("release") == 1
    assert signal.getsignal(signal.SIGINT) is not mouse.hold_interrupt


@pytest.mark.display
def test_the_fail_safe_mid_drag_releases_the_button_and_stops(mouse, board, xserver):
    def throw_into_the_corner() -> None:
        for _ in range(100):
            xserver.xdotool("mousemove", "0", "0")

    thrower = during(0.05, throw_into_the_corner)
    with pytest.raises(FailSafe):
        mouse.drag(Drag(tuple(centre(c) for c in (0, 1, 2, 5, 8, 7, 6))), 200)
    thrower.join()
    assert not button_down() and not mouse.held
    kinds = [e["type"] for e in board.events()]
    assert kinds[0] == "press" and kinds[-1] == "release" and kinds.count("release") == 1


@pytest.mark.display
def test_a_click_presses_and_releases_at_its_point(mouse, board):
    mouse.click(Click(centre(4), "tile 4"))
    events = board.events()
    assert [e["type"] for e in events if e["type"] != "motion"] == ["press", "release"]
    assert {(e["x"], e["y"]) for e in events} == {(150, 150)}  # X repeats the point as motion
    assert mouse.position() == centre(4)


@pytest.mark.display
def test_release_lets_go_only_of_a_button_we_hold(mouse, board, xserver):
    mouse.release()  # holding nothing: nothing sent
    assert board.events() == []
    xserver.xdotool("mousemove", "--sync", "250", "150")
    assert mouse.position() == (250, 150)


# The recording fake


def test_the_recording_mouse_checks_bounds_and_keeps_gestures():
    fake = RecordingMouse(Region(0, 0, 100, 100))
    fake.drag(Drag(((10, 10), (50, 50)), "AB"), 25)
    fake.click(Click((90, 90), "go"))
    with pytest.raises(OutsideWindow):
        fake.drag(Drag(((10, 10), (100, 50)), "ABC"), 25)
    fake.release()
    assert fake.gestures == [Drag(((10, 10), (50, 50)), "AB"), Click((90, 90), "go")]
    assert fake.segment_ms == [25] and fake.releases == 1 and fake.position() == (90, 90)


# SendInput (Windows), with a fake user32: a 1920x1080 monitor left of the 1280x1024 main one,
# so the virtual screen starts at x = -1920 and is 3200 x 1080 pixels

DESK = Region(-1920, 0, 3200, 1080)


class FakeUser32:
    """GetSystemMetrics for the desk above; SendInput keeps each input's type, flags, dx, dy."""

    def __init__(self, refuse: bool = False) -> None:
        self.sent: list[tuple[int, int, int, int]] = []
        self.refuse = refuse
        self.cursor = (0, 0)  # where GetCursorPos says the pointer is

    def GetSystemMetrics(self, index: int) -> int:
        return {76: DESK.x, 77: DESK.y, 78: DESK.w, 79: DESK.h}[index]

    def SendInput(self, count: int, inputs, size: int) -> int:
        assert count == 1 and size == ctypes.sizeof(INPUT)
        event = inputs._obj
        self.sent.append((event.type, event.u.mi.dwFlags, event.u.mi.dx, event.u.mi.dy))
        return 0 if self.refuse else 1

    def GetCursorPos(self, point) -> int:
        point._obj.x, point._obj.y = self.cursor
        return 1


def test_absolute_units_worked_by_hand_include_the_monitor_left_of_the_main_one():
    # x units = ceil((x + 1920) * 65536 / 3200), y units = ceil(y * 65536 / 1080)
    assert absolute((-1920, 0), DESK) == (0, 0)  # the left monitor's top-left corner
    assert absolute((0, 0), DESK) == (39322, 0)  # 1920 * 20.48 = 39321.6
    assert absolute((-1, 539), DESK) == (39302, 32708)  # 39301.12; 539 * 60.68 = 32707.32
    assert absolute((1279, 1079), DESK) == (65516, 65476)  # the main one's bottom-right
    assert absolute((-5000, 5000), DESK) == (0, 65535)  # off the desk: held to its edges


def test_windows_takes_every_pixels_absolute_units_back_to_that_pixel():
    # Windows maps units back as left + units * width / 65536, rounded down
    for desk in (DESK, Region(0, 0, 1280, 800), Region(-1280, -300, 2560, 1324),
                 Region(0, 0, 7680, 4320)):
        for x in range(desk.x, desk.x + desk.w):
            assert desk.x + absolute((x, 0), desk)[0] * desk.w // 65536 == x
        for y in range(desk.y, desk.y + desk.h):
            assert desk.y + absolute((0, y), desk)[1] * desk.h // 65536 == y


def test_send_input_moves_absolutely_over_the_virtual_desk_and_works_the_left_button():
    user32 = FakeUser32()
    hand = SendInputHand(user32)
    hand.move(-1, 539)
    hand.down(0, 0)
    hand.up()
    move = 0x0001 | 0x8000 | 0x4000  # MOUSEEVENTF_MOVE | ABSOLUTE | VIRTUALDESK
    assert user32.sent == [(0, move, 39302, 32708), (0, move, 39322, 0),
                           (0, 0x0002, 0, 0), (0, 0x0004, 0, 0)]
    assert ctypes.sizeof(INPUT) == (40 if ctypes.sizeof(ctypes.c_void_p) == 8 else 28)


def test_input_windows_refuses_is_one_line_of_bad_input():
    with pytest.raises(BadInput, match="SendInput"):
        SendInputHand(FakeUser32(refuse=True)).move(10, 10)


def timed_hand() -> tuple[SendInputHand, FakeUser32, list[tuple[float, int]]]:
    """Return a SendInput hand on a fake user32 that notes when each input was sent."""
    user32 = FakeUser32()
    sent_at: list[tuple[float, int]] = []
    send = user32.SendInput

    def noted(count: int, inputs, size: int) -> int:
        sent_at.append((time.perf_counter(), inputs._obj.u.mi.dwFlags))
        return send(count, inputs, size)
    user32.SendInput = noted  # type: ignore[method-assign]
    return SendInputHand(user32), user32, sent_at


def test_send_input_settles_each_button_input_after_the_move_before_it():
    hand, _, sent_at = timed_hand()
    hand.down(100, 100)
    hand.move(120, 100)
    hand.up()
    (move, _), (down, _), (move2, _), (up, _) = sent_at
    assert down - move >= PRESS_SETTLE_S  # the press lands where the pointer was put
    assert up - move2 >= PRESS_SETTLE_S  # and so does the release


def test_send_input_time_spent_since_the_move_counts_and_a_move_to_where_it_is_is_not_sent():
    hand, user32, sent_at = timed_hand()
    hand.move(100, 100)
    user32.cursor = (100, 100)
    time.sleep(2 * PRESS_SETTLE_S)  # meanwhile the game took the last release
    start = time.perf_counter()
    hand.down(100, 100)  # the pointer is there: no move, and no wait
    assert time.perf_counter() - start < PRESS_SETTLE_S / 2
    assert [flags for _, flags in sent_at] == [0x0001 | 0x8000 | 0x4000, 0x0002]
    hand.up()
    hand.move(100, 100)  # still there: not sent
    assert len(sent_at) == 3
    user32.cursor = (90, 90)  # the user moved it
    hand.move(100, 100)
    assert len(sent_at) == 4


def test_send_input_goes_straight_from_tile_to_tile():
    assert len(steps((100, 100), (208, 208), SendInputHand.step_px)) == 1
