// The emulated table seen from above, and the person's hands on it (drag, F, Q/E, click for more). Plain JS + SVG.
// Table units are SVG units: x to the right, the table's z up the screen (y = -z). Each object is one <g> keyed by
// its GUID; a new view updates the groups that changed and nothing else.
"use strict";
const ROTATE_STEP = 15;  // degrees per Q or E (*chosen*: TTS's rotation step is a setting)
const MIN_LABEL_PX = 11;  // no text a player must read is drawn smaller on screen
const LABEL_FROM_PX = 36;  // a piece narrower than this on screen shows its name on hover only (the line above)
// A piece (a coin, a cube, a card seen from afar) is never drawn smaller than this on screen: it grows about its own
// centre, which stays where the table holds it (*chosen*: about a fingertip; War Chest's coins are 10 px at the
// whole-table zoom of a 1280 px page). Boards, zones and hands keep their size: they are the table itself.
const MIN_PIECE_PX = 18;
// The part of a piece the pointer takes: its footprint, at least this wide (*chosen*: under the drawn least, so a
// grown piece leaves its neighbours' handles free and a tiny one can still be taken).
const MIN_HANDLE_PX = 13;
const FIXED_SIZE = ["floor", "board", "zone", "hand"];
const touch = {
  view: null, shown: new Map(), order: "", box: null, fitted: false, hover: null, chosen: null,
  drag: null, pan: null, pointers: new Map(), pinch: null,
};

function tableSvg() { return document.getElementById("table"); }

// The page's hand control: straight to the bridge (it refuses during a bot turn and says why), not through send(),
// whose one-press lock is for the bot's buttons.
function sendHand(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN) { handSaid("The bridge is not running: nothing can move."); return; }
  handSaid("");
  socket.send(JSON.stringify({ type: "hand", action }));
}

function handSaid(text) { document.getElementById("touch-why").textContent = text; }

// A new view from the bridge: every object's group made or updated, the gone ones removed, the hand strip redrawn.
function tableView(view) {
  touch.view = view;
  document.getElementById("touch").hidden = false;
  const layers = { floor: "t-floor", board: "t-boards", zone: "t-zones", hand: "t-zones" };
  const seen = new Set();
  const order = [];
  for (const o of view.objects) {
    seen.add(o.guid);
    order.push(o.guid);
    const layer = document.getElementById(layers[o.kind] || "t-pieces");
    let item = touch.shown.get(o.guid);
    const look = JSON.stringify([o.kind, o.name, o.w, o.d, o.image, o.tint, o.hidden, o.count, o.value, o.locked, o.round, o.top]);
    if (!item) {
      item = { g: el("g", { class: `obj ${o.kind}`, "data-guid": o.guid }, null, SVG), look: "" };
      touch.shown.set(o.guid, item);
      layer.append(item.g);
    }
    if (item.look !== look) { item.g.replaceChildren(...drawParts(o)); item.look = look; }
    if (!touch.drag || touch.drag.guid !== o.guid) place(item.g, o.x, o.z, o.rot);
    item.data = o;
    item.g.classList.toggle("locked", o.locked);
    item.g.classList.toggle("chosen", touch.chosen === o.guid);
  }
  for (const [guid, item] of touch.shown) if (!seen.has(guid)) { item.g.remove(); touch.shown.delete(guid); }
  if (order.join() !== touch.order) {  // stacking changed: groups re-appended bottom first (they are moved, not made)
    for (const guid of order) { const item = touch.shown.get(guid); item.g.parentNode.append(item.g); }
    touch.order = order.join();
  }
  drawZonesAndSnaps(view);
  drawHandStrip(view);
  if (!touch.fitted) { fitTable(); touch.fitted = true; }
  sizeLabels();
  if (touch.chosen) showMenu(touch.chosen);
}

function place(g, x, z, rot) { g.setAttribute("transform", `translate(${x} ${-z}) rotate(${rot || 0})`); }

function drawParts(o) {
  const w = Math.max(o.w, 0.2), d = Math.max(o.d, 0.2);
  const parts = [];
  if (o.kind === "zone") {
    parts.push(el("rect", { x: -w / 2, y: -d / 2, width: w, height: d, class: "zone-box" }, null, SVG));
    parts.push(el("text", { x: -w / 2 + 0.15, y: -d / 2, class: "tl zone-name start", "data-w": w }, o.name, SVG));
    return parts;
  }
  const framed = o.image && o.image.sheet;  // a card drawn in its own proportions: the footprint's box stays clear
  const shape = o.round
    ? el("ellipse", { rx: w / 2, ry: d / 2, fill: o.tint, class: "body" }, null, SVG)
    : el("rect", { x: -w / 2, y: -d / 2, width: w, height: d, rx: Math.min(w, d) * 0.06, fill: o.tint, class: "body" }, null, SVG);
  if (framed) shape.classList.add("clear");
  const drawn = [shape];
  if (o.image) drawn.push(picture(o.image, w, d, o.round));
  if (FIXED_SIZE.includes(o.kind)) parts.push(...drawn);
  else {  // drawn grown as need be, caught by the pointer at its own size: a grown piece hides no neighbour's handle
    const body = el("g", { class: "grow", "data-least": Math.min(w, d) }, null, SVG);
    body.append(...drawn);
    parts.push(body, o.round
      ? el("ellipse", { rx: w / 2, ry: d / 2, class: "hit" }, null, SVG)
      : el("rect", { x: -w / 2, y: -d / 2, width: w, height: d, class: "hit" }, null, SVG));
  }
  if (o.hidden) parts.push(el("title", {}, "hidden: in another player's hand", SVG));
  else parts.push(el("title", {}, pieceWords(o), SVG));
  const ink = dark(o.tint) ? " on-dark" : "";  // light words on a dark piece, dark on a light one (4.5:1 at least)
  if (o.value !== undefined && o.value !== null) {  // a die's face: always read, at 11 px at least
    parts.push(el("text", { x: 0, y: 0, class: `tl value${ink}` }, String(o.value), SVG));
  } else if (!o.image && !o.hidden && o.kind !== "floor" && o.name) {
    parts.push(el("text", { x: 0, y: 0, class: `tl name${ink}`, "data-w": w }, o.name, SVG));
  }
  if (o.count !== undefined) {
    parts.push(el("text", { x: w / 2, y: -d / 2, class: "tl count" }, String(o.count), SVG));
  }
  return parts;
}

// Whether a tint ("#rrggbb") is dark: its relative luminance (WCAG 2) under the point where white and near-black
// words on it read equally well.
function dark(tint) {
  const channel = (i) => { const v = parseInt(tint.slice(i, i + 2), 16) / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return lum < 0.18;
}

// An image the size of the object; a card's cell of its sheet through a nested viewport one cell large.
function picture(image, w, d, round) {
  const href = `${image.url}?token=${encodeURIComponent(token)}`;
  if (!image.cell) {
    return el("image", { href, x: -w / 2, y: -d / 2, width: w, height: d, preserveAspectRatio: round ? "xMidYMid slice" : "none" }, null, SVG);
  }
  const [col, row, cols, rows] = image.cell;
  if (!image.sheet) {  // the sheet's size unknown: the cell stretched over the footprint
    const frame = el("svg", { x: -w / 2, y: -d / 2, width: w, height: d, viewBox: `${col} ${row} 1 1`, preserveAspectRatio: "none" }, null, SVG);
    frame.append(el("image", { href, x: 0, y: 0, width: cols, height: rows, preserveAspectRatio: "none" }, null, SVG));
    return frame;
  }
  // the cell in its own proportions, as large as the footprint allows: an outer viewport that fits the cell, an
  // inner one exactly the cell (it clips the sheet's other cards away)
  const [sw, sh] = image.sheet, cw = sw / cols, ch = sh / rows;
  const frame = el("svg", { x: -w / 2, y: -d / 2, width: w, height: d, viewBox: `0 0 ${cw} ${ch}`, preserveAspectRatio: "xMidYMid meet" }, null, SVG);
  const cell = el("svg", { x: 0, y: 0, width: cw, height: ch }, null, SVG);
  cell.append(el("image", { href, x: -col * cw, y: -row * ch, width: sw, height: sh, preserveAspectRatio: "none" }, null, SVG));
  frame.append(cell);
  return frame;
}

function pieceWords(o) {
  const bits = [o.name || (o.face_down ? "face down" : o.type)];
  if (o.count !== undefined) bits.push(`${o.count} inside`);
  if (o.top) bits.push(`on top: ${o.top.name}`);
  if (o.locked) bits.push("locked");
  if (o.held_by) bits.push(`held by ${o.held_by}`);
  return bits.join(" · ");
}

// Hand zones and snap points change rarely: drawn again only when they did.
function drawZonesAndSnaps(view) {
  redrawIfChanged(document.getElementById("t-hands"), view.hands, (h) => {
    const g = el("g", { class: `handzone${h.own ? " own" : ""}`, transform: `translate(${h.x} ${-h.z}) rotate(${h.rot})` }, null, SVG);
    g.append(el("rect", { x: -h.w / 2, y: -h.d / 2, width: h.w, height: h.d }, null, SVG));
    g.append(el("text", { x: -h.w / 2 + 0.15, y: -h.d / 2 + 0.1, class: "tl zone-name start", "data-w": h.w }, h.own ? "Your hand" : `${h.color}'s hand (hidden)`, SVG));
    return g;
  });
  redrawIfChanged(document.getElementById("t-snaps"), view.snaps, (p) => el("circle", { cx: p.x, cy: -p.z, r: 0.12, class: "snap" }, null, SVG));
}

function redrawIfChanged(layer, items, draw) {
  const key = JSON.stringify(items);
  if (layer.dataset.key === key) return;
  layer.dataset.key = key;
  layer.replaceChildren(...items.map(draw));
}

// The person's own hand, face up to them, in words and pictures large enough to read on a phone.
function drawHandStrip(view) {
  const strip = document.getElementById("hand-strip");
  const key = JSON.stringify(view.hand.map((o) => [o.guid, o.name, o.image]));
  if (strip.dataset.key === key) return;
  strip.dataset.key = key;
  if (!view.hand.length) { strip.replaceChildren(el("p", { class: "muted" }, "Your hand is empty.")); return; }
  strip.replaceChildren(...view.hand.map((o) => {
    const item = el("button", { type: "button", class: "hand-card", "data-guid": o.guid, title: pieceWords(o) });
    if (o.image) {
      const pic = el("span", { class: "hand-pic" });
      pic.style.backgroundImage = `url("${o.image.url}?token=${encodeURIComponent(token)}")`;
      if (o.image.cell) {
        const [col, row, cols, rows] = o.image.cell;
        pic.style.backgroundSize = `${cols * 100}% ${rows * 100}%`;
        if (o.image.sheet) pic.style.aspectRatio = `${o.image.sheet[0] / cols} / ${o.image.sheet[1] / rows}`;
        pic.style.backgroundPosition = `${cols > 1 ? (col / (cols - 1)) * 100 : 0}% ${rows > 1 ? (row / (rows - 1)) * 100 : 0}%`;
      }
      item.append(pic);
    }
    item.append(el("span", {}, o.name || o.type));
    item.addEventListener("click", () => choose(o.guid));
    return item;
  }));
}

// --- zoom and pan: the viewBox is the window on the table ------------------------------------------------------

function tableArea() {
  const a = touch.view.area;
  let [x0, z0, x1, z1] = [a.x0, a.z0, a.x1, a.z1];
  for (const h of touch.view.hands) {
    x0 = Math.min(x0, h.x - h.w / 2); x1 = Math.max(x1, h.x + h.w / 2);
    z0 = Math.min(z0, h.z - h.d / 2); z1 = Math.max(z1, h.z + h.d / 2);
  }
  return { x: x0, y: -z1, w: x1 - x0, h: z1 - z0 };
}

// The whole table in view, the element as tall as the table's shape needs (40-70% of the window: on a phone a
// wide table still leaves room to zoom into).
function fitTable() {
  if (!touch.view) return;
  touch.box = tableArea();
  const svg = tableSvg();
  svg.style.height = `clamp(40vh, ${Math.round(svg.getBoundingClientRect().width * touch.box.h / touch.box.w)}px, 70vh)`;
  applyBox();
}

function applyBox() {
  const b = touch.box;
  tableSvg().setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
  sizeLabels();
}

function zoom(factor, cx, cy) {
  const b = touch.box;
  if (!b) return;
  const w = Math.min(Math.max(b.w / factor, 2), 400), h = b.h * (w / b.w);
  const px = cx === undefined ? b.x + b.w / 2 : cx, py = cy === undefined ? b.y + b.h / 2 : cy;
  touch.box = { x: px - (px - b.x) * (w / b.w), y: py - (py - b.y) * (h / b.h), w, h };
  applyBox();
}

// Table units per screen pixel, from how the viewBox fits the element (xMidYMid meet: the tighter side).
function unitsPerPixel() {
  const svg = tableSvg(), r = svg.getBoundingClientRect(), b = touch.box;
  if (!b || !r.width || !r.height) return 0.05;
  return Math.max(b.w / r.width, b.h / r.height);
}

// Names at least MIN_LABEL_PX on screen at every zoom; a name wider than its piece or zone waits for a closer zoom
// (the line above the table names what is under the pointer meanwhile).
function sizeLabels() {
  const upp = unitsPerPixel();
  const svg = tableSvg();
  const label = Math.max(MIN_LABEL_PX * 1.03 * upp, 0.32);  // 3% over: the screen scale is rounded
  svg.style.setProperty("--label", String(label));
  svg.style.setProperty("--line", String(upp * 1.5));
  const letter = 0.6 * label / upp;  // a letter's width on screen, in px, roughly
  for (const text of svg.querySelectorAll("text.tl[data-w]")) {
    const room = Number(text.dataset.w) / upp;
    text.style.display = room >= LABEL_FROM_PX && room >= text.textContent.length * letter + 4 ? "" : "none";
  }
  growPieces(upp);
}

// Each piece narrower on screen than MIN_PIECE_PX drawn that wide about its centre (its words stay their size, and
// its outline as thin as any other); the table's coordinates, where a drag drops it and the part the pointer
// catches (its own footprint, .hit) are unchanged.
function growPieces(upp) {
  for (const body of tableSvg().querySelectorAll("g.grow")) {
    const least = Math.max(Number(body.dataset.least), 1e-3);
    const k = Math.max(1, (MIN_PIECE_PX * upp) / least), reach = Math.max(1, (MIN_HANDLE_PX * upp) / least);
    scaleBy(body, k);
    scaleBy(body.nextElementSibling, reach);
    body.style.setProperty("--line", String((upp * 1.5) / k));
  }
}

function scaleBy(node, k) { if (k > 1) node.setAttribute("transform", `scale(${k})`); else node.removeAttribute("transform"); }

function toTable(event) {
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(tableSvg().getScreenCTM().inverse());
  return { x: p.x, z: -p.y, sx: p.x, sy: p.y };
}

function itemAt(event) {
  const g = event.target.closest ? event.target.closest("g.obj") : null;
  return g ? touch.shown.get(g.dataset.guid) : null;
}

function movable(o) { return !o.locked && !o.hidden && !["zone", "floor", "board", "hand"].includes(o.kind); }

function onDown(event) {
  const svg = tableSvg();
  touch.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  svg.setPointerCapture(event.pointerId);
  if (touch.pointers.size === 2) {  // two fingers: pinch to zoom, whatever the first one held
    const [a, b] = [...touch.pointers.values()];
    touch.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y) };
    touch.drag = touch.pan = null;
    return;
  }
  const item = itemAt(event);
  const at = toTable(event);
  if (item && movable(item.data)) {
    touch.drag = { guid: item.data.guid, g: item.g, from: at, x: item.data.x, z: item.data.z, rot: item.data.rot, sx: event.clientX, sy: event.clientY, moved: false };
    item.g.parentNode.append(item.g);  // carried above the rest
  } else {
    touch.pan = { sx: event.clientX, sy: event.clientY, box: { ...touch.box }, moved: false, item };
  }
  event.preventDefault();
}

function onMove(event) {
  const item = itemAt(event);
  setHover(item ? item.data : null);
  if (!touch.pointers.has(event.pointerId)) return;
  touch.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (touch.pinch && touch.pointers.size === 2) {
    const [a, b] = [...touch.pointers.values()];
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    if (distance > 0 && touch.pinch.distance > 0) zoom(distance / touch.pinch.distance);
    touch.pinch.distance = distance;
    return;
  }
  const drag = touch.drag;
  if (drag) {
    drag.moved = drag.moved || Math.hypot(event.clientX - drag.sx, event.clientY - drag.sy) > 4;
    const at = toTable(event);
    drag.to = { x: drag.x + at.x - drag.from.x, z: drag.z + at.z - drag.from.z };
    place(drag.g, drag.to.x, drag.to.z, drag.rot);
    return;
  }
  const pan = touch.pan;
  if (pan) {
    const dx = event.clientX - pan.sx, dy = event.clientY - pan.sy;
    pan.moved = pan.moved || Math.hypot(dx, dy) > 4;
    const upp = unitsPerPixel();
    touch.box = { ...pan.box, x: pan.box.x - dx * upp, y: pan.box.y - dy * upp };
    applyBox();
  }
}

function onUp(event) {
  touch.pointers.delete(event.pointerId);
  if (touch.pinch) { if (touch.pointers.size < 2) touch.pinch = null; return; }
  const drag = touch.drag, pan = touch.pan;
  touch.drag = touch.pan = null;
  if (drag && drag.moved && drag.to) {
    touch.order = "";  // the carried piece was drawn above all: the next view stacks it where it lands again
    sendHand({ do: "move", guid: drag.guid, x: round3(drag.to.x), z: round3(drag.to.z) });
  } else if (drag) {
    choose(drag.guid);
  } else if (pan && !pan.moved) {
    if (pan.item && !["floor", "zone"].includes(pan.item.data.kind)) choose(pan.item.data.guid);
    else choose(null);
  }
}

function round3(v) { return Math.round(v * 1000) / 1000; }

function setHover(o) {
  touch.hover = o ? o.guid : null;
  const words = o && !["floor", "zone"].includes(o.kind) ? (o.hidden ? "hidden: in another player's hand" : pieceWords(o)) : "";
  document.getElementById("touch-under").textContent = words;
}

// TTS's keys on the piece under the pointer: F flips, Q and E turn it left and right, R rolls a die.
function onKey(event) {
  if (!touch.view || event.ctrlKey || event.metaKey || event.altKey) return;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement && document.activeElement.tagName)) return;
  const guid = touch.hover || touch.chosen;
  const item = guid && touch.shown.get(guid);
  if (!item || !movable(item.data)) return;
  const key = event.key.toLowerCase();
  if (key === "f") sendHand({ do: "flip", guid });
  else if (key === "q") sendHand({ do: "rotate", guid, degrees: -ROTATE_STEP });
  else if (key === "e") sendHand({ do: "rotate", guid, degrees: ROTATE_STEP });
  else if (key === "r" && item.data.type === "Dice") sendHand({ do: "shuffle", guid });
  else return;
  event.preventDefault();
}

// --- the piece's menu: what a click (or a tap, on a phone) offers ----------------------------------------------

function choose(guid) {
  touch.chosen = guid;
  for (const [g, item] of touch.shown) item.g.classList.toggle("chosen", g === guid);
  showMenu(guid);
}

function showMenu(guid) {
  const menu = document.getElementById("piece-menu");
  const item = guid && touch.shown.get(guid);
  if (!item) { menu.hidden = true; touch.chosen = null; return; }
  const o = item.data;
  const button = (label, action, title = "") => {
    const b = el("button", { type: "button", title }, label);
    b.addEventListener("click", () => sendHand(action()));
    return b;
  };
  const parts = [el("b", {}, o.hidden ? "hidden piece" : pieceWords(o))];
  if (movable(o)) {
    parts.push(button("Flip (F)", () => ({ do: "flip", guid })));
    parts.push(button("Turn left (Q)", () => ({ do: "rotate", guid, degrees: -ROTATE_STEP })));
    parts.push(button("Turn right (E)", () => ({ do: "rotate", guid, degrees: ROTATE_STEP })));
    if (o.type === "Dice") parts.push(button("Roll (R)", () => ({ do: "shuffle", guid })));
  }
  if (o.count !== undefined && !o.hidden) {
    const count = el("input", { type: "number", min: 1, max: 50, value: 1, class: "draw-count", "aria-label": "how many to draw" });
    parts.push(button("Draw into your hand", () => ({ do: "draw", guid, count: Number(count.value) || 1 })), count);
    if (o.top) parts.push(button(`Take ${o.top.name || "the top one"}`, () => ({ do: "take", guid, entry: o.top.guid, x: round3(o.x + o.w / 2 + 1.2), z: o.z })));
    parts.push(button("Shuffle", () => ({ do: "shuffle", guid })));
  }
  const close = el("button", { type: "button", class: "close", "aria-label": "close" }, "×");
  close.addEventListener("click", () => choose(null));
  parts.push(close);
  menu.replaceChildren(...parts);
  menu.hidden = false;
}

// The answer to a hand control: a refusal beside the table, where the person is looking.
function handAnswered(error) { handSaid(error || ""); }

function initTable() {
  const svg = tableSvg();
  svg.addEventListener("pointerdown", onDown);
  svg.addEventListener("pointermove", onMove);
  svg.addEventListener("pointerup", onUp);
  svg.addEventListener("pointercancel", onUp);
  svg.addEventListener("pointerleave", () => setHover(null));
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    const at = toTable(event);
    zoom(event.deltaY < 0 ? 1.2 : 1 / 1.2, at.sx, at.sy);
  }, { passive: false });
  document.getElementById("zoom-in").addEventListener("click", () => zoom(1.4));
  document.getElementById("zoom-out").addEventListener("click", () => zoom(1 / 1.4));
  document.getElementById("zoom-fit").addEventListener("click", fitTable);
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", sizeLabels);
}
initTable();
