// A small Markdown reader for the rules texts: headings, lists, paragraphs,
// **bold**, *italics* and `code`. Text is never parsed as HTML.

import { h } from "./dom.js";

function inline(text) {
  const out = [];
  const pattern = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const token = match[0];
    if (token.startsWith("**")) out.push(h("strong", {}, token.slice(2, -2)));
    else if (token.startsWith("`")) out.push(h("code", {}, token.slice(1, -1)));
    else out.push(h("em", {}, token.slice(1, -1)));
    last = match.index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function markdown(source) {
  const root = h("div", { class: "markdown" });
  let list = null;
  let paragraph = [];
  let item = null;
  const flushParagraph = () => {
    if (paragraph.length) root.append(h("p", {}, inline(paragraph.join(" "))));
    paragraph = [];
  };
  const flushItem = () => {
    if (item !== null && list) list.append(h("li", {}, inline(item)));
    item = null;
  };
  const flushList = () => {
    flushItem();
    if (list) root.append(list);
    list = null;
  };
  for (const raw of source.split("\n")) {
    const line = raw.trimEnd();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      root.append(h(`h${Math.min(4, heading[1].length + 1)}`, {}, inline(heading[2])));
    } else if (bullet) {
      flushParagraph();
      flushItem();
      if (!list) list = h("ul", {});
      item = bullet[1];
    } else if (!line.trim()) {
      flushParagraph();
      flushList();
    } else if (item !== null) {
      item += " " + line.trim();
    } else {
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  flushList();
  return root;
}
