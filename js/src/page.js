// A board with no kernel: a list of frames stepped in the browser (the static replay page).
// The same view as the widget, driven by a small local source instead of a model.
import { mountBoard } from "./view.js";

/** Pure: the frame index an intent leads to, from `index` in `frames`. */
export function navigate(frames, index, intent) {
  const last = frames.length - 1;
  if (intent.type !== "nav") return index;
  if (intent.to === "start") return 0;
  if (intent.to === "end") return last;
  const dir = intent.to === "back" ? -1 : 1;
  if (intent.by === "step") return Math.min(last, Math.max(0, index + dir));
  const key = (i) => (intent.by === "cycle" ? frames[i].snapshot.cycle : `${frames[i].snapshot.cycle}/${frames[i].snapshot.phase}`);
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

/** Mount a kernel-free replay of `payload` = {static, frames: [{snapshot, annotation,
 * highlights}]} in `el`; returns {cleanup, go(index), index()}. */
export function mountReplay(el, payload) {
  const listeners = {};
  let index = 0;
  const frame = () => payload.frames[index];
  const source = {
    get(name) {
      if (name === "static") return payload.static;
      if (name === "legal") return [];
      if (name === "interactive") return false;
      if (name === "timeline") return { index, length: payload.frames.length - 1 };
      return frame()[name];
    },
    on(name, fn) { (listeners[name] ||= []).push(fn); },
    off(name, fn) { listeners[name] = (listeners[name] || []).filter((f) => f !== fn); },
    send(msg) {
      const next = navigate(payload.frames, index, msg);
      if (next !== index) go(next);
    },
  };
  function go(i) {
    index = Math.min(payload.frames.length - 1, Math.max(0, i));
    for (const fn of listeners.snapshot || []) fn();
  }
  const cleanup = mountBoard(el, source);
  return { cleanup, go, index: () => index };
}

export { mountBoard };
