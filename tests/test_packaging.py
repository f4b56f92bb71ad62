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
