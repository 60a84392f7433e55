// The map: the static layer (seas, isles, names), painted once per static payload, and
// the overlays of a view (owners' outlines, lit targets, a teacher's marks, move trails).
// Every position, word, colour and style comes from Python (cyclades_widgets/view/model.py
// and view/recipe.py); the static SVG paints the same layers (cyclades_widgets/svg/map.py).
import { h } from "./dom.js";
import { icon } from "./pieces.js";

/** SVG path data of closed loops of points (an isle's outline, a sea's hex). */
export function loopsPath(loops) {
  return loops.map((loop) => "M" + loop.map((p) => `${p[0]},${p[1]}`).join("L") + "Z").join("");
}

function placePath(fixed, id) {
  const geo = fixed.map;
  return geo.isles[id] ? loopsPath(geo.isles[id].outline) : loopsPath([geo.seas[id].points]);
}

/** A printed prosperity symbol at `at`. */
function symbol(fixed, at) {
  return icon(fixed.icons.cornucopia, at[0], at[1], fixed.sizes.prosperity, fixed.styles.symbol);
}

function seaNode(fixed, id, sea) {
  const S = fixed.styles;
  return h("g", { class: "cw-sea-g" },
    h("path", { class: "cw-sea" + (sea.prosperity ? " cw-sea-prosperity" : ""), d: loopsPath([sea.points]), "data-target": id, ...S.sea, ...(sea.prosperity ? S.sea_prosperity : {}) }),
    h("text", { class: "cw-sea-id", x: sea.id_at[0], y: sea.id_at[1], "font-size": fixed.sizes.sea_id, ...S.sea_id }, id),
    sea.prosperity ? symbol(fixed, sea.symbol) : null);
}

function isleNode(fixed, id, isle) {
  const S = fixed.styles;
  const r = fixed.sizes.slot;
  const d = loopsPath(isle.outline);
  return h("g", { class: "cw-isle-g", role: "img", "aria-label": fixed.places[id].label, "data-tip": fixed.places[id].label },
    h("path", { class: "cw-shadow", d, ...S.isle_shadow }),
    h("path", { class: "cw-isle", d, ...S.isle, "fill-rule": "evenodd", "data-target": id }),
    h("g", { class: "cw-slots", ...S.slot }, isle.slots.map(([x, y]) => h("rect", { class: "cw-slot", x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2 }))),
    isle.symbols.length ? h("g", { class: "cw-prosperity" }, isle.symbols.map((at) => symbol(fixed, at))) : null);
}

/** Isle names, painted above the pieces. */
export function namesLayer(fixed) {
  return h("g", { class: "cw-names", "aria-hidden": "true", "font-size": fixed.sizes.isle_name, ...fixed.styles.isle_name },
    Object.entries(fixed.map.isles).map(([id, isle]) =>
      h("text", { class: "cw-isle-name", x: isle.label[0], y: isle.label[1], "data-id": id }, fixed.places[id].name)));
}

/** The static map layer: seas (not announced: the pieces on them are) and isles. */
export function mapLayer(fixed) {
  const geo = fixed.map;
  return h("g", { class: "cw-map" },
    h("g", { class: "cw-seas", "aria-hidden": "true" }, Object.entries(geo.seas).map(([id, sea]) => seaNode(fixed, id, sea))),
    h("g", { class: "cw-isles" }, Object.entries(geo.isles).map(([id, isle]) => isleNode(fixed, id, isle))));
}

/** Owned isles outlined in their owner's colour (over the static isles). */
export function ownersLayer(fixed, view) {
  return h("g", { class: "cw-owners", "aria-hidden": "true" }, Object.entries(view.owners).map(([id, seat]) =>
    h("path", { class: "cw-owned", d: loopsPath(fixed.map.isles[id].outline), fill: "none", ...fixed.styles.owned, stroke: fixed.seats[seat % fixed.seats.length].colour, "data-id": id })));
}

/** The lit targets: focusable buttons (one in the tab order; arrows move between them). */
export function litLayer(fixed, view) {
  return h("g", { class: "cw-lit-layer" }, view.lit.map((id) =>
    h("path", {
      class: "cw-lit cw-target", d: placePath(fixed, id), ...fixed.styles.lit, "fill-rule": "evenodd", "data-target": id,
      role: "button", tabindex: "-1", "aria-label": fixed.places[id].label, "aria-haspopup": "dialog", "data-tip": fixed.places[id].label,
    })));
}

/** An arrow of the view model (its shaft and head, placed in Python) on a white halo, in
 * the styles `kind` and `<kind>_head` ("arrow" or "trail"). */
function arrowShape(fixed, a, kind, attrs) {
  const S = fixed.styles;
  const [x1, y1, x2, y2] = a.shaft;
  const shaft = { x1, y1, x2, y2 };
  return h("g", { class: `cw-${kind}`, ...attrs },
    h("line", { ...shaft, class: "cw-halo", ...S.halo }),
    h("line", { ...shaft, class: `cw-${kind}-line`, ...S[kind] }),
    h("polygon", { points: a.head.map((p) => p.join(",")).join(" "), class: `cw-${kind}-head`, ...S[`${kind}_head`] }));
}

/** The last step's moves: dashed arrows, and a ghost travelling along each. */
export function trailsLayer(fixed, view, animate) {
  return h("g", { class: "cw-trails", "aria-hidden": "true" }, view.trails.map((t, i) => {
    const [x1, y1, x2, y2] = t.line;
    return [arrowShape(fixed, t, "trail", { "data-from": t.from, "data-to": t.to }),
      animate ? h("circle", { class: "cw-ghost", r: fixed.map.hex_size * 0.22, cx: 0, cy: 0, style: `offset-path: path('M${x1},${y1} L${x2},${y2}'); animation-delay: ${i * 80}ms` }) : null];
  }));
}

/** A mark's label on its pill (placed in Python: label_box, label_at). */
function pill(fixed, m) {
  const [x, y, w, ht] = m.label_box;
  return h("g", { class: "cw-label" },
    h("rect", { x, y, width: w, height: ht, rx: ht / 2, ...fixed.styles.label }),
    h("text", { x: m.label_at[0], y: m.label_at[1], class: "cw-label-text", ...fixed.styles.label_text }, m.label));
}

/** A teacher's highlights, arrows and their labels. */
export function marksLayer(fixed, view) {
  const m = view.marks;
  return h("g", { class: "cw-marks" },
    h("g", { class: "cw-highlights" }, m.places.map((p) => h("path", { class: "cw-highlight", d: placePath(fixed, p.id), ...fixed.styles.highlight, "fill-rule": "evenodd", "data-target": p.id }))),
    h("g", { class: "cw-arrows" }, m.arrows.filter((a) => a.line).map((a) => arrowShape(fixed, a, "arrow", { "data-from": a.from, "data-to": a.to }))),
    h("g", { class: "cw-labels" }, [...m.places, ...m.arrows].filter((p) => p.label).map((p) => pill(fixed, p))));
}
