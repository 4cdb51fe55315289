"""Load a lexicon from a word-list file, compiling it once and caching it per user; the same
for its anagram index (Bookworm), cached beside it.

The cache key is the hash of the file's bytes, so an edited list is compiled again, and two
processes that compile at once each write a whole file and rename it into place.
"""

from __future__ import annotations

import gc
import hashlib
import os
import sys
import tempfile
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from .adapters.dirs import cache_dir
from .core import anagram
from .core.anagram import Index
from .core.lexicon import FORMAT, Lexicon, parse_words
from .core.rules.languages import LANGUAGES, Language
from .core.types import BadInput
from .files import read_file

LEXICON_DIR = Path(__file__).resolve().parent.parent / "lexicons"
DEFAULT = "enable"
SYSTEM_DICT = Path("/usr/share/dict")  # where Debian's word-list packages (wswedish, ...) go
MAX_BYTES = 64 << 20  # no word list is this big; guards against reading a disk image
T = TypeVar("T")


def resolve(spec: str | None) -> Path:
    """Return the word-list file for a path or a bundled name ('enable' by default)."""
    spec = spec or DEFAULT
    path = Path(spec).expanduser()
    if path.suffix or os.sep in spec or "/" in spec:
        return path
    bundled = LEXICON_DIR / f"{spec}.txt"
    if bundled.exists() or path.exists():
        return bundled if bundled.exists() else path
    return system_list(spec) or bundled


def system_list(name: str) -> Path | None:
    """Return the installed system word list of a language named so ('swedish'), None when no
    language has that name; raise BadInput saying how to install it when it is missing."""
    found = next((lang for lang in LANGUAGES.values() if lang.dict_file and lang.name == name),
                 None)
    if found is None:
        return None
    path = SYSTEM_DICT / found.dict_file
    if not path.exists():
        raise BadInput(f"lexicon {name}: {path} is not installed; install it with: "
                       f"sudo apt-get install {found.package}")
    return path


def read_bytes(path: Path) -> bytes:
    """Return a word-list file's bytes, or raise BadInput saying why it cannot be read."""
    data = read_file(path, "a word list", MAX_BYTES, "lexicon ",
                     f" (give a path, or a name in {LEXICON_DIR})")
    if not data.strip():
        raise BadInput(f"lexicon {path}: the file is empty")
    return data


def cache_key(data: bytes) -> str:
    """Return the key of a word list's compiled form: its hash, the format, Python's version."""
    digest = hashlib.sha256(data).hexdigest()[:24]
    return f"{digest}-f{FORMAT}-py{sys.version_info[0]}{sys.version_info[1]}"


def cache_path(key: str) -> Path:
    """Return where the compiled form of a word list with this key is cached."""
    return cache_dir() / f"lexicon-{key}.marshal"


def index_path(lexicon: Lexicon) -> Path:
    """Return where the anagram index of a loaded lexicon is cached (beside the lexicon)."""
    return cache_dir() / f"anagram-{lexicon.key}-a{anagram.FORMAT}.marshal"


def load(spec: str | None = None, progress: Callable[[str], None] | None = None,
         language: Language | None = None) -> Lexicon:
    """Return the lexicon for a path, bundled name or language name, its words as that
    language's tiles (default English: A-Z), from the cache when it is there."""
    path = resolve(spec)
    data = read_bytes(path)
    code = language.code if language else "en"
    key = cache_key(data) + ("" if code == "en" else f"-{code}")
    cached = cache_path(key)
    lexicon = _from_cache(cached, lambda form: Lexicon.from_bytes(form, path.name, key))
    if lexicon is None:
        if progress:
            progress(f"compiling lexicon {path} (once; it is cached for next time)")
        lexicon = Lexicon.from_wordlist(parse_words(data, f"lexicon {path}", language), path.name)
        if progress and code != "en" and lexicon.skipped:
            progress(f"lexicon {path}: {lexicon.count} words; {lexicon.skipped} entries dropped "
                     f"(letters with no {language and language.name} tile), e.g. "
                     + ", ".join(lexicon.examples))
        lexicon.key = key
        _store(cached, lexicon.to_bytes())
    return lexicon


@lru_cache(maxsize=4)
def index(lexicon: Lexicon) -> Index:
    """Return a lexicon's anagram index (Bookworm), made once per process: see cached_index."""
    return cached_index(lexicon)


def cached_index(lexicon: Lexicon) -> Index:
    """Return a lexicon's anagram index: from the cache beside the compiled lexicon when it is
    there, else built and stored there (a lexicon made in memory: just built)."""
    if not lexicon.key:
        return Index(lexicon)
    cached = index_path(lexicon)
    found = _from_cache(cached, lambda form: Index.from_bytes(lexicon, form))
    if found is None:
        found = Index(lexicon)
        _store(cached, found.to_bytes())
    return found


def _from_cache(cached: Path, parse: Callable[[bytes], T]) -> T | None:
    """Return what a cache file holds, parsed, or None when it is missing or unreadable."""
    try:
        data = cached.read_bytes()
    except OSError:
        return None
    gc.disable()  # marshal builds ~50,000 objects; a collection pass mid-load only costs time
    try:
        return parse(data)
    except ValueError:
        return None
    finally:
        gc.enable()


def _store(cached: Path, data: bytes) -> None:
    """Write the compiled lexicon atomically; a cache that cannot be written is skipped."""
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=cached.parent, delete=False) as out:
            out.write(data)
        os.replace(out.name, cached)
    except OSError:
        pass
