"""Load a screenshot file as a BGR frame, refusing what is not a whole, sane-sized image.

OpenCV decodes, within the pixel limit set when it is loaded (assistant/__init__.py): it reads
the header first and refuses a larger image without allocating it. A file that fails is looked
at again, header only, by Pillow's lazy open, to say why: too many pixels, or damaged. A PNG or
JPEG must also end with its end marker, so that a truncated file is named as such instead of
being decoded in part.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from .. import MAX_IMAGE_PIXELS as MAX_PIXELS
from ..core.types import BadInput
from ..files.user import read_file

if TYPE_CHECKING:
    import numpy as np

MAX_BYTES = 256 << 20
MIN_SIDE = 16  # pixels: no board fits in less
MAX_ASPECT = 10  # long side over short side: screens and phones are under 4, boards square


def sniff(data: bytes) -> str:
    """Return the image format named by the file's magic bytes, or '' if none is known."""
    formats = {b"\x89PNG\r\n\x1a\n": "png", b"\xff\xd8\xff": "jpeg", b"BM": "bmp"}
    for magic, name in formats.items():
        if data.startswith(magic):
            return name
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return ""


def complete(data: bytes, kind: str) -> bool:
    """True unless a PNG lacks its IEND chunk or a JPEG its end-of-image marker."""
    if kind == "png":
        return b"IEND" in data[-32:]
    if kind == "jpeg":
        return data.rstrip(b"\x00").endswith(b"\xff\xd9")
    return True


def dimensions(data: bytes) -> tuple[int, int] | None:
    """Return (width, height) as the image's header gives them (Pillow reads no further), or
    None when Pillow cannot make out the header."""
    from PIL import Image

    limit, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, None  # the size is what is asked
    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except (OSError, ValueError, SyntaxError):
        return None
    finally:
        Image.MAX_IMAGE_PIXELS = limit


def too_big(size: tuple[int, int] | None, where: str) -> BadInput | None:
    """Return the error for an image of this size over MAX_PIXELS, else None."""
    if size is None or size[0] * size[1] <= MAX_PIXELS:
        return None
    return BadInput(f"{where}: {size[0]}x{size[1]} pixels is over the limit of "
                    f"{MAX_PIXELS // 1_000_000} MP (a decompression bomb?)")


def decode(data: bytes, where: str) -> np.ndarray:
    """Return the BGR frame of an image file's bytes, or raise BadInput saying what is wrong."""
    kind = sniff(data)
    if not kind:
        raise BadInput(f"{where}: not an image (PNG, JPEG, BMP or WebP expected)")
    if not complete(data, kind):
        raise BadInput(f"{where}: truncated {kind.upper()} file (the end of the image is missing)")
    import cv2
    import numpy as np

    try:
        with quiet_stderr():
            frame = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    except cv2.error:  # OpenCV 5 raises where 4 returned None (its pixel limit among others)
        frame = None
    if frame is None:
        raise too_big(dimensions(data), where) or \
            BadInput(f"{where}: a damaged {kind.upper()} file that cannot be decoded")
    if refused := too_big(frame.shape[1::-1], where):  # OpenCV was loaded before our limit
        raise refused
    return frame


def sane_shape(frame: np.ndarray, where: str) -> np.ndarray:
    """Return the frame, or raise BadInput when it is too small or too thin to hold a board
    (scaled for reading, a side would come to nothing)."""
    height, width = frame.shape[:2]
    if min(height, width) < MIN_SIDE or max(height, width) > MAX_ASPECT * min(height, width):
        raise BadInput(f"{where}: {width}x{height} pixels is too small or too thin to hold a "
                       f"board (at least {MIN_SIDE} pixels a side, at most {MAX_ASPECT}:1)")
    return frame


@contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send what C libraries print on the stderr file (libpng's "libpng error: ...") nowhere
    meanwhile: a file that fails is reported by the caller, in one line. (No stderr file, as
    under pythonw: nothing to hide.)"""
    if sys.stderr:
        sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:
        saved = -1
    if saved < 0:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def load_image(path: str | Path) -> np.ndarray:
    """Return the BGR frame of an image file, or raise BadInput naming the file and the fault."""
    return sane_shape(decode(read_file(path, "an image", MAX_BYTES), str(path)), str(path))
