"""Declaring rule options: attrs fields that carry their valid values and validate them.

Each rule component (:mod:`~trumpfamily.ranking`, :mod:`~trumpfamily.reneging`, ...) is a
frozen attrs class whose option fields are made here. The metadata lets
:class:`~trumpfamily.variants.Variant` list, route and validate options generically
(OPTIONS.md: "``with_options`` routes each name to the rule component that owns it").
"""

from __future__ import annotations

import re
from typing import Any, Final, TypeVar

import attrs

from .errors import InvalidVariantError

__all__ = ["OptionSpec", "choice", "flag", "integer", "option_fields"]

_KEY = "trumpfamily_option"
_INT: Final = re.compile(r"[+-]?\d+")

# The value type of a choice option: its ``Literal[...]`` alias (``| None`` if optional).
_V = TypeVar("_V", bound="str | None")


@attrs.frozen
class OptionSpec:
    """What values an option accepts: a fixed set of strings, a bool, or an int range."""

    kind: str  # "choice", "flag" or "int"
    values: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False
    doc: str = ""

    def describe(self) -> str:
        """The valid values in words, for error messages and docs."""
        if self.kind == "choice":
            text = ", ".join(repr(v) for v in self.values)
        elif self.kind == "flag":
            text = "True, False"
        else:
            hi = "" if self.maximum is None else f" to {self.maximum}"
            text = f"an int from {self.minimum}{hi}"
        return text + (", or None" if self.optional else "")

    def parse(self, text: str) -> Any:
        """The value of this option written as text (``--option NAME=VALUE`` on the command
        line; the docs' ``:options:``), not yet checked (:meth:`check` does that).

        ``true`` / ``false`` (any case) are a flag's values and an integer an int's; the
        word ``none`` is the string ``"none"`` where it is one of a choice's values
        (``best_trump_bonus=none``: no bonus) and otherwise, like ``unset``, ``None``; a
        choice keeps the text as it is (``renege_cards=5`` is ``"5"``). Text that is none
        of these is returned as it is, for :meth:`check` to refuse with the valid values.

        >>> from trumpfamily.variants import OPTION_SPECS
        >>> OPTION_SPECS["renege_cards"][1].parse("5"), OPTION_SPECS["target"][1].parse("45")
        ('5', 45)
        >>> OPTION_SPECS["jinking"][1].parse("False"), OPTION_SPECS["jink_bonus"][1].parse("unset")
        (False, None)
        """
        word = text.strip()
        lowered = word.lower()
        if self.kind == "choice" and (word in self.values
                                      or (lowered == "none" and "none" in self.values)):
            return word if word in self.values else "none"
        if lowered in ("none", "unset"):
            return None
        if self.kind == "flag" and lowered in ("true", "false"):
            return lowered == "true"
        if self.kind == "int" and _INT.fullmatch(word):
            return int(word)
        return word

    def to_json(self, value: Any) -> Any:
        """The JSON form of a value of this option: the value itself, except that the
        pairs of the bidding options ``min_bid_near_end`` and ``draw_limit`` are lists."""
        return value

    def from_json(self, value: Any) -> Any:
        """A value of this option from its JSON form (:meth:`to_json`), not yet checked."""
        return value

    def check(self, name: str, value: Any) -> None:
        """Raise :class:`InvalidVariantError` unless ``value`` is valid for this option."""
        if value is None and self.optional:
            return
        if self.kind == "choice":
            ok = isinstance(value, str) and value in self.values
        elif self.kind == "flag":
            ok = type(value) is bool
        else:
            ok = (type(value) is int and (self.minimum is None or value >= self.minimum)
                  and (self.maximum is None or value <= self.maximum))
        if not ok:
            raise InvalidVariantError(
                f"option {name}={value!r} is not valid; valid values: {self.describe()}")


def _validator(spec: OptionSpec) -> Any:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        spec.check(attribute.name, value)
    return check


def choice(default: _V, *values: _V, optional: bool = False, doc: str = "") -> _V:
    """An option taking one of ``values`` (strings).

    Typed like :func:`attrs.field`: declared as ``name: Alias = choice(...)`` with ``Alias``
    a ``Literal[...]`` of the same strings, mypy rejects a default or value the alias does
    not list (tests/test_variants.py checks that the two lists are equal).
    """
    spec = OptionSpec("choice", values=values, optional=optional, doc=doc)
    return attrs.field(default=default, validator=_validator(spec), metadata={_KEY: spec})


def flag(default: bool, doc: str = "") -> Any:
    """A True/False option."""
    spec = OptionSpec("flag", doc=doc)
    return attrs.field(default=default, validator=_validator(spec), metadata={_KEY: spec})


def integer(default: int | None, minimum: int, maximum: int | None = None, *,
            optional: bool = False, doc: str = "") -> Any:
    """An int option in ``minimum..maximum`` (``None`` allowed when ``optional``)."""
    spec = OptionSpec("int", minimum=minimum, maximum=maximum, optional=optional, doc=doc)
    return attrs.field(default=default, validator=_validator(spec), metadata={_KEY: spec})


def option_fields(component: type[Any]) -> dict[str, OptionSpec]:
    """The options a component class declares, by name, in declaration order."""
    return {f.name: f.metadata[_KEY] for f in attrs.fields(component) if _KEY in f.metadata}


def describe_values(component: type[Any], name: str) -> str:
    """The valid values of one option of ``component``, in words."""
    return option_fields(component)[name].describe()
