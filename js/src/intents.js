// Turning DOM events into intents, the only messages the board sends to Python.
// Python validates every intent; these functions only describe what the person asked.

/** The intent of a key press, or null. ←/→ step, Shift+←/→ by phase, Ctrl+←/→ by
 * cycle, Home/End to the start or the end of the history. */
export function keyIntent(ev) {
  const by = ev.shiftKey ? "phase" : ev.ctrlKey || ev.metaKey ? "cycle" : "step";
  switch (ev.key) {
    case "ArrowLeft":
      return { type: "nav", to: "back", by };
    case "ArrowRight":
      return { type: "nav", to: "forward", by };
    case "Home":
      return { type: "nav", to: "start", by: "step" };
    case "End":
      return { type: "nav", to: "end", by: "step" };
    default:
      return null;
  }
}

/** The intent to play one legal action (its id and notation, checked again in Python). */
export function playIntent(action) {
  return { type: "play", id: action.id, notation: action.notation };
}

/** The intent to run the automatic and chance steps up to the next decision. */
export function continueIntent() {
  return { type: "continue" };
}

/** Report of a redraw, for the performance numbers. */
export function renderedIntent(step, ms) {
  return { type: "rendered", step, ms: Math.round(ms * 100) / 100 };
}
