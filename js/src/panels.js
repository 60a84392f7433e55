// The HTML panels beside the map: status, god track, turn track, creature track,
// player panels, battle, annotation, the error line and the action menu. Pure views.
import { fmt, h } from "./dom.js";
import { shapeIcon } from "./shapes.js";

const chip = (player, L, text) =>
  h("span", { class: "cw-chip", style: `--pc:${player.colour};--pi:${player.ink}`, title: player.name },
    shapeIcon(player, 14, `${player.name} (${L.shapes[player.shape]})`), h("span", { class: "cw-chip-text" }, text));

/** Cycle, phase, what happens next, and the Continue button at automatic/chance steps. */
export function statusBar(stat, snap, ui) {
  const L = stat.labels;
  const kind = snap.node.kind;
  const canContinue = (kind === "chance" || kind === "auto") && ui.interactive !== false;
  const viewer = snap.viewer === null || snap.viewer === undefined ? L.ui.teacher : fmt(L.ui.viewer, { player: snap.players[snap.viewer].name });
  const actor = snap.node.player !== null && snap.node.player !== undefined ? snap.players[snap.node.player] : null;
  return h("div", { class: "cw-status", role: "status", "aria-live": "polite" },
    h("span", { class: "cw-cycle" }, `${L.ui.cycle} ${snap.cycle}`),
    h("span", { class: "cw-phase" }, L.phases[snap.phase] || snap.phase),
    h("span", { class: "cw-who", "data-testid": "cw-status-line" }, actor && kind === "decision" ? shapeIcon(actor, 14) : null, snap.status),
    canContinue ? h("button", { class: "cw-btn cw-continue", "data-intent": "continue", title: L.ui.continue_hint, "data-testid": "cw-continue" }, L.ui.continue + " ▶") : null,
    h("span", { class: "cw-viewer" }, viewer),
    ui.timeline ? h("span", { class: "cw-timeline", "data-testid": "cw-timeline" }, fmt(L.ui.step, ui.timeline)) : null,
  );
}

function godRow(stat, snap, g, lit) {
  const L = stat.labels;
  const name = L.gods[g.god] || g.god;
  if (!g.up) {
    return h("li", { class: `cw-god cw-god-${g.god} cw-face-down`, "aria-label": `${name}: ${L.ui.face_down}`, "data-testid": `cw-god-${g.god}` },
      h("span", { class: "cw-god-name" }, name), h("span", { class: "cw-god-bid" }, L.ui.face_down));
  }
  const bid = g.bid ? snap.players[g.bid[0]] : null;
  const label = `${name}: ${bid ? `${bid.name} ${fmt(L.ui.bid, { amount: g.bid[1] })}` : L.ui.no_bid}`;
  return h("li", {
    class: `cw-god cw-god-${g.god}` + (lit ? " cw-lit-item" : ""), "data-track": g.god, "aria-label": label,
    role: lit ? "button" : null, tabindex: lit ? "0" : null, "data-testid": `cw-god-${g.god}`,
  },
  h("span", { class: "cw-god-name" }, name),
  h("span", { class: "cw-god-bid" }, bid ? chip(bid, L, `${g.bid[1]} GP`) : h("span", { class: "cw-muted" }, L.ui.no_bid)));
}

/** This cycle's gods in order (face-down ones as such), bids by colour, Apollo last. */
export function godTrack(stat, snap, litTrack) {
  const L = stat.labels;
  const lit = new Set(litTrack || []);
  const apollo = h("li", {
    class: "cw-god cw-god-apollo" + (lit.has("apollo") ? " cw-lit-item" : ""), "data-track": "apollo",
    role: lit.has("apollo") ? "button" : null, tabindex: lit.has("apollo") ? "0" : null, "data-testid": "cw-god-apollo",
    "aria-label": `${L.gods.apollo}: ${snap.apollo.map((s) => snap.players[s].name).join(", ")}`,
  },
  h("span", { class: "cw-god-name" }, L.gods.apollo),
  h("span", { class: "cw-god-bid" }, snap.apollo.map((s) => chip(snap.players[s], L, ""))));
  return h("section", { class: "cw-panel cw-gods", "aria-label": L.ui.god_track },
    h("h3", {}, L.ui.god_track),
    h("ol", {}, snap.gods.map((g) => godRow(stat, snap, g, lit.has(g.god))), apollo));
}

/** The offering tokens in bidding order; the next to bid is marked. */
export function turnTrack(stat, snap) {
  const L = stat.labels;
  const bidding = snap.phase === "offerings";
  return h("section", { class: "cw-panel cw-turns", "aria-label": L.ui.turn_track },
    h("h3", {}, L.ui.turn_track),
    h("ol", { class: "cw-turn-list" }, snap.turn_order.map((seat, i) =>
      h("li", { class: "cw-turn" + (bidding && i === snap.bid_cursor ? " cw-next" : "") + (bidding && i < snap.bid_cursor ? " cw-done" : "") },
        chip(snap.players[seat], L, `${i + 1}. ${snap.players[seat].name}`)))));
}

/** The creature track with its current prices, and the deck. */
export function creatureTrack(stat, snap, litTrack) {
  const L = stat.labels;
  const lit = new Set(litTrack || []);
  const c = snap.creatures;
  return h("section", { class: "cw-panel cw-creatures", "aria-label": L.ui.creature_track },
    h("h3", {}, L.ui.creature_track, h("span", { class: "cw-muted" }, " · " + fmt(L.ui.deck, { n: c.deck }))),
    h("ol", { class: "cw-creature-list" }, c.track.map((slot, i) => slot
      ? h("li", { class: "cw-creature" + (lit.has(slot.creature) ? " cw-lit-item" : ""), "data-track": slot.creature, "aria-label": `${L.creatures[slot.creature] || slot.creature}: ${slot.price} GP`, title: (stat.creature_effects || {})[slot.creature] || "" },
        h("span", { class: "cw-price" }, `${slot.price}`), h("span", {}, L.creatures[slot.creature] || slot.creature))
      : h("li", { class: "cw-creature cw-empty" }, h("span", { class: "cw-price" }, `${stat.creature_prices[i]}`), h("span", { class: "cw-muted" }, "—")))));
}

/** One panel per player: city, colour and shape, gold (hidden for others), cards, isles. */
export function playerPanels(stat, snap) {
  const L = stat.labels;
  const acting = snap.node.kind === "decision" ? snap.node.player : null;
  return h("section", { class: "cw-players", "aria-label": "players" },
    snap.players.map((p) => {
      const gold = p.gold === null || p.gold === undefined ? `🔒 ${L.ui.gold_hidden}` : `${p.gold} ${L.ui.gold}`;
      const stats = [
        [L.ui.isles, p.isles], [L.ui.metropolises, p.metropolises], [L.ui.priests, p.priests],
        [L.ui.philosophers, p.philosophers], [L.ui.troops, p.troops], [L.ui.fleets, p.fleets],
      ];
      return h("article", {
        class: "cw-player" + (p.seat === acting ? " cw-acting" : "") + (p.eliminated ? " cw-eliminated" : ""),
        style: `--pc:${p.colour};--pi:${p.ink}`, "aria-label": `${p.name}, ${L.shapes[p.shape]}, ${gold}`, "data-testid": `cw-player-${p.seat}`,
      },
      h("header", {}, shapeIcon(p, 18, L.shapes[p.shape]), h("span", { class: "cw-player-name" }, p.name),
        h("span", { class: "cw-gold", "data-testid": `cw-gold-${p.seat}` }, gold)),
      h("dl", {}, stats.map(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v))])));
    }));
}

function side(L, info, role) {
  if (!info) return null;
  const parts = [];
  if (info.die !== undefined) parts.push(`${L.ui.die} ${info.die}`);
  if (info.units !== undefined) parts.push(`${L.ui.units} ${info.units}`);
  if (info.bonus !== undefined) parts.push(`${L.ui.bonus} ${info.bonus}`);
  const total = info.total !== undefined ? ` = ${info.total}` : "";
  return h("div", { class: `cw-bside cw-${role}` },
    h("strong", {}, `${L.ui[role]}${info.player !== undefined ? ` · ${info.player}` : ""}`),
    h("div", { class: "cw-sum" }, parts.join(" + ") + total),
    info.losses !== undefined ? h("div", { class: "cw-loss" }, `${L.ui.losses}: ${info.losses}`) : null);
}

/** The battle under way or just fought: both dice, the totals broken down, the losses. */
export function battlePanel(stat, snap) {
  const b = snap.battle;
  if (!b) return null;
  const L = stat.labels;
  const where = !b.where ? "" : stat.isle_names[b.where] || fmt(L.ui.sea, { id: b.where });
  const name = (p) => (typeof p === "number" && snap.players[p] ? snap.players[p].name : p);
  const a = b.attacker ? { ...b.attacker, player: name(b.attacker.player) } : null;
  const d = b.defender ? { ...b.defender, player: name(b.defender.player) } : null;
  return h("section", { class: "cw-panel cw-battle", "aria-label": L.ui.battle, "data-testid": "cw-battle" },
    h("h3", {}, `⚔ ${L.ui.battle} ${where}`), h("div", { class: "cw-sides" }, side(L, a, "attacker"), side(L, d, "defender")));
}

/** Comments before/after the step and its tag (Replay). Shown as text, never as HTML. */
export function annotationPanel(stat, note) {
  if (!note || (!note.before && !note.after && !note.tag)) return null;
  const L = stat.labels;
  return h("section", { class: "cw-panel cw-annotation", "aria-label": "annotation", "data-testid": "cw-annotation" },
    note.tag ? h("div", { class: "cw-tag" }, `${L.ui.tag}: ${note.tag}`) : null,
    note.before ? h("p", { class: "cw-before", "data-testid": "cw-note-before" }, h("strong", {}, L.ui.before + ": "), note.before) : null,
    note.after ? h("p", { class: "cw-after", "data-testid": "cw-note-after" }, h("strong", {}, L.ui.after + ": "), note.after) : null);
}

/** The last rejected intent's message: what rule it broke and what would be legal. */
export function errorLine(stat, error) {
  if (!error) return null;
  return h("div", { class: "cw-error", role: "alert", "data-testid": "cw-error" }, h("strong", {}, stat.labels.ui.rejected + ": "), error);
}

/** Buttons for a list of legal actions (the menu of a clicked place, or the loose ones). */
export function actionButtons(actions, extra = {}) {
  return actions.map((a) => h("button", { class: "cw-btn cw-action", "data-action": String(a.id), title: a.notation, "data-notation": a.notation, ...extra }, a.label || a.notation));
}

/** The menu of actions touching a clicked place or track item. */
export function actionMenu(stat, menu, actions) {
  if (!menu) return null;
  const L = stat.labels;
  const place = stat.isle_names[menu] || L.gods[menu] || L.creatures[menu] || fmt(L.ui.sea, { id: menu });
  return h("div", { class: "cw-menu", role: "menu", "aria-label": fmt(L.ui.actions_here, { place }), "data-testid": "cw-menu" },
    h("div", { class: "cw-menu-title" }, fmt(L.ui.actions_here, { place })),
    h("div", { class: "cw-menu-items" }, actionButtons(actions, { role: "menuitem" })),
    h("button", { class: "cw-btn cw-close", "data-intent": "close", "aria-label": L.ui.close }, "×"));
}
