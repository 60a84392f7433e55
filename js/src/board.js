// The whole board as pure views of the view model: the frame, the map and its layers,
// and the panels. `boardTree` builds everything at once (tests, the comparison with the
// static SVG); the live view (view.js) redraws the parts separately.
import { h } from "./dom.js";
import { litLayer, mapLayer, marksLayer, namesLayer, ownersLayer, trailsLayer } from "./map.js";
import {
  actionButtons, annotationPanel, battlePanel, creatureTrack, errorLine, godTrack, headerBar,
  legendPanel, logPanel, playerPanels, promptBar, turnTrack,
} from "./panels.js";
import { piecesLayer } from "./pieces.js";

/** Legal actions that touch nothing on the map or the tracks (End, one more Priest...). */
export function looseActions(legal) {
  return (legal || []).filter((a) => !(a.targets || []).length && !(a.track || []).length);
}

/** The legal actions that touch a place (isle or sea) or a track item (god, creature). */
export function actionsAt(legal, id) {
  return (legal || []).filter((a) => (a.targets || []).includes(id) || (a.track || []).includes(id));
}

/** The map's dynamic layer: owners, lit targets, pieces, trails. */
export function dynamicLayer(stat, view, ui = {}) {
  return h("g", { class: "cw-dynamic" },
    ownersLayer(stat, view),
    h("g", { class: "cw-pieces-layer" }, piecesLayer(stat, view, ui.before || null)),
    ui.interactive === false ? null : litLayer(stat, view),
    trailsLayer(stat, view, ui.animate !== false));
}

/** The parts that change with the view, the legal actions or the UI state.
 * `ui`: {error, annotation, timeline, animate, interactive, before (the pieces shown before)}. */
export function boardParts(stat, view, legal, ui = {}) {
  const interactive = ui.interactive !== false;
  const shown = interactive ? view : { ...view, lit: [], lit_track: [] };
  const loose = interactive ? looseActions(legal) : [];
  return {
    header: headerBar(stat, view, ui.timeline),
    prompt: promptBar(stat, view, interactive),
    dynamic: dynamicLayer(stat, shown, ui),
    marks: marksLayer(stat, view),
    below: [
      errorLine(stat, ui.error),
      loose.length ? h("div", { class: "cw-actionbar", role: "group", "aria-label": stat.text.actions, "data-testid": "cw-actionbar" }, actionButtons(loose)) : null,
      annotationPanel(stat, ui.annotation),
    ],
    log: logPanel(stat, view),
    tracks: [godTrack(stat, shown), turnTrack(stat, view), creatureTrack(stat, shown), battlePanel(stat, view)],
    players: playerPanels(stat, view),
    legend: legendPanel(stat, view),
  };
}

/** The map's SVG element with its static layers (the dynamic slot is filled later). */
export function mapSvg(stat) {
  const geo = stat.map;
  return h("svg", {
    class: "cw-svg", viewBox: `0 0 ${geo.width} ${geo.height}`, role: "group",
    "aria-label": stat.text.title, "data-testid": "cw-map", preserveAspectRatio: "xMidYMid meet",
  }, h("rect", { class: "cw-sea-bg", width: geo.width, height: geo.height, rx: 8 }), mapLayer(stat),
  h("g", { class: "cw-dynamic-slot" }), namesLayer(stat), h("g", { class: "cw-marks-slot" }));
}

/** The frame of the board: where each part goes. */
export function frameTree(stat) {
  return h("div", {
    class: `cw-root cw-mode-${stat ? stat.mode : "normal"}`, tabindex: "0", "data-testid": "cw-board",
    "data-lm-suppress-shortcuts": "true", role: "region",
  },
  h("div", { class: "cw-top" }, h("div", { class: "cw-header-slot" }), h("div", { class: "cw-prompt-slot" })),
  h("div", { class: "cw-main" },
    h("div", { class: "cw-map-area" }, h("div", { class: "cw-svg-slot" }), h("div", { class: "cw-tip", role: "tooltip", hidden: true, "data-testid": "cw-tip" })),
    h("div", { class: "cw-side" },
      h("div", { class: "cw-below" }), h("div", { class: "cw-log-slot" }), h("div", { class: "cw-tracks" }),
      h("div", { class: "cw-players-slot" }), h("div", { class: "cw-legend-slot" }))),
  h("div", { class: "cw-menu-slot" }));
}

/** The complete board as one tree. */
export function boardTree(stat, view, legal, ui = {}) {
  const parts = boardParts(stat, view, legal, ui);
  const svg = mapSvg(stat);
  svg.children[2].children = [parts.dynamic];
  svg.children[4].children = [parts.marks];
  const root = frameTree(stat);
  const fill = (node) => {
    const cls = String(node.attrs && node.attrs.class || "");
    const slot = { "cw-header-slot": parts.header, "cw-prompt-slot": parts.prompt, "cw-svg-slot": svg, "cw-below": parts.below,
      "cw-log-slot": parts.log, "cw-tracks": parts.tracks, "cw-players-slot": parts.players, "cw-legend-slot": parts.legend }[cls];
    if (slot !== undefined) node.children = [].concat(slot).filter(Boolean);
    else if (node.children) node.children.forEach((c) => typeof c === "object" && fill(c));
  };
  fill(root);
  root.attrs.lang = stat.lang;
  return root;
}
