// "Mis partidas / My games" on the home page: the tables, live and turn-based, where this device's
// player identity sits (GET /api/players/{id}/tables), the ones where it is their turn first.

import * as api from "./api.js";
import { h } from "./dom.js";
import { gameName } from "./games/index.js";
import { addStrings, t } from "./i18n.js";
import * as store from "./store.js";
import { timeWords } from "./timewords.js";
import { errorText } from "./util.js";

addStrings({
  "mine.title": { es: "Mis partidas", en: "My games" },
  "mine.none": { es: "No estás sentado en ninguna mesa ahora mismo.", en: "You are not sitting at any table right now." },
  "mine.yourTurn": { es: "¡Te toca!", en: "Your turn!" },
  "mine.theirTurn": { es: "Turno de {names}", en: "{names} to play" },
  "mine.waiting": { es: "Esperando jugadores", en: "Waiting for players" },
  "mine.live": { es: "En vivo", en: "Live" },
  "mine.turnBased": { es: "Por turnos · {bank} por jugada", en: "Turn-based · {bank} per move" },
  "mine.left": { es: "quedan {time}", en: "{time} left" },
  "mine.with": { es: "con {names}", en: "with {names}" },
  "mine.free": { es: "{n} asientos libres", en: "{n} free seats", es1: "{n} asiento libre", en1: "{n} free seat" },
  "mine.open": { es: "Abrir", en: "Open" },
});

/** A seat by name: a person's, or a bot's with its level ("Carmen (Fácil)"). */
function seatName(seat) {
  if (seat.kind === "bot") return `${seat.name} (${t(`level.${seat.level}`)})`;
  return seat.name || t("seat.n", { n: seat.seat + 1 });
}

function entry(table) {
  const others = table.seats.filter((s) => s.seat !== table.seat && s.taken);
  const free = table.seats.filter((s) => !s.taken).length;
  const theirs = table.waiting_on.filter((s) => s !== table.seat).map((s) => seatName(table.seats[s]));
  const turn = table.status === "waiting" ? h("span", {}, t("mine.waiting"))
    : table.your_turn ? h("strong", { class: "badge badge-turn", "data-testid": "your-turn" }, t("mine.yourTurn"))
      : theirs.length ? h("span", {}, t("mine.theirTurn", { names: theirs.join(", ") })) : null;
  const pace = table.pace === "turn-based"
    ? t("mine.turnBased", { bank: timeWords(table.time_bank_hours * 3600) }) : t("mine.live");
  const left = table.time_left !== null && table.status === "playing" ? t("mine.left", { time: timeWords(table.time_left) }) : null;
  const people = [others.length ? t("mine.with", { names: others.map(seatName).join(", ") }) : null, free ? t("mine.free", { n: free }) : null];
  return h("li", { "data-testid": "my-game", "data-your-turn": String(table.your_turn) },
    h("strong", {}, gameName(table.game)), turn,
    h("span", { class: "muted" }, [pace, left, ...people].filter(Boolean).join(" · ")),
    h("a", { class: "button small", href: `#/table/${table.id}` }, t("mine.open")));
}

/** The section, filled once the list arrives; nothing for a device without an identity. */
export function myGames() {
  const who = store.identity();
  if (!who) return null;
  const list = h("div", { class: "my-games" }, h("p", { class: "muted" }, t("table.loading")));
  api.myTables(who.player_id).then(({ tables }) => {
    // the tables where it is the player's turn first; each group newest first, as the server lists them
    const sorted = [...tables.filter((tb) => tb.your_turn), ...tables.filter((tb) => !tb.your_turn)];
    list.replaceChildren(sorted.length ? h("ul", { class: "table-list", "data-testid": "my-games" }, sorted.map(entry))
      : h("p", { class: "muted", "data-testid": "my-games-none" }, t("mine.none")));
  }).catch((err) => list.replaceChildren(h("p", { class: "error", "data-testid": "my-games-none" }, errorText(err?.error) || t("mine.none"))));
  return h("section", {}, h("h2", {}, t("mine.title")), list);
}
