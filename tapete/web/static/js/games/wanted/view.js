// WANTED: simultaneous commits, dice, and the duel / shootout / gangs reveal.

import { die } from "../../cards.js";
import { wantedCard } from "./art.js";
import { h } from "../../dom.js";
import { cardName as catalogueName } from "../../faces.js";
import { t } from "../../i18n.js";
import { cardButton, pill, section, toolBar, toolButton } from "../common.js";

const DECKS = new WeakMap(); // the deck's outlaws by face, per deck data

function deckOutlaws(deck) {
  if (!deck) return new Map();
  if (!DECKS.has(deck)) DECKS.set(deck, new Map((deck.outlaws || []).map((o) => [o.face, o])));
  return DECKS.get(deck);
}

function outlaws(ctx) {
  if (!ctx.mem.outlaws) {
    ctx.mem.outlaws = new Map();
    for (const o of ctx.deck?.outlaws || []) ctx.mem.outlaws.set(o.face, o);
  }
  return ctx.mem.outlaws;
}

/** An outlaw's name as the server's catalogue says it (the log's words), with its figures from the deck. */
export function cardName(ctx, face) {
  if (!face) return t("wanted.faceDown");
  const info = outlaws(ctx).get(face);
  const base = catalogueName("wanted", face);
  if (!info) return base;
  const mods = [];
  if (info.increment) mods.push(`+${info.increment.value} ${t("wanted.vs")} ${t(`wanted.suit.${info.increment.suit}`)}`);
  if (info.decrement) mods.push(`−${info.decrement.value} ${t("wanted.vs")} ${t(`wanted.suit.${info.decrement.suit}`)}`);
  return `${base}: ${t("wanted.skill")} ${info.skill}${mods.length ? ", " + mods.join(", ") : ""}, ${t("wanted.reward")} $${info.reward}`;
}

function card(ctx, face) {
  return wantedCard(face, face ? outlaws(ctx).get(face) : null, { label: cardName(ctx, face) });
}

function header(ctx) {
  const view = ctx.view;
  const items = [pill(t(`wanted.mode.${view.mode}`), "pill-turn")];
  if (view.phase !== "over") items.push(pill(t("wanted.battleN", { n: Math.min(view.battle_number, view.battles), k: view.battles }), "pill-quiet"));
  if (view.mode === "pandillas") items.push(pill(t("wanted.dealN", { n: view.deal, k: view.deals }), "pill-quiet"));
  if (view.replay) items.push(pill(t("wanted.replayStage", { n: view.replay }), "pill-warn"));
  items.push(pill(t("wanted.deck", { n: view.deck_count }), "pill-quiet"));
  return h("div", { class: "wanted-info" }, items);
}

function playerStrip(ctx) {
  const view = ctx.view;
  const waiting = view.phase === "commit";
  return section("wanted-players", t("wanted.players"), view.players.map((seat) => {
    const pile = view.piles[seat];
    const done = view.committed[seat];
    return h("div", { class: ["wanted-seat", seat === ctx.me && "me", ctx.required.includes(seat) && "turn"], "data-key": `seat-${seat}` },
      h("div", { class: "row-head" },
        h("span", { class: "row-name" }, ctx.name(seat)),
        waiting ? pill(done ? `✓ ${t("wanted.chosen")}` : t("wanted.thinking"), done ? "pill-turn" : "pill-quiet") : null),
      h("div", { class: "wanted-seat-line" },
        h("span", {}, t("wanted.held", { n: view.held[seat] })),
        h("span", {}, t("wanted.winners", { n: pile.winners_count })),
        bountyText(view, seat)),
      pile.winners.length ? h("div", { class: "mini-cards" }, pile.winners.map((f) => h("span", { class: "mini" }, card(ctx, f)))) : null);
  }));
}

/** What a seat collects, as the rules count it and its chip says (the server's `bounty`): in Duelo
 * the rival's lost cards, never its own; in Pandillas with the earlier deals' reward. */
function bountyText(view, seat) {
  const bounty = view.bounty?.[seat];
  if (!bounty) return null;
  const text = view.mode === "pandillas" ? t("wanted.bountyDeals", { r: bounty.reward })
    : t("wanted.bounty", { n: bounty.cards, r: bounty.reward });
  return h("span", { class: "bounty", "data-testid": `bounty-${seat}` }, text);
}

function dieEl(ctx, n, key) {
  return h("span", { class: ["die", ctx.mem.rollUntil > Date.now() && "rolling"], "data-key": key }, die(n, t("wanted.die", { n })));
}

function singleBattle(ctx, battle) {
  return h("div", { class: "battle-cards" }, battle.seats.map((e) => {
    const won = battle.winner === e.seat;
    const dest = e.to === "winners" ? t("wanted.toWinners") : e.to === "out" ? t("wanted.toOut") : e.holder === ctx.me && ctx.me != null ? t("wanted.toDownYou") : t("wanted.toDown", { who: ctx.name(e.holder) });
    return h("div", { class: ["battle-entry", won && "won"], "data-testid": `battle-${e.seat}` },
      h("div", { class: "entry-head" }, won ? "★ " : "", ctx.name(e.seat)),
      h("div", { class: ["entry-card", ctx.mem.revealUntil > Date.now() && "reveal"], "data-key": `battle-${e.seat}` }, card(ctx, e.card)),
      h("div", { class: "entry-maths", title: t("wanted.maths") }, `${e.skill} + `, dieEl(ctx, e.die, `die-${e.seat}`),
        e.modifier ? h("span", {}, ` ${e.modifier > 0 ? "+" : "−"}${Math.abs(e.modifier)}`) : null,
        h("strong", {}, ` = ${e.total}`)),
      h("div", { class: "entry-dest" }, dest));
  }));
}

function gangBattle(ctx, battle) {
  const mine = ctx.me;
  return h("div", { class: "gangs" }, battle.gangs.map((g) => {
    const won = battle.winner === g.seat;
    const own = g.seat === mine && !ctx.readOnly;
    return h("div", { class: ["gang", won && "won", !g.contending && "out"], "data-testid": `gang-${g.seat}` },
      h("div", { class: "entry-head" }, won ? "★ " : "", ctx.name(g.seat),
        g.total !== null && g.total !== undefined ? h("strong", {}, ` · ${t("wanted.total", { n: g.total })}`) : null,
        g.modifier ? h("span", {}, ` (${t("wanted.leaderMod", { n: `${g.modifier > 0 ? "+" : "−"}${Math.abs(g.modifier)}` })})`) : null),
      h("div", { class: "gang-cards" }, g.cards.map((c, i) => {
        const lead = { type: "leader", card: c.card };
        const drop = { type: "discard", card: c.card };
        const action = own && ctx.isLegal(lead) ? lead : own && ctx.isLegal(drop) ? drop : null;
        return h("div", { class: ["gang-card", c.leader && "leader", c.my_discard && "dropping"] },
          h("span", { class: ["crown", !c.leader && "crown-none"], "aria-hidden": "true", title: c.leader ? t("wanted.leader") : null },
            c.leader ? ["♛", h("span", { class: "crown-word" }, ` ${t("wanted.leader")}`)] : "\u00a0"),
          cardButton({
            key: `gang-${g.seat}-${i}`, face: c.card, art: card(ctx, c.card), label: cardName(ctx, c.card) + (c.leader ? ` — ${t("wanted.leader")}` : ""),
            legal: Boolean(action), testid: `gang-${g.seat}-${i}`, cls: ctx.mem.revealUntil > Date.now() ? "reveal" : null,
            onTap: action ? () => ctx.act(action) : null,
          }),
          h("div", { class: "entry-maths" }, `${c.skill} + `, dieEl(ctx, c.die, `die-${g.seat}-${i}`)));
      })),
      g.discarded.length ? h("div", { class: "mini-cards" }, h("span", {}, t("wanted.discarded")), g.discarded.map((f) => h("span", { class: "mini" }, card(ctx, f)))) : null);
  }));
}

/** A battle as its event told it, in the view's shape (kept to show after a new deal). */
function fromEvent(ctx, e) {
  const skill = (face) => outlaws(ctx).get(face)?.skill ?? 0;
  if (e.kind === "battle") return { ...e, kind: "single", seats: e.seats.map((x) => ({ ...x, skill: skill(x.card) })) };
  return {
    ...e,
    kind: "gangs",
    gangs: e.gangs.map((g) => ({
      ...g, cards: g.cards.map((face, i) => ({ card: face, skill: skill(face), die: g.dice[i], leader: i === g.leader })),
    })),
  };
}

function battleArea(ctx) {
  const previous = !ctx.view.battle && ctx.mem.lastBattle;
  const battle = ctx.view.battle || ctx.mem.lastBattle;
  if (!battle) return section("wanted-battle empty", t("wanted.battle"), h("p", { class: "muted-light" }, t("wanted.noBattle")));
  const name = previous ? t("wanted.lastBattle", { n: battle.number, deal: battle.round }) : t("wanted.battleTitle", { n: battle.number });
  const title = battle.kind === "single" ? name : `${name} · ${t(`wanted.status.${battle.status}`)}`;
  const result = battle.status && battle.status !== "resolved" ? null
    : battle.winner === null || battle.winner === undefined ? t("wanted.tie") : battle.winner === ctx.me ? t("wanted.youWin") : t("wanted.wins", { who: ctx.name(battle.winner) });
  return section("wanted-battle", t("wanted.battle"),
    h("div", { class: "row-head" }, h("span", { class: "row-name" }, title), result ? pill(result, "pill-turn") : null),
    battle.kind === "single" ? singleBattle(ctx, battle) : gangBattle(ctx, battle));
}

function myHand(ctx) {
  const view = ctx.view;
  if (ctx.me === null || !view.hand) return null;
  const commit = view.my_commit || [];
  const pandillas = view.mode === "pandillas";
  return section("wanted-hand", t("wanted.yourHand"),
    h("div", { class: "row-head" }, h("span", { class: "row-name" }, t("wanted.yourHand")),
      commit.length ? pill(t(pandillas ? "wanted.committedN" : "wanted.committed1", { n: commit.length }), "pill-turn") : null),
    commit.length ? h("div", { class: "mini-cards committed" }, commit.map((f) => h("span", { class: "mini" }, card(ctx, f)))) : null,
    h("div", { class: "wanted-cards" }, view.hand.map((face) => {
      const action = { type: "commit", card: face };
      const legal = !ctx.readOnly && ctx.isLegal(action);
      return cardButton({
        key: `hand-${face}`, face, art: card(ctx, face), label: cardName(ctx, face), legal: legal && picked(ctx) !== face,
        selected: picked(ctx) === face, testid: `card-${face}`,
        cls: legal || ctx.readOnly ? null : "dim-soft",
        onTap: ctx.readOnly ? null : () => pick(ctx, face),
      });
    })));
}

/** The card tapped, not yet sent: a pick is final once sent, so it waits for "Elegir" (or a second
 * tap on it); "Deshacer" or another card changes it. Nothing leaves the page before. */
function picked(ctx) {
  const face = ctx.ui.wantedPick;
  return face && ctx.isLegal({ type: "commit", card: face }) ? face : null;
}

function pick(ctx, face) {
  if (picked(ctx) === face) { confirmPick(ctx); return; }
  if (!ctx.isLegal({ type: "commit", card: face })) { ctx.act({ type: "commit", card: face }); return; } // the server says why
  ctx.ui.wantedPick = face;
  ctx.refresh();
}

function confirmPick(ctx) {
  const face = picked(ctx);
  ctx.ui.wantedPick = null;
  if (face) ctx.act({ type: "commit", card: face });
}

function undoPick(ctx) {
  ctx.ui.wantedPick = null;
  ctx.refresh();
}

function publicHands(ctx) {
  const hands = ctx.view.public_hands;
  if (!hands) return null;
  return section("wanted-public", t("wanted.publicHands"), hands.map((faces, seat) => faces && faces.length ? h("div", { class: "mini-cards" },
    h("span", {}, `${ctx.name(seat)}:`), faces.map((f) => h("span", { class: "mini" }, card(ctx, f)))) : null));
}

function tools(ctx) {
  if (ctx.readOnly) return null;
  const face = picked(ctx);
  return toolBar(
    face ? toolButton(t("wanted.confirmPick", { card: catalogueName("wanted", face) }), () => confirmPick(ctx), { primary: true, testid: "confirm-pick" }) : null,
    face ? toolButton(t("wanted.undoPick"), () => undoPick(ctx), { testid: "undo-pick" }) : null,
    ctx.isLegal({ type: "deal" }) ? toolButton(t("wanted.deal"), () => ctx.act({ type: "deal" }), { primary: true, testid: "deal" }) : null);
}

export default {
  id: "wanted",
  // an outlaw of the rules page's guide, drawn as the table draws it, its figures from the deck
  guideCard: (face, name, deck) => wantedCard(face, face ? deckOutlaws(deck).get(face) : null, { label: name }),
  needsDeck: true,

  render(ctx) {
    return h("div", { class: "wanted" }, header(ctx), playerStrip(ctx), battleArea(ctx), publicHands(ctx), tools(ctx), myHand(ctx));
  },

  prompt(ctx) {
    const view = ctx.view;
    if (ctx.me === null) return null;
    if (!ctx.required.includes(ctx.me)) {
      if (view.phase === "commit" && view.players.includes(ctx.me)) return t("wanted.prompt.waitOthers");
      return null;
    }
    if (view.phase === "commit") {
      if (picked(ctx)) return t("wanted.prompt.confirm");
      if (view.mode === "pandillas") return t("wanted.prompt.commitGang", { k: (view.my_commit || []).length });
      return t("wanted.prompt.commit", { n: view.battle_number });
    }
    if (view.phase === "leader") return t("wanted.prompt.leader");
    if (view.phase === "discard") return t("wanted.prompt.discard");
    if (view.phase === "deal") return t("wanted.prompt.deal");
    return null;
  },

  observe(events, ctx) {
    for (const e of events) if (e.kind === "battle" || e.kind === "gangs") ctx.mem.lastBattle = fromEvent(ctx, e);
    if (events.some((e) => e.kind === "battle" || e.kind === "gangs")) {
      ctx.mem.revealUntil = Date.now() + 900;
      ctx.mem.rollUntil = Date.now() + 700;
      setTimeout(() => ctx.refresh(), 950);
    }
  },

  animations(events, ctx) {
    const out = [];
    for (const e of events) {
      if (e.kind === "commit" && e.seat === ctx.me) for (const f of e.cards) out.push({ from: `hand-${f}`, to: `seat-${e.seat}`, face: null });
    }
    return out;
  },

  ghost(face) {
    return wantedCard(face, null);
  },

  key(event, ctx) {
    if (ctx.readOnly) return false;
    const k = event.key.toLowerCase();
    if (k === "r" && ctx.isLegal({ type: "deal" })) { ctx.act({ type: "deal" }); return true; }
    if (/^[1-9]$/.test(k) && ctx.view.hand) {
      const face = ctx.view.hand[Number(k) - 1];
      if (face) { pick(ctx, face); return true; }
    }
    if (k === "enter" && picked(ctx) && !event.target?.closest?.(".tool")) { confirmPick(ctx); return true; } // a tool's own Enter presses it
    if (k === "escape" && picked(ctx)) { undoPick(ctx); return true; }
    return false;
  },
};
