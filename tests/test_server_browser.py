"""The table in a real browser: headless Chromium (Debian's ``chromium``, driven by
Playwright with its executable path set, never ``playwright install``) against a real
uvicorn on 127.0.0.1. Whole hands of Spoil Five and of Auction Forty-Fives are played by
clicking cards, bids and buttons; a refusal is seen with its reason; the page is reloaded
mid-hand and play goes on; the records are downloaded and verified with the server's key.

Skipped, with the reason, when chromium, Playwright or the ``serve`` extra is missing
(``.ci/run`` installs them all).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily.errors import REFUSAL_CODES

KEY = b"browser-test-key-" + b"k" * 15
CHROMIUM = os.environ.get("TRUMPFAMILY_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STEP_MS = 10_000  # the longest wait for one step (bots move at once: bot_delay=0)

uvicorn = pytest.importorskip("uvicorn", reason="the serve extra (uvicorn) is not installed")
pytest.importorskip("starlette", reason="the serve extra (starlette) is not installed")
sync_api = pytest.importorskip("playwright.sync_api",
                               reason="playwright is not installed (pip install playwright)")
if not (Path(CHROMIUM).is_file() or shutil.which("chromium")):
    pytest.skip(f"no chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

from trumpfamily.server import create_app  # after the skips: it needs starlette


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """A real uvicorn serving the app on a free port of 127.0.0.1, in a thread."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(key=KEY, bot_delay=0), log_level="warning",
                            lifespan="on", ws="websockets-sansio")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("uvicorn did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = CHROMIUM if Path(CHROMIUM).is_file() else shutil.which("chromium")
    with sync_api.sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=executable, args=ARGS)
        except sync_api.Error as error:  # pragma: no cover - a broken chromium
            pytest.skip(f"chromium does not start: {str(error)[:200]}")
        yield launched
        launched.close()


class Wire:
    """The frames the page's WebSocket sent and received (JSON), and the page's errors."""

    def __init__(self, page: Any) -> None:
        self.sent: list[dict[str, Any]] = []
        self.received: list[dict[str, Any]] = []
        self.errors: list[str] = []
        page.on("websocket", self._socket)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _socket(self, ws: Any) -> None:
        ws.on("framesent", lambda payload: self.sent.append(json.loads(payload)))
        ws.on("framereceived", lambda payload: self.received.append(json.loads(payload)))

    def actions(self) -> list[str]:
        return [m["action"] for m in self.sent if m.get("type") == "action"]

    def last(self, kind: str) -> dict[str, Any]:
        return next(m for m in reversed(self.received) if m.get("type") == kind)


def _create(page: Any, base_url: str, preset: str, players: int, hands: int = 1) -> str:
    """Create a table in the lobby (seat 1 a person, the others rule-of-thumb bots, a game
    of ``hands`` hands); sit down; the table's id."""
    page.goto(base_url + "/")
    page.select_option("#preset", preset)
    page.select_option("#players", str(players))
    assert page.locator("#seats select").count() == players
    assert page.input_value("#seat-kind-0") == "human"
    assert page.input_value(f"#seat-kind-{players - 1}") == "bot:rule-of-thumb"
    page.fill("#hands", str(hands))
    page.fill("#name", "Ann")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])", timeout=STEP_MS)
    code = page.inner_text("#created-code")
    assert len(code) == 7 and code[3] == "-"
    assert all(c in "23456789ABCDEFGHJKMNPQRSTUVWXYZ" for c in code.replace("-", ""))
    href = page.get_attribute("#go", "href")
    assert href is not None and href.startswith("/t/")
    table_id = href[3:]
    assert page.inner_text("#created-link").endswith(href)
    page.click("#go")
    page.wait_for_url(f"**/t/{table_id}")
    page.wait_for_selector("#table[data-seat='0']", timeout=STEP_MS)
    assert page.inner_text("#table-code") == code
    token = page.evaluate(f"localStorage.getItem('trumpfamily:{table_id}')")
    assert isinstance(token, str) and len(token) >= 32
    return table_id


def _wait_turn_or_end(page: Any) -> bool:
    """Wait until it is the seat's turn (True) or the game is over (False)."""
    page.wait_for_selector("#table[data-my-turn='true'], #table[data-over='true']",
                           timeout=STEP_MS)
    return page.get_attribute("#table", "data-over") != "true"


def _moves(page: Any) -> int:
    return int(page.get_attribute("#table", "data-moves") or 0)


def _wait_moved(page: Any, before: int) -> None:
    page.wait_for_function(
        f"Number(document.getElementById('table').dataset.moves) > {before}", timeout=STEP_MS)


def _legal(page: Any) -> list[str]:
    """The seat's legal actions in the notation, from the view the page holds."""
    return [str(tf.from_json(a, tf.Action)) for a in
            page.evaluate("window.trumpfamily.page.view.legal_actions")]


def _hand(page: Any) -> list[str]:
    return [c.get_attribute("data-card") for c in page.locator("#hand .card").all()]


_CARD_CODE = re.compile(r"\b(?:JK|(?:10|[2-9TJQKA])[CDHS])\b")
_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def _symbols(text: str) -> str:
    """``text`` with its card codes as the page writes cards: "JC" -> "J♣", "TS" -> "10♠"."""
    def card(match: re.Match[str]) -> str:
        code = match.group(0)
        if code == "JK":
            return "Joker"
        rank = code[:-1]
        return ("10" if rank in ("T", "10") else rank) + _SYMBOLS[code[-1]]
    return _CARD_CODE.sub(card, text)


def test_symbols_is_right() -> None:
    assert _symbols("clubs were led (JC) and you hold QC, TS and 10H; JK; EB11 KS.") == \
        "clubs were led (J\u2663) and you hold Q\u2663, 10\u2660 and 10\u2665; Joker; EB11 K\u2660."


def _check_refusal(page: Any, wire: Wire, moves: int, hand: list[str]) -> dict[str, Any]:
    """The refusal box shows the server's refusal (its code as sent, its reason and the
    legal actions with the card codes in suit symbols); nothing moved."""
    page.wait_for_selector("#refusal:not([hidden])", timeout=STEP_MS)
    refused = wire.last("refused")
    assert refused["code"] in REFUSAL_CODES
    assert page.get_attribute("#refusal", "data-kind") == "refused"
    assert page.inner_text("[data-testid=refusal-code]") == refused["code"]
    shown = page.inner_text("[data-testid=refusal-reason]")
    assert shown == _symbols(refused["reason"])
    assert not _CARD_CODE.search(shown)
    if refused["legal"]:
        assert page.inner_text("[data-testid=refusal-legal]") == \
            "You may: " + ", ".join(_symbols(a) for a in refused["legal"])
    assert len(refused["reason"]) > 20
    assert _moves(page) == moves and _hand(page) == hand
    return refused


def _check_game_over(page: Any, hands: int) -> str:
    """The game-over line names the winner or, in a game ended by its number of hands
    without one, who is up most chips (pool games) or points; never "no winner" when a
    seat is ahead."""
    text = page.inner_text("#game-over")
    info = page.evaluate("window.trumpfamily.page.table")
    if info["winner"] is not None:
        assert text.startswith("Game over: won by ")
        return text
    assert text.startswith(f"Game over after {hands} hand{'s' if hands != 1 else ''}: ")
    chips, scores = info["chips"], info["scores"]
    use_chips = any(chips) or not any(scores)
    values = chips if use_chips else scores
    best = max(values)
    unit = "chip" if use_chips else "point"
    amount = (f"{'+' if best > 0 and use_chips else ''}{best} {unit}"
              + ("" if abs(best) == 1 else "s"))
    pool = info["pool"] if use_chips else 0
    left = f" ({pool} chip{'' if pool == 1 else 's'} left in the pool)" if pool else ""
    assert "no winner" not in text
    if values.count(best) == len(values):
        assert text.endswith(f"all level, at {amount} each{left}.")
        return text
    assert text.endswith(f" with {amount}{left}.")
    names = page.evaluate("(n) => { const p = window.trumpfamily.page; const v = p.shown;"
                          " return [...Array(n).keys()].map((i) => v.sides && !" + str(use_chips).lower()
                          + " ? v.sides[i].map((s) => p.seatName(s)).join(' & ') : p.seatName(i)); }",
                          len(values))
    leaders = [names[i] for i, v in enumerate(values) if v == best]
    if len(leaders) > 1:
        assert " tie for the lead " in text
    else:
        assert f": {leaders[0]} lead" in text
    return text


def _download_records(page: Any, tmp_path: Path) -> tuple[Any, Any]:
    """Download the first hand's and the game's records by their links."""
    page.wait_for_selector("[data-testid=record-game]", timeout=STEP_MS)
    assert page.is_visible("#game-over")
    out = []
    for test_id in ("record-hand-1", "record-game"):
        with page.expect_download() as info:
            page.click(f"[data-testid={test_id}]")
        path = tmp_path / f"{test_id}.json"
        info.value.save_as(path)
        out.append(json.loads(path.read_text(encoding="utf-8")))
    return out[0], out[1]


def test_spoil_five_hand_refusal_reload_record(browser: Any, base_url: str,
                                               tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    wire = Wire(page)
    table_id = _create(page, base_url, "Spoil Five", 3)
    assert page.inner_text("#table-title").startswith("Spoil Five")
    assert page.locator("#felt .seat").count() == 3
    refused = reloaded = keyboard = False
    refused_at = -1
    turns = 0
    while _wait_turn_or_end(page):
        turns += 1
        assert turns < 40
        legal = _legal(page)
        moves, hand = _moves(page), _hand(page)
        # the buttons are the legal actions that are not cards
        buttons = page.locator("#actions [data-action]")
        shown = sorted(b.get_attribute("data-action") for b in buttons.all())
        assert shown == sorted(a for a in legal if not a.startswith("play "))
        # the legal cards are marked, and only they
        plays = {a[5:] for a in legal if a.startswith("play ")}
        marked = {c for c in hand
                  if page.get_attribute(f"#hand [data-card='{c}']", "data-legal") == "true"}
        assert marked == plays
        if not refused and plays:
            illegal = [c for c in hand if c not in plays]
            if illegal:  # click a card that is not legal: the page sends it anyway
                page.click(f"#hand [data-card='{illegal[0]}']")
                refusal = _check_refusal(page, wire, moves, hand)
                assert wire.actions()[-1] == f"play {illegal[0]}"
            else:  # every card is legal: a card not held, through the page's own socket
                absent = next(c for c in ("AS", "KS", "QS", "JS", "TS") if c not in hand)
                page.evaluate(f"window.trumpfamily.act('play {absent}')")
                refusal = _check_refusal(page, wire, moves, hand)
                assert refusal["code"] == "card-not-held"
            assert refusal["legal"] == legal  # on the seat's own turn: what it may do
            refused, refused_at = True, len(wire.actions()) - 1
        if refused and not reloaded and len(hand) <= 4 and plays:
            log_before = page.locator("#log li").count()
            page.reload()
            page.wait_for_selector("#table[data-my-turn='true']", timeout=STEP_MS)
            assert _hand(page) == hand and _moves(page) == moves
            assert page.locator("#log li").count() == log_before
            assert page.is_hidden("#refusal")
            reloaded = True
        if plays:
            card = min(plays)
            if not keyboard:  # by keyboard: the arrow keys move along the hand, Enter plays
                before = hand[(hand.index(card) - 1) % len(hand)]
                page.focus(f"#hand [data-card='{before}']")
                page.keyboard.press("ArrowRight")
                focus = page.evaluate("""() => { const e = document.activeElement;
                    return [e.dataset.card, e.matches(':focus-visible'),
                            getComputedStyle(e).outlineStyle]; }""")
                assert focus == [card, True, "solid"]
                page.keyboard.press("Enter")
                keyboard = True
            else:
                page.click(f"#hand [data-card='{card}']")
            action = f"play {card}"
        else:  # rob, decline, claim, jink...: a button
            action = legal[0]
            page.click(f"#actions [data-action='{action}']")
        _wait_moved(page, moves)
        assert wire.actions()[-1] == action
        assert page.is_hidden("#refusal")
    assert refused and keyboard and turns >= 1
    assert reloaded or turns <= 2  # a hand claimed early leaves no time to reload
    assert page.locator("#log li").count() >= 3
    hand_record, game_record = _download_records(page, tmp_path)
    game = tf.replay_game(game_record, key=KEY)
    assert game.is_over and game.hand_number == 1
    mine = [str(t.action) for t in game.last_hand.history if t.seat == 0]
    assert mine == [a for i, a in enumerate(wire.actions()) if i != refused_at]
    assert tf.replay(hand_record, key=KEY).is_over
    with pytest.raises(tf.TrumpFamilyError):
        tf.replay_game(game_record, key=b"another key")
    # a pool game has no winner (GameState.winner is None): the leader on chips is said
    assert " chip" in _check_game_over(page, 1)
    # the table as the server tells it
    info = page.evaluate(f"fetch('/api/tables/{table_id}').then(r => r.json())")
    assert info["over"] is True and info["seats"][0]["name"] == "Ann"
    assert wire.errors == []
    page.close()


def test_auction_forty_fives_bids_trumps_discard(browser: Any, base_url: str,
                                                 tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    wire = Wire(page)
    _create(page, base_url, "Auction Forty-Fives", 4)
    phases: set[str] = set()
    refused = False
    turns = 0
    while _wait_turn_or_end(page):
        turns += 1
        assert turns < 40
        phase = page.get_attribute("#table", "data-phase") or ""
        phases.add(phase)
        legal = _legal(page)
        moves, hand = _moves(page), _hand(page)
        if phase == "auction":
            # the cards are no choice here: not buttons, nothing sent when clicked, still
            # focusable and named
            assert page.get_attribute("#hand", "data-mode") == "view"
            assert page.locator("#hand button").count() == 0
            first = f"#hand [data-card='{hand[0]}']"
            sent = len(wire.sent)
            page.click(first)
            page.focus(first)
            assert page.evaluate("document.activeElement.dataset.card") == hand[0]
            assert page.get_attribute(first, "aria-label")
            page.wait_for_timeout(50)
            assert len(wire.sent) == sent and page.is_hidden("#refusal")
            bids = sorted(b.get_attribute("data-action")
                          for b in page.locator("#actions [data-action]").all())
            assert bids == sorted(legal)  # the bid buttons are the legal calls
            assert "pass" in bids
            if not refused:  # a bid the game does not have, through the page's socket
                page.evaluate("window.trumpfamily.act('bid 5')")
                refusal = _check_refusal(page, wire, moves, hand)
                assert refusal["code"] == "not-a-bid"
                assert "15, 20, 25, 30" in page.inner_text("#refusal")
                refused = True
            top = max((a for a in legal if a.startswith("bid ")), key=lambda a: int(a[4:]),
                      default="pass")
            page.click(f"#actions [data-action='{top}']")
            action = top
        elif phase == "trump":
            suits = sorted(b.get_attribute("data-action")
                           for b in page.locator("#actions [data-action]").all())
            assert suits == ["trump C", "trump D", "trump H", "trump S"]
            page.click("#actions [data-action='trump H']")
            action = "trump H"
        elif phase in ("draw", "kitty"):
            assert page.get_attribute("#hand", "data-mode") == "discard"
            sizes = sorted({len(tf.parse_action(a).cards) for a in legal})
            count = sizes[0] if phase == "kitty" else min(2, sizes[-1])
            chosen = hand[:count]
            for card in chosen:
                page.click(f"#hand [data-card='{card}']")
                assert page.get_attribute(f"#hand [data-card='{card}']", "aria-pressed") == "true"
            if count:  # a click again takes a card back
                page.click(f"#hand [data-card='{chosen[0]}']")
                assert page.get_attribute(f"#hand [data-card='{chosen[0]}']",
                                          "aria-pressed") == "false"
                page.click(f"#hand [data-card='{chosen[0]}']")
            action = page.get_attribute("#confirm-discard", "data-action") or ""
            assert tf.parse_action(action) == tf.Discard(chosen)
            assert action in legal
            page.click("#confirm-discard")
        else:
            assert phase == "play"
            plays = sorted(a for a in legal if a.startswith("play "))
            marked = sorted(f"play {c.get_attribute('data-card')}"
                            for c in page.locator("#hand .card.legal").all())
            assert marked == plays
            page.click(f"#hand [data-card='{plays[-1][5:]}']")
            action = plays[-1]
        _wait_moved(page, moves)
        assert wire.actions()[-1] == action
        if action.startswith("discard") and phase == "draw":
            hand_now = _hand(page)
            assert len(hand_now) == len(hand) and not set(chosen) & set(hand_now)
    assert refused and "auction" in phases and "play" in phases
    # a bid of 30 by seat 1, unless a bot held or outbid it, made seat 1 name trumps
    bidder = page.evaluate("window.trumpfamily.page.shown.bidder")
    if bidder == 0:
        assert "trump" in phases
    assert "hand is over" in page.inner_text("#log").lower()
    _check_game_over(page, 1)
    hand_record, game_record = _download_records(page, tmp_path)
    game = tf.replay_game(game_record, key=KEY)
    assert game.is_over and game.variant.name == "Auction Forty-Fives"
    assert tf.replay(hand_record, key=KEY).is_over
    mine = [str(t.action) for t in game.last_hand.history if t.seat == 0]
    assert mine == [a for a in wire.actions() if a != "bid 5"]
    assert wire.errors == []
    page.close()


def test_watch_take_a_seat_join_by_code_reconnect(browser: Any, base_url: str) -> None:
    """A friend with the link watches on a phone, then takes a free seat; another joins
    by the code typed in the lobby (any case, no dash); a dropped socket comes back by
    itself. The phone layout fits the screen and its tap targets are large."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True, device_scale_factor=2)
    page = phone.new_page()
    wire = Wire(page)
    made = page.request.post(base_url + "/api/tables", data={
        "preset": "Forty-Five", "players": 3,
        "seats": ["bot:rule-of-thumb", "human", "human"]}).json()
    page.goto(base_url + made["url"])
    page.wait_for_selector("#table[data-seat='spectator'] [data-testid=take-seat-2]",
                           timeout=STEP_MS)
    assert wire.sent[0] == {"type": "join", "protocol": 1, "table": made["table"]}
    assert page.is_hidden("#hand") and page.locator("#felt .seat").count() == 3
    assert page.inner_text("#conn") == "watching"
    page.tap("[data-testid=take-seat-1]")
    page.wait_for_selector("#table[data-seat='1']", timeout=STEP_MS)
    token = page.evaluate(f"localStorage.getItem('trumpfamily:{made['table']}')")
    assert wire.sent[-1] == {"type": "join", "protocol": 1, "token": token}
    assert page.is_hidden("#take-seat") and page.locator("#hand .card").count() == 5
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for locator in page.locator("#hand .card, #actions button").all():
        box = locator.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
    # the bot's name shortened with its seat's number, every name whole in its box
    assert page.inner_text("[data-testid=seat-0] .name").strip() == "thumb 1"
    assert page.get_attribute("[data-testid=seat-0] .name", "title") == "seat 1: rule-of-thumb"
    assert page.evaluate("[...document.querySelectorAll('#felt .seat .name')]"
                         ".every((n) => n.scrollWidth <= n.clientWidth + 1)")
    # the log is a tap away
    page.tap("#jump-log")
    page.wait_for_function("(() => { const r = document.getElementById('log-h')"
                           ".getBoundingClientRect(); return r.top >= 0 && r.top < 844; })()",
                           timeout=STEP_MS)
    page.evaluate("window.scrollTo(0, 0)")

    desk = browser.new_page(viewport={"width": 1280, "height": 900})
    desk_wire = Wire(desk)
    desk.goto(base_url + "/")
    desk.fill("#join-code", made["code"].replace("-", "").lower())
    desk.click("#join")
    desk.wait_for_url(f"**{made['url']}")
    desk.wait_for_selector("#table[data-seat='2']", timeout=STEP_MS)
    page.wait_for_selector("[data-testid=seat-2] .dot.on", timeout=STEP_MS)

    # the socket drops: the page joins again with its token and redraws
    joins = sum(1 for m in wire.received if m.get("type") == "welcome")
    page.evaluate("window.trumpfamily.page.ws.close()")
    page.wait_for_function(
        "document.getElementById('conn').textContent === 'connected' && "
        "window.trumpfamily.page.ws.readyState === 1", timeout=STEP_MS)
    page.wait_for_function("document.querySelectorAll('#hand .card').length === 5",
                           timeout=STEP_MS)
    assert sum(1 for m in wire.received if m.get("type") == "welcome") == joins + 1

    # whoever is to act acts; the other page sees it
    for _ in range(2):
        deadline = time.monotonic() + STEP_MS / 1000
        while not any(p.get_attribute("#table", "data-my-turn") == "true"
                      for p in (page, desk)):
            assert time.monotonic() < deadline, "nobody's turn"
            page.wait_for_timeout(20)
        mover, other = ((page, desk) if page.get_attribute("#table", "data-my-turn") == "true"
                        else (desk, page))
        moves = _moves(other)
        legal = _legal(mover)
        target = next((a for a in legal if a.startswith("play ")), legal[0])
        selector = (f"#hand [data-card='{target[5:]}']" if target.startswith("play ")
                    else f"#actions [data-action='{target}']")
        (mover.tap if mover is page else mover.click)(selector)
        _wait_moved(other, moves)
    assert wire.errors == [] and desk_wire.errors == []
    desk.close()
    phone.close()


def _play_through(page: Any, wire: Wire) -> set[str]:
    """Play the seat's turns to the end of the game: the first legal card, the first
    legal discard (its cards clicked, then confirmed), the highest bid, else the first
    button. Each turn
    the buttons are the legal actions that are not cards or discards. The phases seen."""
    phases: set[str] = set()
    turns = 0
    while _wait_turn_or_end(page):
        turns += 1
        assert turns < 80
        phase = page.get_attribute("#table", "data-phase") or ""
        phases.add(phase)
        legal = _legal(page)
        moves = _moves(page)
        shown = sorted(b.get_attribute("data-action")
                       for b in page.locator("#actions [data-action]").all())
        discards = [a for a in legal if a.startswith("discard")]
        expected = [a for a in legal if not a.startswith(("play ", "discard"))]
        # the discard's confirm button says what it would send: nothing chosen yet
        assert shown == sorted(expected + (["discard"] if discards else []))
        plays = [a for a in legal if a.startswith("play ")]
        if plays:
            action = plays[0]
            page.click(f"#hand [data-card='{action[5:]}']")
        elif discards:
            action = str(tf.parse_action(discards[0]))
            for card in action.split()[1:]:
                page.click(f"#hand [data-card='{card}']")
            assert page.get_attribute("#confirm-discard", "data-action") == action
            page.click("#confirm-discard")
        else:  # the highest bid (to name trumps and take the kitty), else the first
            bids = [a for a in legal if a.startswith("bid ")]
            action = max(bids, key=lambda a: int(a[4:])) if bids else legal[0]
            page.click(f"#actions [data-action='{action}']")
        _wait_moved(page, moves)
        assert wire.actions()[-1] == action
        assert page.is_hidden("#refusal")
    return phases


@pytest.mark.parametrize("preset", [v.name for v in tf.ALL_VARIANTS.values()
                                    if v.name not in ("Spoil Five", "Auction Forty-Fives")])
def test_every_preset_plays_a_hand_in_the_browser(browser: Any, base_url: str,
                                                  preset: str) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 800})
    wire = Wire(page)
    players = tf.find_variant(preset).table.usual_players
    _create(page, base_url, preset, players)
    phases = _play_through(page, wire)
    assert "play" in phases or page.locator("#log li[data-event=ThrownIn]").count()
    assert page.is_visible("#game-over")
    assert page.locator("[data-testid=record-game]").count() == 1
    assert wire.errors == []
    page.close()


def test_a_timed_decision_is_shown_and_runs_out(browser: Any, base_url: str) -> None:
    """At a table with a timer the page counts the seconds down; when they run out the
    server's rule of thumb moves for the seat, and the page follows."""
    page = browser.new_page(viewport={"width": 1024, "height": 800})
    wire = Wire(page)
    made = page.request.post(base_url + "/api/tables", data={
        "preset": "Forty-Five", "players": 2, "seats": ["human", "bot:random"],
        "timer": 1}).json()
    joined = page.request.post(base_url + "/api/join", data={"table": made["table"]}).json()
    page.goto(base_url + "/")
    page.evaluate(f"localStorage.setItem('trumpfamily:{made['table']}', '{joined['token']}')")
    page.goto(base_url + made["url"])
    page.wait_for_selector("#table[data-seat='0']", timeout=STEP_MS)
    page.wait_for_function("/you have: \\d+ s/.test(document.getElementById('status').textContent)",
                           timeout=STEP_MS)
    timer = wire.last("timer")
    assert timer["seat"] == 0 and timer["seconds"] == 1
    moves = _moves(page)
    _wait_moved(page, moves)  # nobody clicked: the timer ran out
    assert wire.actions() == []
    assert wire.errors == []
    page.close()


def test_a_game_of_two_hands_keeps_the_hand_before(browser: Any, base_url: str,
                                                   tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 800})
    wire = Wire(page)
    _create(page, base_url, "Forty-Five", 2, hands=2)
    _play_through(page, wire)
    assert page.get_attribute("#table", "data-hand-number") == "2"
    assert page.is_visible("#previous-log")
    assert page.locator("#previous-log li[data-event=HandOver]").count() == 1
    assert page.locator("#previous-log li[data-event=Dealt]").count() == 1
    assert page.locator("#log li[data-event=Dealt]").count() == 1
    assert page.locator("#log li[data-event=GameOver]").count() == 1
    assert page.locator("[data-testid^=record-hand-]").count() == 2
    hand_record, game_record = _download_records(page, tmp_path)
    game = tf.replay_game(game_record, key=KEY)
    assert game.is_over and game.hand_number == 2
    assert tf.replay(hand_record, key=KEY).is_over
    assert wire.errors == []
    page.close()


def test_lobby_pool_length_join_name_empty_seat_and_bot_command(browser: Any,
                                                                 base_url: str) -> None:
    """The lobby: no connection indicator before any table; a pool game gets a number of
    hands (emptied: "goes on until you stop it"), a points game none; a bad code in words.
    At the table, an empty person's seat to act says so with the code; a friend joins with
    a name of their own; "Hand this seat to a bot" gives the command line with the token."""
    from trumpfamily.cli import botclient, build_parser

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    wire = Wire(page)
    page.goto(base_url + "/")
    page.wait_for_selector("#preset option", state="attached", timeout=STEP_MS)
    assert page.is_hidden("#conn")
    page.select_option("#preset", "Spoil Five")
    assert page.input_value("#hands") == "5"
    page.fill("#hands", "")
    assert "goes on until you stop it" in page.inner_text("#hands-hint")
    page.select_option("#preset", "Forty-Five")  # a points game: its own end, the box kept
    assert page.input_value("#hands") == ""
    assert "own end" in page.inner_text("#hands-hint")
    page.select_option("#preset", "Maw")
    assert page.input_value("#hands") == "5"
    page.select_option("#preset", "Auction Forty-Fives")
    assert page.input_value("#hands") == ""
    page.fill("#join-code", "zzz-zzz")
    page.click("#join")
    page.wait_for_selector("#join-error:not([hidden])", timeout=STEP_MS)
    error = page.inner_text("#join-error")
    assert error.startswith("No table has the code ZZZ-ZZZ") and "no-table" not in error
    assert page.get_attribute("#join-error", "data-code") == "no-table"

    made = page.request.post(base_url + "/api/tables", data={
        "preset": "Forty-Five", "players": 2, "seats": ["human", "human"], "hands": 1}).json()
    joined = page.request.post(base_url + "/api/join", data={"table": made["table"]}).json()
    page.evaluate(f"localStorage.setItem('trumpfamily:{made['table']}', '{joined['token']}')")
    page.goto(base_url + made["url"])
    page.wait_for_selector("#table[data-seat='0']", timeout=STEP_MS)
    assert page.is_visible("#conn")
    for _ in range(4):  # act (a rob or its refusal may come first) until seat 2 is to act
        if page.get_attribute("#table", "data-my-turn") != "true":
            break
        moves = _moves(page)
        legal = _legal(page)
        plays = [a[5:] for a in legal if a.startswith("play ")]
        if plays:
            page.click(f"#hand [data-card='{plays[0]}']")
        else:
            page.click(f"#actions [data-action='{legal[0]}']")
        _wait_moved(page, moves)
    assert page.get_attribute("#table", "data-my-turn") != "true"
    page.wait_for_function("/empty/.test(document.getElementById('status').textContent)",
                           timeout=STEP_MS)
    assert page.inner_text("#status").endswith(f"Seat 2 is empty: share the code {made['code']}.")
    assert page.locator("[data-testid=seat-1] .mark.empty").count() == 1

    # hand this seat to a bot: the command line, which the bot command reads as it is
    page.click("#to-bot summary")
    command = page.inner_text("#bot-command")
    flag = (f"--seat-token={joined['token']}" if joined["token"].startswith("-")
            else f"--seat-token {joined['token']}")
    assert command == f"trumpfamily bot --connect {base_url} {flag}"
    assert "your seat's key" in page.inner_text("#to-bot")
    args = build_parser().parse_args(shlex.split(command)[1:])
    assert args.command == "bot" and args.func is botclient.run
    assert args.connect == base_url and args.seat_token == joined["token"]

    # a friend joins by the code, with the name of the Join form
    friend = browser.new_page(viewport={"width": 1280, "height": 900})
    friend.goto(base_url + "/")
    friend.fill("#join-code", made["code"])
    friend.fill("#join-name", "Bob")
    friend.click("#join")
    friend.wait_for_selector("#table[data-seat='1']", timeout=STEP_MS)
    page.wait_for_function("/Waiting for Bob to /.test(document.getElementById('status').textContent)",
                           timeout=STEP_MS)
    assert "Bob" in page.inner_text("[data-testid=seat-1]")
    # the end of a game with no winner, in words: leads, ties, level, points, the pool
    ends = page.evaluate("""() => {
        const p = window.trumpfamily.page;
        const [table, view] = [p.table, p.view];
        p.view = { ...view, game: undefined, sides: [[0], [1]] };
        const end = (chips, scores, pool, winner = null) => {
            p.table = { ...table, winner, hand_number: 3, chips, scores, pool };
            return p.gameOverText(); };
        const out = [end([3, -3], [], 0), end([-1, 2], [], 0), end([1, 1], [], 2),
                     end([-1, -1], [], 2), end([0, 0], [20, 20], null), end([0, 0, 0], [20, 20, 5], null),
                     end([0, 0], [5, 25], null), end([0, 0], [45, 20], null, 0)];
        [p.table, p.view] = [table, view];
        return out; }""")
    assert ends == [
        "Game over after 3 hands: You lead with +3 chips",
        "Game over after 3 hands: Bob leads with +2 chips",
        "Game over after 3 hands: all level, at +1 chip each (2 chips left in the pool)",
        "Game over after 3 hands: all level, at -1 chip each (2 chips left in the pool)",
        "Game over after 3 hands: all level, at 20 points each",
        "Game over after 3 hands: You and Bob tie for the lead with 20 points",
        "Game over after 3 hands: Bob leads with 25 points",
        "Game over: won by You"]
    assert wire.errors == []
    friend.close()
    page.close()
