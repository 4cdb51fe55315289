"""Regions, drags and clicks: the plain data between a profile and the mouse."""

from assistant.core.gestures import Click, Drag, Gesture, Region, centre, outside


def test_a_region_holds_its_top_left_pixel_but_not_the_one_past_its_size():
    region = Region(10, 20, 5, 5)
    assert region.contains((10, 20)) and region.contains((14, 24))
    assert not region.contains((15, 24)) and not region.contains((14, 25))
    assert not region.contains((9, 22))


def test_regions_may_lie_left_of_and_above_the_main_monitor():
    region = Region(-1920, -200, 1920, 1080)
    assert region.contains((-1, -1)) and not region.contains((0, 0))
    assert str(region) == "-1920,-200,1920,1080"
    assert region.moved(1920, 200) == Region(0, 0, 1920, 1080)


def test_outside_lists_every_point_off_the_region():
    gestures: list[Gesture] = [Drag(((0, 0), (9, 9)), "AB"), Click((10, 3), "Attack")]
    assert outside(gestures, Region(0, 0, 10, 10)) == [(10, 3)]
    assert outside(gestures, Region(0, 0, 11, 11)) == []


def test_centre_of_a_frame_box_on_the_screen():
    assert centre((10, 20, 30, 40)) == (25, 40)
    assert centre((10, 20, 31, 41), origin=(-100, 5)) == (-75, 45)

def test_overlap_is_the_shared_area_and_zero_when_apart():
    screen = Region(0, 0, 1280, 800)
    assert screen.overlap(Region(1180, 700, 200, 200)) == 100 * 100
    assert Region(1180, 700, 200, 200).overlap(screen) == 100 * 100
    assert screen.overlap(Region(-100, -100, 1, 1)) == 0
    assert screen.overlap(Region(1280, 0, 10, 10)) == 0  # touching edges share nothing
    assert Region(-50, 10, 100, 20).overlap(Region(-60, 0, 20, 40)) == 10 * 20
