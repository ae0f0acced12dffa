// A live table: one socket (a seat's, or a spectator's), the board of its
// game, the prompt, the seats, the log, the scores, the moves and the
// end-of-match summary.

import { analysisLink } from "./analysis.js";
import * as api from "./api.js";
import { Board } from "./board.js";
import { Chat } from "./chat.js";
import { h } from "./dom.js";
import { loadCardNames } from "./faces.js";
import { logPanel, movesPanel, scoresPanel, seatChips, tabs, toast, topBar } from "./frame.js";
import { gameFacts, gameModule, gameName, loadView } from "./games/index.js";
import { hintsPart, markHint } from "./hints.js";
import { lang, say, t, tx } from "./i18n.js";
import { CLOSES } from "./protocol.js";
import { clearTurn, noticeSwitches, showTurn } from "./notices.js";
import { followRematch, nextMatchOf, rematchBlock, rematchOf } from "./rematch.js";
import { outgoing, TableSocket } from "./socket.js";
import * as store from "./store.js";
import { clockText, errorText, matches, same, seatLabel, shortName } from "./util.js";
import { summaryDialog } from "./summary.js";
import { optionShown, optionValue } from "./options.js";

const LOG_LIMIT = 300;

export class TableScreen {
  constructor(root, tableId) {
    this.root = root;
    this.tableId = tableId;
    this.state = null;
    this.info = null;
    this.ui = {};
    this.mem = {};
    this.deck = null;
    this.log = [];
    this.results = []; // round results on screen until the person dismisses them
    this.held = null; // {seq, why}: a move of ours the server holds (a reaction window, a result pause)
    this.tab = "log";
    this.sheetOpen = false; // on a phone the panels are a sheet over the board, shut until a tab is tapped
    this.summaryOpen = false;
    this.summarySeen = false;
    this.connection = "connecting";
    this.refusal = null; // why the server refused the last socket, while reconnecting
    this.history = store.scoreHistory(tableId);
    this.lastRound = null;
    this.lastScores = null;
    this.board = null;
    this.game = null;
    this.timer = null;
    const saved = store.seatFor(tableId);
    this.token = saved?.token || null;
    this.me = saved ? saved.seat : null;
    this.code = store.inviteCode(tableId);
    this.chain = Promise.resolve();
    this.rematch = null; // who answered the rematch at a finished match (docs/protocol.md)
    this.nextMatch = null; // the rematch's match once it started
    this.chat = new Chat({ send: (message) => this.socket?.send(message) ?? false, me: () => this.me, seats: () => this.state?.seats });
    // Actions sent and answered (accepted or refused): tests wait for the answers.
    this.replies = { sent: 0, answered: 0 };
    window.tapeteReplies = this.replies;
    this.keyHandler = (event) => this.onKey(event);
    document.addEventListener("keydown", this.keyHandler);
  }

  start() {
    this.renderLoading();
    api.tableInfo(this.tableId).then((info) => {
      this.info = info;
      if (info.invite_code) this.code = info.invite_code;
      this.render();
    }).catch((err) => this.fail(err.error));
    this.openSocket();
  }

  openSocket() {
    this.socket = new TableSocket(this.tableId, this.token, lang(), {
      // one message at a time: the first waits for the game's deck data and card names
      state: (message) => { this.chain = this.chain.then(() => this.onState(message)).catch((err) => console.error("tapete: a state could not be shown", err)); },
      error: (error, action, quiet) => this.onError(error, action, quiet),
      welcome: (message) => { this.me = message.seat; },
      accepted: (message) => { this.replies.answered += 1; this.landed(message.seq); },
      status: (status, refusal = null) => { this.connection = status; this.refusal = refusal; this.renderStatus(); },
      closed: (code) => this.onClosed(code),
      chat: (line) => this.chat.add(line),
      rematch: (message) => this.onRematch(rematchOf({ rematch: message })),
      rematchStart: (message) => this.onRematchStart(message),
      hint: (message) => this.onHint(message),
    });
  }

  destroy() {
    clearTurn();
    this.socket?.close();
    this.chat.destroy();
    clearInterval(this.timer);
    document.removeEventListener("keydown", this.keyHandler);
  }

  // -- messages ------------------------------------------------------------------------
  async onState(message) {
    const first = !this.state;
    if (first || !this.game) {
      this.game = await loadView(message.view.game);
      this.board = new Board(this.game);
      // the game's deck data (WANTED's outlaws) and its cards' names, before it is first drawn
      const [deck] = await Promise.all([this.game.needsDeck ? api.deck(message.view.game) : null, loadCardNames(message.view.game)]);
      if (this.game.needsDeck) this.deck = deck;
      store.rememberTable(this.tableId, message.view.game, this.me === null ? "watch" : "play");
    }
    if ((message.clocks || []).some((c) => c.remaining_ms >= 3600e3)) await import("./timewords.js"); // days in words
    const events = message.events || [];
    if (Array.isArray(message.log)) {
      // hello / sync: the server's kept log, the whole story this seat may read (a reload, a
      // second device, a spectator arriving late), in the language this socket speaks
      this.log = message.log.map((entry) => ({
        event: { kind: entry.kind, version: entry.version },
        text: { [this.socket.lang]: entry.text },
        kept: true,
        round: /round|hand_end|deal_end|match_end/.test(entry.kind),
      }));
      // a reload while the table waits on a round's result: that result, the log's newest (the
      // table applies nothing while paused), is back on screen until read
      const shown = message.pause_ms > 0 ? this.log.findLast((e) => isRoundResult(message.view.game, e.event)) : null;
      if (shown && !this.results.length) this.results = [shown];
    }
    for (const event of events) {
      const { text, ...raw } = event;
      const entry = { event: raw, text: { [this.socket.lang]: text }, round: /round|hand_end|deal_end|match_end/.test(event.kind) };
      this.log.push(entry);
      if (isRoundResult(message.view.game, raw)) this.results.push(entry); // stays until dismissed
    }
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
    this.state = message;
    if (Array.isArray(message.chat)) this.chat.load(message.chat); // hello / sync: the table's last lines
    // back at the table: what the stand-in did meanwhile (told once, by the server)
    const away = message.while_away?.moves;
    if (away > 0) toast(() => t("table.whileAway", { n: away }), "info");
    if ("rematch" in message || "next_match" in message) [this.rematch, this.nextMatch] = [rematchOf(message), nextMatchOf(message)];
    if (Array.isArray(message.rounds)) {
      // hello / sync: each finished round's scores as the server kept them (a spectator arriving
      // late, a second device and a reload read the same table as the browser that watched live)
      const final = this.history.filter((row) => row.final);
      this.history = [...message.rounds.map((row) => ({ round: row.round, scores: row.scores.slice() })), ...final];
    }
    this.trackScores(message.view);
    const ctx = this.context();
    this.game.observe?.(events, ctx);
    if (message.view.over && !this.summarySeen) {
      this.summarySeen = true;
      this.summaryOpen = true;
    }
    this.render(events);
    window.tapeteState = message; // for tests and curious players: this seat's own view only
  }

  /** The bot's hint for this seat (sent to this socket alone): shown until the table moves on. */
  onHint(message) {
    this.hintAsking = false;
    this.hint = message;
    this.refreshBoard();
    this.board?.fit();
  }

  askHint() {
    if (this.socket?.send(outgoing("hint"))) {
      this.hintAsking = true;
      this.promptChanged();
    } else toast(() => t("table.offline"));
  }

  onError(error, action, quiet = false) {
    if (error.rule === "hints") {
      this.hintAsking = false;
      this.promptChanged();
    }
    if (error.seq !== null && error.seq !== undefined) {
      this.replies.answered += 1;
      this.landed(error.seq);
    }
    if (quiet) return; // an action sent again after a reconnection, already applied before the drop
    if (this.chat.error(error)) return; // said in the chat drawer, in words
    // "stale": someone moved first (a mirror race); say it in words, not in versions
    toast(() => (error.code === "stale" ? t("error.stale") : errorText(error)));
    this.game?.rejected?.(error, action, this.context());
  }

  onClosed(code) {
    if (code === CLOSES.bad_token) {
      // the seat's token is no longer good here: watch the table instead
      store.forgetSeat(this.tableId);
      toast(() => t("table.badToken"));
      this.token = null;
      this.me = null;
      this.socket?.close();
      this.openSocket();
    } else if (code === CLOSES.not_found) {
      this.fail({ es: "Esa mesa no existe.", en: "That table does not exist.", rule: null });
    } else if (code === CLOSES.left) {
      toast(() => t("table.youLeft"), "info");
    }
  }

  fail(error) {
    this.root.replaceChildren(topBar(t("table.title")), h("main", { class: "page" },
      h("div", { class: "card-panel" }, h("h1", {}, t("table.problem")), h("p", {}, errorText(error)),
        h("a", { class: "button", href: "#/" }, t("nav.backHome")))));
  }

  trackScores(view) {
    if (!view.scores) return;
    // a row per finished round; round 0 (before the first deal) is no round at all
    if (this.lastRound !== null && this.lastRound >= 1 && view.round !== this.lastRound && this.lastScores) {
      this.history = this.history.filter((row) => row.round !== this.lastRound);
      this.history.push({ round: this.lastRound, scores: this.lastScores });
    }
    if (view.over && !this.history.some((row) => row.final)) {
      this.history.push({ round: view.round, scores: view.scores.slice(), final: true });
    }
    this.lastRound = view.round;
    this.lastScores = view.scores.slice();
    store.saveScoreHistory(this.tableId, this.history);
  }

  /** The latest round result, in the catalogue's words, until dismissed ("Seguir"). */
  resultPanel() {
    const entry = this.results[this.results.length - 1];
    const more = this.results.length - 1;
    const dismiss = () => {
      this.results = [];
      this.socket?.dismiss?.(); // the table's round pause (when the server has one) waits for everyone
      this.render();
    };
    const panel = h("section", { class: "result-panel", role: "region", "aria-labelledby": "result-title", "data-testid": "result-panel" },
      h("h2", { id: "result-title" }, t("result.title")),
      h("p", { class: "result-text" }, tx(entry.text)),
      more > 0 ? h("p", { class: "muted" }, t("result.more", { n: more })) : null,
      h("div", { class: "dialog-buttons" },
        h("button", { type: "button", class: "primary", onclick: dismiss, "data-testid": "dismiss-result" }, t("result.dismiss"))));
    panel.addEventListener("keydown", (event) => { if (event.key === "Escape") dismiss(); });
    return panel;
  }

  /** The language changed: the socket speaks it from now on, the log is described again. */
  onLang() {
    this.socket?.setLang(lang());
    this.translateLog(lang());
    this.render();
  }

  async translateLog(target) {
    const missing = this.log.filter((entry) => entry.text[target] === undefined && !entry.kept);
    if (!missing.length || !this.state) return;
    for (const chunk of chunks(missing, (entry) => JSON.stringify(entry.event).length)) {
      try {
        const names = (this.state.seats || []).map((seat) => seat?.name ?? null);
        const { texts } = await api.describe(this.state.view.game, target, chunk.map((entry) => entry.event), names, this.me);
        chunk.forEach((entry, k) => { entry.text[target] = texts[k] ?? entry.event.kind; });
      } catch {
        chunk.forEach((entry) => { entry.text[target] = Object.values(entry.text)[0]; });
      }
    }
    if (lang() === target) this.renderSide();
  }

  // -- acting ---------------------------------------------------------------------------
  send(action) {
    if (!this.state || this.me === null) {
      toast(() => t("table.spectatorCannot"));
      return;
    }
    const seq = this.socket.act(action, this.state.version);
    if (seq === null) toast(() => t("table.offline"));
    else {
      this.replies.sent += 1;
      this.noteHeld(seq, action);
    }
  }

  /** The server holds a move of the seat on turn while a reaction window is open, and any move
   * during a round-result pause (docs/protocol.md): say so until the answer comes. */
  noteHeld(seq, action) {
    const state = this.state;
    let why = null;
    if (state.pause_ms > 0) why = "pause";
    else if (state.window_ms > 0 && !this.game?.isReaction?.(action)) why = "window";
    if (!why) return;
    this.held = { seq, why };
    this.promptChanged();
  }

  /** The answer to `seq` came (applied, refused, voided or replaced): no longer waiting on it. */
  landed(seq) {
    if (!this.held || this.held.seq !== seq) return;
    this.held = null;
    this.promptChanged();
  }

  context() {
    const state = this.state;
    const legal = state.legal || [];
    return {
      view: state.view,
      legal,
      me: this.me,
      status: state.status,
      seats: state.seats || [],
      version: state.version,
      windowMs: state.window_ms || 0,
      clocks: state.clocks || [],
      actors: state.actors || [],
      required: state.required || [],
      lang: lang(),
      ui: this.ui,
      mem: this.mem,
      deck: this.deck,
      readOnly: this.me === null || state.status !== "playing",
      act: (action) => this.send(action),
      find: (pattern) => legal.filter((entry) => matches(entry.action, pattern)),
      isLegal: (action) => legal.some((entry) => same(entry.action, action)),
      refresh: () => this.refreshBoard(),
      hint: (message) => toast(message, "info"),
      name: (seat) => shortName(state.seats, seat, this.me),
      label: (seat) => seatLabel(state.seats, seat, this.me),
    };
  }

  refreshBoard() {
    if (!this.state || !this.board) return;
    this.renderPrompt(); // first: the board fits itself as it is drawn, to the room the prompt leaves
    this.board.update(this.context(), []);
    if (this.hint?.version === this.state.version) markHint(this.board.el, this.hint);
  }

  /** The prompt alone was drawn again: a line more or less in it is room the board loses or gains,
   * so the board fits itself now rather than when a resize is next reported (a phone's table with
   * eight seats was left a line too tall for its room). */
  promptChanged() {
    this.renderPrompt();
    this.board?.fit();
  }

  onKey(event) {
    if (!this.state || !this.game?.key) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (this.game.key(event, this.context())) event.preventDefault();
  }

  // -- drawing ----------------------------------------------------------------------------
  renderLoading() {
    this.noticeEl = this.notice();
    this.root.replaceChildren(topBar(t("table.title")), this.noticeEl,
      h("main", { class: "page" }, h("p", { class: "muted" }, t("table.loading"))));
    this.renderStatus();
  }

  notice() {
    return h("div", { class: "reconnect-notice", role: "status", "aria-live": "polite", "data-testid": "reconnecting" });
  }

  render(events = []) {
    if (!this.state) return;
    const refocus = focusedSelector(this.root);
    const state = this.state;
    const view = state.view;
    const title = [gameName(view.game), view.round ? roundText(view) : null].filter(Boolean).join(" · ");
    this.statusEl = h("span", { class: `conn conn-${this.connection}` }, t(`conn.${this.connection}`));
    this.noticeEl = this.notice();
    this.promptEl = h("div", { class: "prompt", "aria-live": "polite", "data-testid": "prompt" });
    const boardHolder = h("div", { class: "board-holder" });
    if (state.status === "waiting") boardHolder.append(this.waitingPanel());
    else {
      this.board.update(this.context(), events);
      boardHolder.append(this.board.el);
    }
    this.sideEl = h("aside", { class: "side", "aria-label": t("table.panels") });
    const screen = h("div", { class: ["table-screen", `screen-${view.game}`, this.results.length && "has-result", state.pause_ms > 0 && "paused"], "data-testid": "table" },
      topBar(title, [this.statusEl, this.chat.button]),
      this.noticeEl,
      h("div", { class: "table-layout" },
        h("main", { class: "board-col" }, seatChips(state, this.me), this.promptEl, boardHolder),
        this.sideEl));
    if (this.summaryOpen && view.over) {
      screen.append(summaryDialog({
        game: view.game, view, outcome: state.outcome, seats: state.seats, me: this.me, history: this.history,
        tableId: this.tableId, close: () => { this.summaryOpen = false; this.render(); }, rematch: this.rematchPart(),
      }));
    }
    this.root.replaceChildren(screen);
    this.renderStatus();
    this.renderPrompt();
    this.renderSide();
    this.board?.fit(); // now that the board is on the page: its cards shrink until the table and the hand fit
    if (this.hint?.version === state.version) markHint(this.board?.el, this.hint);
    if (refocus && !this.root.contains(document.activeElement)) this.root.querySelector(refocus)?.focus({ preventScroll: true });
    clearInterval(this.timer);
    if (state.window_ms > 0 || (state.clocks || []).length) {
      const started = Date.now();
      this.timer = setInterval(() => this.tick(started), 200);
    }
  }

  renderStatus() {
    if (this.statusEl) {
      this.statusEl.className = `conn conn-${this.connection}`;
      this.statusEl.textContent = t(`conn.${this.connection}`);
    }
    if (this.noticeEl) {
      // the connection dropped (or the server asked to come back): play resumes by itself
      const reconnecting = this.connection === "reconnecting";
      this.noticeEl.hidden = !reconnecting;
      this.noticeEl.textContent = !reconnecting ? "" : this.refusal ? `${t("table.reconnecting")} ${errorText(this.refusal)}` : t("table.reconnecting");
    }
  }

  renderPrompt() {
    if (!this.promptEl || !this.state) return;
    const state = this.state;
    const ctx = this.context();
    const parts = [];
    let text;
    if (state.status === "waiting") text = t("prompt.waitingPlayers");
    else if (state.status === "abandoned") text = t("prompt.abandoned");
    else if (state.view.over) text = t("prompt.over");
    else text = this.game.prompt?.(ctx) || this.genericPrompt(ctx);
    parts.push(h("span", { class: "prompt-text" }, text));
    if (this.held) {
      parts.push(h("span", { class: "held-notice", role: "status", "data-testid": "held-notice" },
        t(this.held.why === "pause" ? "table.heldPause" : "table.heldWindow")));
    }
    if (state.window_ms > 0) {
      parts.push(h("span", { class: "window-bar", role: "timer", "aria-label": t("prompt.window") },
        h("span", { class: "window-fill", style: { animationDuration: `${state.window_ms}ms` } })));
    }
    const mine = (state.clocks || []).find((c) => c.seat === this.me);
    if (mine) parts.push(clockEl(Math.ceil(mine.remaining_ms / 1000)));
    if (state.view.over) {
      parts.push(h("button", { type: "button", class: "small", onclick: () => { this.summaryOpen = true; this.render(); } }, t("summary.open")));
    }
    const myTurn = this.me !== null && state.status === "playing" && (state.required || []).includes(this.me);
    const answer = this.hint && this.hint.version === state.version ? this.hint : null;
    parts.push(...hintsPart({ on: Boolean(this.info?.table_options?.hints), canAsk: myTurn && !answer, asking: this.hintAsking,
      answer, ask: () => this.askHint() }));
    this.promptEl.replaceChildren(...parts);
    this.promptEl.classList.toggle("your-turn", myTurn);
    // the tab's title and icon (and, when chosen, a sound and a notification) say it is this person's turn
    if (myTurn && !this.turnWasMine) this.turnCount = (this.turnCount || 0) + 1;
    this.turnWasMine = myTurn;
    showTurn(myTurn, `${this.tableId}:${this.turnCount || 0}`, gameName(state.view.game));
  }

  genericPrompt(ctx) {
    const required = ctx.required;
    if (this.me !== null && required.includes(this.me)) return t("prompt.yourTurn");
    if (this.me !== null && ctx.actors.includes(this.me)) return t("prompt.mayReact");
    if (!required.length) return "";
    return t("prompt.waitingFor", { who: required.map((s) => ctx.name(s)).join(", ") });
  }

  tick(started) {
    const clock = this.promptEl?.querySelector("[data-clock]");
    const mine = (this.state?.clocks || []).find((c) => c.seat === this.me);
    if (clock && mine) {
      const left = Math.max(0, mine.remaining_ms - (Date.now() - started));
      clock.replaceWith(clockEl(Math.ceil(left / 1000)));
    }
    // every seat's running clock, on its chip, for everyone at the table
    for (const entry of this.state?.clocks || []) {
      const badge = this.root.querySelector(`[data-seat-clock="${entry.seat}"]`);
      if (!badge) continue;
      const s = Math.ceil(Math.max(0, entry.remaining_ms - (Date.now() - started)) / 1000);
      badge.textContent = clockText("badge.clock", s);
      badge.setAttribute("aria-label", clockText("badge.clockLabel", s));
    }
  }

  renderSide() {
    if (!this.sideEl || !this.state) return;
    const state = this.state;
    const names = [["log", t("tab.log")], ["scores", t("tab.scores")], ["moves", t("tab.moves")], ["table", t("tab.table")]];
    const finished = state.status === "finished";
    if (finished) names.push(["analysis", t("analysis.tab")]); // the bot's look at the match, in the replay
    let panel;
    if (this.tab === "analysis" && finished) panel = analysisLink(this.tableId, this.me);
    else if (this.tab === "log") panel = logPanel(this.log);
    else if (this.tab === "scores") panel = scoresPanel(state.view.game, state.seats, this.me, this.history, state.view.scores, state.view.round, state.status === "finished");
    else if (this.tab === "moves") panel = movesPanel(state.legal || [], (action) => this.send(action), state.status !== "playing", state.view.game);
    else panel = this.tablePanel();
    // replaceChildren writes a null as the text "null": leave the result panel out instead
    const result = this.results.length ? [this.resultPanel()] : []; // above the tabs, never over the board
    const choose = (key) => { this.tab = key; this.sheetOpen = true; this.renderSide(); };
    const close = h("button", { type: "button", class: "side-close small", "aria-label": t("tab.close"), title: t("tab.close"),
      onclick: () => { this.sheetOpen = false; this.renderSide(); } }, "✕");
    this.sideEl.classList.toggle("open", this.sheetOpen);
    this.sideEl.replaceChildren(
      ...result,
      h("div", { class: "tabs-row" }, tabs(this.tab, choose, names), close),
      h("div", { class: "panel", role: "tabpanel" }, panel));
  }

  inviteBlock() {
    if (!this.code) return h("p", { class: "muted" }, t("invite.none"));
    const link = `${location.origin}${location.pathname}#/join/${this.code}`;
    return h("div", { class: "invite" },
      h("p", {}, t("invite.share")),
      h("div", { class: "invite-code", "data-testid": "invite-code" }, this.code),
      h("div", { class: "invite-row" },
        h("input", { class: "invite-link", readonly: true, value: link, "aria-label": t("invite.link"), "data-testid": "invite-link", onfocus: (e) => e.target.select() }),
        h("button", {
          type: "button",
          onclick: () => navigator.clipboard?.writeText(link).then(() => toast(() => t("invite.copied"), "info"), () => toast(() => t("invite.copyFailed"))),
        }, t("invite.copy"))));
  }

  /** Who answered the rematch changed: when someone else just asked for it, show the end of the match. */
  onRematch(rematch) {
    const before = new Set(this.rematch?.accepted || []);
    const seats = this.state?.seats || [];
    const asked = (rematch?.accepted || []).some((s) => s !== this.me && !before.has(s) && seats[s]?.kind === "human");
    this.rematch = rematch;
    if (asked) this.summaryOpen = true;
    this.render();
  }

  /** The rematch started: a seat with a new token and a spectator go there; a person who
   * declined stays here, with a way to watch it. */
  onRematchStart(message) {
    if (message.token || this.me === null) {
      followRematch(message, this.me);
      return;
    }
    this.nextMatch = message.match_id;
    this.render();
  }

  rematchPart() {
    const send = (accept) => this.socket?.send(accept ? outgoing("rematch") : outgoing("rematch", { accept: false })) || toast(() => t("table.offline"));
    // the summary covers the top bar: the chat (a "¡Bien jugado!" at the end) opens from it too
    const chat = h("button", { type: "button", class: "small", onclick: () => this.chat.open(), "data-testid": "summary-chat" }, t("chat.open"));
    return h("div", { class: "summary-friends" },
      rematchBlock({ rematch: this.rematch, nextMatch: this.nextMatch, seats: this.state.seats, me: this.me, send }), chat);
  }

  waitingPanel() {
    const state = this.state;
    const free = state.seats.filter((s) => s.kind === "human" && !s.taken).length;
    return h("div", { class: "card-panel waiting", "data-testid": "waiting" },
      h("h2", {}, t("waiting.title")),
      h("p", {}, t("waiting.free", { n: free })),
      this.inviteBlock(),
      h("ul", { class: "waiting-seats" }, state.seats.map((info, seat) => h("li", {},
        seatLabel(state.seats, seat, this.me), " — ",
        info.kind === "bot" ? t("waiting.bot") : info.taken ? t("waiting.taken") : t("waiting.freeSeat")))));
  }

  tablePanel() {
    const info = this.info;
    const ended = ["finished", "abandoned"].includes(this.state.status); // played to its end, or called off
    const items = ended ? [] : [this.inviteBlock()];
    if (info) {
      const gameSchema = this.schema;
      items.push(h("h3", {}, t("table.options")));
      // only the options this match's mode uses (an option's `only_when`), each named in words
      items.push(h("ul", { class: "option-list" }, Object.entries(info.options || {}).map(([key, value]) => {
        const option = gameSchema?.options.find((o) => o.key === key);
        if (!gameSchema || (option && !optionShown(option, info.options))) return null;
        const words = gameModule(this.state.view.game).optionText?.(key, value);
        return h("li", { "data-option-shown": key }, option ? tx(option.label) : key, ": ", h("strong", {}, words ?? optionValue(key, value, option)));
      })));
    }
    items.push(h("p", {}, h("a", { href: `#/rules/${this.state.view.game}` }, t("table.rules"))));
    if (this.me !== null && !ended) items.push(noticeSwitches(() => this.renderSide()));
    if (this.me !== null && this.token && !ended) {
      items.push(h("button", { type: "button", class: "danger", "data-testid": "leave-table", onclick: () => this.leave() }, t("table.leave")));
    }
    if (this.state.status === "finished") items.push(h("a", { class: "button", href: `#/replay/${this.tableId}` }, t("summary.replay")));
    if (this.state.status === "finished") items.push(analysisLink(this.tableId, this.me));
    if (!this.schema) {
      api.games().then((data) => {
        this.schema = data.games.find((g) => g.id === this.state.view.game);
        if (this.tab === "table") this.renderSide();
      }).catch(() => {});
    }
    return h("div", { class: "table-info" }, items);
  }

  async leave() {
    if (!window.confirm(t("table.leaveConfirm"))) return;
    try {
      await api.leaveTable(this.tableId, this.token);
    } catch (err) {
      toast(() => errorText(err.error));
    }
    store.forgetSeat(this.tableId);
    location.hash = "#/";
  }
}

/** A selector for the focused control, to give keyboard users their place back after a redraw. */
function focusedSelector(root) {
  const el = document.activeElement;
  if (!el || !root.contains(el) || !el.dataset) return null;
  for (const attr of ["key", "index", "tab", "testid"]) {
    const value = el.dataset[attr];
    if (value !== undefined) return `[data-${attr}="${CSS.escape(value)}"]`;
  }
  return null;
}

/** Split entries into requests the server accepts (its body limit is 64 KB). */
function chunks(items, size, most = 100, budget = 30_000) {
  const out = [];
  let current = [];
  let used = 0;
  for (const item of items) {
    const cost = size(item);
    if (current.length && (current.length >= most || used + cost > budget)) {
      out.push(current);
      current = [];
      used = 0;
    }
    current.push(item);
    used += cost;
  }
  if (current.length) out.push(current);
  return out;
}

// Events that close a round (or a battle) and carry its breakdown, as the game says
// (`result_events`; `result_when`: a kind shown only when its data holds these values):
// shown in a panel that stays.
function isRoundResult(game, event) {
  const facts = gameFacts(game);
  const when = facts.result_when?.[event.kind];
  if (when) return Object.entries(when).every(([key, value]) => event[key] === value);
  return (facts.result_events || []).includes(event.kind);
}

// The seat's turn clock in the prompt line: in words, and on a phone only its seconds (the line
// then stays one line beside the prompt, so the table keeps its room).
function clockEl(seconds) {
  const words = clockText("prompt.clock", seconds);
  return h("span", { class: "clock", "data-clock": "", role: "timer", "aria-label": words },
    h("span", { class: "clock-long", "aria-hidden": "true" }, words),
    h("span", { class: "clock-short", "aria-hidden": "true" }, clockText("prompt.clockShort", seconds)));
}

/** The round under way in the game's words ("WANTED · reparto 2", "Buracco · mano 3"). */
function roundText(view) {
  const own = gameFacts(view.game).round_text;
  return own ? say(own, { n: view.round }) : t("table.round", { n: view.round });
}
