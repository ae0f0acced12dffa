// The lobby: the home page (games, join by code, open tables, recent tables),
// the new-table form (options and seats) and joining by link (the rules page: rules.js).

import * as api from "./api.js";
import { h } from "./dom.js";
import { topBar } from "./frame.js";
import { gameIds, gameName, loadView } from "./games/index.js";
import { t, tx } from "./i18n.js";
import { withIdentity } from "./identity.js";
import { LIMITS } from "./protocol.js";
import * as store from "./store.js";
import { errorText } from "./util.js";
import { when } from "./profile.js";
import { optionShown, optionValue } from "./options.js";

function page(title, ...children) {
  return [topBar(title), h("main", { class: "page" }, ...children)];
}

function nameField() {
  return h("label", { class: "field" }, h("span", {}, t("home.yourName")),
    h("input", {
      type: "text", maxlength: LIMITS.nameInput, value: store.playerName(), placeholder: t("home.namePlaceholder"),
      autocomplete: "nickname", "data-testid": "player-name",
      oninput: (e) => { e.target.removeAttribute("aria-invalid"); store.savePlayerName(e.target.value.trim()); },
    }));
}

/** A refusal in words. A name another player holds (or one that reads like it) is marked where it
 * was typed, with the ways on: picking another name, and signing in when a password protects it. */
function refusal(error) {
  const words = [errorText(error)];
  if (error?.code !== "name_taken") return words;
  const field = document.querySelector("[data-testid=player-name]");
  field?.setAttribute("aria-invalid", "true");
  if (error.sign_in) words.push(" ", h("a", { href: "#/profile", "data-testid": "sign-in-instead" }, t("name.signIn")));
  if (field) {
    words.push(" ", h("button", { type: "button", class: "small", "data-testid": "pick-another",
      onclick: () => { field.focus(); field.select(); } }, t("name.pickAnother")));
  }
  return words;
}

function playersText(game, allowed = null) {
  const gaps = allowed && allowed.length > 1 && allowed[allowed.length - 1] - allowed[0] + 1 !== allowed.length;
  if (gaps) return t("home.playersList", { list: allowed.slice(0, -1).join(", "), last: allowed[allowed.length - 1] });
  return game.min_players === game.max_players
    ? t("home.players", { n: game.min_players })
    : t("home.playersRange", { min: game.min_players, max: game.max_players });
}

/** Player counts the chosen options allow, asked of the server (Buracco: 2 or 4; WANTED: by mode). */
async function refreshAllowed(form, game, redraw) {
  try {
    const { allowed } = await api.allowedPlayers(game.id, form.options);
    if (JSON.stringify(allowed) === JSON.stringify(form.allowed)) return;
    form.allowed = allowed;
    if (!allowed.includes(form.players)) form.players = allowed.includes(game.default_players) ? game.default_players : allowed[0];
    redraw();
  } catch {
    /* an option value the server refuses: creating the table will say which */
  }
}

// -- home ---------------------------------------------------------------------------------
/** "A, B and C" in the page's language. */
function namesList(names) {
  return names.length < 2 ? names.join("") : t("list.and", { most: names.slice(0, -1).join(", "), last: names.at(-1) });
}

// My games (only with an identity)
function myGamesSlot() {
  const slot = store.identity() ? h("div") : null;
  if (slot) import("./mygames.js").then((m) => slot.replaceWith(m.myGames()));
  return slot;
}

export async function renderHome(root) {
  const gamesBox = h("div", { class: "game-grid" }, h("p", { class: "muted" }, t("table.loading")));
  const tablesBox = h("div", { class: "open-tables" });
  const codeInput = h("input", { type: "text", maxlength: 12, placeholder: "ABCD2345", "aria-label": t("home.code"), "data-testid": "join-code", autocapitalize: "characters" });
  const joinForm = h("form", { class: "join-form", onsubmit: (e) => { e.preventDefault(); const code = codeInput.value.trim().toUpperCase(); if (code) location.hash = `#/join/${code}`; } },
    codeInput, h("button", { type: "submit" }, t("home.join")));
  const recent = store.recentTables();
  root.replaceChildren(...page(t("home.bar"),
    h("section", { class: "hero" },
      h("h1", {}, "tapete"),
      h("p", { class: "tagline" }, t("home.tagline", { games: namesList(gameIds().map(gameName)) })),
      h("nav", { class: "home-links", "aria-label": t("home.more") },
        h("a", { class: "button", href: "#/me", "data-testid": "my-profile" }, t("profile.title")),
        h("a", { class: "button", href: "#/ratings", "data-testid": "leaderboards" }, t("ratings.title")),
        h("a", { class: "button", href: "#/tournaments", "data-testid": "tournaments-link" }, t("tour.title")))),
    h("section", { class: "home-me card-panel" }, nameField(), h("div", { class: "field" }, h("span", {}, t("home.code")), joinForm)),
    myGamesSlot(),
    h("h2", {}, t("home.chooseGame")),
    gamesBox,
    h("h2", {}, t("home.openTables")),
    tablesBox,
    recent.length ? h("section", {}, h("h2", {}, t("home.recent")),
      h("ul", { class: "recent" }, recent.map((r) => h("li", {},
        h("a", { href: `#/table/${r.id}` }, `${gameName(r.game)} · ${when(r.at / 1000)}`), " ",
        h("span", { class: "muted" }, r.role === "watch" ? t("home.watching") : t("home.playing")), " ",
        h("a", { href: `#/replay/${r.id}`, class: "muted" }, t("summary.replay")))))) : null));
  try {
    const data = await api.games();
    gamesBox.replaceChildren(...data.games.map((game) => {
      const id = game.id;
      const players = h("p", { class: "muted" }, playersText(game));
      api.allowedPlayers(id, {}).then(({ allowed }) => { players.textContent = playersText(game, allowed); }).catch(() => {});
      return h("article", { class: `game-card game-card-${id}`, "data-game": id },
        h("h3", {}, tx(game.name)),
        players,
        h("p", {}, t(`pitch.${id}`)),
        h("div", { class: "game-card-buttons" },
          h("a", { class: "button primary", href: `#/new/${id}`, "data-testid": `new-${id}` }, t("home.play")),
          h("a", { class: "button", href: `#/rules/${id}` }, t("home.rules"))));
    }));
  } catch (err) {
    gamesBox.replaceChildren(h("p", { class: "error" }, errorText(err.error)));
  }
  try {
    const { tables } = await api.openTables();
    tablesBox.replaceChildren(tables.length ? h("ul", { class: "table-list" }, tables.map((tb) => h("li", {},
      h("strong", {}, gameName(tb.game)), " · ", t(`status.${tb.status}`), " · ",
      t("home.seatsFree", { n: tb.seats.filter((s) => s.kind === "human" && !s.taken).length }), " · ",
      // who sits there: two tables of one game are told apart by their people
      h("span", { "data-testid": "table-people" }, t("home.sitting", { names: tb.seats.filter((s) => s.name && (s.kind !== "human" || s.taken)).map((s) => s.name).join(", ") || "—" })), " ",
      h("a", { class: "button small", href: `#/table/${tb.id}` }, t("home.watch")),
      tb.invite_code && tb.status === "waiting" && tb.seats.some((s) => s.kind === "human" && !s.taken)
        ? h("a", { class: "button small", href: `#/join/${tb.invite_code}` }, t("home.sit")) : null)))
      : h("p", { class: "muted" }, t("home.noTables")));
  } catch (err) {
    tablesBox.replaceChildren(h("p", { class: "error" }, errorText(err.error)));
  }
}

// -- a new table ----------------------------------------------------------------------------
function optionInput(option, value, onChange, prefix, words = null) {
  const id = `${prefix}-${option.key}`;
  const label = tx(option.label);
  const help = tx(option.help);
  // a value typed as figures (Boon's payout table) said in words beside it, as the table will say it
  const said = words ? h("small", { class: "option-words", "data-testid": `words-${option.key}` }, words(value) ?? "") : null;
  const typed = (v) => { onChange(v); if (said) said.textContent = words(v) ?? ""; };
  let input;
  if (option.type === "bool") {
    input = h("input", { type: "checkbox", id, checked: Boolean(value), onchange: (e) => onChange(e.target.checked), "data-option": option.key });
    return h("div", { class: "field field-check" }, input, h("label", { for: id }, label), help ? h("small", {}, help) : null);
  }
  if (option.choices) {
    input = h("select", { id, onchange: (e) => onChange(option.type === "int" ? Number(e.target.value) : e.target.value), "data-option": option.key },
      option.choices.map((choice) => h("option", { value: String(choice), selected: choice === value, title: option.levels ? t(`bot.${choice}`) : null },
        option.levels ? t(`level.${choice}`) : optionValue(option.key, choice, option))));
  } else if (option.type === "int") {
    input = h("input", { id, type: "number", value: String(value), min: option.min ?? undefined, max: option.max ?? undefined, "data-option": option.key, oninput: (e) => typed(Number(e.target.value)) });
  } else {
    input = h("input", { id, type: "text", value: String(value), "data-option": option.key, oninput: (e) => typed(e.target.value) });
  }
  return h("div", { class: "field" }, h("label", { for: id }, label), input, said, help ? h("small", {}, help) : null);
}

export async function renderNewTable(root, gameId) {
  let data;
  try {
    data = await api.games();
  } catch (err) {
    root.replaceChildren(...page(t("new.title"), h("p", { class: "error" }, errorText(err.error))));
    return;
  }
  const game = data.games.find((g) => g.id === gameId);
  if (!game) {
    root.replaceChildren(...page(t("new.title"), h("p", { class: "error" }, t("new.unknownGame")), h("a", { class: "button", href: "#/" }, t("nav.backHome"))));
    return;
  }
  const view = await loadView(gameId); // its words for option values (optionText), where it has them
  const redraw = root.__newTable?.game === gameId;
  const form = redraw ? root.__newTable : {
    game: gameId,
    players: game.default_players,
    options: Object.fromEntries(game.options.map((o) => [o.key, o.default])),
    tableOptions: Object.fromEntries(data.table_options.map((o) => [o.key, o.default])),
    seats: Array.from({ length: game.max_players }, (_, i) => (i === 0 ? { type: "me" } : { type: "bot", level: "heuristic" })),
    public: true,
  };
  root.__newTable = form;
  const draw = () => renderNewTable(root, gameId);
  const levels = game.bot_levels || data.bot_levels; // the bot levels this game offers
  // the table options that apply to this game with the chosen options (its `table_options_off`)
  const off = game.client?.table_options_off || {};
  const applies = (key) => !off[key] || !Object.entries(off[key]).every(([opt, values]) => values.includes(form.options[opt]));
  // the game's options that matter with the others' values (an option's `only_when`: WANTED's deals in Pandillas)
  const shownOptions = game.options.filter((o) => optionShown(o, form.options));
  if (!form.allowed) refreshAllowed(form, game, draw);
  const error = h("p", { class: "error", role: "alert", "data-testid": "form-error" });
  const seatRows = form.seats.slice(0, form.players).map((seat, i) => {
    if (i === 0) return h("li", { class: "seat-row" }, h("span", {}, t("seat.place", { n: 1 })), h("strong", {}, t("new.you")));
    const typeSelect = h("select", {
      "aria-label": t("new.seatType", { n: i }), "data-seat-type": i,
      onchange: (e) => { seat.type = e.target.value; draw(); },
    }, h("option", { value: "human", selected: seat.type === "human" }, t("new.friend")),
    h("option", { value: "bot", selected: seat.type === "bot" }, t("new.bot")));
    const level = seat.type === "bot" ? h("select", {
      "aria-label": t("new.botLevel", { n: i }), "data-seat-level": i,
      onchange: (e) => { seat.level = e.target.value; },
    }, levels.map((lv) => h("option", { value: lv, selected: lv === seat.level, title: t(`bot.${lv}`) }, t(`level.${lv}`)))) : h("span", { class: "muted" }, t("new.friendHint"));
    return h("li", { class: "seat-row" }, h("span", {}, t("seat.place", { n: i + 1 })), typeSelect, level);
  });
  const players = form.allowed || [];
  if (!form.allowed) for (let n = game.min_players; n <= game.max_players; n++) players.push(n);
  const create = async (event) => {
    event.preventDefault();
    const button = event.submitter || event.target.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    const body = {
      game: gameId,
      options: form.options,
      seats: form.seats.slice(0, form.players).map((seat, i) => (i === 0 || seat.type !== "bot" ? { type: "human" } : { type: "bot", level: seat.level })),
      table_options: form.tableOptions,
      public: form.public,
      join: true,
      name: store.playerName() || null,
    };
    try {
      const made = await withIdentity(body.name, () => api.createTable(body));
      store.saveSeat(made.table.id, made.seat, made.token);
      store.saveInviteCode(made.table.id, made.invite_code);
      store.rememberTable(made.table.id, gameId, "play");
      location.hash = `#/table/${made.table.id}`;
    } catch (err) {
      error.replaceChildren(...refusal(err.error));
      if (button) button.disabled = false;
    }
  };
  // Read the panel's state off the page: its toggle event may not have fired yet.
  const shown = root.querySelector("form.new-table details");
  if (shown && redraw) form.tableOptionsOpen = shown.open;
  root.replaceChildren(...page(t("new.title"),
    h("h1", {}, tx(game.name)),
    h("section", { class: "card-panel rules-summary", "data-testid": "rules-summary" },
      h("h2", {}, t("new.inShort")),
      h("ul", {}, t(`summary.${gameId}`).split("\n").map((line) => h("li", {}, line))),
      h("a", { href: `#/rules/${gameId}` }, t("new.fullRules"))),
    h("form", { class: "card-panel new-table", onsubmit: create, "data-testid": "new-table" },
      nameField(),
      h("div", { class: "field" }, h("label", { for: "players" }, t("new.players")),
        h("select", { id: "players", "data-testid": "players", onchange: (e) => { form.players = Number(e.target.value); draw(); } },
          players.map((n) => h("option", { value: String(n), selected: n === form.players }, String(n))))),
      h("fieldset", {}, h("legend", {}, t("new.seats")), h("ul", { class: "seat-rows" }, seatRows)),
      shownOptions.length ? h("fieldset", {}, h("legend", {}, t("new.options")),
        shownOptions.map((o) => optionInput(o, form.options[o.key], (v) => {
          form.options[o.key] = v;
          refreshAllowed(form, game, draw);
          // a table option, or another game option, may come or go
          if (Object.values(off).some((where) => o.key in where) || game.options.some((g) => g.only_when && o.key in g.only_when)) draw();
        }, "opt", view.optionText?.(o.key, form.options[o.key]) !== undefined ? (v) => view.optionText(o.key, v) : null))) : null,
      // The form is redrawn when the allowed player counts arrive; keep the panel as the user left it.
      h("details", { open: form.tableOptionsOpen }, h("summary", {}, t("new.tableOptions")),
        data.table_options.filter((o) => applies(o.key) && optionShown(o, form.tableOptions)).map((o) => {
          // the stand-in's choices are the bot levels, each by its one name (the algorithm as a tooltip)
          const opt = o.key === "stand_in" ? { ...o, choices: levels, levels: true } : o;
          return optionInput(opt, form.tableOptions[o.key], (v) => {
            form.tableOptions[o.key] = v;
            if (data.table_options.some((g) => g.only_when && o.key in g.only_when)) draw();
          }, "topt");
        }),
        h("div", { class: "field field-check" },
          h("input", { type: "checkbox", id: "public", checked: form.public, onchange: (e) => { form.public = e.target.checked; } }),
          h("label", { for: "public" }, t("new.public")))),
      error,
      h("button", { type: "submit", class: "primary big", "data-testid": "create" }, t("new.create")))));
}

// -- joining by code ----------------------------------------------------------------------------
export function renderJoin(root, code) {
  const error = h("p", { class: "error", role: "alert", "data-testid": "form-error" });
  const join = async (event) => {
    event.preventDefault();
    try {
      const joined = await withIdentity(store.playerName(), () => api.joinTable(code, store.playerName()));
      store.saveSeat(joined.table.id, joined.seat, joined.token);
      store.saveInviteCode(joined.table.id, code);
      store.rememberTable(joined.table.id, joined.table.game, "play");
      location.hash = `#/table/${joined.table.id}`;
    } catch (err) {
      error.replaceChildren(...refusal(err.error));
    }
  };
  root.replaceChildren(...page(t("join.title"),
    h("form", { class: "card-panel join", onsubmit: join, "data-testid": "join-form" },
      h("h1", {}, t("join.title")),
      h("p", {}, t("join.code"), " ", h("strong", { class: "invite-code" }, code)),
      nameField(),
      error,
      h("button", { type: "submit", class: "primary big", "data-testid": "join" }, t("join.sit")))));
}
