"""The crossword reader's faster steps give exactly what the plain ones give: the Lab gradient of
a frame like the last one, worked out again only on the rows that changed (vision.gradients), is
locate.gradient's pixel for pixel, and a board read with it reads exactly as with nothing
remembered; the squares' ink shares counted in whole grey levels are the float comparisons'."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from assistant import vision
from assistant.vision import board, colours, gradients, locate
from tests import wordfeud_draw, wwf_draw
from tests.crossword_stage import landscape, portrait


def test_bands_reach_two_rows_past_a_change_and_out_to_lab_blocks():
    # by hand, blocks of 4 rows in 40: row 13 changed: rows 11..15 change (blur 1 + Sobel 1),
    # worked out on rows 9..17 at least, so on blocks 8..19; rows 30 and 31 changed: rows 28..33,
    # on 26..35, blocks 24..35; the last row: rows 37..39, on 35..39, block 32..39, which meets
    # the strip before: one strip 24..39 keeping 28..39
    changed = np.zeros(40, bool)
    changed[[13, 30, 31, 39]] = True
    assert gradients.bands(changed, 4) == [(8, 20, 11, 16), (24, 40, 28, 40)]
    assert gradients.bands(np.zeros(40, bool), 4) == []
    changed[:] = False
    changed[0] = True
    assert gradients.bands(changed, 4) == [(0, 8, 0, 3)]


def changes(frame: np.ndarray, seed: int) -> list[np.ndarray]:
    """Return frames after one another, each the last with a few patches of noise: rows at
    the frame's edges, at colours.lab8's block edges and anywhere; a frame unchanged too."""
    rng = np.random.default_rng(seed)
    height, width = frame.shape[:2]
    block = colours.block_rows(width)
    frames = [frame, frame.copy()]
    for _ in range(12):
        frame = frame.copy()
        for _ in range(int(rng.integers(1, 4))):
            y = int(rng.choice([0, 1, height - 1, height - 3, block - 1, 2 * block,
                                int(rng.integers(0, height))]))
            x, h, w = int(rng.integers(0, width)), int(rng.integers(1, 30)), \
                int(rng.integers(1, width))
            patch = frame[y:y + h, x:x + w]
            patch[:] = rng.integers(0, 256, patch.shape)
        frames.append(frame)
    return frames


@pytest.mark.parametrize("size", [(450, 900), (1280, 820), (333, 517)])
def test_the_gradient_of_changed_frames_is_locate_gradient(size):
    big = wordfeud_draw.screenshot(wordfeud_draw.MIDGAME, 1080, 2160)
    frame = portrait(big, *size) if size[0] < size[1] else landscape(big, *size)
    recent = gradients.Recent()
    for image in changes(frame, sum(size)):
        assert np.array_equal(recent.steep(image), locate.gradient(image))


def test_a_kept_gradient_cannot_be_changed_and_each_shape_has_its_own():
    recent = gradients.Recent()
    frame = wordfeud_draw.screenshot(wordfeud_draw.MIDGAME, 300, 600)
    steep = recent.steep(frame)
    with pytest.raises(ValueError):
        steep[0, 0] = 1
    other = np.ascontiguousarray(frame[:400])
    assert np.array_equal(recent.steep(other), locate.gradient(other))
    assert recent.steep(frame) is steep  # the same picture: the very gradient kept
    for k in range(gradients.LIMIT + 1):
        recent.steep(frame[:100 + k])
    assert len(recent.seen) == gradients.LIMIT


def full(reading) -> str:
    """Return everything a reading holds but its timings (floats exactly, by repr)."""
    return repr(dataclasses.replace(reading, timings_ms={}))


@pytest.mark.parametrize("game", ["wordfeud", "scrabble", "wwf"])
def test_a_board_after_changes_reads_as_read_afresh(game):
    """A game's boards one after the other, the gradients of the last ones remembered: every
    cell (box, letter, confidence, premium, note), the rack and the region are exactly those
    read with nothing remembered (no tiles either)."""
    draw = wwf_draw if game == "wwf" else wordfeud_draw
    position = dataclasses.replace(draw.MIDGAME, recent=set())
    racks = ("RENTOID", "SALTIER", "OUTLINE")
    frames = []
    for k, rack in enumerate(racks):
        rows = [list(row) for row in position.board]
        rows[0][k] = rack[0]  # a tile more on the top row, and a new rack
        position = dataclasses.replace(position, board=["".join(r) for r in rows], rack=rack)
        big = draw.screenshot(position, 1080, 1920)
        frames += [landscape(big, 1280, 820), portrait(big, 450)]
    gradients.RECENT.forget()
    remembered = [full(vision.read_board(game, frame)) for frame in frames + frames[::-1]]
    fresh = []
    for frame in frames + frames[::-1]:
        gradients.RECENT.forget()
        board.REMEMBERED.forget()
        fresh.append(full(vision.read_board(game, frame)))
    assert remembered == fresh


def test_square_shares_are_the_float_comparisons_shares():
    """board.measure counts ink in whole grey levels: the shares are exactly those of the
    comparisons in floating point, grounds from black to white (a mark's bound beyond 0..255)."""
    rng = np.random.default_rng(5)
    side = 40
    grounds = np.repeat(np.arange(256).astype(np.uint8), 2)
    grey = np.repeat(grounds, side * side).reshape(-1, side, side)
    noise = rng.integers(-90, 90, grey.shape)
    spots = rng.random(grey.shape) < 0.3
    grey = np.where(spots, np.clip(grey + noise, 0, 255), grey).astype(np.uint8)
    grey[1::2, :, :side // 2] = grey[1::2, :, :side // 2] // 2 + 1  # grounds of .5: half dark
    colour = np.repeat(grey[:, ::side // 16, ::side // 16, None], 3, axis=3)
    squares = board.measure(colour, grey)
    level = squares.level.reshape(-1, 1, 1)
    inner = grey[:, side // 10:side - side // 10, side // 10:side - side // 10]
    assert (squares.level % 1 == 0.5).any() and (squares.level < board.MARK).any()
    assert (squares.level > 255 - board.MARK).any()
    assert np.array_equal(squares.dark, (inner < board.DARK_INK * level).mean(axis=(1, 2)))
    assert np.array_equal(squares.light, (inner > level + board.LIGHT_INK * (255 - level))
                          .mean(axis=(1, 2)))
    assert np.array_equal(squares.marked, (np.abs(inner.astype(np.int16) - level)
                                           >= board.MARK).mean(axis=(1, 2)))


@pytest.mark.parametrize("block", [1000, colours.BLOCK, 32_768, 10**7])
def test_lab_colours_are_each_pixels_own_whatever_the_blocks(monkeypatch, block):
    """colours.lab8 converts a block of rows at a time (its size chosen for speed alone): each
    pixel's Lab colour is the same whatever the blocks and wherever the image is cut."""
    frame = landscape(wordfeud_draw.jpeg(wordfeud_draw.screenshot(wordfeud_draw.MIDGAME, 540,
                                                                  1080), 70), 700, 500)
    whole = colours.lab8(frame)
    monkeypatch.setattr(colours, "BLOCK", block)
    assert np.array_equal(colours.lab8(frame), whole)
    for top, bottom, left, right in ((3, 400, 0, 700), (7, 500, 5, 697), (100, 333, 17, 300)):
        part = np.ascontiguousarray(frame[top:bottom, left:right])
        assert np.array_equal(colours.lab8(part), whole[top:bottom, left:right])


def test_threads_reading_at_once_each_get_their_frames_gradient():
    """Threads asking for the gradients of frames of more shapes than are kept, all at once:
    each gets its own frame's (no thread sees another's, the kept list stays whole)."""
    import threading

    recent = gradients.Recent()
    big = wordfeud_draw.screenshot(wordfeud_draw.MIDGAME, 540, 1080)
    frames = [portrait(big, width) for width in (200, 210, 220, 230, 240, 250)]
    wrong: list[int] = []

    def reader(k: int) -> None:
        for image in changes(frames[k], k)[:6]:
            if not np.array_equal(recent.steep(image), locate.gradient(image)):
                wrong.append(k)

    threads = [threading.Thread(target=reader, args=(k,)) for k in range(len(frames))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == [] and len(recent.seen) == gradients.LIMIT
