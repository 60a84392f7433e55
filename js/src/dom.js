// A tiny virtual tree: views return plain objects, `toDom` turns them into elements.
// Text is always a text node and attributes go through setAttribute, so user text
// (player names, comments) can never become HTML (no innerHTML anywhere).

const SVG_NS = "http://www.w3.org/2000/svg";
const SVG_TAGS = new Set([
  "svg", "g", "path", "polygon", "polyline", "circle", "rect", "line", "text", "title",
  "defs", "marker", "pattern", "tspan", "ellipse", "clipPath", "use", "desc",
]);

/** Build a node: h("circle", {cx: 1}, child, ...). Children may be strings, numbers,
 * nodes, arrays or null/false (skipped). */
export function h(tag, attrs, ...children) {
  return { tag, attrs: attrs || {}, children: flatten(children) };
}

function flatten(list) {
  const out = [];
  for (const c of list) {
    if (c === null || c === undefined || c === false || c === true) continue;
    if (Array.isArray(c)) out.push(...flatten(c));
    else out.push(c);
  }
  return out;
}

/** Fill in "{name}" placeholders of a label template. */
export function fmt(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

/** Text content of a tree (for tests and ARIA checks). */
export function textOf(node) {
  if (typeof node === "string" || typeof node === "number") return String(node);
  return node.children.map(textOf).join("");
}

/** Every node of a tree matching a predicate, depth first. */
export function findAll(node, pred, out = []) {
  if (typeof node !== "object" || node === null) return out;
  if (pred(node)) out.push(node);
  for (const c of node.children) findAll(c, pred, out);
  return out;
}

/** Turn a tree into DOM nodes of `doc` (SVG tags in the SVG namespace). */
export function toDom(node, doc = document) {
  if (typeof node === "string" || typeof node === "number") return doc.createTextNode(String(node));
  const el = SVG_TAGS.has(node.tag) ? doc.createElementNS(SVG_NS, node.tag) : doc.createElement(node.tag);
  for (const [k, v] of Object.entries(node.attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (/^on/i.test(k)) throw new Error(`event attributes are not allowed: ${k}`);
    el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of node.children) el.appendChild(toDom(c, doc));
  return el;
}
