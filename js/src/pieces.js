// The pieces on the map, painted from the view model (placed and named in Python:
// cyclades_widgets/view/pieces.py) by the recipes of the static payload
// (cyclades_widgets/view/recipe.py says what a recipe is). The static SVG follows the same
// recipes (cyclades_widgets/svg/pieces.py). No size, offset or colour is typed here.
import { h } from "./dom.js";

/** An icon (path data in a box from -1 to 1) centred on (x, y) at radius r; `width` is
 * the stroke width in pixels whatever r is. */
export function icon(d, x, y, r, attrs = {}) {
  const { width = 1.2, ...rest } = attrs;
  return h("path", {
    d, transform: `translate(${x},${y}) scale(${+r.toPrecision(3)})`, "fill-rule": "evenodd",
    "stroke-width": rest.stroke ? +(width / r).toPrecision(3) : null, "stroke-linejoin": rest.stroke ? "round" : null, ...rest,
  });
}

/** The path data of an icon of the payload (`shape:<name>`: one of the seats' shapes). */
export function pathOf(fixed, name) {
  return name.startsWith("shape:") ? fixed.shapes[name.slice(6)] : fixed.icons[name];
}

/** The recipe of a piece: its variant's (its building or creature), else its kind's. */
export function recipeOf(fixed, p) {
  return fixed.recipes[`${p.kind}:${p.building || p.creature}`] || fixed.recipes[p.kind];
}

const OWNER = { $seat: "colour", $ink: "ink", $shape: "shape" };
const valueOf = (v, seat) => (typeof v === "string" && seat && OWNER[v] ? seat[OWNER[v]] : v);

/** One part of a recipe drawn around `at` for a piece of `seat` showing the number `n`. */
export function part(fixed, q, at, seat, n) {
  const v = Object.fromEntries(Object.entries(q).map(([k, x]) => [k, valueOf(x, seat)]));
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
      return h("text", { class: "cw-count", x, y, fill: v.fill, "font-size": v.size, "font-weight": 800, "text-anchor": "middle" }, String(n));
  }
}

/** One piece of the view model, drawn by its recipe and named by its label (screen
 * readers and hover). */
export function piece(fixed, key, p, fresh = false) {
  const seat = p.seat !== null && p.seat !== undefined ? fixed.seats[p.seat % fixed.seats.length] : null;
  const recipe = recipeOf(fixed, p);
  const drawn = (p.points || [p.at]).flatMap((at) => recipe.map((q) => {
    const where = q.at === "link" ? p.link : at;
    return where ? part(fixed, q, where, seat, p.n) : null;
  }));
  return h("g", {
    class: `cw-piece cw-${p.kind}` + (fresh ? " cw-new" : ""), "data-key": key, "data-target": p.target, "data-tip": p.label,
    "aria-label": p.label, role: "img",
  }, drawn);
}

/** Every piece of a view in the payload's order of kinds (buildings first, units over
 * them); `before` (the pieces shown before) marks the new or changed ones, which pop in. */
export function piecesLayer(fixed, view, before = null) {
  const order = fixed.piece_order;
  const items = Object.entries(view.pieces).sort((a, b) => order.indexOf(a[1].kind) - order.indexOf(b[1].kind));
  const changed = (key, p) => before !== null && before[key] !== p && JSON.stringify(before[key]) !== JSON.stringify(p);
  return h("g", { class: "cw-pieces" }, items.map(([key, p]) => piece(fixed, key, p, changed(key, p))));
}
