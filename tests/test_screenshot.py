"""`assistant solve --game G IMAGE` and `assistant eval DIR` end to end, on screenshots we draw."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from assistant.vision.image import load_image
from tests import render as R
from tests.conftest import REPO, run_cli
from tests.test_vision_parts import png

TILES, VALUES = R.EXAMPLE


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    """Screenshots drawn once for the module: name -> path."""
    folder = tmp_path_factory.mktemp("shots")
    rng = random.Random(1)
    odd = list(TILES)
    odd[5] = "&"
    images = {
        "phone.png": R.scene(R.board(TILES, VALUES, R.CREAM, 150), "phone", rng)[0],
        "desktop.jpg": R.scene(R.board(TILES, VALUES, R.WIN8, 90), "desktop", rng)[0],
        "odd.png": R.board(odd, VALUES, R.WIN8, 120),
        "hunt.png": R.board(list("FAMAIIGRTREDNUTN"), None, R.WORDHUNT, 120),
        "noise.png": np.random.default_rng(1).integers(0, 255, (300, 400, 3), np.uint8),
    }
    for name, image in images.items():
        cv2.imwrite(str(folder / name), image)
    (folder / "words.png").write_bytes(b"these are words, not pixels")
    good = (folder / "phone.png").read_bytes()
    (folder / "cut.png").write_bytes(good[:len(good) // 3])
    (folder / "bomb.png").write_bytes(png(70_000, 70_000, zlib.compress(b"\0" * 100)))
    return {name: str(folder / name) for name in [*images, "words.png", "cut.png", "bomb.png"]}


def solve_json(*args: str) -> dict:
    """Run `assistant solve ... --json`; return its parsed output."""
    done = run_cli("solve", *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", ["phone.png", "desktop.jpg"])
def test_a_screenshot_solves_like_the_same_board_typed(shots, name):
    from_image = solve_json("--game", "wordament", shots[name])
    typed = solve_json("--game", "wordament", "--board", "E M T D/U/L R E W/I P D E/P O E M",
                       "--values", "1 4 2 3/20 2 1 6/2 4 3 1/4 2 1 4")
    read = from_image["read"]
    assert read["tiles"] == TILES and read["values"] == VALUES and read["uncertain"] == []
    assert len(read["confidence"]) == 16 and min(read["confidence"]) >= 0.6
    assert from_image["words"] == typed["words"] and from_image["board"] == typed["board"]
    assert {"load", "locate", "read", "solve", "total"} <= set(from_image["timings_ms"])


def test_an_uncertain_tile_is_blocked_and_named(shots):
    done = run_cli("solve", "--game", "wordament", shots["odd.png"], "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["read"]["uncertain"] == [5] and result["blocked"] == [5]
    assert result["board"]["tiles"][5] == "#"
    assert all(5 not in w["path"] for w in result["words"])
    assert "uncertain tiles" in done.stderr and "r2c2" in done.stderr


def test_strict_makes_an_uncertain_tile_an_error_naming_it(shots):
    done = run_cli("solve", "--game", "wordament", shots["odd.png"], "--strict")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "r2c2" in done.stderr and "--strict" in done.stderr
    assert run_cli("solve", "--game", "wordament", shots["phone.png"], "--strict").returncode == 0


def test_annotate_draws_over_the_screenshot(shots, tmp_path):
    out = tmp_path / "annotated.png"
    result = solve_json("--game", "wordament", shots["phone.png"], "--annotate", str(out))
    drawn, plain = load_image(out), load_image(shots["phone.png"])
    assert drawn.shape == plain.shape and (drawn != plain).mean() > 0.01
    assert "annotate" in result["timings_ms"]
    done = run_cli("solve", "--game", "wordament", shots["phone.png"], "--annotate",
                   str(tmp_path / "no-such-dir" / "x.png"))
    assert done.returncode == 2 and "cannot write" in done.stderr


def test_boggle_from_a_screenshot(shots):
    result = solve_json("--game", "boggle", shots["hunt.png"])
    assert result["read"]["tiles"] == list("FAMAIIGRTREDNUTN")
    assert result["read"]["values"] == [None] * 16 and result["count"] > 20


@pytest.mark.parametrize(("name", "game", "why"), [
    ("words.png", "wordament", "not an image"),
    ("cut.png", "wordament", "truncated PNG"),
    ("bomb.png", "wordament", "decompression bomb"),
    ("noise.png", "wordament", "no Wordament grid found"),
    ("noise.png", "boggle", "no Boggle grid found"),
    ("hunt.png", "wordament", "looks like boggle"),
    ("phone.png", "boggle", "looks like wordament"),
])
def test_bad_screenshots_are_one_line_errors(shots, name, game, why):
    done = run_cli("solve", "--game", game, shots[name])
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and why in done.stderr and shots[name] in done.stderr


def test_a_screenshot_and_a_typed_board_together_are_refused(shots):
    done = run_cli("solve", "--game", "wordament", shots["phone.png"], "--board",
                   "ABCD/ABCD/ABCD/ABCD")
    assert done.returncode == 2 and "not both" in done.stderr


def test_solving_typed_boards_does_not_load_opencv():
    code = ("import sys, assistant.cli as c; c.main(['solve', '--game', 'boggle', '--board', "
            "'EECA/ALEP/HNBO/QTTY', '--top', '1']); print('cv2' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,
                          timeout=60)
    assert done.stdout.strip().endswith("False"), done.stdout + done.stderr


# --- eval ---------------------------------------------------------------------------------------


@pytest.fixture()
def labelled(shots, tmp_path):
    """A folder of screenshots with their labels.json (and one game with no reader)."""
    hunt = list("FAMAIIGRTREDNUTN")
    labels: list[dict[str, Any]] = [
        {"file": "phone.png", "game": "wordament", "tiles": TILES, "values": VALUES},
        {"file": "desktop.jpg", "game": "wordament", "tiles": TILES, "values": VALUES},
        {"file": "hunt.png", "game": "boggle_wordhunt", "tiles": hunt, "values": None},
        {"file": "hunt.png", "game": "solitaire", "tiles": hunt},
    ]
    for entry in labels:
        (tmp_path / entry["file"]).write_bytes(Path(shots[entry["file"]]).read_bytes())
    (tmp_path / "labels.json").write_text(json.dumps(labels))
    return tmp_path, labels


def test_eval_counts_every_tile_and_value(labelled):
    folder, _ = labelled
    done = run_cli("eval", str(folder), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    words = report["games"]["wordament"]
    assert words["images"] == 2 and words["tiles"]["right"] == 32 and words["values"]["right"] == 32
    assert report["games"]["boggle_wordhunt"]["tiles"]["right"] == 16
    assert report["missing_readers"] == {"solitaire": 1}
    assert (report["wrong"], report["failed"]) == (0, 0)
    text = run_cli("eval", str(folder))
    assert "wordament: 2 images" in text.stdout and "solitaire: no reader yet" in text.stdout


def test_eval_fails_on_a_wrong_label_and_lists_it(labelled):
    folder, labels = labelled
    labels[0]["tiles"] = ["X", *TILES[1:]]
    labels[0]["values"] = [9, *VALUES[1:]]
    (folder / "labels.json").write_text(json.dumps(labels))
    done = run_cli("eval", str(folder))
    assert done.returncode == 1
    assert "WRONG r1c1 tile: read 'E', label 'X'" in done.stdout
    assert "WRONG r1c1 value: read 1, label 9" in done.stdout
    assert "2 wrong" in done.stdout


def test_eval_without_labels_is_bad_input(tmp_path):
    done = run_cli("eval", str(tmp_path))
    assert done.returncode == 2 and "labels.json" in done.stderr
