// Tabletop Automa dashboard: draws the state the bridge pushes, sends the controls. No build step, no framework.
"use strict";
const token = new URLSearchParams(location.search).get("token") || "";
const SVG = "http://www.w3.org/2000/svg";
let socket = null;
let state = null;
let online = false;  // the WebSocket to the bridge is open
let pressed = 0;  // the state version a press was made at: every control waits for the bridge's next word

function el(tag, attrs = {}, text = null, ns = null) {
  const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;  // table data is always text, never HTML
  return node;
}

function connect() {
  socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
  socket.onopen = () => { online = true; };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") { state = message.state; if (state.version > pressed) pressed = 0; render(); }
    else if (message.type === "view") tableView(message.view);  // the touchable table (table.js)
    else if (message.type === "ack" && message.control === "hand") handAnswered(message.error);
    else if (message.type === "ack") {
      if (message.error) { addLocalLog("error", message.error); showWhy(message.error); }
      pressed = 0;
      if (state) render();
    }
  };
  socket.onclose = () => {
    online = false;
    pressed = 0;
    setConnection("bridge stopped · reconnecting…", "bad");
    if (state) render();
    setTimeout(connect, 1000);
  };
}

// Pause, Resume and the difficulty play no turn: they go through at any time (a Pause during a turn is the point).
const ANYTIME = new Set(["pause", "resume", "difficulty"]);

// One press, one control: the buttons are off from the click until the bridge answers (a double click sends once).
function send(control) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  if (ANYTIME.has(control.type)) { socket.send(JSON.stringify(control)); return; }
  if (pressed) return;
  pressed = state ? state.version + 1 : 1;
  showWhy("");  // a refusal answers one press: the next press gets its own answer
  socket.send(JSON.stringify(control));
  if (state) render();
}

function showWhy(text) { document.getElementById("why").textContent = text; }

// Why nothing can be pressed now, or "" when the bridge and the table both answer.
function offline() {
  if (!online) return "The bridge is not running (the page lost it), so the buttons are off. If you stopped it, start 'automa serve' again and open the address it prints (each run has its own token).";
  if (!state.connection.answering) return "The table is not answering: the buttons are off until it does (restart TTS if it stays silent).";
  return "";
}

function setConnection(text, cls) {
  const pill = document.getElementById("connection");
  pill.textContent = text;
  pill.className = `pill ${cls}`;
}

function addLocalLog(kind, text) {
  const item = el("li", { class: kind }, text);
  document.getElementById("log").prepend(item);
}

function render() {
  const c = state.connection;
  document.getElementById("title").textContent = c.sample ? `${c.title} · on the fictional SAMPLE data, not the real cards` : c.title;
  const where = c.mode === "emulator" ? "emulator" : "Tabletop Simulator";
  if (!c.answering) setConnection(`${where} · not answering (restart it if it stays silent)`, "bad");
  else setConnection(c.game_loaded ? `${where} · game loaded${c.save_path ? " · " + c.save_path : ""}`
                                   : `${where} · no game loaded`, c.game_loaded ? "ok" : "bad");
  if (!online) setConnection("bridge stopped · reconnecting…", "bad");
  renderControls(state.bot);
  document.getElementById("map-editor").hidden = !state.bot.map_editor;
  renderEnd(state.end, state.bot);
  renderPerson(state.person);
  renderTable(state.table);
  renderTurns(state.turns);
  renderLog(state.log);
  renderBanners(state.banners);
  renderCalibration(state.calibration);
}

// automa adopt's calibration: the question of the moment (answered with your hands on the table), how far it is,
// its last replies (a refusal in red), what is still unfilled; Skip and Stop.
function renderCalibration(cal) {
  const box = document.getElementById("calibration");
  box.hidden = !cal;
  document.body.classList.toggle("calibrating", !!cal);  // automa adopt: no bot plays, nothing to read yet
  if (!cal) return;
  document.getElementById("cal-progress").textContent = cal.total ? `· step ${Math.min(cal.done + 1, cal.total)} of ${cal.total}` : "";
  const bar = document.getElementById("cal-bar");
  bar.max = Math.max(cal.total, 1);
  bar.value = cal.active ? cal.done : bar.max;
  const prompt = document.getElementById("cal-prompt");
  prompt.textContent = cal.stopped ? `Stopped: ${cal.stopped}` : cal.active ? cal.prompt : "Done: the profile is written (see the terminal).";
  prompt.className = cal.stopped ? "why bad" : "why";
  for (const id of ["cal-skip", "cal-stop"]) document.getElementById(id).disabled = !cal.active || !online;
  document.getElementById("cal-said").replaceChildren(...cal.said.slice().reverse().map((s) =>
    el("li", { class: s.ok ? "ok" : "bad" }, s.text)));
  const more = cal.unfilled.length > 12 ? `, and ${cal.unfilled.length - 12} more (the terminal names them all)` : "";
  document.getElementById("cal-unfilled").textContent = cal.unfilled.length
    ? `Unfilled so far (${cal.unfilled.length}): ${cal.unfilled.slice(0, 12).join(", ")}${more}` : "Every role is filled so far.";
}

// What stays wrong until fixed (automa dev's failed rules reload), above the page until the bridge clears it.
function renderBanners(banners) {
  const box = document.getElementById("banners");
  box.replaceChildren(...Object.entries(banners || {}).map(([key, text]) =>
    el("p", { class: "banner", "data-key": key }, text)));
  box.hidden = !box.children.length;
}

// The end, as soon as the table shows it: who won, why, the score, and a new game in this same tab.
function renderEnd(end, bot) {
  const box = document.getElementById("end");
  box.hidden = !end;
  if (!end) return;
  document.getElementById("end-winner").textContent = `Game over · ${end.headline}`;  // no "winner:" on a guess
  document.getElementById("end-why").textContent = end.why;
  document.getElementById("end-score").textContent = end.score ? `Final score: ${end.score}` : "";
  const again = document.getElementById("new-game");
  again.hidden = !bot.new_game;
  again.disabled = Boolean(offline()) || bot.busy || Boolean(pressed);
}

function renderControls(bot) {
  const down = offline();
  const stopped = Boolean(down) || bot.busy || Boolean(pressed);  // nothing to press: a turn runs, or no bridge
  const turn = document.getElementById("bot-turn");
  turn.hidden = !bot.bot_turn_button;
  const refused = bot.refused[""] || "";
  turn.disabled = stopped || bot.paused || Boolean(refused);
  turn.title = refused || "The bot plays its turn: it reads the table, decides, moves its pieces and says why";
  // a bridge that stopped mid-turn never says the turn ended: its last word "busy" is no news of a turn playing
  turn.textContent = bot.busy && !down ? "Bot is playing…" : bot.paused ? "Bot paused" : "Bot turn";
  document.getElementById("status").textContent = bot.status ? `Table panel: ${bot.status}` : "";
  const check = document.getElementById("check-turn");
  check.hidden = !bot.checks_turns;
  check.disabled = stopped || Boolean(state.end);
  check.title = "Checks the turn you played by hand on the table against the rules (moves chosen on this page need no check)";
  const own = document.getElementById("game-buttons");  // the game's own buttons, as on the TTS panel
  if (own.children.length !== bot.buttons.length) {
    own.replaceChildren(...bot.buttons.map((b) => {
      const button = el("button", { type: "button", class: "game-button", "data-key": b.key }, b.label);
      button.addEventListener("click", () => send({ type: "button", key: b.key }));
      return button;
    }));
  }
  for (const button of own.children) {
    const why = bot.refused[button.dataset.key] || "";
    button.disabled = stopped || bot.paused || Boolean(why);
    button.title = why || (bot.buttons.find((b) => b.key === button.dataset.key) || {}).help || "";
  }
  document.getElementById("difficulty").disabled = Boolean(down);
  // once the game is over there is no turn to pause (a bot paused then can still be resumed)
  document.getElementById("pause").disabled = Boolean(down) || (Boolean(state.end) && !bot.paused);
  // whose turn it is, in words, and why a button is off
  const whose = document.getElementById("whose");
  if (down) whose.textContent = down;
  else if (state.end) whose.textContent = "The game is over.";
  else if (bot.busy) whose.textContent = "The bot is playing its turn…";
  else if (bot.paused) whose.textContent = "The bot is paused: press Resume bot.";
  else if (bot.bot_turn_button && refused) whose.textContent = `Your turn: ${refused.replace(/^it is your turn: /, "")}`;
  else if (bot.bot_turn_button && state.connection.mode !== "emulator") whose.textContent = "Press Bot turn when your turn on the table is done.";
  // a game that takes Bot turn while it lists your moves (51st State's Action phase): your action may be to come
  else if (bot.bot_turn_button && state.person.moves.length) whose.textContent = "Your action: make it on the table (or under Your move), then press Bot turn.";
  else if (bot.bot_turn_button) whose.textContent = "The bot's turn: press Bot turn.";
  else whose.textContent = state.table && state.table.drawing && state.table.drawing.waits ? `The bot waits for ${state.table.drawing.waits}` : "";
  whose.className = `${down ? "why bad" : "why"} bot-only`;  // (not shown while automa adopt calibrates)
  document.getElementById("pause").textContent = bot.paused ? "Resume bot" : "Pause bot";
  document.getElementById("pause").title = bot.paused ? "The bot plays again when pressed" : "The bot's buttons do nothing until you resume it";
  const select = document.getElementById("difficulty");
  if (select.options.length !== bot.difficulties.length) {
    select.replaceChildren(...bot.difficulties.map((d) => el("option", { value: d }, d)));
  }
  select.value = bot.difficulty;
}

// The person's legal moves (games that play the person's side without TTS), grouped, filterable when many.
function renderPerson(person) {
  const box = document.getElementById("person");
  box.hidden = !person.plays;
  if (!person.plays) return;
  const list = document.getElementById("person-moves");
  const filter = document.getElementById("person-filter");
  filter.hidden = person.moves.length <= 8;
  const needle = filter.hidden ? "" : filter.value.trim().toLowerCase();
  list.replaceChildren();
  if (!person.moves.length) {
    const none = state.end ? "No move: the game is over." : person.unlisted ? `No move listed: ${person.unlisted}.` : state.bot.bot_turn_button ? "No move for you now: it is the bot's turn (press Bot turn)." : "No move listed for you now.";
    list.append(el("p", { class: "muted" }, none));
    return;
  }
  const groups = new Map();
  for (const m of person.moves) {
    if (needle && !m.label.toLowerCase().includes(needle)) continue;
    if (!groups.has(m.group)) groups.set(m.group, []);
    groups.get(m.group).push(m);
  }
  for (const [group, moves] of groups) {
    const section = el("div", { class: "move-group" });
    section.append(el("div", { class: "rule" }, group));
    for (const m of moves) {
      const button = el("button", { type: "button", class: "move", "data-move": m.id }, m.label);
      button.disabled = state.bot.busy || Boolean(pressed) || Boolean(offline());
      button.addEventListener("click", () => send({ type: "person_move", id: m.id, label: m.label }));
      section.append(button);
    }
    list.append(section);
  }
}

function renderTable(table) {
  const board = document.getElementById("board");
  const problems = document.getElementById("problems");
  board.replaceChildren();
  problems.replaceChildren();
  document.getElementById("sides").replaceChildren();
  if (!table) { board.append(el("text", { x: 0, y: 0, "text-anchor": "middle", fill: "#999" }, "waiting for the table…", SVG)); return; }
  for (const p of table.problems) problems.append(el("div", {}, p));
  const drawing = table.drawing;
  if (!drawing) return;
  if (drawing.kind === "hexboard") drawHexes(board, drawing);
  else if (drawing.kind === "slots") drawSlots(board, drawing);
  else if (drawing.kind === "map") drawMap(board, drawing);
  else if (drawing.kind === "castle") drawCastle(board, drawing);
  else if (drawing.kind === "fiftyfirst") drawStates(board, drawing);
  else if (drawing.kind === "holas") drawHolas(board, drawing);
  markLast(board);
  fitBoard(board);
}

// The drawing fills the panel: the view is what was drawn, with a margin, so no label is cut at an edge and a phone
// shows the drawing as large as its width allows.
function fitBoard(board) {
  const box = board.getBBox();
  if (!box.width || !box.height) return;
  const m = 12;
  board.setAttribute("viewBox", `${box.x - m} ${box.y - m} ${box.width + 2 * m} ${box.height + 2 * m}`);
}

// The bot's last turn on the drawing: what its decisions' actions name (hexes as [q, r], castle spaces, regions,
// cards, market slots) is outlined, and the legend says so.
function markLast(board) {
  const turn = state.turns.length ? state.turns[state.turns.length - 1] : null;
  const wanted = new Set();
  for (const d of turn ? turn.decisions : []) {
    const a = d.action || {};
    for (const [k, v] of Object.entries(a)) {
      if (Array.isArray(v) && v.length === 2 && v.every(Number.isInteger)) wanted.add(`hex:${v[0]},${v[1]}`);
      else if (typeof v === "string" && ["region", "to", "at", "frm", "from", "where", "target"].includes(k)) wanted.add(`region:${v}`);
      // Wakhan's AI cards are numbered apart from the court cards: AI card 23 is not card #23 in the market
      else if (k === "card" && v !== null && v !== undefined && a.type !== "DrawAiCard") wanted.add(`card:${v}`);
      else if (k === "border" && v) wanted.add(`border:${v}`);
    }
    if (a.zone && a.space) wanted.add(`space:${a.zone}.${a.space}`);
    if (Number.isInteger(a.row) && Number.isInteger(a.column)) wanted.add(`slot:${a.row},${a.column}`);
  }
  let marked = 0;
  for (const [attr, kind] of [["hex", "hex"], ["space", "space"], ["region", "region"], ["card", "card"], ["slot", "slot"], ["border", "border"]]) {
    for (const node of document.querySelectorAll(`#board [data-${attr}], #sides [data-${attr}]`)) {
      if (wanted.has(`${kind}:${node.getAttribute(`data-${attr}`)}`)) { node.classList.add("last"); marked += 1; }
    }
  }
  document.getElementById("legend").textContent = marked ? "Outlined in yellow: what the bot's last turn touched." : "";
}

function drawCardRow(board, y, title, cards, cls) {
  board.append(el("text", { x: -380, y: y - 34, class: "onpanel start" }, title, SVG));
  if (!cards.length) board.append(el("text", { x: -380, y: y + 4, class: "onpanel start" }, "— empty", SVG));  // the Lookout empties too
  cards.forEach((c, i) => {
    const x = -340 + i * 84;
    const flags = `${c.ruins ? " ruins" : ""}${c.used ? " used" : ""}${c.protected ? " protected" : ""}`;
    board.append(el("rect", { x: x - 40, y: y - 28, width: 80, height: 56, class: `slot card ${cls}${flags}`, "data-card": c.card }, null, SVG));
    wrap(c.name.replace("SAMPLE ", ""), 12).slice(0, 3).forEach((part, j) => board.append(el("text", { x, y: y - 10 + 13 * j, class: "cardname" }, part, SVG)));
    if (flags) board.append(el("text", { x, y: y + 24, class: "cardname" }, flags.trim(), SVG));
  });
}

function drawStates(board, d) {
  const phase = { lookout: "the Lookout phase", action: "the Action phase", over: "the game is over" }[d.phase] || d.phase;
  drawCardRow(board, -300, `Lookout · now: ${phase}`, d.lookout, "lookout");
  drawCardRow(board, -190, "The bot's State", d.bot, "bot");
  drawCardRow(board, -80, "Attack pile", d.attack, "attack");
  drawCardRow(board, 30, "Your State", d.person, "person");
  const conn = Object.entries(d.connections).filter(([, up]) => up).map(([p]) => p).join(", ") || "none";
  const left = Object.entries(d.connections_left || {}).map(([p, n]) => `${p} ${n}`).join(", ");
  board.append(el("text", { x: -380, y: 100, class: "onpanel start" }, `Connection cards face up: ${conn} (left face down: ${left}) · deck ${d.deck} · discard ${d.discard}`, SVG));
  const sides = document.getElementById("sides");
  const you = el("div", { class: "side yours" });
  you.append(el("h3", {}, `You: ${d.scores.you} points${d.passed.you ? " · passed" : ""}`));
  if (d.round !== undefined) you.append(line("Round", `${d.round} · the game ends once a score reaches 25 and that round's actions are done`));
  if (d.workers !== undefined) you.append(line("Your workers on your faction board", `${d.workers}${d.sent ? ` (${d.sent} on the bot's open productions)` : ""}`));
  you.append(line("Your State", d.person.length ? d.person.map((c) => `${c.name}${c.ruins ? " (ruins)" : ""}${c.used ? " (used)" : ""}`).join(", ") : "no location yet"));
  you.append(line("Your cards in hand", d.hand.length ? d.hand.map((c) => c.replace("SAMPLE ", "")).join(", ") : "none"));
  sides.append(you);
  const bot = el("div", { class: "side" });
  bot.append(el("h3", {}, `The bot: ${d.scores.bot} points${d.passed.bot ? " · passed" : ""}`));
  bot.append(line("Its State", d.bot.map((c) => c.name.replace("SAMPLE ", "")).join(", ") || "no location yet"));
  if (d.attacks !== undefined) bot.append(el("div", {}, `the bot's attacks this round: ${d.attacks} of 3`));  // main's marker
  sides.append(bot);
}

const DIE_FILL = { red: "#c0392b", black: "#222", white: "#f4f4f4" };
function drawDie(board, x, y, colour, value) {
  board.append(el("rect", { x: x - 16, y: y - 16, width: 32, height: 32, rx: 5, class: `die ${colour}`,
    fill: DIE_FILL[colour], stroke: "#555" }, null, SVG));
  board.append(el("text", { x, y: y + 6, class: "dievalue", fill: colour === "white" ? "#111" : "#fff" }, String(value), SVG));
}

function drawCastle(board, d) {
  ["red", "black", "white"].forEach((colour, b) => {
    const x0 = -260 + b * 190;
    board.append(el("text", { x: x0 + 40, y: 250, class: "onpanel" }, `${colour} bridge (low → high)`, SVG));
    d.bridges[colour].forEach((v, i) => drawDie(board, x0 + i * 40, 220, colour, v));
  });
  const rows = { second_floor: -230, first_floor: -110, outside_walls: 20 };
  for (const [zone, y] of Object.entries(rows)) {
    const spaces = d.spaces[zone];
    spaces.forEach((sp, i) => {
      const x = (i - (spaces.length - 1) / 2) * (zone === "outside_walls" ? 260 : 170);
      board.append(el("rect", { x: x - 70, y: y - 40, width: 140, height: 90, class: "slot", "data-space": `${zone}.${i + 1}` }, null, SVG));
      board.append(el("text", { x, y: y - 48, class: "onpanel" }, sp.name, SVG));
      sp.tiles.forEach((t, j) => board.append(el("circle", { cx: x + (j - (sp.tiles.length - 1) / 2) * 28, cy: y + 28, r: 10,
        fill: DIE_FILL[t], stroke: "#555" }, null, SVG)));
      if (sp.die) drawDie(board, x, y - 6, sp.die[0], sp.die[1]);
    });
  }
  board.append(el("text", { x: 0, y: 105, class: "onpanel" }, `the Well: ${d.well.map((w) => `${w[0]} ${w[1]}`).join(", ") || "—"}`, SVG));
  const sides = document.getElementById("sides");
  const you = el("div", { class: "side yours" });
  you.append(el("h3", {}, "You"));
  you.append(line("Round", `${d.round} · ${state.end ? "the game is over" : d.to_move === "bot" ? "the bot to move" : "you to move"}`));
  you.append(line("Your dice (in your domain)", d.person.dice.map((x) => `${x[0]} ${x[1]}`).join(", ") || "none yet"));
  you.append(line("Your Influence", String(d.person.influence)));
  const places = { gate: "Castle Gate", first_floor: "First Floor", second_floor: "Second Floor", daimyo: "Daimyo" };
  const courtiers = (c) => fmt(Object.fromEntries(Object.entries(c).map(([k, v]) => [places[k] || k, v])));
  you.append(line("Your clan points", String(d.person.clan_points)));
  you.append(line("Your coins, seals and resources", fmt(d.person.tracks)));
  you.append(line("Your courtiers", courtiers(d.person.courtiers)));
  sides.append(you);
  const b = d.bot;
  const box = el("div", { class: "side" });
  box.append(el("h3", {}, `The bot: ${b.clan_points} clan points · Influence ${b.influence} · ${b.coins} coins`));
  box.append(line("Courtiers", courtiers(b.courtiers)));
  box.append(line("Its deck", `${b.deck} · discard ${b.discard}`));
  sides.append(box);
}

const UNIT = 25;  // px per board unit for "map" drawings (x right, z up)
function mapPoint(p) { return [p[0] * UNIT, -p[1] * UNIT - 90]; }

function drawMap(board, d) {
  for (const b of d.borders) {
    const [x1, y1] = mapPoint(b.from), [x2, y2] = mapPoint(b.to);
    board.append(el("line", { x1, y1, x2, y2, class: "border", "data-border": b.id }, null, SVG));
    if (b.roads) board.append(el("text", { x: (x1 + x2) / 2, y: (y1 + y2) / 2, class: "roads" }, b.roads, SVG));
  }
  for (const r of d.regions) {
    const [x, y] = mapPoint(r.at);
    const g = el("g", { class: "region disc", "data-region": r.id }, null, SVG);
    g.append(el("circle", { cx: x, cy: y, r: 58, class: r.ruler ? "ruled" : "", "data-region": r.id }, null, SVG));
    g.append(el("text", { x, y: y - 26, class: "hexlabel" }, r.name, SVG));
    r.lines.forEach((line, i) => g.append(el("text", { x, y: y - 4 + 14 * i, class: "pieces" }, line, SVG)));
    board.append(g);
  }
  // the market: each column's cost above it, each card's whole name on two lines, its rupees on it
  const columns = d.market[0].length;
  const costs = d.costs || [...Array(columns).keys()];  // doubled while military is favored
  for (let c = 0; c < columns; c += 1) {
    board.append(el("text", { x: -240 + c * 96, y: -380, class: "cost" }, costs[c] ? `costs ${costs[c]}` : "free", SVG));
  }
  // cards 80 high: an event's name takes five lines ("Confidence Failure / Other Persuasive Methods")
  d.market.forEach((row, ri) => row.forEach((slot, c) => {
    const x = -240 + c * 96, y = -370 + ri * 86;
    board.append(el("rect", { x: x - 46, y, width: 92, height: 80, class: "slot", "data-slot": `${ri},${c}`, ...(slot ? { "data-card": slot.card } : {}) }, null, SVG));
    if (!slot) return;
    wrap(slot.name, 12).forEach((part, i) => board.append(el("text", { x, y: y + 15 + 12 * i, class: "cardname" }, part, SVG)));
    const rupees = slot.rupees === 1 ? "1 rupee on it" : `${slot.rupees} rupees on it`;
    board.append(el("text", { x, y: y + 76, class: "cardname" }, slot.rupees ? rupees : "", SVG));
  }));
  board.append(el("text", { x: 0, y: -402, class: "cost" }, `favored suit: ${d.favored}`, SVG));  // above, not over a card
  const sides = document.getElementById("sides");
  const market = el("div", { class: "side market" });
  market.append(el("h3", {}, `The market (cost: its column${d.favored === "military" ? ", doubled while military is favored" : ""})`));
  const list = el("ul", {});
  d.market.forEach((row, ri) => row.forEach((slot, c) => {
    if (slot) list.append(el("li", { "data-card": slot.card }, `${ri ? "bottom" : "top"} row, column ${c + 1} · costs ${slot.cost}${slot.rupees ? ` · ${slot.rupees} rupee(s) on it` : ""}: ${slot.about}`));
  }));
  market.append(list);
  for (const s of [...d.seats].sort((a, b) => Number(b.person) - Number(a.person))) {
    const box = el("div", { class: `side ${s.person ? "yours" : "theirs"}`, "data-seat": s.name });
    box.append(el("h3", {}, `${s.person ? `You (${s.name})` : s.name}: ${s.vp} VP · ${s.rupees} rupees · ${s.loyalty || "no"} loyalty`));
    const court = el("div", {});
    court.append(el("b", {}, s.person ? "Your court: " : "Court: "));
    if (!s.court.length) court.append(document.createTextNode("—"));
    s.court.forEach((c, i) => {
      court.append(el("span", { "data-card": c.card }, `${c.name}${c.spies.length ? ` (spies: ${c.spies.join(", ")})` : ""}`));
      if (i < s.court.length - 1) court.append(document.createTextNode(", "));
    });
    box.append(court);
    if (s.person) {
      box.append(line("Your hand", s.hand.length ? "" : "empty", "hand"));
      const hand = el("ul", { class: "cards" });
      for (const c of s.hand) hand.append(el("li", {}, c));
      box.append(hand);
    } else box.append(line("Hand", `${s.hand_count} card(s)`));
    box.append(line("Prizes", s.prizes.join(", ") || "—"));
    box.append(line("Gifts", s.gifts.length ? s.gifts.map((g) => `the ${g}-rupee gift`).join(", ") : "—"));
    box.append(line("Cylinders left", String(s.cylinders)));
    sides.append(box);
  }
  if (d.ai) sides.append(el("div", { class: "side" }, `Wakhan's AI card: ${d.ai.face ?? "none yet"} · ${d.ai.deck} in her AI deck`));
  // the map in words too: on a phone the drawing is small, and a list never overlaps
  const map = el("div", { class: "side market" });
  map.append(el("h3", {}, `The map · favored suit: ${d.favored}`));
  const regions = el("ul", {});
  for (const r of d.regions) regions.append(el("li", { "data-region": r.id }, `${r.name}: ${r.lines.join(" · ") || "empty"}`));
  for (const b of d.borders) if (b.roads) regions.append(el("li", {}, `roads on the border ${b.name || b.id}: ${b.roads}`));
  map.append(regions);
  sides.append(map);
  sides.append(market);
}

// A name on lines of at most ``width`` characters, broken at spaces (never cut).
function wrap(text, width) {
  const lines = [];
  for (const word of text.split(" ")) {
    if (lines.length && (lines[lines.length - 1] + " " + word).length <= width) lines[lines.length - 1] += " " + word;
    else lines.push(word);
  }
  return lines;
}

const HEX = 52;
function hexCentre(q, r) { return [HEX * Math.sqrt(3) * (q + r / 2), HEX * 1.5 * r]; }

function drawHexes(board, d) {
  for (const h of d.hexes) {
    const [x, y] = hexCentre(h.q, h.r);
    const points = [...Array(6).keys()].map((i) => {
      const a = Math.PI / 180 * (60 * i - 30);
      return `${x + HEX * 0.97 * Math.cos(a)},${y + HEX * 0.97 * Math.sin(a)}`;
    }).join(" ");
    const cls = h.control ? `hex ctl-${h.control}` : (h.location ? "hex loc" : "hex plain");
    board.append(el("polygon", { points, class: cls, "data-hex": `${h.q},${h.r}` }, null, SVG));
    // every hex named as the move list and the bot's reasons name it: a location's id, else "(q,r)"
    board.append(el("text", { x, y: y - 30, class: h.location ? "hexname loc" : "hexname" }, h.name, SVG));
  }
  for (const u of d.units) {
    const [x, y] = hexCentre(u.q, u.r);
    const g = el("g", { class: `unit ${u.side}`, "data-unit": u.unit }, null, SVG);
    g.append(el("circle", { cx: x, cy: y + 10, r: 25 }, null, SVG));  // below the hex's name, never over it
    const words = u.unit.length > 8 ? u.unit.split(" ") : [u.unit];  // "Light Cavalry" on two lines, whole
    words.forEach((w, i) => g.append(el("text", { x, y: y + 10 + (i - (words.length - 1) / 2) * 11, class: words.length > 1 || w.length > 8 ? "unitname small" : "unitname" }, w, SVG)));
    if (u.coins > 1) g.append(el("text", { x: x + 36, y: y - 10, class: "unitcount" }, `×${u.coins}`, SVG));  // beside the disc, on the hex
    const owner = d.sides.find((s) => s.name === u.side);
    const card = owner.units.find((x) => x.unit === u.unit);
    g.append(el("title", {}, `${u.unit} (${owner.role === "you" ? "yours" : "the AI's"}), ${u.coins} coin(s)${card ? `: ${card.ability}` : ""}`, SVG));
    board.append(g);
  }
  const sides = document.getElementById("sides");
  for (const s of [...d.sides].sort((a, b) => (a.role === "you" ? -1 : 1))) {
    const yours = s.role === "you";
    const box = el("div", { class: `side ${yours ? "yours" : "theirs"}`, "data-side": s.role });
    box.append(el("h3", {}, yours ? `You (side ${s.name})` : `The AI (side ${s.name})`));
    if (yours) box.append(line("Your hand", s.hand.length ? s.hand.join(", ") : state.end ? "empty" : "empty (draw 3 coins on your turn)", "hand"));
    box.append(line(yours ? "Your bag" : "Its bag", yours ? `${s.bag_count} coin(s): ${fmt(s.bag)}` : `${s.bag_count} coin(s), hidden`));
    box.append(line("Discard, face up", fmt(s.discard_up)));
    box.append(line("Discard, face down", yours ? fmt(s.discard_down) : `${s.discard_down_count}`));
    box.append(line("Supply", fmt(s.supply)));
    box.append(line("Removed from play", fmt(s.eliminated)));
    box.append(line("Control markers", `${s.markers_off} left to place · controls ${s.controlled.join(", ") || "—"}`));
    // the units on the board in words too: on a phone a disc's name is small
    const names = new Map(d.hexes.map((h) => [`${h.q},${h.r}`, h.name]));
    const placed = d.units.filter((u) => u.side === s.name).map((u) => `${u.unit} on ${names.get(`${u.q},${u.r}`)}${u.coins > 1 ? ` (${u.coins} coins)` : ""}`);
    box.append(line("On the board", placed.join(", ") || "—"));
    const units = el("dl", { class: "units" });
    for (const u of s.units) { units.append(el("dt", {}, u.unit)); units.append(el("dd", {}, u.ability)); }
    if (yours) { units.append(el("dt", {}, d.royal.unit)); units.append(el("dd", {}, d.royal.ability)); }
    box.append(units);
    sides.append(box);
  }
}

function line(label, text, cls = "") {
  const row = el("div", cls ? { class: cls } : {});
  row.append(el("b", {}, `${label}: `));
  row.append(document.createTextNode(text));
  return row;
}

function fmt(counts) {
  const parts = Object.entries(counts).map(([k, v]) => `${k} ${v}`);
  return parts.length ? parts.join(", ") : "—";
}

function drawSlots(board, d) {
  const n = d.slots.length;
  d.slots.forEach((owner, i) => {
    const x = (i - (n - 1) / 2) * 100;
    board.append(el("rect", { x: x - 40, y: -40, width: 80, height: 80, class: "slot" }, null, SVG));
    board.append(el("text", { x, y: 65, class: "onpanel" }, `slot ${i + 1}`, SVG));
    if (owner) board.append(el("circle", { cx: x, cy: 0, r: 28, class: `token ${owner}`, "data-owner": owner }, null, SVG));
  });
  board.append(el("text", { x: 0, y: 130, class: "onpanel" }, `bot bag: ${d.bag} token(s)`, SVG));
}

// Heroes of Land, Air & Sea: the owner's map (outlines in map units, north up), both sides' pieces per region as
// read, and the bot's board beside it.
function drawHolas(board, d) {
  const xs = d.regions.flatMap((r) => r.polygon.map((p) => p[0])), zs = d.regions.flatMap((r) => r.polygon.map((p) => p[1]));
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  const k = Math.min(800 / (x1 - x0 || 1), 600 / (z1 - z0 || 1));
  const at = (p) => [(p[0] - (x0 + x1) / 2) * k, -(p[1] - (z0 + z1) / 2) * k - 60];
  for (const r of d.regions) {
    const g = el("g", { class: `region ${r.kind}`, "data-region": r.id }, null, SVG);
    g.append(el("polygon", { points: r.polygon.map((p) => at(p).join(",")).join(" "), class: `area ${r.kind} ${r.terrain}` }, null, SVG));
    const [x, y] = at(r.center);
    g.append(el("text", { x, y: y - 30, class: "hexlabel" }, `${r.id}${r.token ? " ◆" : ""}`, SVG));
    // each line a line of its own font below the name: a phone draws them larger, and they ran into each other
    r.lines.forEach((line, i) => g.append(el("text", { x, y: y - 30, dy: `${1.25 * (i + 1)}em`, class: "pieces" }, line, SVG)));
    board.append(g);
  }
  board.append(el("text", { x: 0, y: 330, class: "onpanel" }, `round ${d.round}${d.final_round ? ` · the last round: ${d.final_round}` : ""} · your tactic: ${d.tactic}`, SVG));
  board.append(el("text", { x: 0, y: 355, class: "onpanel", "data-waits": "" }, `the bot waits for ${d.waits}`, SVG));
  const b = d.bot, sides = document.getElementById("sides");
  const you = el("div", { class: "side yours" });
  const p = d.person, supply = Object.entries(p.supply).map(([kind, n]) => `${kind.replace("_", " ")} ${n}`);
  you.append(el("h3", {}, `You: ${p.pts} pts`));
  you.append(line("Your resources (your tracks)", `ore ${p.resources.ore} · mana ${p.resources.mana} · food ${p.resources.food}`));
  you.append(line("Your army (as the bot reads it)", p.army.join(" · ") || "no minis on the map yet"));
  you.append(line("Your Capital City", p.capital || "not on the map"));
  you.append(line("Your supply", `${supply.join(" · ") || "empty"} · Exploration Tokens ${p.tokens}`));
  you.append(line("Your Sea Vessel", p.sea || "not at sea"));
  you.append(line("Your tactic's strength", String(d.tactic)));
  sides.append(you);
  const box = el("div", { class: "side", "data-seat": "bot" });
  box.append(el("h3", {}, `the Enemy: ${b.pts} pts${d.sample ? " · SAMPLE DATA" : ""}`));
  box.append(line("Its resources", `ore ${b.resources.ore} · mana ${b.resources.mana} · food ${b.resources.food}`));
  const slots = el("div", {});
  slots.append(el("b", {}, "Hero Slots: "));
  b.slots.forEach((text, i) => {
    slots.append(el("span", b.slot_cards[i] ? { "data-card": b.slot_cards[i] } : {}, text));
    if (i < b.slots.length - 1) slots.append(document.createTextNode(" | "));
  });
  box.append(slots);
  box.append(line("Tracks", `CC Track space ${b.cc_space} · Tax Track: ore ${b.tax.ore}, mana ${b.tax.mana}, food ${b.tax.food}`));
  box.append(line("Its cards", `deck ${b.deck} · discard ${b.discard} · tokens ${b.tokens} · Courtyard: ${b.courtyard.join(", ") || "—"}`));
  sides.append(box);
}

// What the person opened or folded in the list of turns stays so when the page is drawn again (each state push
// redraws it): key (a turn's number, or its decision's) -> open.
const folds = new Map();
function foldable(key, open, summary, attrs = {}) {
  const fold = el("details", attrs);
  fold.open = folds.has(key) ? folds.get(key) : open;
  const head = el("summary", {}, summary);
  head.addEventListener("click", () => folds.set(key, !fold.open));  // the person's choice (a click or Enter)
  fold.append(head);
  return fold;
}

// A turn's headline: its first decisions in order (a War Chest turn's coin, then what it did with it), the rest
// counted; the first alone read "Reveals a ... coin." for every War Chest turn.
function turnSummary(turn) {
  if (!turn.decisions.length) return turn.ok ? "nothing to do" : "the table could not be read";
  const shown = turn.decisions.slice(0, 3).map((d) => d.reason).join(" · ");
  const more = turn.decisions.length - 3;
  return more > 0 ? `${shown} · and ${more} more` : shown;
}

// Every bot turn of the game, the newest first and open, the earlier ones folded: a turn never hides another.
function renderTurns(turns) {
  const list = document.getElementById("turn");
  list.replaceChildren();
  if (!turns.length) { folds.clear(); list.append(el("li", { class: "muted" }, "no turn yet")); document.getElementById("turn-seed").textContent = ""; return; }
  const newest = turns[turns.length - 1];
  turns.slice().reverse().forEach((turn, i) => {
    const item = el("li", { class: "turn", "data-turn": turn.number });
    const fold = foldable(`${turn.number}`, i === 0, `Bot turn ${turn.number}${i === 0 ? " (the last)" : ""}: ${turnSummary(turn)}`);
    const steps = el("ol", {});
    renderTurn(steps, turn);
    fold.append(steps);
    item.append(fold);
    list.append(item);
  });
  document.getElementById("turn-seed").textContent = `seed ${newest.seed} · ${newest.difficulty}`;
}

function renderTurn(list, turn) {
  if (!turn.ok) for (const p of turn.problems) list.append(el("li", { class: "error" }, `cannot read the table: ${p}`));
  turn.decisions.forEach((d, n) => {
    const item = el("li", { class: "decision" });
    item.append(el("div", {}, d.reason));
    item.append(el("div", { class: "rule" }, d.rule));
    if (d.commands.length) {  // folded: the moves on the table are detail
      const fold = foldable(`${turn.number}.${n}`, false, `${d.commands.length} move(s) on the table`, { class: "cmds" });
      fold.append(el("div", {}, d.commands.map((c) => c.op).join(" · ")));
      item.append(fold);
    }
    list.append(item);
  });
  if (turn.stopped) list.append(el("li", { class: "error" }, `stopped: ${turn.stopped.reason}`));
}

function renderLog(entries) {
  const list = document.getElementById("log");
  list.replaceChildren(...entries.slice().reverse().map((e) => el("li", { class: e.kind }, `${e.time} ${e.text}`)));
}

document.getElementById("bot-turn").addEventListener("click", () => send({ type: "bot_turn" }));
document.getElementById("check-turn").addEventListener("click", () => send({ type: "check_turn" }));
document.getElementById("new-game").addEventListener("click", () => send({ type: "new_game" }));
document.getElementById("cal-skip").addEventListener("click", () => send({ type: "calibrate", word: "skip" }));
document.getElementById("cal-stop").addEventListener("click", () => send({ type: "calibrate", word: "stop" }));
document.getElementById("person-filter").addEventListener("input", () => { if (state) renderPerson(state.person); });
document.getElementById("pause").addEventListener("click", () => send({ type: state && state.bot.paused ? "resume" : "pause" }));
document.getElementById("difficulty").addEventListener("change", (e) => {
  // after the bot's first turn a new difficulty changes a game under way (War Chest's Royal Coins come at the start)
  if (state && state.last_turn && !confirm(`Change the difficulty to ${e.target.value} in the middle of the game?`)) {
    e.target.value = state.bot.difficulty;
    return;
  }
  send({ type: "difficulty", value: e.target.value });
});
connect();
window.addEventListener("resize", () => fitBoard(document.getElementById("board")));  // a phone's fonts are larger
