"""assistant.core stays pure: standard library only, and nothing that touches files or screens."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[1] / "assistant" / "core"
IO_MODULES = {"os", "io", "pathlib", "shutil", "subprocess", "socket", "sqlite3", "tkinter",
              "tempfile", "glob", "urllib", "http", "ctypes", "mmap", "threading", "asyncio",
              "multiprocessing", "signal", "select", "logging", "sys", "time", "builtins"}
IO_CALLS = {"open", "print", "input", "exec", "eval", "__import__"}


def imports(tree: ast.AST) -> list[tuple[str, int]]:
    """Return (module, relative level) for each import in a module's syntax tree."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
    return found


def calls(tree: ast.AST) -> set[str]:
    """Return the names of plain functions called in a module's syntax tree."""
    return {node.func.id for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}


def test_core_imports_only_pure_standard_library():
    sources = sorted(CORE.rglob("*.py"))  # core/rules/ too
    assert len(sources) >= 5
    for source in sources:
        tree = ast.parse(source.read_text(), str(source))
        depth = len(source.relative_to(CORE).parts)  # 1 in core/, 2 in core/rules/
        for module, level in imports(tree):
            top = module.split(".")[0]
            if level:
                assert level <= depth, f"{source.name} reaches outside core: {'.' * level}{module}"
                continue
            assert top in sys.stdlib_module_names, f"{source.name} imports {module}"
            assert top not in IO_MODULES, f"{source.name} imports the I/O module {module}"
        assert not calls(tree) & IO_CALLS, f"{source.name} calls {calls(tree) & IO_CALLS}"


def test_the_check_catches_an_impure_module():
    tree = ast.parse("import cv2\nfrom os import path\nfrom ..vision import x\nopen('f')")
    assert imports(tree) == [("cv2", 0), ("os", 0), ("vision", 2)]
    assert "open" in calls(tree)
