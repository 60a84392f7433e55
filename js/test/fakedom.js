// The smallest document that toDom needs, so the pure views are tested in node.
class Node {
  constructor(tag, ns) {
    this.tagName = tag;
    this.namespaceURI = ns;
    this.attributes = {};
    this.childNodes = [];
  }
  setAttribute(k, v) { this.attributes[k] = String(v); }
  getAttribute(k) { return this.attributes[k] ?? null; }
  appendChild(c) { this.childNodes.push(c); return c; }
  get textContent() { return this.childNodes.map((c) => c.textContent).join(""); }
}
class Text {
  constructor(t) { this.textContent = t; this.nodeType = 3; }
}
export const fakeDocument = {
  createElement: (tag) => new Node(tag, "http://www.w3.org/1999/xhtml"),
  createElementNS: (ns, tag) => new Node(tag, ns),
  createTextNode: (t) => new Text(t),
};
