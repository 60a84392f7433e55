// A live board in an element, driven by a model-like source. Knows nothing of anywidget:
// `mountBoard(el, source)` where source = {get(name), on(name, fn), off(name, fn), send(msg)}.
// Returns the cleanup function.
import { boardParts, mapSvg } from "./board.js";
import { h, toDom } from "./dom.js";
import { continueIntent, keyIntent, playIntent, renderedIntent } from "./intents.js";

const requestFrame = (fn) => (typeof requestAnimationFrame === "function" ? requestAnimationFrame(fn) : setTimeout(fn, 0));
const cancelFrame = (id) => (typeof cancelAnimationFrame === "function" ? cancelAnimationFrame(id) : clearTimeout(id));

const WATCHED = ["static", "snapshot", "legal", "error", "highlights", "annotation", "timeline", "animate", "interactive"];

function replace(slot, trees) {
  const doc = slot.ownerDocument;
  const frag = doc.createDocumentFragment();
  for (const t of [].concat(trees)) if (t) frag.appendChild(toDom(t, doc));
  slot.replaceChildren(frag);
}

function frame(doc) {
  const root = toDom(h("div", { class: "cw-root", tabindex: "0", "data-testid": "cw-board", "data-lm-suppress-shortcuts": "true" },
    h("div", { class: "cw-status-slot" }),
    h("div", { class: "cw-main" },
      h("div", { class: "cw-map-area" }, h("div", { class: "cw-svg-slot" }), h("div", { class: "cw-menu-slot" }), h("div", { class: "cw-tip", role: "tooltip", hidden: true, "data-testid": "cw-tip" })),
      h("div", { class: "cw-side" }, h("div", { class: "cw-below" }), h("div", { class: "cw-tracks" }), h("div", { class: "cw-players-slot" })))), doc);
  const q = (s) => root.querySelector(s);
  return { root, status: q(".cw-status-slot"), svgSlot: q(".cw-svg-slot"), menu: q(".cw-menu-slot"), tip: q(".cw-tip"), side: q(".cw-tracks"), below: q(".cw-below"), players: q(".cw-players-slot") };
}

/** Mount the board in `el`; returns a cleanup that removes it and unsubscribes. */
export function mountBoard(el, source) {
  const doc = el.ownerDocument;
  const f = frame(doc);
  el.appendChild(f.root);
  const local = { menu: null, staticKey: null, dynamicSlot: null };

  function drawStatic(stat) {
    const key = JSON.stringify([stat.map.id, stat.lang]);
    if (key === local.staticKey) return;
    local.staticKey = key;
    replace(f.svgSlot, mapSvg(stat));
    local.dynamicSlot = f.svgSlot.querySelector(".cw-dynamic-slot");
    f.root.setAttribute("lang", stat.lang);
    f.root.setAttribute("aria-label", stat.labels.ui.board);
  }

  function draw() {
    const stat = source.get("static");
    const snap = source.get("snapshot");
    if (!stat || !stat.map || !snap || !snap.players) return;
    const t0 = performance.now();
    drawStatic(stat);
    const ui = {
      menu: local.menu, error: source.get("error"), highlights: source.get("highlights"),
      annotation: source.get("annotation"), timeline: source.get("timeline"),
      animate: source.get("animate") !== false, interactive: source.get("interactive") !== false,
    };
    const parts = boardParts(stat, snap, source.get("legal"), ui);
    replace(f.status, parts.status);
    replace(local.dynamicSlot, parts.dynamic);
    replace(f.menu, parts.menu);
    replace(f.side, parts.side);
    replace(f.below, parts.below);
    replace(f.players, parts.players);
    f.root.classList.toggle("cw-no-anim", !ui.animate);
    const ms = performance.now() - t0;
    f.root.dataset.renderMs = ms.toFixed(2);
    f.root.dataset.step = String(snap.step);
    return ms;
  }

  // Several traits change together after one step: draw once, in the next frame.
  let pending = null;
  let snapshotChanged = false;
  function flush() {
    pending = null;
    const ms = draw();
    const snap = source.get("snapshot");
    if (snapshotChanged && ms !== undefined && snap) source.send(renderedIntent(snap.step, ms));
    snapshotChanged = false;
  }
  function schedule() {
    if (pending === null) pending = requestFrame(flush);
  }
  function onSnapshot() {
    local.menu = null;
    snapshotChanged = true;
    schedule();
  }

  function onClick(ev) {
    const t = ev.target.closest("[data-action],[data-intent],[data-target],[data-track]");
    if (!t || !f.root.contains(t)) return;
    const legal = source.get("legal") || [];
    if (t.dataset.action !== undefined) {
      const action = legal.find((a) => String(a.id) === t.dataset.action);
      if (action) source.send(playIntent(action));
      local.menu = null;
      draw();
    } else if (t.dataset.intent === "continue") {
      source.send(continueIntent());
    } else if (t.dataset.intent === "close") {
      local.menu = null;
      draw();
    } else {
      const id = t.dataset.target || t.dataset.track;
      local.menu = local.menu === id ? null : id;
      draw();
    }
  }

  function onKey(ev) {
    if (ev.target.closest && ev.target.closest("input,textarea,select")) return;
    if (ev.key === "Escape" && local.menu) {
      local.menu = null;
      draw();
      return;
    }
    if ((ev.key === "Enter" || ev.key === " ") && ev.target.dataset && ev.target.dataset.track) {
      ev.preventDefault();
      onClick(ev);
      return;
    }
    const intent = keyIntent(ev);
    if (intent) {
      ev.preventDefault();
      ev.stopPropagation();
      source.send(intent);
    }
  }

  function onOver(ev) {
    const t = ev.target.closest("[data-tip]");
    if (!t) {
      f.tip.hidden = true;
      return;
    }
    f.tip.textContent = t.dataset.tip;
    const box = f.root.querySelector(".cw-map-area").getBoundingClientRect();
    f.tip.style.left = `${ev.clientX - box.left + 12}px`;
    f.tip.style.top = `${ev.clientY - box.top + 12}px`;
    f.tip.hidden = false;
  }
  const onLeave = () => { f.tip.hidden = true; };

  f.root.addEventListener("click", onClick);
  f.root.addEventListener("keydown", onKey);
  f.root.addEventListener("mouseover", onOver);
  f.root.addEventListener("mouseleave", onLeave);
  const handlers = WATCHED.map((name) => [name, name === "snapshot" ? onSnapshot : schedule]);
  for (const [name, fn] of handlers) source.on(name, fn);
  draw();

  return () => {
    if (pending !== null) cancelFrame(pending);
    for (const [name, fn] of handlers) source.off(name, fn);
    f.root.removeEventListener("click", onClick);
    f.root.removeEventListener("keydown", onKey);
    f.root.removeEventListener("mouseover", onOver);
    f.root.removeEventListener("mouseleave", onLeave);
    f.root.remove();
  };
}
