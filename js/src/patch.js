// Applying the view model's patches (cyclades_widgets/view/diff.py writes them): a patch
// is {s: {key: value}, u: {key: patch}, d: [keys], n: length}. Pure: returns a new value.

/** A copy of `value` with `patch` applied. */
export function applyPatch(value, patch) {
  if (!patch || (typeof patch === "object" && Object.keys(patch).length === 0)) return value;
  if (Array.isArray(value)) {
    const out = value.slice(0, patch.n ?? value.length);
    while (out.length < (patch.n ?? value.length)) out.push(null);
    for (const [k, v] of Object.entries(patch.s || {})) out[Number(k)] = v;
    for (const [k, p] of Object.entries(patch.u || {})) out[Number(k)] = applyPatch(out[Number(k)], p);
    return out;
  }
  const out = { ...value };
  for (const k of patch.d || []) delete out[k];
  for (const [k, v] of Object.entries(patch.s || {})) out[k] = v;
  for (const [k, p] of Object.entries(patch.u || {})) out[k] = applyPatch(out[k], p);
  return out;
}
