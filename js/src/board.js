// The whole board as pure views: the parts redrawn on each snapshot, and the frame.
import { h } from "./dom.js";
import { mapLayer, namesLayer } from "./map.js";
import {
  actionButtons, actionMenu, annotationPanel, battlePanel, creatureTrack, errorLine,
  godTrack, playerPanels, statusBar, turnTrack,
} from "./panels.js";
import { piecesLayer } from "./pieces.js";
import { actionsAt, litPlaces, litTrack, looseActions } from "./targets.js";

/** The parts of the board that change with the snapshot, the legal actions or the UI.
 * `ui`: {menu, error, highlights, annotation, timeline, animate, interactive}. */
export function boardParts(stat, snap, legal, ui = {}) {
  const interactive = ui.interactive !== false;
  const acts = interactive ? legal || [] : [];
  return {
    status: statusBar(stat, snap, ui),
    dynamic: piecesLayer(stat, snap, { lit: litPlaces(acts), highlights: ui.highlights, animate: ui.animate }),
    side: [godTrack(stat, snap, litTrack(acts)), turnTrack(stat, snap), creatureTrack(stat, snap, litTrack(acts)), battlePanel(stat, snap)],
    menu: ui.menu ? actionMenu(stat, ui.menu, actionsAt(acts, ui.menu)) : null,
    below: [
      errorLine(stat, ui.error),
      looseActions(acts).length ? h("div", { class: "cw-actionbar", "aria-label": stat.labels.ui.actions, "data-testid": "cw-actionbar" }, actionButtons(looseActions(acts))) : null,
      annotationPanel(stat, ui.annotation),
    ],
    players: playerPanels(stat, snap),
  };
}

/** SVG definitions: the arrowhead used by highlights' arrows. */
export function defs() {
  return h("defs", {},
    h("marker", { id: "cw-arrowhead", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
      h("path", { d: "M0,0 L10,5 L0,10 Z", class: "cw-arrowhead" })));
}

/** The map's SVG element with the static layer (its dynamic layer is filled later). */
export function mapSvg(stat) {
  const geo = stat.map;
  return h("svg", {
    class: "cw-svg", viewBox: `0 0 ${geo.width} ${geo.height}`, role: "group",
    "aria-label": stat.labels.ui.board, "data-testid": "cw-map", preserveAspectRatio: "xMidYMid meet",
  }, defs(), mapLayer(stat), h("g", { class: "cw-dynamic-slot" }), namesLayer(stat));
}

/** The complete board as one tree (used by tests and the static replay page). */
export function boardTree(stat, snap, legal, ui = {}) {
  const parts = boardParts(stat, snap, legal, ui);
  const svg = mapSvg(stat);
  svg.children[2].children = [parts.dynamic];
  return h("div", { class: "cw-root", tabindex: "0", "data-testid": "cw-board", lang: stat.lang },
    h("div", { class: "cw-status-slot" }, parts.status),
    h("div", { class: "cw-main" },
      h("div", { class: "cw-map-area" }, svg, h("div", { class: "cw-menu-slot" }, parts.menu)),
      h("div", { class: "cw-side" }, h("div", { class: "cw-below" }, parts.below), h("div", { class: "cw-tracks" }, parts.side), h("div", { class: "cw-players-slot" }, parts.players))));
}
