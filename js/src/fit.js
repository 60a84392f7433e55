// One decision on one screen: the map is as large as the width allows, and no taller than
// the visible height leaves once everything that must stay in view with it is counted (the
// header and prompt, and in a GameView or Learn the controls around the board: the
// nearest ancestor marked `cw-fit`). The result is the custom property --cw-map-max-h on
// the board's root, which the stylesheet reads for the map's height and width. Pure layout:
// no rule, no colour.

const SCROLLING = /(auto|scroll)/;
// Boxes that take their content's height even when they may scroll (ipywidgets' boxes,
// notebook output areas): fitting to them would shrink the map frame after frame.
const CONTENT_SIZED = ".jupyter-widgets, .jp-OutputArea, .jp-OutputArea-output";
const MARGIN = 12;
const LEAST = 220;

/** The element whose visible height the board lives in: the nearest scrolling ancestor
 * at least half the window's height (a JupyterLab notebook; a widget box or an output
 * area, which take their content's height, is not one), else the window. */
export function scroller(el) {
  const view = el.ownerDocument.defaultView;
  const least = view.innerHeight / 2;
  for (let node = el.parentElement; node; node = node.parentElement) {
    if (node.matches(CONTENT_SIZED)) continue;
    const style = view.getComputedStyle(node);
    if (SCROLLING.test(style.overflowY) && node.clientHeight >= least) return node;
  }
  return null;
}

/** The visible height the board and its controls have. */
export function visibleHeight(el) {
  const box = scroller(el);
  const view = el.ownerDocument.defaultView;
  return box ? box.clientHeight : view.innerHeight;
}

/** The map's largest height: what is visible, less what must stay in view beside it. */
export function mapMaxHeight(root, visible) {
  const area = root.querySelector(".cw-map-area");
  if (!area || !visible) return null;
  const fitted = root.closest(".cw-fit") || root;
  const others = fitted.getBoundingClientRect().height - area.getBoundingClientRect().height;
  return Math.max(LEAST, Math.floor(visible - others - MARGIN));
}

/** Set --cw-map-max-h on `root` (only when it changes by more than 2 px, so a resize the
 * change itself causes cannot loop). */
export function fit(root) {
  const height = mapMaxHeight(root, visibleHeight(root));
  if (height === null) return;
  const now = parseFloat(root.style.getPropertyValue("--cw-map-max-h")) || 0;
  if (Math.abs(now - height) > 2) root.style.setProperty("--cw-map-max-h", `${height}px`);
}

/** Fit `root` now and whenever its scroller or its controls change size; returns the
 * function that stops watching. */
export function watchFit(root) {
  const view = root.ownerDocument.defaultView;
  if (!view || typeof view.ResizeObserver !== "function") return () => {};
  let pending = false;
  const again = () => {
    if (pending) return;
    pending = true;
    view.requestAnimationFrame(() => {
      pending = false;
      fit(root);
    });
  };
  const observer = new view.ResizeObserver(again);
  observer.observe(root);
  const start = () => {
    const box = scroller(root);
    if (box) observer.observe(box);
    const fitted = root.closest(".cw-fit");
    if (fitted) observer.observe(fitted);
    again();
  };
  start();
  view.addEventListener("resize", again);
  view.requestAnimationFrame(start); // attached to the page only after the first draw
  return () => {
    observer.disconnect();
    view.removeEventListener("resize", again);
  };
}
