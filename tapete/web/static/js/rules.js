// The rules page: a game's player's guide (goal, cards, a turn, scoring, worked
// examples, table options) as the server sends it (/api/games/{id}/rules), its
// cards drawn by the table's own renderer, and the rulebook (rule ids, option
// names) collapsed in a <details> at the end.

import * as api from "./api.js";
import { bacanCard, boonCard, buraccoTile, cardBack, nachoCard, nachoSegments, nachoVertices, wantedCard } from "./cards.js";
import { h, r2, s } from "./dom.js";
import { topBar } from "./frame.js";
import { gameName } from "./games/index.js";
import { lang, t } from "./i18n.js";
import { markdown } from "./markdown.js";
import { errorText } from "./util.js";

/** A card as the table draws it; `outlaws` holds WANTED's figures by face. */
const DRAW = {
  bacan: (face, name) => bacanCard(face, { label: name }),
  buracco: (face, name) => buraccoTile(face, { label: name }),
  "nacho-loco": (face, name) => (face ? nachoCard(face, { label: name }) : cardBack(100, 87, name)),
  boon: (face, name) => boonCard(face, { label: name }),
  wanted: (face, name, outlaws) => wantedCard(face, face ? outlaws.get(face) : null, { label: name }),
};

function drawCard(gameId, card, outlaws) {
  const draw = DRAW[gameId] || ((face, name) => cardBack(60, 84, name));
  return h("figure", { class: `guide-card guide-card-${gameId}`, title: card.name, "data-testid": "guide-card" },
    draw(card.face, card.name, outlaws));
}

/** Nacho Loco's playfield of an example, drawn with the table's segments; the card just placed outlined. */
const FIELD_SCALE = 100;

function fieldFigure(item) {
  const corners = item.cells.flatMap((c) => nachoVertices(c.cell[0], c.cell[1]));
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const [x0, y0] = [Math.min(...xs) - 0.1, Math.min(...ys) - 0.1];
  const [w, hgt] = [Math.max(...xs) - x0 + 0.1, Math.max(...ys) - y0 + 0.1];
  const cells = item.cells.map((c) => {
    const v = nachoVertices(c.cell[0], c.cell[1]);
    const outline = c.new ? s("polygon", {
      points: v.map(([x, y]) => `${r2(x * FIELD_SCALE)},${r2(y * FIELD_SCALE)}`).join(" "),
      class: "guide-new", fill: "none",
    }) : null;
    return s("g", { role: "img", "aria-label": c.name }, nachoSegments(v, c.sides, FIELD_SCALE), outline);
  });
  const picture = s("svg", {
    class: "svg guide-field-svg", role: "group", "aria-label": item.caption,
    viewBox: `${r2(x0 * FIELD_SCALE)} ${r2(y0 * FIELD_SCALE)} ${r2(w * FIELD_SCALE)} ${r2(hgt * FIELD_SCALE)}`,
    style: { maxWidth: `${Math.round(w * 90)}px` },
  }, cells);
  return h("div", { class: "guide-figure guide-field", "data-testid": "guide-field" },
    picture, h("p", { class: "guide-caption" }, item.caption));
}

function block(gameId, item, outlaws) {
  switch (item.type) {
    case "para":
      return h("p", {}, item.text);
    case "steps":
      return h("ol", { class: "guide-steps" }, item.items.map((text) => h("li", {}, text)));
    case "bullets":
      return h("ul", { class: "guide-bullets" }, item.items.map((text) => h("li", {}, text)));
    case "cards":
      return h("div", { class: "guide-figure" },
        h("div", { class: "guide-cards" }, item.cards.map((card) => drawCard(gameId, card, outlaws))),
        h("p", { class: "guide-caption" }, item.caption));
    case "field":
      return fieldFigure(item);
    case "example":
      return h("section", { class: "guide-example", "data-testid": "guide-example" },
        h("h3", {}, item.title), item.blocks.map((inner) => block(gameId, inner, outlaws)));
    case "option":
      return h("div", { class: "guide-option" },
        h("dt", {}, item.label), h("dd", {}, item.text, " ", h("span", { class: "muted" }, item.default)));
    default:
      return null;
  }
}

function section(gameId, part, outlaws) {
  const blocks = part.blocks.map((item) => block(gameId, item, outlaws));
  const body = part.id === "options" ? h("dl", { class: "guide-options" }, blocks) : blocks;
  return h("section", { class: `guide-section guide-sec-${part.id}`, "data-testid": `guide-${part.id}` },
    h("h2", {}, part.title), body);
}

function reglamento(data) {
  return h("details", { class: "reglamento", "data-testid": "reglamento" },
    h("summary", {}, data.title),
    h("p", { class: "muted" }, data.note),
    markdown(data.markdown));
}

async function outlawsOf(gameId) {
  const out = new Map();
  if (gameId !== "wanted") return out;
  const deck = await api.deck(gameId);
  for (const o of deck?.outlaws || []) out.set(o.face, o);
  return out;
}

export async function renderRules(root, gameId) {
  const body = h("article", { class: "card-panel rules guide", "data-testid": "guide" },
    h("p", { class: "muted" }, t("table.loading")));
  root.replaceChildren(
    topBar(t("rules.title")),
    h("main", { class: "page" }, h("p", {}, h("a", { href: `#/new/${gameId}` }, t("rules.play"))), body));
  try {
    const [data, outlaws] = await Promise.all([api.rules(gameId, lang()), outlawsOf(gameId)]);
    const guide = data.guide;
    body.replaceChildren(
      h("h1", {}, gameName(gameId)),
      h("p", { class: "guide-summary" }, guide.summary),
      ...guide.sections.map((part) => section(gameId, part, outlaws)),
      reglamento(guide.reglamento));
  } catch (err) {
    body.replaceChildren(h("p", { class: "error" }, errorText(err.error)));
  }
}
