"""The user's own store: where it lives (history.sqlite in the user's data folder, the store of
versions before 0.2 brought over first: upgrade.py), and the words it bans, read as a player
starts. Apart from store.py, which upgrade.py builds on, so that no import goes round.
"""

from __future__ import annotations

from pathlib import Path

from .store import FILENAME, Store


def default_path() -> Path:
    """Return where the user's store lives: history.sqlite in the data folder (a store left in
    the folder of versions before 0.2 is brought over first: upgrade.py)."""
    from ..files.folders import data_dir, old_data_dir

    path, old = data_dir() / FILENAME, old_data_dir()
    if old is not None and old != path.parent and (old / FILENAME).exists():
        from .upgrade import bring_in

        bring_in(old / FILENAME, path)
    return path


def banned(game: str, path: Path | None = None) -> set[str]:
    """Return the words a game rejected on enough evidence, from the user's store (or the
    one at path) as a player opens it; none when there is no store yet (none is created)."""
    path = default_path() if path is None else path
    if not path.exists():
        return set()
    with Store.open(path) as store:
        return store.rejected(game)
