"""Packaging metadata (PITFALLS.md 12: a release must import on the lowest Python it claims)."""

from __future__ import annotations

import importlib.metadata
import importlib.resources
import os
import re
import sys
import tomllib
from pathlib import Path

import pytest

import trumpfamily

PYPROJECT = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8"))


def _lowest_python() -> tuple[int, int]:
    spec = PYPROJECT["project"]["requires-python"]
    found = re.fullmatch(r">=\s*(\d+)\.(\d+)", spec)
    assert found, f"requires-python should be a single lower bound, got {spec!r}"
    return int(found.group(1)), int(found.group(2))


def test_requires_python_is_311() -> None:
    """The design card fixes Python >= 3.11."""
    assert _lowest_python() == (3, 11)


def test_running_python_satisfies_requires_python() -> None:
    assert sys.version_info[:2] >= _lowest_python()


@pytest.mark.skipif(not os.environ.get("CI"), reason="CI runs on the lowest supported Python")
def test_ci_runs_on_the_lowest_supported_python() -> None:
    """PITFALLS.md 12: the suite must run on the lowest ``requires-python``."""
    assert sys.version_info[:2] == _lowest_python()


def test_classifiers_name_the_lowest_python() -> None:
    major, minor = _lowest_python()
    assert f"Programming Language :: Python :: {major}.{minor}" in PYPROJECT["project"]["classifiers"]


def test_version_has_one_source() -> None:
    assert importlib.metadata.version("trumpfamily") == trumpfamily.__version__


def test_py_typed_is_shipped() -> None:
    assert importlib.resources.files("trumpfamily").joinpath("py.typed").is_file()


def test_every_public_name_is_exported() -> None:
    missing = [name for name in trumpfamily.__all__ if not hasattr(trumpfamily, name)]
    assert missing == []


def _package_imports() -> dict[str, set[str]]:
    """Each module of the package -> the package modules it imports anywhere in its code
    (inside functions too), leaving out imports only made for type checking."""
    import ast

    root = Path(__file__).resolve().parent.parent / "src" / "trumpfamily"
    graph: dict[str, set[str]] = {}
    for path in root.rglob("*.py"):
        rel = path.relative_to(root).with_suffix("")
        parts = [p for p in rel.parts if p != "__init__"]
        name = ".".join(parts) or "trumpfamily"
        package = parts[:-1] if path.name != "__init__.py" else parts
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                typing_only.update(id(n) for stmt in node.body for n in ast.walk(stmt))
        deps: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in typing_only or not isinstance(node, ast.ImportFrom) or not node.level:
                continue
            base = package[: len(package) - (node.level - 1)]
            if node.module:
                deps.add(".".join([*base, *node.module.split(".")]))
            else:  # from . import name: the submodules named
                deps.update(".".join([*base, alias.name]) for alias in node.names)
        graph[name] = deps
    return graph


def _strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of a directed graph (Tarjan's algorithm, linear in its
    size), each sorted: a group of two or more nodes holds a cycle, and every cycle lies in
    one group."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for dep in sorted(edges.get(node, ())):
            if dep not in index:
                connect(dep)
                low[node] = min(low[node], low[dep])
            elif dep in on_stack:
                low[node] = min(low[node], index[dep])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return groups


def test_no_import_cycles() -> None:
    """DESIGN.md "The shape": nothing in the package imports, even lazily, a module that
    imports it back (the engine does not import records, the demo not the CLI)."""
    graph = _package_imports()
    modules = set(graph)
    edges: dict[str, set[str]] = {}
    for module in sorted(modules - {"trumpfamily"}):
        deps = {dep if dep in modules else dep.rsplit(".", 1)[0] for dep in graph[module]}
        edges[module] = {dep for dep in deps if dep in modules and dep not in ("trumpfamily", module)}
    # Cycles of any length, found as strongly connected groups (this used to list every
    # import path of up to 12 modules: 20 s of CPU, the slowest test of the suite).
    assert _strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [
        ["a", "b", "c"], ["d"]]  # the check finds a cycle when there is one
    cycles = [group for group in _strongly_connected(edges) if len(group) > 1]
    assert not cycles, f"import cycles among the modules: {cycles[:5]}"


# -- the licence ------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


def test_the_licence_file_is_the_mit_licence_of_pyproject() -> None:
    """pyproject.toml says MIT: the LICENSE file holds that licence's text, with the
    copyright line, and is the licence file the metadata names (PEP 639)."""
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 trumpfamily developers\n")
    assert "Permission is hereby granted, free of charge" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text
    assert PYPROJECT["project"]["license"] == "MIT"
    assert PYPROJECT["project"]["license-files"] == ["LICENSE"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel, built from the checkout by the project's build backend
    (hatchling, installed apart as pip's build isolation would)."""
    import subprocess

    tmp = tmp_path_factory.mktemp("dist")
    backend = tmp / "backend"
    requires = PYPROJECT["build-system"]["requires"]
    got = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--target",
                          str(backend), *requires], capture_output=True, text=True,
                         timeout=300, check=False)
    if got.returncode:
        pytest.skip(f"cannot install the build backend {requires}: {got.stderr.strip()[-300:]}")
    out = tmp / "out"
    code = ("import sys, hatchling.build as b; "
            "print(b.build_sdist(sys.argv[1])); print(b.build_wheel(sys.argv[1]))")
    subprocess.run([sys.executable, "-c", code, str(out)], cwd=ROOT, check=True, timeout=300,
                   env={**os.environ, "PYTHONPATH": str(backend)}, capture_output=True)
    return out


def test_the_licence_ships_in_the_sdist_and_the_wheel(built: Path) -> None:
    import tarfile
    import zipfile

    licence = (ROOT / "LICENSE").read_bytes()
    version = trumpfamily.__version__
    (sdist,) = built.glob("trumpfamily-*.tar.gz")
    with tarfile.open(sdist) as tar:
        member = tar.extractfile(f"trumpfamily-{version}/LICENSE")
        assert member is not None and member.read() == licence
        pkg_info = tar.extractfile(f"trumpfamily-{version}/PKG-INFO")
        assert pkg_info is not None
        sdist_meta = pkg_info.read().decode()
    (wheel,) = built.glob("trumpfamily-*.whl")
    with zipfile.ZipFile(wheel) as whl:
        info = f"trumpfamily-{version}.dist-info"
        assert whl.read(f"{info}/licenses/LICENSE") == licence
        wheel_meta = whl.read(f"{info}/METADATA").decode()
    for meta in (sdist_meta, wheel_meta):
        assert "License-Expression: MIT" in meta.splitlines()
        assert "License-File: LICENSE" in meta.splitlines()
