"""Files the user named (read, or written whole, every way it can fail one BadInput line) and
the per-user cache files (read when they are there, written whole)."""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path

from ..core.types import BadInput

NONBLOCK, BINARY = getattr(os, "O_NONBLOCK", 0), getattr(os, "O_BINARY", 0)


def size_name(limit: int) -> str:
    """Return a byte count as '64 KB' or '256 MB'."""
    return f"{limit >> 20} MB" if limit >= 1 << 20 else f"{limit >> 10} KB"


def read_file(path: str | Path, what: str, limit: int, label: str = "",
              missing: str = "") -> bytes:
    """Return the bytes of the file, or raise BadInput naming it and saying what is wrong:
    missing (plus the `missing` hint), a directory, over `limit` bytes, or unreadable."""
    path, where = Path(path), f"{label}{path}"
    try:
        # opened once, so what is checked is what is read; without waiting for a FIFO's writer
        with os.fdopen(os.open(path, os.O_RDONLY | NONBLOCK | BINARY), "rb", buffering=0) as file:
            kind = os.fstat(file.fileno())
            if stat.S_ISDIR(kind.st_mode):
                raise IsADirectoryError
            if not stat.S_ISREG(kind.st_mode):  # /dev/zero, a FIFO, a socket: no end, no size
                raise BadInput(f"{where}: not a regular file (a device or a pipe), not {what}")
            if kind.st_size > limit:
                raise BadInput(f"{where}: over {size_name(limit)}, too big for {what}")
            return file.read(limit + 1)
    except FileNotFoundError:
        raise BadInput(f"{where}: no such file{missing}") from None
    except IsADirectoryError:
        raise BadInput(f"{where}: is a directory, not {what}") from None
    except OSError as err:
        raise BadInput(f"{where}: cannot read it ({err.strerror})") from None


def writable(path: str | Path, what: str) -> Path:
    """Return the path of a file to write, or raise BadInput when its folder is missing or
    not writable (checked before any work is done, not when the first write fails)."""
    path = Path(path).expanduser()
    folder = path.resolve().parent
    if not folder.is_dir():
        raise BadInput(f"{what} {path}: no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise BadInput(f"{what} {path}: cannot write in {folder}")
    return path


def write_json(path: Path, data: object) -> None:
    """Write JSON to a file whole: into a temporary file beside it, then renamed over it, so a
    reader (or a process killed mid-write) never sees half a file."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.resolve().parent)
    with os.fdopen(handle, "w") as out:
        json.dump(data, out)
    os.replace(temporary, path)


def read_cache(path: Path) -> bytes | None:
    """Return a cache file's bytes, or None when it is missing or cannot be read."""
    try:
        return path.read_bytes()
    except OSError:
        return None


def write_cache(path: Path, data: bytes) -> None:
    """Write a cache file whole (a temporary file renamed into place, so two processes writing
    at once each leave a whole file); a cache that cannot be written is skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as out:
            out.write(data)
        os.replace(out.name, path)
    except OSError:
        pass
