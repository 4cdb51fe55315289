"""Load a screenshot file as a BGR frame, refusing what is not a whole, sane-sized image.

The header is checked before anything is decoded: the format by its magic bytes, the size by its
header fields (so a decompression bomb is refused without allocating it), and a PNG or JPEG must
end with its end marker (so a truncated file is named as such, not half-decoded).
"""

from __future__ import annotations

import os
import struct
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.types import BadInput
from ..files import read_file

if TYPE_CHECKING:
    import numpy as np

MAX_BYTES = 256 << 20
MAX_PIXELS = 80_000_000  # 8K x 8K is 67 MP; a 4K screenshot is 8.3 MP


def sniff(data: bytes) -> str:
    """Return the image format named by the file's magic bytes, or '' if none is known."""
    formats = {b"\x89PNG\r\n\x1a\n": "png", b"\xff\xd8\xff": "jpeg", b"BM": "bmp"}
    for magic, name in formats.items():
        if data.startswith(magic):
            return name
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return ""


def dimensions(data: bytes, kind: str) -> tuple[int, int] | None:
    """Return (width, height) from the header, or None when the header does not say."""
    if kind == "png" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    if kind == "bmp" and len(data) >= 26:
        width, height = struct.unpack("<ii", data[18:26])
        return abs(width), abs(height)
    if kind == "jpeg":
        return _jpeg_dimensions(data)
    if kind == "webp":
        return _webp_dimensions(data)
    return None


def _webp_dimensions(data: bytes) -> tuple[int, int] | None:
    """Return (width, height) from a WebP's first chunk (VP8X, VP8L or VP8)."""
    chunk = data[12:16]
    if chunk == b"VP8X" and len(data) >= 30:
        return (int.from_bytes(data[24:27], "little") + 1,
                int.from_bytes(data[27:30], "little") + 1)
    if chunk == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1
    if chunk == b"VP8 " and len(data) >= 30:
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    return None


def _jpeg_dimensions(data: bytes) -> tuple[int, int] | None:
    """Return (width, height) from a JPEG's start-of-frame segment."""
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            return None
        marker, length = data[at + 1], struct.unpack(">H", data[at + 2:at + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + length
    return None


def complete(data: bytes, kind: str) -> bool:
    """True unless a PNG lacks its IEND chunk or a JPEG its end-of-image marker."""
    if kind == "png":
        return b"IEND" in data[-32:]
    if kind == "jpeg":
        return data.rstrip(b"\x00").endswith(b"\xff\xd9")
    return True


def decode(data: bytes, where: str) -> np.ndarray:
    """Return the BGR frame of an image file's bytes, or raise BadInput saying what is wrong."""
    kind = sniff(data)
    if not kind:
        raise BadInput(f"{where}: not an image (PNG, JPEG, BMP or WebP expected)")
    size = dimensions(data, kind)
    if size and size[0] * size[1] > MAX_PIXELS:
        raise BadInput(f"{where}: {size[0]}x{size[1]} pixels is over the limit of "
                       f"{MAX_PIXELS // 1_000_000} MP (a decompression bomb?)")
    if size and min(size) == 0:
        raise BadInput(f"{where}: the image is empty ({size[0]}x{size[1]})")
    if not complete(data, kind):
        raise BadInput(f"{where}: truncated {kind.upper()} file (the end of the image is missing)")
    os.environ.setdefault("OPENCV_LOG_LEVEL", "SILENT")
    import cv2
    import numpy as np

    frame = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if frame is None:
        raise BadInput(f"{where}: a damaged {kind.upper()} file that cannot be decoded")
    return frame


def load_image(path: str | Path) -> np.ndarray:
    """Return the BGR frame of an image file, or raise BadInput naming the file and the fault."""
    return decode(read_file(path, "an image", MAX_BYTES), str(path))
