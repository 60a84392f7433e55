"""The static painter of a win-chance graph (:mod:`cyclades_widgets.view.graph`): SVG
markup, no matplotlib, for notebooks, nbconvert and the HTML replay page.

>>> from cyclades_widgets.view.graph import GraphMark, graph_model
>>> g = graph_model(("Athens", "Sparta"), 10, [(2, (0.6, 0.4)), (6, (0.3, 0.7))], [(0, 1)],
...                 [GraphMark(6, 0, "mistake", "Move 4 <b>")], lang="en")
>>> svg = graph_svg(g)
>>> svg.startswith("<svg"), svg.count('class="cw-graph-mark"'), "&lt;b&gt;" in svg
(True, 1, True)
"""

from __future__ import annotations

from typing import Any

from .draw import Markup, el, group, icon, num

__all__ = ["graph_svg"]


def _frame(g: dict[str, Any]) -> list[Markup]:
    box, c, font = g["box"], g["colours"], g["font"]
    right, bottom = box["x"] + box["w"], box["y"] + box["h"]
    out = [el("rect", {"width": num(g["width"]), "height": num(g["height"]), "fill": c["paper"]}),
           el("text", {"x": num(box["x"]), "y": 16, "font-size": num(font + 2), "font-weight": "bold",
                       "fill": c["ink"]}, g["title"])]  # fmt: skip
    for line in g["grid"]:
        out.append(el("line", {"x1": num(box["x"]), "x2": num(right), "y1": num(line["y"]),
                               "y2": num(line["y"]), "stroke": c["rule"]}))  # fmt: skip
        out.append(el("text", {"x": num(box["x"] - 6), "y": num(line["y"] + font / 3),
                               "text-anchor": "end", "font-size": num(font), "fill": c["muted"]},
                      line["text"]))  # fmt: skip
    for cycle in g["cycles"]:
        out.append(el("line", {"x1": num(cycle["x"]), "x2": num(cycle["x"]), "y1": num(box["y"]),
                               "y2": num(bottom), "stroke": c["rule"], "stroke-dasharray": "3 3"}))  # fmt: skip
        out.append(el("text", {"x": num(cycle["x"]), "y": num(bottom + font + 3), "text-anchor": "middle",
                               "font-size": num(font - 1), "fill": c["muted"]}, cycle["text"]))  # fmt: skip
    out.append(el("text", {"x": num(right), "y": num(bottom + 2 * font + 8), "text-anchor": "end",
                           "font-size": num(font), "fill": c["muted"]}, g["axis"]))  # fmt: skip
    return out


def _data(g: dict[str, Any]) -> list[Markup]:
    box, c = g["box"], g["colours"]
    out = [group({"class": "cw-graph-hits", "fill": g["hit"]["fill"], "fill-opacity": g["hit"]["opacity"]}, *(
        el("rect", {"class": "cw-graph-hit", "x": num(h["x"]), "y": num(box["y"]), "width": num(h["w"]),
                    "height": num(box["h"]), "data-goto": h["position"]}, el("title", None, h["title"]))
        for h in g["hits"]))]  # fmt: skip
    for line in g["lines"]:
        out.append(el("path", {"class": "cw-graph-line", "d": line["d"], "fill": "none",
                               "stroke": line["colour"], "stroke-width": 2,
                               "stroke-linejoin": "round", "data-player": line["player"]}))  # fmt: skip
    for m in g["marks"]:
        out.append(group({"class": "cw-graph-mark", "data-goto": m["position"], "data-label": m["label"]},
                         el("title", None, m["title"]),
                         icon(m["shape"], m["x"], m["y"], m["r"], fill=m["colour"], stroke=c["ink"])))  # fmt: skip
    if g["cursor"] is not None:
        out.append(el("line", {"class": "cw-graph-cursor", "x1": num(g["cursor"]), "x2": num(g["cursor"]),
                               "y1": num(box["y"]), "y2": num(box["y"] + box["h"]),
                               "stroke": c["highlight"], "stroke-width": 2}))  # fmt: skip
    for item in g["legend"]:
        out.append(
            icon(
                item["shape"],
                item["x"],
                item["y"] - 4,
                item["r"],
                fill=item["colour"],
                stroke=c["ink"],
            )
        )
        out.append(el("text", {"x": num(item["tx"]), "y": num(item["y"]), "font-size": num(g["font"]),
                               "fill": c["ink"]}, item["player"]))  # fmt: skip
    return out


def graph_svg(g: dict[str, Any], *, label: str | None = None) -> str:
    """The graph as standalone SVG markup (``label``: its accessible name; the title by
    default)."""
    attrs = {"xmlns": "http://www.w3.org/2000/svg", "class": "cw-graph", "role": "img",
             "viewBox": f"0 0 {num(g['width'])} {num(g['height'])}", "width": num(g["width"]),
             "height": num(g["height"]), "aria-label": label or g["title"],
             "font-family": "system-ui, sans-serif"}  # fmt: skip
    return str(el("svg", attrs, *_frame(g), *_data(g)))
