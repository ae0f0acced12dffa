// One table WebSocket: hello with the seat token (none for a spectator), then
// state messages in and actions out. Reconnects by itself after a drop.

const FINAL_CLOSES = new Set([4401, 4404, 4000, 1008]);

export class TableSocket {
  constructor(tableId, token, lang, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.lang = lang; // the server describes moves and events in the socket's language
    this.handlers = handlers; // {state, error, accepted, status, closed}
    this.seq = 0;
    this.ws = null;
    this.stopped = false;
    this.retry = 0;
    this.pending = new Map(); // seq -> action sent, for explaining errors
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  open() {
    this.handlers.status?.("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      ws.send(JSON.stringify({ type: "hello", token: this.token || null, lang: this.lang }));
      this.handlers.status?.("open");
    };
    ws.onmessage = (message) => {
      if (this.ws === ws) this.receive(message.data);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      if (FINAL_CLOSES.has(event.code)) {
        this.handlers.status?.("closed");
        this.handlers.closed?.(event.code);
        return;
      }
      this.handlers.status?.("reconnecting");
      const delay = Math.min(8000, 300 * 2 ** this.retry++);
      setTimeout(() => !this.stopped && this.open(), delay);
    };
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.type === "state") this.handlers.state?.(message);
    else if (message.type === "error") {
      const action = this.pending.get(message.seq);
      this.pending.delete(message.seq);
      this.handlers.error?.(message, action);
    } else if (message.type === "accepted") {
      this.pending.delete(message.seq);
      this.handlers.accepted?.(message);
    } else if (message.type === "welcome") this.handlers.welcome?.(message);
    else if (message.type === "left") this.handlers.closed?.(4000);
  }

  /** Send an action (its JSON form) decided on `version`; returns its seq. */
  act(action, version) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const seq = ++this.seq;
    this.pending.set(seq, action);
    this.ws.send(JSON.stringify({ type: "action", seq, version, action }));
    return seq;
  }

  /** Speak another language: a fresh socket says hello in it (the state comes again). */
  setLang(lang) {
    if (lang === this.lang) return;
    this.lang = lang;
    const old = this.ws;
    this.ws = null;
    if (old) old.close(1000, "language");
    if (!this.stopped) this.open();
  }

  sync() {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: "sync" }));
  }

  close() {
    this.stopped = true;
    if (this.ws) this.ws.close(1000, "bye");
    this.ws = null;
  }
}
