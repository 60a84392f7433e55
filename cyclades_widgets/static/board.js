// src/dom.js
var SVG_NS = "http://www.w3.org/2000/svg";
var SVG_TAGS = /* @__PURE__ */ new Set([
  "svg",
  "g",
  "path",
  "polygon",
  "polyline",
  "circle",
  "rect",
  "line",
  "text",
  "title",
  "defs",
  "marker",
  "pattern",
  "tspan",
  "ellipse",
  "clipPath",
  "use",
  "desc"
]);
function h(tag, attrs, ...children) {
  return { tag, attrs: attrs || {}, children: flatten(children) };
}
function flatten(list) {
  const out = [];
  for (const c of list) {
    if (c === null || c === void 0 || c === false || c === true) continue;
    if (Array.isArray(c)) out.push(...flatten(c));
    else out.push(c);
  }
  return out;
}
function fmt(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => k in values ? String(values[k]) : m);
}
function toDom(node, doc = document) {
  if (typeof node === "string" || typeof node === "number") return doc.createTextNode(String(node));
  const el = SVG_TAGS.has(node.tag) ? doc.createElementNS(SVG_NS, node.tag) : doc.createElement(node.tag);
  for (const [k, v] of Object.entries(node.attrs)) {
    if (v === null || v === void 0 || v === false) continue;
    if (/^on/i.test(k)) throw new Error(`event attributes are not allowed: ${k}`);
    el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of node.children) el.appendChild(toDom(c, doc));
  return el;
}

// src/shapes.js
function poly(x, y, r, n, start) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = (start + 360 * i / n) * Math.PI / 180;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}
function shape(name, x, y, r, attrs = {}) {
  switch (name) {
    case "square":
      return h("rect", { x: x - r * 0.88, y: y - r * 0.88, width: r * 1.76, height: r * 1.76, rx: r * 0.15, ...attrs });
    case "triangle":
      return h("polygon", { points: poly(x, y + r * 0.18, r * 1.18, 3, -90), ...attrs });
    case "diamond":
      return h("polygon", { points: poly(x, y, r * 1.15, 4, -90), ...attrs });
    case "hexagon":
      return h("polygon", { points: poly(x, y, r * 1.05, 6, 0), ...attrs });
    default:
      return h("circle", { cx: x, cy: y, r, ...attrs });
  }
}
function shapeIcon(player, size = 16, label = null) {
  const r = size * 0.36;
  return h(
    "svg",
    {
      class: "cw-shape-icon",
      width: size,
      height: size,
      viewBox: `0 0 ${size} ${size}`,
      role: label ? "img" : null,
      "aria-label": label,
      "aria-hidden": label ? null : "true"
    },
    shape(player.shape, size / 2, size / 2, r, { fill: player.colour, stroke: "#1b1b1b", "stroke-width": 1.2 })
  );
}
function star(x, y, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const rr = i % 2 === 0 ? r : r * 0.45;
    const a = (-90 + 36 * i) * Math.PI / 180;
    pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
  }
  return h("polygon", { points: pts.join(" ") });
}
function hull(x, y, r) {
  const w = r * 1.5;
  const d = `M${x - w},${y - r * 0.2} L${x + w},${y - r * 0.2} L${x + w * 0.7},${y + r * 0.75} L${x - w * 0.7},${y + r * 0.75} Z`;
  return h("path", { d });
}

// src/map.js
function outlinePath(loops) {
  return loops.map((loop) => "M" + loop.map((p) => `${p[0]},${p[1]}`).join("L") + "Z").join("");
}
function seaNode(id, sea, size, labels) {
  const [x, y] = sea.center;
  const name = fmt(labels.ui.sea, { id }) + (sea.prosperity ? ` (${labels.ui.prosperity})` : "");
  return h(
    "g",
    { class: "cw-sea-g" },
    h("polygon", {
      class: "cw-sea" + (sea.prosperity ? " cw-sea-prosperity" : ""),
      points: sea.points.map((p) => p.join(",")).join(" "),
      "data-target": id,
      "data-tip": name,
      "aria-label": name,
      role: "button"
    }),
    h("text", { class: "cw-sea-id", x, y: y - size * 0.62, "aria-hidden": "true" }, id),
    sea.prosperity ? h("g", { class: "cw-prosperity", "aria-hidden": "true" }, starAt(x, y + size * 0.6, size * 0.2)) : null
  );
}
function starAt(x, y, r) {
  return star(x, y, r);
}
function isleNode(id, isle, size, stat) {
  const name = stat.isle_names[id] || id;
  const label = `${name}: ${isle.slots.length} ${stat.labels.ui.slot}, ${isle.prosperity} ${stat.labels.ui.prosperity}`;
  const stars = [];
  const [px, py] = isle.prosperity_anchor;
  for (let i = 0; i < isle.prosperity; i++) stars.push(starAt(px + (i - (isle.prosperity - 1) / 2) * size * 0.42, py, size * 0.18));
  const s = size * 0.42;
  return h(
    "g",
    { class: "cw-isle-g" },
    h("path", {
      class: "cw-isle",
      d: outlinePath(isle.outline),
      "fill-rule": "evenodd",
      "data-target": id,
      "data-tip": label,
      "aria-label": label,
      role: "button"
    }),
    isle.slots.map(([x, y]) => h("rect", { class: "cw-slot", x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 2, "aria-hidden": "true" })),
    stars.length ? h("g", { class: "cw-prosperity", "aria-hidden": "true" }, stars) : null
  );
}
function namesLayer(stat) {
  return h("g", { class: "cw-names", "aria-hidden": "true" }, Object.entries(stat.map.isles).map(([id, isle]) => h("text", { class: "cw-isle-name", x: isle.label[0], y: isle.label[1] }, stat.isle_names[id] || id)));
}
function mapLayer(stat) {
  const geo = stat.map;
  const size = geo.hex_size;
  return h(
    "g",
    { class: "cw-map" },
    h("g", { class: "cw-seas" }, Object.entries(geo.seas).map(([id, sea]) => seaNode(id, sea, size, stat.labels))),
    h("g", { class: "cw-isles" }, Object.entries(geo.isles).map(([id, isle]) => isleNode(id, isle, size, stat)))
  );
}
function placeCenter(stat, id) {
  const geo = stat.map;
  if (geo.isles[id]) return geo.isles[id].center;
  if (geo.seas[id]) return geo.seas[id].center;
  return null;
}

// src/panels.js
var chip = (player, L, text) => h(
  "span",
  { class: "cw-chip", style: `--pc:${player.colour};--pi:${player.ink}`, title: player.name },
  shapeIcon(player, 14, `${player.name} (${L.shapes[player.shape]})`),
  h("span", { class: "cw-chip-text" }, text)
);
function statusBar(stat, snap, ui) {
  const L = stat.labels;
  const kind = snap.node.kind;
  const canContinue = (kind === "chance" || kind === "auto") && ui.interactive !== false;
  const viewer = snap.viewer === null || snap.viewer === void 0 ? L.ui.teacher : fmt(L.ui.viewer, { player: snap.players[snap.viewer].name });
  const actor = snap.node.player !== null && snap.node.player !== void 0 ? snap.players[snap.node.player] : null;
  return h(
    "div",
    { class: "cw-status", role: "status", "aria-live": "polite" },
    h("span", { class: "cw-cycle" }, `${L.ui.cycle} ${snap.cycle}`),
    h("span", { class: "cw-phase" }, L.phases[snap.phase] || snap.phase),
    h("span", { class: "cw-who", "data-testid": "cw-status-line" }, actor && kind === "decision" ? shapeIcon(actor, 14) : null, snap.status),
    canContinue ? h("button", { class: "cw-btn cw-continue", "data-intent": "continue", title: L.ui.continue_hint, "data-testid": "cw-continue" }, L.ui.continue + " ▶") : null,
    h("span", { class: "cw-viewer" }, viewer),
    ui.timeline ? h("span", { class: "cw-timeline", "data-testid": "cw-timeline" }, fmt(L.ui.step, ui.timeline)) : null
  );
}
function godRow(stat, snap, g, lit) {
  const L = stat.labels;
  const name = L.gods[g.god] || g.god;
  if (!g.up) {
    return h(
      "li",
      { class: `cw-god cw-god-${g.god} cw-face-down`, "aria-label": `${name}: ${L.ui.face_down}`, "data-testid": `cw-god-${g.god}` },
      h("span", { class: "cw-god-name" }, name),
      h("span", { class: "cw-god-bid" }, L.ui.face_down)
    );
  }
  const bid = g.bid ? snap.players[g.bid[0]] : null;
  const label = `${name}: ${bid ? `${bid.name} ${fmt(L.ui.bid, { amount: g.bid[1] })}` : L.ui.no_bid}`;
  return h(
    "li",
    {
      class: `cw-god cw-god-${g.god}` + (lit ? " cw-lit-item" : ""),
      "data-track": g.god,
      "aria-label": label,
      role: lit ? "button" : null,
      tabindex: lit ? "0" : null,
      "data-testid": `cw-god-${g.god}`
    },
    h("span", { class: "cw-god-name" }, name),
    h("span", { class: "cw-god-bid" }, bid ? chip(bid, L, `${g.bid[1]} GP`) : h("span", { class: "cw-muted" }, L.ui.no_bid))
  );
}
function godTrack(stat, snap, litTrack2) {
  const L = stat.labels;
  const lit = new Set(litTrack2 || []);
  const apollo = h(
    "li",
    {
      class: "cw-god cw-god-apollo" + (lit.has("apollo") ? " cw-lit-item" : ""),
      "data-track": "apollo",
      role: lit.has("apollo") ? "button" : null,
      tabindex: lit.has("apollo") ? "0" : null,
      "data-testid": "cw-god-apollo",
      "aria-label": `${L.gods.apollo}: ${snap.apollo.map((s) => snap.players[s].name).join(", ")}`
    },
    h("span", { class: "cw-god-name" }, L.gods.apollo),
    h("span", { class: "cw-god-bid" }, snap.apollo.map((s) => chip(snap.players[s], L, "")))
  );
  return h(
    "section",
    { class: "cw-panel cw-gods", "aria-label": L.ui.god_track },
    h("h3", {}, L.ui.god_track),
    h("ol", {}, snap.gods.map((g) => godRow(stat, snap, g, lit.has(g.god))), apollo)
  );
}
function turnTrack(stat, snap) {
  const L = stat.labels;
  const bidding = snap.phase === "offerings";
  return h(
    "section",
    { class: "cw-panel cw-turns", "aria-label": L.ui.turn_track },
    h("h3", {}, L.ui.turn_track),
    h("ol", { class: "cw-turn-list" }, snap.turn_order.map((seat, i) => h(
      "li",
      { class: "cw-turn" + (bidding && i === snap.bid_cursor ? " cw-next" : "") + (bidding && i < snap.bid_cursor ? " cw-done" : "") },
      chip(snap.players[seat], L, `${i + 1}. ${snap.players[seat].name}`)
    )))
  );
}
function creatureTrack(stat, snap, litTrack2) {
  const L = stat.labels;
  const lit = new Set(litTrack2 || []);
  const c = snap.creatures;
  return h(
    "section",
    { class: "cw-panel cw-creatures", "aria-label": L.ui.creature_track },
    h("h3", {}, L.ui.creature_track, h("span", { class: "cw-muted" }, " · " + fmt(L.ui.deck, { n: c.deck }))),
    h("ol", { class: "cw-creature-list" }, c.track.map((slot, i) => slot ? h(
      "li",
      { class: "cw-creature" + (lit.has(slot.creature) ? " cw-lit-item" : ""), "data-track": slot.creature, "aria-label": `${L.creatures[slot.creature] || slot.creature}: ${slot.price} GP`, title: (stat.creature_effects || {})[slot.creature] || "" },
      h("span", { class: "cw-price" }, `${slot.price}`),
      h("span", {}, L.creatures[slot.creature] || slot.creature)
    ) : h("li", { class: "cw-creature cw-empty" }, h("span", { class: "cw-price" }, `${stat.creature_prices[i]}`), h("span", { class: "cw-muted" }, "—"))))
  );
}
function playerPanels(stat, snap) {
  const L = stat.labels;
  const acting = snap.node.kind === "decision" ? snap.node.player : null;
  return h(
    "section",
    { class: "cw-players", "aria-label": "players" },
    snap.players.map((p) => {
      const gold = p.gold === null || p.gold === void 0 ? `🔒 ${L.ui.gold_hidden}` : `${p.gold} ${L.ui.gold}`;
      const stats = [
        [L.ui.isles, p.isles],
        [L.ui.metropolises, p.metropolises],
        [L.ui.priests, p.priests],
        [L.ui.philosophers, p.philosophers],
        [L.ui.troops, p.troops],
        [L.ui.fleets, p.fleets]
      ];
      return h(
        "article",
        {
          class: "cw-player" + (p.seat === acting ? " cw-acting" : "") + (p.eliminated ? " cw-eliminated" : ""),
          style: `--pc:${p.colour};--pi:${p.ink}`,
          "aria-label": `${p.name}, ${L.shapes[p.shape]}, ${gold}`,
          "data-testid": `cw-player-${p.seat}`
        },
        h(
          "header",
          {},
          shapeIcon(p, 18, L.shapes[p.shape]),
          h("span", { class: "cw-player-name" }, p.name),
          h("span", { class: "cw-gold", "data-testid": `cw-gold-${p.seat}` }, gold)
        ),
        h("dl", {}, stats.map(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v))]))
      );
    })
  );
}
function side(L, info, role) {
  if (!info) return null;
  const parts = [];
  if (info.die !== void 0) parts.push(`${L.ui.die} ${info.die}`);
  if (info.units !== void 0) parts.push(`${L.ui.units} ${info.units}`);
  if (info.bonus !== void 0) parts.push(`${L.ui.bonus} ${info.bonus}`);
  const total = info.total !== void 0 ? ` = ${info.total}` : "";
  return h(
    "div",
    { class: `cw-bside cw-${role}` },
    h("strong", {}, `${L.ui[role]}${info.player !== void 0 ? ` · ${info.player}` : ""}`),
    h("div", { class: "cw-sum" }, parts.join(" + ") + total),
    info.losses !== void 0 ? h("div", { class: "cw-loss" }, `${L.ui.losses}: ${info.losses}`) : null
  );
}
function battlePanel(stat, snap) {
  const b = snap.battle;
  if (!b) return null;
  const L = stat.labels;
  const where = !b.where ? "" : stat.isle_names[b.where] || fmt(L.ui.sea, { id: b.where });
  const name = (p) => typeof p === "number" && snap.players[p] ? snap.players[p].name : p;
  const a = b.attacker ? { ...b.attacker, player: name(b.attacker.player) } : null;
  const d = b.defender ? { ...b.defender, player: name(b.defender.player) } : null;
  return h(
    "section",
    { class: "cw-panel cw-battle", "aria-label": L.ui.battle, "data-testid": "cw-battle" },
    h("h3", {}, `⚔ ${L.ui.battle} ${where}`),
    h("div", { class: "cw-sides" }, side(L, a, "attacker"), side(L, d, "defender"))
  );
}
function annotationPanel(stat, note) {
  if (!note || !note.before && !note.after && !note.tag) return null;
  const L = stat.labels;
  return h(
    "section",
    { class: "cw-panel cw-annotation", "aria-label": "annotation", "data-testid": "cw-annotation" },
    note.tag ? h("div", { class: "cw-tag" }, `${L.ui.tag}: ${note.tag}`) : null,
    note.before ? h("p", { class: "cw-before", "data-testid": "cw-note-before" }, h("strong", {}, L.ui.before + ": "), note.before) : null,
    note.after ? h("p", { class: "cw-after", "data-testid": "cw-note-after" }, h("strong", {}, L.ui.after + ": "), note.after) : null
  );
}
function errorLine(stat, error) {
  if (!error) return null;
  return h("div", { class: "cw-error", role: "alert", "data-testid": "cw-error" }, h("strong", {}, stat.labels.ui.rejected + ": "), error);
}
function actionButtons(actions, extra = {}) {
  return actions.map((a) => h("button", { class: "cw-btn cw-action", "data-action": String(a.id), title: a.notation, "data-notation": a.notation, ...extra }, a.label || a.notation));
}
function actionMenu(stat, menu, actions) {
  if (!menu) return null;
  const L = stat.labels;
  const place = stat.isle_names[menu] || L.gods[menu] || L.creatures[menu] || fmt(L.ui.sea, { id: menu });
  return h(
    "div",
    { class: "cw-menu", role: "menu", "aria-label": fmt(L.ui.actions_here, { place }), "data-testid": "cw-menu" },
    h("div", { class: "cw-menu-title" }, fmt(L.ui.actions_here, { place })),
    h("div", { class: "cw-menu-items" }, actionButtons(actions, { role: "menuitem" })),
    h("button", { class: "cw-btn cw-close", "data-intent": "close", "aria-label": L.ui.close }, "×")
  );
}

// src/pieces.js
var BUILDING_LETTER = { fortress: "F", port: "P", temple: "T", university: "U" };
function playerName(snap, seat) {
  const p = snap.players[seat];
  return p ? p.name : "?";
}
function token(player, x, y, r, count, tip, key, target) {
  return h(
    "g",
    { class: "cw-piece cw-troops", "data-key": key, "data-target": target, "data-tip": tip, "aria-label": tip, role: "img" },
    shape(player.shape, x, y, r, { class: "cw-token", fill: player.colour }),
    h("text", { class: "cw-count", x, y: y + r * 0.36, fill: player.ink }, String(count))
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
      h(
        "g",
        { class: "cw-piece cw-metropolis", "data-key": `metro:${id}`, "data-target": id, "data-tip": tip, "aria-label": tip, role: "img" },
        h("path", { d: `M${x - s * 0.7},${y + s * 0.6} L${x - s * 0.7},${y - s * 0.35} L${x - s * 0.35},${y - s * 0.35} L${x - s * 0.35},${y - s * 0.7} L${x + s * 0.35},${y - s * 0.7} L${x + s * 0.35},${y - s * 0.35} L${x + s * 0.7},${y - s * 0.35} L${x + s * 0.7},${y + s * 0.6} Z` }),
        h("text", { x, y: y + s * 0.38 }, "M")
      )
    );
    slot = span;
  }
  for (const b of isle.buildings || []) {
    const at = geo.slots[slot] || geo.slots[geo.slots.length - 1];
    slot += 1;
    const [x, y] = at;
    const tip = `${L.buildings[b] || b} (${stat.isle_names[id]})`;
    out.push(
      h(
        "g",
        { class: `cw-piece cw-building cw-b-${b}`, "data-key": `b:${id}:${slot}`, "data-target": id, "data-tip": tip, "aria-label": tip, role: "img" },
        h("rect", { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 2 }),
        h("text", { x, y: y + s * 0.24 }, BUILDING_LETTER[b] || "?")
      )
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
  const owner = isle.owner !== void 0 ? snap.players[isle.owner] : null;
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
    out.push(h(
      "g",
      { class: "cw-piece cw-territory", "data-key": `terr:${id}`, "data-target": id, "data-tip": tip, "aria-label": tip, role: "img" },
      h("circle", { class: "cw-hit", cx: x, cy: y, r: size * 0.3 }),
      h("line", { x1: x - size * 0.12, y1: y + size * 0.3, x2: x - size * 0.12, y2: y - size * 0.3, class: "cw-flagpole" }),
      shape(owner.shape, x + size * 0.06, y - size * 0.14, size * 0.17, { fill: owner.colour, class: "cw-token" })
    ));
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
    const who = isle.figurine_owner !== void 0 && isle.figurine_owner !== null ? ` · ${playerName(snap, isle.figurine_owner)}` : "";
    const tip = `${fig}${who} · ${name}`;
    out.push(h(
      "g",
      { class: `cw-piece cw-figurine cw-f-${isle.figurine}`, "data-key": `fig:${id}`, "data-target": id, "data-tip": tip, "aria-label": tip, role: "img" },
      h("circle", { cx: x, cy: y, r: size * 0.3 }),
      h("text", { x, y: y + size * 0.12 }, fig.slice(0, 2))
    ));
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
      h(
        "g",
        { class: "cw-piece cw-fleet", "data-key": `fleet:${sea}`, "data-target": sea, "data-tip": tip, "aria-label": tip, role: "img" },
        h("circle", { class: "cw-hit", cx: x, cy: y, r: size * 0.5 }),
        h("g", { fill: p.colour, class: "cw-hull" }, hull(x, y + r * 0.2, r)),
        shape(p.shape, x, y - r * 0.85, r * 0.55, { class: "cw-token", fill: p.colour }),
        h("text", { class: "cw-count", x, y: y + r * 0.72, fill: p.ink }, String(count))
      )
    );
  }
  if (snap.kraken && stat.map.seas[snap.kraken]) {
    const [x, y] = stat.map.seas[snap.kraken].center;
    const tip = `${L.creatures.kraken} · ${fmt(L.ui.sea, { id: snap.kraken })}`;
    out.push(h(
      "g",
      { class: "cw-piece cw-figurine cw-f-kraken", "data-key": "kraken", "data-target": snap.kraken, "data-tip": tip, "aria-label": tip, role: "img" },
      h("circle", { cx: x + size * 0.5, cy: y - size * 0.2, r: size * 0.28 }),
      h("text", { x: x + size * 0.5, y: y - size * 0.2 + size * 0.11 }, L.creatures.kraken.slice(0, 2))
    ));
  }
  return out;
}
function overlays(stat, ids, cls) {
  const out = [];
  for (const id of ids) {
    const isle = stat.map.isles[id];
    const sea = stat.map.seas[id];
    if (isle) out.push(h("path", { class: cls, d: outlinePath(isle.outline), "fill-rule": "evenodd", "data-target": id }));
    else if (sea) out.push(h("polygon", { class: cls, points: sea.points.map((p) => p.join(",")).join(" "), "data-target": id }));
  }
  return out;
}
function arrows(stat, list, cls = "cw-arrow") {
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
function moves(stat, events) {
  const out = [];
  for (const e of events || []) {
    const from = e.origin ?? e.source ?? e.from;
    const to = e.target ?? e.to;
    if (typeof from === "string" && typeof to === "string" && placeCenter(stat, from) && placeCenter(stat, to)) out.push([from, to]);
  }
  return out;
}
function trails(stat, snap, size) {
  return moves(stat, snap.events).map(([from, to], i) => {
    const a = placeCenter(stat, from);
    const b = placeCenter(stat, to);
    return h(
      "g",
      { class: "cw-trail", "aria-hidden": "true" },
      h("line", { class: "cw-trail-line", x1: a[0], y1: a[1], x2: b[0], y2: b[1] }),
      h("circle", { class: "cw-ghost", r: size * 0.22, cx: 0, cy: 0, style: `offset-path: path('M${a[0]},${a[1]} L${b[0]},${b[1]}'); animation-delay: ${i * 80}ms` })
    );
  });
}
function piecesLayer(stat, snap, opts = {}) {
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
    opts.animate === false ? null : h("g", { class: "cw-trails" }, trails(stat, snap, size))
  );
}

// src/targets.js
function litPlaces(legal) {
  const out = /* @__PURE__ */ new Set();
  for (const a of legal || []) for (const t of a.targets || []) out.add(t);
  return [...out];
}
function litTrack(legal) {
  const out = /* @__PURE__ */ new Set();
  for (const a of legal || []) for (const t of a.track || []) out.add(t);
  return [...out];
}
function actionsAt(legal, id) {
  return (legal || []).filter((a) => (a.targets || []).includes(id) || (a.track || []).includes(id));
}
function looseActions(legal) {
  return (legal || []).filter((a) => !(a.targets || []).length && !(a.track || []).length);
}

// src/board.js
function boardParts(stat, snap, legal, ui = {}) {
  const interactive = ui.interactive !== false;
  const acts = interactive ? legal || [] : [];
  return {
    status: statusBar(stat, snap, ui),
    dynamic: piecesLayer(stat, snap, { lit: litPlaces(acts), highlights: ui.highlights, animate: ui.animate }),
    side: [godTrack(stat, snap, litTrack(acts)), turnTrack(stat, snap), creatureTrack(stat, snap, litTrack(acts)), battlePanel(stat, snap)],
    menu: ui.menu ? actionMenu(stat, ui.menu, actionsAt(acts, ui.menu)) : null,
    below: [
      errorLine(stat, ui.error),
      looseActions(acts).length ? h("div", { class: "cw-actionbar", "aria-label": stat.labels.ui.actions, "data-testid": "cw-actionbar" }, actionButtons(looseActions(acts))) : null,
      annotationPanel(stat, ui.annotation)
    ],
    players: playerPanels(stat, snap)
  };
}
function defs() {
  return h(
    "defs",
    {},
    h(
      "marker",
      { id: "cw-arrowhead", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
      h("path", { d: "M0,0 L10,5 L0,10 Z", class: "cw-arrowhead" })
    )
  );
}
function mapSvg(stat) {
  const geo = stat.map;
  return h("svg", {
    class: "cw-svg",
    viewBox: `0 0 ${geo.width} ${geo.height}`,
    role: "group",
    "aria-label": stat.labels.ui.board,
    "data-testid": "cw-map",
    preserveAspectRatio: "xMidYMid meet"
  }, defs(), mapLayer(stat), h("g", { class: "cw-dynamic-slot" }), namesLayer(stat));
}

// src/intents.js
function keyIntent(ev) {
  const by = ev.shiftKey ? "phase" : ev.ctrlKey || ev.metaKey ? "cycle" : "step";
  switch (ev.key) {
    case "ArrowLeft":
      return { type: "nav", to: "back", by };
    case "ArrowRight":
      return { type: "nav", to: "forward", by };
    case "Home":
      return { type: "nav", to: "start", by: "step" };
    case "End":
      return { type: "nav", to: "end", by: "step" };
    default:
      return null;
  }
}
function playIntent(action) {
  return { type: "play", id: action.id, notation: action.notation };
}
function continueIntent() {
  return { type: "continue" };
}
function renderedIntent(step, ms) {
  return { type: "rendered", step, ms: Math.round(ms * 100) / 100 };
}

// src/view.js
var requestFrame = (fn) => typeof requestAnimationFrame === "function" ? requestAnimationFrame(fn) : setTimeout(fn, 0);
var cancelFrame = (id) => typeof cancelAnimationFrame === "function" ? cancelAnimationFrame(id) : clearTimeout(id);
var WATCHED = ["static", "snapshot", "legal", "error", "highlights", "annotation", "timeline", "animate", "interactive"];
function replace(slot, trees) {
  const doc = slot.ownerDocument;
  const frag = doc.createDocumentFragment();
  for (const t of [].concat(trees)) if (t) frag.appendChild(toDom(t, doc));
  slot.replaceChildren(frag);
}
function frame(doc) {
  const root = toDom(h(
    "div",
    { class: "cw-root", tabindex: "0", "data-testid": "cw-board", "data-lm-suppress-shortcuts": "true" },
    h("div", { class: "cw-status-slot" }),
    h(
      "div",
      { class: "cw-main" },
      h("div", { class: "cw-map-area" }, h("div", { class: "cw-svg-slot" }), h("div", { class: "cw-menu-slot" }), h("div", { class: "cw-tip", role: "tooltip", hidden: true, "data-testid": "cw-tip" })),
      h("div", { class: "cw-side" }, h("div", { class: "cw-below" }), h("div", { class: "cw-tracks" }), h("div", { class: "cw-players-slot" }))
    )
  ), doc);
  const q = (s) => root.querySelector(s);
  return { root, status: q(".cw-status-slot"), svgSlot: q(".cw-svg-slot"), menu: q(".cw-menu-slot"), tip: q(".cw-tip"), side: q(".cw-tracks"), below: q(".cw-below"), players: q(".cw-players-slot") };
}
function mountBoard(el, source) {
  const doc = el.ownerDocument;
  const f = frame(doc);
  el.appendChild(f.root);
  const local = { menu: null, staticKey: null, dynamicSlot: null };
  function drawStatic(stat) {
    const key = JSON.stringify([stat.map.id, stat.lang]);
    if (key === local.staticKey) return;
    local.staticKey = key;
    replace(f.svgSlot, mapSvg(stat));
    local.dynamicSlot = f.svgSlot.querySelector(".cw-dynamic-slot");
    f.root.setAttribute("lang", stat.lang);
    f.root.setAttribute("aria-label", stat.labels.ui.board);
  }
  function draw() {
    const stat = source.get("static");
    const snap = source.get("snapshot");
    if (!stat || !stat.map || !snap || !snap.players) return;
    const t0 = performance.now();
    drawStatic(stat);
    const ui = {
      menu: local.menu,
      error: source.get("error"),
      highlights: source.get("highlights"),
      annotation: source.get("annotation"),
      timeline: source.get("timeline"),
      animate: source.get("animate") !== false,
      interactive: source.get("interactive") !== false
    };
    const parts = boardParts(stat, snap, source.get("legal"), ui);
    replace(f.status, parts.status);
    replace(local.dynamicSlot, parts.dynamic);
    replace(f.menu, parts.menu);
    replace(f.side, parts.side);
    replace(f.below, parts.below);
    replace(f.players, parts.players);
    f.root.classList.toggle("cw-no-anim", !ui.animate);
    const ms = performance.now() - t0;
    f.root.dataset.renderMs = ms.toFixed(2);
    f.root.dataset.step = String(snap.step);
    return ms;
  }
  let pending = null;
  let snapshotChanged = false;
  function flush() {
    pending = null;
    const ms = draw();
    const snap = source.get("snapshot");
    if (snapshotChanged && ms !== void 0 && snap) source.send(renderedIntent(snap.step, ms));
    snapshotChanged = false;
  }
  function schedule() {
    if (pending === null) pending = requestFrame(flush);
  }
  function onSnapshot() {
    local.menu = null;
    snapshotChanged = true;
    schedule();
  }
  function onClick(ev) {
    const t = ev.target.closest("[data-action],[data-intent],[data-target],[data-track]");
    if (!t || !f.root.contains(t)) return;
    const legal = source.get("legal") || [];
    if (t.dataset.action !== void 0) {
      const action = legal.find((a) => String(a.id) === t.dataset.action);
      if (action) source.send(playIntent(action));
      local.menu = null;
      draw();
    } else if (t.dataset.intent === "continue") {
      source.send(continueIntent());
    } else if (t.dataset.intent === "close") {
      local.menu = null;
      draw();
    } else {
      const id = t.dataset.target || t.dataset.track;
      local.menu = local.menu === id ? null : id;
      draw();
    }
  }
  function onKey(ev) {
    if (ev.target.closest && ev.target.closest("input,textarea,select")) return;
    if (ev.key === "Escape" && local.menu) {
      local.menu = null;
      draw();
      return;
    }
    if ((ev.key === "Enter" || ev.key === " ") && ev.target.dataset && ev.target.dataset.track) {
      ev.preventDefault();
      onClick(ev);
      return;
    }
    const intent = keyIntent(ev);
    if (intent) {
      ev.preventDefault();
      ev.stopPropagation();
      source.send(intent);
    }
  }
  function onOver(ev) {
    const t = ev.target.closest("[data-tip]");
    if (!t) {
      f.tip.hidden = true;
      return;
    }
    f.tip.textContent = t.dataset.tip;
    const box = f.root.querySelector(".cw-map-area").getBoundingClientRect();
    f.tip.style.left = `${ev.clientX - box.left + 12}px`;
    f.tip.style.top = `${ev.clientY - box.top + 12}px`;
    f.tip.hidden = false;
  }
  const onLeave = () => {
    f.tip.hidden = true;
  };
  f.root.addEventListener("click", onClick);
  f.root.addEventListener("keydown", onKey);
  f.root.addEventListener("mouseover", onOver);
  f.root.addEventListener("mouseleave", onLeave);
  const handlers = WATCHED.map((name) => [name, name === "snapshot" ? onSnapshot : schedule]);
  for (const [name, fn] of handlers) source.on(name, fn);
  draw();
  return () => {
    if (pending !== null) cancelFrame(pending);
    for (const [name, fn] of handlers) source.off(name, fn);
    f.root.removeEventListener("click", onClick);
    f.root.removeEventListener("keydown", onKey);
    f.root.removeEventListener("mouseover", onOver);
    f.root.removeEventListener("mouseleave", onLeave);
    f.root.remove();
  };
}

// src/widget.js
function modelSource(model) {
  return {
    get: (name) => model.get(name),
    on: (name, fn) => model.on(`change:${name}`, fn),
    off: (name, fn) => model.off(`change:${name}`, fn),
    send: (msg) => model.send(msg)
  };
}
function render({ model, el }) {
  return mountBoard(el, modelSource(model));
}
var widget_default = { render };
export {
  widget_default as default,
  modelSource
};
