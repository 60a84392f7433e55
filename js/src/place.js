// Where a popover goes: beside its target, never over it, inside the board.

/** Put `menu` beside `target`, both inside `root` (no-op when either is missing). */
export function placeBeside(root, menu, target) {
  if (!menu || !target || !target.getBoundingClientRect) return;
  const box = root.getBoundingClientRect();
  const r = target.getBoundingClientRect();
  const m = menu.getBoundingClientRect();
  let left = r.right - box.left + 8;
  let top = r.top - box.top;
  if (left + m.width > box.width) left = r.left - box.left - m.width - 8;
  if (left < 0) {
    left = Math.max(0, Math.min(box.width - m.width, r.left - box.left));
    top = r.bottom - box.top + 8;
  }
  top = Math.max(0, Math.min(top, Math.max(0, root.scrollHeight - m.height)));
  const px = (n) => `${Math.round(n)}px`;
  if (menu.style.left !== px(left)) menu.style.left = px(left);
  if (menu.style.top !== px(top)) menu.style.top = px(top);
}
