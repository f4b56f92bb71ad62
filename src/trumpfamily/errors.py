"""The exception hierarchy of trumpfamily.

Every error the library raises derives from :class:`TrumpFamilyError` and also from the
builtin it refines (:class:`ValueError` for bad input), so ``except ValueError`` keeps
working for callers who do not know this library. Each error carries structured fields
(the offending input, the rule that forbids it) and a message that names both.

Every message and every field is bounded, whatever the input was: values a caller sent
are quoted by :func:`safe_repr` (a repr of at most about a hundred characters that never
raises, however deep, long or large the value), a field that would hold a huge input holds
that short repr instead, and a message is cut at :data:`MAX_MESSAGE` characters.

This module imports nothing else from the package, so every module may import it.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, NamedTuple

__all__ = [
    "BIDDING_CODES",
    "MAX_FIELD",
    "MAX_MESSAGE",
    "MAX_PROBLEMS",
    "REFUSAL_CODES",
    "ActionParseError",
    "CardParseError",
    "DecodeError",
    "IllegalActionError",
    "IllegalPlayError",
    "IntegrityError",
    "InvalidArgumentError",
    "InvalidDeckError",
    "InvalidPositionError",
    "InvalidSeatError",
    "InvalidVariantError",
    "PlayerCountError",
    "RefusalCode",
    "ReplayError",
    "SearchLimitError",
    "TrumpFamilyError",
    "UnknownVariantError",
    "safe_repr",
    "shorten",
]

#: The longest message an error of the library carries, in characters: a longer one is
#: cut there, ending ``"… (N characters)"`` (its fields keep the data).
MAX_MESSAGE: Final = 4000

#: The most problems a :class:`DecodeError` lists; the rest are counted in a last one,
#: ``("", "and 209,990 more problems")``.
MAX_PROBLEMS: Final = 10

#: The longest text a field of an error keeps as it was given; a longer one (or a value
#: whose repr would be longer) is kept as its :func:`safe_repr`.
MAX_FIELD: Final = 1000

# Containers are shown this many levels deep ("[[[…]]]" below).
_DEPTH: Final = 4


def safe_repr(value: object, most: int = 80) -> str:
    """``repr(value)`` in about ``most`` characters at most, for a message that quotes a
    value a caller sent: it never raises, and it costs time in proportion to ``most``,
    whatever the value (deep, long, a huge int, a container holding itself).

    A short value reads as its repr. A long string or bytes shows its start and its
    length; a container its first items, four levels deep (``…`` for the rest), and, when
    it is cut, its length; an int of more than about ``most`` digits its size; any other
    object its repr, cut (``<TypeName object>`` when its repr fails).

    >>> from trumpfamily.errors import safe_repr
    >>> safe_repr("5H"), safe_repr(["5H", 7, None]), safe_repr({"type": "Play"})
    ("'5H'", "['5H', 7, None]", "{'type': 'Play'}")
    >>> safe_repr("x" * 1000, most=20)
    "'xxxxxxxxxxxxxxxxxxx… (1000 characters)"
    >>> tower = []
    >>> for _ in range(100_000):
    ...     tower = [tower]
    >>> safe_repr(tower)
    '[[[[[…]]]]] (1 item)'
    >>> safe_repr(["2C"] * 210_000, most=20)
    "['2C', '2C', '2C', …] (210,000 items)"
    >>> safe_repr(10 ** 5000)
    '<an int of 5001 digits>'
    """
    try:
        out = _Out(max(most, 8))
        out.write(value, 0)
        text = "".join(out.parts)
        if out.cut and isinstance(value, list | tuple | dict | set | frozenset):
            n = len(value)
            text += f" ({n:,} item{'' if n == 1 else 's'})"
        return text
    except Exception:  # noqa: BLE001 (a subclass whose repr, len or iteration fails)
        return f"<{type(value).__name__[:40]} object>"


class _Out:
    """The parts of a bounded repr, and the characters it may still spend."""

    __slots__ = ("budget", "cut", "parts")

    def __init__(self, budget: int) -> None:
        self.parts: list[str] = []
        self.budget = budget
        self.cut = False

    def put(self, text: str) -> None:
        self.parts.append(text)
        self.budget -= len(text)

    def write(self, value: object, depth: int) -> None:
        if self.budget <= 0:
            self.parts.append("…")
            self.cut = True
            return
        cls = type(value)
        if value is None or cls is bool or cls is float:
            text = repr(value)
        elif cls is int:
            digits = int(value.bit_length() * 0.30103) + 1  # type: ignore[attr-defined]
            text = repr(value) if digits <= max(self.budget, 20) else (
                f"<an int of {digits} digits>")
        elif isinstance(value, str | bytes | bytearray):
            if len(value) > self.budget:
                what = "characters" if isinstance(value, str) else "bytes"
                self.put(f"{repr(value[:self.budget])[:self.budget]}… ({len(value)} {what})")
                self.cut = True
                return
            text = repr(value)
        elif isinstance(value, dict | list | tuple | set | frozenset):
            self.write_items(value, depth)
            return
        else:
            try:
                text = repr(value)
            except Exception:  # noqa: BLE001 (a repr that fails, too deep or broken: the type will do)
                text = ""
            if type(text) is not str or not text:
                text = f"<{cls.__name__} object>"
        if len(text) > self.budget:
            text = text[:self.budget] + "…"
            self.cut = True
        self.put(text)

    def write_items(self, value: Any, depth: int) -> None:
        cls = type(value)
        fields = getattr(cls, "_fields", None) if isinstance(value, tuple) else None
        named = type(fields) is tuple
        if named:
            opening, closing = f"{cls.__name__}(", ")"
        else:
            opening, closing = (
                ("{", "}") if isinstance(value, dict) else ("[", "]") if isinstance(value, list)
                else ("(", ")") if isinstance(value, tuple) else ("{", "}"))
            if cls not in (dict, list, tuple):
                opening, closing = f"{cls.__name__}({opening}", f"{closing})"
        self.put(opening)
        self.budget -= len(closing)
        if len(value) and depth >= _DEPTH:
            self.parts.append("…")
            self.cut = True
        else:
            items = value.items() if isinstance(value, dict) else value
            for i, item in enumerate(itertools.islice(items, max(self.budget, 0) + 1)):
                if self.budget <= 0:
                    if self.parts[-1] != "…":
                        self.parts.append("…")
                    self.cut = True
                    break
                if i:
                    self.put(", ")
                if isinstance(value, dict):
                    self.write(item[0], depth + 1)
                    self.put(": ")
                    self.write(item[1], depth + 1)
                else:
                    if named and i < len(fields):  # type: ignore[arg-type]
                        self.put(f"{fields[i]}=")  # type: ignore[index]
                    self.write(item, depth + 1)
            if len(value) == 1 and cls is tuple:
                self.parts.append(",")
        self.parts.append(closing)


def _is_short(value: object) -> bool:
    """Whether an error may keep ``value`` as a field as it is: a scalar or a value of the
    library (whose repr is short), not a long text, a huge int or a container."""
    if value is None or type(value) is bool or type(value) is float:
        return True
    if type(value) is int:
        return value.bit_length() <= 1024
    if isinstance(value, str | bytes) and type(value) in (str, bytes):
        return len(value) <= MAX_FIELD
    return type(value).__module__ in _OWN_MODULES


# The modules whose values an error keeps as they are (cards, suits, actions).
_OWN_MODULES: Final = frozenset({"trumpfamily.cards", "trumpfamily.actions"})


def bounded(value: Any) -> Any:
    """``value`` itself if an error may keep it as a field (:func:`_is_short`), else its
    :func:`safe_repr` (a str of a few hundred characters at most).

    >>> from trumpfamily.errors import bounded
    >>> bounded("9D"), bounded(7), bounded("x" * 5000)[-20:]
    ('9D', 7, 'x… (5000 characters)')
    """
    return value if _is_short(value) else safe_repr(value, most=200)


def _cap(message: str) -> str:
    """``message`` cut to :data:`MAX_MESSAGE` characters."""
    if len(message) <= MAX_MESSAGE:
        return message
    return f"{message[:MAX_MESSAGE]}… ({len(message)} characters)"


def _rebuild(cls: type[TrumpFamilyError], args: tuple[Any, ...], state: dict[str, Any]) -> Any:
    """Unpickle an error without calling its ``__init__`` (whose arguments differ)."""
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    return error


class TrumpFamilyError(Exception):
    """Root of every error raised by trumpfamily.

    Every error pickles and copies whole (message and fields), so a refusal raised in a
    worker process reaches the caller as it was raised.
    """

    def __init__(self, *args: object) -> None:
        # Every message is bounded, whatever built it (MAX_MESSAGE).
        super().__init__(*(_cap(a) if type(a) is str else a for a in args))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))


class CardParseError(TrumpFamilyError, ValueError):
    """A card or suit could not be read from text.

    Attributes:
        text: the offending text, exactly as given (when it is longer than
            :data:`MAX_FIELD` characters, or not text, its :func:`safe_repr`).
    """

    def __init__(self, text: object, message: str | None = None) -> None:
        self.text = bounded(text)
        super().__init__(
            message
            or f"cannot read a card from {safe_repr(text)}: expected rank A K Q J T (or 10) "
            "9..2 and suit C D H S (or ♣ ♦ ♥ ♠), e.g. '5H', 'TD', '10s', or 'JK' for the joker"
        )


def shorten(value: object, most: int = 80) -> str:
    """``repr(value)``, cut to about ``most`` characters with its full length said, for
    messages that quote what a remote player sent (which may be long, deep or huge): the
    :func:`safe_repr` of ``value``.

    >>> from trumpfamily.errors import shorten
    >>> shorten("discard " + "2C " * 100, most=20)
    "'discard 2C 2C 2C 2C… (308 characters)"
    """
    return safe_repr(value, most)


class ActionParseError(TrumpFamilyError, ValueError):
    """An action could not be read from text (:func:`~trumpfamily.actions.parse_action`).

    Attributes:
        text: the offending text, exactly as given (when it is longer than
            :data:`MAX_FIELD` characters, or not text, its :func:`safe_repr`).
        reason: what is wrong with it, in words (e.g. the card that cannot be read).
        forms: the text forms an action may take (``"play CARD"``, ``"claim"``...), listed
            in the message; ``()`` when the form was right and only its card is wrong.
    """

    def __init__(self, text: object, reason: str, forms: tuple[str, ...] = ()) -> None:
        self.text = bounded(text)
        self.reason = reason
        self.forms = forms
        accepted = f"; an action is one of: {', '.join(forms)}" if forms else ""
        super().__init__(f"cannot read an action from {shorten(text)}: {reason}{accepted}")


class InvalidPositionError(TrumpFamilyError, ValueError):
    """A hand, trick or trump passed to a rules call cannot occur in the variant.

    Examples: a card twice, a card both in the hand and on the trick, more cards on a
    trick than the variant allows players, a joker where the variant has none.
    """


class RefusalCode(NamedTuple):
    """What one refusal code means (see :data:`REFUSAL_CODES`).

    Attributes:
        code: the stable kebab-case id, e.g. ``"must-follow-suit"``.
        rule: the RULES.md section that forbids the move, e.g. ``"RULES.md §1.4.2"``.
        sources: the keys of the sources behind the rule (RULES.md §0), e.g.
            ``("FOS", "EB11", "MAW")``; ``()`` for refusals that no source states (a
            card not held, a move out of turn).
        summary: one line in plain words.
    """

    code: str
    rule: str
    sources: tuple[str, ...]
    summary: str


def _codes(*rows: tuple[str, str, tuple[str, ...], str]) -> Mapping[str, RefusalCode]:
    return MappingProxyType({row[0]: RefusalCode(*row) for row in rows})


#: Every refusal code the library gives, by code: cards refused by the rules calls and the
#: engine (:class:`IllegalPlayError`, :class:`IllegalActionError`), and engine actions.
#: The codes are stable across versions; new ones may be added.
REFUSAL_CODES: Final[Mapping[str, RefusalCode]] = _codes(
    ("must-follow-or-trump", "RULES.md §1.4.2", ("FOS", "EB11", "MAW"),
     "a plain suit was led and you hold it: follow suit or play a trump"),
    ("must-follow-suit", "RULES.md §3 row 8", ("OW45",),
     "a plain suit was led and you hold it: follow suit (option plain_lead='follow')"),
    ("must-play-trump", "RULES.md §1.4.3", ("FOS", "PEEL", "MAW"),
     "a trump was led and you hold a trump without the privilege to renege: play a trump"),
    ("renege-not-privileged", "RULES.md §1.4.3", ("FOS", "PEEL", "MAW"),
     "a trump was led and your privileged trumps may not renege against it: play a trump"),
    ("must-play-heart", "RULES.md §1.4.3", ("W45",),
     ("the Ace of Hearts was led and you hold no trump: play a heart "
      "(option ah_lead_requires_heart=True)")),
    ("card-not-held", "RULES.md §1.3", (), "the card is not in the hand"),
    ("card-not-in-deck", "RULES.md §1.1", (), "the card is not in this variant's deck"),
    ("not-an-action", "RULES.md §1.3", (), "the value is not an action of the engine"),
    ("bot-choice-not-legal", "RULES.md §1.3", (),
     ("a fast bot (simulate's FastBot) returned a value that is not one of the legal action "
      "ids it was offered, spot.legal")),
    ("not-a-seat", "RULES.md §1.3", (), "the seat given is not a seat number"),
    ("out-of-turn", "RULES.md §1.3", (),
     "it is another seat's turn: play goes clockwise, the winner of a trick leads"),
    ("hand-over", "RULES.md §1.6", (), "the hand is over: nobody may act"),
    ("game-over", "RULES.md §1.7", (), "the game is over: nobody may act"),
    ("wrong-phase", "RULES.md §1.5", (),
     ("no card may be played now: a rob, a fiving answer or a claim comes first (in the "
      "bidding games, the auction, trumps and the draw)")),
    ("robbing-off", "RULES.md §1.5", ("MAW",),
     "robbing is not played in this variant (option robbing=False)"),
    ("already-robbed", "RULES.md §1.5", ("FOS", "PEEL"),
     "the turn-up may be robbed only once a deal"),
    ("rob-chance-passed", "RULES.md §1.5", ("FOS", "PEEL"),
     "the chance to rob has passed: the seat announced, passed or played instead"),
    ("rob-without-ace", "RULES.md §1.5", ("FOS", "PEEL", "EB11"),
     ("only the holder of the Ace of trumps, or the dealer with an Ace or the joker turned "
      "up, may rob (robbing without the Ace is an offence, EX-52)")),
    ("discard-not-held", "RULES.md §1.5", (),
     "a discarded card is not in the hand (the robber's, or in the bidding games the seat's)"),
    ("keep-taken-joker", "RULES.md §2.8", ("PEEL",),
     "the dealer keeps the turned-up joker he took: it may not be discarded"),
    ("no-rob-to-decline", "RULES.md §1.5", ("FOS",),
     "only the seat entitled to rob, at its chance, may decline it"),
    ("must-take-joker", "RULES.md §2.8", ("PEEL",),
     "the dealer must take a turned-up joker (EX-53)"),
    ("rob-compulsory", "RULES.md §1.5", ("EB11", "PEEL", "W45"),
     "the rob is compulsory here (option holder_rob='must' or dealer_rob='must')"),
    ("must-announce", "RULES.md §1.5", ("FOS", "BIC45", "W25"),
     ("the holder of the Ace of trumps must rob or announce it, not pass in silence "
      "(option holder_rob='may-announce')")),
    ("answer-five-first", "RULES.md §2.1.7 (6)", ("PEEL",),
     "the request to five is answered first"),
    ("no-claim-now", "RULES.md §1.6", ("FOS", "MAW"),
     "only a player who has just won the first three tricks may claim or jink"),
    ("no-fiving", "RULES.md §2.1.7 (6)", ("PEEL",),
     "fiving is played only by two players with option fiving=True"),
    ("five-after-joker", "RULES.md §2.8", ("PEEL",),
     "the dealer took a turned-up joker before eldest's first turn: no fiving this deal"),
    ("five-after-rob", "RULES.md §2.1.7 (6)", ("PEEL",),
     "fiving settles trumps, so it may be asked only before anybody robs or declines"),
    ("five-not-now", "RULES.md §2.1.7 (6)", ("PEEL",),
     "only the non-dealer may ask to five, once, at his first turn (EX-56)"),
    ("no-five-asked", "RULES.md §2.1.7 (6)", ("PEEL",), "nobody has asked to five"),
    ("nothing-to-pass", "RULES.md §1.5", (),
     ("there is no prompt to pass: Pass() answers a rob or fiving prompt that every seat "
      "gets alike")),
    # The bidding games (BIDDING.md): the auction's codes, which
    # trumpfamily.bidding.auction.BIDDING_REFUSAL_CODES reads from here, then the hand's.
    ("auction-over", "BIDDING.md §7.1 #3", (),
     "the auction is over: nobody may bid or pass any more"),
    ("not-a-bid", "BIDDING.md §3.3", ("BICA45", "JORD"), "the amount is not on the ladder"),
    ("bid-too-low", "BIDDING.md §2.3", ("BICA45", "DBK"),
     "a bid must be higher than the standing bid"),
    ("near-end-minimum", "BIDDING.md §3.3", ("BICA45", "WFF"),
     "a side near the end may not bid or hold below the near-end minimum"),
    ("no-hold", "BIDDING.md §3.3", ("IMP-PEI",), "nobody may hold here (option hold='none')"),
    ("hold-not-dealer", "BIDDING.md §2.3", ("BICA45", "DBK", "JORD"),
     "only the dealer may take the standing bid at the same amount"),
    ("nothing-to-hold", "BIDDING.md §2.3", ("BICA45",), "there is no standing bid to hold"),
    ("hold-amount", "BIDDING.md §2.3", ("BICA45",),
     "a hold is at the standing amount, no more and no less"),
    ("dealer-bagged", "BIDDING.md §3.3", ("IMP-ZB", "IMP-110a"),
     "everybody else passed: the dealer must bid (option all_pass='bag-dealer')"),
    ("bag-minimum", "BIDDING.md §3.3", ("IMP-ZB", "MVMAG"),
     "a bagged dealer bids at least the bag amount"),
    ("no-turn-up", "BIDDING.md §2.2", ("DBK",),
     "the bidding games name trumps by auction: there is no turn-up to rob or decline"),
    ("no-trump-to-name", "BIDDING.md §3.4", ("BICA45", "CMU120"),
     ("only the auction winner names trumps, once, when the auction (and, under "
      "trump_before_kitty=False, his kitty discard) is over")),
    ("no-discard-now", "BIDDING.md §3.4", ("BICA45", "DBK"),
     "no discard now: the bidder discards after taking the kitty, each seat before it draws"),
    ("discard-too-few", "BIDDING.md §3.4", ("IMP-PEI", "IMP-NL"),
     "discard at least down to five cards: the kitty and any extra cards come back out"),
    ("discard-too-many", "BIDDING.md §3.4", ("IMP-ZB", "BFD", "IMP-110a"),
     ("no more cards than may be drawn back (option draw_limit; draw='bidder-only'; an "
      "exact kitty discard)")),
    ("discard-trump", "BIDDING.md §3.4", ("IMP-NL",),
     ("the bidder may discard a trump only when his other cards cannot make up his "
      "discards (option discard_trumps='last-resort')")),
    ("no-take-now", "BIDDING.md §3.4", ("DBK",),
     "only the dealer robbing the pack takes cards from the stock, after his discard"),
    ("take-not-in-stock", "BIDDING.md §3.4", ("DBK",),
     "the card taken is not one of the stock's cards"),
)


# The bidding games' readings of the codes they share with the turn-up games.
_BIDDING_READINGS: Final = _codes(
    ("not-an-action", "BIDDING.md §2", (), "the value is not an action of the engine"),
    ("not-a-seat", "BIDDING.md §0", (), "the seat given is not a seat of the table"),
    ("out-of-turn", "BIDDING.md §2.3", ("BICA45", "DBK"),
     ("it is another seat's turn: the auction, the draw and the play go clockwise, the "
      "winner of a trick leads")),
    ("hand-over", "BIDDING.md §3.6", (), "the hand is over (played out, or thrown in)"),
    ("game-over", "BIDDING.md §3.7", (), "the game is over: nobody may act"),
    ("card-not-in-deck", "BIDDING.md §2.1", (), "the card is not in this variant's deck"),
    ("card-not-held", "BIDDING.md §2.7", (), "the card is not in the hand"),
    ("wrong-phase", "BIDDING.md §3.4", (),
     "no card may be played now: the auction, trumps, the kitty and the draw come first"),
    ("discard-not-held", "BIDDING.md §3.4", (), "a discarded card is not in the seat's hand"),
    ("must-follow-or-trump", "BIDDING.md §2.7", ("BICA45", "DBK", "IMP-ZB", "IMP-NL"),
     "a plain suit was led and you hold it: follow suit or play a trump"),
    ("must-follow-suit", "BIDDING.md §3.5", (),
     "a plain suit was led and you hold it: follow suit (option plain_lead='follow')"),
    ("must-play-trump", "BIDDING.md §2.7", ("BICA45", "IMP-ZB", "IMP-NL", "IMP-PEI"),
     "a trump was led and you hold a trump without the privilege to renege: play a trump"),
    ("renege-not-privileged", "BIDDING.md §2.7", ("BICA45", "IMP-ZB", "IMP-NL", "IMP-PEI"),
     "a trump was led and your privileged trumps may not renege against it: play a trump"),
    ("must-play-heart", "BIDDING.md §2.7", (),
     ("the Ace of Hearts was led and you hold no trump: play a heart "
      "(option ah_lead_requires_heart=True)")),
    ("no-claim-now", "BIDDING.md §2.4", (),
     "nobody claims or jinks in the bidding games: all five tricks are played for points"),
    ("no-fiving", "BIDDING.md §2.2", (),
     "there is no fiving in the bidding games: trumps are named by the auction winner"),
)

#: Every refusal code a bidding hand or game gives (BIDDING.md), by code, with the
#: BIDDING.md section that forbids the move as its ``rule``: the bidding games' own codes
#: as in :data:`REFUSAL_CODES`, and the codes they share with the turn-up games
#: (``out-of-turn``, ``wrong-phase``, ``must-follow-or-trump``...) read in BIDDING.md.
#: The ``rule`` and ``sources`` of a bidding hand's refusal are this mapping's.
BIDDING_CODES: Final[Mapping[str, RefusalCode]] = MappingProxyType({
    **{code: info for code, info in REFUSAL_CODES.items()
       if info.rule.startswith("BIDDING.md")},
    **_BIDDING_READINGS,
})


def _code_fields(code: str | None) -> tuple[str, tuple[str, ...]]:
    info = REFUSAL_CODES.get(code) if code is not None else None
    return (info.rule, info.sources) if info is not None else ("", ())


class IllegalPlayError(TrumpFamilyError, ValueError):
    """A card may not be played in this position.

    Attributes:
        card: the card that was refused.
        reason: a sentence naming the rule that forbids it, with its source
            (RULES.md section).
        legal: the cards that may be played instead, in hand order.
        code: the stable refusal code (a key of :data:`REFUSAL_CODES`), e.g.
            ``"must-follow-suit"``.
        rule: the RULES.md section of that code.
        sources: the source keys of that code.
    """

    def __init__(
        self, card: Any, reason: str, legal: tuple[Any, ...] = (), *, code: str | None = None
    ) -> None:
        self.card = bounded(card)
        self.reason = reason
        self.legal = legal
        self.code: str = code or "illegal-play"
        self.rule, self.sources = _code_fields(code)
        allowed = " ".join(str(c) for c in legal)
        suffix = f" (legal: {allowed})" if legal else ""
        shown = card if type(card).__module__ == "trumpfamily.cards" else safe_repr(card)
        super().__init__(f"{shown} may not be played: {reason}{suffix}")


class InvalidVariantError(TrumpFamilyError, ValueError):
    """An option name, value or combination of options is not valid."""


class UnknownVariantError(TrumpFamilyError, ValueError):
    """No preset has the given name or alias.

    Attributes:
        name: the name that was looked up.
    """

    def __init__(self, name: str, known: list[str], message: str | None = None) -> None:
        self.name = bounded(name)
        super().__init__(
            message or f"no variant named {safe_repr(name)}; known names: {', '.join(known)}")


class IllegalActionError(TrumpFamilyError, ValueError):
    """An engine action is not legal in the current state (out of turn, wrong phase,
    a card not held, robbing without the Ace...).

    ``reason`` is the sentence for a person; the message (``str(err)``) adds the legal
    actions in the action notation, e.g. ``(legal: play 7C, play 3C)``, when the refused
    move was the seat to act's own (``legal`` is another seat's when the move came out
    of turn: send it only to the seat whose turn it is).

    Attributes:
        action: the refused action (a value that is not an action, as given when it is
            short, else its :func:`safe_repr`).
        reason: the rule that forbids it, in a full sentence.
        code: the stable refusal code (a key of :data:`REFUSAL_CODES`), e.g.
            ``"out-of-turn"``, ``"rob-without-ace"``.
        rule: the section of the rules that forbids it: that code's in
            :data:`REFUSAL_CODES` (``"RULES.md §1.3"``), or in a bidding hand or game its
            BIDDING.md section, :data:`BIDDING_CODES`' (``"BIDDING.md §2.3"``); ``rule``
            given overrides it.
        sources: the source keys of that code (``sources`` given overrides them).
        legal: the actions the seat to act may take instead (``()`` when nobody may act).
        seat: the seat that tried to act, when one was given or implied, else ``None``
            (a seat that is no int, as given when it is short, else its
            :func:`safe_repr`).
        expected_seat: the seat whose turn it is, else ``None``.
    """

    def __init__(
        self,
        action: Any,
        reason: str,
        *,
        code: str | None = None,
        legal: tuple[Any, ...] = (),
        seat: Any = None,
        expected_seat: int | None = None,
        rule: str | None = None,
        sources: tuple[str, ...] | None = None,
    ) -> None:
        self.action = bounded(action)
        self.reason = reason
        self.code: str = code or "illegal-action"
        self.rule, self.sources = _code_fields(code)
        if rule is not None:
            self.rule = rule
        if sources is not None:
            self.sources = sources
        self.legal = legal
        self.seat = bounded(seat)
        self.expected_seat = expected_seat
        # The legal actions belong to the seat to act: the message names them only when
        # it is that seat's own move that was refused, so a message sent to a seat that
        # acted out of turn never shows another seat's cards.
        own = seat is None or (type(seat) is int and seat == expected_seat)
        offered = ", ".join(str(a) for a in legal) if own else ""
        suffix = f" (legal: {offered})" if offered else ""
        super().__init__(f"{safe_repr(action, 200)} is not allowed: {reason}{suffix}")


class PlayerCountError(TrumpFamilyError, ValueError):
    """The number of players does not suit the variant (or its partnerships)."""


class InvalidDeckError(TrumpFamilyError, ValueError):
    """An explicit deck order is not a full deck of the variant (missing or repeated card)."""


class ReplayError(TrumpFamilyError, ValueError):
    """A record does not replay: it is malformed, its deck is not a deck of the variant (in
    a game record, not the deck its seed deals), or an action is illegal. Its subclass
    :class:`IntegrityError` is a failed tamper check (a key's MAC, a deal commitment).

    Attributes:
        index: the 0-based index of the action that failed, or ``None`` when the record
            itself (variant, players, deck) is bad.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        super().__init__(message)


class IntegrityError(ReplayError):
    """A record fails a tamper check (:doc:`/howto/records`): replayed with a ``key``,
    its ``"mac"`` is missing or does not match its content; replayed with a
    ``commitment``, its deck and salt do not give the commitment published at the deal.

    Attributes:
        check: ``"mac"`` or ``"commitment"``.
        hand: for a game record's commitment, the hand (1 for the first), else ``None``.
        index: always ``None`` (no action is at fault).
    """

    def __init__(self, message: str, *, check: str, hand: int | None = None) -> None:
        self.check = check
        self.hand = hand
        super().__init__(message)


class DecodeError(TrumpFamilyError, ValueError):
    """JSON data cannot be read as the value asked for
    (:func:`~trumpfamily.jsonio.from_json`): a missing or unexpected field, a value of the
    wrong type, bad card text, an unknown action or event type, an unsupported format.

    Attributes:
        target: the name of the type that was asked for, e.g. ``"SeatView"``.
        problems: the problems found, in order, as ``(path, reason)`` pairs (at most
            :data:`MAX_PROBLEMS`: the last one counts the rest, ``("", "and 42 more
            problems")``, and reading stops early in a long list): ``path``
            says where, as field names and list indices from the top
            (``"legal_actions[2].card"``; ``""`` for the value itself), ``reason`` what is
            wrong there (``"missing"``, ``"expected an int, got str '4'"``...).
        path: the first problem's path.
        reason: the first problem's reason.
    """

    def __init__(self, target: str, problems: Sequence[tuple[str, str]]) -> None:
        self.target = target
        found = tuple(problems) or (("", "not valid"),)
        if len(found) > MAX_PROBLEMS:
            more = len(found) - MAX_PROBLEMS + 1
            found = (*found[:MAX_PROBLEMS - 1], ("", f"and {more:,} more problems"))
        self.problems = found
        self.path, self.reason = self.problems[0]
        where = "; ".join(
            f"field {path!r}: {reason}" if path else reason for path, reason in self.problems
        )
        super().__init__(f"cannot read {target} from this data: {where}")


class SearchLimitError(TrumpFamilyError):
    """A search stopped at its budget before it reached an exact answer
    (:func:`trumpfamily.search.solve` with ``max_nodes``).

    Attributes:
        nodes: the positions searched when it stopped (more than the budget).
    """

    def __init__(self, message: str, nodes: int) -> None:
        super().__init__(message)
        self.nodes = nodes


class InvalidArgumentError(TrumpFamilyError, ValueError):
    """An argument of an engine or game call cannot be used, and no more specific error
    applies: for example ``Game(scores=...)`` that is not one int per side, holds a
    negative score, is given for a pool game or has already reached the target;
    ``Game(hands=0)``; ``Game(decks=...)`` given one string instead of a sequence of decks;
    ``Game.play()`` of a pool game without a hand limit; a player asked to choose when it
    is not its seat's turn.
    """


class InvalidSeatError(InvalidArgumentError, IndexError):
    """A seat number that is not a seat of the hand (``HandState.view(5)`` with five
    players; seats are ``0..players-1``). Also an :class:`IndexError`, as a bad index is.

    Attributes:
        seat: the offending value, as given (its :func:`safe_repr` if it is long).
    """

    def __init__(self, seat: object, players: int) -> None:
        self.seat = bounded(seat)
        super().__init__(
            f"seat {safe_repr(seat)} is not a seat of this hand: seats are the ints "
            f"0..{players - 1}"
        )
