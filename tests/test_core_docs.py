"""The Core API page (docs/reference/core.rst) promises each call "with its signature":
every signature it shows is the call's own, ``inspect.signature`` (newcomer trial, issue
19: ``new_hand`` lacked ``commit`` and ``scores``, ``new_game`` four parameters, ``replay``
and ``replay_game`` the keys and commitments)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

import pytest

import trumpfamily as tf

CORE = Path(__file__).resolve().parent.parent / "docs" / "reference" / "core.rst"

# ``name(params) -> returns``, a literal on a line that starts with one.
_SIGNATURE = re.compile(r"``((?:\w+\.)?\w+)\(([^`]*)\) -> ([^`]+)``")
# The objects a dotted name on the page stands for.
_OWNERS: dict[str, Any] = {"state": tf.HandState, "bot": tf.Player}


def _shown() -> list[tuple[str, str, str]]:
    out = []
    for line in CORE.read_text(encoding="utf-8").splitlines():
        if line.startswith("``"):
            out += [m.groups() for m in _SIGNATURE.finditer(line)]
    return out


def _target(name: str) -> Any:
    owner, _, attr = name.rpartition(".")
    return getattr(_OWNERS[owner] if owner else tf, attr)


def _params(func: Any) -> str:
    """The parameters as the page writes them: names, ``*``, ``=default``, no types."""
    parts: list[str] = []
    star = False
    for p in inspect.signature(func).parameters.values():
        if p.name == "self":
            continue
        if p.kind is p.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        if p.kind is p.VAR_POSITIONAL:
            star = True
        text = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**"}.get(p.kind, "") + p.name
        if p.default is not p.empty:
            text += f"={p.default!r}"
        parts.append(text)
    return ", ".join(parts)


def test_the_page_shows_the_calls() -> None:
    names = {name for name, _, _ in _shown()}
    assert {"new_hand", "new_game", "replay", "replay_game", "state.apply", "state.record",
            "legal_moves", "from_json"} <= names


@pytest.mark.parametrize(("name", "params", "returns"), _shown(), ids=lambda x: str(x))
def test_each_signature_on_the_core_page_is_the_calls_own(
    name: str, params: str, returns: str
) -> None:
    func = _target(name)
    if tf.compiled:
        try:
            inspect.signature(func)
        except ValueError:  # a method of the compiled build: the pure build checks it
            pytest.skip(f"{name} is compiled and has no introspectable signature")
    assert params == _params(func), f"core.rst shows {name}({params})"
    annotation = inspect.signature(func).return_annotation
    if annotation not in ("Any", inspect.Signature.empty):
        # the annotation, or its head (``dict`` for ``dict[str, object]``)
        assert returns in (annotation, annotation.split("[")[0]), (name, returns, annotation)


def test_the_page_names_any_view() -> None:
    assert "tf.AnyView" in CORE.read_text(encoding="utf-8")
