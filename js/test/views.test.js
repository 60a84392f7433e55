// Unit tests of the pure view functions, on real serializer output (see fixtures.py).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { boardParts, boardTree } from "../src/board.js";
import { findAll, fmt, h, textOf, toDom } from "../src/dom.js";
import { continueIntent, keyIntent, playIntent } from "../src/intents.js";
import { outlinePath } from "../src/map.js";
import { navigate } from "../src/page.js";
import { annotationPanel } from "../src/panels.js";
import { moves } from "../src/pieces.js";
import { actionsAt, litPlaces, litTrack, looseActions } from "../src/targets.js";
import { fakeDocument } from "./fakedom.js";

const load = (name) => JSON.parse(readFileSync(path.join(process.env.CW_FIXTURES, name), "utf8"));
const five = load("five.json");
const three = load("three-athens-zh.json");
const battle = load("battle.json");
const byAttr = (tree, key, value) => findAll(tree, (n) => n.attrs && n.attrs[key] === value);
const byClass = (tree, cls) => findAll(tree, (n) => n.attrs && String(n.attrs.class || "").split(" ").includes(cls));

describe("creature track", () => {
  it("shows each creature's one-line effect from the creature data file on hover", () => {
    const tree = boardTree(five.static, five.snapshot, five.legal);
    const cards = findAll(tree, (n) => n.attrs && n.attrs["data-track"] && String(n.attrs.class || "").includes("cw-creature"));
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const id = card.attrs["data-track"];
      expect(card.attrs.title).toBe(five.static.creature_effects[id]);
      expect(card.attrs.title.length).toBeGreaterThan(10);
    }
  });
});

describe("dom", () => {
  it("builds trees, skipping empty children and flattening arrays", () => {
    const t = h("g", { a: 1 }, null, false, ["x", [h("text", {}, "y")]], 3);
    expect(t.children.length).toBe(3);
    expect(textOf(t)).toBe("xy3");
  });
  it("fills label templates and leaves unknown fields", () => {
    expect(fmt("{player} to act {x}", { player: "Athens" })).toBe("Athens to act {x}");
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

describe("targets", () => {
  const legal = [
    { id: 0, notation: "recruit troop naxos", targets: ["naxos"] },
    { id: 1, notation: "move fleets g5>f5 1", targets: ["g5", "f5"] },
    { id: 2, notation: "bid ares 2", targets: [], track: ["ares"] },
    { id: 3, notation: "end", targets: [] },
  ];
  it("lights every place and track item an action touches", () => {
    expect(litPlaces(legal).sort()).toEqual(["f5", "g5", "naxos"]);
    expect(litTrack(legal)).toEqual(["ares"]);
  });
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
  it("maps arrows, Shift, Ctrl, Home and End to navigation", () => {
    expect(keyIntent({ key: "ArrowLeft" })).toEqual({ type: "nav", to: "back", by: "step" });
    expect(keyIntent({ key: "ArrowRight", shiftKey: true })).toEqual({ type: "nav", to: "forward", by: "phase" });
    expect(keyIntent({ key: "ArrowLeft", ctrlKey: true })).toEqual({ type: "nav", to: "back", by: "cycle" });
    expect(keyIntent({ key: "Home" })).toEqual({ type: "nav", to: "start", by: "step" });
    expect(keyIntent({ key: "End" })).toEqual({ type: "nav", to: "end", by: "step" });
    expect(keyIntent({ key: "a" })).toBeNull();
  });
  it("names an action by id and notation", () => {
    expect(playIntent({ id: 4, notation: "end", kind: "end" })).toEqual({ type: "play", id: 4, notation: "end" });
    expect(continueIntent()).toEqual({ type: "continue" });
  });
});

describe("static replay navigation", () => {
  const frames = [["offerings", 1], ["offerings", 1], ["actions", 1], ["actions", 1], ["offerings", 2]]
    .map(([phase, cycle]) => ({ snapshot: { phase, cycle } }));
  it("steps one frame and stops at the ends", () => {
    expect(navigate(frames, 0, { type: "nav", to: "back", by: "step" })).toBe(0);
    expect(navigate(frames, 4, { type: "nav", to: "forward", by: "step" })).toBe(4);
    expect(navigate(frames, 1, { type: "nav", to: "forward", by: "step" })).toBe(2);
  });
  it("jumps by phase and by cycle", () => {
    expect(navigate(frames, 0, { type: "nav", to: "forward", by: "phase" })).toBe(2);
    expect(navigate(frames, 3, { type: "nav", to: "back", by: "phase" })).toBe(2);
    expect(navigate(frames, 2, { type: "nav", to: "back", by: "phase" })).toBe(0);
    expect(navigate(frames, 0, { type: "nav", to: "forward", by: "cycle" })).toBe(4);
    expect(navigate(frames, 2, { type: "nav", to: "end" })).toBe(4);
  });
});

describe("board views", () => {
  it("draws every isle and sea of the map, once, with an ARIA label", () => {
    const tree = boardTree(five.static, five.snapshot, five.legal);
    for (const id of [...Object.keys(five.static.map.isles), ...Object.keys(five.static.map.seas)]) {
      const shapes = findAll(tree, (n) => n.attrs["data-target"] === id && n.attrs.role === "button");
      expect(shapes.length, id).toBe(1);
      expect(shapes[0].attrs["aria-label"]).toBeTruthy();
    }
  });
  it("draws a troop token per occupied isle and a fleet per occupied sea, with counts", () => {
    const tree = boardTree(five.static, five.snapshot, five.legal);
    const troops = Object.entries(five.snapshot.isles).filter(([, i]) => i.troops);
    expect(byClass(tree, "cw-troops").length).toBe(troops.length);
    expect(byClass(tree, "cw-fleet").length).toBe(Object.keys(five.snapshot.fleets).length);
    for (const [sea, [seat, count]] of Object.entries(five.snapshot.fleets)) {
      const fleet = byAttr(tree, "data-key", `fleet:${sea}`)[0];
      expect(fleet.attrs["aria-label"]).toContain(`${count} `);
      expect(fleet.attrs["aria-label"]).toContain(five.snapshot.players[seat].name);
    }
  });
  it("lights exactly the targets of the legal actions", () => {
    const parts = boardParts(five.static, five.snapshot, five.legal);
    const lit = byClass(parts.dynamic, "cw-lit").map((n) => n.attrs["data-target"]).sort();
    expect(lit.length).toBeGreaterThan(0);
    expect(lit).toEqual(litPlaces(five.legal).sort());
  });
  it("lights nothing on a read-only board", () => {
    const parts = boardParts(five.static, five.snapshot, five.legal, { interactive: false });
    expect(byClass(parts.dynamic, "cw-lit")).toEqual([]);
  });
  it("shows the gods in this cycle's order, face-down ones as such (3 players, zh)", () => {
    const parts = boardParts(three.static, three.snapshot, three.legal);
    const gods = byClass(parts.side[0], "cw-god");
    const names = gods.map((g) => textOf(g.children[0]));
    const expected = three.snapshot.gods.map((g) => three.static.labels.gods[g.god]);
    expect(names).toEqual([...expected, three.static.labels.gods.apollo]);
    expect(byClass(parts.side[0], "cw-face-down").length).toBe(2);
  });
  it("hides the other players' gold behind their screens (viewer Athens)", () => {
    const parts = boardParts(three.static, three.snapshot, three.legal);
    const gold = byClass(parts.players, "cw-gold").map(textOf);
    expect(gold[0]).toBe(`${three.snapshot.players[0].gold} GP`);
    expect(gold[1]).toContain(three.static.labels.ui.gold_hidden);
    expect(gold[2]).toContain(three.static.labels.ui.gold_hidden);
  });
  it("draws a battle with both dice, the totals broken down and the losses", () => {
    const parts = boardParts(battle.static, battle.snapshot, battle.legal);
    const panel = parts.side[3];
    const text = textOf(panel);
    expect(text).toContain("die 1 + units 2 + bonus 0 = 3");
    expect(text).toContain("die 1 + units 1 + bonus 0 = 2");
    expect(text).toContain("losses: 1");
  });
  it("shows no battle panel without a battle", () => {
    expect(boardParts(five.static, five.snapshot, five.legal).side[3]).toBeNull();
  });
  it("offers the actions of a clicked place in a menu", () => {
    const place = litPlaces(five.legal)[0];
    expect(place).toBeTruthy();
    const parts = boardParts(five.static, five.snapshot, five.legal, { menu: place });
    const buttons = byClass(parts.menu, "cw-action");
    expect(buttons.map((b) => b.attrs["data-notation"])).toEqual(actionsAt(five.legal, place).map((a) => a.notation));
  });
  it("shows the error next to the board as an alert", () => {
    const parts = boardParts(five.static, five.snapshot, five.legal, { error: "Athens has 3 GP" });
    const alert = parts.below.find((p) => p && p.attrs.role === "alert");
    expect(textOf(alert)).toContain("Athens has 3 GP");
  });
  it("shows comments as text, with the markup literal", () => {
    const panel = annotationPanel(five.static, { before: "<b>bold?</b>", tag: "key move" });
    expect(textOf(panel)).toContain("<b>bold?</b>");
    expect(findAll(panel, (n) => n.tag === "b")).toEqual([]);
  });
  it("draws highlights and arrows between places", () => {
    const ui = { highlights: { places: ["naxos"], arrows: [["naxos", "paros"], ["naxos", "atlantis"]] } };
    const parts = boardParts(five.static, five.snapshot, five.legal, ui);
    expect(byClass(parts.dynamic, "cw-highlight").length).toBe(1);
    expect(byClass(parts.dynamic, "cw-arrow").length).toBe(1);
  });
  it("finds the moves the rules' events describe (origin/target, source/target)", () => {
    const events = [
      { kind: "move_troops", origin: "naxos", target: "paros", count: 2 },
      { kind: "pegasus_flies", source: "paros", target: "naxos", troops: 1 },
      { kind: "recruit", where: "naxos" },
    ];
    expect(moves(five.static, events)).toEqual([["naxos", "paros"], ["paros", "naxos"]]);
  });

  it("finds moves in events and nothing else", () => {
    expect(moves(five.static, [{ kind: "x", from: "naxos", to: "paros" }, { kind: "y", from: "nowhere", to: "paros" }])).toEqual([["naxos", "paros"]]);
  });
  it("traces isle outlines as closed paths", () => {
    expect(outlinePath([[[0, 0], [1, 0], [1, 1]]])).toBe("M0,0L1,0L1,1Z");
  });
});
