// Helpers for the game views: tappable card buttons, tool bars, flashes.

import { h } from "../dom.js";
import { t } from "../i18n.js";

/**
 * A card as a button. `face` is "" for a face-down card (so the board can
 * flip it when it turns up); `legal` highlights it; `onTap` acts.
 */
export function cardButton({ key, face, art, label, legal, selected, live, onTap, extra, testid, cls }) {
  return h("button", {
    type: "button",
    class: ["card-btn", cls, legal && "legal", selected && "selected", live && "live"],
    "data-key": key,
    "data-face": face ?? "",
    "data-testid": testid || key,
    "aria-label": label,
    "aria-pressed": selected ? "true" : null,
    title: label,
    onclick: onTap,
  }, art, extra || null);
}

/** A tool's button. `short` is a shorter label for a phone's width (the full one stays its
 * accessible name): a bar of five long labels took three rows there and pushed the board off. */
export function toolButton(label, onTap, { active, primary, testid, disabled, key, cls, short } = {}) {
  const text = short ? [h("span", { class: "tool-long" }, label), h("span", { class: "tool-short", "aria-hidden": "true" }, short)] : label;
  return h("button", {
    type: "button",
    class: ["tool", cls, active && "active", primary && "primary"],
    "aria-pressed": active === undefined ? null : String(Boolean(active)),
    "aria-label": short ? label : null,
    "data-testid": testid,
    "data-key": key,
    disabled,
    onclick: onTap,
  }, text);
}

export function toolBar(...buttons) {
  const items = buttons.flat().filter(Boolean);
  return items.length ? h("div", { class: "toolbar", role: "group", "aria-label": t("table.tools") }, items) : null;
}

/** Remember a face shown for a moment (a peek), and redraw when it is over. */
export function flash(ctx, key, face, ms = 3500) {
  ctx.mem.flash ||= new Map();
  const until = Date.now() + ms;
  ctx.mem.flash.set(key, { face, until });
  setTimeout(() => ctx.refresh(), ms + 30);
}

export function flashed(ctx, key) {
  const entry = ctx.mem.flash?.get(key);
  if (!entry) return null;
  if (entry.until < Date.now()) {
    ctx.mem.flash.delete(key);
    return null;
  }
  return entry.face;
}

export function clearFlashes(ctx, prefix) {
  if (!ctx.mem.flash) return;
  for (const key of [...ctx.mem.flash.keys()]) if (key.startsWith(prefix)) ctx.mem.flash.delete(key);
}

export function pill(text, cls = "") {
  return h("span", { class: `pill ${cls}` }, text);
}

export function section(cls, label, ...children) {
  return h("section", { class: cls, "aria-label": label }, ...children);
}
