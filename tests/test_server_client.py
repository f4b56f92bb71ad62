"""Bots over the wire: the Python client (:mod:`trumpfamily.server.client`) and the
``trumpfamily bot`` command against a real uvicorn on 127.0.0.1, and a client written from
the protocol page alone (raw JSON over a plain WebSocket, no trumpfamily import in it)."""

from __future__ import annotations

import asyncio
import io
import json
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import websockets.sync.client
from serverkit import KEY, Running, running, take_seats

import trumpfamily as tf
from trumpfamily.cli import _common, botclient
from trumpfamily.errors import InvalidArgumentError
from trumpfamily.server import Limits
from trumpfamily.server.client import SeatSummary, WireError, join_table, play_seat

ws_client = pytest.importorskip("websockets.sync.client")


@pytest.fixture(scope="module")
def server() -> Iterator[Running]:
    with running(limits=Limits(actions_per_second=200.0, burst=200)) as srv:
        yield srv


def new_table(server: Running, preset: str, seats: list[str], hands: int) -> dict[str, Any]:
    status, made = server.request("POST", "/api/tables", {
        "preset": preset, "players": len(seats), "hands": hands, "seats": seats})
    assert status == 201, made
    return made


def hand_records(server: Running, summary: SeatSummary) -> list[dict[str, Any]]:
    records = []
    for url in summary.records["hands"]:
        status, record = server.request("GET", url)
        assert status == 200
        records.append(record)
    return records


def bot_answers(record: Mapping[str, Any], seat: int) -> list[tuple[Any, Any]]:
    """For every action ``seat`` took in a hand's record: (what was applied, what the rule of
    thumb chooses from the seat's view at that point, rebuilt from the record's prefix)."""
    bot = tf.RuleOfThumbPlayer()
    pairs = []
    for k, action in enumerate(record["actions"]):
        prefix = {name: value for name, value in record.items() if name != "mac"}
        prefix["actions"] = record["actions"][:k]
        state = tf.replay(prefix)
        if state.to_act == seat:
            pairs.append((tf.from_json(action, tf.Action), bot.choose(state.view(seat))))
    return pairs


@pytest.mark.parametrize(("preset", "seats", "remote"), [
    ("spoil five", ["bot:rule-of-thumb", "human", "bot:random", "bot:rule-of-thumb"], 1),
    ("auction 45", ["bot:random", "bot:rule-of-thumb", "bot:rule-of-thumb", "human"], 3),
])
def test_a_remote_bot_plays_a_whole_game(server: Running, preset: str, seats: list[str],
                                         remote: int) -> None:
    """One seat played over the wire by the client, in a thread, the others by the server's
    bots: the game ends, every action the client sent was applied, and each is the one the
    rule of thumb chooses from the seat's true view (so the view the client rebuilt from
    the JSON is the seat's view), and the records replay with the server's key."""
    made = new_table(server, preset, seats, hands=2)
    token = take_seats(server, made["table"], [remote])[remote]
    result: dict[str, SeatSummary] = {}
    worker = threading.Thread(target=lambda: result.setdefault(
        "summary", play_seat(server.ws, token, tf.RuleOfThumbPlayer(), timeout=20)))
    worker.start()
    worker.join(30)
    summary = result["summary"]
    assert summary.over and summary.seat == remote and summary.table == made["table"]
    assert summary.hand_number == 2 and len(summary.records["hands"]) == 2
    assert summary.refused == 0 and summary.fallbacks == 0 and summary.reconnects == 0
    assert len(summary.latencies) == summary.sent
    table = server.hub.tables[made["table"]]
    assert summary.moves == table.moves
    assert summary.scores == tuple(table.state.scores)
    assert summary.chips == tuple(table.state.chips)
    answers = [pair for record in hand_records(server, summary)
               for pair in bot_answers(record, remote)]
    assert len(answers) == summary.sent > 0
    assert all(applied == chosen for applied, chosen in answers)
    status, game = server.request("GET", summary.records["game"])
    assert status == 200
    assert tf.replay_game(game, key=KEY) == table.state


def test_two_remote_seats_and_a_page_address(server: Running) -> None:
    """Two clients at once (threads) take both remote seats of a partnership game; the
    server's address (http://..., not the WebSocket's) is read too."""
    made = new_table(server, "forty-five", ["human", "bot:random", "human", "bot:random"],
                     hands=1)
    tokens = take_seats(server, made["table"], [0, 2])
    summaries: dict[int, SeatSummary] = {}

    def play(seat: int) -> None:
        summaries[seat] = play_seat(f"{server.http}/t/{made['table']}", tokens[seat],
                                    tf.RandomPlayer(seed=seat), timeout=20)

    workers = [threading.Thread(target=play, args=(seat,)) for seat in tokens]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    assert set(summaries) == {0, 2}
    assert all(s.over and s.refused == 0 and s.sent > 0 for s in summaries.values())
    assert summaries[0].moves == summaries[2].moves == server.hub.tables[made["table"]].moves


class Stubborn:
    """A bot that always answers with a card it does not hold (or a bid that is none)."""

    def choose(self, view: Any) -> tf.Action:
        held = {str(card) for card in getattr(view, "hand", ())}
        for text in ("AS", "KS", "QS", "JS", "TS"):
            if text not in held:
                return tf.Play(tf.Card.parse(text))
        raise AssertionError("holds five spades")  # pragma: no cover


def test_refusals_are_counted_and_the_first_legal_action_follows(server: Running) -> None:
    """Every answer of a bot that never plays a legal card is refused with the rules' code;
    after ``retries`` refusals at a position the client sends the view's first legal
    action, and the game still ends."""
    made = new_table(server, "spoil five", ["human", "bot:rule-of-thumb", "bot:rule-of-thumb"],
                     hands=1)
    token = take_seats(server, made["table"], [0])[0]
    summary = play_seat(server.ws, token, Stubborn(), timeout=20, retries=2, rate=None)
    assert summary.over
    assert summary.fallbacks > 0
    assert summary.refused == 2 * summary.fallbacks
    assert summary.sent == summary.refused + summary.fallbacks
    codes = {r.code for r in summary.refusals}
    assert codes <= {"card-not-held", "must-rob", "not-legal", "wrong-phase"}, codes
    assert "card-not-held" in codes
    first = summary.refusals[0]
    assert first.id == "a1" and first.reason and first.legal  # its own turn: the legal list


def test_a_dropped_connection_is_joined_again(server: Running) -> None:
    """The server drops the client's connection after its first action; the client opens
    a new one, joins with the same token, gets the whole view again and plays on."""
    made = new_table(server, "spoil five", ["human", "bot:rule-of-thumb", "bot:random"],
                     hands=2)
    token = take_seats(server, made["table"], [0])[0]
    table = server.hub.tables[made["table"]]
    dropped: list[int] = []

    async def drop() -> None:
        for connection in list(table.connections):
            connection.close(1012)  # type: ignore[attr-defined]  # "service restart"

    def on_message(message: Mapping[str, Any]) -> None:
        if not dropped and message.get("type") == "update" and table.moves >= 3:
            dropped.append(table.moves)
            asyncio.run_coroutine_threadsafe(drop(), server.hub.loop)  # type: ignore[arg-type]

    summary = play_seat(server.ws, token, tf.RuleOfThumbPlayer(), timeout=20,
                        on_message=on_message)
    assert dropped and summary.reconnects == 1
    assert summary.over and summary.hand_number == 2 and summary.refused == 0


def test_a_bad_token_is_refused_for_good(server: Running) -> None:
    with pytest.raises(WireError) as caught:
        play_seat(server.ws, "not-a-token", tf.RandomPlayer(), reconnects=0)
    assert caught.value.code == "bad-token"


def test_an_oracle_cannot_play_over_the_wire(server: Running) -> None:
    class Peeker:
        def choose_state(self, state: Any, seat: int) -> tf.Action:
            return state.legal_actions()[0]  # pragma: no cover

        def choose(self, view: Any) -> tf.Action:
            return view.legal_actions[0]  # pragma: no cover

    with pytest.raises(InvalidArgumentError, match="Peeker is an oracle"):
        play_seat(server.ws, "x", Peeker())


def test_no_server_is_a_connection_error() -> None:
    with pytest.raises(WireError) as caught:
        play_seat("ws://127.0.0.1:9/ws", "x", tf.RandomPlayer(), reconnects=1,
                  open_timeout=2)
    assert caught.value.code == "connection"
    assert "after 1 reconnects" in caught.value.reason


def test_join_table_by_code(server: Running) -> None:
    made = new_table(server, "spoil five", ["bot:random", "human", "human"], hands=1)
    joined = join_table(server.http, code=made["code"].lower().replace("-", ""), name="wire")
    assert (joined.table, joined.seat) == (made["table"], 1)
    assert server.hub.tables[made["table"]].seats[1].name == "wire"
    with pytest.raises(WireError) as caught:
        join_table(server.ws, code="ZZZ-ZZZ")
    assert caught.value.code == "no-table"


# -- the command ------------------------------------------------------------------------

def bot_command(argv: list[str]) -> tuple[int, str]:
    """Run ``trumpfamily bot ARGV`` (the module's parser and run); status and output."""
    common = _common.Parser(add_help=False)
    parser = _common.Parser(prog="trumpfamily")
    botclient.add_parser(parser.add_subparsers(dest="command"), common)
    args = parser.parse_args(["bot", *argv])
    out = io.StringIO()
    return args.func(args, out), out.getvalue()


def test_the_bot_command_plays_a_seat_by_token(server: Running) -> None:
    made = new_table(server, "spoil five", ["bot:rule-of-thumb", "human", "bot:random"],
                     hands=2)
    token = take_seats(server, made["table"], [1])[1]
    status, text = bot_command(["--connect", server.http, "--seat-token", token, "thumb"])
    lines = text.splitlines()
    assert status == 0
    assert lines[0] == (f"rule-of-thumb playing seat 1 of Spoil Five at table "
                        f"{made['table']} (3 players)")
    assert [line.split(":")[0] for line in lines[1:3]] == ["hand 1 finished", "hand 2 finished"]
    state = server.hub.tables[made["table"]].state
    chips = " ".join(str(c) for c in state.chips)
    best = max(state.chips)
    ahead = [i for i, c in enumerate(state.chips) if c == best]
    amount = f"{best:+d} chip{'' if best == 1 else 's'}"
    lead = ("" if len(ahead) == 3 else f"seat {ahead[0]} leads with {amount}; "
            if len(ahead) == 1 else f"seats {ahead[0]} and {ahead[1]} tie for the lead with "
            f"{amount}; ")
    assert state.winner is None  # a pool game: who leads is said instead
    assert lines[3].startswith(f"game over after 2 hands: {lead}chips {chips} (seat 1; ")
    assert ", 0 refused" in lines[3] and len(lines) == 4


def test_the_bot_command_takes_a_seat_by_code(server: Running,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(botclient.TOKEN_VARIABLE, raising=False)
    made = new_table(server, "auction 45", ["human", "bot:random", "bot:random", "bot:random"],
                     hands=1)
    status, text = bot_command(["--connect", server.ws, "--code", made["code"], "random",
                                "--seed", "7"])
    assert status == 0
    assert text.startswith(f"took seat 0 of table {made['table']}; its token: ")
    assert server.hub.tables[made["table"]].seats[0].name == "random"
    assert server.hub.tables[made["table"]].state.is_over


def test_the_bot_command_reads_the_token_from_the_environment(
        server: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    made = new_table(server, "spoil five", ["human", "bot:random"], hands=1)
    monkeypatch.setenv(botclient.TOKEN_VARIABLE, take_seats(server, made["table"], [0])[0])
    status, text = bot_command(["--connect", server.ws])
    assert status == 0 and "game over after 1 hand:" in text


def test_the_bot_command_refuses_bad_input(server: Running,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(botclient.TOKEN_VARIABLE, raising=False)
    with pytest.raises(InvalidArgumentError, match="no bot of that name"):
        bot_command(["--connect", server.ws, "--seat-token", "x", "no-such-bot"])
    with pytest.raises(_common.CommandError, match="is an oracle"):
        bot_command(["--connect", server.ws, "--seat-token", "x", "oracle-best-response"])
    with pytest.raises(_common.CommandError, match="say which seat") as caught:
        bot_command(["--connect", server.ws])
    assert caught.value.code == 2
    with pytest.raises(_common.CommandError, match="bad-token") as caught:
        bot_command(["--connect", server.ws, "--seat-token", "nope", "--reconnects", "0"])
    assert caught.value.code == 1
    with pytest.raises(_common.CommandError, match="expected a ws://") as caught:
        bot_command(["--connect", "localhost:8045", "--seat-token", "x"])
    assert caught.value.code == 2
    with pytest.raises(_common.CommandError, match="not both"):
        bot_command(["--connect", server.ws, "--seat-token", "x", "--code", "ABC-DEF"])


def test_a_seat_that_cannot_be_had_is_said_in_words(server: Running) -> None:
    """A bot's seat says so, a finished game says it is over; from the table's info when
    the table is known (its id, or its page's address), else from the server's code."""
    made = new_table(server, "spoil five", ["bot:random", "human", "human"], hands=1)
    page = f"{server.http}/t/{made['table']}"
    with pytest.raises(WireError) as caught:
        join_table(server.http, table=made["table"], seat=0)
    assert (caught.value.code, caught.value.reason.split(":")[0]) == \
        ("bot-seat", "seat 0 is a bot's seat")
    with pytest.raises(WireError) as caught:
        join_table(page, code=made["code"], seat=0)
    assert caught.value.code == "bot-seat"
    # by code alone too: the server says bot-seat
    with pytest.raises(WireError) as caught:
        join_table(server.http, code=made["code"], seat=0)
    assert (caught.value.code, caught.value.reason.split(":")[0]) == \
        ("bot-seat", "seat 0 is a bot's seat")
    join_table(server.http, table=made["table"], seat=1)
    with pytest.raises(WireError) as caught:
        join_table(server.http, table=made["table"], seat=1)
    assert (caught.value.code, caught.value.reason) == \
        ("seat-taken", "seat 1 is taken: another player has it")
    # a finished game
    done = new_table(server, "spoil five", ["human", "bot:random"], hands=1)
    token = take_seats(server, done["table"], [0])[0]
    assert play_seat(server.ws, token, tf.RandomPlayer(seed=1)).over
    with pytest.raises(WireError) as caught:
        join_table(server.http, table=done["table"])
    assert caught.value.code == "game-over"
    assert caught.value.reason.startswith("the game at this table is over")
    with pytest.raises(WireError) as caught:
        join_table(server.http, code=done["code"])
    assert caught.value.code == "game-over"  # by code too: the server says game-over


def test_the_bot_command_says_a_bots_seat_and_a_finished_game(
        server: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(botclient.TOKEN_VARIABLE, raising=False)
    made = new_table(server, "spoil five", ["bot:random", "human"], hands=1)
    page = f"{server.http}/t/{made['table']}"
    with pytest.raises(_common.CommandError) as caught:
        bot_command(["--connect", page, "--code", made["code"], "--seat", "0"])
    assert str(caught.value).startswith("seat 0 is a bot's seat: ") and caught.value.code == 1
    assert "seat-taken" not in str(caught.value)
    status, _ = bot_command(["--connect", page, "--code", made["code"]])
    assert status == 0
    with pytest.raises(_common.CommandError) as caught:
        bot_command(["--connect", page, "--code", made["code"]])
    assert str(caught.value).startswith("the game at this table is over")
    assert caught.value.code == 1


def test_the_bot_commands_help(capsys: pytest.CaptureFixture[str]) -> None:
    """The help names the bots that can play over the wire (no oracle), and where a seat's
    token comes from: the table page's "Hand this seat to a bot"."""
    with pytest.raises(SystemExit):
        bot_command(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "oracle" not in text
    assert all(f"{name}," in text for name in ("ismcts", "random", "rule-of-thumb"))
    assert 'the table page\'s "Hand this seat to a bot"' in text
    assert "the page's seat" not in text


# -- a client written from the protocol page alone -----------------------------------------

def raw_client(url: str, token: str) -> dict[str, Any]:
    """A seat's client as a program in any language would write it from the protocol page:
    JSON objects in text frames; join with the token; on each "state" or "update" whose
    "view" has "to_act" equal to its "seat" and a non-empty "legal_actions", send the
    first legal action as JSON; stop when "table"."over" is true. Nothing of trumpfamily
    is used. Returns the last table info, with the counts it kept."""
    counts = {"sent": 0, "refused": 0, "heartbeat": 0}
    with ws_client.connect(url, open_timeout=5) as ws:
        ws.send(json.dumps({"type": "join", "protocol": 1, "token": token}))
        acted_at = -1
        while True:
            message = json.loads(ws.recv(timeout=20))
            kind = message["type"]
            if kind == "welcome":
                assert message["protocol"] == 1 and isinstance(message["seat"], int)
            elif kind in ("state", "update"):
                table, view = message["table"], message["view"]
                if table["over"]:
                    return {**table, **counts}
                if (view["to_act"] == view["seat"] and view["legal_actions"]
                        and table["moves"] != acted_at):
                    acted_at = table["moves"]
                    ws.send(json.dumps({"type": "action", "action": view["legal_actions"][0],
                                        "id": f"m{acted_at}"}))
                    counts["sent"] += 1
            elif kind == "refused":
                counts["refused"] += 1
                acted_at = -1
                ws.send(json.dumps({"type": "sync"}))
            elif kind == "heartbeat":
                counts["heartbeat"] += 1
            else:
                assert kind in ("pong", "timer"), message


@pytest.mark.parametrize("preset", ["spoil five", "auction 45"])
def test_a_client_from_the_protocol_page_plays_a_hand(server: Running, preset: str) -> None:
    made = new_table(server, preset, ["human", "bot:rule-of-thumb", "bot:random",
                                      "bot:rule-of-thumb"], hands=1)
    token = take_seats(server, made["table"], [0])[0]
    end = raw_client(server.ws, token)
    assert end["over"] and end["refused"] == 0 and end["sent"] > 0
    table = server.hub.tables[made["table"]]
    assert end["moves"] == table.moves
    record = server.request("GET", end["records"]["game"])[1]
    assert tf.replay_game(record, key=KEY) == table.state
    assert end["records"]["hands"] == 1  # a count: hand n's record has its own URL
    (hand,) = (server.request("GET", f"/api/tables/{table.id}/hands/{n}/record")[1]
               for n in range(1, end["records"]["hands"] + 1))
    replayed = tf.replay(hand, key=KEY)
    assert sum(1 for t in replayed.view(0).history if t.seat == 0) == end["sent"]


def _page_example() -> str:
    """The "A client in Python" example of docs/reference/protocol.rst, as printed."""
    page = (Path(__file__).parent.parent / "docs" / "reference" / "protocol.rst").read_text(
        encoding="utf-8")
    start = page.index("A client in Python, with the library reading the views back:")
    block = page[start:].split(".. code-block:: python", 1)[1]
    lines = []
    for line in block.splitlines()[1:]:
        if line and not line.startswith(" "):
            break
        lines.append(line[4:])
    return "\n".join(lines)


def test_the_protocol_page_example_client_sends_each_move_once(server: Running) -> None:
    """The page's own client, run as printed, plays a whole game and is never refused: an
    update with no events (its own arrival) does not make it answer the position twice.
    Spoil Five with the person first to act, where answering twice was refused."""
    code = _page_example()
    assert "moves != answered" in code
    sent: list[str] = []
    refused: list[dict[str, Any]] = []

    class Counting:
        def __init__(self, ws: Any) -> None:
            self.ws = ws

        def send(self, text: str) -> None:
            message = json.loads(text)
            if message["type"] == "action":
                sent.append(message["action"])
            self.ws.send(text)

        def recv(self) -> str:
            text = self.ws.recv(timeout=30)
            if json.loads(text)["type"] == "refused":
                refused.append(json.loads(text))
            return text

        def __enter__(self) -> Any:
            self.ws.__enter__()
            return self

        def __exit__(self, *exc: object) -> None:
            self.ws.__exit__(*exc)

    namespace: dict[str, Any] = {}
    exec(compile(code, "protocol.rst", "exec"), namespace)  # noqa: S102 - our own page
    namespace["connect"] = lambda url: Counting(websockets.sync.client.connect(url))
    made = new_table(server, "spoil five", ["bot:random", "human", "bot:random"], hands=1)
    token = take_seats(server, made["table"], [1])[1]
    end = namespace["play"](server.ws, token)
    assert end["over"] and refused == []
    state = server.hub.tables[made["table"]].state
    hand = state.last_hand if state.last_hand is not None else state.hand
    own = [turn.action for turn in hand.view(1).history if turn.seat == 1]
    assert own and sent == [str(action) for action in own]  # each move sent once
