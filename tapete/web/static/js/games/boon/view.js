// Boon: the Boon offered blind, burying, tricks with gold trumps, payouts.

import { boonCard } from "./art.js";
import { h } from "../../dom.js";
import { cardName } from "../../faces.js";
import { t } from "../../i18n.js";
import { cardButton, pill, section, toolBar, toolButton } from "../common.js";

const SUIT_ORDER = ["oro", "rojo", "verde", "azul"];

/** A card's name as the server's catalogue says it (the log's words); face down when unknown. */
export function faceName(face) {
  return face ? cardName("boon", face) : t("boon.faceDown");
}

function sortHand(hand) {
  return [...hand].sort((a, b) => {
    const [sa, ra] = a.split("-");
    const [sb, rb] = b.split("-");
    return SUIT_ORDER.indexOf(sa) - SUIT_ORDER.indexOf(sb) || Number(rb) - Number(ra);
  });
}

/** Where a seat sits around the trick, seen from `me` (or seat 0 for a spectator). */
function place(seat, me, n) {
  const k = (seat - (me ?? 0) + n) % n;
  if (n === 3) return ["bottom", "left", "right"][k];
  return ["bottom", "left", "top", "right"][k];
}

function handAction(ctx, face) {
  return ctx.view.phase === "bury" ? { type: "bury", card: face } : { type: "play", card: face };
}

function seatBox(ctx, seat) {
  const view = ctx.view;
  const badges = [];
  if (view.taker === seat) badges.push(pill(t("boon.taker"), "pill-turn"));
  if (view.passed.includes(seat) && view.phase === "bid") badges.push(pill(t("boon.passed"), "pill-quiet"));
  if (view.turn === seat && !view.over) badges.push(pill(`▶ ${t("badge.turn")}`, "pill-turn"));
  if (view.dealer === seat) badges.push(pill(t("boon.dealer"), "pill-quiet"));
  return h("div", { class: "boon-seat", "data-key": `seat-${seat}` },
    h("span", { class: "row-name" }, ctx.name(seat)),
    h("span", { class: "seat-stats muted-light" },
      h("span", {}, t("boon.victoryN", { n: view.scores[seat] })),
      h("span", {}, t("boon.tricksN", { n: view.tricks_won[seat] })),
      h("span", {}, t("boon.cardsN", { n: view.hand_sizes[seat] }))),
    badges.length ? h("span", { class: "seat-badges" }, badges) : null);
}

function trickArea(ctx) {
  const view = ctx.view;
  const n = view.num_players;
  const current = view.trick.length ? view.trick : null;
  const showLast = view.last_trick && ["play", "round_over", "over"].includes(view.phase);
  const shown = current || (showLast ? view.last_trick.cards : []);
  const faded = !current;
  const spots = [];
  for (let seat = 0; seat < n; seat++) {
    const played = shown.find((p) => p.seat === seat);
    const won = faded && view.last_trick && view.last_trick.winner === seat;
    spots.push(h("div", { class: `spot spot-${place(seat, ctx.me, n)}` },
      seatBox(ctx, seat),
      h("div", { class: ["spot-card", faded && "faded", won && "won"] },
        played ? cardButton({ key: `trick-${seat}`, face: played.card, art: boonCard(played.card), label: `${ctx.name(seat)}: ${faceName(played.card)}` })
          : h("div", { class: "card-slot-empty", "data-key": `trick-${seat}` }))));
  }
  const boonLeft = view.phase === "bid" || (view.taker === null && !view.leaster && view.phase !== "round_over" && view.phase !== "over");
  const centre = h("div", { class: "spot spot-centre" },
    boonLeft ? h("div", { class: "boon-stack", "data-key": "boon" },
      Array.from({ length: view.boon_size }, (_, i) => h("div", { class: "stacked", style: { "--i": i } }, boonCard(null))),
      h("span", { class: "pile-label" }, t("boon.theBoon", { n: view.boon_size }))) : null,
    view.leaster ? pill(t("boon.leaster"), "pill-warn") : null,
    view.led_suit ? h("span", { class: "led" }, t("boon.led", { suit: t(`boon.suit.${view.led_suit}`) })) : null,
    faded && showLast ? h("span", { class: "led" }, t("boon.lastTrick", { who: ctx.name(view.last_trick.winner) })) : null);
  return section(`boon-trick n${n}`, t("boon.trick"), spots, centre);
}

/** The buried cards, face up once the round is over (the round's result is the table's result
 * panel, in the server's words). */
function buriedShown(ctx) {
  const view = ctx.view;
  const buried = view.buried && (view.phase === "round_over" || view.phase === "over") ? view.buried : null;
  if (!buried) return null;
  return h("div", { class: "banner boon-result" },
    h("div", { class: "mini-cards" }, h("span", {}, t("boon.buriedWere")), buried.map((f) => h("span", { class: "mini" }, boonCard(f, { label: faceName(f) })))));
}

function hand(ctx) {
  const view = ctx.view;
  if (ctx.me === null) return null;
  const cards = sortHand(view.hand);
  const buried = view.buried && !["round_over", "over"].includes(view.phase) ? view.buried : null;
  return section("boon-hand", t("boon.yourHand"),
    h("div", { class: "row-head" }, h("span", { class: "row-name" }, t("boon.yourHand")),
      view.phase === "bury" && view.taker === ctx.me ? pill(t("boon.buryLeft", { n: view.boon_size - view.buried_count }), "pill-turn") : null),
    h("div", { class: "hand-cards" }, cards.map((face) => {
      const action = handAction(ctx, face);
      const legal = !ctx.readOnly && ctx.isLegal(action);
      return cardButton({
        key: `hand-${face}`, face, art: boonCard(face), label: faceName(face), legal,
        cls: legal ? null : "dim-soft", testid: `card-${face}`,
        onTap: ctx.readOnly ? null : () => ctx.act(action),
      });
    })),
    buried ? h("div", { class: "mini-cards" }, h("span", {}, t("boon.buried")), buried.map((f) => h("span", { class: "mini" }, boonCard(f, { label: faceName(f) })))) : null);
}

function tools(ctx) {
  if (ctx.readOnly) return null;
  const buttons = [];
  if (ctx.isLegal({ type: "take" })) buttons.push(toolButton(t("boon.take"), () => ctx.act({ type: "take" }), { primary: true, testid: "take" }));
  if (ctx.isLegal({ type: "pass" })) buttons.push(toolButton(t("boon.pass"), () => ctx.act({ type: "pass" }), { testid: "pass" }));
  if (ctx.isLegal({ type: "deal" })) buttons.push(toolButton(t("boon.deal"), () => ctx.act({ type: "deal" }), { primary: true, testid: "deal" }));
  return toolBar(buttons);
}

/** The payout table ("3,2,1,-1,-2,-3") in words, band by band (BOO-9); null if it is not six whole numbers. */
export function payoutWords(text) {
  const parts = String(text).replace(/;/g, ",").split(",").map((p) => p.trim());
  if (parts.length !== 6 || !parts.every((p) => /^[+-]?\d+$/.test(p))) return null;
  const lines = parts.map(Number).map((n, i) => {
    const band = t(`boon.band.${i}`);
    if (n === 0) return t("boon.pays.nobody", { band });
    return t(n > 0 ? "boon.pays.defender" : "boon.pays.taker", { band, n: Math.abs(n) });
  });
  const said = lines.join("; ");
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
}

export default {
  id: "boon",
  // option values in words (the new-table form and the table's panel)
  optionText: (key, value) => (key === "payouts" ? payoutWords(value) ?? t("boon.payouts.bad") : undefined),
  // a card of the rules page's guide, drawn as the table draws it
  guideCard: (face, name) => boonCard(face, { label: name }),

  render(ctx) {
    return h("div", { class: "boon" }, trickArea(ctx), buriedShown(ctx), tools(ctx), hand(ctx));
  },

  prompt(ctx) {
    const view = ctx.view;
    if (ctx.me === null || !ctx.required.includes(ctx.me)) return null;
    if (view.phase === "bid") return t("boon.prompt.bid", { n: view.boon_size });
    if (view.phase === "bury") return t("boon.prompt.bury", { n: view.boon_size - view.buried_count });
    if (view.phase === "play") {
      if (!view.led_suit) return t("boon.prompt.lead");
      const has = view.hand.some((f) => f.startsWith(`${view.led_suit}-`));
      return has ? t("boon.prompt.follow", { suit: t(`boon.suit.${view.led_suit}`) }) : t("boon.prompt.any", { suit: t(`boon.suit.${view.led_suit}`) });
    }
    if (view.phase === "round_over") return t("boon.prompt.deal");
    return null;
  },

  animations(events, ctx) {
    const out = [];
    for (const e of events) {
      if (e.kind === "play") out.push({ from: e.seat === ctx.me ? `hand-${e.card}` : `seat-${e.seat}`, to: `trick-${e.seat}`, face: e.card });
      else if (e.kind === "take") out.push({ from: "boon", to: `seat-${e.seat}`, face: null });
    }
    return out;
  },

  ghost(face) {
    return boonCard(face);
  },

  key(event, ctx) {
    if (ctx.readOnly) return false;
    const k = event.key.toLowerCase();
    if (k === "t" && ctx.isLegal({ type: "take" })) { ctx.act({ type: "take" }); return true; }
    if (k === "p" && ctx.isLegal({ type: "pass" })) { ctx.act({ type: "pass" }); return true; }
    if (k === "r" && ctx.isLegal({ type: "deal" })) { ctx.act({ type: "deal" }); return true; }
    if (/^[1-9]$/.test(k) && ctx.me !== null) {
      const face = sortHand(ctx.view.hand)[Number(k) - 1];
      if (face) { ctx.act(handAction(ctx, face)); return true; }
    }
    return false;
  },
};
