// The HTML around the map: header and prompt, the god, turn and creature tracks, players,
// battle, the log of the turn, the legend, notes, the error line, the action bar and the
// popover of a target's actions. Pure views of the view model: every word is Python's,
// and every colour too (the payload's palette, read by board.css as --cw-<role>).
import { h } from "./dom.js";
import { icon, pathOf } from "./pieces.js";

/** A seat's shape in its colour, as a small standalone SVG. */
export function seatIcon(fixed, seat, size = 16, label = null) {
  const s = fixed.seats[seat % fixed.seats.length];
  return h("svg", {
    class: "cw-shape-icon", width: size, height: size, viewBox: "-1.3 -1.3 2.6 2.6",
    role: label ? "img" : null, "aria-label": label, "aria-hidden": label ? null : "true", focusable: "false",
  }, icon(fixed.shapes[s.shape], 0, 0, 1, { fill: s.colour, stroke: fixed.palette.outline, width: 0.12 }));
}

/** Text for screen readers only: the full sentence the pictures beside it show. */
const spoken = (text) => h("span", { class: "cw-sr" }, text);

const chip = (fixed, seat, text) => {
  const s = fixed.seats[seat % fixed.seats.length];
  return h("span", { class: "cw-chip", style: `--pc:${s.colour};--pi:${s.ink}` }, seatIcon(fixed, seat, 14), text ? h("span", { class: "cw-chip-text" }, text) : null);
};

/** Cycle, phase, whose screen, where in the history. */
export function headerBar(fixed, view, timeline) {
  const head = view.header;
  return h("div", { class: "cw-header" },
    h("span", { class: "cw-cycle" }, head.cycle),
    h("span", { class: "cw-phase" }, head.phase),
    h("span", { class: "cw-viewer" }, head.viewer),
    timeline && timeline.text ? h("span", { class: "cw-timeline", "data-testid": "cw-timeline" }, timeline.text) : null);
}

/** The prompt: who acts and what to do; Step and Continue at automatic and chance steps,
 * Continue alone at a decision a bot plays. */
export function promptBar(fixed, view, interactive) {
  const p = view.prompt;
  const T = fixed.text;
  const moving = (p.kind === "chance" || p.kind === "auto") && interactive;
  const botTurn = p.kind === "decision" && p.bot === true && interactive;
  const cont = () => h("button", { class: "cw-btn cw-continue", "data-intent": "continue", title: T["button.continue_hint"], "data-testid": "cw-continue" }, T["button.continue"]);
  return h("div", { class: "cw-prompt", role: "status", "aria-live": "polite", "data-testid": "cw-prompt" },
    p.seat !== null && p.seat !== undefined ? seatIcon(fixed, p.seat, 20) : null,
    h("span", { class: "cw-prompt-text", "data-testid": "cw-status-line" }, p.text),
    moving ? h("span", { class: "cw-prompt-buttons" },
      h("button", { class: "cw-btn cw-step", "data-intent": "step", title: T["button.step_hint"], "data-testid": "cw-step" }, T["button.step"]),
      cont()) : botTurn ? h("span", { class: "cw-prompt-buttons" }, cont()) : null);
}

function panel(title, cls, body, extra = {}) {
  return h("section", { class: `cw-panel ${cls}`, "aria-label": title, ...extra }, h("h3", {}, title), body);
}

/** This cycle's gods in order (face-down ones as such), bids by colour and shape, Apollo
 * last; lit gods are buttons in the roving tab order. */
export function godTrack(fixed, view) {
  const T = fixed.text;
  const lit = new Set(view.lit_track);
  return panel(T["gods.title"], "cw-gods", h("ol", {}, view.gods.map((g) => {
    const isLit = lit.has(g.id);
    let right;
    if (g.id === "apollo") right = g.seats.map((s) => chip(fixed, s, ""));
    else if (!g.up) right = T["god.face_down.short"];
    else if (g.bid) right = chip(fixed, g.bid.seat, g.bid.text);
    else right = h("span", { class: "cw-muted" }, T["god.no_bid"]);
    return h("li", { class: "cw-item" }, h("div", {
      class: `cw-god cw-god-${g.id}` + (g.up ? "" : " cw-face-down") + (isLit ? " cw-lit-item cw-target" : "") + (g.acting !== undefined ? " cw-acting-god" : ""),
      "data-track": isLit ? g.id : null, "data-god": g.id, "data-label": g.label, "data-testid": `cw-god-${g.id}`,
      role: isLit ? "button" : null, tabindex: isLit ? "-1" : null, "aria-haspopup": isLit ? "dialog" : null,
      title: g.tip || null, "aria-description": g.tip || null,
    }, spoken(g.label), h("span", { class: "cw-god-name", "aria-hidden": "true" }, T.gods[g.id]), h("span", { class: "cw-god-bid", "aria-hidden": "true" }, right)));
  })));
}

/** The offering tokens in bidding order; the next bidder marked. */
export function turnTrack(fixed, view) {
  return panel(fixed.text["turns.title"], "cw-turns", h("ol", { class: "cw-turn-list" }, view.turns.map((t) =>
    h("li", { class: "cw-turn" + (t.mark ? ` cw-${t.mark}` : "") }, spoken(t.label), h("span", { "aria-hidden": "true" }, chip(fixed, t.seat, t.text))))));
}

/** The creature track with prices (the effect on hover), and the draw pile. */
export function creatureTrack(fixed, view) {
  const T = fixed.text;
  const lit = new Set(view.lit_track);
  const c = view.creatures;
  return h("section", { class: "cw-panel cw-creatures", "aria-label": T["creatures.title"] },
    h("h3", {}, T["creatures.title"], h("span", { class: "cw-muted" }, " · " + c.deck)),
    h("ol", { class: "cw-creature-list" }, c.slots.map((slot) => {
      const isLit = slot.id && lit.has(slot.id);
      return h("li", { class: "cw-item" }, h("div", {
        class: "cw-creature" + (slot.id ? "" : " cw-empty") + (isLit ? " cw-lit-item cw-target" : ""),
        "data-track": isLit ? slot.id : null, "data-creature": slot.id || null, "data-label": slot.label,
        title: slot.id ? T.effects[slot.id] : null, role: isLit ? "button" : null, tabindex: isLit ? "-1" : null,
        "aria-haspopup": isLit ? "dialog" : null,
      }, spoken(slot.label), h("span", { class: "cw-price", "aria-hidden": "true" }, slot.price), h("span", { "aria-hidden": "true" }, slot.id ? T.creatures[slot.id] : "—")));
    })));
}

/** One panel per player: colour and shape, gold (hidden from other screens), numbers. */
export function playerPanels(fixed, view) {
  const T = fixed.text;
  return h("section", { class: "cw-players", "aria-label": T["players.title"] }, view.players.map((p) =>
    h("article", {
      class: "cw-player" + (p.acting ? " cw-acting" : "") + (p.eliminated ? " cw-eliminated" : ""),
      style: `--pc:${p.colour};--pi:${p.ink}`, "aria-label": p.label, "data-testid": `cw-player-${p.seat}`,
    },
    h("header", {}, seatIcon(fixed, p.seat, 18), h("span", { class: "cw-player-name" }, p.name),
      h("span", { class: "cw-gold" + (p.hidden ? " cw-hidden" : ""), "data-testid": `cw-gold-${p.seat}` }, p.gold)),
    h("dl", {}, T.stats.map((name, i) => [h("dt", {}, name), h("dd", {}, String(p.stats[i]))])))));
}

/** The battle under way or just fought: both sides' die + units + bonus = total, losses. */
export function battlePanel(fixed, view) {
  const b = view.battle;
  if (!b) return null;
  return h("section", { class: "cw-panel cw-battle", "aria-label": b.title, "data-testid": "cw-battle" },
    h("h3", {}, b.title, b.round ? h("span", { class: "cw-muted" }, " · " + b.round) : null),
    h("div", { class: "cw-sides" }, b.sides.map((s, i) => h("div", { class: `cw-bside cw-${i ? "defender" : "attacker"}` },
      h("strong", {}, s.seat !== null && s.seat !== undefined ? seatIcon(fixed, s.seat, 14) : null, s.head),
      s.line ? h("div", { class: "cw-sum" }, s.line) : null,
      s.losses ? h("div", { class: "cw-loss" }, s.losses) : null))),
    b.result ? h("div", { class: "cw-result" }, b.result) : null);
}

/** The log of the turn: groups by phase and player, the newest step highlighted. */
export function logPanel(fixed, view) {
  const log = view.log;
  if (!log) return null;
  const T = fixed.text;
  return h("section", { class: "cw-panel cw-log", "aria-label": T["log.title"], "data-testid": "cw-log" },
    h("h3", {}, T["log.title"]),
    h("div", { class: "cw-log-body", tabindex: "0", role: "log", "aria-label": T["log.title"] },
      log.earlier ? h("p", { class: "cw-muted cw-earlier" }, log.earlier) : null,
      log.groups.length ? null : h("p", { class: "cw-muted" }, T["log.empty"]),
      log.groups.map((g) => h("div", { class: "cw-log-group" },
        h("h4", {}, g.seat !== null && g.seat !== undefined ? seatIcon(fixed, g.seat, 13) : null, g.head),
        g.steps.map((k) => h("ul", { class: "cw-log-step" + (k === log.newest ? " cw-newest" : ""), "data-step": String(k) },
          (log.lines[String(k)] || []).map((line) => h("li", {}, line))))))));
}

/** The legend, folded by default: buildings, markers, pieces, lit targets, seats; each
 * picture as the payload's legend draws it. */
export function legendPanel(fixed, view) {
  const T = fixed.text;
  const picture = (q) => icon(pathOf(fixed, q.icon), q.dx, q.dy, q.r, { fill: q.fill, stroke: q.stroke || null, width: q.width });
  return h("details", { class: "cw-legend", "data-testid": "cw-legend" },
    h("summary", {}, T["legend.title"]),
    h("ul", {}, T.legend.map(([item, text]) => h("li", {},
      h("svg", { class: "cw-legend-icon", width: 18, height: 18, viewBox: "-1.4 -1.4 2.8 2.8", "aria-hidden": "true", focusable: "false" },
        picture(fixed.legend[item])),
      text)),
    view.players.map((p) => h("li", {}, seatIcon(fixed, p.seat, 18), p.who))));
}

/** Comments before/after the step and its tag (Replay). Shown as text, never as HTML. */
export function annotationPanel(fixed, note) {
  if (note && note.title !== undefined) return coachNote(fixed, note);
  if (!note || (!note.before && !note.after && !note.tag)) return null;
  const T = fixed.text;
  return h("section", { class: "cw-panel cw-annotation", "aria-label": T["notes.title"], "data-testid": "cw-annotation" },
    note.tag ? h("div", { class: "cw-tag" }, `${T["note.tag"]}: ${note.tag}`) : null,
    note.before ? h("p", { class: "cw-before", "data-testid": "cw-note-before" }, h("strong", {}, T["note.before"] + ": "), note.before) : null,
    note.after ? h("p", { class: "cw-after", "data-testid": "cw-note-after" }, h("strong", {}, T["note.after"] + ": "), note.after) : null);
}

/** A coach's note: its title ("Hint for Athens") and its text, no labels. */
function coachNote(fixed, note) {
  return h("section", { class: "cw-panel cw-annotation cw-coach-note", "aria-label": note.title, "data-testid": "cw-annotation" },
    h("div", { class: "cw-tag", "data-testid": "cw-note-title" }, note.title),
    note.text ? h("p", { class: "cw-before", "data-testid": "cw-note-text" }, note.text) : null);
}

/** Why nothing can be done where the person just clicked: a plain note, not an error. */
export function noticeLine(notice) {
  if (!notice) return null;
  return h("div", { class: "cw-notice", role: "status", "data-testid": "cw-notice" }, notice);
}

/** The last rejected intent's message. */
export function errorLine(fixed, error) {
  if (!error) return null;
  return h("div", { class: "cw-error", role: "alert", "data-testid": "cw-error" }, h("strong", {}, fixed.text.rejected + ": "), error);
}

/** Buttons for legal actions: numbered chips for offerings, labelled buttons otherwise. */
export function actionButtons(actions, extra = {}) {
  return actions.map((a) => h("button", {
    class: "cw-btn cw-action" + (a.chip ? " cw-chip-button" : ""), "data-action": String(a.id), title: a.label,
    "data-notation": a.notation, "aria-label": a.label, ...extra,
  }, a.chip || a.label));
}

/** The popover of a target's actions (placed beside the target by the view). */
export function popover(fixed, title, actions) {
  const chips = actions.length > 1 && actions.every((a) => a.chip);
  return h("div", { class: "cw-menu" + (chips ? " cw-menu-chips" : ""), role: "dialog", "aria-label": title, "data-testid": "cw-menu" },
    h("div", { class: "cw-menu-title" }, title),
    h("div", { class: "cw-menu-items", role: "group", "aria-label": title }, actionButtons(actions)),
    h("button", { class: "cw-btn cw-close", "data-intent": "close", "aria-label": fixed.text["button.close"], title: fixed.text["button.close"] }, "×"));
}
