"""The readers on real screenshots by other people (../shared/real-screens), when present."""

from __future__ import annotations

import json

import pytest

from assistant import evaluate
from assistant.core.types import BadInput
from assistant.vision import reader
from assistant.vision.image import load_image

pytestmark = pytest.mark.shared

OURS = ["wordament", "boggle_physical", "boggle_wordhunt"]


@pytest.fixture(scope="module")
def screens(shared_dir):
    """The real-screens folder."""
    return shared_dir / "real-screens"


@pytest.mark.parametrize("reader_name", ["template", "auto"])
def test_no_tile_or_value_is_wrong_on_real_screenshots(screens, reader_name):
    report = evaluate.run(str(screens), reader_name, OURS)
    assert (report["wrong"], report["failed"]) == (0, 0), evaluate.render(report)
    words = report["games"]["wordament"]
    assert words["images"] >= 8
    assert words["tiles"]["right"] >= 0.95 * words["tiles"]["total"]
    assert words["values"]["right"] >= 0.95 * words["values"]["total"]
    hunt = report["games"]["boggle_wordhunt"]["tiles"]
    assert hunt["right"] >= 15


def test_other_games_screenshots_are_refused_as_wordament(screens):
    labels = json.loads((screens / "labels.json").read_text())
    others = [e for e in labels if e["game"] in ("bookworm_adventures", "wordfeud")]
    assert others
    for entry in others:
        with pytest.raises(BadInput, match="no Wordament grid found"):
            reader("wordament").read(load_image(screens / entry["file"]))


def test_a_wordfeud_board_is_named(screens):
    frame = load_image(screens / "wordfeud" / "jensanjo_english.png")
    with pytest.raises(BadInput, match="looks like wordfeud"):
        reader("wordament").read(frame)
