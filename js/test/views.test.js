// Unit tests of the pure views, on real view models made by Python (see fixtures.py).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VIEW_VERSION, actionsAt, boardParts, boardTree, looseActions, mapSvg } from "../src/board.js";
import { findAll, h, textOf, toDom } from "../src/dom.js";
import { continueIntent, keyIntent, playIntent, stepIntent } from "../src/intents.js";
import { loopsPath } from "../src/map.js";
import { navigate, positions } from "../src/page.js";
import { annotationPanel, popover } from "../src/panels.js";
import { applyPatch } from "../src/patch.js";
import { fakeDocument } from "./fakedom.js";

const load = (name) => JSON.parse(readFileSync(path.join(process.env.CW_FIXTURES, name), "utf8"));
const five = load("five.json");
const three = load("three-athens-zh.json");
const battle = load("battle.json");
const bids = load("bids.json");
const patches = load("patches.json");
const repainted = load("repainted.json");
const byAttr = (tree, key, value) => findAll(tree, (n) => n.attrs && n.attrs[key] === value);
const byClass = (tree, cls) => findAll(tree, (n) => n.attrs && String(n.attrs.class || "").split(" ").includes(cls));
const texts = (tree) => findAll(tree, (n) => n.tag === "text" || n.tag === "span").map(textOf);

describe("dom", () => {
  it("builds trees, skipping empty children and flattening arrays", () => {
    const t = h("g", { a: 1 }, null, false, ["x", [h("text", {}, "y")]], 3);
    expect(t.children.length).toBe(3);
    expect(textOf(t)).toBe("xy3");
  });
  it("turns user text into text nodes, never markup", () => {
    const el = toDom(h("p", {}, "<img src=x onerror=alert(1)>"), fakeDocument);
    expect(el.childNodes.length).toBe(1);
    expect(el.childNodes[0].nodeType).toBe(3);
    expect(el.textContent).toBe("<img src=x onerror=alert(1)>");
  });
  it("refuses event-handler attributes", () => {
    expect(() => toDom(h("div", { onclick: "x()" }), fakeDocument)).toThrow(/not allowed/);
  });
  it("puts SVG tags in the SVG namespace", () => {
    const el = toDom(h("div", {}, h("svg", {}, h("circle", {}))), fakeDocument);
    expect(el.namespaceURI).toContain("xhtml");
    expect(el.childNodes[0].namespaceURI).toBe("http://www.w3.org/2000/svg");
  });
});

describe("patches", () => {
  it("rebuild each view from the one before exactly as Python's diff says", () => {
    patches.patches.forEach((p, i) => {
      expect(applyPatch(patches.views[i], p)).toEqual(patches.views[i + 1]);
    });
  });
  it("leave the value they patch unchanged", () => {
    const before = JSON.stringify(patches.views[0]);
    applyPatch(patches.views[0], patches.patches[0]);
    expect(JSON.stringify(patches.views[0])).toBe(before);
  });
  it("handle lists growing, shrinking and deletions", () => {
    expect(applyPatch({ a: [1, 2, 3], b: 1 }, { n: undefined, d: ["b"], u: { a: { n: 1 } } })).toEqual({ a: [1] });
    expect(applyPatch([1], { n: 3, s: { 1: 5, 2: 6 } })).toEqual([1, 5, 6]);
  });
});

describe("targets", () => {
  const legal = [
    { id: 0, notation: "recruit troop naxos", targets: ["naxos"] },
    { id: 1, notation: "move fleets g5>f5 1", targets: ["g5", "f5"] },
    { id: 2, notation: "bid ares 2", targets: [], track: ["ares"] },
    { id: 3, notation: "end", targets: [] },
  ];
  it("offers the actions touching a clicked place", () => {
    expect(actionsAt(legal, "f5").map((a) => a.id)).toEqual([1]);
    expect(actionsAt(legal, "ares").map((a) => a.id)).toEqual([2]);
    expect(actionsAt(legal, "paros")).toEqual([]);
  });
  it("keeps actions without targets for the action bar", () => {
    expect(looseActions(legal).map((a) => a.id)).toEqual([3]);
  });
});

describe("intents", () => {
  it("map arrows, Shift, Ctrl, Home and End to navigation, naming the step", () => {
    expect(keyIntent({ key: "ArrowLeft" }, 7)).toEqual({ type: "nav", to: "back", by: "step", step: 7 });
    expect(keyIntent({ key: "ArrowRight", shiftKey: true }, 7)).toEqual({ type: "nav", to: "forward", by: "phase", step: 7 });
    expect(keyIntent({ key: "ArrowLeft", ctrlKey: true }, 7)).toEqual({ type: "nav", to: "back", by: "cycle", step: 7 });
    expect(keyIntent({ key: "Home" }, 7)).toEqual({ type: "nav", to: "start", by: "step", step: 7 });
    expect(keyIntent({ key: "a" }, 7)).toBeNull();
  });
  it("name an action by id, notation and step", () => {
    expect(playIntent({ id: 4, notation: "end", kind: "end" }, 9)).toEqual({ type: "play", id: 4, notation: "end", step: 9 });
    expect(continueIntent(9)).toEqual({ type: "continue", step: 9 });
    expect(stepIntent(9)).toEqual({ type: "step", step: 9 });
  });
});

describe("static replay", () => {
  const keys = [[1, "offerings"], [1, "offerings"], [1, "actions"], [1, "actions"], [2, "offerings"]];
  it("steps one position and stops at the ends", () => {
    expect(navigate(keys, 0, { type: "nav", to: "back", by: "step" })).toBe(0);
    expect(navigate(keys, 4, { type: "nav", to: "forward", by: "step" })).toBe(4);
    expect(navigate(keys, 1, { type: "nav", to: "forward", by: "step" })).toBe(2);
  });
  it("jumps by phase and by cycle", () => {
    expect(navigate(keys, 0, { type: "nav", to: "forward", by: "phase" })).toBe(2);
    expect(navigate(keys, 3, { type: "nav", to: "back", by: "phase" })).toBe(2);
    expect(navigate(keys, 2, { type: "nav", to: "back", by: "phase" })).toBe(0);
    expect(navigate(keys, 0, { type: "nav", to: "forward", by: "cycle" })).toBe(4);
    expect(navigate(keys, 2, { type: "nav", to: "end" })).toBe(4);
  });
  it("rebuilds any position from the first view, the patches and the lines", () => {
    const lines = Object.assign({}, ...patches.views.map((v) => (v.log ? v.log.lines : {})));
    const all = positions({ first: patches.views[0], patches: patches.patches, lines });
    expect(all.length).toBe(patches.views.length);
    for (const i of [0, 5, patches.views.length - 1]) expect(all.view(i)).toEqual(patches.views[i]);
    expect(all.keys[0]).toEqual([patches.views[0].cycle, patches.views[0].phase]);
  });
});

describe("board views", () => {
  it("paints every piece of the view with its label and target", () => {
    const tree = boardTree(five.static, five.view, five.legal);
    for (const [key, p] of Object.entries(five.view.pieces)) {
      const [node] = byAttr(tree, "data-key", key);
      expect(node.attrs["aria-label"]).toBe(p.label);
      expect(node.attrs["data-target"]).toBe(p.target);
      expect(node.attrs.role).toBe("img");
    }
    expect(byClass(tree, "cw-piece").length).toBe(Object.keys(five.view.pieces).length);
  });
  it("lights exactly the view's targets, as focusable buttons", () => {
    const parts = boardParts(five.static, five.view, five.legal);
    const lit = byClass(parts.dynamic, "cw-lit");
    expect(lit.map((n) => n.attrs["data-target"])).toEqual(five.view.lit);
    for (const n of lit) {
      expect(n.attrs.role).toBe("button");
      expect(n.attrs.tabindex).toBe("-1");
      expect(n.attrs["aria-label"]).toBe(five.static.places[n.attrs["data-target"]].label);
    }
  });
  it("does not announce unlit isles and seas as buttons", () => {
    const tree = boardTree(five.static, five.view, five.legal);
    const buttons = findAll(tree, (n) => n.attrs && n.attrs.role === "button").map((n) => n.attrs["data-target"] || n.attrs["data-track"]);
    expect(buttons.sort()).toEqual([...five.view.lit, ...five.view.lit_track].sort());
  });
  it("lights nothing on a read-only board", () => {
    const parts = boardParts(five.static, five.view, five.legal, { interactive: false });
    expect(byClass(parts.dynamic, "cw-lit")).toEqual([]);
    expect(byClass(h("div", {}, parts.tracks), "cw-lit-item")).toEqual([]);
  });
  it("shows the gods in this cycle's order, face-down ones as such (3 players, zh)", () => {
    const parts = boardParts(three.static, three.view, three.legal);
    const gods = byClass(parts.tracks[0], "cw-god");
    expect(gods.map((g) => g.attrs["data-label"])).toEqual(three.view.gods.map((g) => g.label));
    expect(gods.map((g) => textOf(g.children[0]))).toEqual(three.view.gods.map((g) => g.label));
    expect(byClass(parts.tracks[0], "cw-face-down").length).toBe(2);
  });
  it("hides the other players' gold behind their screens (viewer Athens)", () => {
    const parts = boardParts(three.static, three.view, three.legal);
    const gold = byClass(parts.players, "cw-gold").map(textOf);
    expect(gold).toEqual(three.view.players.map((p) => p.gold));
    expect(byClass(parts.players, "cw-hidden").length).toBe(2);
  });
  it("says what to do in the prompt, with Step and Continue only at chance and automatic steps", () => {
    const parts = boardParts(bids.static, bids.view, bids.legal);
    expect(textOf(parts.prompt)).toBe(bids.view.prompt.text);
    expect(byClass(parts.prompt, "cw-continue")).toEqual([]);
  });
  it("draws a battle with both dice, the totals broken down and the losses", () => {
    const text = textOf(boardParts(battle.static, battle.view, battle.legal).tracks[3]);
    expect(text).toContain("die 1 + units 2 + bonus 0 = 3");
    expect(text).toContain("die 1 + units 1 + bonus 0 = 2");
    expect(text).toContain("losses: 1");
  });
  it("shows no battle panel without a battle", () => {
    expect(boardParts(five.static, five.view, five.legal).tracks[3]).toBeNull();
  });
  it("draws the log of the turn with the newest step marked", () => {
    const log = boardParts(five.static, five.view, five.legal).log;
    const newest = byClass(log, "cw-newest");
    expect(newest.length).toBe(1);
    expect(newest[0].attrs["data-step"]).toBe(String(five.view.log.newest));
    expect(textOf(log)).toContain(five.view.log.groups[0].head);
  });
  it("offers bids as numbered chips in a popover", () => {
    const acts = actionsAt(bids.legal, "ares");
    const menu = popover(bids.static, bids.view.menus.ares, acts);
    const chips = byClass(menu, "cw-action");
    expect(chips.map(textOf)).toEqual(acts.map((a) => a.chip));
    expect(chips.map((c) => c.attrs["aria-label"])).toEqual(acts.map((a) => a.label));
    expect(menu.attrs.role).toBe("dialog");
  });
  it("shows the error next to the board as an alert", () => {
    const parts = boardParts(five.static, five.view, five.legal, { error: "Athens has 3 GP" });
    const alert = parts.below.find((p) => p && p.attrs.role === "alert");
    expect(textOf(alert)).toContain("Athens has 3 GP");
  });
  it("shows comments as text, with the markup literal", () => {
    const panel = annotationPanel(five.static, { before: "<b>bold?</b>", tag: "key move" });
    expect(textOf(panel)).toContain("<b>bold?</b>");
    expect(findAll(panel, (n) => n.tag === "b")).toEqual([]);
  });
  it("draws the view's highlights, arrows and labels", () => {
    const parts = boardParts(five.static, five.view, five.legal);
    expect(byClass(parts.marks, "cw-highlight").map((n) => n.attrs["data-target"])).toEqual(["naxos"]);
    expect(byClass(parts.marks, "cw-arrow").length).toBe(1);
    expect(texts(parts.marks)).toContain("go");
  });
  it("draws the move trails the view lists, and nothing of its own", () => {
    const parts = boardParts(battle.static, battle.view, battle.legal);
    expect(byClass(parts.dynamic, "cw-trail").map((n) => [n.attrs["data-from"], n.attrs["data-to"]]))
      .toEqual(battle.view.trails.map((t) => [t.from, t.to]));
  });
  it("traces outlines as closed paths", () => {
    expect(loopsPath([[[0, 0], [1, 0], [1, 1]]])).toBe("M0,0L1,0L1,1Z");
  });
});

describe("one recipe", () => {
  const tree = boardTree(repainted.static, repainted.view, repainted.legal);
  const R = repainted.repaint;
  it("sets the palette Python sends as the stylesheet's custom properties", () => {
    const style = tree.attrs.style.split(";");
    expect(style).toContain(`--cw-sand:${R.sand}`);
    expect(style).toContain(`--cw-panel:${R.panel}`);
    expect(style.length).toBe(Object.keys(repainted.static.palette).length);
  });
  it("paints the isles, the pieces and the icons as changed in Python", () => {
    expect(byClass(tree, "cw-isle").every((n) => n.attrs.fill === R.sand)).toBe(true);
    const [troops] = byClass(tree, "cw-troops");
    expect(troops.children[0].attrs.fill).toBe(R.athens);
    const [temple] = byClass(tree, "cw-building");
    expect(findAll(temple, (n) => n.tag === "path").map((n) => n.attrs.d)).toEqual([R.temple]);
  });
  it("draws every piece by its recipe, with no colour of its own", () => {
    const colours = new Set([...Object.values(five.static.palette), ...five.static.seats.flatMap((s) => [s.colour, s.ink]), "none"]);
    for (const r of Object.values(five.static.recipes)) for (const q of r) for (const k of ["fill", "stroke"]) if (q[k] && !q[k].startsWith("$")) colours.add(q[k]);
    const painted = findAll(boardParts(five.static, five.view, five.legal).dynamic, (n) => n.attrs && (n.attrs.fill || n.attrs.stroke));
    expect(painted.length).toBeGreaterThan(50);
    for (const n of painted) for (const k of ["fill", "stroke"]) if (n.attrs[k]) expect(colours.has(n.attrs[k])).toBe(true);
  });
  it("draws the arrowheads Python places", () => {
    const [arrow] = byClass(boardParts(five.static, five.view, five.legal).marks, "cw-arrow");
    const head = findAll(arrow, (n) => n.tag === "polygon")[0];
    expect(head.attrs.points).toBe(five.view.marks.arrows[0].head.map((p) => p.join(",")).join(" "));
  });
});

describe("view version", () => {
  it("is the version Python sends", () => {
    expect(five.static.v).toBe(VIEW_VERSION);
  });
  it("says on the board, in the learner's language, when Python sends another", () => {
    const old = { ...three.static, v: VIEW_VERSION + 1 };
    const parts = boardParts(old, three.view, three.legal);
    expect(parts.prompt.attrs.role).toBe("alert");
    expect(textOf(parts.prompt)).toBe(three.static.text.version);
    expect(textOf(parts.prompt)).toContain(String(three.static.v));
    expect(textOf(boardParts({ ...old, text: { ...old.text, version: undefined } }, three.view, []).prompt))
      .toBe(`${VIEW_VERSION + 1} ≠ ${VIEW_VERSION}`);
    expect(parts.dynamic).toBeNull();
    const svg = mapSvg({ ...old, styles: undefined, recipes: undefined });
    expect(byClass(svg, "cw-isle")).toEqual([]);
    expect(byClass(svg, "cw-dynamic-slot").length).toBe(1);
  });
});
