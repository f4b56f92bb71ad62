"""Tamper evidence (issue: keyed records and deal commitments; trumpfamily.integrity).

* Without a key, replay proves that every action was legal from the recorded deal, and
  for a game that each shuffled deck is the one its seed deals; it cannot prove that an
  unkeyed hand record's deck is the one really dealt: undealt cards swapped still replay.
* ``record(key=...)`` adds an HMAC-SHA256 over the canonical record; ``replay(record,
  key=...)`` refuses a record with any single field changed, added or removed.
* ``commit=True`` publishes SHA-256(salt + deck) at the deal; the record reveals the salt,
  and ``replay(record, commitment=...)`` refuses a deck that is not the one committed to.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
from collections.abc import Iterator
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily.integrity import canonical_json, deal_salt, record_mac

KEY = b"0123456789abcdef0123456789abcdef"


def issue_hand(**kwargs: Any) -> tf.HandState:
    """The hand of the issue: Spoil Five, 4 players, seed 21, the last legal action each
    time, to the end."""
    state = tf.new_hand(tf.SPOIL_FIVE, players=4, seed=21, **kwargs)
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    return state


def swap_last_two(record: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(record)
    changed["deck"][-1], changed["deck"][-2] = changed["deck"][-2], changed["deck"][-1]
    return changed


# -- what replay proves without a key ---------------------------------------------------------


def test_unkeyed_record_with_undealt_cards_swapped_still_replays() -> None:
    """The issue's report: 20 cards are dealt and one turned up; the last two are never
    seen, so swapping them changes no action's legality. Replay cannot tell; the record
    replays to a different state (another deck) with the same play and outcome."""
    state = issue_hand()
    record = swap_last_two(state.record())
    again = tf.replay(record)
    assert again.actions == state.actions and again.outcome == state.outcome
    assert again.deck != state.deck and again != state


def test_the_same_change_is_refused_with_a_key() -> None:
    state = issue_hand()
    record = state.record(key=KEY)
    assert tf.replay(record, key=KEY) == state
    with pytest.raises(tf.IntegrityError, match="'mac' does not match") as info:
        tf.replay(swap_last_two(record), key=KEY)
    assert info.value.check == "mac" and info.value.index is None
    assert isinstance(info.value, tf.ReplayError)


def test_the_same_change_is_refused_against_the_commitment() -> None:
    state = issue_hand(commit=True)
    published = state.view(0).commitment
    assert published == state.commitment is not None
    assert tf.replay(state.record(), commitment=published) == state
    with pytest.raises(tf.IntegrityError, match="not the one that was dealt") as info:
        tf.replay(swap_last_two(state.record()), commitment=published)
    assert info.value.check == "commitment"


def test_a_game_record_proves_its_shuffled_decks() -> None:
    """Without a key a game record's shuffled decks are checked against its seed."""
    state = tf.new_game(tf.SPOIL_FIVE, players=4, seed=21, hands=1)
    while not state.is_over:
        state = state.apply(state.legal_actions()[-1])
    record = state.record()
    deck = record["deals"][0]["deck"]
    deck[-1], deck[-2] = deck[-2], deck[-1]
    with pytest.raises(tf.ReplayError, match="not the deck the game deals"):
        tf.replay_game(record)


# -- keyed records: any single change is refused ------------------------------------------------


def _leaf_change(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if value is None:
        return 0
    if isinstance(value, str):
        return "5H" if value != "5H" else "6H"
    raise AssertionError(value)  # pragma: no cover


def _changes(top: Any, node: Any, path: tuple[Any, ...]) -> Iterator[tuple[str, Any]]:
    """Every record obtained from ``top`` by one change at or under ``node`` (at
    ``path``): each value replaced, each field removed, a field added to each object, each
    list's items rotated, shortened, grown."""
    def edit(fn: Any) -> Any:
        root = copy.deepcopy(top)
        target = root
        for key in path:
            target = target[key]
        fn(target)
        return root

    if isinstance(node, dict):
        yield f"{path} + field", edit(lambda d: d.__setitem__("extra", 1))
        for key, value in node.items():
            yield f"{path + (key,)} removed", edit(lambda d, k=key: d.pop(k))
            yield from _changes(top, value, (*path, key))
    elif isinstance(node, list):
        yield f"{path} + item", edit(lambda x: x.append(x[0] if x else "5H"))
        if node:
            yield f"{path} - item", edit(lambda x: x.pop())
        if len(node) > 1 and node[0] != node[-1]:
            yield f"{path} swapped", edit(lambda x: x.__setitem__(slice(None), x[1:] + x[:1]))
        for i, value in enumerate(node):
            yield from _changes(top, value, (*path, i))
    else:
        parent, key = path[:-1], path[-1]
        root = copy.deepcopy(top)
        target = root
        for k in parent:
            target = target[k]
        target[key] = _leaf_change(node)
        yield f"{path} = {target[key]!r}", root


def _keyed_hand() -> dict[str, Any]:
    state = tf.new_hand(tf.TWENTY_FIVE, players=3, seed=8, commit=True)
    for _ in range(7):
        state = state.apply(state.legal_actions()[0])
    record = state.record(key=KEY)
    assert set(record) >= {"mac", "salt", "deck", "actions", "options"}
    return record


def _keyed_game() -> dict[str, Any]:
    state = tf.new_game(tf.FORTY_FIVE, players=2, seed=8, commit=True, decks=[
        tf.stacked_deck(tf.FORTY_FIVE, players=2, dealer=1, turn_up="2H", hands={})])
    for _ in range(14):
        state = state.apply(state.legal_actions()[0])
    record = state.record(key=KEY)
    assert len(record["deals"]) == 2 and record["decks"]
    return record


@pytest.mark.parametrize(
    ("make", "replayer"),
    [(_keyed_hand, tf.replay), (_keyed_game, tf.replay_game)],
    ids=["hand", "game"],
)
def test_a_keyed_record_with_any_single_field_changed_is_refused(make: Any, replayer: Any) -> None:
    """Every field, at every depth: each value changed, each field removed (the MAC
    itself and the salt included), a field added, list items reordered, dropped, added."""
    record = make()
    assert replayer(json.loads(json.dumps(record)), key=KEY) is not None
    seen = 0
    for what, changed in _changes(record, record, ()):
        with pytest.raises(tf.IntegrityError, match="mac") as info:
            replayer(changed, key=KEY)
        assert info.value.check == "mac", what
        seen += 1
    assert seen > 150


def test_mac_recipe_and_key_handling() -> None:
    """HMAC-SHA256 of the canonical JSON (sorted keys, no spaces, UTF-8) of the record
    without "mac"; key order and a JSON round trip do not matter; a wrong key, a missing
    or malformed MAC are refused; a key must be non-empty bytes."""
    state = issue_hand()
    record = state.record(key=KEY)
    body = {k: v for k, v in record.items() if k != "mac"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert record["mac"] == hmac.new(KEY, text.encode(), hashlib.sha256).hexdigest()
    assert canonical_json(body) == text.encode()
    assert record_mac(record, KEY) == record["mac"]
    shuffled = dict(reversed(list(json.loads(json.dumps(record)).items())))
    assert tf.replay(shuffled, key=KEY) == state
    assert tf.replay(record) == state  # the MAC is not checked without the key
    with pytest.raises(tf.IntegrityError, match="does not match"):
        tf.replay(record, key=KEY + b"x")
    with pytest.raises(tf.IntegrityError, match="has no 'mac'"):
        tf.replay(state.record(), key=KEY)
    for bad in ("x", 5, 0, "é" * 64, record["mac"].upper()):
        with pytest.raises(tf.IntegrityError, match="does not match"):
            tf.replay({**record, "mac": bad}, key=KEY)
    with pytest.raises(tf.IntegrityError, match="has no 'mac'"):
        tf.replay({**record, "mac": None}, key=KEY)
    with pytest.raises(tf.IntegrityError, match="not JSON data"):
        tf.replay({**record, "deck": {1, 2}}, key=KEY)
    for bad_key in ("secret", b"", 42):
        with pytest.raises(tf.InvalidArgumentError, match="key must be non-empty bytes"):
            state.record(key=bad_key)  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match=r"key.encode\(\)"):
        tf.replay(record, key="secret")  # type: ignore[arg-type]
    assert tf.replay(record, key=bytearray(KEY)) == state  # type: ignore[arg-type]
    assert tf.Game(tf.MAW, players=3, seed=1).record(key=KEY)["mac"]


# -- deal commitments ---------------------------------------------------------------------------


def test_the_commitment_is_sha256_of_salt_and_deck_text() -> None:
    state = tf.new_hand(tf.MAW, players=5, seed=3, commit=True)
    salt = bytes.fromhex(state.record()["salt"])
    text = " ".join(str(card) for card in state.deck).encode("ascii")
    assert state.commitment == hashlib.sha256(salt + text).hexdigest()
    assert tf.deal_commitment(state.deck, salt) == state.commitment
    assert all(state.view(seat).commitment == state.commitment for seat in range(5))


def test_the_salt_is_random_and_only_drawn_when_asked() -> None:
    """The salt comes from secrets.token_bytes, not from the seed: the same seed gives the
    same deck and different commitments. Without commit=True there is none."""
    a = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1, commit=True)
    b = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1, commit=True)
    assert a.deck == b.deck and a.commitment != b.commitment
    assert a != b  # the commitment is part of the state's value: the views differ
    plain = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1)
    assert plain.commitment is None and plain.view(0).commitment is None
    assert "salt" not in plain.record()
    same = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=1, commit=bytes(16))
    assert same.commitment == tf.deal_commitment(a.deck, bytes(16))


@pytest.mark.parametrize("bad", [1, "yes", b"short", bytes(17), None])
def test_a_bad_commit_argument_is_refused(bad: Any) -> None:
    with pytest.raises(tf.InvalidArgumentError, match="commit must be True"):
        tf.new_hand(tf.SPOIL_FIVE, players=3, commit=bad)
    with pytest.raises(tf.InvalidArgumentError, match="commit must be True"):
        tf.new_game(tf.SPOIL_FIVE, players=3, commit=bad)


def test_the_commitment_survives_every_action_and_the_replay() -> None:
    """Fiving and a turned-up joker turn new cards for trumps: the commitment, to the deck,
    stays the same through the whole hand and after replay."""
    joker = tf.FORTY_FIVE.with_options(joker="third")
    deck = tf.stacked_deck(joker, players=3, dealer=2, turn_up="JK", stock="AC",
                           hands={0: "KD 2D 3D 4D 5D", 2: "2H 3H 4H 5H 6H"})
    fiving = tf.SPOIL_FIVE
    for state in (tf.new_hand(joker, players=3, dealer=2, deck=deck, commit=True),
                  tf.new_hand(fiving, players=2, seed=5, commit=True)):
        published = state.commitment
        while not state.is_over:
            actions = state.legal_actions()
            state = state.apply(tf.AskFive() if tf.AskFive() in actions else actions[0])
            assert state.commitment == published
            assert state.view(0).commitment == published
        again = tf.replay(json.loads(json.dumps(state.record())), commitment=published)
        assert again == state and again.commitment == published


def test_a_commitment_needs_the_salt_and_a_commitment_text() -> None:
    state = issue_hand()
    with pytest.raises(tf.IntegrityError, match="reveals no salt"):
        tf.replay(state.record(), commitment="0" * 64)
    committed = issue_hand(commit=True)
    with pytest.raises(tf.ReplayError, match="64 hex digits published at the deal"):
        tf.replay(committed.record(), commitment=5)  # type: ignore[arg-type]
    with pytest.raises(tf.ReplayError, match="field 'salt': expected the salt as 32"):
        tf.replay({**committed.record(), "salt": "zz" * 16})
    other = issue_hand(commit=True)
    with pytest.raises(tf.IntegrityError, match="do not give the commitment"):
        tf.replay(committed.record(), commitment=other.commitment)
    assert tf.replay(committed.record(), commitment=committed.commitment.upper()) == committed


def test_game_commitments_one_per_deal() -> None:
    """Each hand's salt derives from the game salt (HMAC-SHA256(game salt, "deal n")), so the
    game record reveals one salt; replay_game checks the commitments given, in order."""
    state = tf.new_game(tf.TWENTY_FIVE, players=4, seed=2, commit=True)
    published = [state.hand.commitment]
    while state.hand_number < 3:
        state = state.apply(state.legal_actions()[-1])
        if state.hand.commitment != published[-1]:
            published.append(state.hand.commitment)
            assert state.view(1).commitment == published[-1]
    assert len(published) == 3 and None not in published
    record = state.record()
    game_salt = bytes.fromhex(record["salt"])
    for n, deal in enumerate(record["deals"], start=1):
        assert tf.deal_commitment(deal["deck"], deal_salt(game_salt, n)) == published[n - 1]
    assert tf.replay_game(record, commitments=published) == state
    assert tf.replay_game(record, commitments=[None, published[1]]) == state
    with pytest.raises(tf.IntegrityError, match="hand 2: the record's deck") as info:
        tf.replay_game(record, commitments=[published[0], published[0]])
    assert info.value.hand == 2
    with pytest.raises(tf.IntegrityError, match="hand 4 is missing") as info:
        tf.replay_game(record, commitments=[*published, published[0]])
    assert info.value.hand == 4
    unsalted = {k: v for k, v in record.items() if k != "salt"}
    with pytest.raises(tf.ReplayError):  # another game salt: no commitment matches
        tf.replay_game(unsalted, commitments=published)
    again = tf.replay_game(record)
    assert [again.hand.commitment] == published[-1:]
    with pytest.raises(tf.InvalidArgumentError, match="commitments must be a sequence"):
        tf.replay_game(record, commitments=published[0])  # type: ignore[arg-type]
