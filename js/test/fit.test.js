// The fit of the map to the visible height: which box is "the visible height", and the
// height the map may take once the controls that stay in view with it are counted.
import { describe, expect, it } from "vitest";
import { mapMaxHeight, scroller } from "../src/fit.js";

function box(name, { overflowY = "visible", clientHeight = 0, classes = [] } = {}) {
  return { name, overflowY, clientHeight, classes, parentElement: null,
    matches: (sel) => classes.some((c) => sel.split(",").map((s) => s.trim()).includes(`.${c}`)) };  // prettier-ignore
}

function chain(...nodes) {
  for (let i = 0; i < nodes.length - 1; i += 1) nodes[i].parentElement = nodes[i + 1];
  const view = { innerHeight: 800, getComputedStyle: (n) => ({ overflowY: n.overflowY }) };
  const el = { parentElement: nodes[0], ownerDocument: { defaultView: view } };
  return el;
}

describe("scroller", () => {
  it("skips widget boxes and output areas, which take their content's height", () => {
    const vbox = box("vbox", { overflowY: "auto", clientHeight: 626, classes: ["jupyter-widgets", "widget-box"] });
    const output = box("output", { overflowY: "auto", clientHeight: 970, classes: ["jp-OutputArea-output"] });
    const notebook = box("notebook", { overflowY: "auto", clientHeight: 679, classes: ["jp-WindowedPanel-outer"] });
    expect(scroller(chain(vbox, output, notebook)).name).toBe("notebook");
  });

  it("skips a small scrolling box, and falls back to the window when none is left", () => {
    const small = box("small", { overflowY: "scroll", clientHeight: 200 });
    expect(scroller(chain(small))).toBe(null);
  });
});

describe("mapMaxHeight", () => {
  const rect = (height) => ({ getBoundingClientRect: () => ({ height }) });
  it("leaves room for what stays in view with the map, never below the least height", () => {
    const area = rect(500);
    const fitted = rect(650);
    const root = { querySelector: () => area, closest: () => fitted };
    expect(mapMaxHeight(root, 679)).toBe(679 - 150 - 12);
    expect(mapMaxHeight(root, 300)).toBe(220);
  });
});
