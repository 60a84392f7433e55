// The live board: draws the source's view into the frame, redraws when the source changes,
// and turns clicks and keys into intents (keys.js). Each redraw rebuilds only the slots
// whose content changed (a popover that did not change is left as it is).
import { actionsAt, boardParts, frameTree, mapSvg, paletteEntries } from "./board.js";
import { toDom } from "./dom.js";
import { gotoIntent, graphTree } from "./graph.js";
import { continueIntent, playIntent, renderedIntent, stepIntent, whyIntent } from "./intents.js";
import { watchFit } from "./fit.js";
import { onBoardKey } from "./keys.js";
import { scrollLogToNewest, watchLog } from "./logscroll.js";
import { popover } from "./panels.js";
import { placeBeside } from "./place.js";

// A redraw runs in a microtask: after every trait of one message is set (the kernel sends
// the board's traits together), before the browser handles the next message (the GameView
// controls' updates) or lays out the page, so the board is redrawn first.
const soon = (fn) => (typeof queueMicrotask === "function" ? queueMicrotask(fn) : Promise.resolve().then(fn));

const WATCHED = ["static", "view", "legal", "error", "notice", "annotation", "timeline", "animate", "interactive", "graph"];
const SLOTS = {
  header: ".cw-header-slot", prompt: ".cw-prompt-slot", svg: ".cw-svg-slot", below: ".cw-below",
  log: ".cw-log-slot", tracks: ".cw-tracks", players: ".cw-players-slot", legend: ".cw-legend-slot",
  menu: ".cw-menu-slot", tip: ".cw-tip", graph: ".cw-graph-slot",
};

// What each slot shows now, as text: a slot whose trees did not change is left alone
// (no DOM rebuilt, no animation restarted).
const drawn = new WeakMap();

/** Put `trees` in `slot`, unless it shows exactly these already. */
export function replace(slot, trees) {
  const list = [].concat(trees).filter(Boolean);
  const key = JSON.stringify(list);
  if (drawn.get(slot) === key) return;
  drawn.set(slot, key);
  const doc = slot.ownerDocument;
  const frag = doc.createDocumentFragment();
  for (const t of list) frag.appendChild(toDom(t, doc));
  slot.replaceChildren(frag);
}

/** The target (place or track item) a DOM node names, or null. */
export const targetId = (node) => node && (node.getAttribute("data-target") || node.getAttribute("data-track"));

export class LiveBoard {
  constructor(el, source) {
    this.el = el;
    this.source = source;
    this.doc = el.ownerDocument;
    this.local = { menu: null, staticKey: null, roving: null, refocus: false, focusMenu: false, pieces: null };
    this.pending = false;
    this.alive = true;
    this.viewChanged = false;
  }

  /** Build the frame, listen to the source and the DOM, draw once. */
  mount() {
    this.root = toDom(frameTree(this.source.get("static")), this.doc);
    this.el.appendChild(this.root);
    this.slots = Object.fromEntries(Object.entries(SLOTS).map(([k, s]) => [k, this.root.querySelector(s)]));
    this.handlers = WATCHED.map((name) => [name, name === "view" ? () => this.onView() : () => this.schedule()]);
    for (const [name, fn] of this.handlers) this.source.on(name, fn);
    this.dom = [["click", (ev) => this.onClick(ev)], ["keydown", (ev) => onBoardKey(this, ev)],
      ["mouseover", (ev) => this.onOver(ev)], ["mouseleave", () => { this.slots.tip.hidden = true; }]];
    for (const [type, fn] of this.dom) this.root.addEventListener(type, fn);
    this.unwatchLog = watchLog(this.slots.log);
    this.draw();
    this.unwatchFit = watchFit(this.root);
  }

  /** Stop listening and remove the board. */
  unmount() {
    this.alive = false;
    for (const [name, fn] of this.handlers) this.source.off(name, fn);
    for (const [type, fn] of this.dom) this.root.removeEventListener(type, fn);
    this.unwatchLog();
    this.unwatchFit();
    this.root.remove();
  }

  q(selector) {
    return this.root.querySelector(selector);
  }

  step() {
    const v = this.source.get("view");
    return v ? v.step : null;
  }

  targets() {
    return [...this.root.querySelectorAll(".cw-target")];
  }

  focusedTarget() {
    const a = this.doc.activeElement;
    return a && this.root.contains(a) && a.classList && a.classList.contains("cw-target") ? targetId(a) : null;
  }

  /** Make target `id` (or the first) the one tab stop among the targets. */
  rove(id) {
    const all = this.targets();
    const chosen = all.find((t) => targetId(t) === id) || all[0] || null;
    for (const t of all) t.setAttribute("tabindex", t === chosen ? "0" : "-1");
    this.local.roving = chosen ? targetId(chosen) : null;
    return chosen;
  }

  drawStatic(fixed) {
    const key = JSON.stringify([fixed.map.id, fixed.lang, fixed.mode]);
    if (key === this.local.staticKey) return;
    this.local.staticKey = key;
    replace(this.slots.svg, mapSvg(fixed));
    this.slots.dynamic = this.slots.svg.querySelector(".cw-dynamic-slot");
    this.slots.marks = this.slots.svg.querySelector(".cw-marks-slot");
    const root = this.root;
    root.setAttribute("lang", fixed.lang);
    root.setAttribute("aria-label", fixed.text.title);
    root.style.fontFamily = fixed.font;
    root.style.setProperty("--cw-aspect", String(fixed.map.width / fixed.map.height));
    for (const [name, colour] of paletteEntries(fixed)) root.style.setProperty(name, colour);
    root.className = `cw-root cw-mode-${fixed.mode}`;
  }

  /** Draw the current view; returns the time it took (ms), or undefined if nothing to draw. */
  draw() {
    const src = this.source;
    const fixed = src.get("static");
    const view = src.get("view");
    if (!fixed || !fixed.map || !view || !view.players) return undefined;
    const t0 = performance.now();
    const hadFocus = this.focusedTarget();
    const menuFocus = this.local.menu && this.slots.menu.contains(this.doc.activeElement);
    this.drawStatic(fixed);
    const ui = {
      error: src.get("error"), notice: src.get("notice"), annotation: src.get("annotation"), timeline: src.get("timeline"),
      animate: src.get("animate") !== false, interactive: src.get("interactive") !== false,
      before: this.local.pieces,
    };
    this.local.pieces = view.pieces;
    const legal = src.get("legal") || [];
    this.drawParts(boardParts(fixed, view, legal, ui));
    this.drawGraph(ui.timeline);
    this.root.classList.toggle("cw-no-anim", !ui.animate);
    this.restoreFocus(fixed, legal, hadFocus, menuFocus);
    scrollLogToNewest(this.slots.log);
    const ms = performance.now() - t0;
    this.root.dataset.renderMs = ms.toFixed(2);
    this.root.dataset.step = String(view.step);
    return ms;
  }

  drawParts(parts) {
    const legend = this.q(".cw-legend");
    const legendOpen = !!(legend && legend.open);
    for (const name of ["header", "prompt", "dynamic", "marks", "below", "log", "tracks", "players", "legend"]) {
      replace(this.slots[name], parts[name]);
    }
    if (legendOpen) this.q(".cw-legend").open = true;
  }

  /** The win-chance graph under the board (a Replay given a review), with its cursor. */
  drawGraph(timeline) {
    const graph = this.source.get("graph");
    const index = timeline && typeof timeline.index === "number" ? timeline.index : null;
    replace(this.slots.graph, graphTree(graph && graph.v ? graph : null, index));
  }

  restoreFocus(fixed, legal, hadFocus, menuFocus) {
    const chosen = this.rove(hadFocus || this.local.roving);
    if (this.local.menu && !this.targets().some((t) => targetId(t) === this.local.menu)) this.local.menu = null;
    this.drawMenu(fixed, legal, menuFocus || this.local.focusMenu);
    this.local.focusMenu = false;
    if (!this.local.menu) {
      if (hadFocus && chosen) chosen.focus();
      else if (this.local.refocus) (chosen || this.root).focus();
    }
    this.local.refocus = false;
  }

  drawMenu(fixed, legal, keepFocus) {
    if (!this.local.menu) {
      replace(this.slots.menu, []);
      return;
    }
    const view = this.source.get("view");
    const acts = actionsAt(legal, this.local.menu);
    replace(this.slots.menu, popover(fixed, (view.menus || {})[this.local.menu] || "", acts));
    const target = this.targets().find((t) => targetId(t) === this.local.menu);
    placeBeside(this.root, this.slots.menu.firstElementChild, target);
    if (keepFocus) {
      const first = this.slots.menu.querySelector(".cw-action");
      if (first && first !== this.doc.activeElement) first.focus();
    }
  }

  open(id) {
    this.local.menu = this.local.menu === id ? null : id;
    this.local.focusMenu = this.local.menu !== null;
    this.draw();
  }

  close() {
    const id = this.local.menu;
    this.local.menu = null;
    this.draw();
    const t = this.targets().find((x) => targetId(x) === id);
    if (t) t.focus();
  }

  // Several traits change together after one step: draw once, when they are all set.
  schedule() {
    if (this.pending) return;
    this.pending = true;
    soon(() => this.flush());
  }

  flush() {
    this.pending = false;
    if (!this.alive) return;
    const ms = this.draw();
    if (this.viewChanged && ms !== undefined) this.source.send(renderedIntent(this.step(), ms));
    this.viewChanged = false;
  }

  onView() {
    this.local.menu = null;
    this.viewChanged = true;
    this.schedule();
  }

  onClick(ev) {
    const goto = this.slots.graph.contains(ev.target) ? gotoIntent(ev.target, this.step()) : null;
    if (goto) {
      this.source.send(goto);
      return;
    }
    const t = ev.target.closest("[data-action],[data-intent],[data-target],[data-track],[data-god],[data-creature]");
    if (!t || !this.root.contains(t)) return;
    const legal = this.source.get("legal") || [];
    const intent = t.dataset.intent;
    if (t.dataset.action !== undefined) {
      const action = legal.find((a) => String(a.id) === t.dataset.action);
      if (action) this.source.send(playIntent(action, this.step()));
      this.local.menu = null;
      this.local.refocus = true;
      this.draw();
    } else if (intent === "continue" || intent === "step") {
      this.source.send(intent === "step" ? stepIntent(this.step()) : continueIntent(this.step()));
      this.local.refocus = true;
    } else if (intent === "close") {
      this.close();
    } else {
      this.onPlace(t.dataset.target || t.dataset.track || t.dataset.god || t.dataset.creature, legal);
    }
  }

  /** A place, god or creature clicked: its menu when it is lit, else ask why not. */
  onPlace(id, legal) {
    if (this.source.get("interactive") === false || !id) return;
    if (actionsAt(legal, id).length) this.open(id);
    else this.source.send(whyIntent(id, this.step()));
  }

  onOver(ev) {
    const tip = this.slots.tip;
    const t = ev.target.closest("[data-tip]");
    if (!t) {
      tip.hidden = true;
      return;
    }
    tip.textContent = t.dataset.tip;
    const box = this.q(".cw-map-area").getBoundingClientRect();
    tip.style.left = `${ev.clientX - box.left + 12}px`;
    tip.style.top = `${ev.clientY - box.top + 12}px`;
    tip.hidden = false;
  }
}
