// The table in the browser for the trumpfamily reference server.
//
// Plain JavaScript, no build step, nothing fetched from anywhere but this server. The
// engine's state stays on the server: this page shows what the server sends ("state" and
// "update" messages, the JSON of the library's views and events) and sends actions in the
// library's notation ("play 5H", "bid 20", "discard 2C 9D"...). It never decides what is
// legal: it marks the cards and builds the buttons from view.legal_actions, and whatever
// the player clicks is sent, so that the server's refusal (with its reason) is shown.

const PROTOCOL = 1;
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_NAMES = { C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades" };
const RANK_NAMES = { A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "Ten", 9: "Nine",
  8: "Eight", 7: "Seven", 6: "Six", 5: "Five", 4: "Four", 3: "Three", 2: "Two" };
const WORDS = { DeclineRob: "decline-rob", Claim: "claim", Jink: "jink", AskFive: "ask-five",
  AcceptFive: "accept-five", RefuseFive: "refuse-five", Pass: "pass" };
const PHASES = { play: "play a card", rob: "rob or pass", claim: "claim or jink",
  five: "five or not", auction: "bid or pass", trump: "name trumps",
  kitty: "discard from the kitty", draw: "discard and draw" };

// The presets that score with a pool of chips (RULES.md): no end of their own, no winner.
// Used when /api/info does not say a preset's "scoring".
const POOL_PRESETS = new Set(["Maw", "Spoil Five", "Twenty-Five"]);
// The games' length the lobby offers for a pool game (it has no end of its own).
const POOL_HANDS = 5;
// Short names of the built-in bots, for a seat's box on a narrow screen.
const BOT_SHORT = { "rule-of-thumb": "thumb", "context-rule-of-thumb": "context",
  "sample-solve": "solver", ismcts: "ismcts", random: "random", rollout: "rollout" };

const $ = (id) => document.getElementById(id);

/** Whether a preset of /api/info scores with a pool (chips), not points. */
export function isPoolPreset(p) {
  if (!p) return false;
  if (typeof p.scoring === "string") return p.scoring === "pool";
  return !p.bidding && POOL_PRESETS.has(p.name);
}

/** Card codes in a text ("AH", "TS", "10S", "JK") written as the page writes cards ("A♥"). */
export function cardsInText(text) {
  return String(text ?? "").replace(/\b(?:JK|(?:10|[2-9TJQKA])[CDHS])\b/g,
    (code) => cardText(code.replace(/^10/, "T")));
}

function capitalised(text) {
  const t = String(text ?? "");
  return t ? t[0].toUpperCase() + t.slice(1) : t;
}

/** The notation of an action given as the library's JSON (the inverse of parse_action). */
export function notation(action) {
  switch (action.type) {
    case "Play": return `play ${action.card}`;
    case "Rob": return `rob ${action.discard}`;
    case "Take": return `take ${action.card}`;
    case "Bid": return `bid ${action.amount}`;
    case "NameTrump": return `trump ${action.suit}`;
    case "Discard": return ["discard", ...action.cards].join(" ");
    default: return WORDS[action.type] ?? String(action.type).toLowerCase();
  }
}

/** A card's text for people: "5♥", "JK" for the joker. */
function cardText(card) {
  if (card === "JK") return "Joker";
  return card.slice(0, -1).replace("T", "10") + (SUITS[card.slice(-1)] ?? card.slice(-1));
}

function cardName(card) {
  if (card === "JK") return "the Joker";
  return `${RANK_NAMES[card.slice(0, -1)] ?? card.slice(0, -1)} of ${SUIT_NAMES[card.slice(-1)] ?? card.slice(-1)}`;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function cardImage(card, cls = "card-img") {
  return el("img", { src: `/cards/${encodeURIComponent(card)}.svg`, alt: cardText(card),
    title: cardName(card), class: cls, draggable: "false", width: 56, height: 80 });
}

function suitText(suit) {
  return suit ? `${SUITS[suit] ?? suit} ${SUIT_NAMES[suit] ?? suit}` : "none";
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const error = new Error(data?.reason ?? `${response.status} ${response.statusText}`);
    error.code = data?.error ?? String(response.status);
    throw error;
  }
  return data;
}

const storageKey = (tableId) => `trumpfamily:${tableId}`;
function loadToken(tableId) {
  try { return localStorage.getItem(storageKey(tableId)); } catch { return null; }
}
function saveToken(tableId, token) {
  try { localStorage.setItem(storageKey(tableId), token); } catch { /* private mode */ }
}
function dropToken(tableId) {
  try { localStorage.removeItem(storageKey(tableId)); } catch { /* private mode */ }
}
function playerName() {
  try { return localStorage.getItem("trumpfamily:name") || ""; } catch { return ""; }
}
function setPlayerName(name) {
  try { localStorage.setItem("trumpfamily:name", name); } catch { /* private mode */ }
}

// ---------------------------------------------------------------------------------------
// The lobby

async function lobby() {
  $("lobby").hidden = false;
  document.title = "trumpfamily: deal a table";
  const info = await api("/api/info");
  const preset = $("preset");
  const players = $("players");
  const seats = $("seats");
  $("name").value = playerName();
  $("join-name").value = playerName();
  for (const p of info.presets) {
    preset.append(el("option", { value: p.name, text: p.bidding ? `${p.title} (bidding)` : p.title }));
  }
  const current = () => info.presets.find((p) => p.name === preset.value);
  const bots = info.bots;
  const defaultBot = bots.includes("rule-of-thumb") ? "rule-of-thumb" : bots[0];

  function drawSeats() {
    const n = Number(players.value);
    const old = [...seats.querySelectorAll("select")].map((s) => s.value);
    seats.replaceChildren(el("legend", { text: "Seats" }));
    for (let i = 0; i < n; i++) {
      const id = `seat-kind-${i}`;
      const select = el("select", { id, "data-testid": id, name: id },
        el("option", { value: "human", text: "a person" }),
        ...bots.map((b) => el("option", { value: `bot:${b}`, text: `bot: ${b}` })));
      select.value = old[i] ?? (i === 0 ? "human" : `bot:${defaultBot}`);
      seats.append(el("div", { class: "row" }, el("label", { for: id, text: `Seat ${i + 1}${i === 0 ? " (you)" : ""}` }), select));
    }
  }
  function drawPlayers() {
    const p = current();
    const keep = Number(players.value);
    players.replaceChildren(...p.players.map((n) => el("option", { value: n, text: n })));
    players.value = p.players.includes(keep) ? keep : (p.usual ?? p.players[0]);
    drawSeats();
  }
  // The game's length: a pool game has no end of its own, so it gets a number of hands
  // (until the player changes it); emptied, the hint says that it goes on until stopped.
  const hands = $("hands");
  let handsByUs = false;
  function drawHands() {
    const pool = isPoolPreset(current());
    if (pool && (hands.value === "" || handsByUs)) { hands.value = String(POOL_HANDS); handsByUs = true; }
    if (!pool && handsByUs) { hands.value = ""; handsByUs = false; }
    hands.placeholder = pool ? "no end: until you stop it" : "to the game's own end";
    drawHandsHint();
  }
  function drawHandsHint() {
    const pool = isPoolPreset(current());
    const empty = hands.value.trim() === "";
    const hint = $("hands-hint");
    hint.dataset.pool = String(pool);
    hint.textContent = pool
      ? (empty ? "A pool game goes on until you stop it: it has no end of its own. Give a number of hands to play a game that ends."
        : "A pool game has no end of its own: it ends after these hands, and whoever is up most chips leads.")
      : (empty ? "Played to the game's own end (its target score)." : "Ends after these hands, or at the game's own end if that comes first.");
  }
  hands.addEventListener("input", () => { handsByUs = false; drawHandsHint(); });
  preset.addEventListener("change", drawPlayers);
  preset.addEventListener("change", drawHands);
  players.addEventListener("change", drawSeats);
  preset.value = info.presets.some((p) => p.name === "Spoil Five") ? "Spoil Five" : info.presets[0].name;
  drawPlayers();
  drawHands();

  if (!$("hints")) { // the hint option, off by default: a hint helps a person against bots
    $("create").before(el("div", { class: "row" },
      el("label", { for: "hints" }, el("input", { id: "hints", name: "hints", type: "checkbox", "data-testid": "hints" }),
        " Hints: the player to act may ask for the best moves")));
  }
  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = $("lobby-error");
    error.hidden = true;
    const seatKinds = [...seats.querySelectorAll("select")].map((s) => s.value);
    const body = { preset: preset.value, players: Number(players.value), seats: seatKinds };
    const rules = $("rules").value.trim();
    if (rules) body.rules = rules;
    const hands = $("hands").value.trim();
    if (hands) body.hands = Number(hands);
    if ($("hints")?.checked) body.hints = true;
    const name = $("name").value.trim();
    setPlayerName(name);
    $("create").disabled = true;
    try {
      const made = await api("/api/tables", body);
      if (seatKinds.includes("human")) {
        const joined = await api("/api/join", name ? { table: made.table, name } : { table: made.table });
        saveToken(made.table, joined.token);
      }
      const link = new URL(made.url, location.href).href;
      $("created-code").textContent = made.code;
      $("created-link").textContent = link;
      $("created-link").href = made.url;
      $("go").href = made.url;
      $("go").textContent = seatKinds.includes("human") ? "Sit down at the table" : "Watch the table";
      $("created").hidden = false;
      $("go").focus();
    } catch (e) {
      error.textContent = `${capitalised(e.message)}${/[.!?]$/.test(e.message) ? "" : "."}`;
      error.dataset.code = e.code ?? "";
      error.hidden = false;
    } finally {
      $("create").disabled = false;
    }
  });
  $("copy-link").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($("created-link").textContent); $("copy-link").textContent = "Copied"; } catch { /* no clipboard */ }
  });
  $("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = $("join-error");
    error.hidden = true;
    const code = $("join-code").value.trim();
    try {
      const name = $("join-name").value.trim();
      const body = { code };
      if (name) { body.name = name; setPlayerName(name); }
      const joined = await api("/api/join", body);
      saveToken(joined.table, joined.token);
      location.assign(`/t/${encodeURIComponent(joined.table)}`);
    } catch (e) {
      error.textContent = joinErrorText(e, code);
      error.dataset.code = e.code ?? "";
      error.hidden = false;
    }
  });
}

/** Why a join by code failed, in words for people (the server's code stays in data-code). */
function joinErrorText(e, code) {
  switch (e.code) {
    case "no-table": return code
      ? `No table has the code ${code.toUpperCase()}: check it with whoever gave it to you (it is six letters and digits, like ABC-DEF).`
      : "Type the join code you were given (six letters and digits, like ABC-DEF).";
    case "table-full": return "Every seat for a person at that table is taken (or its game is over). Open its link to watch.";
    case "seat-taken": return "That seat is taken.";
    default: return `${capitalised(e.message)}${/[.!?]$/.test(e.message) ? "" : "."}`;
  }
}

// ---------------------------------------------------------------------------------------
// The table

class TablePage {
  constructor(tableId) {
    this.tableId = tableId;
    this.token = loadToken(tableId);
    this.seat = null;
    this.view = null;       // the seat's view (SeatView / BiddingView JSON), or null
    this.public = null;     // a spectator's public view, or null
    this.table = null;      // the table's public info
    this.log = [];          // the current hand's events as this seat sees them
    this.lastTrick = null;  // {cards, leader, winner} shown while no card is on the table
    this.trickWinner = null;
    this.lastResult = null;  // the last finished hand's outcome, in words
    this.previousLog = [];   // the last finished hand's events (the live page keeps them)
    this.selected = new Set();
    this.ws = null;
    this.retry = 0;
    this.closing = false;
    this.sent = 0;
    this.timer = null;
    this.timerTick = null;
  }

  start() {
    $("table").hidden = false;
    $("conn").hidden = false;
    $("jump-log").hidden = false;
    $("copy-bot").addEventListener("click", async () => {
      try { await navigator.clipboard.writeText($("bot-command").textContent); $("copy-bot").textContent = "Copied"; } catch { /* no clipboard */ }
    });
    document.addEventListener("keydown", (event) => this.keys(event));
    this.connect();
  }

  // -- the socket -------------------------------------------------------------------

  connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws`);
    this.ws = ws;
    this.setConn("connecting");
    ws.addEventListener("open", () => {
      this.retry = 0;
      const join = this.token ? { type: "join", protocol: PROTOCOL, token: this.token }
        : { type: "join", protocol: PROTOCOL, table: this.tableId };
      ws.send(JSON.stringify(join));
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      this.receive(msg);
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      this.setConn("offline");
      if (this.closing) return;
      const wait = Math.min(10000, 500 * 2 ** this.retry++);
      setTimeout(() => { if (this.ws === ws) this.connect(); }, wait);
    });
  }

  reconnect() {
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.connect();
  }

  send(payload) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      this.showProblem("offline", "not connected to the server; reconnecting...");
      return false;
    }
    this.ws.send(JSON.stringify(payload));
    return true;
  }

  act(text) {
    this.hideProblem();
    this.sent += 1;
    this.send({ type: "action", action: text, id: `a${this.sent}` });
  }

  setConn(state) {
    const conn = $("conn");
    conn.textContent = state;
    conn.dataset.state = state;
  }

  receive(msg) {
    switch (msg.type) {
      case "welcome":
        this.seat = msg.seat;
        this.table = msg.table;
        this.setConn(msg.seat === null ? "watching" : "connected");
        break;
      case "state":
        this.seat = msg.seat;
        this.view = msg.view;
        this.public = msg.public;
        this.table = msg.table;
        this.log = msg.log ?? [];
        this.lastTrick = null;
        this.selected.clear();
        this.render();
        break;
      case "update":
        this.absorb(msg.events ?? []);
        this.view = msg.view;
        this.public = msg.public;
        this.table = msg.table;
        this.render();
        break;
      case "refused":
        this.showProblem(msg.code, msg.reason, msg.legal ?? [], true);
        break;
      case "error":
        if (msg.code === "bad-token") {
          dropToken(this.tableId);
          this.token = null;
          this.showProblem(msg.code, `${msg.reason}: watching instead`);
          this.reconnect();
        } else if (msg.code === "no-table") {
          this.closing = true;
          this.showProblem(msg.code, msg.reason);
        } else {
          this.showProblem(msg.code, msg.reason);
        }
        break;
      case "timer":
        this.startTimer(msg.seat, msg.seconds);
        break;
      case "hint":
        this.hint = { moves: this.table?.moves, msg };
        this.renderActions();
        break;
      default: // pong, heartbeat
        break;
    }
  }

  absorb(events) {
    for (const event of events) {
      if (event.type === "AntesPaid" || event.type === "Dealt") {
        const keep = this.log.length && this.log[this.log.length - 1].type === "AntesPaid" && event.type === "Dealt";
        if (this.log.some((e) => e.type === "HandOver")) this.previousLog = this.log.slice(0, keep ? -1 : undefined);
        this.log = keep ? [this.log[this.log.length - 1]] : [];
        this.selected.clear();
      }
      if (event.type === "HandOver") this.lastResult = this.outcomeText(event.outcome);
      if (event.type === "TrickWon") this.lastTrick = { cards: event.cards, leader: event.leader, winner: event.seat };
      if (event.type === "Played") this.lastTrick = null;
      this.log.push(event);
    }
    if (events.some((e) => e.seat === this.seat && e.type !== "Dealt")) this.hideProblem();
    this.stopTimer();
  }

  // -- problems (refusals and errors) --------------------------------------------------

  showProblem(code, reason, legal = [], refusal = false) {
    const box = $("refusal");
    const words = refusal ? cardsInText(reason) : reason;
    box.replaceChildren(
      el("strong", { class: "code", "data-testid": "refusal-code", text: code }), " ",
      el("span", { "data-testid": "refusal-reason", text: words }),
      legal.length ? el("div", { class: "hint", "data-testid": "refusal-legal", text: `You may: ${legal.map(cardsInText).join(", ")}` }) : null,
      el("button", { type: "button", class: "small close", "aria-label": "Dismiss", text: "×", onclick: () => this.hideProblem() }));
    box.dataset.kind = refusal ? "refused" : "error";
    box.dataset.code = code;
    box.hidden = false;
  }

  hideProblem() {
    $("refusal").hidden = true;
  }

  // -- timers -------------------------------------------------------------------------

  startTimer(seat, seconds) {
    this.stopTimer();
    this.timer = { seat, end: Date.now() + seconds * 1000 };
    this.timerTick = setInterval(() => this.renderStatus(), 500);
    this.renderStatus();
  }

  stopTimer() {
    if (this.timerTick) clearInterval(this.timerTick);
    this.timer = null;
    this.timerTick = null;
  }

  // -- drawing ------------------------------------------------------------------------

  get shown() { return this.view ?? this.public; }

  seatName(seat) {
    if (seat === null || seat === undefined) return "nobody";
    if (seat === this.seat) return "You";
    const seats = this.table?.seats ?? [];
    const name = seats[seat]?.name || `Seat ${seat + 1}`;
    const shared = seats.some((s, i) => i !== seat && s.name === name);
    return shared ? `${name} ${seat + 1}` : name;
  }

  /** A seat's name for a seat's box on a narrow screen: bots shortened, the seat's number
   * kept ("thumb 3", "random 2"), so the seats stay told apart. */
  shortSeatName(seat) {
    if (seat === this.seat) return "You";
    const info = this.table?.seats?.[seat];
    if (info?.kind === "bot") return `${BOT_SHORT[info.name] ?? (info.name || "bot").slice(0, 8)} ${seat + 1}`;
    return this.seatName(seat);
  }

  /** Whether a seat is a person's seat nobody has taken yet. */
  emptySeat(seat) {
    const info = this.table?.seats?.[seat];
    return !!info && info.kind === "human" && !info.taken;
  }

  legal() {
    return (this.view?.legal_actions ?? []).map((a) => ({ json: a, text: notation(a) }));
  }

  render() {
    const focused = document.activeElement;
    const focusKey = focused?.dataset?.card ? `[data-card="${focused.dataset.card}"]`
      : focused?.dataset?.action ? `[data-action="${CSS.escape(focused.dataset.action)}"]`
        : focused?.id ? `#${CSS.escape(focused.id)}` : null;
    const v = this.shown;
    const page = $("table");
    page.dataset.seat = this.seat ?? "spectator";
    page.dataset.phase = v?.phase ?? "";
    page.dataset.myTurn = String(!!v && this.seat !== null && v.to_act === this.seat);
    page.dataset.handNumber = this.table?.hand_number ?? "";
    page.dataset.over = String(!!this.table?.over);
    page.dataset.moves = this.table?.moves ?? "";
    if (this.table) {
      document.title = `${this.table.title} · trumpfamily`;
      $("table-title").textContent = this.table.title + (this.table.rules ? ` (${this.table.rules})` : "");
      const code = $("table-code");
      code.textContent = this.table.code;
      code.title = "the join code: give it to a friend";
      code.hidden = false;
    }
    this.renderTakeSeat();
    this.renderFelt();
    this.renderStatus();
    this.renderActions();
    this.renderHand();
    this.renderScores();
    this.renderLog();
    this.renderRecords();
    this.renderToBot();
    if (focusKey) {
      const again = document.querySelector(focusKey);
      if (again && again !== document.activeElement) again.focus({ preventScroll: true });
    }
  }

  /** "Hand this seat to a bot": the command line that plays this seat with its token. */
  renderToBot() {
    const box = $("to-bot");
    const show = this.seat !== null && !!this.token && !this.table?.over;
    box.hidden = !show;
    if (!show) return;
    // a token may begin with "-": then "--seat-token=T", which argparse cannot misread
    const flag = this.token.startsWith("-") ? `--seat-token=${this.token}` : `--seat-token ${this.token}`;
    $("bot-command").textContent = `trumpfamily bot --connect ${location.origin} ${flag}`;
  }

  renderTakeSeat() {
    const box = $("take-seat");
    const free = (this.table?.seats ?? []).filter((s) => s.kind === "human" && !s.taken);
    box.hidden = this.seat !== null || !free.length;
    $("free-seats").replaceChildren(...free.map((s) => el("button", {
      type: "button", "data-testid": `take-seat-${s.seat}`, text: `Take seat ${s.seat + 1}`,
      onclick: () => this.takeSeat(s.seat) })));
  }

  async takeSeat(seat) {
    try {
      const name = playerName();
      const body = name ? { table: this.tableId, seat, name } : { table: this.tableId, seat };
      const joined = await api("/api/join", body);
      saveToken(this.tableId, joined.token);
      this.token = joined.token;
      this.reconnect();
    } catch (e) {
      this.showProblem(e.code ?? "error", e.message);
    }
  }

  /** Where seat `seat` sits: an angle, the viewer at the bottom, play going clockwise. */
  angle(seat, players) {
    const me = this.seat ?? 0;
    const k = (seat - me + players) % players;
    return Math.PI / 2 + (2 * Math.PI * k) / players;
  }

  renderFelt() {
    const v = this.shown;
    const felt = $("felt");
    felt.querySelectorAll(".seat, .played").forEach((n) => n.remove());
    if (!v) return;
    const n = v.players;
    felt.dataset.players = n;
    const counts = v.trick_counts ?? [];
    // the seats' ring: narrower on a phone, so that the side seats stay on the felt
    const narrow = felt.clientWidth < 560;
    const rx = narrow ? 33 : 41;
    const ry = narrow ? 41 : 40;
    const tx = narrow ? 11 : 19;
    const ty = narrow ? 17 : 17;
    const auction = v.auction ?? [];
    for (let seat = 0; seat < n; seat++) {
      const a = this.angle(seat, n);
      const info = this.table?.seats?.[seat];
      const lastCall = [...auction].reverse().find((t) => t.seat === seat);
      const marks = [];
      if (seat === v.dealer) marks.push(el("span", { class: "mark dealer", title: "the dealer", text: "D" }));
      if (v.bidder === seat) marks.push(el("span", { class: "mark bidder", title: "the bidder", text: "bid" }));
      if (v.robbed_by === seat) marks.push(el("span", { class: "mark", title: "robbed the turn-up", text: "robbed" }));
      if (info?.kind === "bot") marks.push(el("span", { class: "mark bot", title: `a bot (${info.name})`, text: "bot" }));
      if (this.emptySeat(seat)) marks.push(el("span", { class: "mark empty", title: "nobody has taken this seat yet", text: "empty" }));
      const online = info ? info.connected : true;
      const box = el("div", {
        class: `seat${seat === v.to_act ? " to-act" : ""}${seat === this.seat ? " me" : ""}`,
        "data-testid": `seat-${seat}`, "data-seat": seat,
        style: `left:${50 + rx * Math.cos(a)}%;top:${50 + ry * Math.sin(a)}%`,
        "aria-label": `${this.seatName(seat)}${seat === v.to_act ? ", to act" : ""}` },
      el("div", { class: "name", title: `seat ${seat + 1}: ${this.seatName(seat)}` },
        el("span", { class: `dot${online ? " on" : ""}`, title: online ? "connected" : "not connected" }),
        narrow ? this.shortSeatName(seat) : this.seatName(seat)),
      el("div", { class: "marks" }, ...marks),
      el("div", { class: "tricks", text: `tricks ${counts[seat] ?? 0}` }),
      lastCall && v.phase === "auction" ? el("div", { class: "call", text: this.callText(lastCall) }) : null);
      felt.append(box);
    }
    // the trick, each card in front of the seat that played it
    let cards = v.current_trick ?? [];
    let leader = v.leader;
    let done = null;
    if (!cards.length) {
      const tricks = v.tricks ?? [];
      const last = this.lastTrick ?? (tricks.length ? tricks[tricks.length - 1] : null);
      if (last) { cards = last.cards; leader = last.leader; done = last.winner; }
    }
    const trick = $("trick");
    trick.dataset.cards = cards.join(" ");
    trick.dataset.done = done === null ? "" : String(done);
    cards.forEach((card, i) => {
      const seat = (leader + i) % n;
      const a = this.angle(seat, n);
      felt.append(el("div", { class: `played${done !== null ? " done" : ""}${done === seat ? " winner" : ""}`,
        "data-testid": `played-${seat}`, "data-card": null, "data-played": card,
        style: `left:${50 + tx * Math.cos(a)}%;top:${50 + ty * Math.sin(a)}%`,
        title: `${this.seatName(seat)}: ${cardName(card)}` }, cardImage(card)));
    });
    this.trickWinner = done !== null && cards.length ? done : null;
    // trumps, turn-up, contract
    const trumpLine = el("div", { class: `trumps suit-${v.trump ?? "none"}`, "data-testid": "trumps", "data-trump": v.trump ?? "" },
      "Trumps: ", el("strong", { text: v.trump ? suitText(v.trump) : "not yet" }));
    const contract = $("contract");
    const parts = [trumpLine];
    if (v.type === "BiddingView" || (v.type === "PublicView" && "auction" in v)) {
      if (v.contract !== null && v.contract !== undefined) {
        parts.push(el("div", { "data-testid": "contract-text", text: `${this.seatName(v.bidder)} ${v.bidder === this.seat ? "have" : "has"} the contract: ${v.contract}${v.contract_kind && v.contract_kind !== "bid" ? ` (${v.contract_kind})` : ""}${v.bagged ? ", bagged" : ""}` }));
      } else if (v.high_bid !== null && v.high_bid !== undefined) {
        parts.push(el("div", { text: `High bid: ${v.high_bid} by ${this.seatName(v.high_bidder)}` }));
      } else if (v.phase === "auction") {
        parts.push(el("div", { text: "The auction is open" }));
      }
      if (v.kitty_size) parts.push(el("div", { class: "hint", text: `kitty ${v.kitty_size} · stock ${v.stock_size ?? "?"}` }));
    }
    contract.replaceChildren(...parts);
    const turnUp = $("turn-up");
    const up = v.turn_up ?? null;
    if (up) {
      turnUp.replaceChildren(el("div", { class: "hint", text: "turn-up" }), cardImage(up));
      turnUp.dataset.card = up;
    } else if (v.turned_up && v.robbed_by !== null && v.robbed_by !== undefined) {
      turnUp.replaceChildren(el("div", { class: "hint", text: `${cardText(v.turned_up)} robbed by ${this.seatName(v.robbed_by)}` }));
      turnUp.dataset.card = "";
    } else {
      turnUp.replaceChildren();
      turnUp.dataset.card = "";
    }
  }

  callText(turn) {
    const a = turn.action;
    if (!a || a.type === "Pass") return "pass";
    if (a.type === "Bid") return `bid ${a.amount}`;
    return notation(a);
  }

  renderStatus() {
    const v = this.shown;
    const status = $("status");
    if (!v) { status.textContent = "Connecting to the table..."; return; }
    let text;
    const won = this.trickWinner ?? null;
    const prefix = won === null ? "" : `${this.seatName(won)} won the trick. `;
    if (this.table?.over) {
      text = "The game is over.";
    } else if (v.to_act === null || v.to_act === undefined) {
      text = "The hand is over.";
    } else if (v.to_act === this.seat) {
      text = `Your turn: ${PHASES[v.phase] ?? v.phase}.`;
    } else if (this.emptySeat(v.to_act)) {
      const code = this.table?.code;
      text = `Seat ${v.to_act + 1} is empty${code ? `: share the code ${code}` : ""}.`;
    } else {
      const away = this.table?.seats?.[v.to_act]?.connected === false ? " (not connected)" : "";
      text = `Waiting for ${this.seatName(v.to_act)}${away} to ${PHASES[v.phase] ?? v.phase}.`;
    }
    text = prefix + text;
    if (this.timer) {
      const left = Math.max(0, Math.ceil((this.timer.end - Date.now()) / 1000));
      text += ` (${this.timer.seat === this.seat ? "you have" : "time left"}: ${left} s)`;
    }
    status.textContent = text;
    status.dataset.mine = String(v.to_act === this.seat && this.seat !== null);
  }

  discardSpec() {
    const discards = this.legal().filter((a) => a.json.type === "Discard");
    if (!discards.length) return null;
    const sizes = new Set(discards.map((a) => a.json.cards.length));
    return { discards, sizes };
  }

  discardText() {
    const spec = this.discardSpec();
    const chosen = [...this.selected];
    const same = spec?.discards.find((a) => a.json.cards.length === chosen.length && a.json.cards.every((c) => this.selected.has(c)));
    return same ? same.text : ["discard", ...chosen].join(" ");
  }

  actionLabel(a) {
    const j = a.json;
    const v = this.view;
    switch (j.type) {
      case "Pass": return v?.phase === "auction" ? "Pass" : "Pass";
      case "Bid": return (v?.high_bid !== null && v?.high_bid !== undefined && j.amount === v.high_bid) ? `Hold ${j.amount}` : `Bid ${j.amount}`;
      case "NameTrump": return suitText(j.suit);
      case "DeclineRob": return "Decline to rob";
      case "Claim": return "Claim the pool";
      case "Jink": return "Jink: play on for all five";
      case "AskFive": return "Ask the dealer to five";
      case "AcceptFive": return "Five";
      case "RefuseFive": return "Refuse to five";
      case "Take": return `Take ${cardText(j.card)}`;
      default: return a.text;
    }
  }

  renderActions() {
    const box = $("actions");
    box.replaceChildren();
    if (this.seat === null || !this.view) return;
    const legal = this.legal().filter((a) => a.json.type !== "Play" && a.json.type !== "Discard");
    const robs = legal.filter((a) => a.json.type === "Rob");
    const others = legal.filter((a) => a.json.type !== "Rob");
    const v = this.view;
    if (robs.length) {
      const turn = v.turn_up ?? v.turned_up;
      box.append(el("div", { class: "group rob", role: "group", "aria-label": "Rob the turn-up" },
        el("span", { class: "label", text: `Rob${turn ? " the " + cardText(turn) : ""}, throwing out:` }),
        ...robs.map((a) => el("button", { type: "button", class: "rob-card", "data-action": a.text,
          "aria-label": `rob, throwing out ${cardName(a.json.discard)}`, onclick: () => this.act(a.text) },
        cardImage(a.json.discard, "mini"), cardText(a.json.discard)))));
    }
    if (others.length) {
      const bidding = others.some((a) => a.json.type === "Bid");
      box.append(el("div", { class: `group${bidding ? " bids" : ""}`, role: "group", "aria-label": bidding ? "Your bid" : "Your choices" },
        ...others.map((a) => el("button", { type: "button", "data-action": a.text,
          class: a.json.type === "NameTrump" ? `suit suit-${a.json.suit}` : a.json.type === "Pass" ? "pass" : "",
          onclick: () => this.act(a.text), text: this.actionLabel(a) }))));
    }
    this.renderHint(box);
    const spec = this.discardSpec();
    if (spec) {
      const sizes = [...spec.sizes].sort((x, y) => x - y);
      const kitty = v.phase === "kitty";
      const [least, most] = [sizes[0], sizes[sizes.length - 1]];
      const need = least === most ? `Choose ${least} card${least === 1 ? "" : "s"} to discard`
        : least === 0 ? `Choose up to ${most} cards to throw away (none: stand pat)`
          : `Choose ${least} to ${most} cards to discard`;
      const text = this.discardText();
      const count = this.selected.size;
      box.append(el("div", { class: "group discard", role: "group", "aria-label": "Discard" },
        el("span", { class: "label", "data-testid": "discard-hint", text: `${need}${kitty ? " (the kitty is in your hand)" : ""}: ${count} chosen.` }),
        el("button", { type: "button", class: "primary", id: "confirm-discard", "data-testid": "confirm-discard",
          "data-action": text, onclick: () => { const t = this.discardText(); this.selected.clear(); this.act(t); },
          text: count ? `Discard ${[...this.selected].map(cardText).join(" ")}` : "Stand pat (discard none)" })));
    }
  }

  /** The "Hint" button of a table with hints, on this seat's turn, and the last hint's rows
   * while the position is the one it was asked at (the server answers only the seat to
   * act, from its own view: docs/reference/protocol.rst, "hint"). */
  renderHint(box) {
    const v = this.view;
    if (!this.table?.hints || !v || v.to_act !== this.seat || !this.legal().length) return;
    const here = this.hint && this.hint.moves === this.table.moves ? this.hint.msg : null;
    const group = el("div", { class: "group hint", role: "group", "aria-label": "Hint", "data-testid": "hint-box" },
      el("button", { type: "button", class: "small", "data-testid": "hint", disabled: here ? "" : undefined,
        onclick: () => { this.sent += 1; this.send({ type: "hint", id: `h${this.sent}` }); },
        text: "Hint" }));
    if (here) {
      const unit = here.unit === "chips" ? "chips from the pool" : here.unit;
      const num = (x) => (x >= 0 ? "+" : "") + x.toFixed(2);
      group.append(el("span", { class: "label", text: `Best for you, over ${here.worlds} deals of the unseen cards (${unit}):` }),
        el("ol", { class: "hint-rows", "data-testid": "hint-rows" },
          ...here.rows.map((r) => el("li", { "data-action": r.text,
            text: `${r.text}: ${num(r.mean)} [${num(r.low)}, ${num(r.high)}]${r.win_chance === null ? "" : `, ${Math.round(r.win_chance * 100)} % to take the pool`}` }))));
    }
    box.append(group);
  }

  renderHand() {
    const box = $("hand");
    box.replaceChildren();
    if (this.seat === null || !this.view) { box.hidden = true; return; }
    box.hidden = false;
    const v = this.view;
    const legal = this.legal();
    const plays = new Set(legal.filter((a) => a.json.type === "Play").map((a) => a.json.card));
    const discarding = !!this.discardSpec();
    const kitty = new Set(v.kitty ?? []);
    // Outside the play (the auction, naming trumps, robbing...) a card is no choice: shown
    // and focusable, but not a button that would send a play.
    const inert = !discarding && v.phase !== "play";
    box.dataset.mode = discarding ? "discard" : inert ? "view" : "play";
    for (const sel of [...this.selected]) if (!v.hand.includes(sel)) this.selected.delete(sel);
    v.hand.forEach((card) => {
      if (inert) {
        box.append(el("span", { class: `card inert${kitty.has(card) ? " from-kitty" : ""}`, tabindex: "0", role: "img",
          "data-card": card, "data-legal": "false",
          "aria-label": `${cardName(card)}${kitty.has(card) ? ", from the kitty" : ""}` }, cardImage(card)));
        return;
      }
      const isLegal = plays.has(card);
      const chosen = this.selected.has(card);
      const button = el("button", {
        type: "button",
        class: `card${isLegal ? " legal" : ""}${discarding ? " selectable" : ""}${chosen ? " selected" : ""}${kitty.has(card) ? " from-kitty" : ""}`,
        "data-card": card, "data-legal": String(isLegal),
        "aria-pressed": discarding ? String(chosen) : null,
        "aria-label": `${cardName(card)}${isLegal ? ", playable" : ""}${kitty.has(card) ? ", from the kitty" : ""}${chosen ? ", chosen" : ""}`,
        onclick: () => this.cardClicked(card) }, cardImage(card));
      box.append(button);
    });
  }

  cardClicked(card) {
    if (this.discardSpec()) {
      if (this.selected.has(card)) this.selected.delete(card); else this.selected.add(card);
      this.renderActions();
      this.renderHand();
      const again = document.querySelector(`#hand [data-card="${card}"]`);
      if (again) again.focus({ preventScroll: true });
      return;
    }
    // Sent whether or not it is marked legal: the server is the judge and says why not.
    this.act(`play ${card}`);
  }

  renderScores() {
    const box = $("scores");
    const v = this.shown;
    const t = this.table;
    box.replaceChildren();
    if (!v || !t) return;
    const game = v.game ?? {};
    const rows = [];
    const sides = v.sides ?? [];
    const sideName = (side) => side.map((s) => this.seatName(s)).join(" & ");
    const scores = v.game ? game.scores : (t.scores && t.scores.length ? t.scores : null);
    if (scores) {
      scores.forEach((score, i) => rows.push(el("tr", { "data-testid": `score-${i}` },
        el("th", { scope: "row", text: sides[i] ? sideName(sides[i]) : `Side ${i + 1}` }), el("td", { text: score }))));
    }
    const chips = v.game ? game.chips : (t.chips && t.chips.length ? t.chips : null);
    if (chips) {
      chips.forEach((c, i) => rows.push(el("tr", { "data-testid": `chips-${i}` },
        el("th", { scope: "row", text: this.seatName(i) }), el("td", { text: `${c > 0 ? "+" : ""}${c} chip${Math.abs(c) === 1 ? "" : "s"}` }))));
      const pool = game.pool ?? t.pool;
      if (pool !== null && pool !== undefined) rows.push(el("tr", {}, el("th", { scope: "row", text: "Pool" }), el("td", { "data-testid": "pool", text: pool })));
    }
    const meta = [`Hand ${t.hand_number ?? game.hand_number ?? "?"}${t.hands ? ` of ${t.hands}` : ""}`];
    if (game.target) meta.push(`to ${game.target}`);
    if (!t.hands && game.hands_left !== null && game.hands_left !== undefined) meta.push(`${game.hands_left} more`);
    box.append(el("p", { class: "hint", "data-testid": "hand-number", text: meta.join(" · ") }),
      rows.length ? el("table", { class: "score-table" }, el("tbody", {}, ...rows)) : "");
    if (this.lastResult && !this.log.some((e) => e.type === "HandOver")) {
      box.append(el("p", { class: "hint", "data-testid": "last-hand", text: `Last hand: ${this.lastResult}` }));
    }
    const over = $("game-over");
    if (t.over) {
      over.textContent = `${this.gameOverText()}.`;
      over.hidden = false;
    } else {
      over.hidden = true;
    }
  }

  /** The end of the game in words: its winner, or (a game ended by its number of hands,
   * as a pool game always is) who is up most chips or points; ties said as ties. */
  gameOverText() {
    const t = this.table ?? {};
    const v = this.shown ?? {};
    const w = t.winner;
    const sides = v.sides ?? [];
    const sideName = (i) => (sides[i] ? sides[i].map((s) => this.seatName(s)).join(" & ") : this.seatName(i));
    if (Array.isArray(w)) return `Game over: won by ${w.map((s) => this.seatName(s)).join(" & ")}`;
    if (w !== null && w !== undefined) return `Game over: won by ${sideName(w)}`;
    const n = t.hand_number ?? v.game?.hand_number;
    const after = n ? `Game over after ${n} hand${n === 1 ? "" : "s"}` : "Game over";
    const chips = (v.game ? v.game.chips : t.chips) ?? [];
    const scores = (v.game ? v.game.scores : t.scores) ?? [];
    let values, name, amount;
    if (chips.length && (chips.some((c) => c !== 0) || !scores.some((c) => c !== 0))) {
      values = chips; name = (i) => this.seatName(i);
      amount = (x) => `${x > 0 ? "+" : ""}${x} chip${Math.abs(x) === 1 ? "" : "s"}`;
    } else if (scores.length) {
      values = scores; name = sideName;
      amount = (x) => `${x} point${Math.abs(x) === 1 ? "" : "s"}`;
    } else {
      return `${after}: no winner`;
    }
    const best = Math.max(...values);
    const leaders = values.map((x, i) => (x === best ? i : -1)).filter((i) => i >= 0);
    // chips still in the pool (a spoilt last hand) are nobody's: said, so that a lead of
    // -1 chip reads right
    const pool = values === chips ? (v.game?.pool ?? t.pool ?? 0) : 0;
    const left = pool > 0 ? ` (${pool} chip${pool === 1 ? "" : "s"} left in the pool)` : "";
    if (leaders.length === values.length) return `${after}: all level, at ${amount(best)} each${left}`;
    const names = leaders.map(name);
    const plural = leaders.length > 1 || names[0] === "You" || names[0].includes(" & ");
    if (leaders.length > 1) {
      return `${after}: ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} tie for the lead with ${amount(best)}${left}`;
    }
    return `${after}: ${names[0]} lead${plural ? "" : "s"} with ${amount(best)}${left}`;
  }

  describe(e) {
    const who = (s) => this.seatName(s);
    const cards = (cs) => (cs ?? []).map(cardText).join(" ");
    switch (e.type) {
      case "AntesPaid": return `Antes paid (${e.stakes.join(", ")}): the pool is ${e.pool}.`;
      case "Dealt": {
        const mine = this.seat !== null ? e.hands?.[this.seat] ?? [] : [];
        return `${who(e.dealer)} dealt hand ${e.hand_number ?? ""}${mine.length ? `; your cards: ${cards(mine)}` : ""}.`;
      }
      case "TurnedUp": return `Turned up: ${cardText(e.card)}${e.trump ? `; trumps are ${suitText(e.trump)}` : ""}.`;
      case "JokerTaken": return `${who(e.seat)} took the turned-up joker${e.discard ? `, throwing out ${cardText(e.discard)}` : ""}.`;
      case "Robbed": return `${who(e.seat)} robbed the ${cardText(e.card)}${e.discard ? `, throwing out ${cardText(e.discard)}` : ""}.`;
      case "RobDeclined": return `${who(e.seat)} declined to rob.`;
      case "Passed": return `${who(e.seat)} passed${e.prompt && e.prompt !== "rob" ? ` (${e.prompt})` : ""}.`;
      case "FiveAsked": return `${who(e.seat)} asked the dealer to five.`;
      case "FiveAccepted": return `${who(e.seat)} fived: ${cards(e.fived)}; the turn-up is ${cardText(e.turn_up)}.`;
      case "FiveRefused": return `${who(e.seat)} refused to five.`;
      case "Played": return `${who(e.seat)} played ${cardText(e.card)}${e.demoted ? " (demoted)" : ""}.`;
      case "TrickWon": return `${who(e.seat)} won trick ${e.number} (${cards(e.cards)}).`;
      case "Claimed": return `${who(e.seat)} claimed.`;
      case "Jinked": return `${who(e.seat)} jinked: playing on for all five.`;
      case "HandOver": return this.outcomeText(e.outcome);
      case "BidMade": return `${who(e.seat)} ${e.hold ? "held" : "bid"} ${e.amount}${e.kind && e.kind !== "bid" ? ` (${e.kind})` : ""}.`;
      case "AuctionWon": return `${who(e.seat)} won the auction at ${e.amount}${e.bagged ? " (bagged)" : ""}${e.kind && e.kind !== "bid" ? ` (${e.kind})` : ""}.`;
      case "ThrownIn": return "Everybody passed: the hand is thrown in.";
      case "TrumpNamed": return `${who(e.seat)} named ${suitText(e.trump)} trumps.`;
      case "KittyTaken": return `${who(e.seat)} took the kitty${e.cards ? `: ${cards(e.cards)}` : ""}.`;
      case "ExtraCardsTaken": return `${who(e.seat)} took the extra cards${e.cards ? `: ${cards(e.cards)}` : ""}.`;
      case "Discarded": return `${who(e.seat)} discarded ${e.cards ? cards(e.cards) || "nothing" : `${e.count ?? "some"} card${e.count === 1 ? "" : "s"}`}.`;
      case "Drew": return `${who(e.seat)} drew ${e.cards ? cards(e.cards) || "nothing" : `${e.count} card${e.count === 1 ? "" : "s"}`}.`;
      case "HandScored": return `Hand ${e.hand_number} scored${e.outcome?.gains ? `: ${e.outcome.gains.join(", ")}` : ""}.`;
      case "PoolCarried": return `The pool (${e.pool}) carries to the next deal.`;
      case "GameOver": {
        const w = e.winner;
        return `${w === null || w === undefined ? this.gameOverText() : `Game over: won by ${Array.isArray(w) ? w.map(who).join(" & ") : this.sideText(w)}`}.`;
      }
      default: return e.type;
    }
  }

  sideText(side) {
    const sides = this.shown?.sides;
    if (sides && sides[side]) return sides[side].map((s) => this.seatName(s)).join(" & ");
    return this.seatName(side);
  }

  outcomeText(o) {
    if (!o) return "The hand is over.";
    if (o.thrown_in) return "The hand was thrown in.";
    if (o.scoring === "bidding") {
      return `The hand is over: ${this.seatName(o.bidder)} ${o.made ? "made" : "went back on"} ${o.bid}; points ${(o.side_points ?? o.points ?? []).join(", ")}.`;
    }
    if (o.spoil) return "The hand is over: spoiled (nobody took three tricks).";
    if (o.winner !== null && o.winner !== undefined) return `The hand is over: won by ${this.sideText(o.winner)} with ${(o.side_tricks ?? [])[o.winner] ?? "?"} tricks.`;
    return "The hand is over.";
  }

  renderLog() {
    const list = $("log");
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.replaceChildren(...this.log.map((e, i) => el("li", { "data-event": e.type, "data-index": i, text: this.describe(e) })));
    const previous = $("previous-log");
    previous.hidden = !this.previousLog.length;
    previous.querySelector("ol").replaceChildren(...this.previousLog.map((e) => el("li", { "data-event": e.type, text: this.describe(e) })));
    if (atEnd) list.scrollTop = list.scrollHeight;
  }

  renderRecords() {
    const list = $("records");
    const rec = this.table?.records ?? { hands: 0, game: null };
    // the server sends how many hands have a record; hand n's is at /api/tables/<id>/hands/<n>/record
    const count = Number.isInteger(rec.hands) ? rec.hands : 0;
    const shown = `${count} ${rec.game}`;
    if (list.dataset.shown === shown) return;
    list.dataset.shown = shown;
    const base = `/api/tables/${encodeURIComponent(this.table?.table ?? "")}`;
    const items = Array.from({ length: count }, (_, i) => el("li", {}, el("a", { href: `${base}/hands/${i + 1}/record`,
      download: `trumpfamily-hand-${i + 1}.json`, "data-testid": `record-hand-${i + 1}`, text: `Hand ${i + 1}` })));
    if (rec.game) items.push(el("li", {}, el("a", { href: rec.game, download: "trumpfamily-game.json", "data-testid": "record-game", text: "The whole game" })));
    if (!items.length) items.push(el("li", { class: "hint", text: "Each hand's record appears here when it ends." }));
    list.replaceChildren(...items);
  }

  // -- keyboard -----------------------------------------------------------------------

  keys(event) {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    if (target.matches("#hand .card, #actions button") && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      const group = [...target.parentElement.children].filter((n) => n.matches(".card, button"));
      const i = group.indexOf(target);
      const next = group[(i + (event.key === "ArrowRight" ? 1 : group.length - 1)) % group.length];
      next.focus();
      event.preventDefault();
    }
  }
}

// ---------------------------------------------------------------------------------------

function main() {
  const match = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
  if (match) {
    const page = new TablePage(match[1]);
    // A hook for tests and for the curious: the page's own socket and what it was sent.
    window.trumpfamily = {
      page,
      send: (payload) => page.send(payload),
      act: (text) => page.act(text),
    };
    page.start();
  } else {
    lobby().catch((e) => {
      const error = $("lobby-error");
      error.textContent = `cannot reach the server: ${e.message}`;
      error.hidden = false;
    });
  }
}

main();
