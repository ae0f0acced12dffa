// The game area of a table: rebuilds a game view from its context, keeps the
// keyboard focus, flips newly shown cards and flies cards between places for
// the events that moved them (draws, discards, mirrors, plays).

import { h } from "./dom.js";

// the smallest the cards get; below it the board scrolls inside its holder, the hand pinned at its foot
const MIN_FIT = 0.45;

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
    this.fit();
    if (focusKey) root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
    if (reducedMotion()) return;
    this.flip(root, oldFaces);
    if (anims.length) requestAnimationFrame(() => this.fly(anims, before, root));
  }

  /** Shrink the cards (the --fit scale of the CSS sizes) until the whole board fits the room its
   * holder has on screen, so the table and the hand are seen without scrolling. Text keeps its size
   * and some rows are as wide as the screen allows, so the largest scale that fits is searched for. */
  fit() {
    const root = this.el;
    const holder = root.parentElement;
    if (!root.isConnected || !holder) return;
    this.watch(holder);
    if (!holder.clientHeight) return;
    const fits = (scale) => {
      root.style.setProperty("--fit", scale.toFixed(3));
      return root.scrollHeight <= holder.clientHeight + 1 && holder.scrollWidth <= holder.clientWidth + 1;
    };
    if (fits(1)) return;
    if (!fits(MIN_FIT)) return; // too much to show even small: the board scrolls, the hand pinned at its foot
    let [low, high] = [MIN_FIT, 1];
    while (high - low > 0.02) {
      const mid = (low + high) / 2;
      if (fits(mid)) low = mid;
      else high = mid;
    }
    fits(low);
  }

  /** Fit again whenever the room changes: a resized window, a longer prompt, more seat chips. */
  watch(holder) {
    if (this.watched === holder || typeof ResizeObserver === "undefined") return;
    this.watcher ||= new ResizeObserver(() => this.fit());
    this.watcher.disconnect();
    this.watcher.observe(holder);
    this.watched = holder;
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
