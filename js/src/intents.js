// Turning DOM events into intents, the only messages the board sends to Python. Every
// intent names the step it was made at (Python refuses a stale one); Python checks all.

/** The intent of a key press on the board itself, or null. ←/→ step, Shift+←/→ by
 * phase, Ctrl+←/→ by cycle, Home/End to the start or the end of the history. */
export function keyIntent(ev, step) {
  const by = ev.shiftKey ? "phase" : ev.ctrlKey || ev.metaKey ? "cycle" : "step";
  switch (ev.key) {
    case "ArrowLeft":
      return { type: "nav", to: "back", by, step };
    case "ArrowRight":
      return { type: "nav", to: "forward", by, step };
    case "Home":
      return { type: "nav", to: "start", by: "step", step };
    case "End":
      return { type: "nav", to: "end", by: "step", step };
    default:
      return null;
  }
}

/** The intent to play one legal action of step `step` (its id and notation). */
export function playIntent(action, step) {
  return { type: "play", id: action.id, notation: action.notation, step };
}

/** The intent to run the automatic and chance steps up to the next decision. */
export function continueIntent(step) {
  return { type: "continue", step };
}

/** The intent to take the next automatic or chance step. */
export function stepIntent(step) {
  return { type: "step", step };
}

/** A click on a place, god or creature where nothing is lit: ask Python why. */
export function whyIntent(target, step) {
  return { type: "why", target, step };
}

/** Report of a redraw, for the performance numbers. */
export function renderedIntent(step, ms) {
  return { type: "rendered", step, ms: Math.round(ms * 100) / 100 };
}
