// The thin anywidget adapter: wires the model to the view and returns the cleanup.
import { mountBoard } from "./view.js";

/** anywidget's model, seen as the small source the view expects. */
export function modelSource(model) {
  return {
    get: (name) => model.get(name),
    on: (name, fn) => model.on(`change:${name}`, fn),
    off: (name, fn) => model.off(`change:${name}`, fn),
    send: (msg) => model.send(msg),
  };
}

function render({ model, el }) {
  return mountBoard(el, modelSource(model));
}

export default { render };
