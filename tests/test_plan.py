"""The order of play: points per millisecond of mouse work, worked by hand."""

import pytest

from assistant.core.gestures import Drag
from assistant.core.plan import Move, Pace, order, seconds_needed

PACE = Pace(segment_ms=20, press_ms=10, carry_ms_per_px=0.02)


def test_a_drag_costs_its_press_its_segments_and_the_carry_to_its_start():
    drag = Drag(((0, 0), (50, 0), (100, 0)))
    assert PACE.cost(drag, None) == 10 + 2 * 20
    assert PACE.cost(drag, (0, 100)) == pytest.approx(50 + 0.02 * 100)


def test_the_best_points_per_millisecond_go_first():
    # costs from nowhere: A 10 + 20 = 30 ms, B 10 + 60 = 70 ms, C 10 + 40 = 50 ms
    a = Move(Drag(((0, 0), (50, 0)), "A"), 2)  # 0.067 points/ms
    b = Move(Drag(((0, 50), (50, 50), (100, 50), (150, 50)), "B"), 3)  # 0.043
    c = Move(Drag(((50, 0), (100, 0), (150, 0)), "C"), 3)  # 0.060
    # after A the pointer is at (50, 0): C starts there (no carry, 0.060); B's start is
    # 70.7 px off (1.4 ms more: 3 / 71.4 = 0.042)
    assert [m.drag.word for m in order([b, c, a], PACE)] == ["A", "C", "B"]


def test_of_equal_words_the_nearer_start_goes_first():
    here = Move(Drag(((0, 0), (50, 0)), "NEAR"), 1)
    there = Move(Drag(((500, 500), (550, 500)), "FAR"), 1)
    assert [m.drag.word for m in order([there, here], PACE, pointer=(10, 10))] == ["NEAR", "FAR"]
    assert [m.drag.word for m in order([here, there], PACE, pointer=(510, 490))] == ["FAR", "NEAR"]


def test_seconds_needed_adds_each_cost_from_where_the_last_word_ended():
    a = Move(Drag(((0, 0), (30, 40))), 1)  # 30 ms, ends 50 px from (0, 0)
    b = Move(Drag(((0, 0), (10, 0), (20, 0))), 1)  # 50 ms + 50 px x 0.02 = 51 ms
    assert seconds_needed([a, b], PACE) == pytest.approx((30 + 51) / 1000)
