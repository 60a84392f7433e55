// A live board in an element, driven by a model-like source. Knows nothing of anywidget:
// `mountBoard(el, source)` where source = {get(name), on(name, fn), off(name, fn), send(msg)}
// and get("view") is the view model shown now. Returns the cleanup function.
//
// Keyboard: Tab reaches the board, then the highlighted targets (one tab stop; the arrow
// keys move between them: a roving tabindex); Enter or Space opens a target's popover,
// whose first action takes the focus; Escape closes it and gives the focus back. On the
// board itself ←/→ step through the history (Shift: phase, Ctrl: cycle; Home/End).
import { actionsAt, boardParts, frameTree, mapSvg } from "./board.js";
import { toDom } from "./dom.js";
import { continueIntent, keyIntent, playIntent, renderedIntent, stepIntent } from "./intents.js";
import { popover } from "./panels.js";

// A redraw runs in a microtask: after every trait of one message is set (the kernel sends
// the board's traits together), before the browser handles the next message (the GameView
// controls' updates) or lays out the page, so the board is redrawn first.
const soon = (fn) => (typeof queueMicrotask === "function" ? queueMicrotask(fn) : Promise.resolve().then(fn));

const WATCHED = ["static", "view", "legal", "error", "annotation", "timeline", "animate", "interactive"];
const ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

// What each slot shows now, as text: a slot whose trees did not change is left alone
// (no DOM rebuilt, no animation restarted).
const drawn = new WeakMap();

function replace(slot, trees) {
  const list = [].concat(trees).filter(Boolean);
  const key = JSON.stringify(list);
  if (drawn.get(slot) === key) return;
  drawn.set(slot, key);
  const doc = slot.ownerDocument;
  const frag = doc.createDocumentFragment();
  for (const t of list) frag.appendChild(toDom(t, doc));
  slot.replaceChildren(frag);
}

const targetId = (node) => node && (node.getAttribute("data-target") || node.getAttribute("data-track"));

/** Mount the board in `el`; returns a cleanup that removes it and unsubscribes. */
export function mountBoard(el, source) {
  const doc = el.ownerDocument;
  const root = toDom(frameTree(source.get("static")), doc);
  el.appendChild(root);
  const q = (s) => root.querySelector(s);
  const slots = {
    header: q(".cw-header-slot"), prompt: q(".cw-prompt-slot"), svg: q(".cw-svg-slot"), below: q(".cw-below"),
    log: q(".cw-log-slot"), tracks: q(".cw-tracks"), players: q(".cw-players-slot"), legend: q(".cw-legend-slot"),
    menu: q(".cw-menu-slot"), tip: q(".cw-tip"),
  };
  const local = { menu: null, staticKey: null, dynamic: null, marks: null, roving: null, refocus: false, legendOpen: false, pieces: null };

  function drawStatic(stat) {
    const key = JSON.stringify([stat.map.id, stat.lang, stat.mode]);
    if (key === local.staticKey) return;
    local.staticKey = key;
    replace(slots.svg, mapSvg(stat));
    local.dynamic = slots.svg.querySelector(".cw-dynamic-slot");
    local.marks = slots.svg.querySelector(".cw-marks-slot");
    root.setAttribute("lang", stat.lang);
    root.setAttribute("aria-label", stat.text.title);
    root.style.fontFamily = stat.font;
    root.style.setProperty("--cw-aspect", String(stat.map.width / stat.map.height));
    root.className = `cw-root cw-mode-${stat.mode}`;
  }

  const targets = () => [...root.querySelectorAll(".cw-target")];

  function focusedTarget() {
    const a = doc.activeElement;
    return a && root.contains(a) && a.classList && a.classList.contains("cw-target") ? targetId(a) : null;
  }

  function rove(id) {
    const all = targets();
    const chosen = all.find((t) => targetId(t) === id) || all[0] || null;
    for (const t of all) t.setAttribute("tabindex", t === chosen ? "0" : "-1");
    local.roving = chosen ? targetId(chosen) : null;
    return chosen;
  }

  function draw() {
    const stat = source.get("static");
    const view = source.get("view");
    if (!stat || !stat.map || !view || !view.players) return undefined;
    const t0 = performance.now();
    const hadFocus = focusedTarget();
    const menuFocus = local.menu && slots.menu.contains(doc.activeElement);
    drawStatic(stat);
    const ui = {
      error: source.get("error"), annotation: source.get("annotation"), timeline: source.get("timeline"),
      animate: source.get("animate") !== false, interactive: source.get("interactive") !== false,
      before: local.pieces,
    };
    local.pieces = view.pieces;
    const legal = source.get("legal") || [];
    const parts = boardParts(stat, view, legal, ui);
    local.legendOpen = !!(q(".cw-legend") && q(".cw-legend").open);
    replace(slots.header, parts.header);
    replace(slots.prompt, parts.prompt);
    replace(local.dynamic, parts.dynamic);
    replace(local.marks, parts.marks);
    replace(slots.below, parts.below);
    replace(slots.log, parts.log);
    replace(slots.tracks, parts.tracks);
    replace(slots.players, parts.players);
    replace(slots.legend, parts.legend);
    if (local.legendOpen) q(".cw-legend").open = true;
    root.classList.toggle("cw-no-anim", !ui.animate);
    const chosen = rove(hadFocus || local.roving);
    if (local.menu && !targets().some((t) => targetId(t) === local.menu)) local.menu = null;
    drawMenu(stat, legal, menuFocus || local.focusMenu);
    local.focusMenu = false;
    if (!local.menu) {
      if (hadFocus && chosen) chosen.focus();
      else if (local.refocus) (chosen || root).focus();
    }
    local.refocus = false;
    const newest = q(".cw-newest");
    if (newest && newest.scrollIntoView && q(".cw-log-body")) {
      const body = q(".cw-log-body");
      body.scrollTop = body.scrollHeight;
    }
    const ms = performance.now() - t0;
    root.dataset.renderMs = ms.toFixed(2);
    root.dataset.step = String(view.step);
    return ms;
  }

  function drawMenu(stat, legal, keepFocus) {
    if (!local.menu) {
      replace(slots.menu, []);
      return;
    }
    const view = source.get("view");
    const acts = actionsAt(legal, local.menu);
    replace(slots.menu, popover(stat, (view.menus || {})[local.menu] || "", acts));
    place();
    if (keepFocus !== false) {
      const first = slots.menu.querySelector(".cw-action");
      if (first) first.focus();
    }
  }

  /** Put the popover beside its target, never over it. */
  function place() {
    const menu = slots.menu.firstElementChild;
    const target = targets().find((t) => targetId(t) === local.menu);
    if (!menu || !target || !target.getBoundingClientRect) return;
    const box = root.getBoundingClientRect();
    const r = target.getBoundingClientRect();
    const m = menu.getBoundingClientRect();
    let left = r.right - box.left + 8;
    let top = r.top - box.top;
    if (left + m.width > box.width) left = r.left - box.left - m.width - 8;
    if (left < 0) {
      left = Math.max(0, Math.min(box.width - m.width, r.left - box.left));
      top = r.bottom - box.top + 8;
    }
    top = Math.max(0, Math.min(top, Math.max(0, root.scrollHeight - m.height)));
    menu.style.left = `${left}px`;
    menu.style.top = `${top}px`;
  }

  function open(id) {
    local.menu = local.menu === id ? null : id;
    local.focusMenu = local.menu !== null;
    draw();
  }

  function close() {
    const id = local.menu;
    local.menu = null;
    draw();
    const t = targets().find((x) => targetId(x) === id);
    if (t) t.focus();
  }

  const step = () => { const v = source.get("view"); return v ? v.step : null; };

  // Several traits change together after one step: draw once, when they are all set.
  let pending = null;
  let alive = true;
  let viewChanged = false;
  function flush() {
    pending = null;
    if (!alive) return;
    const ms = draw();
    if (viewChanged && ms !== undefined) source.send(renderedIntent(step(), ms));
    viewChanged = false;
  }
  function schedule() {
    if (pending === null) {
      pending = true;
      soon(flush);
    }
  }
  function onView() {
    local.menu = null;
    viewChanged = true;
    schedule();
  }

  function onClick(ev) {
    const t = ev.target.closest("[data-action],[data-intent],[data-target],[data-track]");
    if (!t || !root.contains(t)) return;
    const legal = source.get("legal") || [];
    if (t.dataset.action !== undefined) {
      const action = legal.find((a) => String(a.id) === t.dataset.action);
      if (action) source.send(playIntent(action, step()));
      local.menu = null;
      local.refocus = true;
      draw();
    } else if (t.dataset.intent === "continue" || t.dataset.intent === "step") {
      source.send(t.dataset.intent === "step" ? stepIntent(step()) : continueIntent(step()));
      local.refocus = true;
    } else if (t.dataset.intent === "close") {
      close();
    } else {
      const id = t.dataset.target || t.dataset.track;
      if (actionsAt(legal, id).length && source.get("interactive") !== false) open(id);
    }
  }

  function onKey(ev) {
    if (ev.target.closest && ev.target.closest("input,textarea,select,summary")) return;
    if (ev.key === "Escape" && local.menu) {
      ev.preventDefault();
      ev.stopPropagation();
      close();
      return;
    }
    if (slots.menu.contains(ev.target)) {
      if (ARROWS[ev.key]) {
        const items = [...slots.menu.querySelectorAll(".cw-action")];
        const i = items.indexOf(ev.target);
        if (i >= 0) items[(i + ARROWS[ev.key] + items.length) % items.length].focus();
        ev.preventDefault();
        ev.stopPropagation();
      }
      return;
    }
    const onTarget = ev.target.classList && ev.target.classList.contains("cw-target");
    if (onTarget && ARROWS[ev.key] && !ev.shiftKey && !ev.ctrlKey && !ev.metaKey) {
      const all = targets();
      const i = all.indexOf(ev.target);
      const next = all[(i + ARROWS[ev.key] + all.length) % all.length];
      rove(targetId(next));
      next.focus();
      ev.preventDefault();
      ev.stopPropagation();
      return;
    }
    if (onTarget && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      ev.stopPropagation();
      open(targetId(ev.target));
      return;
    }
    if (ev.target.closest && ev.target.closest("button")) return;
    const intent = keyIntent(ev, step());
    if (intent) {
      ev.preventDefault();
      ev.stopPropagation();
      local.refocus = ev.target === root ? false : local.refocus;
      source.send(intent);
    }
  }

  function onOver(ev) {
    const t = ev.target.closest("[data-tip]");
    if (!t) {
      slots.tip.hidden = true;
      return;
    }
    slots.tip.textContent = t.dataset.tip;
    const box = q(".cw-map-area").getBoundingClientRect();
    slots.tip.style.left = `${ev.clientX - box.left + 12}px`;
    slots.tip.style.top = `${ev.clientY - box.top + 12}px`;
    slots.tip.hidden = false;
  }
  const onLeave = () => { slots.tip.hidden = true; };

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("mouseover", onOver);
  root.addEventListener("mouseleave", onLeave);
  const handlers = WATCHED.map((name) => [name, name === "view" ? onView : schedule]);
  for (const [name, fn] of handlers) source.on(name, fn);
  draw();

  return () => {
    alive = false;
    for (const [name, fn] of handlers) source.off(name, fn);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("mouseover", onOver);
    root.removeEventListener("mouseleave", onLeave);
    root.remove();
  };
}
