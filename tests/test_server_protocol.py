"""The reference server over the wire: a real uvicorn on 127.0.0.1 and plain WebSocket
clients. Whole games of every preset with humans and bots; the re-deal test applied to
every payload a seat (and a spectator) is sent; hostile clients."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from serverkit import KEY, Client, Running, play_table, running, take_seats

import trumpfamily as tf
from trumpfamily.server import Limits, TableSettings


@pytest.fixture(scope="module")
def server() -> Iterator[Running]:
    with running(limits=Limits(actions_per_second=1000.0, burst=1000)) as srv:
        yield srv


def test_a_whole_spoil_five_game_with_humans_and_bots(server: Running) -> None:
    status, made = server.request("POST", "/api/tables", {
        "preset": "spoil five", "players": 3, "hands": 2,
        "seats": ["human", "bot:rule-of-thumb", "human"]})
    assert status == 201, made
    assert made["url"] == f"/t/{made['table']}" and len(made["code"]) == 7
    tokens = take_seats(server, made["table"], [0, 2])
    humans = {seat: Client(server.ws) for seat in tokens}
    for seat, conn in humans.items():
        state = conn.join(token=tokens[seat])
        assert state["seat"] == seat and state["view"]["seat"] == seat
        assert len(state["view"]["hand"]) == 5
    watcher = Client(server.ws)
    last = watcher.join(table=made["table"])
    assert last["view"] is None and last["public"]["type"] == "PublicView"
    info = play_table(server, made["table"], humans, watcher, random.Random(1), last=last)
    assert info["over"] and len(info["records"]["hands"]) == 2
    for url in info["records"]["hands"]:
        status, record = server.request("GET", url)
        assert status == 200
        assert tf.replay(record, key=KEY).is_over
    status, record = server.request("GET", info["records"]["game"])
    assert status == 200
    assert tf.replay_game(record, key=KEY).is_over


PRESETS = list(tf.ALL_VARIANTS.values())


@pytest.mark.parametrize("variant", PRESETS, ids=[v.name for v in PRESETS])
def test_every_preset_plays_a_whole_game_with_humans_and_bots(
        server: Running, variant: tf.Variant) -> None:
    """Two human seats (driven by this test, actions in the notation and as JSON) and two
    bots play a hand of every preset to the end; the records replay with the server's key;
    no seat is ever sent a card of another seat's hand."""
    seats = ["human", "bot:rule-of-thumb", "human", "bot:random"]
    status, made = server.request("POST", "/api/tables", {
        "preset": variant.aliases[0], "players": 4, "hands": 1, "seats": seats})
    assert status == 201, made
    tokens = take_seats(server, made["table"], [0, 2])
    humans = {seat: Client(server.ws) for seat in tokens}
    for seat, conn in humans.items():
        conn.join(token=tokens[seat])
    watcher = Client(server.ws)
    last = watcher.join(table=made["table"])
    info = play_table(server, made["table"], humans, watcher, random.Random(variant.name),
                      last=last, notation=variant.bidding is None)
    assert info["over"] and info["records"]["game"] is not None
    table = server.hub.tables[made["table"]]
    record_status, record = server.request("GET", info["records"]["game"])
    assert record_status == 200
    assert tf.replay_game(record, key=KEY) == table.state
    hands = [server.request("GET", url)[1] for url in info["records"]["hands"]]
    assert hands and all(tf.replay(h, key=KEY).is_over for h in hands)
    # every view a seat is sent is its own (the re-deal tests check what is in it)
    for seat, conn in humans.items():
        views = [json.loads(t).get("view") for t in conn.received]
        assert {v["seat"] for v in views if v is not None} == {seat}
    for conn in (*humans.values(), watcher):
        conn.close()


# -- the re-deal test on the wire ---------------------------------------------------------

REDEAL = [(tf.SPOIL_FIVE, 3), (tf.TWENTY_FIVE, 4), (tf.MAW, 2), (tf.FORTY_FIVE, 4),
          (tf.AUCTION_45, 4), (tf.ONE_TEN, 4), (tf.NEWFOUNDLAND_120S, 4), (tf.AMERICAN_110, 4)]
_COMMITMENT = re.compile(r'"commitment": "[0-9a-f]{64}"')


def _line(variant: tf.Variant, players: int, seed: int, deck: list[tf.Card]
          ) -> tuple[list[tf.GameState], list[tuple[int, tf.Action]]]:
    """A game of one hand played by random legal actions: every state, and the actions."""
    state = tf.new_game(variant, players=players, seed=seed, hands=1, decks=[deck], dealer=0)
    rng = random.Random(seed)
    states, actions = [state], []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        action = rng.choice(state.legal_actions())
        actions.append((seat, action))
        state = state.apply(action, seat=seat)
        states.append(state)
    return states, actions


def _named(action: tf.Action) -> set[tf.Card]:
    """The cards an action names (a face-down discard stays where the replay needs it)."""
    if isinstance(action, tf.Discard):
        return set(action.cards)
    card = getattr(action, "card", None)
    return {card} if isinstance(card, tf.Card) else set()


def _kept(states: list[tf.GameState], actions: list[tuple[int, tf.Action]], k: int,
          seat: int | None) -> set[tf.Card]:
    """The cards ``seat`` (``None``: a spectator) has seen up to state ``k``, the cards the
    first ``k`` actions name, and, in pool games, the Ace of trumps (the end of a hand
    settles a silent holder's bar)."""
    keep: set[tf.Card] = set()
    for state in states[: k + 1]:
        seats = range(state.players) if seat is None else (seat,)
        for who in seats:
            view = state.view(who)
            if seat is not None:
                keep.update(view.hand, getattr(view, "kitty", ()), getattr(view, "pack", ()),
                            getattr(view, "my_discards", ()))
            keep.update(view.current_trick, getattr(view, "fived", ()))
            keep.update(c for t in view.tricks for c in t.cards)
            for name in ("turned_up", "turn_up"):
                card = getattr(view, name, None)
                if card is not None:
                    keep.add(card)
    for _, action in actions[:k]:
        keep |= _named(action)
    last = states[k]
    if last.variant.bidding is None and last.variant.scoring.scoring == "pool":
        keep.add(tf.Card.parse("A" + last.hand.trump.letter))
    return keep


def _redealt(variant: tf.Variant, players: int, seed: int, deck: list[tf.Card],
             actions: list[tuple[int, tf.Action]], keep: set[tf.Card], rng: random.Random
             ) -> list[tf.Card] | None:
    """``deck`` with the cards not kept shuffled among their places, such that the actions
    still replay (the public history allows it); ``None`` if no such re-deal was found."""
    places = [i for i, c in enumerate(deck) if c not in keep]
    for _ in range(300):
        cards = [deck[i] for i in places]
        rng.shuffle(cards)
        other = list(deck)
        for i, c in zip(places, cards, strict=True):
            other[i] = c
        if other == deck and len(places) > 1:
            continue
        state = tf.new_game(variant, players=players, seed=seed, hands=1, decks=[other],
                            dealer=0)
        try:
            for seat, action in actions:
                state = state.apply(action, seat=seat)
        except tf.IllegalActionError:
            continue
        return other
    return None


def _payloads(server: Running, variant: tf.Variant, players: int, seed: int,
              deck: list[tf.Card], actions: list[tuple[int, tf.Action]], target: int | None,
              probes: list[str]) -> list[str]:
    """Every message ``target``'s connection (``None``: a spectator's) receives at a table
    dealt ``deck`` while the seats play ``actions`` (then ``probes`` from the seat to act,
    when it is the target), with the table's id, code and commitments written out."""
    table = server.create(TableSettings(variant.name, players, seats=("human",) * players,
                                        hands=1), seed=seed, decks=[deck], dealer=0)
    tokens = take_seats(server, table.id, range(players))
    conns = {}
    for seat in range(players):
        conns[seat] = Client(server.ws)
        conns[seat].join(token=tokens[seat])
    watcher = Client(server.ws)
    watcher.join(table=table.id)
    mine = watcher if target is None else conns[target]
    for n, (seat, action) in enumerate(actions, start=1):
        conns[seat].send({"type": "action", "action": str(action)})
        while mine.until("update")["table"]["moves"] != n:
            pass
    if target is not None and table.state.to_act == target:
        for probe in probes:
            mine.send({"type": "action", "action": probe, "id": "probe"})
            mine.recv()
    mine.send({"type": "sync"})
    mine.until("state")
    for conn in (*conns.values(), watcher):
        conn.close()
    server.close_table(table)
    out = []
    for text in mine.received:
        if '"type": "heartbeat"' in text:
            continue
        text = text.replace(table.id, "TABLE").replace(table.code, "CODE")
        out.append(_COMMITMENT.sub('"commitment": "C"', text))
    return out


def _probes(view: Any) -> list[str]:
    """Actions to try on the seat's own turn: its cards played, passes and bids."""
    cards = [str(c) for c in view.hand]
    return ([f"play {c}" for c in cards] + ["pass", "bid 20", "decline-rob"]
            + [f"rob {c}" for c in cards[:1]])


@pytest.mark.parametrize(("variant", "players"), REDEAL, ids=[v.name for v, _ in REDEAL])
def test_every_payload_to_a_seat_is_the_same_when_its_hidden_cards_are_redealt(
        server: Running, variant: tf.Variant, players: int) -> None:
    """The re-deal test on the wire: at points of a hand, every message a seat has been
    sent (the welcome, the state, every update, its refusals) is the same, byte for byte,
    when the cards it has not seen are re-dealt and the same actions played. (The deal
    commitment, a hash of the whole deck, is written out: it reveals nothing, and must
    differ.)"""
    rng = random.Random(variant.name)
    compared = 0
    for seed in (3, 11):
        deck = list(variant.ranking.deck())
        random.Random(seed).shuffle(deck)
        states, actions = _line(variant, players, seed, deck)
        for k in sorted({0, 1, len(actions) // 3, 2 * len(actions) // 3, len(actions)}):
            for seat in {states[k].to_act or 0, (seed + k) % players}:
                keep = _kept(states, actions, k, seat)
                other = _redealt(variant, players, seed, deck, actions[:k], keep, rng)
                if other is None:
                    continue
                probes = _probes(states[k].view(seat))
                a = _payloads(server, variant, players, seed, deck, actions[:k], seat, probes)
                b = _payloads(server, variant, players, seed, other, actions[:k], seat, probes)
                assert a == b
                hidden = set(deck) - keep
                assert other != deck or len(hidden) < 2
                compared += 1
    assert compared >= 6


@pytest.mark.parametrize(("variant", "players"), REDEAL, ids=[v.name for v, _ in REDEAL])
def test_every_payload_to_a_spectator_is_the_same_when_all_hidden_cards_are_redealt(
        server: Running, variant: tf.Variant, players: int) -> None:
    """A spectator is sent the same messages under any re-deal of every card no seat has
    shown (each seat's unplayed hand, the stock, the kitty)."""
    rng = random.Random(variant.name)
    compared = 0
    for seed in (5, 8):
        deck = list(variant.ranking.deck())
        random.Random(seed).shuffle(deck)
        states, actions = _line(variant, players, seed, deck)
        for k in sorted({0, len(actions) // 2, len(actions)}):
            keep = _kept(states, actions, k, None)
            other = _redealt(variant, players, seed, deck, actions[:k], keep, rng)
            if other is None:
                continue
            a = _payloads(server, variant, players, seed, deck, actions[:k], None, [])
            b = _payloads(server, variant, players, seed, other, actions[:k], None, [])
            assert a == b
            assert other != deck
            compared += 1
    assert compared >= 3
