// The board in edit mode (the board editor, cyclades_widgets/widgets/editboard.py): the
// live board with an edit bar above the map (the palette, how many, Undo, Redo, Empty).
// Everything it shows is Python's: the tools' names and pictures (view/editing.py), the
// places that accept the chosen piece (lit). It holds no rule: a click on a place sends
// the `toggle` intent with the chosen piece, a right click or Delete the `remove` intent,
// and Python checks each (a refused edit comes back as the board's error line).
//
// Keyboard: Tab reaches the palette (one tab stop; the arrows move between its pieces,
// Enter or Space chooses one), the count, the buttons, then the lit places (one tab stop;
// the arrows move between them, Enter or Space places or takes away, Delete takes away).
// Ctrl+Z and Ctrl+Y (or Ctrl+Shift+Z) undo and redo anywhere on the board.
import { h } from "./dom.js";
import { LiveBoard, targetId } from "./live.js";
import { part } from "./pieces.js";

const ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
const NAV_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);

/** A tool's picture: its parts (colours filled in by Python) in a small SVG. */
export function toolPicture(fixed, tool) {
  const r = tool.box || 14;
  return h("svg", { class: "cw-tool-icon", width: 24, height: 24, viewBox: `${-r} ${-r} ${2 * r} ${2 * r}`, "aria-hidden": "true", focusable: "false" },
    tool.picture.map((q) => part(fixed, q, [0, 0], null, "")));
}

/** The palette: one button per tool, grouped by piece (then the pieces of nobody); the
 * chosen one pressed and the one tab stop. */
export function paletteBar(fixed, edit) {
  const chosen = edit.tool ? edit.tool.id : null;
  const groups = [];
  for (const t of edit.tools) {
    const key = t.player === null || t.player === undefined ? "" : t.piece;
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.tools.push(t);
    else groups.push({ key, tools: [t] });
  }
  const button = (t) => h("button", {
    class: "cw-btn cw-tool" + (t.id === chosen ? " cw-chosen" : ""), type: "button", "data-tool": t.id,
    "data-piece": t.piece, "data-player": t.player ?? null, "aria-pressed": t.id === chosen ? "true" : "false",
    "aria-label": t.label, title: t.label, tabindex: t.id === chosen ? "0" : "-1", "data-testid": `cw-tool-${t.id}`,
  }, toolPicture(fixed, t));
  return h("div", { class: "cw-palette", role: "toolbar", "aria-label": edit.words.palette, "data-testid": "cw-palette" },
    groups.map((g) => h("span", { class: "cw-tool-group" }, g.tools.map(button))));
}

/** The count of the chosen piece (typed or stepped), when it has one. */
export function countField(edit) {
  const tool = edit.tool && edit.tools.find((t) => t.id === edit.tool.id);
  if (!tool || tool.least === null || tool.least === undefined) return null;
  return h("label", { class: "cw-count-field" }, edit.words.count + " ",
    h("input", { type: "number", class: "cw-count-input", min: String(tool.least), max: String(tool.most), step: "1",
      value: String(edit.tool.count), "data-testid": "cw-count" }));
}

/** Undo, Redo and Empty: buttons that send those edits. */
function editButtons(edit) {
  const W = edit.words;
  const b = (kind, enabled) => h("button", {
    class: "cw-btn cw-edit-button", type: "button", "data-edit": kind, title: W[`${kind}_hint`],
    disabled: !enabled, "data-testid": `cw-${kind}`,
  }, W[kind]);
  return h("span", { class: "cw-edit-buttons" }, b("undo", edit.can_undo), b("redo", edit.can_redo), b("empty", true));
}

/** The edit bar above the map. */
export function editBar(fixed, edit) {
  if (!edit || !edit.tools) return null;
  return h("div", { class: "cw-editbar", "data-testid": "cw-editbar" },
    paletteBar(fixed, edit), h("span", { class: "cw-edit-controls" }, countField(edit), editButtons(edit)),
    h("p", { class: "cw-keys" }, edit.words.keys));
}

/** The edit a click (`toggle`) or a right click (`remove`) on `place` makes with the
 * chosen tool, or null when no tool is chosen. */
export function placeIntent(edit, kind, place) {
  const tool = edit && edit.tool;
  if (!tool) return null;
  const intent = { type: kind, piece: tool.piece, place };
  if (tool.player !== null && tool.player !== undefined) intent.player = tool.player;
  if (kind !== "remove" && tool.count !== null && tool.count !== undefined) intent.count = tool.count;
  return intent;
}

/** The message a click on an element of the edit bar or the map sends (its dataset), or null. */
export function clickIntent(edit, data) {
  if (data.tool !== undefined) {
    const t = edit.tools.find((x) => x.id === data.tool);
    return t ? { type: "tool", piece: t.piece, player: t.player ?? null } : null;
  }
  if (data.edit !== undefined) return { type: data.edit };
  const place = data.target || data.track;
  return place ? placeIntent(edit, "toggle", place) : null;
}

/** The message of a key pressed anywhere on the board that is not a place or a tool:
 * undo and redo. */
export function historyKey(ev) {
  if (!(ev.ctrlKey || ev.metaKey)) return null;
  const key = ev.key.toLowerCase();
  if (key === "z") return { type: ev.shiftKey ? "redo" : "undo" };
  if (key === "y") return { type: "redo" };
  return null;
}

/** What keeps the focus across a redraw: the element's tool, button or count. */
function focusKey(el) {
  if (!el || !el.getAttribute) return null;
  for (const name of ["data-tool", "data-edit", "data-testid"]) {
    const v = el.getAttribute(name);
    if (v && (name !== "data-testid" || v === "cw-count")) return `[${name}="${v}"]`;
  }
  return null;
}

export class EditorBoard extends LiveBoard {
  mount() {
    super.mount();
    this.onEdit = () => this.schedule();
    this.source.on("edit", this.onEdit);
    this.editDom = [["keydown", (ev) => this.onEditKey(ev), true], ["contextmenu", (ev) => this.onContext(ev)],
      ["change", (ev) => this.onCount(ev)]];
    for (const [type, fn, capture] of this.editDom) this.root.addEventListener(type, fn, !!capture);
    this.root.classList.add("cw-editing");
  }

  unmount() {
    this.source.off("edit", this.onEdit);
    for (const [type, fn, capture] of this.editDom) this.root.removeEventListener(type, fn, !!capture);
    super.unmount();
  }

  edit() {
    return this.source.get("edit") || {};
  }

  draw() {
    const focused = this.root.contains(this.doc.activeElement) ? focusKey(this.doc.activeElement) : null;
    const ms = super.draw();
    this.root.classList.add("cw-editing");
    const again = focused && this.root.querySelector(focused);
    if (again && again !== this.doc.activeElement) again.focus();
    return ms;
  }

  drawParts(parts) {
    super.drawParts({ ...parts, prompt: [parts.prompt, editBar(this.source.get("static"), this.edit())] });
  }

  /** Enter or Space on a lit place (keys.js): place or take away the chosen piece. */
  open(id) {
    this.send(placeIntent(this.edit(), "toggle", id));
  }

  send(msg) {
    if (msg) this.source.send(msg);
  }

  onClick(ev) {
    const t = ev.target.closest("[data-tool],[data-edit],[data-target],[data-track]");
    if (!t || !this.root.contains(t) || t.disabled) return;
    this.send(clickIntent(this.edit(), t.dataset));
  }

  onContext(ev) {
    const t = ev.target.closest("[data-target],[data-track]");
    if (!t || !this.root.contains(t)) return;
    ev.preventDefault();
    this.send(placeIntent(this.edit(), "remove", t.dataset.target || t.dataset.track));
  }

  onCount(ev) {
    if (!ev.target.classList || !ev.target.classList.contains("cw-count-input")) return;
    const tool = this.edit().tool;
    const n = ev.target.value === "" ? null : Number(ev.target.value);
    if (tool) this.send({ type: "tool", piece: tool.piece, player: tool.player ?? null, count: n });
  }

  /** Keys before the board's own (a capture listener): history, the palette's arrows,
   * Delete on a place; the board's ←/→ history keys mean nothing here. */
  onEditKey(ev) {
    const el = ev.target;
    if (ev.key === "Enter" && el.classList && el.classList.contains("cw-count-input")) return this.onCount(ev);
    if (el.closest && el.closest("input,textarea,select")) return;
    const history = historyKey(ev);
    if (history) return this.stop(ev, history);
    if (el.getAttribute && el.getAttribute("data-tool") && ARROWS[ev.key]) return this.stop(ev, null, () => this.moveTool(el, ARROWS[ev.key]));
    const onPlace = el.classList && el.classList.contains("cw-target");
    if (onPlace && (ev.key === "Delete" || ev.key === "Backspace")) return this.stop(ev, placeIntent(this.edit(), "remove", targetId(el)));
    if (!onPlace && NAV_KEYS.has(ev.key) && !(el.closest && el.closest("button"))) ev.stopPropagation();
    return undefined;
  }

  stop(ev, msg, then = null) {
    ev.preventDefault();
    ev.stopPropagation();
    this.send(msg);
    if (then) then();
  }

  /** Move the palette's tab stop and the focus `by` tools. */
  moveTool(el, by) {
    const all = [...this.root.querySelectorAll("[data-tool]")];
    const next = all[(all.indexOf(el) + by + all.length) % all.length];
    for (const t of all) t.setAttribute("tabindex", t === next ? "0" : "-1");
    next.focus();
  }
}

/** Mount the board in edit mode in `el`; returns the cleanup. */
export function mountEditor(el, source) {
  const board = new EditorBoard(el, source);
  board.mount();
  return () => board.unmount();
}
