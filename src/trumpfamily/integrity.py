"""Tamper evidence for records: a keyed MAC over a record, and a commitment to the deal.

Two different promises, for two different readers:

* **A keyed record** (``state.record(key=KEY)``) carries ``"mac"``, an HMAC-SHA256 of the
  record under a secret key (RFC 2104, FIPS 198-1). Only the holder of the key can make
  or check it, so it is for the server itself: records it stored, or handed out and got
  back, have not been changed since it wrote them.
  :func:`~trumpfamily.records.replay` and :func:`~trumpfamily.records.replay_game` check
  it when given the key.
* **A deal commitment** (``new_hand(..., commit=True)``) is a SHA-256 digest of the deck
  and a random 16-byte salt, published to every seat when the cards are dealt
  (``HandState.commitment``, ``SeatView.commitment``). The record reveals the salt, so
  after the hand *any* player can recompute the digest from the record's deck and show
  that the deck in the record is the deck that was dealt: it was fixed before the first
  card was played, and no undealt card was changed afterwards. Players need no key;
  they keep the commitment they were shown and pass it to ``replay(...,
  commitment=...)``.

Both are computed over exact, documented bytes, so a program in another language can
check them:

* the MAC is ``HMAC-SHA256(key, canonical_json(record without "mac"))`` in lowercase hex,
  where :func:`canonical_json` is the record as JSON with sorted keys, no spaces, UTF-8;
* the commitment is ``SHA-256(salt + deck_text)`` in lowercase hex, where ``salt`` is the
  16 salt bytes (the record's ``"salt"`` is their lowercase hex) and ``deck_text`` the
  deck's cards, top card first, as ASCII text separated by single spaces
  (``"5H JS TD ... JK"``);
* in a game, hand ``n``'s salt is ``HMAC-SHA256(game_salt, "deal n")`` cut to 16 bytes
  (:func:`deal_salt`), so that one game salt, revealed in the game record, opens every
  hand's commitment.

Why the salt is random (``secrets.token_bytes``) and not derived from the seed: a digest
of the deck alone, or of the deck with a salt anyone can work out, would let a player
test guesses against it. The seed of a hand is often small and guessable (``seed=21``),
and a seat that knows its own five cards and the turn-up can try seeds until one deals
them, then check its guess of the whole deck against the digest. With 128 random bits
of salt, kept secret until the record is published, the commitment tells nobody anything
about the cards, and it still binds the server to one deck (SHA-256 is
collision-resistant). This costs nothing unless asked for: hands are dealt without a
commitment by default, and only ``commit=True`` draws a salt.

>>> from trumpfamily.integrity import canonical_json, deal_commitment, record_mac
>>> canonical_json({"b": [1, "x"], "a": None})
b'{"a":null,"b":[1,"x"]}'
>>> record_mac({"a": 1, "mac": "ignored"}, b"key") == record_mac({"a": 1}, b"key")
True
>>> len(deal_commitment(["5H", "JS"], bytes(16)))
64
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterable, Mapping
from typing import Any, Final

from .cards import Card
from .errors import IntegrityError, InvalidArgumentError, safe_repr

__all__ = [
    "SALT_SIZE",
    "canonical_json",
    "check_mac",
    "deal_commitment",
    "deal_salt",
    "record_mac",
]

#: Bytes of salt in a deal commitment (128 bits, from :func:`secrets.token_bytes`).
SALT_SIZE: Final = 16

#: The record field that holds the MAC.
MAC_FIELD: Final = "mac"


def canonical_json(data: Any) -> bytes:
    """The canonical bytes of JSON data: sorted keys, no spaces, UTF-8, no NaN.

    Args:
        data: JSON data (dicts with str keys, lists or tuples, str, int, float, bool,
            ``None``).

    Returns:
        The JSON text written by the call
        ``json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
        allow_nan=False)``, encoded as UTF-8.

    Raises:
        TypeError, ValueError: ``data`` is not JSON data (a set, a Card, a non-str key,
            NaN, an int of more than 4,300 digits, data nested deeper than the
            recursion limit allows...), in time linear in the data (its C encoder counts the
            depth, so a value nested 100,000 deep is refused at once).

    >>> from trumpfamily.integrity import canonical_json
    >>> canonical_json({"é": 1, "a": [True, 2.5]})
    b'{"a":[true,2.5],"\\xc3\\xa9":1}'
    """
    try:
        text = json.dumps(
            data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    except RecursionError:  # json.dumps counts its depth against the recursion limit
        raise ValueError("the data is nested too deeply to be JSON") from None
    return text.encode("utf-8")


def check_key(key: object) -> bytes:
    """``key`` if it is a usable MAC key (non-empty ``bytes``), else raise.

    Raises:
        InvalidArgumentError: ``key`` is not bytes, or is empty.
    """
    if isinstance(key, bytearray | memoryview):
        key = bytes(key)
    if type(key) is not bytes or not key:
        hint = " (encode a text key first, e.g. key.encode())" if isinstance(key, str) else ""
        raise InvalidArgumentError(
            "key must be non-empty bytes, e.g. secrets.token_bytes(32), got "
            f"{type(key).__name__}{hint}"
        )
    return key


def record_mac(data: Mapping[str, Any], key: bytes) -> str:
    """The MAC of a record: HMAC-SHA256 under ``key`` of the canonical JSON of the record
    without its ``"mac"`` field, in lowercase hex (64 digits).

    Args:
        data: a record (a mapping of JSON data).
        key: the secret key (non-empty bytes).

    Raises:
        InvalidArgumentError: ``key`` is not non-empty bytes.
        TypeError, ValueError: ``data`` is not JSON data.
    """
    key = check_key(key)
    body = {k: v for k, v in data.items() if k != MAC_FIELD}
    return hmac.new(key, canonical_json(body), hashlib.sha256).hexdigest()


def sign(data: dict[str, Any], key: bytes) -> dict[str, Any]:
    """``data`` with its ``"mac"`` set to :func:`record_mac` (the same dict, changed)."""
    data[MAC_FIELD] = record_mac(data, key)
    return data


def check_mac(data: Mapping[str, Any], key: bytes) -> None:
    """Refuse a record whose MAC is missing or is not the MAC of its content under ``key``.

    The comparison takes the same time wherever the digests differ
    (:func:`hmac.compare_digest`).

    Raises:
        IntegrityError: no ``"mac"`` field, a ``"mac"`` that is not 64 hex digits, a
            record that is not JSON data, or a MAC that does not match (``check`` is
            ``"mac"``).
        InvalidArgumentError: ``key`` is not non-empty bytes.
    """
    key = check_key(key)
    given = data.get(MAC_FIELD)
    if given is None:
        raise IntegrityError(
            "the record has no 'mac': it was not signed, so it cannot be verified with a key",
            check="mac",
        )
    try:
        expected = record_mac(data, key)
    except (TypeError, ValueError) as exc:
        raise IntegrityError(
            f"the record is not JSON data, so its MAC cannot be checked: {exc}", check="mac"
        ) from None
    if not (type(given) is str and given.isascii() and len(given) == 64) or not hmac.compare_digest(
        given.encode("ascii"), expected.encode("ascii")
    ):
        raise IntegrityError(
            "the record's 'mac' does not match its content under this key: the record has "
            "been changed since it was signed, or was signed with another key",
            check="mac",
        )


def new_salt(commit: object) -> bytes | None:
    """The salt asked for by a ``commit`` argument: ``False`` none, ``True`` a fresh random
    one, or the 16 bytes given (to rebuild a committed hand).

    Raises:
        InvalidArgumentError: ``commit`` is neither a bool nor 16 bytes.
    """
    if commit is False:
        return None
    if commit is True:
        return secrets.token_bytes(SALT_SIZE)
    if type(commit) is bytes and len(commit) == SALT_SIZE:
        return commit
    raise InvalidArgumentError(
        f"commit must be True (commit to the deck with a fresh random salt), False, or the "
        f"{SALT_SIZE}-byte salt of a committed deal, got {type(commit).__name__} "
        f"{safe_repr(commit, 60)}"
    )


def deal_commitment(deck: Iterable[Card | str], salt: bytes) -> str:
    """The commitment to a deck: SHA-256 of the salt followed by the deck's text, in
    lowercase hex (64 digits).

    Args:
        deck: the deck order, top card first (cards or card text; written as
            :class:`~trumpfamily.cards.Card` writes them, ``"TD"``, ``"JK"``).
        salt: the deal's salt, :data:`SALT_SIZE` bytes.

    Returns:
        ``hashlib.sha256(salt + " ".join(cards).encode("ascii")).hexdigest()``.

    Raises:
        InvalidArgumentError: ``salt`` is not :data:`SALT_SIZE` bytes.
        CardParseError: a card of ``deck`` is not a card.

    >>> import hashlib, trumpfamily as tf
    >>> from trumpfamily.integrity import deal_commitment
    >>> salt = bytes.fromhex("00112233445566778899aabbccddeeff")
    >>> deal_commitment(tf.parse_cards("5H JS 10D"), salt) == hashlib.sha256(
    ...     salt + b"5H JS TD").hexdigest()
    True
    """
    if type(salt) is not bytes or len(salt) != SALT_SIZE:
        raise InvalidArgumentError(
            f"a deal's salt is {SALT_SIZE} bytes, got {type(salt).__name__} "
            f"{safe_repr(salt, 60)}"
        )
    if isinstance(deck, str | Card) or not isinstance(deck, Iterable):
        raise InvalidArgumentError(
            f"deal_commitment needs the deck as a sequence of cards, got "
            f"{type(deck).__name__} {safe_repr(deck, 60)}"
        )
    text = " ".join(str(Card.parse(card)) for card in deck)
    return hashlib.sha256(salt + text.encode("ascii")).hexdigest()


def deal_salt(game_salt: bytes, number: int) -> bytes:
    """The salt of hand ``number`` (1 for the first) of a game whose salt is
    ``game_salt``: ``HMAC-SHA256(game_salt, "deal <number>")``, its first
    :data:`SALT_SIZE` bytes.

    >>> from trumpfamily.integrity import deal_salt
    >>> deal_salt(bytes(16), 1) != deal_salt(bytes(16), 2)
    True
    """
    message = f"deal {number}".encode("ascii")
    return hmac.new(game_salt, message, hashlib.sha256).digest()[:SALT_SIZE]


def salt_from_hex(text: object) -> bytes:
    """The salt written in a record (32 lowercase hex digits) as bytes.

    Raises:
        ValueError: ``text`` is not 32 lowercase hex digits.
    """
    if type(text) is not str or len(text) != 2 * SALT_SIZE or not set(text) <= _HEX:
        raise ValueError(
            f"expected the salt as {2 * SALT_SIZE} lowercase hex digits, got "
            f"{type(text).__name__} {safe_repr(text)}"
        )
    return bytes.fromhex(text)


_HEX: Final = frozenset("0123456789abcdef")
