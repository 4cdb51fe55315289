"""The overlay: what it draws (pure), and on a real X server, bare and under openbox: the drawn
pixels show, the game shows everywhere else, every click reaches the game, it stays on top."""

from __future__ import annotations

import contextlib
import statistics
import time

import numpy as np
import pytest

from assistant.adapters.backends import overlay
from assistant.adapters.overlay import (
    Badge,
    Letter,
    Outline,
    Panel,
    RecordedOverlay,
    Scene,
    bands,
    bounds,
    ink,
    pieces,
    square,
    strokes,
)
from assistant.adapters.overlay_x11 import require_shape
from assistant.core.gestures import Region
from assistant.core.types import BadInput
from tests.overlay_driver import scene_from_json, scene_json
from tests.overlay_game import pattern
from tests.overlay_stage import DARK, GOLD, GREEN, RED, layout

# -- Pure: the rectangles of a scene ---------------------------------------------------------

def test_an_outline_is_four_bands_inside_its_box():
    assert bands(Outline(Region(10, 20, 30, 40), width=3)) == (
        Region(10, 20, 30, 3), Region(10, 57, 30, 3), Region(10, 23, 3, 34), Region(37, 23, 3, 34))


def test_an_outline_thicker_than_half_its_box_is_the_filled_box():
    covered = {(x, y) for r in bands(Outline(Region(0, 0, 4, 6), width=5))
               for x in range(r.x, r.x + r.w) for y in range(r.y, r.y + r.h)}
    assert covered == {(x, y) for x in range(4) for y in range(6)}


def test_a_badge_is_a_square_centred_on_its_point():
    assert square(Badge((50, 60), "1", size=20)) == Region(40, 50, 20, 20)


def test_a_scene_covers_its_bands_badges_and_panel_and_nothing_empty():
    scene = Scene((Outline(Region(0, 0, 10, 10), width=1),), (Badge((5, 5), "1", size=4),),
                  Panel(Region(20, 0, 5, 5), ("A",)))
    assert len(pieces(scene)) == 6 and pieces(Scene()) == ()
    assert bounds(pieces(scene)) == Region(0, 0, 25, 10)
    assert pieces(Scene(panel=Panel(Region(3, 3, 0, 9), ("A",)))) == ()


def test_a_letter_is_its_outline_alone_centred_on_its_point():
    """An O of 40 px: its outline's rectangles never overlap, its ink is centred on the point
    (to a pixel), and the O's inside and most of its box are left for what lies beneath."""
    letter = Letter((200, 100), "O", GOLD, 40)
    ink = strokes(letter)
    assert ink and all(a.overlap(b) == 0 for i, a in enumerate(ink) for b in ink[i + 1:])
    box = bounds(ink)
    assert abs(box.x + box.w / 2 - 200) <= 1 and abs(box.y + box.h / 2 - 100) <= 1
    assert 20 <= box.h <= 40
    assert not any(p.contains((200, 100)) for p in ink)  # the O's hole
    assert sum(p.w * p.h for p in ink) < 0.5 * box.w * box.h
    assert set(ink) <= set(pieces(Scene(letters=(letter,))))


def test_badge_ink_is_black_on_light_colours_and_white_on_dark_ones():
    assert [ink(c) for c in (GOLD, "#ffffff", DARK, "#0000ff", RED)] == [
        "#000000", "#000000", "#ffffff", "#ffffff", "#ffffff"]


def test_the_recorded_overlay_keeps_what_it_was_asked_to_show():
    screen, scene = RecordedOverlay(), Scene((Outline(Region(1, 2, 3, 4)),))
    screen.show(scene)
    screen.update()
    screen.hide()
    screen.close()
    assert screen.shown == [scene, None] and screen.closed


def test_a_scene_goes_through_json_unchanged():
    scene = Scene((Outline(Region(1, 2, 3, 4), GREEN, 2),), (Badge((5, 6), "2", GOLD, 12),),
                  Panel(Region(7, 8, 9, 10), ("WORD", "2 hearts")))
    assert scene_from_json(scene_json(scene)) == scene


class NoShapeServer:
    """An X display without the SHAPE extension (Xvfb cannot turn it off, so a fake)."""

    closed = False

    def has_extension(self, name: str) -> bool:
        return name != "SHAPE"

    def get_display_name(self) -> str:
        return ":9"

    def close(self) -> None:
        self.closed = True


def test_an_x_server_without_shape_is_refused_with_one_clear_line():
    server = NoShapeServer()
    with pytest.raises(BadInput, match=r"X server :9 has no SHAPE extension"):
        require_shape(server)
    assert server.closed


def test_without_a_display_the_overlay_says_so(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    with pytest.raises(BadInput, match="no X display"):
        overlay()


# -- Real: one scene over the stand-in game, on a bare Xvfb and under openbox -----------------

# the same, in the game's own pixels, as (x, y, w, h, border) worked by hand from layout():
A, B = (20, 30, 60, 60, 3), (150, 40, 70, 50, 5)  # the outlines
BADGES = [(40, 50, 20, 20, 0), (175, 55, 20, 20, 0)]  # centred on (50, 60) and (185, 65)
PANEL = (260, 200, 130, 70, 0)


def drawn_mask(boxes: list[tuple[int, int, int, int, int]], shape=(300, 400)) -> np.ndarray:
    """Return a mask of the pixels covered by these (x, y, w, h, border) boxes: each box, less
    its inside when border > 0."""
    mask = np.zeros(shape, bool)
    for x, y, w, h, t in boxes:
        mask[y:y + h, x:x + w] = True
        if t:
            mask[y + t:y + h - t, x + t:x + w - t] = False
    return mask


def bgr(colour: str) -> tuple[int, int, int]:
    """Return a '#rrggbb' colour as the (b, g, r) mss captures."""
    return int(colour[5:7], 16), int(colour[3:5], 16), int(colour[1:3], 16)


@pytest.fixture(scope="module")
def stages(request):
    """Return the stage on a server ("xserver" or "xserver_wm"), each set up once."""
    from tests.overlay_stage import Stage

    with contextlib.ExitStack() as stack:
        made: dict[str, Stage] = {}

        def on(server: str) -> Stage:
            if server not in made:
                made[server] = stack.enter_context(Stage(request.getfixturevalue(server)))
            return made[server]
        yield on


@pytest.fixture(params=["xserver", "xserver_wm"], ids=["bare", "openbox"])
def stage(request, stages):
    """The game and an overlay process, on a bare Xvfb and on one with openbox."""
    return stages(request.param)


def at(point: tuple[int, int], stage) -> tuple[int, int]:
    """Return a point of the game's window in screen pixels."""
    return point[0] + stage.origin[0], point[1] + stage.origin[1]


def within(seconds: float, check) -> bool:
    """Return True as soon as check() does, False if it has not within this time."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def game_whole(stage) -> bool:
    """True when the game's window shows exactly its pixels from before any overlay."""
    return bool((stage.grab(stage.area) == stage.before).all())


@pytest.mark.display
def test_the_game_paints_its_pattern_before_any_overlay(stage):
    ys, xs = np.mgrid[0:300, 0:400]
    r, g, b = pattern(xs, ys)
    assert (stage.before == np.dstack([b, g, r])).all()


@pytest.mark.display
def test_only_the_drawn_pixels_change_and_they_hold_the_scene(stage):
    stage.hide()
    assert within(2, lambda: game_whole(stage))
    stage.show(layout(*stage.origin))
    after, before = stage.grab(stage.area), stage.before
    mask = drawn_mask([A, B, *BADGES, PANEL])
    assert (after[~mask] == before[~mask]).all(), "a pixel outside the scene changed"
    for box, colour in [(A, RED), (B, GREEN)]:
        assert (after[drawn_mask([box])] == bgr(colour)).all(), colour
    for x, y, w, h, _ in BADGES:
        badge = after[y:y + h, x:x + w]
        assert (badge[drawn_mask([(0, 0, w, h, 1)], (h, w))] == bgr(GOLD)).all()  # its rim
        assert (badge.sum(axis=2) < 200).sum() >= 10, "no dark digit on the badge"
    x, y, w, h, _ = PANEL
    panel = after[y:y + h, x:x + w]
    assert (panel == bgr(DARK)).all(axis=2).mean() > 0.6
    assert (panel.min(axis=2) > 200).sum() >= 30, "no light text on the panel"


@pytest.mark.display
def test_clicks_on_and_off_the_drawing_reach_the_game(stage):
    stage.show(layout(*stage.origin))
    targets = [at(p, stage) for p in [(21, 31), (50, 60), (330, 240), (300, 120), (153, 75)]]
    for point in targets:  # outline A, badge 1, the panel, bare game, outline B
        stage.click(point)
    assert stage.clicks(len(targets)) == targets


@pytest.mark.display
def test_the_overlay_never_takes_the_focus(stage):
    if stage.server.wm:
        stage.raise_game()
        assert stage.focus() == str(stage.game_id)
    focused = stage.focus()
    stage.hide()
    stage.show(layout(*stage.origin))
    stage.click(at((21, 31), stage))
    stage.update(0.2)
    assert stage.focus() == focused and stage.clicks(1) == [at((21, 31), stage)]


@pytest.mark.display
def test_fewer_outlines_give_back_the_game_and_hide_gives_back_all_of_it(stage):
    stage.show(layout(*stage.origin))
    stage.show(Scene(outlines=layout(*stage.origin).outlines[:1]))
    only_a = drawn_mask([A])
    assert within(1, lambda: (stage.grab(stage.area)[~only_a] == stage.before[~only_a]).all())
    assert (stage.grab(stage.area)[only_a] == bgr(RED)).all()
    stage.hide()
    assert within(1, lambda: game_whole(stage))


@pytest.mark.display
def test_hiding_makes_the_game_repaint_only_what_was_drawn(stage):
    stage.show(layout(*stage.origin))
    stage.game.drain("expose", 0.2)
    stage.hide()
    assert within(1, lambda: game_whole(stage))
    exposed = drawn_mask([(*r, 0) for r in stage.game.drain("expose", 0.2)])
    assert (exposed == drawn_mask([A, B, *BADGES, PANEL])).all()  # not the box around them


@pytest.mark.display
def test_the_shapes_sit_on_tks_wrapper_a_top_level_override_redirect_window(stage):
    from Xlib.ext import shape

    stage.show(layout(*stage.origin))
    x = stage.xlib()
    wrapper = x.create_resource_object("window", stage.windows["wrapper"])
    window = x.create_resource_object("window", stage.windows["window"])
    assert window.query_tree().parent == wrapper  # winfo_id() is inside the wrapper
    assert wrapper.query_tree().parent == x.screen().root  # not reparented, even by openbox
    assert wrapper.get_attributes().override_redirect
    bounding = wrapper.shape_get_rectangles(shape.SK.Bounding).rectangles
    place = wrapper.get_geometry()
    drawn = drawn_mask([(place.x + r.x - stage.origin[0], place.y + r.y - stage.origin[1],
                         r.width, r.height, 0) for r in bounding])
    assert (drawn == drawn_mask([A, B, *BADGES, PANEL])).all()
    assert wrapper.shape_get_rectangles(shape.SK.Input).rectangles == []
    assert window.shape_query_extents().bounding_shaped == 0  # Tk's own window is left alone
    stage.hide()
    assert wrapper.shape_get_rectangles(shape.SK.Bounding).rectangles == []
    x.close()


def outline_shows(stage) -> bool:
    """True when every pixel of outline A shows its colour."""
    return bool((stage.grab(stage.area)[drawn_mask([A])] == bgr(RED)).all())


@pytest.mark.display
def test_without_a_window_manager_the_overlay_comes_back_on_top_of_the_raised_game(stages):
    stage = stages("xserver")
    stage.show(layout(*stage.origin))
    assert outline_shows(stage)
    stage.raise_game()
    assert within(2, lambda: not outline_shows(stage)), "raising the game did not cover it"
    stage.update(0.3)  # the caller's loop: update() re-raises the covered overlay
    assert outline_shows(stage)
    stage.raise_game()
    assert within(2, lambda: not outline_shows(stage))
    stage.show(layout(*stage.origin))  # show() alone puts it back on top
    assert outline_shows(stage)


@pytest.mark.display
def test_a_window_manager_raising_the_game_leaves_the_overlay_on_top(stages):
    stage = stages("xserver_wm")  # openbox stacks the windows it manages below it
    stage.show(layout(*stage.origin))
    stage.server.xdotool("windowminimize", "--sync", str(stage.game_id))
    stage.raise_game()  # restored, activated and raised by openbox
    assert stage.focus() == str(stage.game_id)
    assert within(2, lambda: outline_shows(stage) and game_whole_but_scene(stage))
    stage.click(at((300, 120), stage))  # a click raises it too
    assert stage.clicks(1) == [at((300, 120), stage)]
    assert within(1, lambda: outline_shows(stage) and game_whole_but_scene(stage))


def game_whole_but_scene(stage) -> bool:
    """True when the game's window shows its own pixels everywhere outside the test scene."""
    mask = drawn_mask([A, B, *BADGES, PANEL])
    return bool((stage.grab(stage.area)[~mask] == stage.before[~mask]).all())


@pytest.mark.display
def test_show_takes_a_few_milliseconds(stage):
    x, y = stage.origin
    scenes = [layout(x, y), Scene(layout(x, y).outlines[:1], layout(x, y).badges[:1],
                                  layout(x, y).panel)]
    times = [stage.show(scenes[n % 2]) for n in range(20)]
    median = statistics.median(times)
    print(f"show() median {median:.1f} ms over {len(times)} ({stage.server.display})")
    assert median < 100


def test_a_scene_as_one_picture_is_its_rectangles_on_the_background():
    """The Windows overlay paints a scene's rectangles as one PPM picture: worked by hand, a
    2-pixel outline of a 6x5 square at (12, 21) and a panel, in a box from (10, 20)."""
    from assistant.adapters.overlay import Outline, Panel, picture

    scene = Scene(outlines=(Outline(Region(12, 21, 6, 5), "#102030", 2),),
                  panel=Panel(Region(20, 20, 4, 3), ("hi",), colour="#405060"))
    data = picture(scene, Region(10, 20, 14, 8), "#ff00fe")
    header, pixels = data[:len(b"P6 14 8 255\n")], data[len(b"P6 14 8 255\n"):]
    assert header == b"P6 14 8 255\n"
    image = np.frombuffer(pixels, np.uint8).reshape(8, 14, 3)
    key, band, panel = (255, 0, 254), (0x10, 0x20, 0x30), (0x40, 0x50, 0x60)
    expected = np.empty((8, 14, 3), np.uint8)
    expected[:] = key
    for y in range(1, 6):  # the square's rows 21-25, its columns 12-17: a ring 2 wide
        for x in range(2, 8):
            if y < 3 or y > 3 or x < 4 or x > 5:
                expected[y, x] = band
    expected[0:3, 10:14] = panel
    assert (image == expected).all()
