// The replay viewer: steps through a finished match, from any seat's eyes
// (the record of a finished match is public) or a spectator's.

import { AnalysisPanel } from "./analysis.js";
import * as api from "./api.js";
import { Board } from "./board.js";
import { h } from "./dom.js";
import { loadCardNames } from "./faces.js";
import { logPanel, seatChips, tabs, toast, topBar } from "./frame.js";
import { gameName, loadView } from "./games/index.js";
import { lang, t, tx } from "./i18n.js";
import * as store from "./store.js";
import { errorText, seatLabel, shortName } from "./util.js";

const PLAY_MS = 700;

// the seats as the table showed them, named as the server names them in the texts (a bot: its given name)
function seatsOf(record) {
  return record.seats.map((s, seat) => (s.bot !== undefined
    ? { seat, kind: "bot", level: s.bot, name: record.names?.[seat] || null }
    : { seat, kind: "human", name: record.names?.[seat] || s.human || null, taken: true, connected: true }));
}

export class ReplayScreen {
  /** `view`: "analysis" opens the Analysis tab, of `seat` (from the history) or of the seat this
   * browser played (if any). */
  constructor(root, matchId, view = null, seat = undefined) {
    this.root = root;
    this.matchId = matchId;
    this.data = null;
    this.seat = null;
    this.sideTab = view === "analysis" ? "analysis" : "step";
    this.analysis = new AnalysisPanel(this);
    if (this.sideTab === "analysis") {
      const asked = /^\d+$/.test(seat ?? "") ? Number(seat) : null;
      this.seat = asked ?? store.seatFor(matchId)?.seat ?? null;
    }
    this.step = 0;
    this.playing = null;
    this.ui = {};
    this.mem = {};
    this.board = null;
    this.game = null;
    this.deck = null;
    this.loading = false;
    this.queued = null;
    this.story = null; // the whole match's log as this.seat reads it: { seat, lines } (fetched once per seat)
    this.storyOpen = false;
    this.keyHandler = (event) => this.onKey(event);
    document.addEventListener("keydown", this.keyHandler);
  }

  async start() {
    this.root.replaceChildren(topBar(t("replay.title")), h("main", { class: "page" }, h("p", { class: "muted" }, t("table.loading"))));
    await this.go(0);
  }

  destroy() {
    this.stop();
    document.removeEventListener("keydown", this.keyHandler);
  }

  /** Move by `delta` from the last step asked for, so quick taps on ▶ each count. */
  nudge(delta) {
    const from = this.requested ?? this.step;
    this.go(Math.min(this.data.steps, Math.max(0, from + delta)));
  }

  async go(step) {
    this.requested = step;
    if (this.loading) {
      this.queued = step;
      return;
    }
    this.loading = true;
    try {
      const data = await api.replayStep(this.matchId, Math.max(0, step), this.seat);
      if (!this.game) {
        this.game = await loadView(data.game);
        this.board = new Board(this.game);
        const [deck] = await Promise.all([this.game.needsDeck ? api.deck(data.game) : null, loadCardNames(data.game)]);
        if (this.game.needsDeck) this.deck = deck;
      }
      const forward = this.data && data.step === this.data.step + 1;
      this.data = data;
      this.step = data.step;
      const ctx = this.context();
      this.game.observe?.(data.events, ctx);
      this.render(forward ? data.events : []);
      if (data.step >= data.steps) this.stop();
    } catch (err) {
      this.stop();
      this.root.replaceChildren(topBar(t("replay.title")), h("main", { class: "page" },
        h("div", { class: "card-panel" }, h("h1", {}, t("replay.title")), h("p", { class: "error" }, errorText(err.error || err)),
          h("a", { class: "button", href: `#/table/${this.matchId}` }, t("replay.backToTable")))));
    } finally {
      this.loading = false;
      if (this.queued !== null) {
        const next = this.queued;
        this.queued = null;
        this.go(next);
      }
    }
  }

  context() {
    const data = this.data;
    const seats = seatsOf(data);
    return {
      view: data.view, legal: [], me: this.seat, status: "finished", seats, version: data.step,
      windowMs: 0, clocks: [], actors: data.actors, required: data.required, lang: lang(),
      ui: this.ui, mem: this.mem, deck: this.deck, readOnly: true,
      act: () => {}, find: () => [], isLegal: () => false, refresh: () => this.board?.update(this.context(), []),
      hint: () => {},
      name: (seat) => shortName(seats, seat, this.seat), label: (seat) => seatLabel(seats, seat, this.seat),
    };
  }

  play() {
    if (this.playing) return this.stop();
    if (this.step >= this.data.steps) this.go(0);
    this.playing = setInterval(() => this.go(this.step + 1), PLAY_MS);
    this.render();
  }

  stop() {
    if (this.playing) {
      clearInterval(this.playing);
      this.playing = null;
      if (this.data) this.render();
    }
  }

  onKey(event) {
    if (!this.data || event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const deltas = { ArrowRight: 1, ArrowLeft: -1 };
    const moves = { Home: 0, End: this.data.steps };
    if (event.key in deltas || event.key in moves) {
      event.preventDefault();
      this.stop();
      if (event.key in deltas) this.nudge(deltas[event.key]);
      else this.go(moves[event.key]);
    }
  }

  render(events = []) {
    if (!this.data) return;
    const data = this.data;
    const seats = seatsOf(data);
    const ctx = this.context();
    this.board.update(ctx, events);
    const state = { view: data.view, seats, required: data.required, actors: data.actors, status: "finished" };
    const action = data.action
      ? h("p", { class: "replay-action", "data-testid": "replay-action" }, data.action.told
        ? tx(data.action.text) // told as the table told it, names and all
        : [h("strong", {}, shortName(seats, data.action.seat, this.seat)), ": ", tx(data.action.text)])
      : h("p", { class: "replay-action muted" }, t("replay.start"));
    const slider = h("input", {
      type: "range", min: 0, max: data.steps, value: String(data.step), "aria-label": t("replay.slider"), "data-testid": "replay-slider",
      onchange: (e) => { this.stop(); this.go(Number(e.target.value)); },
    });
    const button = (label, aria, step, testid, delta = 0) => h("button", {
      type: "button", "aria-label": aria, title: aria, "data-testid": testid,
      disabled: step < 0 || step > data.steps || step === data.step,
      onclick: () => { this.stop(); if (delta) this.nudge(delta); else this.go(step); },
    }, label);
    const controls = h("div", { class: "replay-controls", role: "group", "aria-label": t("replay.controls") },
      button("|◀", t("replay.first"), 0, "replay-first"),
      button("◀", t("replay.prev"), data.step - 1, "replay-prev", -1),
      h("button", { type: "button", class: "primary", "data-testid": "replay-play", onclick: () => this.play() }, this.playing ? t("replay.pause") : t("replay.play")),
      button("▶", t("replay.next"), data.step + 1, "replay-next", 1),
      button("▶|", t("replay.last"), data.steps, "replay-last"),
      h("span", { class: "replay-step", "data-testid": "replay-step" }, t("replay.step", { n: data.step, total: data.steps })),
      slider,
      h("label", { class: "replay-seat" }, t("replay.eyes"), " ",
        h("select", {
          "data-testid": "replay-seat",
          onchange: (e) => this.setSeat(e.target.value === "" ? null : Number(e.target.value)),
        }, h("option", { value: "", selected: this.seat === null }, t("replay.spectator")),
        seats.map((_, s) => h("option", { value: String(s), selected: this.seat === s }, seatLabel(seats, s, null))))));
    const log = logPanel(data.events.map((e) => ({ text: e.text })));
    const story = h("details", { class: "replay-story", "data-testid": "replay-story", open: this.storyOpen,
      ontoggle: (e) => { this.storyOpen = e.target.open; if (this.storyOpen) this.loadStory(); } },
    h("summary", {}, t("replay.story")), this.storyPanel(data.step));
    this.root.replaceChildren(h("div", { class: ["table-screen", "replay", `screen-${data.game}`, this.sideTab === "analysis" && "analysis-open"], "data-testid": "replay" },
      topBar(`${t("replay.title")} · ${gameName(data.game)}`),
      h("div", { class: "table-layout" },
        h("main", { class: "board-col" }, seatChips(state, this.seat), controls, action,
          this.sideTab === "analysis" ? this.analysis.betterBox(data.step) : null, h("div", { class: "board-holder" }, this.board.el)),
        h("aside", { class: "side" },
          h("div", { class: "tabs-row" }, tabs(this.sideTab, (key) => { this.sideTab = key; this.render(); },
            [["step", t("analysis.stepTab")], ["analysis", t("analysis.tab")]])),
          ...(this.sideTab === "analysis"
            ? [h("div", { class: "panel", role: "tabpanel" }, this.analysis.panel(seats))]
            : [h("h2", { class: "side-title" }, t("replay.thisStep")), h("div", { class: "panel" }, log), story]),
          h("p", { class: "replay-back" }, h("a", { href: `#/table/${this.matchId}` }, t("replay.backToTable")))))));
    this.board.fit(); // on the page now: the cards shrink until the board fits the screen
    if (this.sideTab === "analysis") this.analysis.markBoard(this.board.el, data.step);
    if (this.storyOpen) this.loadStory(); // (another seat's eyes: its own story)
  }

  /** See through `seat`'s eyes (null: a spectator's); the analysis shown is that seat's. */
  setSeat(seat) {
    this.seat = seat;
    this.mem = {};
    this.go(this.step);
  }

  seatName(seat) {
    return this.data ? seatLabel(seatsOf(this.data), seat, null, true) : "";
  }

  /** Step the replay to `step` (a decision of the analysis: the position before it). */
  goTo(step) {
    this.stop();
    this.go(step);
  }

  /** The whole match's log up to `step` (a line's step: a tap goes there). */
  storyPanel(step) {
    if (!this.story || this.story.seat !== this.seat) return h("p", { class: "muted" }, t("table.loading"));
    const lines = this.story.lines.filter((line) => line.step <= step);
    return logPanel(lines.map((line) => ({ text: line.text, round: /round|hand_end|deal_end|match_end/.test(line.kind) })));
  }

  async loadStory() {
    const seat = this.seat;
    if (this.story?.seat === seat || this.storyLoading === seat) return;
    this.storyLoading = seat;
    try {
      const data = await api.matchStory(this.matchId, seat);
      if (seat === this.seat) { this.story = { seat, lines: data.lines }; this.render(); }
    } catch (err) {
      toast(() => errorText(err.error));
    } finally {
      if (this.storyLoading === seat) this.storyLoading = undefined;
    }
  }
}
