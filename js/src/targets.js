// Which legal actions touch which place: the board lights them and offers them on click.
// No rule logic: the actions and their targets come from Python (serialize.legal_payload).

/** Map ids (isles, seas) that at least one legal action touches. */
export function litPlaces(legal) {
  const out = new Set();
  for (const a of legal || []) for (const t of a.targets || []) out.add(t);
  return [...out];
}

/** Track ids (gods, creatures) that at least one legal action touches. */
export function litTrack(legal) {
  const out = new Set();
  for (const a of legal || []) for (const t of a.track || []) out.add(t);
  return [...out];
}

/** The legal actions that touch a place (isle/sea id) or a track item (god/creature). */
export function actionsAt(legal, id) {
  return (legal || []).filter((a) => (a.targets || []).includes(id) || (a.track || []).includes(id));
}

/** Legal actions that touch nothing on the map or tracks (end, extra Priest...). */
export function looseActions(legal) {
  return (legal || []).filter((a) => !(a.targets || []).length && !(a.track || []).length);
}
