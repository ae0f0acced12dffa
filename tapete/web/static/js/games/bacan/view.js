// Bacan: rows of face-down cards, the deck, the live discard and mirrors.

import { bacanCard } from "./art.js";
import { h } from "../../dom.js";
import { cardName } from "../../faces.js";
import { t } from "../../i18n.js";
import { cardButton, clearFlashes, flash, flashed, pill, section, toolBar, toolButton } from "../common.js";

const TOOLS = ["secret", "spy", "exchange", "plus_one"];

/** A card's name as the server's catalogue says it (the log's words); face down when unknown. */
export function faceName(face) {
  return face ? cardName("bacan", face) : t("bacan.faceDown");
}

function holdingMe(ctx) {
  return ctx.me !== null && ctx.view.holding === ctx.me;
}

function availableTools(ctx) {
  const out = [];
  for (const tool of TOOLS) if (ctx.find({ type: tool }).length) out.push(tool);
  if (ctx.find({ type: "row_joker" }).length) out.push("row_joker");
  if (mayMirror(ctx)) out.push("mirror");
  return out;
}

/** A mirror (of one's own row, or a steal from another's) is in the server's legal list now. */
function mayMirror(ctx) {
  return ctx.find({ type: "mirror" }).length > 0 || ctx.find({ type: "mirror_other" }).length > 0;
}

function rankOf(face) {
  return face === "comodin" ? face : face.split("-")[1];
}

/** Tag an own card as matching the live discard only when the player can know it: the assisted
 * memory shows the face (classic memory is the game: the player remembers or not). Same rank is a
 * sure match under either mirror rule; the server still decides. */
function knownMatch(ctx, row, slot) {
  const view = ctx.view;
  const face = row.cards[slot];
  return view.memory === "assisted" && view.window && !!face && !!view.discard_top && rankOf(face) === rankOf(view.discard_top);
}

function currentTool(ctx) {
  const tool = ctx.ui.tool;
  if (tool && availableTools(ctx).includes(tool)) return tool;
  ctx.ui.tool = null;
  return null;
}

/** What a tap on slot `slot` of `seat` means now (the server explains if it is not legal). */
function slotAction(ctx, seat, slot) {
  const view = ctx.view;
  const me = ctx.me;
  const tool = currentTool(ctx);
  const phase = view.phase;
  if (phase === "give") return seat === me ? { type: "give", slot } : null;
  if (phase === "exchange") return { type: "exchange", seat, slot };
  if (phase === "drawn" && holdingMe(ctx)) {
    if (tool === "secret") return seat === me ? { type: "secret", slot } : null;
    if (tool === "spy") return seat !== me ? { type: "spy", seat, slot } : null;
    if (tool === "exchange") return { type: "exchange", seat, slot };
    if (tool === "plus_one") return seat !== me ? { type: "plus_one", seat } : null;
    return seat === me ? { type: "swap", slot } : null;
  }
  if (tool === "row_joker" && seat === me) return { type: "row_joker", slot };
  // a mirror only after the ¡Espejo! control: a bare tap never risks a penalty card
  if (tool === "mirror") return seat === me ? { type: "mirror", slot } : { type: "mirror_other", seat, slot };
  return null;
}

function tapSlot(ctx, seat, slot) {
  const view = ctx.view;
  if (view.phase === "peek" && seat === ctx.me) {
    const chosen = (ctx.ui.peek ||= new Set());
    if (chosen.has(slot)) chosen.delete(slot);
    else chosen.add(slot);
    if (chosen.size === view.peek_count) {
      ctx.act({ type: "peek", slots: [...chosen].sort((a, b) => a - b) });
      ctx.ui.peek = new Set();
    }
    ctx.refresh();
    return;
  }
  const action = slotAction(ctx, seat, slot);
  if (action) {
    ctx.act(action);
    ctx.ui.tool = null;
  } else {
    ctx.hint?.(view.window && mayMirror(ctx) && currentTool(ctx) !== "mirror" ? t("bacan.mirrorFirst") : t("bacan.pickOther"));
  }
}

function slotFace(ctx, row, slot) {
  return row.cards[slot] || flashed(ctx, `${row.seat}-${slot}`);
}

function slotButton(ctx, row, slot, big) {
  const view = ctx.view;
  const face = slotFace(ctx, row, slot);
  const action = ctx.readOnly ? null : slotAction(ctx, row.seat, slot);
  const legal = action && ctx.isLegal(action);
  const mirror = legal && action.type === "mirror";
  const steal = legal && action.type === "mirror_other";
  const match = big && knownMatch(ctx, row, slot);
  const peeking = view.phase === "peek" && row.seat === ctx.me;
  const chosen = peeking && ctx.ui.peek?.has(slot);
  const isHole = view.hole && view.hole[0] === row.seat && view.hole[1] === slot;
  const exchangeFirst = view.exchange_first && view.exchange_first[0] === row.seat && view.exchange_first[1] === slot;
  const name = `${t("bacan.slot", { n: slot + 1 })}: ${faceName(face)}`;
  const label = mirror ? `${name} — ${t("bacan.mirrorThis")}` : steal ? `${name} — ${t("bacan.stealThis")}` : name;
  return h("div", { class: ["slot", big && "slot-big"] },
    cardButton({
      key: `slot-${row.seat}-${slot}`,
      face: face || "",
      art: isHole ? h("div", { class: "hole" }) : bacanCard(face),
      label,
      legal: (legal && !steal) || (peeking && !ctx.readOnly),
      live: match,
      cls: steal ? "steal" : null,
      selected: chosen || exchangeFirst,
      onTap: ctx.readOnly ? null : () => tapSlot(ctx, row.seat, slot),
    }),
    h("span", { class: "slot-num", "aria-hidden": "true" }, String(slot + 1)),
    match ? h("span", { class: "mirror-tag", "aria-hidden": "true" }, t("bacan.mirror")) : null);
}

function rowBlock(ctx, row, big) {
  const view = ctx.view;
  const seat = row.seat;
  const last = view.last_round && view.revealed ? view.last_round : null;
  const plusOne = ctx.ui.tool === "plus_one" && seat !== ctx.me;
  const head = h("div", { class: "row-head" },
    h("span", { class: "row-name" }, big ? t("bacan.yourCards") : ctx.name(seat)),
    h("span", { class: "row-score" }, t("bacan.points", { n: view.scores[seat] })),
    row.penalty_points ? pill(t("bacan.penalty", { n: row.penalty_points }), "pill-warn") : null,
    view.turn === seat ? pill(`▶ ${t("badge.turn")}`, "pill-turn") : null,
    view.dealer === seat ? pill(t("bacan.dealer"), "pill-quiet") : null,
    !row.in_play ? pill(t("bacan.out"), "pill-out") : null,
    last && last.totals[seat] !== null ? pill(`= ${last.totals[seat]} → ${last.deltas[seat] >= 0 ? "+" : ""}${last.deltas[seat]}`, "pill-quiet") : null,
    plusOne ? h("button", { type: "button", class: "tool primary", "data-testid": `plus-one-${seat}`, onclick: () => { ctx.act({ type: "plus_one", seat }); ctx.ui.tool = null; } }, t("bacan.givePlusOne")) : null);
  const cards = row.cards.map((_, slot) => slotButton(ctx, row, slot, big));
  return h("div", {
    class: ["bacan-row", big ? "mine" : "opp", view.turn === seat && "turn", !row.in_play && "out"],
    "data-seat": seat,
  }, head, h("div", { class: "slots", style: { "--n": Math.max(4, row.size) } }, cards.length ? cards : h("span", { class: "muted" }, t("bacan.emptyRow"))));
}

function centre(ctx) {
  const view = ctx.view;
  const me = ctx.me;
  const drawDeck = { type: "draw", source: "deck" };
  const drawDiscard = { type: "draw", source: "discard" };
  const deckLegal = ctx.isLegal(drawDeck);
  const discardAction = holdingMe(ctx) && view.phase === "drawn" ? { type: "discard" } : drawDiscard;
  const discardLegal = ctx.isLegal(discardAction);
  const top = view.discard_top;
  const heldFace = view.held;
  const deck = h("div", { class: "pile" },
    cardButton({
      key: "deck", face: "", art: bacanCard(null), label: t("bacan.deckLabel", { n: view.deck }),
      legal: deckLegal, testid: "deck",
      onTap: ctx.readOnly ? null : () => ctx.act(drawDeck),
    }),
    h("span", { class: "pile-label" }, t("bacan.deck", { n: view.deck })));
  const discard = h("div", { class: ["pile", view.window && "window-open"] },
    top ? cardButton({
      key: "discard", face: top, art: bacanCard(top, { spent: view.discard_top_spent }),
      label: `${t("bacan.discardLabel", { n: view.discard })}: ${faceName(top)}`,
      legal: discardLegal, live: view.window, testid: "discard",
      onTap: ctx.readOnly ? null : () => ctx.act(discardAction),
    }) : h("div", { class: "card-btn empty-pile", "data-key": "discard", "data-testid": "discard" }, t("bacan.emptyPile")),
    h("span", { class: "pile-label" }, view.window ? t("bacan.live") : t("bacan.discard", { n: view.discard })),
    view.discard_top_spent ? pill(t("bacan.spent"), "pill-quiet") : null);
  const held = view.holding !== null
    ? h("div", { class: "pile held" },
      cardButton({
        key: "held", face: heldFace || "", art: bacanCard(heldFace), label: `${t("bacan.heldBy", { who: ctx.name(view.holding) })}: ${faceName(heldFace)}`,
        testid: "held", cls: "held-card",
      }),
      h("span", { class: "pile-label" }, view.holding === me ? t("bacan.youHold") : t("bacan.heldBy", { who: ctx.name(view.holding) })))
    : h("div", { class: "pile held placeholder", "data-key": "held" });
  return section("bacan-centre", t("bacan.centre"), deck, discard, held);
}

function tools(ctx) {
  if (ctx.readOnly) return null;
  const view = ctx.view;
  const me = ctx.me;
  const required = ctx.required.includes(me);
  const buttons = [];
  if (view.phase === "deal" && required) {
    buttons.push(h("span", { class: "tool-label" }, t("bacan.chooseN")));
    for (const entry of ctx.find({ type: "peek_count" })) {
      buttons.push(toolButton(String(entry.action.count), () => ctx.act(entry.action), { testid: `peek-count-${entry.action.count}`, primary: entry.action.count === 2 }));
    }
  } else if (view.phase === "peek" && required) {
    const options = ctx.find({ type: "peek" });
    if (options.length === 1) buttons.push(toolButton(t("bacan.peekGo"), () => ctx.act(options[0].action), { primary: true, testid: "peek-go" }));
    else buttons.push(h("span", { class: "tool-label" }, t("bacan.peekChoose", { n: view.peek_count, k: ctx.ui.peek?.size || 0 })));
  } else if (view.phase === "turn" && view.turn === me) {
    const tool = currentTool(ctx);
    buttons.push(toolButton(t("bacan.drawDeck"), () => ctx.act({ type: "draw", source: "deck" }), { primary: true, testid: "draw-deck", disabled: !ctx.isLegal({ type: "draw", source: "deck" }) }));
    if (ctx.isLegal({ type: "draw", source: "discard" })) buttons.push(toolButton(t("bacan.drawDiscard"), () => ctx.act({ type: "draw", source: "discard" }), { testid: "draw-discard" }));
    if (ctx.isLegal({ type: "call_bacan" })) buttons.push(toolButton(t("bacan.call"), () => ctx.act({ type: "call_bacan" }), { testid: "call-bacan", cls: "bacan-call" }));
    if (ctx.find({ type: "row_joker" }).length) {
      buttons.push(toolButton(t("bacan.rowJoker"), () => { ctx.ui.tool = tool === "row_joker" ? null : "row_joker"; ctx.refresh(); }, { active: tool === "row_joker", testid: "tool-row_joker" }));
    }
  } else if (view.phase === "drawn" && holdingMe(ctx)) {
    const tool = currentTool(ctx);
    if (ctx.isLegal({ type: "discard" })) buttons.push(toolButton(t("bacan.discardHeld"), () => ctx.act({ type: "discard" }), { testid: "discard-held" }));
    for (const name of availableTools(ctx).filter((x) => x !== "row_joker" && x !== "mirror")) {
      buttons.push(toolButton(t(`bacan.tool.${name}`), () => { ctx.ui.tool = tool === name ? null : name; ctx.refresh(); },
        { active: tool === name, testid: `tool-${name}`, short: t(`bacan.toolShort.${name}`) }));
    }
  }
  if (mayMirror(ctx)) {
    const choosing = currentTool(ctx) === "mirror";
    buttons.push(toolButton(choosing ? t("bacan.mirrorCancel") : t("bacan.mirrorGo"), () => { ctx.ui.tool = choosing ? null : "mirror"; ctx.refresh(); },
      { active: choosing, testid: "mirror-go", cls: "bacan-mirror" }));
  }
  return toolBar(buttons);
}

export default {
  id: "bacan",
  // a card of the rules page's guide, drawn as the table draws it
  guideCard: (face, name) => bacanCard(face, { label: name }),

  render(ctx) {
    const view = ctx.view;
    const rows = view.rows;
    const mine = ctx.me === null ? null : rows[ctx.me];
    const others = rows.filter((row) => row.seat !== ctx.me);
    // Opponents in turn order starting after me, so the table reads around.
    if (ctx.me !== null) others.sort((a, b) => ((a.seat - ctx.me + rows.length) % rows.length) - ((b.seat - ctx.me + rows.length) % rows.length));
    return h("div", { class: ["bacan", ctx.ui.tool && `tool-${ctx.ui.tool}`] },
      section(`bacan-opponents n${others.length}`, t("bacan.opponents"), others.map((row) => rowBlock(ctx, row, false))),
      centre(ctx),
      tools(ctx),
      mine ? section("bacan-mine", t("bacan.yourCards"), rowBlock(ctx, mine, true)) : null);
  },

  prompt(ctx) {
    const view = ctx.view;
    const me = ctx.me;
    if (me === null) return null;
    if (currentTool(ctx) === "mirror") return t("bacan.prompt.tool.mirror");
    if (ctx.required.includes(me)) {
      if (view.phase === "deal") return t("bacan.prompt.deal");
      if (view.phase === "peek") return view.peek_count === 0 || view.peek_count === 4 ? t("bacan.prompt.peekAll") : t("bacan.prompt.peek", { n: view.peek_count });
      if (view.phase === "turn") return view.window ? t("bacan.prompt.turnWindow") : t("bacan.prompt.turn");
      if (view.phase === "drawn") {
        const tool = ctx.ui.tool;
        if (tool) return t(`bacan.prompt.tool.${tool}`);
        return view.held_source === "deck" ? t("bacan.prompt.drawn", { card: faceName(view.held) }) : t("bacan.prompt.drawnDiscard", { card: faceName(view.held) });
      }
      if (view.phase === "exchange") return t("bacan.prompt.exchange");
      if (view.phase === "give") return t("bacan.prompt.give", { who: ctx.name(view.hole?.[0]) });
    }
    if (mayMirror(ctx)) return t("bacan.prompt.window", { card: faceName(view.discard_top) });
    return null;
  },

  observe(events, ctx) {
    const me = ctx.me;
    const classic = ctx.view.memory === "classic";
    if (ctx.view.phase !== "peek") ctx.ui.peek = new Set();
    for (const e of events) {
      if (e.kind === "drawn" || (e.kind === "draw" && e.card)) ctx.mem.held = e.card;
      if (e.kind === "swap") {
        // the slot holds another card now: what was shown there is stale
        clearFlashes(ctx, `${e.seat}-${e.slot}`);
        if (e.seat === me && classic && ctx.mem.held) flash(ctx, `${me}-${e.slot}`, ctx.mem.held, 2500);
      }
      if (e.kind === "give" || (e.kind === "row_joker" && e.ok)) {
        clearFlashes(ctx, `${e.seat}-`);
        if (e.target !== undefined) clearFlashes(ctx, `${e.target}-`);
      }
      if (e.kind === "peek" && classic) e.slots.forEach((slot, i) => flash(ctx, `${me}-${slot}`, e.cards[i], 4000));
      else if (e.kind === "look" && classic) flash(ctx, `${e.target}-${e.slot}`, e.card, 3500);
      else if (e.kind === "mirror" && !e.ok) flash(ctx, `${e.target}-${e.slot}`, e.card, 2500);
      else if (e.kind === "mirror" && e.ok) clearFlashes(ctx, `${e.target}-`);
      else if (e.kind === "row_joker" && !e.ok) flash(ctx, `${e.seat}-${e.slot}`, e.card, 2500);
      else if (e.kind === "deal") clearFlashes(ctx, "");
      else if (e.kind === "power" && e.power === "exchange") {
        clearFlashes(ctx, `${e.target}-${e.slot}`);
        clearFlashes(ctx, `${e.target2}-${e.slot2}`);
      }
    }
  },

  animations(events, ctx) {
    const out = [];
    const rows = ctx.view.rows;
    for (const e of events) {
      if (e.kind === "draw") out.push({ from: e.source === "deck" ? "deck" : "discard", to: "held", face: e.card || null });
      else if (e.kind === "discard") out.push({ from: "held", to: "discard", face: e.card });
      else if (e.kind === "swap") {
        out.push({ from: `slot-${e.seat}-${e.slot}`, to: "discard", face: e.card });
        out.push({ from: "held", to: `slot-${e.seat}-${e.slot}`, face: null });
      } else if (e.kind === "mirror" && e.ok) out.push({ from: `slot-${e.target}-${e.slot}`, to: "discard", face: e.card });
      else if (e.kind === "mirror" && e.penalty_slot !== null && e.penalty_slot !== undefined) out.push({ from: "deck", to: `slot-${e.seat}-${e.penalty_slot}`, face: null });
      else if (e.kind === "give") out.push({ from: `slot-${e.seat}-${e.slot}`, to: `slot-${e.target}-${e.to_slot}`, face: null });
      else if (e.kind === "power" && e.power === "plus_one") out.push({ from: "deck", to: `slot-${e.target}-${rows[e.target].size - 1}`, face: null });
      else if (e.kind === "power" && e.power === "exchange") {
        out.push({ from: `slot-${e.target}-${e.slot}`, to: `slot-${e.target2}-${e.slot2}`, face: null });
        out.push({ from: `slot-${e.target2}-${e.slot2}`, to: `slot-${e.target}-${e.slot}`, face: null });
      } else if (e.kind === "row_joker" && e.ok) out.push({ from: `slot-${e.seat}-${e.slot}`, to: "held", face: "comodin" });
    }
    return out;
  },

  /** Mirrors are reactions: the server applies them at once; any other move waits out a window. */
  isReaction(action) {
    return action.type === "mirror" || action.type === "mirror_other";
  },

  ghost(face) {
    return bacanCard(face);
  },

  key(event, ctx) {
    if (ctx.readOnly) return false;
    const k = event.key.toLowerCase();
    if (k === "d") { ctx.act({ type: "draw", source: "deck" }); return true; }
    if (k === "b" && ctx.isLegal({ type: "call_bacan" })) { ctx.act({ type: "call_bacan" }); return true; }
    if (k === "e" && mayMirror(ctx)) { ctx.ui.tool = currentTool(ctx) === "mirror" ? null : "mirror"; ctx.refresh(); return true; }
    if (/^[1-8]$/.test(k) && ctx.me !== null) {
      const slot = Number(k) - 1;
      if (slot < ctx.view.rows[ctx.me].size) { tapSlot(ctx, ctx.me, slot); return true; }
    }
    return false;
  },
};
