"""Load a lexicon from a word-list file, compiling it once and caching it per user; the same
for its anagram index (Bookworm) and its crossword table (core.crossword.Below), cached beside
it.

The cache key is a hash of the file's bytes (BLAKE2, about 2 ms for ENABLE's 1.7 MB), read each
time: an edited list is compiled again even when its size and modification time are the same,
and two processes that compile at once each write a whole file and rename it into place.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..core import anagram
from ..core.anagram import Index
from ..core.lexicon import FORMAT, Lexicon, parse_words
from ..core.rules.languages import LANGUAGES, Language
from ..core.types import BadInput
from .folders import cache_dir
from .shipped import shipped
from .user import read_cache, read_file, write_cache

LEXICON_DIR = shipped("lexicons")
DEFAULT = "enable"
SYSTEM_DICT = Path("/usr/share/dict")  # where Debian's word-list packages (wswedish, ...) go
MAX_BYTES = 16 << 20  # the biggest real lists are about 7 MB (ENABLE 1.7 MB); see MAX_WORDS
T = TypeVar("T")

if TYPE_CHECKING:
    from ..core.crossword import Below


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
    if not data or data.isspace():  # (strip() would copy the whole list)
        raise BadInput(f"lexicon {path}: the file is empty")
    return data


def cache_key(data: bytes) -> str:
    """Return the key of a word list's compiled form: its hash, the format, Python's version."""
    try:  # BLAKE2 without loading OpenSSL (hashlib's import is ~4 ms of a cold start)
        from _blake2 import blake2b
    except ImportError:
        from hashlib import blake2b

    digest = blake2b(data, digest_size=12).hexdigest()
    return f"{digest}-f{FORMAT}-py{sys.version_info[0]}{sys.version_info[1]}"


def index_path(lexicon: Lexicon) -> Path:
    """Return where the anagram index of a loaded lexicon is cached (beside the lexicon)."""
    return cache_dir() / f"anagram-{lexicon.key}-a{anagram.FORMAT}.marshal"


def table_path(lexicon: Lexicon) -> Path:
    """Return where the crossword table of a loaded lexicon is cached (beside the lexicon)."""
    from ..core.crossword import TABLE_FORMAT

    return cache_dir() / f"crossword-{lexicon.key}-c{TABLE_FORMAT}.marshal"


def compiled_path(key: str) -> Path:
    """Return where the compiled form of the word list with this cache key is cached."""
    return cache_dir() / f"lexicon-{key}.marshal"


def load(spec: str | None = None, progress: Callable[[str], None] | None = None,
         language: Language | None = None) -> Lexicon:
    """Return the lexicon for a path, bundled name or language name, its words as that
    language's tiles (default English: A-Z), from the cache when its bytes were compiled
    before."""
    path = resolve(spec)
    return load_data(path, read_bytes(path), progress, language)


def load_data(path: Path, data: bytes, progress: Callable[[str], None] | None,
              language: Language | None = None) -> Lexicon:
    """Return the lexicon of a word list's bytes: from the cache, else compiled and stored."""
    code = language.code if language else "en"
    key = cache_key(data) + ("" if code == "en" else f"-{code}")
    lexicon = _from_cache(compiled_path(key), lambda form: Lexicon.from_bytes(form, path.name, key))
    if lexicon is None:
        words = parse_words(data, f"lexicon {path}", language)  # a bad list: one line alone
        if progress:
            progress(f"compiling lexicon {path} (once; it is cached for next time)")
        lexicon = Lexicon.from_wordlist(words, path.name)
        if progress and code != "en" and lexicon.skipped:
            progress(f"lexicon {path}: {lexicon.count} words; {lexicon.skipped} entries dropped "
                     f"(letters with no {language and language.name} tile), e.g. "
                     + ", ".join(lexicon.examples))
        lexicon.key = key
        write_cache(compiled_path(key), lexicon.to_bytes())
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
        write_cache(cached, found.to_bytes())
    return found


@lru_cache(maxsize=4)
def crossword_table(lexicon: Lexicon) -> Below:
    """Return a lexicon's crossword table, made once per process and used by its crossword
    moves from now on: from the cache beside the compiled lexicon when it is there, else built
    (about 0.2 s for ENABLE) and stored there (a lexicon made in memory: just built)."""
    from ..core import crossword as cw

    if not lexicon.key:
        table = cw.Below.build(lexicon)
    else:
        cached = table_path(lexicon)
        found = _from_cache(cached, lambda form: cw.Below.from_bytes(lexicon, form))
        if found is None:
            found = cw.Below.build(lexicon)
            write_cache(cached, found.to_bytes())
        table = found
    cw.use_below(lexicon, table)
    return table


def _from_cache(cached: Path, parse: Callable[[bytes], T]) -> T | None:
    """Return what a cache file holds, parsed, or None when it is missing or unreadable."""
    data = read_cache(cached)
    if data is None:
        return None
    gc.disable()  # marshal builds ~50,000 objects; a collection pass mid-load only costs time
    try:
        found = parse(data)
        gc.freeze()  # and later ones, over them (they live as long as the process): ~9 ms each
        return found
    except ValueError:
        return None
    finally:
        gc.enable()
