"""Lexicon: a word list as a minimal DAWG of nested dicts, walked letter by letter.

A node is a dict from an uppercase letter to the next node; the key END marks the end of a word.
Equal sub-trees are shared, so ENABLE's 390,000 trie nodes become about 54,000 dicts, which
marshal stores (with the sharing) in about 1.4 MB and loads in about 20 ms. The solvers walk it
with `node.get(letter)`, the fastest step pure Python offers. The compiled form also lists the
distinct nodes in a fixed order, so that data kept per node (the anagram index's shapes) can be
stored apart as a plain list and matched to the nodes again without walking the graph.
"""

from __future__ import annotations

import marshal
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .rules.languages import Language
from .types import BadInput

END = "$"
FORMAT = 2  # bump when the compiled form changes
Node = dict  # letter -> Node, and END -> True

WORD = re.compile(r"[A-Z]+")
MAX_WORD_LETTERS = 64  # a longer entry is skipped (the longest English words have about 45)
MAX_WORDS = 2_000_000  # distinct words in a list (ENABLE has 172,820)
MAX_TRIE_LETTERS = 2_000_000  # letters once shared beginnings count once (ENABLE: 387,880);
# a list of random words as big takes about 10 s and 500 MB to compile: more is refused


@dataclass(frozen=True)
class WordList:
    """The usable words of a list, plus how many entries were skipped and a few examples."""

    words: list[str]
    skipped: int = 0
    examples: tuple[str, ...] = field(default=())


def parse_words(data: bytes, where: str = "word list",
                language: Language | None = None) -> WordList:
    """Return the distinct words of a list, one per line (extra columns ignored), as tiles in
    upper case: A-Z words, or with a language, its tiles (see Language.word_tiles); the entries
    that are not words of the language are counted as skipped."""
    if b"\x00" in data[:65536]:
        raise BadInput(f"{where}: a binary file, not a word list")
    if (lines := data.count(b"\n")) > MAX_WORDS:
        raise BadInput(f"{where}: {lines:,} lines, over the cap of {MAX_WORDS:,} words")
    words: set[str] = set()
    skipped: list[str] = []
    for line in decode(data).splitlines():
        token = line.split(None, 1)[0] if line.strip() else ""
        word = as_tiles(token, language) if len(token) <= MAX_WORD_LETTERS else None
        if word:
            words.add(word)
        elif token:
            skipped.append(token[:MAX_WORD_LETTERS].upper())
    if not words:
        raise BadInput(f"{where}: no valid words (one A-Z word per line expected)")
    ordered = sorted(words)
    if (letters := trie_letters(ordered)) > MAX_TRIE_LETTERS:
        raise BadInput(f"{where}: too big to compile: {letters:,} letters once shared "
                       f"beginnings count once, over the cap of {MAX_TRIE_LETTERS:,}")
    return WordList(ordered, len(skipped), tuple(skipped[:5]))


def trie_letters(words: list[str]) -> int:
    """Return the letters of sorted words once the beginning each shares with the word before
    is counted once: the nodes of their trie, which compiling them builds."""
    total, before = 0, ""
    for word in words:
        shared = 0
        for a, b in zip(word, before, strict=False):
            if a != b:
                break
            shared += 1
        total, before = total + len(word) - shared, word
    return total


def decode(data: bytes) -> str:
    """Return a word list's text: UTF-8 (without a byte-order mark), or Latin-1 (as some
    system lists are) when not."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def as_tiles(token: str, language: Language | None) -> str | None:
    """Return a word-list entry as tiles in upper case, or None when it is not a word."""
    if language is None or language.code == "en":
        return token.upper() if WORD.fullmatch(token.upper()) else None
    return language.word_tiles(token)


def build(words: Iterable[str]) -> Node:
    """Return the root of the minimal DAWG that holds exactly these sorted, distinct words."""
    root: Node = {}
    nodes = [root]
    for word in words:
        node = root
        for letter in word:
            child = node.get(letter)
            if child is None:
                child = node[letter] = {}
                nodes.append(child)
            node = child
        node[END] = True
    return _minimise(nodes)


def _minimise(nodes: list[Node]) -> Node:
    """Merge equal sub-trees, children before parents (nodes are listed parents first)."""
    register: dict[tuple, Node] = {}
    canonical: dict[int, Node] = {}
    for node in reversed(nodes):
        for letter, child in node.items():
            if letter != END:
                node[letter] = canonical[id(child)]
        key = tuple((letter, id(child)) for letter, child in node.items())
        canonical[id(node)] = register.setdefault(key, node)
    return canonical[id(nodes[0])]


class Lexicon:
    """A set of words that answers: is it a word, is it a prefix, and what follows a prefix."""

    def __init__(self, root: Node, count: int, skipped: int = 0,
                 examples: tuple[str, ...] = (), name: str = "",
                 nodes: list[Node] | None = None, key: str = "") -> None:
        self.root, self.count, self.skipped = root, count, skipped
        self.examples, self.name = examples, name
        self._nodes = nodes
        self.key = key  # names the compiled form it was loaded from ("" when made in memory)
        self.derived: dict[str, object] = {}  # tables a solver works out from it, kept with it

    @property
    def nodes(self) -> list[Node]:
        """Return the distinct nodes, root first, in the order the compiled form keeps them."""
        if self._nodes is None:
            self._nodes = distinct_nodes(self.root)
        return self._nodes

    @classmethod
    def from_words(cls, words: Iterable[str], name: str = "",
                   language: Language | None = None) -> Lexicon:
        """Return a lexicon of these words (any case; entries outside the language's
        alphabet, by default A-Z, are skipped)."""
        data = "\n".join(words).encode()
        return cls.from_wordlist(parse_words(data, name or "words", language), name)

    @classmethod
    def from_wordlist(cls, wordlist: WordList, name: str = "") -> Lexicon:
        """Return the lexicon of a parsed word list."""
        return cls(build(wordlist.words), len(wordlist.words), wordlist.skipped,
                   wordlist.examples, name)

    def node(self, letters: str) -> Node | None:
        """Return the node reached by spelling these letters from the root, or None."""
        node = self.root
        for letter in letters.upper():
            step = node.get(letter)
            if step is None:
                return None
            node = step
        return node

    def is_word(self, word: str) -> bool:
        """True when the word is in the lexicon."""
        node = self.node(word)
        return node is not None and END in node

    def is_prefix(self, prefix: str) -> bool:
        """True when some word in the lexicon starts with these letters."""
        return self.node(prefix) is not None

    __contains__ = is_word

    def __len__(self) -> int:
        return self.count

    def words(self, node: Node | None = None, prefix: str = "") -> Iterator[str]:
        """Yield every word below a node (default: all words), in alphabetical order."""
        node = self.root if node is None else node
        if END in node:
            yield prefix
        for letter, child in children(node):
            yield from self.words(child, prefix + letter)

    def to_bytes(self) -> bytes:
        """Return the compiled form: a marshal of the list's counts and the distinct nodes,
        root first (marshal keeps the sharing: the root holds the whole DAWG, the rest of the
        list refers back to nodes already written)."""
        return marshal.dumps((FORMAT, self.count, self.skipped, self.examples, self.nodes))

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "", key: str = "") -> Lexicon:
        """Return a lexicon from its compiled form; ValueError if the form is not ours."""
        try:
            fmt, count, skipped, examples, nodes = marshal.loads(data)
        except (EOFError, TypeError, ValueError) as err:
            raise ValueError("not a compiled lexicon") from err
        if fmt != FORMAT:
            raise ValueError(f"compiled lexicon format {fmt}, expected {FORMAT}")
        return cls(nodes[0], count, skipped, tuple(examples), name, nodes, key)


def distinct_nodes(root: Node) -> list[Node]:
    """Return every distinct node below the root (and the root first), each once, depth-first."""
    found, seen, stack = [root], {id(root)}, [root]
    while stack:
        for letter, child in stack.pop().items():
            if letter != END and id(child) not in seen:
                seen.add(id(child))
                found.append(child)
                stack.append(child)
    return found


def children(node: Node) -> Iterator[tuple[str, Node]]:
    """Yield (letter, child) for each letter that can follow this node."""
    for letter, child in node.items():
        if letter != END:
            yield letter, child


def is_end(node: Node) -> bool:
    """True when the letters that reached this node spell a word."""
    return END in node
