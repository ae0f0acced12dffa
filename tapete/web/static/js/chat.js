// The table chat: a button with an unread count in the top bar, and a drawer over
// the table (it never takes the board's room). History from hello, quick phrases
// that each reader reads in their own language, spectators marked, and muting a
// person for oneself (kept in localStorage). Every text goes in as text, never HTML.
// The quick phrases, the longest line and the chat's refusals are the server's
// (protocol.js, generated from tapete/protocol/); a refusal is said in its words.

import { h } from "./dom.js";
import { onLang, t, tx } from "./i18n.js";
import { CHAT_ERRORS, LIMITS, PHRASES } from "./protocol.js";
import { outgoing } from "./socket.js";
import * as store from "./store.js";

const MAX_LINES = 200;
const ANSWER_WINDOW_MS = 5000; // an error without a seq this soon after a chat line is that line's

export class Chat {
  /** send(message) -> bool sends on the table's socket; me() is our seat (null: watching);
   * seats() the table's seats (for names to mute before they write). */
  constructor({ send, me, seats }) {
    this.sendMessage = send;
    this.me = me;
    this.seats = seats;
    this.lines = [];
    this.unread = 0;
    this.isOpen = false;
    this.lastSent = 0;
    this.muted = new Set(store.mutedSenders()); // sender keys (docs/protocol.md, Chat)
    this.seatMutes = new Set(); // seats muted before they wrote: their key comes with their first line
    this.count = h("span", { class: "chat-count", "aria-hidden": "true" });
    this.button = h("button", { type: "button", class: "chat-button", "data-testid": "chat-button", "aria-expanded": "false", onclick: () => this.toggle() },
      h("span", { class: "chat-button-label" }, t("chat.open")), this.count);
    this.list = h("ol", { class: "chat-lines", "data-testid": "chat-lines", "aria-live": "polite" });
    this.status = h("p", { class: "chat-status", role: "alert", "data-testid": "chat-status" });
    this.input = h("input", { type: "text", maxlength: LIMITS.chatText, autocomplete: "off", enterkeyhint: "send", "data-testid": "chat-input" });
    this.drawer = h("aside", { class: "chat-drawer", hidden: true, "aria-labelledby": "chat-title", "data-testid": "chat" });
    this.drawer.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") event.stopPropagation(); // the table's shortcut keys are not for the chat
    });
    document.body.append(this.drawer);
    // Esc closes the open drawer wherever the focus is (before the board's own Esc)
    this.escape = (event) => {
      if (event.key !== "Escape" || !this.isOpen) return;
      event.stopImmediatePropagation();
      this.close();
    };
    document.addEventListener("keydown", this.escape);
    this.forgetLang = onLang(() => this.renderAll());
    this.renderAll();
  }

  destroy() {
    document.removeEventListener("keydown", this.escape);
    this.forgetLang();
    this.drawer.remove();
  }

  // -- lines in ----------------------------------------------------------------------
  /** The table's history (hello, sync): replaces what we hold; nothing in it counts as unread. */
  load(lines) {
    this.lines = lines.slice(-MAX_LINES);
    this.lines.forEach((line) => this.settleSeatMute(line));
    this.renderLines();
    this.renderMutes();
  }

  add(line) {
    this.settleSeatMute(line);
    this.lines.push(line);
    if (this.lines.length > MAX_LINES) this.lines.splice(0, this.lines.length - MAX_LINES);
    if (!this.isOpen && !this.isMuted(line) && !this.isMine(line)) this.unread += 1;
    this.renderButton();
    this.renderLines();
    this.renderMutes();
  }

  /** A socket error that answers a chat line, said in words; false when it is not the chat's. */
  error(error) {
    const seqless = error.seq === null || error.seq === undefined;
    if (!CHAT_ERRORS.includes(error.code) || !seqless) return false;
    if (error.code === "rate_limited" && Date.now() - this.lastSent > ANSWER_WINDOW_MS) return false;
    this.say(tx(error)); // the server's words, in the reader's language
    return true;
  }

  // -- lines out ---------------------------------------------------------------------
  send(message) {
    if (!this.sendMessage(message)) {
      this.say(t("chat.offline"));
      return false;
    }
    this.lastSent = Date.now();
    this.say("");
    return true;
  }

  submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    if (this.send(outgoing("chat", { text }))) this.input.value = "";
    this.input.focus();
  }

  say(text) {
    this.status.textContent = text;
  }

  // -- opening -------------------------------------------------------------------------
  toggle() {
    if (this.isOpen) this.close();
    else this.open();
  }

  open() {
    this.isOpen = true;
    this.unread = 0;
    this.drawer.hidden = false;
    this.renderButton();
    this.renderLines();
    this.input.focus({ preventScroll: true });
  }

  close() {
    this.isOpen = false;
    this.drawer.hidden = true;
    this.renderButton();
    if (this.button.isConnected) this.button.focus({ preventScroll: true });
  }

  // -- who is who ----------------------------------------------------------------------
  /** A person as the chat shows them: their name (the server names spectators), or the seat's place. */
  nameOf(line) {
    if (line.name) return line.name;
    if (line.from !== null && line.from !== undefined) return t("seat.n", { n: line.from + 1 });
    return t("chat.spectator");
  }

  /** Who wrote a line, the same in every language: the server's key (older servers: by seat). */
  senderOf(line) {
    if (line.sender) return line.sender;
    return line.from !== null && line.from !== undefined && !line.spectator ? `seat:${line.from}` : "spectator";
  }

  /** A seat muted before it wrote is muted by its key from its first line on. */
  settleSeatMute(line) {
    if (line.spectator || !this.seatMutes.has(line.from)) return;
    this.seatMutes.delete(line.from);
    this.muted.add(this.senderOf(line));
    store.saveMutedSenders([...this.muted]);
  }

  isMine(line) {
    const me = this.me();
    return me !== null && me !== undefined && line.from === me && !line.spectator;
  }

  isMuted(line) {
    return !this.isMine(line) && this.muted.has(this.senderOf(line));
  }

  /** `who` is {key} (someone who wrote) or {seat} (a seat that has not written yet). */
  setMuted(who, muted) {
    const [set, value] = who.key !== undefined ? [this.muted, who.key] : [this.seatMutes, who.seat];
    if (muted) set.add(value);
    else set.delete(value);
    store.saveMutedSenders([...this.muted]);
    this.renderLines();
  }

  // -- drawing ---------------------------------------------------------------------------
  renderAll() {
    this.button.querySelector(".chat-button-label").textContent = t("chat.open");
    this.input.placeholder = t("chat.placeholder");
    this.input.setAttribute("aria-label", t("chat.placeholder"));
    this.mutes = h("details", { class: "chat-mutes", "data-testid": "chat-mutes" });
    this.drawer.replaceChildren(
      h("header", { class: "chat-head" },
        h("h2", { id: "chat-title" }, t("chat.title")),
        h("button", { type: "button", class: "small chat-close", "aria-label": t("chat.close"), title: t("chat.close"), onclick: () => this.close() }, "✕")),
      this.list,
      this.status,
      h("div", { class: "chat-phrases", role: "group", "aria-label": t("chat.quick") },
        Object.keys(PHRASES).map((phrase) => h("button", { type: "button", class: "small", "data-phrase": phrase, onclick: () => this.send(outgoing("chat", { phrase })) }, tx(PHRASES[phrase])))),
      h("form", { class: "chat-form", onsubmit: (event) => this.submit(event) },
        this.input, h("button", { type: "submit", class: "primary", "data-testid": "chat-send" }, t("chat.send"))),
      this.mutes);
    this.renderButton();
    this.renderLines();
    this.renderMutes();
  }

  renderButton() {
    this.count.textContent = this.unread ? String(Math.min(this.unread, 99)) : "";
    this.count.hidden = !this.unread;
    this.button.setAttribute("aria-label", this.unread ? t("chat.unread", { n: this.unread }) : t("chat.open"));
    this.button.setAttribute("aria-expanded", this.isOpen ? "true" : "false");
    this.button.classList.toggle("has-unread", this.unread > 0);
  }

  lineText(line) {
    if (line.phrase && PHRASES[line.phrase]) return tx(PHRASES[line.phrase]); // in the reader's language
    return line.text ?? "";
  }

  renderLines() {
    const shown = this.lines.filter((line) => !this.isMuted(line));
    const hidden = this.lines.length - shown.length;
    const items = shown.map((line) => {
      const mine = this.isMine(line);
      return h("li", { class: ["chat-line", mine && "mine", line.spectator && "spectator"] },
        h("span", { class: "chat-name" }, mine ? `${this.nameOf(line)} (${t("chat.you")})` : this.nameOf(line)),
        line.spectator ? h("span", { class: "chat-tag" }, t("chat.spectator")) : null,
        line.at ? h("time", { class: "chat-time" }, clock(line.at)) : null,
        h("span", { class: "chat-text" }, this.lineText(line)));
    });
    if (!items.length) items.push(h("li", { class: "muted chat-empty" }, t("chat.empty")));
    if (hidden) items.push(h("li", { class: "muted chat-hidden" }, t("chat.muted", { n: hidden })));
    this.list.replaceChildren(...items);
    if (this.isOpen) this.list.scrollTop = this.list.scrollHeight;
  }

  /** Everyone else who has written or sits at the table: a box each to mute them for oneself,
   * by who they are (their sender key), not by a name two people may share. */
  renderMutes() {
    if (!this.mutes) return;
    const people = new Map(); // key -> {who, name, muted}
    const wrote = new Set();
    for (const line of this.lines) {
      if (this.isMine(line)) continue;
      const key = this.senderOf(line);
      if (!line.spectator) wrote.add(line.from);
      people.set(key, { who: { key }, name: this.nameOf(line), muted: this.muted.has(key) }); // the latest name
    }
    const me = this.me();
    (this.seats() || []).forEach((seat, i) => {
      if (i !== me && seat?.kind === "human" && seat.name && !wrote.has(i)) {
        people.set(`seat-before:${i}`, { who: { seat: i }, name: seat.name, muted: this.seatMutes.has(i) });
      }
    });
    const rows = [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
    const open = this.mutes.open;
    this.mutes.replaceChildren(
      h("summary", {}, t("chat.mute")),
      h("p", { class: "muted" }, t("chat.muteHint")),
      rows.length ? h("ul", { class: "chat-mute-list" }, rows.map(({ who, name, muted }) => h("li", {},
        h("label", {}, h("input", { type: "checkbox", checked: muted, "data-mute": name, onchange: (event) => this.setMuted(who, event.target.checked) }), " ", name))))
        : h("p", { class: "muted" }, t("chat.nobodyToMute")));
    this.mutes.open = open;
  }
}

/** The time of a line (server seconds since the epoch) as hours and minutes. */
function clock(at) {
  const date = new Date(at * 1000);
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}
