// The game area of a table: rebuilds a game view from its context, keeps the
// keyboard focus, flips newly shown cards and flies cards between places for
// the events that moved them (draws, discards, mirrors, plays).

import { h } from "./dom.js";

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

function rects(root) {
  const out = new Map();
  for (const el of root.querySelectorAll("[data-key]")) out.set(el.dataset.key, el.getBoundingClientRect());
  return out;
}

function faces(root) {
  const out = new Map();
  for (const el of root.querySelectorAll("[data-key][data-face]")) out.set(el.dataset.key, el.dataset.face);
  return out;
}

export class Board {
  constructor(game) {
    this.game = game;
    this.el = h("div", { class: `game-area game-${game.id}` });
  }

  /** Render `ctx`; `events` are the ones that led here (for animations). */
  update(ctx, events = []) {
    const root = this.el;
    const focusKey = root.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
    const before = rects(root);
    const oldFaces = faces(root);
    const anims = events.length && this.game.animations ? this.game.animations(events, ctx) : [];
    const view = this.game.render(ctx);
    root.replaceChildren(view);
    if (focusKey) root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
    if (reducedMotion()) return;
    this.flip(root, oldFaces);
    if (anims.length) requestAnimationFrame(() => this.fly(anims, before, root));
  }

  flip(root, oldFaces) {
    for (const el of root.querySelectorAll("[data-key][data-face]")) {
      const was = oldFaces.get(el.dataset.key);
      if (was !== undefined && was === "" && el.dataset.face !== "") el.classList.add("flip-in");
    }
  }

  fly(anims, before, root) {
    const after = rects(root);
    for (const anim of anims.slice(0, 6)) {
      const from = before.get(anim.from) || after.get(anim.from);
      const toEl = root.querySelector(`[data-key="${CSS.escape(anim.to)}"]`);
      const to = after.get(anim.to);
      if (!from || !to || !toEl) continue;
      const ghost = h("div", { class: "ghost", "aria-hidden": "true" }, this.game.ghost(anim.face ?? null));
      const width = Math.max(24, Math.min(from.width, 120));
      const height = Math.max(30, Math.min(from.height, 170));
      Object.assign(ghost.style, { left: `${from.left}px`, top: `${from.top}px`, width: `${width}px`, height: `${height}px` });
      document.body.append(ghost);
      toEl.classList.add("landing");
      const dx = to.left + to.width / 2 - (from.left + width / 2);
      const dy = to.top + to.height / 2 - (from.top + height / 2);
      const scale = Math.max(0.4, Math.min(2, to.width / width));
      requestAnimationFrame(() => {
        ghost.style.transform = `translate(${dx}px, ${dy}px) scale(${scale})`;
        ghost.style.opacity = "0.35";
      });
      const done = () => {
        ghost.remove();
        toEl.classList.remove("landing");
      };
      ghost.addEventListener("transitionend", done, { once: true });
      setTimeout(done, 900);
    }
  }
}
