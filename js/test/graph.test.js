// The win-chance graph's JS painter paints the payload Python's static painter paints.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findAll, textOf, toDom } from "../src/dom.js";
import { GRAPH_VERSION, cursorX, gotoIntent, graphTree } from "../src/graph.js";
import { fakeDocument } from "./fakedom.js";

const { graph, svg } = JSON.parse(readFileSync(path.join(process.env.CW_FIXTURES, "graph.json"), "utf8"));
const byClass = (tree, cls) => findAll(tree, (n) => n.attrs && n.attrs.class === cls);
const pyAttr = (cls, attr) => [...svg.matchAll(new RegExp(`class="${cls}"[^>]*?${attr}="([^"]*)"`, "g"))].map((m) => m[1]);

describe("graph.js", () => {
  it("paints the version Python sends, and nothing for another", () => {
    expect(graph.v).toBe(GRAPH_VERSION);
    expect(graphTree({ ...graph, v: GRAPH_VERSION + 1 }, 0)).toBeNull();
    expect(graphTree(null, 0)).toBeNull();
  });

  it("draws the same lines, marks and click targets as the static painter", () => {
    const tree = graphTree(graph, 8);
    expect(byClass(tree, "cw-graph-line").map((n) => n.attrs.d)).toEqual(pyAttr("cw-graph-line", "d"));
    expect(byClass(tree, "cw-graph-mark").map((n) => n.attrs["data-goto"])).toEqual(pyAttr("cw-graph-mark", "data-goto"));
    expect(byClass(tree, "cw-graph-hit").map((n) => n.attrs["data-goto"])).toEqual(pyAttr("cw-graph-hit", "data-goto"));
    const colours = byClass(tree, "cw-graph-mark").map((n) => n.children[1].attrs.fill);
    expect(colours).toEqual(graph.marks.map((m) => m.colour));
    const [hits] = byClass(tree, "cw-graph-hits");
    expect([hits.attrs.fill, hits.attrs["fill-opacity"]]).toEqual([pyAttr("cw-graph-hits", "fill")[0], pyAttr("cw-graph-hits", "fill-opacity")[0]]);
    expect(hits.attrs.fill).toBe(graph.hit.fill);
  });

  it("writes every text as text (a title with markup stays words)", () => {
    const el = toDom(graphTree(graph, 0), fakeDocument);
    expect(textOf(graphTree(graph, 0))).toContain("Move 5 · Athens <b>");
    expect(el.textContent).toContain("Move 5 · Athens <b>");
  });

  it("puts the cursor at the position shown", () => {
    const [cursor] = byClass(graphTree(graph, 12), "cw-graph-cursor");
    expect(Number(cursor.attrs.x1)).toBeCloseTo(cursorX(graph, 12), 1);
    expect(byClass(graphTree(graph, null), "cw-graph-cursor")).toEqual([]);
  });

  it("turns a click on a point into a goto intent stamped with the step shown", () => {
    const node = { closest: () => ({ getAttribute: () => "15" }) };
    expect(gotoIntent(node, 42)).toEqual({ type: "goto", index: 15, step: 42 });
    expect(gotoIntent({ closest: () => null }, 42)).toBeNull();
  });
});
