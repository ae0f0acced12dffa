// The rematch at a finished match: ask for it or decline, see who has answered
// (by name), and follow the table to the new match when it starts.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import * as store from "./store.js";
import { seatLabel } from "./util.js";

/** The rematch message's fields ({accepted, declined, pending} seats), from a state or a rematch message. */
export function rematchOf(message) {
  const found = message?.rematch ?? message?.view?.rematch ?? null;
  return found && typeof found === "object" ? found : null;
}

export function nextMatchOf(message) {
  return message?.next_match ?? message?.view?.next_match ?? null;
}

/** The new match started: keep its seat token and its invitation code (as after creating a
 * table: a seat someone declined is joined with it, also at a private table) and open it. */
export function followRematch(message, me) {
  if (message.token && me !== null && me !== undefined) store.saveSeat(message.match_id, me, message.token);
  if (message.invite_code) store.saveInviteCode(message.match_id, message.invite_code);
  location.hash = `#/table/${encodeURIComponent(message.match_id)}`;
}

/** Who asked for the rematch, who declined and who is still to answer, in names. */
function who(seats, list, me) {
  return (list || []).map((seat) => seatLabel(seats, seat, me, true)).join(", ");
}

/** The rematch part of the end of a match: the buttons for a seat, everyone's answers,
 * or the way to the new match once it started. `send(accept)` answers for our seat. */
export function rematchBlock({ rematch, nextMatch, seats, me, send }) {
  if (nextMatch) {
    const seated = store.seatFor(nextMatch) !== null;
    return h("div", { class: "rematch", "data-testid": "rematch" },
      h("p", {}, t("rematch.started")),
      h("a", { class: "button primary", href: `#/table/${encodeURIComponent(nextMatch)}`, "data-testid": "rematch-go" },
        t(seated ? "rematch.go" : "rematch.watch")));
  }
  const accepted = rematch?.accepted || [];
  const declined = rematch?.declined || [];
  const pending = rematch?.pending || [];
  const lines = [];
  if (accepted.length) lines.push(h("li", {}, t("rematch.accepted", { who: who(seats, accepted, me) })));
  if (pending.length && accepted.length) lines.push(h("li", {}, t("rematch.pending", { who: who(seats, pending, me) })));
  if (declined.length) lines.push(h("li", {}, t("rematch.declined", { who: who(seats, declined, me) })));
  const seated = me !== null && me !== undefined;
  const yes = seated && accepted.includes(me);
  const no = seated && declined.includes(me);
  return h("div", { class: "rematch", "data-testid": "rematch" },
    seated ? h("div", { class: "dialog-buttons" },
      h("button", { type: "button", class: "primary", disabled: yes, onclick: () => send(true), "data-testid": "rematch-yes" }, t("rematch.ask")),
      h("button", { type: "button", disabled: no, onclick: () => send(false), "data-testid": "rematch-no" }, t("rematch.no"))) : null,
    yes ? h("p", { class: "muted" }, t("rematch.youAccepted")) : no ? h("p", { class: "muted" }, t("rematch.youDeclined")) : null,
    lines.length ? h("ul", { class: "rematch-answers", "data-testid": "rematch-answers" }, lines) : null);
}
