"""The readers on real screenshots by other people (../shared/real-screens), when present."""

from __future__ import annotations

import json

import pytest

from assistant.core.types import BadInput
from assistant.screenshot import evaluate
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


@pytest.mark.parametrize("game", ["wordament", "boggle"])
def test_other_games_screenshots_are_refused_and_named(screens, game):
    labels = json.loads((screens / "labels.json").read_text())
    others = [e for e in labels if e["game"] in ("bookworm_adventures", "wordfeud")]
    assert len(others) >= 9
    for entry in others:
        name = entry["game"].split("_")[0]
        with pytest.raises(BadInput, match=f"looks like {name}"):
            reader(game).read(load_image(screens / entry["file"]))
