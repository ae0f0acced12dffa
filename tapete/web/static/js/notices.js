// Telling a person it is their turn when they look elsewhere: the tab's title and icon say
// "your turn" while it is; a short sound (off unless chosen) and a browser notification while
// the page is hidden (asked for only after a click on its switch), once per turn.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const PREFIX = "tapete.notice.";
const ICON = document.querySelector("link[rel=icon]");
const PLAIN_ICON = ICON?.getAttribute("href") || "/favicon.svg";
// the tapete icon with a gold dot: a turn waits (a data: URL, which the page's policy allows)
const TURN_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1e5b45"/>'
  + '<rect x="6" y="6" width="16" height="22" rx="3" fill="#fffdf6" stroke="#123a2c" stroke-width="1.5" transform="rotate(-8 14 17)"/>'
  + '<circle cx="24" cy="9" r="7.5" fill="#ff6d3a" stroke="#fff" stroke-width="1.5"/></svg>')}`;

function pref(key) {
  try {
    return localStorage.getItem(PREFIX + key) === "on";
  } catch {
    return false;
  }
}

function setPref(key, on) {
  try {
    localStorage.setItem(PREFIX + key, on ? "on" : "off");
  } catch {
    /* storage disabled: the choice lasts this page only */
  }
}

export const soundOn = () => pref("sound");
export const notifyOn = () => pref("notify") && typeof Notification !== "undefined" && Notification.permission === "granted";

let audio = null;

/** A short soft two-note chime (no file to fetch): Web Audio, once the person has clicked somewhere. */
function chime() {
  window.tapeteChimes = (window.tapeteChimes || 0) + 1; // for the tests: how many times it was asked to sound
  try {
    audio ||= new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    for (const [k, freq] of [[0, 660], [1, 880]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + k * 0.16);
      gain.gain.exponentialRampToValueAtTime(0.15, now + k * 0.16 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + k * 0.16 + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + k * 0.16);
      osc.stop(now + k * 0.16 + 0.32);
    }
  } catch {
    /* no audio here: the title and the icon still tell */
  }
}

/** The page's own name, kept apart so the turn mark comes and goes around it. */
let baseTitle = null;
let marked = false;

/** Say (or stop saying) that it is this person's turn: `turnId` changes with each new turn,
 * so the sound and the notification come once per turn, not at every redraw. */
export function showTurn(mine, turnId, game = "") {
  if (!marked) baseTitle = document.title;
  if (mine) {
    const text = t("notice.yourTurn");
    if (!document.title.startsWith(text)) document.title = `${text} · ${baseTitle}`;
    if (ICON) ICON.setAttribute("href", TURN_ICON);
    marked = true;
    if (turnId !== showTurn.last) {
      showTurn.last = turnId;
      if (soundOn()) chime();
      if (document.hidden && notifyOn()) {
        try {
          const note = new Notification(text, { body: t("notice.body", { game }), tag: "tapete-turn", icon: PLAIN_ICON });
          note.onclick = () => { window.focus(); note.close(); };
        } catch {
          /* a browser that only notifies from a service worker: the title says it */
        }
      }
    }
  } else if (marked) {
    clearTurn();
  }
}
showTurn.last = null;

/** Back to the plain title and icon (leaving the table, the turn passed). */
export function clearTurn() {
  if (marked && baseTitle !== null) document.title = baseTitle;
  if (ICON) ICON.setAttribute("href", PLAIN_ICON);
  marked = false;
}

/** The switches: a sound at your turn, a notification while the page is hidden. Asking the
 * browser's permission happens only here, after the person clicked the switch. */
export function noticeSwitches(redraw) {
  const sound = h("input", {
    type: "checkbox", id: "notice-sound", checked: soundOn(), "data-testid": "notice-sound",
    onchange: (e) => { setPref("sound", e.target.checked); if (e.target.checked) chime(); },
  });
  const supported = typeof Notification !== "undefined";
  const denied = supported && Notification.permission === "denied";
  const notify = h("input", {
    type: "checkbox", id: "notice-notify", checked: notifyOn(), disabled: !supported || denied, "data-testid": "notice-notify",
    onchange: async (e) => {
      const on = e.target.checked;
      setPref("notify", on);
      if (on && Notification.permission === "default") await Notification.requestPermission();
      redraw?.();
    },
  });
  const why = !supported ? t("notice.unsupported") : denied ? t("notice.denied") : null;
  return h("fieldset", { class: "notice-switches", "data-testid": "notice-switches" },
    h("legend", {}, t("notice.title")),
    h("div", { class: "field field-check" }, sound, h("label", { for: "notice-sound" }, t("notice.sound"))),
    h("div", { class: "field field-check" }, notify, h("label", { for: "notice-notify" }, t("notice.notify"))),
    why ? h("small", { class: "muted" }, why) : null);
}
