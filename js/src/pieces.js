// The dynamic pieces on the map: ownership, troops, fleets, buildings, Metropolises,
// territory and prosperity markers, figurines, the Kraken, lit targets, highlights and
// movement trails. Pure: (static payload, snapshot, options) -> tree.
import { fmt, h } from "./dom.js";
import { outlinePath, placeCenter } from "./map.js";
import { hull, shape, star } from "./shapes.js";

const BUILDING_LETTER = { fortress: "F", port: "P", temple: "T", university: "U" };

function playerName(snap, seat) {
  const p = snap.players[seat];
  return p ? p.name : "?";
}

function token(player, x, y, r, count, tip, key, target) {
  return h(
    "g",
    { class: "cw-piece cw-troops", "data-key": key, "data-target": target, "data-tip": tip, "aria-label": tip, role: "img" },
    shape(player.shape, x, y, r, { class: "cw-token", fill: player.colour }),
    h("text", { class: "cw-count", x, y: y + r * 0.36, fill: player.ink }, String(count)),
  );
}

function buildingsOf(stat, snap, id, isle, size) {
  const geo = stat.map.isles[id];
  const L = stat.labels;
  const out = [];
  let slot = 0;
  const s = size * 0.46;
  if (isle.metropolis) {
    const [x, y] = geo.slots[0];
    const tip = `${L.buildings.metropolis} (${stat.isle_names[id]})`;
    const span = geo.slots.length > 1 ? 2 : 1;
    if (span === 2) {
      const [x2, y2] = geo.slots[1];
      out.push(h("line", { class: "cw-metro-link", x1: x, y1: y, x2, y2 }));
    }
    out.push(
      h("g", { class: "cw-piece cw-metropolis", "data-key": `metro:${id}`, "data-target": id, "data-tip": tip, "aria-label": tip, role: "img" },
        h("path", { d: `M${x - s * 0.7},${y + s * 0.6} L${x - s * 0.7},${y - s * 0.35} L${x - s * 0.35},${y - s * 0.35} L${x - s * 0.35},${y - s * 0.7} L${x + s * 0.35},${y - s * 0.7} L${x + s * 0.35},${y - s * 0.35} L${x + s * 0.7},${y - s * 0.35} L${x + s * 0.7},${y + s * 0.6} Z` }),
        h("text", { x, y: y + s * 0.38 }, "M")),
    );
    slot = span;
  }
  for (const b of isle.buildings || []) {
    const at = geo.slots[slot] || geo.slots[geo.slots.length - 1];
    slot += 1;
    const [x, y] = at;
    const tip = `${L.buildings[b] || b} (${stat.isle_names[id]})`;
    out.push(
      h("g", { class: `cw-piece cw-building cw-b-${b}`, "data-key": `b:${id}:${slot}`, "data-target": id, "data-tip": tip, "aria-label": tip, role: "img" },
        h("rect", { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 2 }),
        h("text", { x, y: y + s * 0.24 }, BUILDING_LETTER[b] || "?")),
    );
  }
  return out;
}

function islePieces(stat, snap, id, isle, size) {
  const geo = stat.map.isles[id];
  if (!geo) return [];
  const L = stat.labels;
  const name = stat.isle_names[id] || id;
  const out = [];
  const owner = isle.owner !== undefined ? snap.players[isle.owner] : null;
  if (owner) {
    out.push(h("path", { class: "cw-owned", d: outlinePath(geo.outline), stroke: owner.colour, "fill-rule": "evenodd" }));
  }
  out.push(...buildingsOf(stat, snap, id, isle, size));
  if (owner && isle.troops) {
    const [x, y] = geo.troops;
    const tip = `${isle.troops} ${isle.troops === 1 ? L.units.troop : L.units.troops} · ${owner.name} (${L.shapes[owner.shape]}) · ${name}`;
    out.push(token(owner, x, y, size * 0.36, isle.troops, tip, `troops:${id}`, id));
  }
  if (owner && isle.territory) {
    const [x, y] = geo.marker;
    const tip = `${L.ui.territory} · ${owner.name} · ${name}`;
    out.push(h("g", { class: "cw-piece cw-territory", "data-key": `terr:${id}`, "data-target": id, "data-tip": tip, "aria-label": tip, role: "img" },
      h("circle", { class: "cw-hit", cx: x, cy: y, r: size * 0.3 }),
      h("line", { x1: x - size * 0.12, y1: y + size * 0.3, x2: x - size * 0.12, y2: y - size * 0.3, class: "cw-flagpole" }),
      shape(owner.shape, x + size * 0.06, y - size * 0.14, size * 0.17, { fill: owner.colour, class: "cw-token" })));
  }
  if (isle.markers) {
    const [x, y] = geo.prosperity_anchor;
    const n = isle.markers;
    const tip = `${n} ${L.ui.markers} · ${name}`;
    const start = x + (geo.prosperity / 2 + 0.1) * size * 0.42;
    const stars = [];
    for (let i = 0; i < n; i++) stars.push(star(start + i * size * 0.42, y, size * 0.2));
    out.push(h("g", { class: "cw-piece cw-marker", "data-key": `pm:${id}`, "data-target": id, "data-tip": tip, "aria-label": tip, role: "img" }, stars));
  }
  if (isle.figurine) {
    const [x, y] = geo.figurine;
    const fig = L.creatures[isle.figurine] || isle.figurine;
    const who = isle.figurine_owner !== undefined && isle.figurine_owner !== null ? ` · ${playerName(snap, isle.figurine_owner)}` : "";
    const tip = `${fig}${who} · ${name}`;
    out.push(h("g", { class: `cw-piece cw-figurine cw-f-${isle.figurine}`, "data-key": `fig:${id}`, "data-target": id, "data-tip": tip, "aria-label": tip, role: "img" },
      h("circle", { cx: x, cy: y, r: size * 0.3 }),
      h("text", { x, y: y + size * 0.12 }, fig.slice(0, 2))));
  }
  return out;
}

function fleetPieces(stat, snap, size) {
  const L = stat.labels;
  const out = [];
  for (const [sea, [seat, count]] of Object.entries(snap.fleets)) {
    const geo = stat.map.seas[sea];
    const p = snap.players[seat];
    if (!geo || !p) continue;
    const [x, y] = geo.center;
    const tip = `${count} ${count === 1 ? L.units.fleet : L.units.fleets} · ${p.name} (${L.shapes[p.shape]}) · ${fmt(L.ui.sea, { id: sea })}`;
    const r = size * 0.3;
    out.push(
      h("g", { class: "cw-piece cw-fleet", "data-key": `fleet:${sea}`, "data-target": sea, "data-tip": tip, "aria-label": tip, role: "img" },
        h("circle", { class: "cw-hit", cx: x, cy: y, r: size * 0.5 }),
        h("g", { fill: p.colour, class: "cw-hull" }, hull(x, y + r * 0.2, r)),
        shape(p.shape, x, y - r * 0.85, r * 0.55, { class: "cw-token", fill: p.colour }),
        h("text", { class: "cw-count", x, y: y + r * 0.72, fill: p.ink }, String(count))),
    );
  }
  if (snap.kraken && stat.map.seas[snap.kraken]) {
    const [x, y] = stat.map.seas[snap.kraken].center;
    const tip = `${L.creatures.kraken} · ${fmt(L.ui.sea, { id: snap.kraken })}`;
    out.push(h("g", { class: "cw-piece cw-figurine cw-f-kraken", "data-key": "kraken", "data-target": snap.kraken, "data-tip": tip, "aria-label": tip, role: "img" },
      h("circle", { cx: x + size * 0.5, cy: y - size * 0.2, r: size * 0.28 }),
      h("text", { x: x + size * 0.5, y: y - size * 0.2 + size * 0.11 }, L.creatures.kraken.slice(0, 2))));
  }
  return out;
}

/** Outline overlays for a set of places (lit targets or highlights). */
export function overlays(stat, ids, cls) {
  const out = [];
  for (const id of ids) {
    const isle = stat.map.isles[id];
    const sea = stat.map.seas[id];
    if (isle) out.push(h("path", { class: cls, d: outlinePath(isle.outline), "fill-rule": "evenodd", "data-target": id }));
    else if (sea) out.push(h("polygon", { class: cls, points: sea.points.map((p) => p.join(",")).join(" "), "data-target": id }));
  }
  return out;
}

/** Arrows between places: [[from, to, note?], ...]. */
export function arrows(stat, list, cls = "cw-arrow") {
  const out = [];
  for (const item of list || []) {
    const [from, to] = item;
    const a = placeCenter(stat, from);
    const b = placeCenter(stat, to);
    if (!a || !b) continue;
    out.push(h("line", { class: cls, x1: a[0], y1: a[1], x2: b[0], y2: b[1], "marker-end": "url(#cw-arrowhead)" }));
  }
  return out;
}

/** Moves in the last step's events: any event naming two map ids, as the rules write
 * them (origin/target; Pegasus: source/target) or as from/to. */
export function moves(stat, events) {
  const out = [];
  for (const e of events || []) {
    const from = e.origin ?? e.source ?? e.from;
    const to = e.target ?? e.to;
    if (typeof from === "string" && typeof to === "string" && placeCenter(stat, from) && placeCenter(stat, to)) out.push([from, to]);
  }
  return out;
}

/** Travelling ghosts for the moves (CSS offset-path animation; off with reduced motion). */
function trails(stat, snap, size) {
  return moves(stat, snap.events).map(([from, to], i) => {
    const a = placeCenter(stat, from);
    const b = placeCenter(stat, to);
    return h("g", { class: "cw-trail", "aria-hidden": "true" },
      h("line", { class: "cw-trail-line", x1: a[0], y1: a[1], x2: b[0], y2: b[1] }),
      h("circle", { class: "cw-ghost", r: size * 0.22, cx: 0, cy: 0, style: `offset-path: path('M${a[0]},${a[1]} L${b[0]},${b[1]}'); animation-delay: ${i * 80}ms` }));
  });
}

/** All dynamic map content for a snapshot. `opts`: {lit: [ids], highlights: {places, arrows}}. */
export function piecesLayer(stat, snap, opts = {}) {
  const size = stat.map.hex_size;
  const isles = Object.entries(snap.isles).map(([id, isle]) => islePieces(stat, snap, id, isle, size));
  const hl = opts.highlights || {};
  return h(
    "g",
    { class: "cw-dynamic" },
    h("g", { class: "cw-highlights" }, overlays(stat, hl.places || [], "cw-highlight")),
    h("g", { class: "cw-lit-layer" }, overlays(stat, opts.lit || [], "cw-lit")),
    h("g", { class: "cw-pieces" }, isles, fleetPieces(stat, snap, size)),
    h("g", { class: "cw-arrows" }, arrows(stat, hl.arrows || [])),
    opts.animate === false ? null : h("g", { class: "cw-trails" }, trails(stat, snap, size)),
  );
}
