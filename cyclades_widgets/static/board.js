// src/patch.js
function applyPatch(value, patch) {
  if (!patch || typeof patch === "object" && Object.keys(patch).length === 0) return value;
  if (Array.isArray(value)) {
    const out2 = value.slice(0, patch.n ?? value.length);
    while (out2.length < (patch.n ?? value.length)) out2.push(null);
    for (const [k, v] of Object.entries(patch.s || {})) out2[Number(k)] = v;
    for (const [k, p] of Object.entries(patch.u || {})) out2[Number(k)] = applyPatch(out2[Number(k)], p);
    return out2;
  }
  const out = { ...value };
  for (const k of patch.d || []) delete out[k];
  for (const [k, v] of Object.entries(patch.s || {})) out[k] = v;
  for (const [k, p] of Object.entries(patch.u || {})) out[k] = applyPatch(out[k], p);
  return out;
}

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

// src/pieces.js
function icon(d, x, y, r, attrs = {}) {
  const { width = 1.2, ...rest } = attrs;
  return h("path", {
    d,
    transform: `translate(${x},${y}) scale(${+r.toPrecision(3)})`,
    "fill-rule": "evenodd",
    "stroke-width": rest.stroke ? +(width / r).toPrecision(3) : null,
    "stroke-linejoin": rest.stroke ? "round" : null,
    ...rest
  });
}
function pathOf(fixed, name) {
  return name.startsWith("shape:") ? fixed.shapes[name.slice(6)] : fixed.icons[name];
}
function recipeOf(fixed, p) {
  return fixed.recipes[`${p.kind}:${p.building || p.creature}`] || fixed.recipes[p.kind];
}
var OWNER = { $seat: "colour", $ink: "ink", $shape: "shape" };
var valueOf = (v, seat) => typeof v === "string" && seat && OWNER[v] ? seat[OWNER[v]] : v;
function part(fixed, q, at, seat, n2) {
  const v = Object.fromEntries(Object.entries(q).map(([k, x2]) => [k, valueOf(x2, seat)]));
  const x = at[0] + (v.dx || 0);
  const y = at[1] + (v.dy || 0);
  const paint = { fill: v.fill, stroke: v.stroke || null };
  const width = v.stroke ? v.width : null;
  switch (v.draw) {
    case "icon":
      return icon(pathOf(fixed, q.icon === "$shape" ? `shape:${v.icon}` : v.icon), x, y, v.r, { ...paint, width: v.width ?? 1.2 });
    case "circle":
      return h("circle", { class: v.hit ? "cw-hit" : null, cx: x, cy: y, r: v.r, ...paint, "stroke-width": width });
    case "square":
      return h("rect", { x: x - v.r, y: y - v.r, width: 2 * v.r, height: 2 * v.r, rx: v.rx, ...paint, "stroke-width": width });
    case "line":
      return h("line", { x1: at[0] + v.dx1, y1: at[1] + v.dy1, x2: at[0] + v.dx2, y2: at[1] + v.dy2, stroke: v.stroke, "stroke-width": v.width });
    default:
      return h("text", { class: "cw-count", x, y, fill: v.fill, "font-size": v.size, "font-weight": 800, "text-anchor": "middle" }, String(n2));
  }
}
function piece(fixed, key, p, fresh = false) {
  const seat = p.seat !== null && p.seat !== void 0 ? fixed.seats[p.seat % fixed.seats.length] : null;
  const recipe = recipeOf(fixed, p);
  const drawn2 = (p.points || [p.at]).flatMap((at) => recipe.map((q) => {
    const where = q.at === "link" ? p.link : at;
    return where ? part(fixed, q, where, seat, p.n) : null;
  }));
  return h("g", {
    class: `cw-piece cw-${p.kind}` + (fresh ? " cw-new" : ""),
    "data-key": key,
    "data-target": p.target,
    "data-tip": p.label,
    "aria-label": p.label,
    role: "img"
  }, drawn2);
}
function piecesLayer(fixed, view, before = null) {
  const order = fixed.piece_order;
  const items = Object.entries(view.pieces).sort((a, b) => order.indexOf(a[1].kind) - order.indexOf(b[1].kind));
  const changed = (key, p) => before !== null && before[key] !== p && JSON.stringify(before[key]) !== JSON.stringify(p);
  return h("g", { class: "cw-pieces" }, items.map(([key, p]) => piece(fixed, key, p, changed(key, p))));
}

// src/map.js
function loopsPath(loops) {
  return loops.map((loop) => "M" + loop.map((p) => `${p[0]},${p[1]}`).join("L") + "Z").join("");
}
function placePath(fixed, id) {
  const geo = fixed.map;
  return geo.isles[id] ? loopsPath(geo.isles[id].outline) : loopsPath([geo.seas[id].points]);
}
function symbol(fixed, at) {
  return icon(fixed.icons.cornucopia, at[0], at[1], fixed.sizes.prosperity, fixed.styles.symbol);
}
function seaNode(fixed, id, sea) {
  const S = fixed.styles;
  return h(
    "g",
    { class: "cw-sea-g" },
    h("path", { class: "cw-sea" + (sea.prosperity ? " cw-sea-prosperity" : ""), d: loopsPath([sea.points]), "data-target": id, ...S.sea, ...sea.prosperity ? S.sea_prosperity : {} }),
    h("text", { class: "cw-sea-id", x: sea.id_at[0], y: sea.id_at[1], "font-size": fixed.sizes.sea_id, ...S.sea_id }, id),
    sea.prosperity ? symbol(fixed, sea.symbol) : null
  );
}
function isleNode(fixed, id, isle) {
  const S = fixed.styles;
  const r = fixed.sizes.slot;
  const d = loopsPath(isle.outline);
  return h(
    "g",
    { class: "cw-isle-g", role: "img", "aria-label": fixed.places[id].label, "data-tip": fixed.places[id].label },
    h("path", { class: "cw-shadow", d, ...S.isle_shadow }),
    h("path", { class: "cw-isle", d, ...S.isle, "fill-rule": "evenodd", "data-target": id }),
    h("g", { class: "cw-slots", ...S.slot }, isle.slots.map(([x, y]) => h("rect", { class: "cw-slot", x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2 }))),
    isle.symbols.length ? h("g", { class: "cw-prosperity" }, isle.symbols.map((at) => symbol(fixed, at))) : null
  );
}
function namesLayer(fixed) {
  return h(
    "g",
    { class: "cw-names", "aria-hidden": "true", "font-size": fixed.sizes.isle_name, ...fixed.styles.isle_name },
    Object.entries(fixed.map.isles).map(([id, isle]) => h("text", { class: "cw-isle-name", x: isle.label[0], y: isle.label[1], "data-id": id }, fixed.places[id].name))
  );
}
function mapLayer(fixed) {
  const geo = fixed.map;
  return h(
    "g",
    { class: "cw-map" },
    h("g", { class: "cw-seas", "aria-hidden": "true" }, Object.entries(geo.seas).map(([id, sea]) => seaNode(fixed, id, sea))),
    h("g", { class: "cw-isles" }, Object.entries(geo.isles).map(([id, isle]) => isleNode(fixed, id, isle)))
  );
}
function ownersLayer(fixed, view) {
  return h("g", { class: "cw-owners", "aria-hidden": "true" }, Object.entries(view.owners).map(([id, seat]) => h("path", { class: "cw-owned", d: loopsPath(fixed.map.isles[id].outline), fill: "none", ...fixed.styles.owned, stroke: fixed.seats[seat % fixed.seats.length].colour, "data-id": id })));
}
function litLayer(fixed, view) {
  return h("g", { class: "cw-lit-layer" }, view.lit.map((id) => h("path", {
    class: "cw-lit cw-target",
    d: placePath(fixed, id),
    ...fixed.styles.lit,
    "fill-rule": "evenodd",
    "data-target": id,
    role: "button",
    tabindex: "-1",
    "aria-label": fixed.places[id].label,
    "aria-haspopup": "dialog",
    "data-tip": fixed.places[id].label
  })));
}
function arrowShape(fixed, a, kind, attrs) {
  const S = fixed.styles;
  const [x1, y1, x2, y2] = a.shaft;
  const shaft = { x1, y1, x2, y2 };
  return h(
    "g",
    { class: `cw-${kind}`, ...attrs },
    h("line", { ...shaft, class: "cw-halo", ...S.halo }),
    h("line", { ...shaft, class: `cw-${kind}-line`, ...S[kind] }),
    h("polygon", { points: a.head.map((p) => p.join(",")).join(" "), class: `cw-${kind}-head`, ...S[`${kind}_head`] })
  );
}
function trailsLayer(fixed, view, animate) {
  return h("g", { class: "cw-trails", "aria-hidden": "true" }, view.trails.map((t, i) => {
    const [x1, y1, x2, y2] = t.line;
    return [
      arrowShape(fixed, t, "trail", { "data-from": t.from, "data-to": t.to }),
      animate ? h("circle", { class: "cw-ghost", r: fixed.map.hex_size * 0.22, cx: 0, cy: 0, style: `offset-path: path('M${x1},${y1} L${x2},${y2}'); animation-delay: ${i * 80}ms` }) : null
    ];
  }));
}
function pill(fixed, m) {
  const [x, y, w, ht] = m.label_box;
  return h(
    "g",
    { class: "cw-label" },
    h("rect", { x, y, width: w, height: ht, rx: ht / 2, ...fixed.styles.label }),
    h("text", { x: m.label_at[0], y: m.label_at[1], class: "cw-label-text", ...fixed.styles.label_text }, m.label)
  );
}
function marksLayer(fixed, view) {
  const m = view.marks;
  return h(
    "g",
    { class: "cw-marks" },
    h("g", { class: "cw-highlights" }, m.places.map((p) => h("path", { class: "cw-highlight", d: placePath(fixed, p.id), ...fixed.styles.highlight, "fill-rule": "evenodd", "data-target": p.id }))),
    h("g", { class: "cw-arrows" }, m.arrows.filter((a) => a.line).map((a) => arrowShape(fixed, a, "arrow", { "data-from": a.from, "data-to": a.to }))),
    h("g", { class: "cw-labels" }, [...m.places, ...m.arrows].filter((p) => p.label).map((p) => pill(fixed, p)))
  );
}

// src/panels.js
function seatIcon(fixed, seat, size = 16, label = null) {
  const s = fixed.seats[seat % fixed.seats.length];
  return h("svg", {
    class: "cw-shape-icon",
    width: size,
    height: size,
    viewBox: "-1.3 -1.3 2.6 2.6",
    role: label ? "img" : null,
    "aria-label": label,
    "aria-hidden": label ? null : "true",
    focusable: "false"
  }, icon(fixed.shapes[s.shape], 0, 0, 1, { fill: s.colour, stroke: fixed.palette.outline, width: 0.12 }));
}
var spoken = (text) => h("span", { class: "cw-sr" }, text);
var chip = (fixed, seat, text) => {
  const s = fixed.seats[seat % fixed.seats.length];
  return h("span", { class: "cw-chip", style: `--pc:${s.colour};--pi:${s.ink}` }, seatIcon(fixed, seat, 14), text ? h("span", { class: "cw-chip-text" }, text) : null);
};
function headerBar(fixed, view, timeline) {
  const head = view.header;
  return h(
    "div",
    { class: "cw-header" },
    h("span", { class: "cw-cycle" }, head.cycle),
    h("span", { class: "cw-phase" }, head.phase),
    h("span", { class: "cw-viewer" }, head.viewer),
    timeline && timeline.text ? h("span", { class: "cw-timeline", "data-testid": "cw-timeline" }, timeline.text) : null
  );
}
function promptBar(fixed, view, interactive) {
  const p = view.prompt;
  const T = fixed.text;
  const moving = (p.kind === "chance" || p.kind === "auto") && interactive;
  const botTurn = p.kind === "decision" && p.bot === true && interactive;
  const cont = () => h("button", { class: "cw-btn cw-continue", "data-intent": "continue", title: T["button.continue_hint"], "data-testid": "cw-continue" }, T["button.continue"]);
  return h(
    "div",
    { class: "cw-prompt", role: "status", "aria-live": "polite", "data-testid": "cw-prompt" },
    p.seat !== null && p.seat !== void 0 ? seatIcon(fixed, p.seat, 20) : null,
    h("span", { class: "cw-prompt-text", "data-testid": "cw-status-line" }, p.text),
    moving ? h(
      "span",
      { class: "cw-prompt-buttons" },
      h("button", { class: "cw-btn cw-step", "data-intent": "step", title: T["button.step_hint"], "data-testid": "cw-step" }, T["button.step"]),
      cont()
    ) : botTurn ? h("span", { class: "cw-prompt-buttons" }, cont()) : null
  );
}
function panel(title, cls, body, extra = {}) {
  return h("section", { class: `cw-panel ${cls}`, "aria-label": title, ...extra }, h("h3", {}, title), body);
}
function godTrack(fixed, view) {
  const T = fixed.text;
  const lit = new Set(view.lit_track);
  return panel(T["gods.title"], "cw-gods", h("ol", {}, view.gods.map((g) => {
    const isLit = lit.has(g.id);
    let right;
    if (g.id === "apollo") right = g.seats.map((s) => chip(fixed, s, ""));
    else if (!g.up) right = T["god.face_down.short"];
    else if (g.bid) right = chip(fixed, g.bid.seat, g.bid.text);
    else right = h("span", { class: "cw-muted" }, T["god.no_bid"]);
    return h("li", { class: "cw-item" }, h("div", {
      class: `cw-god cw-god-${g.id}` + (g.up ? "" : " cw-face-down") + (isLit ? " cw-lit-item cw-target" : "") + (g.acting !== void 0 ? " cw-acting-god" : ""),
      "data-track": isLit ? g.id : null,
      "data-god": g.id,
      "data-label": g.label,
      "data-testid": `cw-god-${g.id}`,
      role: isLit ? "button" : null,
      tabindex: isLit ? "-1" : null,
      "aria-haspopup": isLit ? "dialog" : null,
      title: g.tip || null,
      "aria-description": g.tip || null
    }, spoken(g.label), h("span", { class: "cw-god-name", "aria-hidden": "true" }, T.gods[g.id]), h("span", { class: "cw-god-bid", "aria-hidden": "true" }, right)));
  })));
}
function turnTrack(fixed, view) {
  return panel(fixed.text["turns.title"], "cw-turns", h("ol", { class: "cw-turn-list" }, view.turns.map((t) => h("li", { class: "cw-turn" + (t.mark ? ` cw-${t.mark}` : "") }, spoken(t.label), h("span", { "aria-hidden": "true" }, chip(fixed, t.seat, t.text))))));
}
function creatureTrack(fixed, view) {
  const T = fixed.text;
  const lit = new Set(view.lit_track);
  const c = view.creatures;
  return h(
    "section",
    { class: "cw-panel cw-creatures", "aria-label": T["creatures.title"] },
    h("h3", {}, T["creatures.title"], h("span", { class: "cw-muted" }, " · " + c.deck)),
    h("ol", { class: "cw-creature-list" }, c.slots.map((slot) => {
      const isLit = slot.id && lit.has(slot.id);
      return h("li", { class: "cw-item" }, h("div", {
        class: "cw-creature" + (slot.id ? "" : " cw-empty") + (isLit ? " cw-lit-item cw-target" : ""),
        "data-track": isLit ? slot.id : null,
        "data-creature": slot.id || null,
        "data-label": slot.label,
        title: slot.id ? T.effects[slot.id] : null,
        role: isLit ? "button" : null,
        tabindex: isLit ? "-1" : null,
        "aria-haspopup": isLit ? "dialog" : null
      }, spoken(slot.label), h("span", { class: "cw-price", "aria-hidden": "true" }, slot.price), h("span", { "aria-hidden": "true" }, slot.id ? T.creatures[slot.id] : "—")));
    }))
  );
}
function playerPanels(fixed, view) {
  const T = fixed.text;
  return h("section", { class: "cw-players", "aria-label": T["players.title"] }, view.players.map((p) => h(
    "article",
    {
      class: "cw-player" + (p.acting ? " cw-acting" : "") + (p.eliminated ? " cw-eliminated" : ""),
      style: `--pc:${p.colour};--pi:${p.ink}`,
      "aria-label": p.label,
      "data-testid": `cw-player-${p.seat}`
    },
    h(
      "header",
      {},
      seatIcon(fixed, p.seat, 18),
      h("span", { class: "cw-player-name" }, p.name),
      h("span", { class: "cw-gold" + (p.hidden ? " cw-hidden" : ""), "data-testid": `cw-gold-${p.seat}` }, p.gold)
    ),
    h("dl", {}, T.stats.map((name, i) => [h("dt", {}, name), h("dd", {}, String(p.stats[i]))]))
  )));
}
function battlePanel(fixed, view) {
  const b = view.battle;
  if (!b) return null;
  return h(
    "section",
    { class: "cw-panel cw-battle", "aria-label": b.title, "data-testid": "cw-battle" },
    h("h3", {}, b.title, b.round ? h("span", { class: "cw-muted" }, " · " + b.round) : null),
    h("div", { class: "cw-sides" }, b.sides.map((s, i) => h(
      "div",
      { class: `cw-bside cw-${i ? "defender" : "attacker"}` },
      h("strong", {}, s.seat !== null && s.seat !== void 0 ? seatIcon(fixed, s.seat, 14) : null, s.head),
      s.line ? h("div", { class: "cw-sum" }, s.line) : null,
      s.losses ? h("div", { class: "cw-loss" }, s.losses) : null
    ))),
    b.result ? h("div", { class: "cw-result" }, b.result) : null
  );
}
function logPanel(fixed, view) {
  const log = view.log;
  if (!log) return null;
  const T = fixed.text;
  return h(
    "section",
    { class: "cw-panel cw-log", "aria-label": T["log.title"], "data-testid": "cw-log" },
    h("h3", {}, T["log.title"]),
    h(
      "div",
      { class: "cw-log-body", tabindex: "0", role: "log", "aria-label": T["log.title"] },
      log.earlier ? h("p", { class: "cw-muted cw-earlier" }, log.earlier) : null,
      log.groups.length ? null : h("p", { class: "cw-muted" }, T["log.empty"]),
      log.groups.map((g) => h(
        "div",
        { class: "cw-log-group" },
        h("h4", {}, g.seat !== null && g.seat !== void 0 ? seatIcon(fixed, g.seat, 13) : null, g.head),
        g.steps.map((k) => h(
          "ul",
          { class: "cw-log-step" + (k === log.newest ? " cw-newest" : ""), "data-step": String(k) },
          (log.lines[String(k)] || []).map((line) => h("li", {}, line))
        ))
      ))
    )
  );
}
function legendPanel(fixed, view) {
  const T = fixed.text;
  const picture = (q) => icon(pathOf(fixed, q.icon), q.dx, q.dy, q.r, { fill: q.fill, stroke: q.stroke || null, width: q.width });
  return h(
    "details",
    { class: "cw-legend", "data-testid": "cw-legend" },
    h("summary", {}, T["legend.title"]),
    h(
      "ul",
      {},
      T.legend.map(([item, text]) => h(
        "li",
        {},
        h(
          "svg",
          { class: "cw-legend-icon", width: 18, height: 18, viewBox: "-1.4 -1.4 2.8 2.8", "aria-hidden": "true", focusable: "false" },
          picture(fixed.legend[item])
        ),
        text
      )),
      view.players.map((p) => h("li", {}, seatIcon(fixed, p.seat, 18), p.who))
    )
  );
}
function annotationPanel(fixed, note) {
  if (note && note.title !== void 0) return coachNote(fixed, note);
  if (!note || !note.before && !note.after && !note.tag) return null;
  const T = fixed.text;
  return h(
    "section",
    { class: "cw-panel cw-annotation", "aria-label": T["notes.title"], "data-testid": "cw-annotation" },
    note.tag ? h("div", { class: "cw-tag" }, `${T["note.tag"]}: ${note.tag}`) : null,
    note.before ? h("p", { class: "cw-before", "data-testid": "cw-note-before" }, h("strong", {}, T["note.before"] + ": "), note.before) : null,
    note.after ? h("p", { class: "cw-after", "data-testid": "cw-note-after" }, h("strong", {}, T["note.after"] + ": "), note.after) : null
  );
}
function coachNote(fixed, note) {
  return h(
    "section",
    { class: "cw-panel cw-annotation cw-coach-note", "aria-label": note.title, "data-testid": "cw-annotation" },
    h("div", { class: "cw-tag", "data-testid": "cw-note-title" }, note.title),
    note.text ? h("p", { class: "cw-before", "data-testid": "cw-note-text" }, note.text) : null
  );
}
function noticeLine(notice) {
  if (!notice) return null;
  return h("div", { class: "cw-notice", role: "status", "data-testid": "cw-notice" }, notice);
}
function errorLine(fixed, error) {
  if (!error) return null;
  return h("div", { class: "cw-error", role: "alert", "data-testid": "cw-error" }, h("strong", {}, fixed.text.rejected + ": "), error);
}
function actionButtons(actions, extra = {}) {
  return actions.map((a) => h("button", {
    class: "cw-btn cw-action" + (a.chip ? " cw-chip-button" : ""),
    "data-action": String(a.id),
    title: a.label,
    "data-notation": a.notation,
    "aria-label": a.label,
    ...extra
  }, a.chip || a.label));
}
function popover(fixed, title, actions) {
  const chips = actions.length > 1 && actions.every((a) => a.chip);
  return h(
    "div",
    { class: "cw-menu" + (chips ? " cw-menu-chips" : ""), role: "dialog", "aria-label": title, "data-testid": "cw-menu" },
    h("div", { class: "cw-menu-title" }, title),
    h("div", { class: "cw-menu-items", role: "group", "aria-label": title }, actionButtons(actions)),
    h("button", { class: "cw-btn cw-close", "data-intent": "close", "aria-label": fixed.text["button.close"], title: fixed.text["button.close"] }, "×")
  );
}

// src/board.js
var VIEW_VERSION = 3;
var stale = (fixed) => !!fixed && fixed.v !== VIEW_VERSION;
function versionLine(fixed) {
  const words = fixed.text && fixed.text.version || fmt("{py} ≠ {js}", { js: VIEW_VERSION, py: fixed.v });
  return h("div", { class: "cw-error cw-version", role: "alert", "data-testid": "cw-version" }, words);
}
function paletteEntries(fixed) {
  return Object.entries(fixed && fixed.palette || {}).map(([role, colour]) => [`--cw-${role.replace(/_/g, "-")}`, colour]);
}
var paletteStyle = (fixed) => paletteEntries(fixed).map(([k, v]) => `${k}:${v}`).join(";");
function looseActions(legal) {
  return (legal || []).filter((a) => !(a.targets || []).length && !(a.track || []).length);
}
function actionsAt(legal, id) {
  return (legal || []).filter((a) => (a.targets || []).includes(id) || (a.track || []).includes(id));
}
function dynamicLayer(fixed, view, ui = {}) {
  return h(
    "g",
    { class: "cw-dynamic" },
    ownersLayer(fixed, view),
    h("g", { class: "cw-pieces-layer" }, piecesLayer(fixed, view, ui.before || null)),
    ui.interactive === false ? null : litLayer(fixed, view),
    trailsLayer(fixed, view, ui.animate !== false)
  );
}
function boardParts(fixed, view, legal, ui = {}) {
  if (stale(fixed)) return { header: null, prompt: versionLine(fixed), dynamic: null, marks: null, below: [], log: null, tracks: [], players: null, legend: null };
  const interactive = ui.interactive !== false;
  const shown = interactive ? view : { ...view, lit: [], lit_track: [] };
  const loose = interactive ? looseActions(legal) : [];
  return {
    header: headerBar(fixed, view, ui.timeline),
    prompt: promptBar(fixed, view, interactive),
    dynamic: dynamicLayer(fixed, shown, ui),
    marks: marksLayer(fixed, view),
    below: [
      errorLine(fixed, ui.error),
      noticeLine(ui.notice),
      loose.length ? h("div", { class: "cw-actionbar", role: "group", "aria-label": fixed.text.actions, "data-testid": "cw-actionbar" }, actionButtons(loose)) : null,
      annotationPanel(fixed, ui.annotation)
    ],
    log: logPanel(fixed, view),
    tracks: [godTrack(fixed, shown), turnTrack(fixed, view), creatureTrack(fixed, shown), battlePanel(fixed, view)],
    players: playerPanels(fixed, view),
    legend: legendPanel(fixed, view)
  };
}
function mapSvg(fixed) {
  const geo = fixed.map;
  const old = stale(fixed);
  return h(
    "svg",
    {
      class: "cw-svg",
      viewBox: `0 0 ${geo.width} ${geo.height}`,
      role: "group",
      "aria-label": fixed.text.title,
      "data-testid": "cw-map",
      preserveAspectRatio: "xMidYMid meet"
    },
    old ? null : h("rect", { class: "cw-sea-bg", width: geo.width, height: geo.height, rx: 8, ...fixed.styles.map }),
    old ? null : mapLayer(fixed),
    h("g", { class: "cw-dynamic-slot" }),
    old ? null : namesLayer(fixed),
    h("g", { class: "cw-marks-slot" })
  );
}
function frameTree(fixed) {
  return h(
    "div",
    {
      class: `cw-root cw-mode-${fixed ? fixed.mode : "normal"}`,
      tabindex: "0",
      "data-testid": "cw-board",
      "data-lm-suppress-shortcuts": "true",
      role: "region",
      style: paletteStyle(fixed) || null
    },
    h("div", { class: "cw-top" }, h("div", { class: "cw-header-slot" }), h("div", { class: "cw-prompt-slot" })),
    h(
      "div",
      { class: "cw-main" },
      h("div", { class: "cw-map-area" }, h("div", { class: "cw-svg-slot" }), h("div", { class: "cw-tip", role: "tooltip", hidden: true, "data-testid": "cw-tip" })),
      h(
        "div",
        { class: "cw-side" },
        h("div", { class: "cw-below" }),
        h("div", { class: "cw-log-slot" }),
        h("div", { class: "cw-tracks" }),
        h("div", { class: "cw-players-slot" }),
        h("div", { class: "cw-legend-slot" })
      )
    ),
    h("div", { class: "cw-graph-slot" }),
    h("div", { class: "cw-menu-slot" })
  );
}

// src/graph.js
var GRAPH_VERSION = 1;
var n = (v) => String(Math.round(v * 10) / 10);
function iconPath(d, x, y, r, fill, stroke) {
  return h("path", {
    d,
    transform: `translate(${n(x)},${n(y)}) scale(${r})`,
    fill,
    "fill-rule": "evenodd",
    stroke,
    "stroke-width": n(1.2 / r),
    "stroke-linejoin": "round"
  });
}
function frame(g) {
  const { box, colours: c, font } = g;
  const right = box.x + box.w;
  const bottom = box.y + box.h;
  return [
    h("rect", { width: n(g.width), height: n(g.height), fill: c.paper }),
    h("text", { x: n(box.x), y: "16", "font-size": n(font + 2), "font-weight": "bold", fill: c.ink }, g.title),
    g.grid.map((line) => [
      h("line", { x1: n(box.x), x2: n(right), y1: n(line.y), y2: n(line.y), stroke: c.rule }),
      h("text", { x: n(box.x - 6), y: n(line.y + font / 3), "text-anchor": "end", "font-size": n(font), fill: c.muted }, line.text)
    ]),
    g.cycles.map((cy) => [
      h("line", { x1: n(cy.x), x2: n(cy.x), y1: n(box.y), y2: n(bottom), stroke: c.rule, "stroke-dasharray": "3 3" }),
      h("text", { x: n(cy.x), y: n(bottom + font + 3), "text-anchor": "middle", "font-size": n(font - 1), fill: c.muted }, cy.text)
    ]),
    h("text", { x: n(right), y: n(bottom + 2 * font + 8), "text-anchor": "end", "font-size": n(font), fill: c.muted }, g.axis)
  ];
}
var cursorX = (g, index) => g.box.x + g.box.w * index / Math.max(1, g.length);
function data(g, index) {
  const { box, colours: c } = g;
  const at = index === null || index === void 0 ? null : cursorX(g, index);
  return [
    h("g", { class: "cw-graph-hits", fill: g.hit.fill, "fill-opacity": String(g.hit.opacity) }, g.hits.map((hit) => h(
      "rect",
      { class: "cw-graph-hit", x: n(hit.x), y: n(box.y), width: n(hit.w), height: n(box.h), "data-goto": String(hit.position) },
      h("title", {}, hit.title)
    ))),
    g.lines.map((line) => h("path", {
      class: "cw-graph-line",
      d: line.d,
      fill: "none",
      stroke: line.colour,
      "stroke-width": "2",
      "stroke-linejoin": "round",
      "data-player": line.player
    })),
    g.marks.map((m) => h(
      "g",
      { class: "cw-graph-mark", "data-goto": String(m.position), "data-label": m.label, tabindex: "0", role: "button", "aria-label": m.title },
      h("title", {}, m.title),
      iconPath(m.shape, m.x, m.y, m.r, m.colour, c.ink)
    )),
    at === null ? null : h("line", { class: "cw-graph-cursor", x1: n(at), x2: n(at), y1: n(box.y), y2: n(box.y + box.h), stroke: c.highlight, "stroke-width": "2" }),
    g.legend.map((item) => [
      iconPath(item.shape, item.x, item.y - 4, item.r, item.colour, c.ink),
      h("text", { x: n(item.tx), y: n(item.y), "font-size": n(g.font), fill: c.ink }, item.player)
    ])
  ];
}
function graphTree(g, index, label) {
  if (!g || g.v !== GRAPH_VERSION) return null;
  return h(
    "svg",
    {
      class: "cw-graph",
      role: "group",
      "aria-label": label || g.title,
      viewBox: `0 0 ${n(g.width)} ${n(g.height)}`,
      "data-testid": "cw-graph",
      preserveAspectRatio: "xMidYMid meet",
      "font-family": "system-ui, sans-serif"
    },
    frame(g),
    data(g, index)
  );
}
function gotoIntent(node, step) {
  const t = node && node.closest && node.closest("[data-goto]");
  if (!t) return null;
  return { type: "goto", index: Number(t.getAttribute("data-goto")), step };
}

// src/intents.js
function keyIntent(ev, step) {
  const by = ev.shiftKey ? "phase" : ev.ctrlKey || ev.metaKey ? "cycle" : "step";
  switch (ev.key) {
    case "ArrowLeft":
      return { type: "nav", to: "back", by, step };
    case "ArrowRight":
      return { type: "nav", to: "forward", by, step };
    case "Home":
      return { type: "nav", to: "start", by: "step", step };
    case "End":
      return { type: "nav", to: "end", by: "step", step };
    default:
      return null;
  }
}
function playIntent(action, step) {
  return { type: "play", id: action.id, notation: action.notation, step };
}
function continueIntent(step) {
  return { type: "continue", step };
}
function stepIntent(step) {
  return { type: "step", step };
}
function whyIntent(target, step) {
  return { type: "why", target, step };
}
function renderedIntent(step, ms) {
  return { type: "rendered", step, ms: Math.round(ms * 100) / 100 };
}

// src/fit.js
var SCROLLING = /(auto|scroll)/;
var CONTENT_SIZED = ".jupyter-widgets, .jp-OutputArea, .jp-OutputArea-output";
var MARGIN = 12;
var LEAST = 220;
function scroller(el) {
  const view = el.ownerDocument.defaultView;
  const least = view.innerHeight / 2;
  for (let node = el.parentElement; node; node = node.parentElement) {
    if (node.matches(CONTENT_SIZED)) continue;
    const style = view.getComputedStyle(node);
    if (SCROLLING.test(style.overflowY) && node.clientHeight >= least) return node;
  }
  return null;
}
function visibleHeight(el) {
  const box = scroller(el);
  const view = el.ownerDocument.defaultView;
  return box ? box.clientHeight : view.innerHeight;
}
function mapMaxHeight(root, visible) {
  const area = root.querySelector(".cw-map-area");
  if (!area || !visible) return null;
  const fitted = root.closest(".cw-fit") || root;
  const others = fitted.getBoundingClientRect().height - area.getBoundingClientRect().height;
  return Math.max(LEAST, Math.floor(visible - others - MARGIN));
}
function fit(root) {
  const height = mapMaxHeight(root, visibleHeight(root));
  if (height === null) return;
  const now = parseFloat(root.style.getPropertyValue("--cw-map-max-h")) || 0;
  if (Math.abs(now - height) > 2) root.style.setProperty("--cw-map-max-h", `${height}px`);
}
function watchFit(root) {
  const view = root.ownerDocument.defaultView;
  if (!view || typeof view.ResizeObserver !== "function") return () => {
  };
  let pending = false;
  const again = () => {
    if (pending) return;
    pending = true;
    view.requestAnimationFrame(() => {
      pending = false;
      fit(root);
    });
  };
  const observer = new view.ResizeObserver(again);
  observer.observe(root);
  const start = () => {
    const box = scroller(root);
    if (box) observer.observe(box);
    const fitted = root.closest(".cw-fit");
    if (fitted) observer.observe(fitted);
    again();
  };
  start();
  view.addEventListener("resize", again);
  view.requestAnimationFrame(start);
  return () => {
    observer.disconnect();
    view.removeEventListener("resize", again);
  };
}

// src/keys.js
var ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
var stop = (ev) => {
  ev.preventDefault();
  ev.stopPropagation();
};
function onBoardKey(board, ev) {
  if (ev.target.closest && ev.target.closest("input,textarea,select,summary")) return;
  if (ev.key === "Escape" && board.local.menu) {
    stop(ev);
    board.close();
    return;
  }
  if (board.slots.menu.contains(ev.target)) {
    menuKey(board, ev);
    return;
  }
  if ((ev.key === "Enter" || ev.key === " ") && board.slots.graph.contains(ev.target)) {
    const intent2 = gotoIntent(ev.target, board.step());
    if (intent2) {
      stop(ev);
      board.source.send(intent2);
      return;
    }
  }
  const onTarget = ev.target.classList && ev.target.classList.contains("cw-target");
  if (onTarget && targetKey(board, ev)) return;
  if (ev.target.closest && ev.target.closest("button")) return;
  const intent = keyIntent(ev, board.step());
  if (intent) {
    stop(ev);
    board.local.refocus = ev.target === board.root ? false : board.local.refocus;
    board.source.send(intent);
  }
}
function menuKey(board, ev) {
  if (!ARROWS[ev.key]) return;
  const items = [...board.slots.menu.querySelectorAll(".cw-action")];
  const i = items.indexOf(ev.target);
  if (i >= 0) items[(i + ARROWS[ev.key] + items.length) % items.length].focus();
  stop(ev);
}
function targetKey(board, ev) {
  if (ARROWS[ev.key] && !ev.shiftKey && !ev.ctrlKey && !ev.metaKey) {
    const all = board.targets();
    const i = all.indexOf(ev.target);
    const next = all[(i + ARROWS[ev.key] + all.length) % all.length];
    board.rove(next.getAttribute("data-target") || next.getAttribute("data-track"));
    next.focus();
    stop(ev);
    return true;
  }
  if (ev.key === "Enter" || ev.key === " ") {
    stop(ev);
    board.open(ev.target.getAttribute("data-target") || ev.target.getAttribute("data-track"));
    return true;
  }
  return false;
}

// src/logscroll.js
function scrollLogToNewest(slot) {
  const body = slot && slot.querySelector(".cw-log-body");
  if (body && body.scrollHeight > body.clientHeight) body.scrollTop = body.scrollHeight;
}
function watchLog(slot) {
  const view = slot && slot.ownerDocument && slot.ownerDocument.defaultView;
  if (!view || typeof view.ResizeObserver !== "function") return () => {
  };
  const observer = new view.ResizeObserver(() => scrollLogToNewest(slot));
  observer.observe(slot);
  return () => observer.disconnect();
}

// src/place.js
function placeBeside(root, menu, target) {
  if (!menu || !target || !target.getBoundingClientRect) return;
  const box = root.getBoundingClientRect();
  const r = target.getBoundingClientRect();
  const m = menu.getBoundingClientRect();
  let left = r.right - box.left + 8;
  let top = r.top - box.top;
  if (left + m.width > box.width) left = r.left - box.left - m.width - 8;
  if (left < 0) {
    left = Math.max(0, Math.min(box.width - m.width, r.left - box.left));
    top = r.bottom - box.top + 8;
  }
  top = Math.max(0, Math.min(top, Math.max(0, root.scrollHeight - m.height)));
  const px = (n2) => `${Math.round(n2)}px`;
  if (menu.style.left !== px(left)) menu.style.left = px(left);
  if (menu.style.top !== px(top)) menu.style.top = px(top);
}

// src/live.js
var soon = (fn) => typeof queueMicrotask === "function" ? queueMicrotask(fn) : Promise.resolve().then(fn);
var WATCHED = ["static", "view", "legal", "error", "notice", "annotation", "timeline", "animate", "interactive", "graph"];
var SLOTS = {
  header: ".cw-header-slot",
  prompt: ".cw-prompt-slot",
  svg: ".cw-svg-slot",
  below: ".cw-below",
  log: ".cw-log-slot",
  tracks: ".cw-tracks",
  players: ".cw-players-slot",
  legend: ".cw-legend-slot",
  menu: ".cw-menu-slot",
  tip: ".cw-tip",
  graph: ".cw-graph-slot"
};
var drawn = /* @__PURE__ */ new WeakMap();
function replace(slot, trees) {
  const list = [].concat(trees).filter(Boolean);
  const key = JSON.stringify(list);
  if (drawn.get(slot) === key) return;
  drawn.set(slot, key);
  const doc = slot.ownerDocument;
  const frag = doc.createDocumentFragment();
  for (const t of list) frag.appendChild(toDom(t, doc));
  slot.replaceChildren(frag);
}
var targetId = (node) => node && (node.getAttribute("data-target") || node.getAttribute("data-track"));
var LiveBoard = class {
  constructor(el, source) {
    this.el = el;
    this.source = source;
    this.doc = el.ownerDocument;
    this.local = { menu: null, staticKey: null, roving: null, refocus: false, focusMenu: false, pieces: null };
    this.pending = false;
    this.alive = true;
    this.viewChanged = false;
  }
  /** Build the frame, listen to the source and the DOM, draw once. */
  mount() {
    this.root = toDom(frameTree(this.source.get("static")), this.doc);
    this.el.appendChild(this.root);
    this.slots = Object.fromEntries(Object.entries(SLOTS).map(([k, s]) => [k, this.root.querySelector(s)]));
    this.handlers = WATCHED.map((name) => [name, name === "view" ? () => this.onView() : () => this.schedule()]);
    for (const [name, fn] of this.handlers) this.source.on(name, fn);
    this.dom = [
      ["click", (ev) => this.onClick(ev)],
      ["keydown", (ev) => onBoardKey(this, ev)],
      ["mouseover", (ev) => this.onOver(ev)],
      ["mouseleave", () => {
        this.slots.tip.hidden = true;
      }]
    ];
    for (const [type, fn] of this.dom) this.root.addEventListener(type, fn);
    this.unwatchLog = watchLog(this.slots.log);
    this.draw();
    this.unwatchFit = watchFit(this.root);
  }
  /** Stop listening and remove the board. */
  unmount() {
    this.alive = false;
    for (const [name, fn] of this.handlers) this.source.off(name, fn);
    for (const [type, fn] of this.dom) this.root.removeEventListener(type, fn);
    this.unwatchLog();
    this.unwatchFit();
    this.root.remove();
  }
  q(selector) {
    return this.root.querySelector(selector);
  }
  step() {
    const v = this.source.get("view");
    return v ? v.step : null;
  }
  targets() {
    return [...this.root.querySelectorAll(".cw-target")];
  }
  focusedTarget() {
    const a = this.doc.activeElement;
    return a && this.root.contains(a) && a.classList && a.classList.contains("cw-target") ? targetId(a) : null;
  }
  /** Make target `id` (or the first) the one tab stop among the targets. */
  rove(id) {
    const all = this.targets();
    const chosen = all.find((t) => targetId(t) === id) || all[0] || null;
    for (const t of all) t.setAttribute("tabindex", t === chosen ? "0" : "-1");
    this.local.roving = chosen ? targetId(chosen) : null;
    return chosen;
  }
  drawStatic(fixed) {
    const key = JSON.stringify([fixed.map.id, fixed.lang, fixed.mode]);
    if (key === this.local.staticKey) return;
    this.local.staticKey = key;
    replace(this.slots.svg, mapSvg(fixed));
    this.slots.dynamic = this.slots.svg.querySelector(".cw-dynamic-slot");
    this.slots.marks = this.slots.svg.querySelector(".cw-marks-slot");
    const root = this.root;
    root.setAttribute("lang", fixed.lang);
    root.setAttribute("aria-label", fixed.text.title);
    root.style.fontFamily = fixed.font;
    root.style.setProperty("--cw-aspect", String(fixed.map.width / fixed.map.height));
    for (const [name, colour] of paletteEntries(fixed)) root.style.setProperty(name, colour);
    root.className = `cw-root cw-mode-${fixed.mode}`;
  }
  /** Draw the current view; returns the time it took (ms), or undefined if nothing to draw. */
  draw() {
    const src = this.source;
    const fixed = src.get("static");
    const view = src.get("view");
    if (!fixed || !fixed.map || !view || !view.players) return void 0;
    const t0 = performance.now();
    const hadFocus = this.focusedTarget();
    const menuFocus = this.local.menu && this.slots.menu.contains(this.doc.activeElement);
    this.drawStatic(fixed);
    const ui = {
      error: src.get("error"),
      notice: src.get("notice"),
      annotation: src.get("annotation"),
      timeline: src.get("timeline"),
      animate: src.get("animate") !== false,
      interactive: src.get("interactive") !== false,
      before: this.local.pieces
    };
    this.local.pieces = view.pieces;
    const legal = src.get("legal") || [];
    this.drawParts(boardParts(fixed, view, legal, ui));
    this.drawGraph(ui.timeline);
    this.root.classList.toggle("cw-no-anim", !ui.animate);
    this.restoreFocus(fixed, legal, hadFocus, menuFocus);
    scrollLogToNewest(this.slots.log);
    const ms = performance.now() - t0;
    this.root.dataset.renderMs = ms.toFixed(2);
    this.root.dataset.step = String(view.step);
    return ms;
  }
  drawParts(parts) {
    const legend = this.q(".cw-legend");
    const legendOpen = !!(legend && legend.open);
    for (const name of ["header", "prompt", "dynamic", "marks", "below", "log", "tracks", "players", "legend"]) {
      replace(this.slots[name], parts[name]);
    }
    if (legendOpen) this.q(".cw-legend").open = true;
  }
  /** The win-chance graph under the board (a Replay given a review), with its cursor. */
  drawGraph(timeline) {
    const graph = this.source.get("graph");
    const index = timeline && typeof timeline.index === "number" ? timeline.index : null;
    replace(this.slots.graph, graphTree(graph && graph.v ? graph : null, index));
  }
  restoreFocus(fixed, legal, hadFocus, menuFocus) {
    const chosen = this.rove(hadFocus || this.local.roving);
    if (this.local.menu && !this.targets().some((t) => targetId(t) === this.local.menu)) this.local.menu = null;
    this.drawMenu(fixed, legal, menuFocus || this.local.focusMenu);
    this.local.focusMenu = false;
    if (!this.local.menu) {
      if (hadFocus && chosen) chosen.focus();
      else if (this.local.refocus) (chosen || this.root).focus();
    }
    this.local.refocus = false;
  }
  drawMenu(fixed, legal, keepFocus) {
    if (!this.local.menu) {
      replace(this.slots.menu, []);
      return;
    }
    const view = this.source.get("view");
    const acts = actionsAt(legal, this.local.menu);
    replace(this.slots.menu, popover(fixed, (view.menus || {})[this.local.menu] || "", acts));
    const target = this.targets().find((t) => targetId(t) === this.local.menu);
    placeBeside(this.root, this.slots.menu.firstElementChild, target);
    if (keepFocus) {
      const first = this.slots.menu.querySelector(".cw-action");
      if (first && first !== this.doc.activeElement) first.focus();
    }
  }
  open(id) {
    this.local.menu = this.local.menu === id ? null : id;
    this.local.focusMenu = this.local.menu !== null;
    this.draw();
  }
  close() {
    const id = this.local.menu;
    this.local.menu = null;
    this.draw();
    const t = this.targets().find((x) => targetId(x) === id);
    if (t) t.focus();
  }
  // Several traits change together after one step: draw once, when they are all set.
  schedule() {
    if (this.pending) return;
    this.pending = true;
    soon(() => this.flush());
  }
  flush() {
    this.pending = false;
    if (!this.alive) return;
    const ms = this.draw();
    if (this.viewChanged && ms !== void 0) this.source.send(renderedIntent(this.step(), ms));
    this.viewChanged = false;
  }
  onView() {
    this.local.menu = null;
    this.viewChanged = true;
    this.schedule();
  }
  onClick(ev) {
    const goto = this.slots.graph.contains(ev.target) ? gotoIntent(ev.target, this.step()) : null;
    if (goto) {
      this.source.send(goto);
      return;
    }
    const t = ev.target.closest("[data-action],[data-intent],[data-target],[data-track],[data-god],[data-creature]");
    if (!t || !this.root.contains(t)) return;
    const legal = this.source.get("legal") || [];
    const intent = t.dataset.intent;
    if (t.dataset.action !== void 0) {
      const action = legal.find((a) => String(a.id) === t.dataset.action);
      if (action) this.source.send(playIntent(action, this.step()));
      this.local.menu = null;
      this.local.refocus = true;
      this.draw();
    } else if (intent === "continue" || intent === "step") {
      this.source.send(intent === "step" ? stepIntent(this.step()) : continueIntent(this.step()));
      this.local.refocus = true;
    } else if (intent === "close") {
      this.close();
    } else {
      this.onPlace(t.dataset.target || t.dataset.track || t.dataset.god || t.dataset.creature, legal);
    }
  }
  /** A place, god or creature clicked: its menu when it is lit, else ask why not. */
  onPlace(id, legal) {
    if (this.source.get("interactive") === false || !id) return;
    if (actionsAt(legal, id).length) this.open(id);
    else this.source.send(whyIntent(id, this.step()));
  }
  onOver(ev) {
    const tip = this.slots.tip;
    const t = ev.target.closest("[data-tip]");
    if (!t) {
      tip.hidden = true;
      return;
    }
    tip.textContent = t.dataset.tip;
    const box = this.q(".cw-map-area").getBoundingClientRect();
    tip.style.left = `${ev.clientX - box.left + 12}px`;
    tip.style.top = `${ev.clientY - box.top + 12}px`;
    tip.hidden = false;
  }
};

// src/editor.js
var ARROWS2 = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
var NAV_KEYS = /* @__PURE__ */ new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);
function toolPicture(fixed, tool) {
  const r = tool.box || 14;
  return h(
    "svg",
    { class: "cw-tool-icon", width: 24, height: 24, viewBox: `${-r} ${-r} ${2 * r} ${2 * r}`, "aria-hidden": "true", focusable: "false" },
    tool.picture.map((q) => part(fixed, q, [0, 0], null, ""))
  );
}
function paletteBar(fixed, edit) {
  const chosen = edit.tool ? edit.tool.id : null;
  const groups = [];
  for (const t of edit.tools) {
    const key = t.player === null || t.player === void 0 ? "" : t.piece;
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.tools.push(t);
    else groups.push({ key, tools: [t] });
  }
  const button = (t) => h("button", {
    class: "cw-btn cw-tool" + (t.id === chosen ? " cw-chosen" : ""),
    type: "button",
    "data-tool": t.id,
    "data-piece": t.piece,
    "data-player": t.player ?? null,
    "aria-pressed": t.id === chosen ? "true" : "false",
    "aria-label": t.label,
    title: t.label,
    tabindex: t.id === chosen ? "0" : "-1",
    "data-testid": `cw-tool-${t.id}`
  }, toolPicture(fixed, t));
  return h(
    "div",
    { class: "cw-palette", role: "toolbar", "aria-label": edit.words.palette, "data-testid": "cw-palette" },
    groups.map((g) => h("span", { class: "cw-tool-group" }, g.tools.map(button)))
  );
}
function countField(edit) {
  const tool = edit.tool && edit.tools.find((t) => t.id === edit.tool.id);
  if (!tool || tool.least === null || tool.least === void 0) return null;
  return h(
    "label",
    { class: "cw-count-field" },
    edit.words.count + " ",
    h("input", {
      type: "number",
      class: "cw-count-input",
      min: String(tool.least),
      max: String(tool.most),
      step: "1",
      value: String(edit.tool.count),
      "data-testid": "cw-count"
    })
  );
}
function editButtons(edit) {
  const W = edit.words;
  const b = (kind, enabled) => h("button", {
    class: "cw-btn cw-edit-button",
    type: "button",
    "data-edit": kind,
    title: W[`${kind}_hint`],
    disabled: !enabled,
    "data-testid": `cw-${kind}`
  }, W[kind]);
  return h("span", { class: "cw-edit-buttons" }, b("undo", edit.can_undo), b("redo", edit.can_redo), b("empty", true));
}
function editBar(fixed, edit) {
  if (!edit || !edit.tools) return null;
  return h(
    "div",
    { class: "cw-editbar", "data-testid": "cw-editbar" },
    paletteBar(fixed, edit),
    h("span", { class: "cw-edit-controls" }, countField(edit), editButtons(edit)),
    h("p", { class: "cw-keys" }, edit.words.keys)
  );
}
function placeIntent(edit, kind, place) {
  const tool = edit && edit.tool;
  if (!tool) return null;
  const intent = { type: kind, piece: tool.piece, place };
  if (tool.player !== null && tool.player !== void 0) intent.player = tool.player;
  if (kind !== "remove" && tool.count !== null && tool.count !== void 0) intent.count = tool.count;
  return intent;
}
function clickIntent(edit, data2) {
  if (data2.tool !== void 0) {
    const t = edit.tools.find((x) => x.id === data2.tool);
    return t ? { type: "tool", piece: t.piece, player: t.player ?? null } : null;
  }
  if (data2.edit !== void 0) return { type: data2.edit };
  const place = data2.target || data2.track;
  return place ? placeIntent(edit, "toggle", place) : null;
}
function historyKey(ev) {
  if (!(ev.ctrlKey || ev.metaKey)) return null;
  const key = ev.key.toLowerCase();
  if (key === "z") return { type: ev.shiftKey ? "redo" : "undo" };
  if (key === "y") return { type: "redo" };
  return null;
}
function focusKey(el) {
  if (!el || !el.getAttribute) return null;
  for (const name of ["data-tool", "data-edit", "data-testid"]) {
    const v = el.getAttribute(name);
    if (v && (name !== "data-testid" || v === "cw-count")) return `[${name}="${v}"]`;
  }
  return null;
}
var EditorBoard = class extends LiveBoard {
  mount() {
    super.mount();
    this.onEdit = () => this.schedule();
    this.source.on("edit", this.onEdit);
    this.editDom = [
      ["keydown", (ev) => this.onEditKey(ev), true],
      ["contextmenu", (ev) => this.onContext(ev)],
      ["change", (ev) => this.onCount(ev)]
    ];
    for (const [type, fn, capture] of this.editDom) this.root.addEventListener(type, fn, !!capture);
    this.root.classList.add("cw-editing");
  }
  unmount() {
    this.source.off("edit", this.onEdit);
    for (const [type, fn, capture] of this.editDom) this.root.removeEventListener(type, fn, !!capture);
    super.unmount();
  }
  edit() {
    return this.source.get("edit") || {};
  }
  draw() {
    const focused = this.root.contains(this.doc.activeElement) ? focusKey(this.doc.activeElement) : null;
    const ms = super.draw();
    this.root.classList.add("cw-editing");
    const again = focused && this.root.querySelector(focused);
    if (again && again !== this.doc.activeElement) again.focus();
    return ms;
  }
  drawParts(parts) {
    super.drawParts({ ...parts, prompt: [parts.prompt, editBar(this.source.get("static"), this.edit())] });
  }
  /** Enter or Space on a lit place (keys.js): place or take away the chosen piece. */
  open(id) {
    this.send(placeIntent(this.edit(), "toggle", id));
  }
  send(msg) {
    if (msg) this.source.send(msg);
  }
  onClick(ev) {
    const t = ev.target.closest("[data-tool],[data-edit],[data-target],[data-track]");
    if (!t || !this.root.contains(t) || t.disabled) return;
    this.send(clickIntent(this.edit(), t.dataset));
  }
  onContext(ev) {
    const t = ev.target.closest("[data-target],[data-track]");
    if (!t || !this.root.contains(t)) return;
    ev.preventDefault();
    this.send(placeIntent(this.edit(), "remove", t.dataset.target || t.dataset.track));
  }
  onCount(ev) {
    if (!ev.target.classList || !ev.target.classList.contains("cw-count-input")) return;
    const tool = this.edit().tool;
    const n2 = ev.target.value === "" ? null : Number(ev.target.value);
    if (tool) this.send({ type: "tool", piece: tool.piece, player: tool.player ?? null, count: n2 });
  }
  /** Keys before the board's own (a capture listener): history, the palette's arrows,
   * Delete on a place; the board's ←/→ history keys mean nothing here. */
  onEditKey(ev) {
    const el = ev.target;
    if (ev.key === "Enter" && el.classList && el.classList.contains("cw-count-input")) return this.onCount(ev);
    if (el.closest && el.closest("input,textarea,select")) return;
    const history = historyKey(ev);
    if (history) return this.stop(ev, history);
    if (el.getAttribute && el.getAttribute("data-tool") && ARROWS2[ev.key]) return this.stop(ev, null, () => this.moveTool(el, ARROWS2[ev.key]));
    const onPlace = el.classList && el.classList.contains("cw-target");
    if (onPlace && (ev.key === "Delete" || ev.key === "Backspace")) return this.stop(ev, placeIntent(this.edit(), "remove", targetId(el)));
    if (!onPlace && NAV_KEYS.has(ev.key) && !(el.closest && el.closest("button"))) ev.stopPropagation();
    return void 0;
  }
  stop(ev, msg, then = null) {
    ev.preventDefault();
    ev.stopPropagation();
    this.send(msg);
    if (then) then();
  }
  /** Move the palette's tab stop and the focus `by` tools. */
  moveTool(el, by) {
    const all = [...this.root.querySelectorAll("[data-tool]")];
    const next = all[(all.indexOf(el) + by + all.length) % all.length];
    for (const t of all) t.setAttribute("tabindex", t === next ? "0" : "-1");
    next.focus();
  }
};
function mountEditor(el, source) {
  const board = new EditorBoard(el, source);
  board.mount();
  return () => board.unmount();
}

// src/view.js
function mountBoard(el, source) {
  const board = new LiveBoard(el, source);
  board.mount();
  return () => board.unmount();
}

// src/widget.js
function modelSource(model) {
  let cache = { base: null, patch: null, view: null };
  const current = () => {
    const base = model.get("view");
    const patch = model.get("view_patch");
    if (cache.base !== base || cache.patch !== patch) cache = { base, patch, view: applyPatch(base, patch) };
    return cache.view;
  };
  return {
    get: (name) => name === "view" ? current() : model.get(name),
    on(name, fn) {
      if (name === "view") {
        model.on("change:view", fn);
        model.on("change:view_patch", fn);
      } else model.on(`change:${name}`, fn);
    },
    off(name, fn) {
      if (name === "view") {
        model.off("change:view", fn);
        model.off("change:view_patch", fn);
      } else model.off(`change:${name}`, fn);
    },
    send: (msg) => model.send(msg)
  };
}
function render({ model, el }) {
  const source = modelSource(model);
  const edit = model.get("edit");
  return edit !== void 0 && edit !== null ? mountEditor(el, source) : mountBoard(el, source);
}
var widget_default = { render };
export {
  widget_default as default,
  modelSource
};
