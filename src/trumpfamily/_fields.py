"""A typed-``Any`` spelling of :func:`attrs.field` for fields with a default.

mypy reads ``x: T = attrs.field(default=...)`` as an expression of type ``T``; the compiled
build (mypyc, issue 24) then checks the field object against ``T`` while the class body
runs, and fails. :func:`field` is :func:`attrs.field` typed ``Any``, so the class body
stores the field object as it is; mypy still reads the field as one with a default (which
it has). Use it only for fields given a ``default`` or ``factory``.
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["field"]


def field(**kwargs: Any) -> Any:
    """:func:`attrs.field` with the same keyword arguments, typed ``Any``."""
    return attrs.field(**kwargs)
