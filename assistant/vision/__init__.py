"""Vision: find a game's grid or board in an image and read its tiles (OpenCV, Tesseract).

Each game has a reader module here (types.Reader): `READERS`, the --reader choices it honours
(ocr.READERS: template matching, Tesseract, or auto); `read(frame, reader="auto") -> Reading`
(see types.py), which raises BadInput when the image holds no such board; and
`looks_like(frame) -> bool`, so that an image given with the wrong --game can be named
(`identify`). Call any of them as read_board(game, frame, reader). READERS maps a game name
(as in --game, and as in real-screens labels.json) to its module. These live in games.py, which
the readers themselves ask (`identify`, `claims`, `missing`).

Shared pieces, one of each for every reader: locate.py (the lattice of tiles: groups of faces,
or the window of a board of known shape), board.py and rack.py (the squares, tiles and rack of
a crossword board: wordfeud.py, scrabble.py, wwf.py; premiums.py reads Wordfeud's premium
labels), colours.py (face and ink), tiles.py (each tile's
glyphs and lines), shapes.py (cut glyphs, fit them, compare outlines), templates.py (the glyph
templates, committed as PNG sheets under templates/glyphs, and the one matcher), ocr.py (lines
read by template, or by Tesseract in one montage), annotate.py (draw). Reading needs no fonts
and no Pillow; `python -m assistant.vision.templates` draws the sheets again from the fonts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .games import IDENTIFY_ORDER, READERS, SHAPES, claims, identify, read_board, reader

__all__ = ["IDENTIFY_ORDER", "READERS", "SHAPES", "claims", "identify", "read_board", "reader"]

if TYPE_CHECKING:  # every reader module keeps to the Reader protocol (checked by mypy)
    from . import boggle, bookworm, scrabble, wordament, wordfeud, wwf
    from .types import Reader

    _readers: tuple[Reader, ...] = (wordament, boggle, bookworm, wordfeud, scrabble, wwf)
