// Sexto at the table: the top card and the hand, each a chip; the moves list plays.

import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { chip } from "./art.js";

export default {
  id: "sexto",
  guideCard: (face, name) => chip(face, { label: name }),

  render(ctx) {
    const view = ctx.view;
    return h("div", { class: "sexto" },
      h("p", { class: "sexto-top" }, t("sexto.top"), " ", view.top ? chip(view.top) : "—"),
      h("div", { class: "sexto-hand", "data-testid": "sexto-hand" },
        h("p", {}, t("sexto.hand")),
        (view.hand || []).map((face) => h("span", { class: "sexto-chip" }, chip(face)))));
  },

  ghost: () => h("span"),
};
