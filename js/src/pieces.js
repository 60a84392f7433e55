// The pieces on the map, painted from the view model (placed and named in Python:
// cyclades_widgets/view/pieces.py). Each kind is drawn with the static payload's icons,
// exactly as the static SVG draws it (cyclades_widgets/svg/pieces.py).
import { h } from "./dom.js";

const DARK = "#1b1b1b";

/** An icon (path data in a box from -1 to 1) centred on (x, y) at radius r. */
export function icon(d, x, y, r, attrs = {}) {
  const { width = 1.2, ...rest } = attrs;
  return h("path", {
    d, transform: `translate(${x},${y}) scale(${+r.toPrecision(3)})`, "fill-rule": "evenodd",
    "stroke-width": rest.stroke ? +(width / r).toPrecision(3) : null, "stroke-linejoin": rest.stroke ? "round" : null, ...rest,
  });
}

const seatOf = (stat, seat) => stat.seats[seat % stat.seats.length];
const count = (x, y, n, ink, size) => h("text", { class: "cw-count", x, y, fill: ink, "font-size": size }, String(n));

const PAINT = {
  troops(stat, p) {
    const [x, y] = p.at;
    const s = seatOf(stat, p.seat);
    return [icon(stat.shapes[s.shape], x, y, stat.sizes.troops, { fill: s.colour, stroke: DARK }),
      count(x, y + stat.sizes.count * 0.36, p.n, s.ink, stat.sizes.count)];
  },
  fleet(stat, p) {
    const [x, y] = p.at;
    const r = stat.sizes.fleet;
    const s = seatOf(stat, p.seat);
    return [h("circle", { class: "cw-hit", cx: x, cy: y, r: r * 1.6 }),
      icon(stat.icons.hull, x, y + r * 0.2, r, { fill: s.colour, stroke: DARK }),
      icon(stat.shapes[s.shape], x, y - r * 0.85, r * 0.55, { fill: s.colour, stroke: DARK }),
      count(x, y + r * 0.72, p.n, s.ink, stat.sizes.count * 0.9)];
  },
  building(stat, p) {
    const [x, y] = p.at;
    const r = stat.sizes.building;
    const [tile, ink] = stat.buildings[p.building];
    return [h("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: r * 0.24, fill: tile, stroke: DARK, "stroke-width": 1 }),
      icon(stat.icons[p.building], x, y, r * 0.8, { fill: ink })];
  },
  metropolis(stat, p) {
    const [x, y] = p.at;
    const r = stat.sizes.building;
    const [tile, ink] = stat.buildings.metropolis;
    return [p.link ? h("circle", { cx: p.link[0], cy: p.link[1], r: r * 0.8, fill: tile, stroke: DARK }) : null,
      h("circle", { cx: x, cy: y, r: r * 0.95, fill: tile, stroke: DARK }),
      icon(stat.icons.metropolis, x, y, r * 0.8, { fill: ink })];
  },
  territory(stat, p) {
    const [x, y] = p.at;
    const r = stat.sizes.territory;
    const s = seatOf(stat, p.seat);
    const pole = x - r * 0.7;
    return [h("line", { x1: pole, y1: y + r * 1.8, x2: pole, y2: y - r * 1.8, stroke: "#3a3a3a", "stroke-width": 1.4 }),
      icon(stat.shapes[s.shape], x + r * 0.35, y - r * 0.8, r, { fill: s.colour, stroke: DARK })];
  },
  markers(stat, p) {
    return p.points.map(([x, y]) => icon(stat.icons.cornucopia, x, y, stat.sizes.marker, { fill: "#ffd54a", stroke: "#c25e00" }));
  },
  figurine(stat, p) {
    const [x, y] = p.at;
    const r = p.creature === "kraken" ? stat.sizes.kraken : stat.sizes.figurine;
    const token = stat.figurines[p.creature] || stat.figurines.token;
    return [h("circle", { cx: x, cy: y, r, fill: token, stroke: "#fff", "stroke-width": 1.5 }),
      icon(stat.icons[p.creature] || stat.icons.figurine, x, y, r * 0.7, { fill: "#fff" })];
  },
};

const ORDER = ["metropolis", "building", "markers", "territory", "troops", "figurine", "fleet"];

/** One piece of the view model, named by its label (screen readers and hover). */
export function piece(stat, key, p, fresh = false) {
  return h("g", {
    class: `cw-piece cw-${p.kind}` + (fresh ? " cw-new" : ""), "data-key": key, "data-target": p.target, "data-tip": p.label,
    "aria-label": p.label, role: "img",
  }, PAINT[p.kind](stat, p));
}

/** Every piece of a view, buildings first and units over them; `before` (the keys and
 * pieces shown before) marks the new or changed ones, which pop in. */
export function piecesLayer(stat, view, before = null) {
  const items = Object.entries(view.pieces).sort((a, b) => ORDER.indexOf(a[1].kind) - ORDER.indexOf(b[1].kind));
  const changed = (key, p) => before !== null && before[key] !== p && JSON.stringify(before[key]) !== JSON.stringify(p);
  return h("g", { class: "cw-pieces" }, items.map(([key, p]) => piece(stat, key, p, changed(key, p))));
}
