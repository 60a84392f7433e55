// The thin anywidget adapter: wires the model to the view (or, for the board editor, the
// edit mode: editor.js) and returns the cleanup. The
// view shown is the model's base `view` with its `view_patch` applied.
import { applyPatch } from "./patch.js";
import { mountEditor } from "./editor.js";
import { mountBoard } from "./view.js";

/** anywidget's model, seen as the small source the view expects. */
export function modelSource(model) {
  let cache = { base: null, patch: null, view: null };
  const current = () => {
    const base = model.get("view");
    const patch = model.get("view_patch");
    if (cache.base !== base || cache.patch !== patch) cache = { base, patch, view: applyPatch(base, patch) };
    return cache.view;
  };
  return {
    get: (name) => (name === "view" ? current() : model.get(name)),
    on(name, fn) {
      if (name === "view") {
        model.on("change:view", fn);
        model.on("change:view_patch", fn);
      } else model.on(`change:${name}`, fn);
    },
    off(name, fn) {
      if (name === "view") {
        model.off("change:view", fn);
        model.off("change:view_patch", fn);
      } else model.off(`change:${name}`, fn);
    },
    send: (msg) => model.send(msg),
  };
}

// A board in edit mode (the board editor) has an `edit` trait; a board of a game has none.
function render({ model, el }) {
  const source = modelSource(model);
  const edit = model.get("edit");
  return edit !== undefined && edit !== null ? mountEditor(el, source) : mountBoard(el, source);
}

export default { render };
