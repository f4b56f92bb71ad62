"""The browser table's ``hint`` (issue 22, item 2) over the wire: a real uvicorn on
127.0.0.1 and plain WebSocket clients. Off unless the table is created with it, answered
only to the seat to act, from that seat's view only (the same under a re-deal of the
cards it cannot see), rate-limited, refused by an operator who gives none.

The values expected are computed by :func:`trumpfamily.search.analysis.analyse` on the
seat's view, never written out.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Iterator
from typing import Any

import pytest
from serverkit import KEY, Client, Running, running, take_seats

import trumpfamily as tf
from trumpfamily.search.analysis import analyse
from trumpfamily.server import Limits, TableSettings, parse_message

LIMITS = Limits(actions_per_second=1000.0, burst=1000, joins_per_second=1000.0,
                join_burst=1000, hint_milliseconds=None)
SEED = hmac.new(KEY, b"trumpfamily hint", hashlib.sha256).digest()


@pytest.fixture(scope="module")
def server() -> Iterator[Running]:
    with running(limits=LIMITS) as srv:
        yield srv


def _table(server: Running, *, hints: bool, deck: list[tf.Card] | None = None,
           preset: str = "Forty-Five") -> tuple[Any, dict[int, Client]]:
    """A two-player table of two humans (dealer P0), both seats joined."""
    table = server.create(TableSettings(preset, 2, seats=("human", "human"), hands=1,
                                        hints=hints),
                          seed=3, dealer=0, **({"decks": [deck]} if deck else {}))
    tokens = take_seats(server, table.id, [0, 1])
    conns = {seat: Client(server.ws) for seat in tokens}
    for seat, conn in conns.items():
        conn.join(token=tokens[seat])
    return table, conns


def _expected(view: Any) -> dict[str, Any]:
    analysis = analyse(view, budget=LIMITS.hint_worlds, seed=SEED)
    return {"best": tf.to_json(analysis.best), "worlds": analysis.worlds,
            "unit": analysis.unit,
            "rows": [(tf.to_json(r.action), str(r.action), round(r.mean, 4), round(r.low, 4),
                      round(r.high, 4), r.worlds) for r in analysis.rows[:3]],
            "more": max(0, len(analysis.rows) - 3)}


def _got(message: dict[str, Any]) -> dict[str, Any]:
    return {"best": message["best"], "worlds": message["worlds"], "unit": message["unit"],
            "rows": [(r["action"], r["text"], r["mean"], r["low"], r["high"], r["worlds"])
                     for r in message["rows"]],
            "more": message["more"]}


def test_the_message_is_read() -> None:
    assert parse_message('{"type": "hint", "id": "h1"}').type == "hint"
    with pytest.raises(tf.TrumpFamilyError, match="a hint message has no field 'seat'"):
        parse_message('{"type": "hint", "seat": 1}')


@pytest.mark.parametrize("preset", ["Forty-Five", "Auction Forty-Fives"])
def test_the_seat_to_act_gets_the_analysis_of_its_view(server: Running, preset: str) -> None:
    table, conns = _table(server, hints=True, preset=preset)
    assert server.request("GET", f"/api/tables/{table.id}")[1]["hints"] is True
    seat = table.state.to_act
    other = 1 - seat
    conns[seat].send({"type": "hint", "id": "h1"})
    reply = conns[seat].until("hint")
    assert reply["id"] == "h1" and reply["seat"] == seat
    assert _got(reply) == _expected(table.state.view(seat))
    # asked again at the same position: the same answer (from the last one)
    conns[seat].send({"type": "hint", "id": "h2"})
    again = conns[seat].until("hint")
    assert {**again, "id": "h1"} == reply
    # the other seat and a spectator are refused
    conns[other].send({"type": "hint", "id": "x"})
    refused = conns[other].until("error")
    assert refused["code"] == "not-your-turn" and refused["id"] == "x"
    watcher = Client(server.ws)
    watcher.join(table=table.id)
    watcher.send({"type": "hint"})
    assert watcher.until("error")["code"] == "spectator"
    # nobody else is sent the hint
    for conn in (conns[other], watcher):
        conn.send({"type": "ping", "id": "last"})
        assert conn.until("pong")["id"] == "last"
        assert not any('"type": "hint"' in text for text in conn.received)


def test_hints_are_off_unless_the_table_asks(server: Running) -> None:
    table, conns = _table(server, hints=False)
    assert server.request("GET", f"/api/tables/{table.id}")[1]["hints"] is False
    seat = table.state.to_act
    conns[seat].send({"type": "hint", "id": "h"})
    assert conns[seat].until("error")["code"] == "no-hints"
    status, made = server.request("POST", "/api/tables", {"preset": "45", "players": 2,
                                                          "hints": "yes"})
    assert status == 400 and made["error"] == "bad-request"
    status, made = server.request("POST", "/api/tables", {"preset": "45", "players": 2,
                                                          "hints": True})
    assert status == 201, made
    assert server.request("GET", f"/api/tables/{made['table']}")[1]["hints"] is True


def test_an_operator_who_gives_no_hints_refuses_such_tables() -> None:
    with running(limits=Limits(hints=False)) as srv:
        status, made = srv.request("POST", "/api/tables", {"preset": "45", "players": 2,
                                                           "hints": True})
        assert status == 400 and made["error"] == "no-hints"
        status, made = srv.request("POST", "/api/tables", {"preset": "45", "players": 2})
        assert status == 201


def test_hints_are_rate_limited(server: Running) -> None:
    """A seat's hints come from a bucket of :attr:`Limits.hints_per_minute`: once it is
    empty, a hint at a new position is refused (a repeat at the same position is not)."""
    table, conns = _table(server, hints=True)
    seat = table.state.to_act
    # empty the seat's bucket, as asking at many positions would
    bucket = server.hub._bucket("hint", f"{table.id}:{seat}", LIMITS.hints_per_minute / 60, 3)
    while bucket.take():
        pass
    conns[seat].send({"type": "hint", "id": "r"})
    refused = conns[seat].until("error")
    assert refused["code"] == "rate-limited" and "12 hints a minute" in refused["reason"]


def _seen(view: Any) -> set[tf.Card]:
    keep = set(view.hand) | {view.turned_up}
    if view.turn_up is not None:
        keep.add(view.turn_up)
    return keep


def test_a_hint_is_the_same_under_a_redeal(server: Running) -> None:
    """The cards the seat to act cannot see re-dealt: the same hint, byte for byte."""
    rng = random.Random(8)
    first = tf.new_game(tf.FORTY_FIVE, players=2, seed=3, hands=1, dealer=0)
    deck = list(first.hand.deck)
    seat = first.to_act
    assert seat is not None
    keep = _seen(first.view(seat))
    places = [i for i, c in enumerate(deck) if c not in keep]
    moved = [deck[i] for i in places]
    rng.shuffle(moved)
    other = list(deck)
    for i, c in zip(places, moved, strict=True):
        other[i] = c
    assert other != deck
    again = tf.new_game(tf.FORTY_FIVE, players=2, seed=3, hands=1, dealer=0, decks=[other])
    assert again.view(seat) == first.view(seat)
    replies = []
    for dealt in (deck, other):
        table, conns = _table(server, hints=True, deck=dealt)
        assert table.state.to_act == seat
        conns[seat].send({"type": "hint", "id": "same"})
        conns[seat].until("hint")
        replies.append(conns[seat].received[-1])
    assert replies[0] == replies[1]


def test_the_browser_table_shows_a_hint() -> None:
    """In the lobby the hint option makes a table with hints; at the table, on the seat's
    turn, the Hint button asks for one and the best rows are shown (those the server sent:
    the analysis of the seat's view)."""
    import json
    import os
    import shutil
    from pathlib import Path

    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="playwright is not installed (pip install playwright)")
    chromium = os.environ.get("TRUMPFAMILY_CHROMIUM", "/usr/bin/chromium")
    executable = chromium if Path(chromium).is_file() else shutil.which("chromium")
    if executable is None:
        pytest.skip(f"no chromium at {chromium} (apt-get install chromium)")
    step = 15_000
    with running(limits=LIMITS) as srv, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"])
        try:
            page = browser.new_page()
            received: list[dict[str, Any]] = []
            page.on("websocket", lambda ws: ws.on(
                "framereceived", lambda payload: received.append(json.loads(payload))))
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(srv.http + "/")
            page.select_option("#preset", "Forty-Five")
            page.select_option("#players", "2")
            page.check("#hints")
            page.click("#create")
            page.wait_for_selector("#created:not([hidden])", timeout=step)
            href = page.get_attribute("#go", "href")
            assert href is not None
            assert srv.hub.tables[href[3:]].settings.hints is True
            page.click("#go")
            page.wait_for_selector("#table[data-my-turn='true']", timeout=step)
            page.click("[data-testid=hint]")
            page.wait_for_selector("[data-testid=hint-rows] li", timeout=step)
            hint = next(m for m in received if m["type"] == "hint")
            shown = page.locator("[data-testid=hint-rows] li").all_inner_texts()
            assert [text.split(":")[0] for text in shown] == [r["text"] for r in hint["rows"]]
            assert shown[0].startswith(f"{hint['rows'][0]['text']}: ")
            assert not errors, errors
        finally:
            browser.close()


def test_a_closed_table_gives_no_hint(server: Running) -> None:
    """A hint asked at a table closed mid-hand is refused as an action is (``no-table``),
    with no search behind it."""
    table, conns = _table(server, hints=True)
    seat = table.state.to_act
    server.close_table(table)
    conns[seat].send({"type": "hint", "id": "late"})
    error = conns[seat].until("error")
    assert error["code"] == "no-table" and "closed" in error["reason"]
    assert not any('"type": "hint"' in text for text in conns[seat].received)
