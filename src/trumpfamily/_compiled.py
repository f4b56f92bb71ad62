"""Which build is running, and the one marker the compiled build needs (issue 24).

The compiled build compiles the hot modules with mypyc (see ``docs/howto/compiled.rst``);
the pure build is the same source run by the interpreter. :data:`trumpfamily.compiled` says which
one imported the package.

:func:`mypyc_attr` is ``mypy_extensions.mypyc_attr`` when that package is installed (it
comes with mypy), else a no-op of the same shape: the core's runtime dependencies stay
attrs and cattrs. mypyc reads ``@mypyc_attr(native_class=False)`` on the classes that must
stay ordinary Python classes in a compiled module (tuple subclasses and their bases).
"""

from __future__ import annotations

import importlib.machinery
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar

__all__ = ["is_compiled", "mypyc_attr"]

_T = TypeVar("_T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - mypy (and with it mypy_extensions) not installed
    def mypyc_attr(*args: Any, **kwargs: Any) -> Callable[[_T], _T]:  # type: ignore[misc]
        """A no-op: the decorator mypyc reads, when mypy_extensions is not installed."""
        return lambda cls: cls


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension (``.so`` / ``.pyd``)."""
    path = getattr(module, "__file__", None)
    return isinstance(path, str) and path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
