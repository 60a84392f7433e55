// The log panel shows its newest entry: after every redraw, and again when the board first
// gets a size (a view drawn before it is attached to the page has no height, so a scroll
// made then does nothing).

/** Scroll the log in `slot` to its newest entry. */
export function scrollLogToNewest(slot) {
  const body = slot && slot.querySelector(".cw-log-body");
  if (body && body.scrollHeight > body.clientHeight) body.scrollTop = body.scrollHeight;
}

/** Scroll the log again whenever `slot` changes size (first attached, resized); returns
 * the function that stops watching. */
export function watchLog(slot) {
  const view = slot && slot.ownerDocument && slot.ownerDocument.defaultView;
  if (!view || typeof view.ResizeObserver !== "function") return () => {};
  const observer = new view.ResizeObserver(() => scrollLogToNewest(slot));
  observer.observe(slot);
  return () => observer.disconnect();
}
