// A live board in an element, driven by a model-like source. Knows nothing of anywidget:
// `mountBoard(el, source)` where source = {get(name), on(name, fn), off(name, fn), send(msg)}
// and get("view") is the view model shown now. Returns the cleanup function.
//
// Every mounted view draws from the source's current state, never from what it drew last,
// so two outputs of one widget (two views of one model) show the same position.
//
// Keyboard: Tab reaches the board, then the highlighted targets (one tab stop; the arrow
// keys move between them: a roving tabindex); Enter or Space opens a target's popover,
// whose first action takes the focus; Escape closes it and gives the focus back. On the
// board itself ←/→ step through the history (Shift: phase, Ctrl: cycle; Home/End).
import { LiveBoard } from "./live.js";

/** Mount the board in `el`; returns a cleanup that removes it and unsubscribes. */
export function mountBoard(el, source) {
  const board = new LiveBoard(el, source);
  board.mount();
  return () => board.unmount();
}
