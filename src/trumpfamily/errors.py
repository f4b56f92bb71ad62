"""The exception hierarchy of trumpfamily.

Every error the library raises derives from :class:`TrumpFamilyError` and also from the
builtin it refines (:class:`ValueError` for bad input), so ``except ValueError`` keeps
working for callers who do not know this library. Each error carries structured fields
(the offending input, the rule that forbids it) and a message that names both.

This module imports nothing else from the package, so every module may import it.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CardParseError",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidArgumentError",
    "InvalidDeckError",
    "InvalidPositionError",
    "InvalidSeatError",
    "InvalidVariantError",
    "PlayerCountError",
    "ReplayError",
    "TrumpFamilyError",
    "UnknownVariantError",
]


class TrumpFamilyError(Exception):
    """Root of every error raised by trumpfamily."""


class CardParseError(TrumpFamilyError, ValueError):
    """A card or suit could not be read from text.

    Attributes:
        text: the offending text, exactly as given.
    """

    def __init__(self, text: object, message: str | None = None) -> None:
        self.text = text
        super().__init__(
            message
            or f"cannot read a card from {text!r}: expected rank A K Q J T (or 10) 9..2 and suit "
            "C D H S (or ♣ ♦ ♥ ♠), e.g. '5H', 'TD', '10s', or 'JK' for the joker"
        )


class InvalidPositionError(TrumpFamilyError, ValueError):
    """A hand, trick or trump passed to a rules call cannot occur in the variant.

    Examples: a card twice, a card both in the hand and on the trick, more cards on a
    trick than the variant allows players, a joker where the variant has none.
    """


class IllegalPlayError(TrumpFamilyError, ValueError):
    """A card may not be played in this position.

    Attributes:
        card: the card that was refused.
        reason: a sentence naming the rule that forbids it, with its source
            (RULES.md section).
        legal: the cards that may be played instead, in hand order.
    """

    def __init__(self, card: Any, reason: str, legal: tuple[Any, ...] = ()) -> None:
        self.card = card
        self.reason = reason
        self.legal = legal
        allowed = " ".join(str(c) for c in legal)
        suffix = f" (legal: {allowed})" if legal else ""
        super().__init__(f"{card} may not be played: {reason}{suffix}")


class InvalidVariantError(TrumpFamilyError, ValueError):
    """An option name, value or combination of options is not valid."""


class UnknownVariantError(TrumpFamilyError, ValueError):
    """No preset has the given name or alias.

    Attributes:
        name: the name that was looked up.
    """

    def __init__(self, name: str, known: list[str], message: str | None = None) -> None:
        self.name = name
        super().__init__(message or f"no variant named {name!r}; known names: {', '.join(known)}")


class IllegalActionError(TrumpFamilyError, ValueError):
    """An engine action is not legal in the current state (out of turn, wrong phase,
    a card not held, robbing without the Ace...).

    Attributes:
        action: the refused action.
        reason: the rule that forbids it.
    """

    def __init__(self, action: Any, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"{action!r} is not allowed: {reason}")


class PlayerCountError(TrumpFamilyError, ValueError):
    """The number of players does not suit the variant (or its partnerships)."""


class InvalidDeckError(TrumpFamilyError, ValueError):
    """An explicit deck order is not a full deck of the variant (missing or repeated card)."""


class ReplayError(TrumpFamilyError, ValueError):
    """A hand record does not replay: malformed, tampered deck, or an illegal action.

    Attributes:
        index: the 0-based index of the action that failed, or ``None`` when the record
            itself (variant, players, deck) is bad.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        super().__init__(message)


class InvalidArgumentError(TrumpFamilyError, ValueError):
    """An argument of an engine or game call cannot be used, and no more specific error
    applies: for example ``Game(scores=...)`` that is not one int per side, is given for a
    pool game or has already reached the target; ``Game(hands=0)``; ``Game(decks=...)``
    given one string instead of a sequence of decks; ``Game.play()`` of a pool game
    without a hand limit; a player asked to choose when it is not its seat's turn.
    """


class InvalidSeatError(InvalidArgumentError, IndexError):
    """A seat number that is not a seat of the hand (``HandState.view(5)`` with five
    players; seats are ``0..players-1``). Also an :class:`IndexError`, as a bad index is.

    Attributes:
        seat: the offending value, as given.
    """

    def __init__(self, seat: object, players: int) -> None:
        self.seat = seat
        super().__init__(
            f"seat {seat!r} is not a seat of this hand: seats are the ints 0..{players - 1}"
        )
