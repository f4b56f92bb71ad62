"""Declaring rule options: attrs fields that carry their valid values and validate them.

Each rule component (:mod:`~trumpfamily.ranking`, :mod:`~trumpfamily.reneging`, ...) is a
frozen attrs class whose option fields are made here. The metadata lets
:class:`~trumpfamily.variants.Variant` list, route and validate options generically
(OPTIONS.md: "``with_options`` routes each name to the rule component that owns it").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

import attrs

from .errors import InvalidVariantError, safe_repr

__all__ = ["OptionSpec", "choice", "flag", "integer", "option_fields", "option_text"]

_KEY = "trumpfamily_option"
_INT: Final = re.compile(r"-?[0-9]+")  # ASCII digits only: no "+3", no other scripts' digits

#: The longest option text read (``--option NAME=VALUE``): no option's value is written
#: longer (a ``draw_limit`` table for every table size is under 100 characters), so longer
#: text is returned as it is, unread, for :meth:`OptionSpec.check` to refuse.
MOST_OPTION_TEXT: Final = 200

#: The most digits an int option's text may have (an int option holds at most 64 bits).
_MOST_DIGITS: Final = 19
#: The largest value of an int option without a maximum of its own (``ante``, ``target``,
#: ``points_per_trick``...): a billion chips or points, far beyond any game, so that the
#: chips and scores of a game stay within the 64-bit ints JSON carries.
MOST_OPTION_INT: Final = 10**9

#: What an option's value may hold at most: nesting (``draw_limit``'s pairs are 2 deep),
#: values in all (``draw_limit`` for every table size holds 28), bits of an int.
_OPTION_DEPTH: Final = 3
_OPTION_NODES: Final = 64
_OPTION_BITS: Final = 64


def option_value_problem(value: object) -> str | None:
    """Why ``value`` cannot be the value of any option, or ``None``: an option holds a
    few values at most, a few levels deep (a str, an int, a bool, ``None``, a pair, a
    table of pairs), so anything bigger is refused before it is read or quoted.
    Iterative: a value nested 100,000 deep costs no more than one nested 4 deep.

    >>> from trumpfamily._options import option_value_problem
    >>> option_value_problem(((6, 3), (7, 2))) is None, option_value_problem("x" * 300)
    (True, "text of 300 characters is no option's value (at most 200)")
    """
    stack: list[tuple[object, int]] = [(value, 0)]
    nodes = 0
    while stack:
        item, depth = stack.pop()
        nodes += 1
        if nodes > _OPTION_NODES:
            return f"too large for an option's value (more than {_OPTION_NODES} values)"
        if isinstance(item, str) and len(item) > MOST_OPTION_TEXT:
            return (f"text of {len(item):,} characters is no option's value "
                    f"(at most {MOST_OPTION_TEXT})")
        if isinstance(item, int) and item.bit_length() > _OPTION_BITS:
            return f"{safe_repr(item)} is no option's value (an int of at most 64 bits)"
        if isinstance(item, list | tuple | set | frozenset | Mapping):
            if depth >= _OPTION_DEPTH:
                return f"nested too deeply for an option's value (at most {_OPTION_DEPTH} levels)"
            if len(item) > _OPTION_NODES:
                return f"too large for an option's value ({len(item):,} items)"
            children = (x for kv in item.items() for x in kv) if isinstance(
                item, Mapping) else iter(item)
            stack.extend((child, depth + 1) for child in children)
    return None


def option_text(value: object) -> str:
    """An option's value as a message writes it: in the text the options read
    (:meth:`OptionSpec.parse`, ``--option NAME=VALUE``), so that a reader can type it
    back. A pair is ``100,20`` and a table by player count ``5:4,6:3`` (the bidding
    options ``min_bid_near_end`` and ``draw_limit``), not Python's nested tuples; a word
    keeps its quotes (``'third'``: Python's, and a shell's), and ``None``, a bool or an
    int reads as itself. The one function every message of an option's value uses.

    >>> from trumpfamily._options import option_text
    >>> option_text(((5, 4), (6, 3))), option_text((100, 20)), option_text("third")
    ('5:4,6:3', '100,20', "'third'")
    >>> option_text(None), option_text(True), option_text(3), option_text(())
    ('None', 'True', '3', '{}')
    """
    if isinstance(value, tuple):
        if not value:
            return "{}"
        if all(isinstance(v, tuple) for v in value):
            return ",".join(":".join(map(option_text, pair)) for pair in value)
        return ",".join(map(option_text, value))
    return safe_repr(value)


def _guard_parse(parse: Callable[[Any, str], Any]) -> Callable[[Any, str], Any]:
    """``parse`` that refuses what is not text, and returns text too long to be any
    option's value as it is, unread (for :meth:`OptionSpec.check` to refuse)."""
    @functools.wraps(parse)
    def guarded(self: Any, text: str) -> Any:
        if not isinstance(text, str):
            raise InvalidVariantError(
                f"option text must be a str (NAME=VALUE on the command line), got "
                f"{type(text).__name__} {safe_repr(text)}")
        if len(text) > MOST_OPTION_TEXT:
            return text
        return parse(self, text)
    guarded.__guarded__ = True  # type: ignore[attr-defined]
    return guarded


def _guard_check(check: Callable[[Any, str, Any], None]) -> Callable[[Any, str, Any], None]:
    """``check`` that refuses, with a bounded message, a value too deep, long or large to
    be any option's value, before the check reads or quotes it."""
    @functools.wraps(check)
    def guarded(self: Any, name: str, value: Any) -> None:
        problem = option_value_problem(value)
        if problem is not None:
            raise InvalidVariantError(
                f"option {name}={safe_repr(value)} is not valid: {problem}; valid values: "
                f"{self.describe()}")
        check(self, name, value)
    guarded.__guarded__ = True  # type: ignore[attr-defined]
    return guarded

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

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Every spec reads untrusted text and values (a server's house rules, a record):
        # a subclass's own parse and check get the same guards as these (the policy of
        # docs/howto/game-server.rst: library errors only, bounded time and messages).
        super().__init_subclass__(**kwargs)
        for name, guard in (("parse", _guard_parse), ("check", _guard_check)):
            own = cls.__dict__.get(name)
            if own is not None and not getattr(own, "__guarded__", False):
                setattr(cls, name, guard(own))

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

    @_guard_parse
    def parse(self, text: str) -> Any:
        """The value of this option written as text (``--option NAME=VALUE`` on the command
        line; the docs' ``:options:``), not yet checked (:meth:`check` does that).

        ``true`` / ``false`` (any case) are a flag's values and an integer an int's; the
        word ``none`` is the string ``"none"`` where it is one of a choice's values
        (``best_trump_bonus=none``: no bonus) and otherwise, like ``unset``, ``None``; a
        choice keeps the text as it is (``renege_cards=5`` is ``"5"``). Text that is none
        of these is returned as it is, for :meth:`check` to refuse with the valid values:
        so is text of more than 200 characters (no option's value is written longer), and
        an integer of more than 19 digits.

        Raises:
            InvalidVariantError: ``text`` is not a str.

        >>> from trumpfamily.variants import OPTION_SPECS
        >>> OPTION_SPECS["renege_cards"][1].parse("5"), OPTION_SPECS["target"][1].parse("45")
        ('5', 45)
        >>> OPTION_SPECS["jinking"][1].parse("False"), OPTION_SPECS["jink_bonus"][1].parse("unset")
        (False, None)
        """
        word = text.strip()  # not text, or too long: refused by _guard_parse
        lowered = word.lower()
        if self.kind == "choice" and (word in self.values
                                      or (lowered == "none" and "none" in self.values)):
            return word if word in self.values else "none"
        if lowered in ("none", "unset"):
            return None
        if self.kind == "flag" and lowered in ("true", "false"):
            return lowered == "true"
        if self.kind == "int" and len(word) <= _MOST_DIGITS + 1 and _INT.fullmatch(word):
            return int(word)
        return word

    def to_json(self, value: Any) -> Any:
        """The JSON form of a value of this option: the value itself, except that the
        pairs of the bidding options ``min_bid_near_end`` and ``draw_limit`` are lists."""
        return value

    def from_json(self, value: Any) -> Any:
        """A value of this option from its JSON form (:meth:`to_json`), not yet checked."""
        return value

    @_guard_check
    def check(self, name: str, value: Any) -> None:
        """Raise :class:`InvalidVariantError` unless ``value`` is valid for this option
        (a value too deep, long or large is refused first, by ``_guard_check``)."""
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
                f"option {name}={safe_repr(value)} is not valid; valid values: "
                f"{self.describe()}")
        if self.kind == "int" and self.maximum is None and value > MOST_OPTION_INT:
            raise InvalidVariantError(
                f"option {name}={safe_repr(value)} is not valid: an int option is at most "
                f"{MOST_OPTION_INT:,} (so that a game's chips and scores stay within the "
                f"64-bit ints of JSON); valid values: {self.describe()}")


def _validator(spec: OptionSpec) -> Any:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        spec.check(attribute.name, value)
    return check


def choice(default: _V, *values: _V, optional: bool = False, doc: str = "") -> Any:
    """An option taking one of ``values`` (strings).

    Declared as ``name: Alias = choice(...)`` with ``Alias`` a ``Literal[...]`` of the same
    strings (tests/test_variants.py checks that the two lists are equal and hold the
    default). It returns the :func:`attrs.field` typed ``Any``, as :func:`flag` does, so
    that the compiled build (mypyc) does not check the field object against the alias.
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
