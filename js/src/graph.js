// The win-chance graph under a Replay's board: paints the payload of Python's
// cyclades_widgets/view/graph.py (the same the static SVG painter draws). Every position,
// colour and shape comes from the payload; a click on a point proposes a "goto" intent,
// which Python checks.
import { h } from "./dom.js";

/** The version of the graph payload this bundle paints (view/graph.py's GRAPH_VERSION). */
export const GRAPH_VERSION = 1;

const n = (v) => String(Math.round(v * 10) / 10);

function iconPath(d, x, y, r, fill, stroke) {
  return h("path", { d, transform: `translate(${n(x)},${n(y)}) scale(${r})`, fill, "fill-rule": "evenodd",
    stroke, "stroke-width": n(1.2 / r), "stroke-linejoin": "round" });
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
      h("text", { x: n(box.x - 6), y: n(line.y + font / 3), "text-anchor": "end", "font-size": n(font), fill: c.muted }, line.text),
    ]),
    g.cycles.map((cy) => [
      h("line", { x1: n(cy.x), x2: n(cy.x), y1: n(box.y), y2: n(bottom), stroke: c.rule, "stroke-dasharray": "3 3" }),
      h("text", { x: n(cy.x), y: n(bottom + font + 3), "text-anchor": "middle", "font-size": n(font - 1), fill: c.muted }, cy.text),
    ]),
    h("text", { x: n(right), y: n(bottom + 2 * font + 8), "text-anchor": "end", "font-size": n(font), fill: c.muted }, g.axis),
  ];
}

/** The x of history position `index` (as Python's view/graph.py places points). */
export const cursorX = (g, index) => g.box.x + (g.box.w * index) / Math.max(1, g.length);

function data(g, index) {
  const { box, colours: c } = g;
  const at = index === null || index === undefined ? null : cursorX(g, index);
  return [
    h("g", { class: "cw-graph-hits", fill: g.hit.fill, "fill-opacity": String(g.hit.opacity) }, g.hits.map((hit) =>
      h("rect", { class: "cw-graph-hit", x: n(hit.x), y: n(box.y), width: n(hit.w), height: n(box.h), "data-goto": String(hit.position) },
        h("title", {}, hit.title)))),
    g.lines.map((line) => h("path", { class: "cw-graph-line", d: line.d, fill: "none", stroke: line.colour, "stroke-width": "2",
      "stroke-linejoin": "round", "data-player": line.player })),
    g.marks.map((m) => h("g", { class: "cw-graph-mark", "data-goto": String(m.position), "data-label": m.label, tabindex: "0", role: "button", "aria-label": m.title },
      h("title", {}, m.title), iconPath(m.shape, m.x, m.y, m.r, m.colour, c.ink))),
    at === null ? null : h("line", { class: "cw-graph-cursor", x1: n(at), x2: n(at), y1: n(box.y), y2: n(box.y + box.h), stroke: c.highlight, "stroke-width": "2" }),
    g.legend.map((item) => [
      iconPath(item.shape, item.x, item.y - 4, item.r, item.colour, c.ink),
      h("text", { x: n(item.tx), y: n(item.y), "font-size": n(g.font), fill: c.ink }, item.player),
    ]),
  ];
}

/** The graph as a tree (null when there is none, or of another version); `index` is the
 * history position shown now (the cursor). */
export function graphTree(g, index, label) {
  if (!g || g.v !== GRAPH_VERSION) return null;
  return h("svg", { class: "cw-graph", role: "group", "aria-label": label || g.title, viewBox: `0 0 ${n(g.width)} ${n(g.height)}`,
    "data-testid": "cw-graph", preserveAspectRatio: "xMidYMid meet", "font-family": "system-ui, sans-serif" },
  frame(g), data(g, index));
}

/** The intent of a click on the graph (a point's step), or null. */
export function gotoIntent(node, step) {
  const t = node && node.closest && node.closest("[data-goto]");
  if (!t) return null;
  return { type: "goto", index: Number(t.getAttribute("data-goto")), step };
}
