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

/** Where each shown card is, by its face (the first of equal faces): a move's card flies from
 * the card itself, not from the row or the seat it was in. */
function faceRects(root) {
  const out = new Map();
  for (const el of root.querySelectorAll("[data-face]")) {
    if (el.dataset.face && !out.has(el.dataset.face)) out.set(el.dataset.face, el.getBoundingClientRect());
  }
  return out;
}

const CARD = "[data-face], .mini-tile, .card-btn";

/** One card's box at a place: the place itself when it is a card, else its card of `face`, its
 * last card, or none (a seat's box: the ghost lands in its middle at its own size). */
function cardAt(el, face) {
  if (el.matches(CARD)) return el;
  const cards = [...el.querySelectorAll(CARD)];
  return (face && cards.find((c) => c.dataset.face === face)) || cards[cards.length - 1] || null;
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
    const beforeFaces = faceRects(root);
    const oldFaces = faces(root);
    const anims = events.length && this.game.animations ? this.game.animations(events, ctx) : [];
    const view = this.game.render(ctx);
    root.replaceChildren(view);
    this.fit();
    if (focusKey) root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
    if (reducedMotion()) return;
    this.flip(root, oldFaces);
    if (anims.length) requestAnimationFrame(() => this.fly(anims, before, root, beforeFaces));
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

  /** Each moved card flies at a card's size (never a row's or a seat's) from where it was to the
   * card it became (or the middle of a seat's box), growing or shrinking at most a little. */
  fly(anims, before, root, beforeFaces = new Map()) {
    const after = rects(root);
    const afterFaces = faceRects(root);
    for (const anim of anims.slice(0, 6)) {
      const fromEl = root.querySelector(`[data-key="${CSS.escape(anim.from)}"]`);
      const from = (anim.fromFace && beforeFaces.get(anim.fromFace)) || before.get(anim.from) || after.get(anim.from);
      const toEl = root.querySelector(`[data-key="${CSS.escape(anim.to)}"]`);
      if (!from || !toEl) continue;
      const toCard = cardAt(toEl, anim.face);
      const to = (anim.toFace && afterFaces.get(anim.toFace)) || toCard?.getBoundingClientRect() || after.get(anim.to);
      // the ghost's size: the card it leaves, or (leaving a row or a seat) the card it becomes
      const fromCard = fromEl && !fromEl.matches(CARD) && !anim.fromFace ? cardAt(fromEl, null) : null;
      const size = anim.fromFace || !fromEl || fromEl.matches(CARD) ? from : (fromCard || toCard || toEl).getBoundingClientRect();
      const width = Math.max(20, Math.min(size.width, 120));
      const height = Math.max(28, Math.min(size.height, 170));
      const left = from.left + from.width / 2 - width / 2;
      const top = from.top + from.height / 2 - height / 2;
      const ghost = h("div", { class: "ghost", "aria-hidden": "true" }, this.game.ghost(anim.face ?? null));
      Object.assign(ghost.style, { left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px` });
      document.body.append(ghost);
      toEl.classList.add("landing");
      const dx = to.left + to.width / 2 - (left + width / 2);
      const dy = to.top + to.height / 2 - (top + height / 2);
      const landsOnCard = Boolean(anim.toFace || toCard);
      const scale = landsOnCard ? Math.max(0.5, Math.min(1.25, to.width / width)) : 0.8;
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
