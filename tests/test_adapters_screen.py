"""The screen: real mss grabs of real Tk windows on Xvfb, an image as a screen, and the checks
that refuse a capture (wrong scale, black or flat, off the screen) in one line."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import cv2
import numpy as np
import pytest

from assistant.adapters.screen import (
    FrameScreen,
    MssScreen,
    check_capture,
    check_on_screen,
    check_scale,
    virtual_screen,
)
from assistant.core.gestures import Region
from assistant.core.types import BadInput
from tests.tk_window import BORDER, FILL, TkWindow

SCREEN = Region(0, 0, 1280, 800)  # the session server's one monitor (tests/xserver.py)


@pytest.fixture
def window(xserver):
    """A 400x300 Tk window with its client area at 50,60 on the bare session server."""
    shown = TkWindow(xserver.env, "--title", "Screen test", "--geometry", "400x300+50+60")
    yield Region(50, 60, 400, 300)
    shown.close()


def one_line(error: pytest.ExceptionInfo) -> str:
    """Return the error's message, checking it is one line."""
    assert "\n" not in str(error.value)
    return str(error.value)


# The real screen


@pytest.mark.display
def test_mss_grabs_exactly_the_region_as_bgr(window):
    frame = MssScreen().grab(window)
    assert frame.shape == (300, 400, 3) and frame.dtype == np.uint8
    assert frame.flags["C_CONTIGUOUS"]
    assert tuple(frame[150, 200]) == FILL == (0xF0, 0x80, 0x20)  # #2080f0 read as B, G, R
    assert tuple(frame[0, 0]) == tuple(frame[-1, -1]) == BORDER


@pytest.mark.display
def test_mss_grabs_from_several_threads_at_once(window):
    screen = MssScreen()
    with ThreadPoolExecutor(4) as pool:
        frames = list(pool.map(lambda _: screen.grab(window), range(40)))
    assert all(np.array_equal(f, frames[0]) for f in frames)
    assert tuple(frames[0][150, 200]) == FILL


@pytest.mark.display
def test_the_virtual_screen_is_the_whole_monitor(xserver):
    assert virtual_screen() == SCREEN


@pytest.mark.display
def test_a_region_off_the_screen_cannot_be_grabbed_in_one_line(xserver):
    with pytest.raises(BadInput) as caught:
        MssScreen().grab(Region(1200, 700, 200, 200))
    assert one_line(caught).startswith("cannot capture the screen region 1200,700,200,200: "
                                       "is it all on the screen?")


# An image as the screen


def test_a_frame_screen_serves_crops_in_screen_coordinates():
    frame = np.arange(20 * 30 * 3, dtype=np.uint8).reshape(20, 30, 3)
    screen = FrameScreen(frame, origin=(-100, 50))
    crop = screen.grab(Region(-95, 52, 10, 4))
    assert np.array_equal(crop, frame[2:6, 5:15])
    crop[:] = 0
    assert frame[2, 5].any(), "a grab is a copy"
    assert screen.region == Region(-100, 50, 30, 20)


def test_a_frame_screen_refuses_a_region_past_its_image():
    screen = FrameScreen(np.zeros((20, 30, 3), np.uint8), origin=(0, 0))
    with pytest.raises(BadInput) as caught:
        screen.grab(Region(25, 0, 10, 10))
    assert one_line(caught) == ("cannot capture the screen region 25,0,10,10: "
                                "the screen image covers only 0,0,30,20")


def test_a_file_can_be_the_screen(tmp_path):
    frame = np.zeros((40, 60, 3), np.uint8)
    frame[10:20, 30:40] = (1, 2, 3)
    cv2.imwrite(str(tmp_path / "screen.png"), frame)
    screen = FrameScreen.from_file(tmp_path / "screen.png", origin=(100, 100))
    assert np.array_equal(screen.grab(Region(130, 110, 10, 10)), np.full((10, 10, 3), (1, 2, 3)))
    with pytest.raises(BadInput, match="no such file"):
        FrameScreen.from_file(tmp_path / "missing.png")


# check_scale: capture pixels against the window's size


@pytest.mark.parametrize(("captured", "scale"), [((1600, 1200), 200), ((1000, 750), 125),
                                                 ((1200, 900), 150)])
def test_check_scale_names_the_display_scale(captured, scale):
    frame = np.zeros((captured[1], captured[0], 3), np.uint8)
    with pytest.raises(BadInput) as caught:
        check_scale(frame, Region(10, 10, 800, 600))
    assert one_line(caught).startswith(
        f"captured {captured[0]}x{captured[1]} for a 800x600 window: display scale {scale}%")


@pytest.mark.display
def test_check_scale_passes_a_real_capture_and_stops_a_doubled_one(window):
    frame = MssScreen().grab(window)
    check_scale(frame, window)
    retina = cv2.resize(frame, None, fx=2, fy=2, interpolation=cv2.INTER_NEAREST)
    with pytest.raises(BadInput, match=r"^captured 800x600 for a 400x300 window: "
                                       r"display scale 200%"):
        check_scale(retina, window)


# check_capture: black or one flat colour


@pytest.mark.parametrize(("colour", "what"), [((0, 0, 0), "black"), ((6, 8, 10), "black"),
                                              ((40, 200, 90), "one flat colour")])
def test_check_capture_refuses_a_flat_frame(colour, what):
    frame = np.full((60, 80, 3), colour, np.uint8)
    frame[5, 5] += 3  # a little noise is still flat
    with pytest.raises(BadInput) as caught:
        check_capture(frame, "Wordament")
    assert one_line(caught).startswith(f"the capture of 'Wordament' is {what}: is the window "
                                       "minimised, covered")


def test_check_capture_passes_a_frame_with_anything_on_it():
    frame = np.full((60, 80, 3), (40, 200, 90), np.uint8)
    frame[30, 40] = (40, 200, 120)  # one pixel differs by more than the flat tolerance
    check_capture(frame, "Wordament")


@pytest.mark.display
def test_check_capture_on_real_grabs(window, xserver):
    screen = MssScreen()
    check_capture(screen.grab(window), "Screen test")  # a fill and a border: fine
    with pytest.raises(BadInput, match="is one flat colour"):
        check_capture(screen.grab(Region(100, 100, 200, 150)), "Screen test")  # inside the fill
    with pytest.raises(BadInput, match="is black"):  # Xvfb's bare root window is black
        check_capture(screen.grab(Region(700, 500, 300, 200)), "Screen test")


# check_on_screen: more than a quarter off the virtual screen


@pytest.mark.parametrize(("region", "off"), [
    (Region(1180, 700, 200, 200), 75),  # 100x100 of 200x200 shown
    (Region(1100, 0, 400, 300), 55),  # 180 of 400 columns shown
    (Region(1000, 0, 400, 300), 30),
    (Region(-300, -100, 400, 400), 81),  # 100x300 of 400x400 shown: 81.25% off
    (Region(2000, 900, 100, 100), 100),
])
def test_check_on_screen_refuses_a_window_mostly_off_the_screen(region, off):
    with pytest.raises(BadInput) as caught:
        check_on_screen(region, SCREEN)
    assert one_line(caught) == (f"the window at {region} is {off}% off the screen "
                                "(0,0,1280,800): move it fully onto a monitor")


@pytest.mark.parametrize("region", [Region(0, 0, 1280, 800), Region(980, 0, 400, 300),
                                    Region(-50, -50, 400, 400)])
def test_check_on_screen_passes_a_window_at_most_a_quarter_off(region):
    check_on_screen(region, SCREEN)
