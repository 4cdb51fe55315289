"""The per-user folders, in each platform's usual place (platformdirs), each with an override."""

from __future__ import annotations

import os
from pathlib import Path

APP = "assistant"


def cache_dir() -> Path:
    """Return the user's cache folder for this tool (ASSISTANT_CACHE_DIR overrides it)."""
    return folder("ASSISTANT_CACHE_DIR", "user_cache_dir")


def data_dir() -> Path:
    """Return the user's data folder for this tool (ASSISTANT_DATA_DIR overrides it)."""
    return folder("ASSISTANT_DATA_DIR", "user_data_dir")


def folder(override: str, kind: str) -> Path:
    """Return the folder an environment variable names, else platformdirs' folder of this kind."""
    if named := os.environ.get(override):
        return Path(named)
    import platformdirs  # lazy: only a command that reads or writes the folders needs it

    return Path(getattr(platformdirs, kind)(APP, appauthor=False))
