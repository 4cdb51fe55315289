"""The one clock every command's timings come from: milliseconds to a tenth, also when summed,
and every reader's stages so (checked on drawn screenshots of each game)."""

from __future__ import annotations

import pytest

from assistant.vision import read_board, timing
from assistant.vision.timing import Clock
from tests import draw_bookworm, wordfeud_draw, wwf_draw
from tests import render as R


def test_a_stage_timed_in_several_laps_is_rounded_after_the_sum(monkeypatch):
    now = iter([0.0, 0.0001, 0.0001, 0.0003, 0.0003])  # s: laps of 0.1 ms and 0.2 ms
    monkeypatch.setattr(timing.time, "perf_counter", lambda: next(now))
    clock = Clock()
    clock.mark("read")
    clock.last = next(now)
    clock.mark("read")
    assert clock.laps == {"read": 0.3}  # 0.1 + 0.2 is 0.30000000000000004 in floats
    assert repr(clock.laps["read"]) == "0.3"


FRAMES = {
    "wordament": lambda: R.board(*R.EXAMPLE, R.CREAM, 120),
    "boggle": lambda: R.board(list("FAMAIIGRTREDNUTN"), None, R.WORDHUNT, 120),
    "bookworm": lambda: draw_bookworm.draw_window(list("PAORAEPSMSMUXVEU"), ["normal"] * 16,
                                                  64)[0],
    "wordfeud": lambda: wordfeud_draw.screenshot(wordfeud_draw.MIDGAME),
    "scrabble": lambda: wordfeud_draw.screenshot(wordfeud_draw.MIDGAME),
    "wwf": lambda: wwf_draw.screenshot(wwf_draw.MIDGAME),
}


@pytest.mark.parametrize("game", sorted(FRAMES))
def test_every_readers_timings_are_tenths_of_a_millisecond(game):
    reading = read_board(game, FRAMES[game]())
    assert reading.timings_ms and all(isinstance(v, float) for v in reading.timings_ms.values())
    assert all(repr(v) == repr(round(v, 1)) for v in reading.timings_ms.values()), \
        reading.timings_ms
