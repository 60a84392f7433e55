// The static map layer: seas, isles (merged outlines), names, prosperity symbols and
// building slots. Drawn once per static payload; all positions come from Python.
import { fmt, h } from "./dom.js";
import { star } from "./shapes.js";

/** SVG path data of an isle's outline loops (the first is the outer one). */
export function outlinePath(loops) {
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
      "data-target": id, "data-tip": name, "aria-label": name, role: "button",
    }),
    h("text", { class: "cw-sea-id", x, y: y - size * 0.62, "aria-hidden": "true" }, id),
    sea.prosperity ? h("g", { class: "cw-prosperity", "aria-hidden": "true" }, starAt(x, y + size * 0.6, size * 0.2)) : null,
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
      class: "cw-isle", d: outlinePath(isle.outline), "fill-rule": "evenodd",
      "data-target": id, "data-tip": label, "aria-label": label, role: "button",
    }),
    isle.slots.map(([x, y]) => h("rect", { class: "cw-slot", x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 2, "aria-hidden": "true" })),
    stars.length ? h("g", { class: "cw-prosperity", "aria-hidden": "true" }, stars) : null,
  );
}

/** Isle names, drawn above the pieces so a fleet never hides them. */
export function namesLayer(stat) {
  return h("g", { class: "cw-names", "aria-hidden": "true" }, Object.entries(stat.map.isles).map(([id, isle]) =>
    h("text", { class: "cw-isle-name", x: isle.label[0], y: isle.label[1] }, stat.isle_names[id] || id)));
}

/** The static map layer of a static payload. */
export function mapLayer(stat) {
  const geo = stat.map;
  const size = geo.hex_size;
  return h(
    "g",
    { class: "cw-map" },
    h("g", { class: "cw-seas" }, Object.entries(geo.seas).map(([id, sea]) => seaNode(id, sea, size, stat.labels))),
    h("g", { class: "cw-isles" }, Object.entries(geo.isles).map(([id, isle]) => isleNode(id, isle, size, stat))),
  );
}

/** Where a place (isle or sea id) is drawn: its centre, or null if not on the map. */
export function placeCenter(stat, id) {
  const geo = stat.map;
  if (geo.isles[id]) return geo.isles[id].center;
  if (geo.seas[id]) return geo.seas[id].center;
  return null;
}
