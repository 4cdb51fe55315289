"""The per-user folders, in each platform's usual place (platformdirs), each with an override."""

from __future__ import annotations

import os
from pathlib import Path

from .. import DISTRIBUTION

APP = DISTRIBUTION  # the folders are named after the package the tool is installed by
OLD_APP = "assistant"  # their name before 0.2 (the store is brought over from there)


def cache_dir() -> Path:
    """Return the user's cache folder for this tool (ASSISTANT_CACHE_DIR overrides it)."""
    return folder("ASSISTANT_CACHE_DIR", "user_cache_dir")


def data_dir() -> Path:
    """Return the user's data folder for this tool (ASSISTANT_DATA_DIR overrides it)."""
    return folder("ASSISTANT_DATA_DIR", "user_data_dir")


def old_data_dir() -> Path | None:
    """Return the data folder of versions before 0.2, None when ASSISTANT_DATA_DIR names one."""
    return None if os.environ.get("ASSISTANT_DATA_DIR") else folder("", "user_data_dir", OLD_APP)


def folder(override: str, kind: str, app: str = APP) -> Path:
    """Return the folder an environment variable names, else platformdirs' folder of this kind."""
    if override and (named := os.environ.get(override)):
        return Path(named)
    import platformdirs  # lazy: only a command that reads or writes the folders needs it

    return Path(getattr(platformdirs, kind)(app, appauthor=False))
