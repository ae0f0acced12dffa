// The rules page: a game's player's guide (goal, cards, a turn, scoring, worked
// examples, table options) as the server sends it (/api/games/{id}/rules), its
// cards drawn by the table's own renderer, and the rulebook (rule ids, option
// names) collapsed in a <details> at the end.

import * as api from "./api.js";
import { cardBack } from "./cards.js";
import { h } from "./dom.js";
import { topBar } from "./frame.js";
import { gameFacts, gameModule, gameName, loadView } from "./games/index.js";
import { lang, t } from "./i18n.js";
import { markdown } from "./markdown.js";
import { errorText } from "./util.js";

/** A card as the game's table draws it (its view's `guideCard`; `deck`: its deck data, if any). */
function drawCard(gameId, card, deck) {
  const draw = gameModule(gameId).guideCard || ((face, name) => cardBack(60, 84, name));
  return h("figure", { class: `guide-card guide-card-${gameId}`, title: card.name, "data-testid": "guide-card" },
    draw(card.face, card.name, deck));
}

function block(gameId, item, deck) {
  switch (item.type) {
    case "para":
      return h("p", {}, item.text);
    case "steps":
      return h("ol", { class: "guide-steps" }, item.items.map((text) => h("li", {}, text)));
    case "bullets":
      return h("ul", { class: "guide-bullets" }, item.items.map((text) => h("li", {}, text)));
    case "cards":
      return h("div", { class: "guide-figure" },
        h("div", { class: "guide-cards" }, item.cards.map((card) => drawCard(gameId, card, deck))),
        h("p", { class: "guide-caption" }, item.caption));
    case "example":
      return h("section", { class: "guide-example", "data-testid": "guide-example" },
        h("h3", {}, item.title), item.blocks.map((inner) => block(gameId, inner, deck)));
    case "option":
      return h("div", { class: "guide-option" },
        h("dt", {}, item.label), h("dd", {}, item.text, " ", h("span", { class: "muted" }, item.default)));
    default:
      return gameModule(gameId).guideBlock?.(item) ?? null; // a figure of the game's own (Nacho Loco's playfield)
  }
}

function section(gameId, part, deck) {
  const blocks = part.blocks.map((item) => block(gameId, item, deck));
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

/** The game's deck data (WANTED's outlaws), for games that keep one; null for the others. */
async function deckOf(gameId) {
  return gameFacts(gameId).deck ? api.deck(gameId) : null;
}

export async function renderRules(root, gameId) {
  const body = h("article", { class: "card-panel rules guide", "data-testid": "guide" },
    h("p", { class: "muted" }, t("table.loading")));
  root.replaceChildren(
    topBar(t("rules.title")),
    h("main", { class: "page" }, h("p", {}, h("a", { href: `#/new/${gameId}` }, t("rules.play"))), body));
  try {
    // the game's view draws its cards and figures
    const [data, deck] = await Promise.all([api.rules(gameId, lang()), deckOf(gameId), loadView(gameId)]);
    const guide = data.guide;
    body.replaceChildren(
      h("h1", {}, gameName(gameId)),
      h("p", { class: "guide-summary" }, guide.summary),
      ...guide.sections.map((part) => section(gameId, part, deck)),
      reglamento(guide.reglamento));
  } catch (err) {
    body.replaceChildren(h("p", { class: "error" }, errorText(err.error)));
  }
}
