// The whole board as pure views of the view model: the frame, the map and its layers,
// and the panels. `boardTree` builds everything at once (tests, the comparison with the
// static SVG); the live view (view.js) redraws the parts separately. `fixed` is the
// static payload (what is fixed for a game: the map, the words, the palette, the
// recipes), `view` one position (cyclades_widgets/view/model.py makes both).
import { fmt, h } from "./dom.js";
import { litLayer, mapLayer, marksLayer, namesLayer, ownersLayer, trailsLayer } from "./map.js";
import {
  actionButtons, annotationPanel, battlePanel, creatureTrack, errorLine, noticeLine, godTrack, headerBar,
  legendPanel, logPanel, playerPanels, promptBar, turnTrack,
} from "./panels.js";
import { piecesLayer } from "./pieces.js";

/** The version of the view model this bundle paints (Python's VIEW_VERSION; a test keeps
 * them equal). A payload of another version is not painted: the board says so. */
export const VIEW_VERSION = 3;

/** True when `fixed` comes from a Python whose view model this bundle does not paint. */
export const stale = (fixed) => !!fixed && fixed.v !== VIEW_VERSION;

/** The sentence saying that the bundle and Python disagree (Python's, in the learner's
 * language, when the payload has it; else the two versions). */
export function versionLine(fixed) {
  const words = (fixed.text && fixed.text.version) || fmt("{py} ≠ {js}", { js: VIEW_VERSION, py: fixed.v });
  return h("div", { class: "cw-error cw-version", role: "alert", "data-testid": "cw-version" }, words);
}

/** The palette as the custom properties board.css reads: [["--cw-<role>", colour], ...]. */
export function paletteEntries(fixed) {
  return Object.entries((fixed && fixed.palette) || {}).map(([role, colour]) => [`--cw-${role.replace(/_/g, "-")}`, colour]);
}

/** The palette's custom properties as a style attribute. */
export const paletteStyle = (fixed) => paletteEntries(fixed).map(([k, v]) => `${k}:${v}`).join(";");

/** Legal actions that touch nothing on the map or the tracks (End, one more Priest...). */
export function looseActions(legal) {
  return (legal || []).filter((a) => !(a.targets || []).length && !(a.track || []).length);
}

/** The legal actions that touch a place (isle or sea) or a track item (god, creature). */
export function actionsAt(legal, id) {
  return (legal || []).filter((a) => (a.targets || []).includes(id) || (a.track || []).includes(id));
}

/** The map's dynamic layer: owners, lit targets, pieces, trails. */
export function dynamicLayer(fixed, view, ui = {}) {
  return h("g", { class: "cw-dynamic" },
    ownersLayer(fixed, view),
    h("g", { class: "cw-pieces-layer" }, piecesLayer(fixed, view, ui.before || null)),
    ui.interactive === false ? null : litLayer(fixed, view),
    trailsLayer(fixed, view, ui.animate !== false));
}

/** The parts that change with the view, the legal actions or the UI state.
 * `ui`: {error, annotation, timeline, animate, interactive, before (the pieces shown before)}. */
export function boardParts(fixed, view, legal, ui = {}) {
  if (stale(fixed)) return { header: null, prompt: versionLine(fixed), dynamic: null, marks: null, below: [], log: null, tracks: [], players: null, legend: null };
  const interactive = ui.interactive !== false;
  const shown = interactive ? view : { ...view, lit: [], lit_track: [] };
  const loose = interactive ? looseActions(legal) : [];
  return {
    header: headerBar(fixed, view, ui.timeline),
    prompt: promptBar(fixed, view, interactive),
    dynamic: dynamicLayer(fixed, shown, ui),
    marks: marksLayer(fixed, view),
    below: [
      errorLine(fixed, ui.error),
      noticeLine(ui.notice),
      loose.length ? h("div", { class: "cw-actionbar", role: "group", "aria-label": fixed.text.actions, "data-testid": "cw-actionbar" }, actionButtons(loose)) : null,
      annotationPanel(fixed, ui.annotation),
    ],
    log: logPanel(fixed, view),
    tracks: [godTrack(fixed, shown), turnTrack(fixed, view), creatureTrack(fixed, shown), battlePanel(fixed, view)],
    players: playerPanels(fixed, view),
    legend: legendPanel(fixed, view),
  };
}

/** The map's SVG element with its static layers (the dynamic slot is filled later). */
export function mapSvg(fixed) {
  const geo = fixed.map;
  const old = stale(fixed);
  return h("svg", {
    class: "cw-svg", viewBox: `0 0 ${geo.width} ${geo.height}`, role: "group",
    "aria-label": fixed.text.title, "data-testid": "cw-map", preserveAspectRatio: "xMidYMid meet",
  }, old ? null : h("rect", { class: "cw-sea-bg", width: geo.width, height: geo.height, rx: 8, ...fixed.styles.map }), old ? null : mapLayer(fixed),
  h("g", { class: "cw-dynamic-slot" }), old ? null : namesLayer(fixed), h("g", { class: "cw-marks-slot" }));
}

/** The frame of the board: where each part goes; its style sets the palette's custom
 * properties, which board.css reads. */
export function frameTree(fixed) {
  return h("div", {
    class: `cw-root cw-mode-${fixed ? fixed.mode : "normal"}`, tabindex: "0", "data-testid": "cw-board",
    "data-lm-suppress-shortcuts": "true", role: "region", style: paletteStyle(fixed) || null,
  },
  h("div", { class: "cw-top" }, h("div", { class: "cw-header-slot" }), h("div", { class: "cw-prompt-slot" })),
  h("div", { class: "cw-main" },
    h("div", { class: "cw-map-area" }, h("div", { class: "cw-svg-slot" }), h("div", { class: "cw-tip", role: "tooltip", hidden: true, "data-testid": "cw-tip" })),
    h("div", { class: "cw-side" },
      h("div", { class: "cw-below" }), h("div", { class: "cw-log-slot" }), h("div", { class: "cw-tracks" }),
      h("div", { class: "cw-players-slot" }), h("div", { class: "cw-legend-slot" }))),
  h("div", { class: "cw-graph-slot" }),
  h("div", { class: "cw-menu-slot" }));
}

/** The complete board as one tree. */
export function boardTree(fixed, view, legal, ui = {}) {
  const parts = boardParts(fixed, view, legal, ui);
  const svg = mapSvg(fixed);
  const slot = (cls) => svg.children.find((c) => c.attrs.class === cls);
  slot("cw-dynamic-slot").children = [parts.dynamic].filter(Boolean);
  slot("cw-marks-slot").children = [parts.marks].filter(Boolean);
  const root = frameTree(fixed);
  const fill = (node) => {
    const cls = String(node.attrs && node.attrs.class || "");
    const slot = { "cw-header-slot": parts.header, "cw-prompt-slot": parts.prompt, "cw-svg-slot": svg, "cw-below": parts.below,
      "cw-log-slot": parts.log, "cw-tracks": parts.tracks, "cw-players-slot": parts.players, "cw-legend-slot": parts.legend }[cls];
    if (slot !== undefined) node.children = [].concat(slot).filter(Boolean);
    else if (node.children) node.children.forEach((c) => typeof c === "object" && fill(c));
  };
  fill(root);
  root.attrs.lang = fixed.lang;
  return root;
}
