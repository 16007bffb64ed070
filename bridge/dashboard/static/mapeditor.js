// The dashboard's map editor (Heroes of Land, Air & Sea), the alternative to the TTS editor: the owner's board image
// (kept in the page), regions clicked on it (a centre, an outline), links typed in; Save map sends the drawing in the
// board's own frame (x east, z north, the board's centre at 0, 0) and the bridge checks and writes it.
"use strict";
const editor = { regions: [], links: [], selected: null, image: "" };

function meValue(id) { return document.getElementById(id).value.trim(); }

function meSize() {
  return [Math.max(1, Number(meValue("me-width")) || 40), Math.max(1, Number(meValue("me-height")) || 30)];
}

function meDraw() {
  const [w, h] = meSize();
  const svg = document.getElementById("me-board");
  svg.setAttribute("viewBox", `${-w / 2} ${-h / 2} ${w} ${h}`);
  svg.replaceChildren();
  if (editor.image) svg.append(el("image", { href: editor.image, x: -w / 2, y: -h / 2, width: w, height: h, preserveAspectRatio: "none" }, null, SVG));
  for (const r of editor.regions) {  // SVG y runs down the page, the board's z up it
    if (r.polygon.length) {
      const points = r.polygon.map(([x, z]) => `${x},${-z}`).join(" ");
      svg.append(el("polygon", { points, class: `me-outline${r === editor.selected ? " selected" : ""}`, "data-region": r.id }, null, SVG));
    }
    if (r.center) {
      svg.append(el("circle", { cx: r.center[0], cy: -r.center[1], r: 0.4, class: "me-centre" }, null, SVG));
      svg.append(el("text", { x: r.center[0], y: -r.center[1] - 0.7 }, r.id, SVG));
    }
  }
  const list = document.getElementById("me-list");
  list.replaceChildren(...editor.regions.map((r) => el("li", {}, `${r.id}: ${r.kind} ${r.terrain ?? ""}, ${r.center ? "centre" : "NO CENTRE"}, ${r.polygon.length} outline point(s)`)),
    ...editor.links.map((l) => el("li", {}, `${l.a} - ${l.b}${l.kind ? ` (${l.kind})` : ""}`)));
}

function meClick(event) {
  const r = editor.selected;
  if (!r) { addLocalLog("error", "map editor: New region first"); return; }
  const svg = document.getElementById("me-board");
  const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
  const point = [Math.round(at.x * 100) / 100, Math.round(-at.y * 100) / 100];
  if (document.querySelector("input[name=me-mode]:checked").value === "centre") r.center = point;
  else r.polygon.push(point);
  meDraw();
}

function meNew() {
  const id = meValue("me-id");
  if (!id) { addLocalLog("error", "map editor: the region needs a name"); return; }
  let r = editor.regions.find((x) => x.id === id);
  if (!r) { r = { id, center: null, polygon: [] }; editor.regions.push(r); }
  Object.assign(r, {
    kind: meValue("me-kind"), terrain: meValue("me-terrain"), continent: meValue("me-continent") || null,
    shore: document.getElementById("me-shore").checked, worker_space: document.getElementById("me-worker").checked,
    capital_site: document.getElementById("me-capital").checked,
  });
  editor.selected = r;
  meDraw();
}

function meLink() {
  const link = { a: meValue("me-a"), b: meValue("me-b"), kind: meValue("me-link-kind") || null, label: meValue("me-label") || null };
  if (!link.a || !link.b) { addLocalLog("error", "map editor: a link joins two regions"); return; }
  editor.links = editor.links.filter((l) => !((l.a === link.a && l.b === link.b) || (l.a === link.b && l.b === link.a)));
  editor.links.push(link);
  meDraw();
}

function meSave() {
  const regions = editor.regions.map((r) => ({ ...r, center: r.center ?? [0, 0], polygon: r.polygon }));
  const missing = editor.regions.find((r) => !r.center);
  if (missing) { addLocalLog("error", `map editor: region ${missing.id} has no centre yet`); return; }
  send({ type: "table_event", name: "drawing", fields: { drawing: JSON.stringify({ regions, links: editor.links }) } });
}

document.getElementById("me-board").addEventListener("click", meClick);
document.getElementById("me-new").addEventListener("click", meNew);
document.getElementById("me-link").addEventListener("click", meLink);
document.getElementById("me-save").addEventListener("click", meSave);
document.getElementById("me-undo").addEventListener("click", () => { if (editor.selected) { editor.selected.polygon.pop(); meDraw(); } });
for (const id of ["me-width", "me-height"]) document.getElementById(id).addEventListener("change", meDraw);
document.getElementById("me-image").addEventListener("change", (e) => {
  const file = e.target.files[0];
  if (file) { editor.image = URL.createObjectURL(file); meDraw(); }
});
meDraw();
