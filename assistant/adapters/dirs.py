"""The per-user cache directory, in each platform's usual place."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "assistant"


def cache_dir() -> Path:
    """Return the user's cache directory for this tool (ASSISTANT_CACHE_DIR overrides it)."""
    if override := os.environ.get("ASSISTANT_CACHE_DIR"):
        return Path(override)
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local"
        return Path(local) / APP / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / APP
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / APP

