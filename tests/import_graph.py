"""The import graph of the assistant package, read from its source (ast, nothing imported).

    python -m tests.import_graph            folder -> the folders it imports
    python -m tests.import_graph --modules  module -> the modules it imports

Every import counts: at the top of a module, inside a function (the lazy imports of heavy or
platform-specific code), and under TYPE_CHECKING (a type named is a dependency all the same).
A folder is a package right under assistant/ (live, core with core/rules, ...); the modules at
the top of assistant/ (cli.py, ...) are the folder `top`, but assistant/__init__.py (the version,
the distribution's name) is a node of its own, `__init__`, since every layer may read it.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "assistant"
ROOT = "__init__"  # the package's own __init__.py, a node apart from the top folder
TOP = "top"  # the modules at the top of assistant/


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Return {dotted module name: source file} for every module under the package."""
    found = {}
    for source in sorted(package.rglob("*.py")):
        parts = source.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = source
    return found


def is_package(name: str, known: dict[str, Path]) -> bool:
    """Return whether a known module is a package (its source is an __init__.py)."""
    return known[name].name == "__init__.py"


def imported(source: Path, name: str, known: dict[str, Path]) -> Iterator[str]:
    """Yield the known modules one module's source imports, anywhere in it."""
    tree = ast.parse(source.read_text(), str(source))
    package = name if is_package(name, known) else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from deepest(alias.name, known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                yield from [whole] if whole in known else deepest(base, known)


def deepest(name: str, known: dict[str, Path]) -> Iterator[str]:
    """Yield the longest known module that name is or lies inside (nothing if none)."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in known:
            yield candidate
            return


def module_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Return {module: the other modules of the package it imports}."""
    known = modules(package)
    return {name: set(imported(source, name, known)) - {name} for name, source in known.items()}


def folder(name: str, known: dict[str, Path]) -> str:
    """Return the folder right under assistant/ a module lies in (TOP for the modules at the
    top, ROOT for the package's own __init__)."""
    parts = name.split(".")
    if len(parts) == 1:
        return ROOT
    return parts[1] if is_package(".".join(parts[:2]), known) else TOP


def folder_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Return {folder: the other folders its modules import}."""
    known = modules(package)
    graph: dict[str, set[str]] = {}
    for name, targets in module_graph(package).items():
        home = folder(name, known)
        graph.setdefault(home, set()).update(folder(t, known) for t in targets)
    return {home: targets - {home} for home, targets in graph.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the graph's strongly connected parts of more than one node (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def short(name: str) -> str:
    """Return a module name without the leading `assistant.` (a folder's name as it is)."""
    return name.removeprefix(PACKAGE.name + ".")


def show(graph: dict[str, set[str]]) -> str:
    """Return the graph as lines `node -> target, target`, nodes sorted."""
    return "\n".join(f"{short(node):22} -> {', '.join(sorted(map(short, graph[node]))) or '-'}"
                     for node in sorted(graph, key=short))


def main(args: list[str]) -> int:
    """Print the folder graph (or, with --modules, the module graph) and any cycles."""
    graph = module_graph() if "--modules" in args else folder_graph()
    print(show(graph))
    for cycle in cycles(graph):
        print("cycle:", " <-> ".join(map(short, cycle)))
    return 1 if cycles(graph) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
