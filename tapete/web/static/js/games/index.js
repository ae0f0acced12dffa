// The table view of each game, by game id.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import bacan from "./bacan.js";
import boon from "./boon.js";
import buracco from "./buracco.js";
import nacho from "./nacho_loco.js";
import wanted from "./wanted.js";

export const GAME_IDS = ["bacan", "buracco", "nacho-loco", "boon", "wanted"];
const MODULES = { bacan, buracco, "nacho-loco": nacho, boon, wanted };
const NAMES = { bacan: "Bacan", buracco: "Buracco", "nacho-loco": "Nacho Loco", boon: "Boon", wanted: "WANTED" };

/** A game with no view of its own: the moves list does the playing. */
function fallback(id) {
  return {
    id,
    render: () => h("div", { class: "card-panel" }, h("p", {}, t("table.noView"))),
    ghost: () => h("span"),
  };
}

export function gameModule(id) {
  return MODULES[id] || fallback(id);
}

export function gameName(id) {
  return NAMES[id] || id;
}
