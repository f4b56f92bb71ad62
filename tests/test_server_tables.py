"""The reference server's tables without a network (trumpfamily.server._tables): seats,
tokens and codes, actions with seat checks, what is sent, bots with their time cap,
timers, limits, records and storage."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily.server import Hub, Limits, ProtocolError, TableSettings
from trumpfamily.server._tables import hash_token, normalize_code, read_variant

KEY = b"tables-test-key"


class Sink:
    """A connection that keeps what it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.texts: list[str] = []

    def send(self, text: str) -> None:
        self.texts.append(text)

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(t) for t in self.texts]


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def humans(n: int) -> tuple[str, ...]:
    return ("human",) * n


class Sleeper:
    """A bot that thinks for too long."""

    def choose(self, view: Any) -> tf.Action:
        time.sleep(1.0)
        return view.legal_actions[0]


class Broken:
    def choose(self, view: Any) -> tf.Action:
        raise RuntimeError("a bug in the bot")


class Cheeky:
    def choose(self, view: Any) -> tf.Action:
        return tf.Play("JK")


def test_codes_read_any_case_with_or_without_the_dash() -> None:
    assert normalize_code("abc-def") == "ABC-DEF"
    assert normalize_code("ABCDEF") == "ABC-DEF"
    assert normalize_code("abc def") == "ABC-DEF"
    assert normalize_code("ABC-DE1") is None  # 1 is not in the alphabet
    assert normalize_code("ABCDE") is None
    assert normalize_code("x" * 10_000) is None


def test_house_rules_are_read_by_each_options_own_reading() -> None:
    variant = read_variant("auction 45", "min_bid_near_end=100,20 draw_limit=6:3")
    assert variant.options()["min_bid_near_end"] == (100, 20)
    with pytest.raises(ProtocolError) as error:
        read_variant("spoil five", "ante=lots")
    assert error.value.code == "bad-rules"
    with pytest.raises(ProtocolError) as error:
        read_variant("spoil five", "nonsense")
    assert error.value.code == "bad-rules"
    with pytest.raises(ProtocolError) as error:
        read_variant(["spoil five"])
    assert error.value.code == "bad-preset"


def test_a_table_applies_actions_with_the_seat_checked_and_keeps_records() -> None:
    async def go() -> None:
        hub = Hub(key=KEY)
        table = await hub.create(TableSettings("Spoil Five", 3, seats=humans(3), hands=1),
                                 seed=9)
        seat, token = hub.join(table.id, None, "Ann")
        assert hub.seat_of(token) == (table, seat)
        assert table.seats[0].token_hash == hash_token(token) and token not in json.dumps(
            table.to_store())
        sinks = [Sink(s) for s in range(3)] + [Sink(None)]
        for sink in sinks:
            hub.attach(table, sink)
        to_act = table.state.to_act
        assert to_act is not None
        wrong = (to_act + 1) % 3
        reply = await hub.act(table, wrong, str(table.state.legal_actions()[0]), "x")
        assert reply is not None and reply["code"] == "out-of-turn" and reply["legal"] == []
        assert table.moves == 0 and all(not s.texts for s in sinks)
        while not table.state.is_over:
            seat = table.state.to_act
            assert seat is not None
            assert await hub.act(table, seat, str(table.state.legal_actions()[0]), None) is None
        assert len(table.hand_records) == 1
        assert tf.replay(table.hand_records[0], key=KEY) == table.state.last_hand
        info = table.info()
        assert info["over"] and info["records"]["game"] == f"/api/tables/{table.id}/record"
        updates = [m for m in sinks[0].messages() if m["type"] == "update"]
        assert len(updates) == table.moves
        dealt = [e for m in updates for e in m["events"] if e["type"] == "Dealt"]
        assert dealt == []  # one hand: dealt before anyone joined
        spectator = sinks[3].messages()
        assert all(m["view"] is None and m["public"]["type"] == "PublicView" for m in spectator)
        hub.close()
    run(go())


def test_a_spectator_never_gets_a_hand_and_a_seat_only_its_own() -> None:
    async def go() -> None:
        hub = Hub(key=KEY)
        table = await hub.create(TableSettings("Auction Forty-Fives", 4, seats=humans(4)),
                                 seed=2)
        seat_state = table.state_message(1)
        assert seat_state["view"]["hand"] == [str(c) for c in table.state.hand.hands[1]]
        dealt = seat_state["log"][0]
        assert dealt["type"] == "Dealt" and [len(h) for h in dealt["hands"]] == [0, 5, 0, 0]
        watcher = table.state_message(None)
        assert watcher["view"] is None
        assert [len(h) for h in watcher["log"][0]["hands"]] == [0, 0, 0, 0]
        public = watcher["public"]
        for private in ("hand", "kitty", "legal_actions", "my_discards", "pack", "seat"):
            assert private not in public
        assert public["stock_size"] == table.state.view(0).stock_size
        hub.close()
    run(go())


def test_limits_on_tables_bots_and_connections() -> None:
    async def go() -> None:
        hub = Hub(key=KEY, limits=Limits(tables=2, bots=3, connections_per_table=2))
        one = await hub.create(TableSettings("Maw", 2, seats=("human", "bot:random")))
        with pytest.raises(ProtocolError) as error:
            await hub.create(TableSettings("Maw", 3, seats=("bot:random",) * 3))
        assert error.value.code == "too-many-bots" and error.value.status == 429
        await hub.create(TableSettings("Maw", 2, seats=humans(2)))
        with pytest.raises(ProtocolError) as error:
            await hub.create(TableSettings("Maw", 2, seats=humans(2)))
        assert error.value.code == "too-many-tables"
        hub.attach(one, Sink(None))
        hub.attach(one, Sink(None))
        with pytest.raises(ProtocolError) as error:
            hub.attach(one, Sink(None))
        assert error.value.code == "full"
        hub.close_table(one)
        assert hub.bot_seats == 0 and one.id not in hub.tables
        hub.close()
    run(go())


def test_idle_tables_are_closed() -> None:
    async def go() -> None:
        hub = Hub(key=KEY, limits=Limits(idle_seconds=10.0))
        idle = await hub.create(TableSettings("Maw", 2, seats=humans(2)))
        busy = await hub.create(TableSettings("Maw", 2, seats=humans(2)))
        hub.attach(busy, Sink(None))
        assert hub.sweep(now=time.monotonic() + 60) == 1
        assert idle.id not in hub.tables and busy.id in hub.tables
        hub.close()
    run(go())


def test_bots_play_to_the_end_in_the_thread_pool() -> None:
    async def go() -> None:
        hub = Hub(key=KEY)
        table = await hub.create(TableSettings("Twenty-Five", 3, seats=(
            "bot:rule-of-thumb", "bot:random", "bot:context-rule-of-thumb"), hands=2))
        watcher = Sink(None)
        hub.attach(table, watcher)
        for _ in range(500):
            if table.state.is_over:
                break
            await asyncio.sleep(0.01)
        assert table.state.is_over and len(table.hand_records) == 2
        assert table.overruns == 0 and table.failure is None
        hub.close()
    run(go())


@pytest.mark.parametrize("bot", ["sleeper", "broken", "cheeky"])
def test_a_slow_broken_or_cheating_bot_is_replaced_by_the_rule_of_thumb(bot: str) -> None:
    """Past its time cap, raising, or choosing an illegal action: the rule of thumb moves
    for the bot (an overrun is counted); the table plays on, and so do the others."""
    async def go() -> None:
        hub = Hub(key=KEY, bots={"sleeper": Sleeper, "broken": Broken, "cheeky": Cheeky},
                  bot_time_cap=0.05)
        table = await hub.create(TableSettings("Spoil Five", 2, seats=(f"bot:{bot}",) * 2,
                                               hands=1))
        other = await hub.create(TableSettings("Maw", 2, seats=("bot:random",) * 2, hands=1))
        for _ in range(1000):
            if table.state.is_over and other.state.is_over:
                break
            await asyncio.sleep(0.01)
        assert table.state.is_over and other.state.is_over
        assert table.failure is None
        if bot == "sleeper":
            assert table.overruns >= 1
        else:
            assert table.overruns == 0
        hub.close()
    run(go())


def test_a_timer_moves_for_a_human_who_does_not() -> None:
    async def go() -> None:
        hub = Hub(key=KEY)
        table = await hub.create(TableSettings("Spoil Five", 2, seats=humans(2), timer=0.05),
                                 seed=4)
        sink = Sink(0)
        hub.attach(table, sink)
        for _ in range(300):
            if table.moves >= 2:
                break
            await asyncio.sleep(0.01)
        assert table.moves >= 2
        timers = [m for m in sink.messages() if m["type"] == "timer"]
        assert timers and timers[0]["seconds"] == 0.05
        hub.close()
    run(go())


def test_a_table_without_a_timer_waits() -> None:
    async def go() -> None:
        hub = Hub(key=KEY)
        table = await hub.create(TableSettings("Spoil Five", 2, seats=humans(2)))
        await asyncio.sleep(0.1)
        assert table.moves == 0
        hub.close()
    run(go())


def test_tables_survive_a_restart_with_a_store(tmp_path: Path) -> None:
    """Saved after each action; read back (replayed with the key kept in the store) by a
    new hub: the same game, the same seats, the tokens still good, the game plays on."""
    async def first() -> tuple[str, str, tf.GameState]:
        hub = Hub(store=tmp_path)
        table = await hub.create(TableSettings("Forty-Five", 2, seats=humans(2)), seed=1)
        _, token = hub.join(table.id, 0, "Ann")
        for _ in range(3):
            seat = table.state.to_act
            assert seat is not None
            await hub.act(table, seat, str(table.state.legal_actions()[0]), None)
        hub.close()
        return table.id, token, table.state

    table_id, token, state = run(first())
    assert (tmp_path / "server.key").stat().st_mode & 0o777 == 0o600
    stored = (tmp_path / f"{table_id}.table.json").read_text()
    assert token not in stored

    async def second() -> None:
        hub = Hub(store=tmp_path)
        assert hub.load() == 1
        table, seat = hub.seat_of(token)
        assert (table.id, seat) == (table_id, 0) and table.state == state
        assert table.moves == 3 and table.seats[0].name == "Ann"
        seat_to_act = table.state.to_act
        assert seat_to_act is not None
        assert await hub.act(table, seat_to_act, str(table.state.legal_actions()[0]),
                             None) is None
        hub.close()
    run(second())


def test_a_tampered_store_file_is_not_loaded(tmp_path: Path) -> None:
    async def first() -> str:
        hub = Hub(store=tmp_path)
        table = await hub.create(TableSettings("Maw", 2, seats=humans(2)), seed=1)
        hub.close()
        return table.id

    table_id = run(first())
    path = tmp_path / f"{table_id}.table.json"
    data = json.loads(path.read_text())
    data["record"]["seed"] = 2
    path.write_text(json.dumps(data))
    (tmp_path / "junk.table.json").write_text("[" * 10_000)
    assert Hub(store=tmp_path).load() == 0


def test_seats_and_spectators_have_their_own_connection_caps() -> None:
    """Spectators fill only their own places: a seat always joins (up to its own cap)."""
    async def go() -> None:
        hub = Hub(key=KEY, limits=Limits(connections_per_table=2, connections_per_seat=2))
        table = await hub.create(TableSettings("Maw", 2, seats=humans(2)))
        hub.attach(table, Sink(None))
        hub.attach(table, Sink(None))
        with pytest.raises(ProtocolError) as error:
            hub.attach(table, Sink(None))
        assert error.value.code == "full"
        hub.attach(table, Sink(0))
        hub.attach(table, Sink(0))
        hub.attach(table, Sink(1))
        with pytest.raises(ProtocolError) as error:
            hub.attach(table, Sink(0))
        assert error.value.code == "full" and table.seats[0].connected == 2
        hub.close()
    run(go())


def test_a_table_pauses_when_everyone_has_gone_and_only_clients_keep_it_open() -> None:
    async def go() -> None:
        hub = Hub(key=KEY, limits=Limits(idle_seconds=30.0, unjoined_seconds=5.0))
        table = await hub.create(TableSettings("Spoil Five", 2, seats=("bot:random",) * 2,
                                               hands=200), seed=1)
        watcher = Sink(None)
        hub.attach(table, watcher)
        for _ in range(200):
            if table.moves >= 5:
                break
            await asyncio.sleep(0.01)
        hub.detach(table, watcher)
        await asyncio.sleep(0.05)
        paused_at = table.moves
        await asyncio.sleep(0.2)
        assert table.moves == paused_at and not table.state.is_over  # paused
        # bot moves did not count as activity: the idle time runs from the detach
        assert hub.sweep(now=table.touched + 31) == 1 and table.id not in hub.tables
        never = await hub.create(TableSettings("Maw", 2, seats=humans(2)))
        assert hub.sweep(now=never.touched + 4) == 0
        assert hub.sweep(now=never.touched + 6) == 1  # nobody came: a short life
        hub.close()
    run(go())


def test_a_table_of_bots_without_a_length_gets_one() -> None:
    hub = Hub(key=KEY)
    settings = hub.read_settings({"preset": "spoil five", "players": 2,
                                  "seats": ["bot:random", "bot:random"]})
    assert settings.hands == Limits().hands_without_people
    assert hub.read_settings({"preset": "spoil five", "players": 2}).hands is None


def test_house_rules_name_each_option_once_and_are_echoed_canonically() -> None:
    hub = Hub(key=KEY)
    with pytest.raises(ProtocolError) as error:
        hub.read_settings({"preset": "auction 45", "rules": "max-bid=30 max_bid=25"})
    assert error.value.code == "bad-rules" and "twice" in error.value.reason
    settings = hub.read_settings({"preset": "forty-five",
                                  "rules": "\u2003ah-lead-requires-heart=false\u3000"})
    assert settings.rules == "ah_lead_requires_heart=false"


def test_tables_per_address_and_failed_look_ups_are_limited() -> None:
    async def go() -> None:
        hub = Hub(key=KEY, limits=Limits(tables_per_address=2, lookups_per_minute=3))
        made = [await hub.create(TableSettings("Maw", 2, seats=humans(2)), owner="10.0.0.1")
                for _ in range(2)]
        with pytest.raises(ProtocolError) as error:
            await hub.create(TableSettings("Maw", 2, seats=humans(2)), owner="10.0.0.1")
        assert error.value.code == "too-many-tables" and error.value.status == 429
        await hub.create(TableSettings("Maw", 2, seats=humans(2)), owner="10.0.0.2")
        assert hub.look_up("10.0.0.1", code=made[0].code) is made[0]  # found: not counted
        codes = []
        for _ in range(3):
            with pytest.raises(ProtocolError) as error:
                hub.look_up("10.0.0.1", code="ZZZ-ZZZ")
            codes.append(error.value.code)
        with pytest.raises(ProtocolError) as error:  # a right code, but too late
            hub.look_up("10.0.0.1", code=made[0].code)
        assert codes == ["no-table"] * 3 and error.value.code == "rate-limited"
        assert error.value.status == 429
        assert hub.look_up("10.0.0.9", table_id=made[1].id) is made[1]  # another address
        hub.close()
    run(go())


def test_the_bot_time_cap_counts_from_the_thread_start_not_the_queue() -> None:
    """One thread, two tables whose bots each think 0.3 s, a cap of 0.5 s: the second
    waits for the thread (up to 0.3 s) but does not overrun."""
    class Thinker:
        def choose(self, view: Any) -> tf.Action:
            time.sleep(0.3)
            return view.legal_actions[0]

    async def go() -> None:
        hub = Hub(key=KEY, bots={"thinker": Thinker}, bot_time_cap=0.5,
                  limits=Limits(bot_threads=1))
        tables = [await hub.create(TableSettings("Spoil Five", 2, seats=(
            "bot:thinker", "bot:thinker")), seed=s) for s in (1, 2)]
        for table in tables:
            hub.attach(table, Sink(None))
        for _ in range(300):
            if all(t.moves >= 3 for t in tables):
                break
            await asyncio.sleep(0.01)
        assert all(t.moves >= 3 for t in tables)
        assert [t.overruns for t in tables] == [0, 0]
        hub.close()
    run(go())


def test_the_store_is_a_journal_and_a_snapshot_and_reads_back(tmp_path: Path) -> None:
    """Each action is one line appended to the table's journal (with its MAC); a snapshot
    is written at a hand's end once the journal has doubled; a new hub reads the snapshot
    and the journal after it: the same game. A forged or moved line, or a snapshot whose
    table id is not one, is not read."""
    async def first() -> tuple[str, tf.GameState, int]:
        hub = Hub(store=tmp_path)
        table = await hub.create(TableSettings("Spoil Five", 2, seats=humans(2), hands=30),
                                 seed=3)
        hub.attach(table, Sink(None))
        while table.moves < 110:
            seat = table.state.to_act
            assert seat is not None
            await hub.act(table, seat, str(table.state.legal_actions()[0]), None)
            if table.moves >= 100:
                await hub.drain()  # written at once: each line after the snapshot
        await hub.drain()
        hub.close()
        return table.id, table.state, table.snapshot_moves

    table_id, state, snapshot_moves = run(first())
    assert 64 <= snapshot_moves <= 100  # one snapshot, after a hand's end past 64 actions
    lines = (tmp_path / f"{table_id}.journal").read_text().splitlines()
    assert len(lines) == 110 - snapshot_moves >= 10

    async def second() -> tf.GameState:
        hub = Hub(store=tmp_path)
        assert hub.load() == 1
        table = hub.tables[table_id]
        assert table.moves == 110
        hub.close()
        return table.state
    assert run(second()) == state

    # a line forged (its action changed) stops the reading there
    journal = tmp_path / f"{table_id}.journal"
    forged = lines[:3] + [lines[3].replace('"Play"', '"Pass"')] + lines[4:]
    journal.write_text("\n".join(forged) + "\n")

    async def third() -> int:
        hub = Hub(store=tmp_path)
        assert hub.load() == 1
        moves = hub.tables[table_id].moves
        hub.close()
        return moves
    assert run(third()) == snapshot_moves + 3

    # a snapshot naming a table id that is a path is refused (its MAC fails first)
    path = tmp_path / f"{table_id}.table.json"
    data = json.loads(path.read_text())
    data["table"] = "../../etc/x"
    path.write_text(json.dumps(data))
    assert Hub(store=tmp_path).load() == 0
    data["mac"] = "0" * 64
    with pytest.raises(ProtocolError) as error:  # without the MAC check, the id's own
        from trumpfamily.server._tables import Table
        Table.from_store({k: v for k, v in data.items() if k != "mac"}, b"k")
    assert error.value.code == "bad-store"


def test_a_move_that_cancels_a_driver_starts_a_new_one() -> None:
    """A human moves while the driver is started but has not run yet (a connection just
    joined): the driver is restarted, and the bot after the human moves."""
    async def go() -> None:
        hub = Hub(key=KEY)
        table = await hub.create(TableSettings("Spoil Five", 2, seats=("human", "bot:random"),
                                               hands=1), seed=1)
        await asyncio.sleep(0.05)  # bots first, if the deal says so
        seat = table.state.to_act
        assert seat == 0
        hub.attach(table, Sink(0))  # starts a driver, which has not run yet
        assert table.driver is not None and not table.driver.done()
        moves = table.moves
        assert await hub.act(table, 0, str(table.state.legal_actions()[0]), None) is None
        for _ in range(100):
            if table.moves >= moves + 2 or table.state.to_act == 0:
                break
            await asyncio.sleep(0.01)
        assert table.moves >= moves + 2 or table.state.is_over
        hub.close()
    run(go())
