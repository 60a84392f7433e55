// A board with no kernel: the HTML replay page. Its data are the first view and, for each
// later position, a patch of the one before (cyclades_widgets/records/page.py), each
// step's narration stored once, and the notes. The same view as the widget paints it,
// driven by a local source instead of a model; the page adds a title, labelled buttons,
// a slider and the key hint.
import { paletteEntries } from "./board.js";
import { h, toDom } from "./dom.js";
import { applyPatch } from "./patch.js";
import { mountBoard } from "./view.js";

const CHECKPOINT = 32;

/** The page's data: base64 of gzipped JSON, unpacked with the browser's own
 * DecompressionStream (records/page.py packs it). */
export async function unpack(text) {
  const bytes = Uint8Array.from(atob(text.trim()), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

/** The positions of a replay payload: view(i) for any i, cheaply (checkpoints). */
export function positions(payload) {
  const n = payload.patches.length + 1;
  const keys = [];
  const checkpoints = [];
  let v = payload.first;
  for (let i = 0; i < n; i++) {
    if (i > 0) v = applyPatch(v, payload.patches[i - 1]);
    if (i % CHECKPOINT === 0) checkpoints.push(v);
    keys.push([v.cycle, v.phase]);
  }
  function view(i) {
    let k = Math.floor(i / CHECKPOINT);
    let out = checkpoints[k];
    for (let j = k * CHECKPOINT + 1; j <= i; j++) out = applyPatch(out, payload.patches[j - 1]);
    if (out.log) {
      const lines = {};
      for (const g of out.log.groups) for (const s of g.steps) lines[String(s)] = payload.lines[String(s)] || [];
      out = { ...out, log: { ...out.log, lines } };
    }
    return out;
  }
  return { length: n, keys, view };
}

/** Pure: the position an intent leads to, from `index`, given each position's [cycle, phase]. */
export function navigate(keys, index, intent) {
  const last = keys.length - 1;
  if (intent.type !== "nav") return index;
  if (intent.to === "start") return 0;
  if (intent.to === "end") return last;
  const dir = intent.to === "back" ? -1 : 1;
  if (intent.by === "step") return Math.min(last, Math.max(0, index + dir));
  const key = (i) => (intent.by === "cycle" ? String(keys[i][0]) : `${keys[i][0]}/${keys[i][1]}`);
  let i = index;
  const here = key(index);
  while (i + dir >= 0 && i + dir <= last && key(i + dir) === here) i += dir;
  if (i !== index && dir < 0) return i; // back to the start of this phase first
  i += dir;
  if (i < 0 || i > last) return index;
  if (dir < 0) {
    const k = key(i);
    while (i - 1 >= 0 && key(i - 1) === k) i -= 1;
  }
  return i;
}

// Start, end and whole cycles are drawn (the glyphs ⏮⏪⏩⏭ are missing from many fonts):
// path data on a 16×16 box, filled with the button's text colour.
const ICONS = {
  start: "M3 3h2v10H3zM13 3v10L6 8z", back_cycle: "M8 3v10L2 8zM15 3v10L9 8z",
  forward_cycle: "M1 3v10l6-5zM8 3v10l6-5z", end: "M11 3h2v10h-2zM3 3v10l7-5z",
};
const icon = (d) => h("svg", { viewBox: "0 0 16 16", width: "14", height: "14", "aria-hidden": "true", focusable: "false" },
  h("path", { d, fill: "currentColor" }));
const NAV = [
  [icon(ICONS.start), "start", "step", "start"], [icon(ICONS.back_cycle), "back", "cycle", "back_cycle"],
  ["«", "back", "phase", "back_phase"], ["‹", "back", "step", "back_step"], ["›", "forward", "step", "forward_step"],
  ["»", "forward", "phase", "forward_phase"], [icon(ICONS.forward_cycle), "forward", "cycle", "forward_cycle"],
  [icon(ICONS.end), "end", "step", "end"],
];

function controls(payload) {
  const T = payload.text;
  return h("div", { class: "cw-page-controls", role: "group", "aria-label": T.controls },
    h("div", { class: "cw-page-buttons" }, NAV.map(([glyph, to, by, key]) =>
      h("button", { class: "cw-btn cw-nav", "data-to": to, "data-by": by, "aria-label": T[key], title: T[key] }, glyph))),
    h("input", { class: "cw-slider", type: "range", min: "0", max: String(payload.patches.length), value: "0", step: "1", "aria-label": T.slider, "data-testid": "cw-slider" }),
    h("p", { class: "cw-keys" }, T.keys));
}

/** Mount a kernel-free replay of `payload` in `el`; returns {cleanup, go(index), index()}. */
export function mountReplay(el, payload) {
  const doc = el.ownerDocument;
  const all = positions(payload);
  const listeners = {};
  let index = 0;
  let shown = all.view(0);
  for (const [name, colour] of paletteEntries(payload.static)) el.style.setProperty(name, colour);
  if (payload.title) el.appendChild(toDom(h("h1", { class: "cw-page-title" }, payload.title), doc));
  const bar = toDom(controls(payload), doc);
  el.appendChild(bar);
  const slider = bar.querySelector(".cw-slider");
  const source = {
    get(name) {
      if (name === "static") return payload.static;
      if (name === "view") return shown;
      if (name === "legal") return [];
      if (name === "interactive") return false;
      if (name === "timeline") return { index, length: all.length - 1, text: payload.timeline[index] };
      if (name === "annotation") return (payload.notes || {})[String(index)] || {};
      return undefined;
    },
    on(name, fn) { (listeners[name] ||= []).push(fn); },
    off(name, fn) { listeners[name] = (listeners[name] || []).filter((f) => f !== fn); },
    send(msg) {
      const next = navigate(all.keys, index, msg);
      if (next !== index) go(next);
    },
  };
  function go(i) {
    index = Math.min(all.length - 1, Math.max(0, i));
    shown = all.view(index);
    slider.value = String(index);
    for (const fn of listeners.view || []) fn();
  }
  const onInput = () => go(Number(slider.value));
  const onNav = (ev) => {
    const b = ev.target.closest("button[data-to]");
    if (b) go(navigate(all.keys, index, { type: "nav", to: b.dataset.to, by: b.dataset.by }));
  };
  slider.addEventListener("input", onInput);
  bar.addEventListener("click", onNav);
  const cleanup = mountBoard(el, source);
  return {
    cleanup() { cleanup(); slider.removeEventListener("input", onInput); bar.removeEventListener("click", onNav); },
    go,
    index: () => index,
  };
}

export { mountBoard };
