// One table WebSocket: hello with the seat token (none for a spectator), then
// state messages in and actions out. Reconnects by itself after a drop.

import { forgetIdentity, helloPlayer } from "./identity.js";
import { CLOSES, SEND } from "./protocol.js";

// Closes after which another try cannot help (docs/protocol.md): a refused
// token, no such table, the seat was left, a broken protocol. After any other
// close (1012: the server restarts or the table moved to another process;
// 4409: refused here for now; 1013: too slow; 1006: the connection broke) a
// new socket says hello again with the same token, after a growing pause.
const FINAL_CLOSES = new Set([CLOSES.bad_token, CLOSES.not_found, CLOSES.left, CLOSES.policy]);
const RETRY_FIRST_MS = 300;
const RETRY_MAX_MS = 8000;

/** A message a client sends: `kind` and `fields` as the server's models name them (protocol.js,
 * generated from them), so that a misspelt kind or field fails here, not as a `bad_message`. */
export function outgoing(kind, fields = {}) {
  const known = SEND[kind];
  if (!known) throw new Error(`tapete: the server takes no message of type ${kind}`);
  for (const key of Object.keys(fields)) {
    if (!known.includes(key)) throw new Error(`tapete: a ${kind} message has no field ${key}`);
  }
  return { type: kind, ...fields };
}

/** The pause before try number `retry` (from 0): doubling, capped, and jittered so that
 * the many clients a restarted server drops do not all come back at the same instant. */
export function retryDelay(retry) {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** retry);
  return Math.round(ceiling * (0.5 + Math.random() / 2));
}

export class TableSocket {
  constructor(tableId, token, lang, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.lang = lang; // the server describes moves and events in the socket's language
    this.handlers = handlers; // {state, error, accepted, welcome, status, closed, chat, rematch, rematchStart}
    this.seq = 0;
    this.ws = null;
    this.stopped = false;
    this.retry = 0; // tries since the last welcome
    this.lost = false; // the connection dropped and is not back yet
    this.timer = null;
    this.welcomed = false; // the current socket got its welcome
    this.refusal = null; // an error the server sent before closing a socket it never welcomed
    this.withoutPlayer = false; // the server refused our hello's player: say hello without it
    this.pending = new Map(); // seq -> {action, version} until answered: sent again after a reconnection
    this.resent = new Set(); // seqs sent again
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  open() {
    // while it tries again, the last refusal's reason stays on screen (until a welcome or another answer)
    this.handlers.status?.(this.lost ? "reconnecting" : "connecting", this.lost ? this.refusal : null);
    const ws = new WebSocket(this.url());
    this.ws = ws;
    this.welcomed = false;
    this.refusal = null;
    this.told = {}; // the legal moves and seats as last told: a state leaves them out while they hold
    ws.onopen = () => {
      // states leave out legal moves and seats while they hold, and answer this socket's own actions
      const hello = outgoing("hello", { token: this.token || null, lang: this.lang, omit_unchanged: true,
        accepted_in_state: true });
      const player = this.withoutPlayer ? null : helloPlayer(); // who this is across tables, when known
      if (player) hello.player = player;
      this.sentPlayer = Boolean(player);
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (message) => {
      if (this.ws === ws) this.receive(message.data);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      const refusal = this.refusal;
      if (this.sentPlayer && !this.welcomed && ["bad_identity", "bad_message"].includes(refusal?.code)) {
        // the server no longer knows this device's player (or an older one knows no players):
        // the seat's token still holds, so come back at once without the player
        if (refusal.code === "bad_identity") forgetIdentity();
        this.withoutPlayer = true;
        this.open();
        return;
      }
      if (FINAL_CLOSES.has(event.code)) {
        if (refusal) this.handlers.error?.(refusal, undefined, false);
        this.handlers.status?.("closed");
        this.handlers.closed?.(event.code);
        return;
      }
      this.lost = true;
      this.handlers.status?.("reconnecting", refusal);
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!this.stopped && !this.ws) this.open();
      }, retryDelay(this.retry++));
    };
  }

  /** A state as the server means it: what it left out (as this socket's hello asked) is as last told. */
  whole(state) {
    for (const key of ["legal", "seats"]) {
      if (key in state) this.told[key] = state[key];
      else state[key] = this.told[key];
    }
    return state;
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.type === "state") {
      if (message.accepted) this.onAccepted({ type: "accepted", seq: message.accepted.seq, version: message.version });
      delete message.accepted;
      this.handlers.state?.(this.whole(message));
    } else if (message.type === "error") this.onError(message);
    else if (message.type === "accepted") this.onAccepted(message);
    else if (message.type === "welcome") this.onWelcome(message);
    else if (message.type === "left") this.handlers.closed?.(CLOSES.left);
    else if (message.type === "chat") this.handlers.chat?.(message);
    else if (message.type === "rematch") this.handlers.rematch?.(message);
    else if (message.type === "rematch_start") this.handlers.rematchStart?.(message);
    else if (message.type === "hint") this.handlers.hint?.(message); // to this socket alone
  }

  onAccepted(message) {
    this.forget(message.seq);
    this.handlers.accepted?.(message);
  }

  onWelcome(message) {
    this.welcomed = true;
    this.retry = 0;
    this.lost = false;
    this.handlers.welcome?.(message);
    this.handlers.status?.("open");
    // Actions whose answer was lost with the old socket go again with the same seq and
    // version: the table counts each once (accepted, or stale if it was applied before).
    for (const [seq, { action, version }] of this.pending) {
      this.resent.add(seq);
      this.ws.send(JSON.stringify(outgoing("action", { seq, version, action })));
    }
  }

  onError(message) {
    if (!this.welcomed) {
      this.refusal = message; // the hello was refused: the close that follows says what to do
      return;
    }
    const sent = this.pending.get(message.seq);
    // "stale" for an action sent again: most likely it was applied before the drop
    const quiet = this.resent.has(message.seq) && message.code === "stale";
    this.forget(message.seq);
    this.handlers.error?.(message, sent?.action, quiet);
  }

  forget(seq) {
    this.pending.delete(seq);
    this.resent.delete(seq);
  }

  /** Send an action (its JSON form) decided on `version`; returns its seq. */
  act(action, version) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || !this.welcomed) return null;
    const seq = ++this.seq;
    this.pending.set(seq, { action, version });
    this.ws.send(JSON.stringify(outgoing("action", { seq, version, action })));
    return seq;
  }

  /** Speak another language: a fresh socket says hello in it (the state comes again). */
  setLang(lang) {
    if (lang === this.lang) return;
    this.lang = lang;
    const old = this.ws;
    this.ws = null;
    if (old) old.close(1000, "language");
    if (this.timer) return; // a reconnection is already waiting: it will speak the new language
    if (!this.stopped) this.open();
  }

  /** A message that is not a move (chat, rematch: made by `outgoing`); false when the socket is not open. */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || !this.welcomed) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  sync() {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(outgoing("sync")));
  }

  /** I have read the round's result: the table's round pause need not wait for me. */
  dismiss() {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(outgoing("dismiss")));
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = null;
    if (this.ws) this.ws.close(1000, "bye");
    this.ws = null;
  }
}
