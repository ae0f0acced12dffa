// Hints at casual tables (table option `hints`, docs/protocol.md "Hints"): everyone at the table
// is told the table gives them; a seat on turn may ask "¿Qué haría el bot?" and reads the answer,
// which the server sends to its socket alone, until the table moves on.

import { h } from "./dom.js";
import { addStrings, t, tx } from "./i18n.js";

addStrings({
  "hints.on": { es: "Mesa con pistas del bot", en: "Table with the bot's hints" },
  "hints.ask": { es: "¿Qué haría el bot?", en: "What would the bot do?" },
  "hints.asking": { es: "El bot está pensando…", en: "The bot is thinking…" },
  "hints.answer": { es: "El bot jugaría", en: "The bot would play" },
});

/** The prompt's part of the hints: the notice, the button (seat on turn), the answer (asker only). */
export function hintsPart({ on, canAsk, asking, answer, ask }) {
  if (!on) return [];
  const parts = [h("span", { class: "hints-on", "data-testid": "hints-on" }, t("hints.on"))];
  if (canAsk) {
    parts.push(h("button", { type: "button", class: "small", "data-testid": "ask-hint", disabled: asking, onclick: ask },
      asking ? t("hints.asking") : t("hints.ask")));
  }
  if (answer) {
    parts.push(h("p", { class: "hint-answer", role: "status", "data-testid": "hint-answer" },
      h("strong", {}, `${t("hints.answer")}: `), tx(answer.text)));
  }
  return parts;
}

/** On the board: the card of the bot's move lit, where the board names its cards ("card-<card>"). */
export function markHint(board, answer) {
  const card = answer?.action?.card;
  if (card === undefined || !board) return;
  board.querySelector(`[data-testid="card-${CSS.escape(String(card))}"]`)?.classList.add("analysis-best");
}
