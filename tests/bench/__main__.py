"""Run every benchmark section and print one JSON object: python -m tests.bench [SECTION...]."""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys

import tests.bench as package


def main(names: list[str]) -> None:
    """Print the JSON of the named sections (default: all), each as it finishes, then all."""
    names = names or sorted(m.name for m in pkgutil.iter_modules(package.__path__)
                            if not m.name.startswith("_"))
    report = {}
    for name in names:
        print(f"bench: {name} ...", file=sys.stderr, flush=True)
        report[name] = importlib.import_module(f"tests.bench.{name}").bench()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])
