// "Mi perfil": turn notifications (docs/web.md). Loaded only by the profile page: when a turn-based
// table has waited on the person for a while, the server tells this device (Web Push, through the
// service worker js/push-sw.js) and/or writes an e-mail. Permission is asked only after the click.

import { ApiError } from "./api.js";
import { h } from "./dom.js";
import { addStrings, lang, t } from "./i18n.js";
import * as store from "./store.js";
import { errorText } from "./util.js";

addStrings({
  "notify.title": { es: "Avisos de turno", en: "Turn notifications" },
  "notify.why": {
    es: "En las mesas por turnos, te avisamos cuando llevas un rato con el turno y no estás en la página. Cada aviso lleva el enlace a la mesa.",
    en: "At turn-based tables, we tell you when it has been your turn for a while and you are not on the page. Each notice links to the table.",
  },
  "notify.push": { es: "Notificaciones en este dispositivo", en: "Notifications on this device" },
  "notify.pushOn": { es: "Este dispositivo recibirá los avisos.", en: "This device will get the notices." },
  "notify.pushOff": { es: "Este dispositivo ya no recibirá avisos.", en: "This device will no longer get notices." },
  "notify.denied": {
    es: "El navegador no lo permite: autoriza las notificaciones de esta página en su configuración.",
    en: "The browser does not allow it: allow this page's notifications in its settings.",
  },
  "notify.failed": {
    es: "El navegador no pudo darse de alta en su servicio de avisos; inténtalo más tarde.",
    en: "The browser could not sign up with its notification service; try again later.",
  },
  "notify.noBrowser": { es: "Este navegador no puede recibir notificaciones.", en: "This browser cannot get notifications." },
  "notify.noServer": { es: "Este servidor no envía notificaciones.", en: "This server does not send notifications." },
  "notify.email": { es: "Avisarme por correo", en: "E-mail me" },
  "notify.address": { es: "Tu correo", en: "Your e-mail" },
  "notify.save": { es: "Guardar", en: "Save" },
  "notify.saved": { es: "Guardado.", en: "Saved." },
  "notify.noEmail": { es: "Este servidor no envía correos.", en: "This server does not send e-mails." },
});

const SW = "/js/push-sw.js";

async function call(method, path, body) {
  const who = store.identity();
  const headers = { "Content-Type": "application/json" };
  if (who) headers["X-Tapete-Player"] = `${who.player_id}:${who.secret}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(data.error || { code: "http", rule: null, es: `Error ${response.status}.`, en: `Error ${response.status}.` }, response.status);
  return data;
}

function keyBytes(text) {
  const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function pushable() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function currentSubscription() {
  if (!pushable()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SW);
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Once the worker is active (its scope is /js/: `navigator.serviceWorker.ready` is the page's, never this). */
async function activated(registration) {
  const worker = registration.installing || registration.waiting;
  if (registration.active || !worker) return;
  await new Promise((resolve) => worker.addEventListener("statechange", () => worker.state === "activated" && resolve()));
}

/** The section of the profile page: a switch for this device's push, an e-mail field with its choice. */
export async function notifySection(playerId) {
  const base = `/api/players/${encodeURIComponent(playerId)}`;
  const line = h("p", { class: "form-message", role: "status", "aria-live": "polite", "data-testid": "notify-message" });
  const say = (text, ok = false) => {
    line.textContent = text;
    line.classList.toggle("error", !ok);
    line.classList.toggle("ok", ok);
  };
  let server = { public_key: null, email: false };
  let choice = { push: false, email: false, address: null };
  try {
    [server, choice] = await Promise.all([call("GET", "/api/push/key"), call("GET", `${base}/notify`)]);
  } catch (err) {
    say(errorText(err.error));
  }
  const subscribed = await currentSubscription().catch(() => null);
  const pushBox = h("input", { type: "checkbox", role: "switch", "data-testid": "notify-push" });
  pushBox.checked = Boolean(choice.push && subscribed);
  const address = h("input", { type: "email", maxlength: 254, autocomplete: "email", value: choice.address || "", "data-testid": "notify-address" });
  const mailBox = h("input", { type: "checkbox", "data-testid": "notify-email" });
  mailBox.checked = Boolean(choice.email);
  const save = (push) => call("PUT", `${base}/notify`, {
    push, email: mailBox.checked, address: address.value.trim() || null, lang: lang(),
  });

  const turnOn = async () => {
    const permission = await Notification.requestPermission(); // asked only now, after the click
    if (permission !== "granted") throw new Error("notify.denied");
    const registration = await navigator.serviceWorker.register(SW);
    await activated(registration);
    let subscription;
    try {
      subscription = (await registration.pushManager.getSubscription())
        || (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(server.public_key) }));
    } catch {
      throw new Error("notify.failed");
    }
    await call("POST", `${base}/push`, subscription.toJSON());
    await save(true);
  };
  const turnOff = async () => {
    const subscription = await currentSubscription();
    if (subscription) {
      await call("DELETE", `${base}/push`, { endpoint: subscription.endpoint }).catch(() => {});
      await subscription.unsubscribe();
    }
    await save(false);
  };
  pushBox.onchange = async () => {
    pushBox.disabled = true;
    try {
      if (pushBox.checked) await turnOn();
      else await turnOff();
      say(t(pushBox.checked ? "notify.pushOn" : "notify.pushOff"), true);
    } catch (err) {
      pushBox.checked = !pushBox.checked;
      say(err instanceof ApiError ? errorText(err.error) : t(err.message === "notify.failed" ? "notify.failed" : "notify.denied"));
    } finally {
      pushBox.disabled = false;
    }
  };
  if (!pushable()) pushBox.disabled = true;
  if (!server.public_key) pushBox.disabled = true;
  const pushNote = !pushable() ? t("notify.noBrowser") : !server.public_key ? t("notify.noServer") : null;

  const submit = async (event) => {
    event.preventDefault();
    try {
      await save(pushBox.checked);
      say(t("notify.saved"), true);
    } catch (err) {
      say(errorText(err.error));
    }
  };
  if (!server.email) {
    mailBox.disabled = true;
    address.disabled = true;
  }
  return h("section", { class: "card-panel", "data-testid": "notify" },
    h("h2", {}, t("notify.title")),
    h("p", {}, t("notify.why")),
    h("p", {}, h("label", {}, pushBox, " ", t("notify.push"))),
    pushNote ? h("p", { class: "muted" }, pushNote) : null,
    h("form", { class: "inline-form", onsubmit: submit, "data-testid": "notify-form" },
      h("label", { class: "field" }, h("span", {}, t("notify.address")), address),
      h("label", {}, mailBox, " ", t("notify.email")),
      h("button", { type: "submit", disabled: !server.email }, t("notify.save"))),
    server.email ? null : h("p", { class: "muted" }, t("notify.noEmail")),
    line);
}
