// The keyboard on a live board: Escape closes the popover, the arrows move between its
// actions or between the lit targets (a roving tabindex), Enter or Space opens a target,
// Enter on a point of the graph goes to its step, and on the board itself ←/→ (Shift: phase, Ctrl: cycle), Home and End step the history.
import { gotoIntent } from "./graph.js";
import { keyIntent } from "./intents.js";

const ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

const stop = (ev) => {
  ev.preventDefault();
  ev.stopPropagation();
};

/** Handle a key pressed inside `board` (a LiveBoard). */
export function onBoardKey(board, ev) {
  if (ev.target.closest && ev.target.closest("input,textarea,select,summary")) return;
  if (ev.key === "Escape" && board.local.menu) {
    stop(ev);
    board.close();
    return;
  }
  if (board.slots.menu.contains(ev.target)) {
    menuKey(board, ev);
    return;
  }
  if ((ev.key === "Enter" || ev.key === " ") && board.slots.graph.contains(ev.target)) {
    const intent = gotoIntent(ev.target, board.step());
    if (intent) {
      stop(ev);
      board.source.send(intent);
      return;
    }
  }
  const onTarget = ev.target.classList && ev.target.classList.contains("cw-target");
  if (onTarget && targetKey(board, ev)) return;
  if (ev.target.closest && ev.target.closest("button")) return;
  const intent = keyIntent(ev, board.step());
  if (intent) {
    stop(ev);
    board.local.refocus = ev.target === board.root ? false : board.local.refocus;
    board.source.send(intent);
  }
}

/** The arrows move between the popover's actions. */
function menuKey(board, ev) {
  if (!ARROWS[ev.key]) return;
  const items = [...board.slots.menu.querySelectorAll(".cw-action")];
  const i = items.indexOf(ev.target);
  if (i >= 0) items[(i + ARROWS[ev.key] + items.length) % items.length].focus();
  stop(ev);
}

/** On a lit target: the arrows move to the next target, Enter or Space opens it. True if
 * the key was used. */
function targetKey(board, ev) {
  if (ARROWS[ev.key] && !ev.shiftKey && !ev.ctrlKey && !ev.metaKey) {
    const all = board.targets();
    const i = all.indexOf(ev.target);
    const next = all[(i + ARROWS[ev.key] + all.length) % all.length];
    board.rove(next.getAttribute("data-target") || next.getAttribute("data-track"));
    next.focus();
    stop(ev);
    return true;
  }
  if (ev.key === "Enter" || ev.key === " ") {
    stop(ev);
    board.open(ev.target.getAttribute("data-target") || ev.target.getAttribute("data-track"));
    return true;
  }
  return false;
}
