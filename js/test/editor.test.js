// Unit tests of the board's edit mode (editor.js), on the traits Python sends (fixtures.py).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { boardParts } from "../src/board.js";
import { findAll, textOf, toDom } from "../src/dom.js";
import { clickIntent, editBar, historyKey, placeIntent } from "../src/editor.js";
import { fakeDocument } from "./fakedom.js";

const load = (name) => JSON.parse(readFileSync(path.join(process.env.CW_FIXTURES, name), "utf8"));
const ed = load("editor.json");
const byAttr = (tree, key) => findAll(tree, (n) => n.attrs && n.attrs[key] !== undefined && n.attrs[key] !== null);

describe("the edit bar", () => {
  const bar = editBar(ed.static, ed.edit);
  it("has one button per tool, named in words, the chosen one pressed and the one tab stop", () => {
    const tools = byAttr(bar, "data-tool");
    expect(tools.map((t) => t.attrs["data-tool"])).toEqual(ed.edit.tools.map((t) => t.id));
    const pressed = tools.filter((t) => t.attrs["aria-pressed"] === "true");
    expect(pressed.map((t) => t.attrs["data-tool"])).toEqual(["fleet:Athens"]);
    expect(tools.filter((t) => t.attrs.tabindex === "0")).toEqual(pressed);
    expect(tools.every((t) => t.attrs["aria-label"] && t.attrs.title === t.attrs["aria-label"])).toBe(true);
  });
  it("paints each tool's picture with the colours Python sent", () => {
    const fleet = byAttr(bar, "data-tool").find((t) => t.attrs["data-tool"] === "fleet:Athens");
    const fills = findAll(fleet, (n) => n.attrs && n.attrs.fill).map((n) => n.attrs.fill);
    expect(fills).toContain(ed.edit.tools.find((t) => t.id === "fleet:Athens").picture[0].fill);
  });
  it("shows the count of the chosen piece in its range, and Undo, Redo, Empty", () => {
    const [count] = findAll(bar, (n) => n.tag === "input");
    expect(count.attrs).toMatchObject({ type: "number", min: "1", max: "8", value: "2" });
    const buttons = byAttr(bar, "data-edit");
    expect(buttons.map((b) => [b.attrs["data-edit"], !!b.attrs.disabled])).toEqual([["undo", false], ["redo", true], ["empty", false]]);
    expect(textOf(bar)).toContain(ed.edit.words.keys);
  });
  it("builds in a document with text as text", () => {
    const el = toDom(bar, fakeDocument);
    expect(el.textContent).toContain(ed.edit.words.undo);
  });
  it("sits with a board whose lit places are the chosen piece's and whose error says why", () => {
    const parts = boardParts(ed.static, ed.view, [], { error: ed.error });
    expect(ed.view.lit.length).toBeGreaterThan(10);
    expect(ed.view.lit.every((id) => /^[a-z]\d+$/.test(id))).toBe(true);
    expect(textOf(parts.below[0])).toContain(ed.static.text.rejected);
    expect(textOf(parts.below[0])).toContain("Milos");
  });
});

describe("the intents of clicks and keys", () => {
  it("a click on a place toggles the chosen piece, with its player and count", () => {
    expect(clickIntent(ed.edit, { target: "h4" })).toEqual({ type: "toggle", piece: "fleet", place: "h4", player: "Athens", count: 2 });
    expect(clickIntent(ed.edit, { track: "ares" })).toEqual({ type: "toggle", piece: "fleet", place: "ares", player: "Athens", count: 2 });
  });
  it("a right click removes, without a count", () => {
    expect(placeIntent(ed.edit, "remove", "h4")).toEqual({ type: "remove", piece: "fleet", place: "h4", player: "Athens" });
  });
  it("a tool of nobody sends no player", () => {
    expect(clickIntent(ed.edit, { tool: "fortress" })).toEqual({ type: "tool", piece: "fortress", player: null });
    const edit = { ...ed.edit, tool: { id: "fortress", piece: "fortress", player: null, count: 1 } };
    expect(placeIntent(edit, "toggle", "paros")).toEqual({ type: "toggle", piece: "fortress", place: "paros", count: 1 });
  });
  it("the buttons send their edit; with no tool a place sends nothing", () => {
    expect(clickIntent(ed.edit, { edit: "empty" })).toEqual({ type: "empty" });
    expect(clickIntent({ ...ed.edit, tool: null }, { target: "h4" })).toBe(null);
  });
  it("Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo, other keys nothing", () => {
    expect(historyKey({ key: "z", ctrlKey: true })).toEqual({ type: "undo" });
    expect(historyKey({ key: "Z", ctrlKey: true, shiftKey: true })).toEqual({ type: "redo" });
    expect(historyKey({ key: "y", metaKey: true })).toEqual({ type: "redo" });
    expect(historyKey({ key: "z" })).toBe(null);
  });
});
