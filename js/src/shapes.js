// Player shapes (a cue besides colour) and small glyphs, as SVG nodes.
import { h } from "./dom.js";

/** Points of a regular polygon with `n` corners around (x, y), first corner at `start` degrees. */
function poly(x, y, r, n, start) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = ((start + (360 * i) / n) * Math.PI) / 180;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** A seat's shape (circle, square, triangle, diamond, hexagon) centred on (x, y). */
export function shape(name, x, y, r, attrs = {}) {
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

/** A small standalone SVG of a seat's shape, for HTML panels. */
export function shapeIcon(player, size = 16, label = null) {
  const r = size * 0.36;
  return h(
    "svg",
    {
      class: "cw-shape-icon", width: size, height: size, viewBox: `0 0 ${size} ${size}`,
      role: label ? "img" : null, "aria-label": label, "aria-hidden": label ? null : "true",
    },
    shape(player.shape, size / 2, size / 2, r, { fill: player.colour, stroke: "#1b1b1b", "stroke-width": 1.2 }),
  );
}

/** A five-pointed star (prosperity), centred on (x, y). */
export function star(x, y, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const rr = i % 2 === 0 ? r : r * 0.45;
    const a = ((-90 + 36 * i) * Math.PI) / 180;
    pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
  }
  return h("polygon", { points: pts.join(" ") });
}

/** A ship hull with a mast flag, centred on (x, y). */
export function hull(x, y, r) {
  const w = r * 1.5;
  const d = `M${x - w},${y - r * 0.2} L${x + w},${y - r * 0.2} L${x + w * 0.7},${y + r * 0.75} L${x - w * 0.7},${y + r * 0.75} Z`;
  return h("path", { d });
}
