// The map: the static layer (seas, isles, names), painted once per static payload, and
// the overlays of a view (owners' outlines, lit targets, a teacher's marks, move trails).
// Every position and word comes from Python (cyclades_widgets/view/model.py); the static
// SVG paints the same layers (cyclades_widgets/svg/map.py).
import { h } from "./dom.js";
import { icon } from "./pieces.js";

/** SVG path data of closed loops of points (an isle's outline, a sea's hex). */
export function loopsPath(loops) {
  return loops.map((loop) => "M" + loop.map((p) => `${p[0]},${p[1]}`).join("L") + "Z").join("");
}

function placePath(stat, id) {
  const geo = stat.map;
  return geo.isles[id] ? loopsPath(geo.isles[id].outline) : loopsPath([geo.seas[id].points]);
}

const SYMBOL = { fill: "#f2b705", stroke: "#8a6100", width: 0.8 };

function seaNode(stat, id, sea) {
  return h("g", { class: "cw-sea-g" },
    h("path", { class: "cw-sea" + (sea.prosperity ? " cw-sea-prosperity" : ""), d: loopsPath([sea.points]), "data-target": id }),
    h("text", { class: "cw-sea-id", x: sea.id_at[0], y: sea.id_at[1], "font-size": stat.sizes.sea_id }, id),
    sea.prosperity ? icon(stat.icons.cornucopia, sea.symbol[0], sea.symbol[1], stat.sizes.prosperity, SYMBOL) : null);
}

function isleNode(stat, id, isle) {
  const r = stat.sizes.slot;
  const [px, py] = isle.prosperity_anchor;
  const n = isle.prosperity;
  const symbols = [];
  for (let i = 0; i < n; i++) symbols.push(icon(stat.icons.cornucopia, px + (i - (n - 1) / 2) * stat.prosperity_step, py, stat.sizes.prosperity, SYMBOL));
  return h("g", { class: "cw-isle-g", role: "img", "aria-label": stat.places[id].label, "data-tip": stat.places[id].label },
    h("path", { class: "cw-isle", d: loopsPath(isle.outline), "fill-rule": "evenodd", "data-target": id }),
    isle.slots.map(([x, y]) => h("rect", { class: "cw-slot", x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2 })),
    symbols.length ? h("g", { class: "cw-prosperity" }, symbols) : null);
}

/** Isle names, painted above the pieces. */
export function namesLayer(stat) {
  return h("g", { class: "cw-names", "aria-hidden": "true", "font-size": stat.sizes.isle_name },
    Object.entries(stat.map.isles).map(([id, isle]) =>
      h("text", { class: "cw-isle-name", x: isle.label[0], y: isle.label[1], "data-id": id }, stat.places[id].name)));
}

/** The static map layer: seas (not announced: the pieces on them are) and isles. */
export function mapLayer(stat) {
  const geo = stat.map;
  return h("g", { class: "cw-map" },
    h("g", { class: "cw-seas", "aria-hidden": "true" }, Object.entries(geo.seas).map(([id, sea]) => seaNode(stat, id, sea))),
    h("g", { class: "cw-isles" }, Object.entries(geo.isles).map(([id, isle]) => isleNode(stat, id, isle))));
}

/** Owned isles outlined in their owner's colour. */
export function ownersLayer(stat, view) {
  return h("g", { class: "cw-owners", "aria-hidden": "true" }, Object.entries(view.owners).map(([id, seat]) =>
    h("path", { class: "cw-owned", d: loopsPath(stat.map.isles[id].outline), stroke: stat.seats[seat % stat.seats.length].colour, "fill-rule": "evenodd" })));
}

/** The lit targets: focusable buttons (one in the tab order; arrows move between them). */
export function litLayer(stat, view) {
  return h("g", { class: "cw-lit-layer" }, view.lit.map((id) =>
    h("path", {
      class: "cw-lit cw-target", d: placePath(stat, id), "fill-rule": "evenodd", "data-target": id,
      role: "button", tabindex: "-1", "aria-label": stat.places[id].label, "aria-haspopup": "dialog", "data-tip": stat.places[id].label,
    })));
}

function arrowShape(line, cls, attrs) {
  const [x1, y1, x2, y2] = line;
  const len = Math.max(1e-6, Math.hypot(x2 - x1, y2 - y1));
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const bx = x2 - ux * 11;
  const by = y2 - uy * 11;
  const head = [[x2, y2], [bx - uy * 6, by + ux * 6], [bx + uy * 6, by - ux * 6]].map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" ");
  const shaft = { x1, y1, x2: x2 - ux * 8, y2: y2 - uy * 8 };
  return h("g", { class: cls, ...attrs },
    h("line", { ...shaft, class: "cw-halo" }),
    h("line", { ...shaft, class: `${cls}-line` }),
    h("polygon", { points: head, class: `${cls}-head` }));
}

/** The last step's moves: dashed arrows, and a ghost travelling along each. */
export function trailsLayer(stat, view, animate) {
  return h("g", { class: "cw-trails", "aria-hidden": "true" }, view.trails.map((t, i) => {
    const [x1, y1, x2, y2] = t.line;
    return [arrowShape(t.line, "cw-trail", { "data-from": t.from, "data-to": t.to }),
      animate ? h("circle", { class: "cw-ghost", r: stat.map.hex_size * 0.22, cx: 0, cy: 0, style: `offset-path: path('M${x1},${y1} L${x2},${y2}'); animation-delay: ${i * 80}ms` }) : null];
  }));
}

function pill(x, y, text) {
  return h("g", { class: "cw-label" },
    h("text", { x, y: y + 4, class: "cw-label-text" }, text));
}

/** A teacher's highlights, arrows and their labels. */
export function marksLayer(stat, view) {
  const m = view.marks;
  return h("g", { class: "cw-marks" },
    h("g", { class: "cw-highlights" }, m.places.map((p) => h("path", { class: "cw-highlight", d: placePath(stat, p.id), "fill-rule": "evenodd", "data-target": p.id }))),
    h("g", { class: "cw-arrows" }, m.arrows.filter((a) => a.line).map((a) => arrowShape(a.line, "cw-arrow", { "data-from": a.from, "data-to": a.to }))),
    h("g", { class: "cw-labels" }, [...m.places, ...m.arrows].filter((p) => p.label).map((p) => pill(p.label_at[0], p.label_at[1], p.label))));
}
