"""Read a file the user named, turning every way it can fail into one BadInput line."""

from __future__ import annotations

from pathlib import Path

from .core.types import BadInput


def size_name(limit: int) -> str:
    """Return a byte count as '64 KB' or '256 MB'."""
    return f"{limit >> 20} MB" if limit >= 1 << 20 else f"{limit >> 10} KB"


def read_file(path: str | Path, what: str, limit: int, label: str = "",
              missing: str = "") -> bytes:
    """Return the bytes of the file, or raise BadInput naming it and saying what is wrong:
    missing (plus the `missing` hint), a directory, over `limit` bytes, or unreadable."""
    path, where = Path(path), f"{label}{path}"
    try:
        if path.stat().st_size > limit:
            raise BadInput(f"{where}: over {size_name(limit)}, too big for {what}")
        return path.read_bytes()
    except FileNotFoundError:
        raise BadInput(f"{where}: no such file{missing}") from None
    except IsADirectoryError:
        raise BadInput(f"{where}: is a directory, not {what}") from None
    except OSError as err:
        raise BadInput(f"{where}: cannot read it ({err.strerror})") from None
