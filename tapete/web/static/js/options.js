// A table's options in words, for the new-table form and the table's own list of options.

import { t, tx } from "./i18n.js";

/** Whether a game option matters with these options (its `only_when`, from the schema). */
export function optionShown(option, options) {
  return !option.only_when || Object.entries(option.only_when).every(([key, values]) => values.includes(options[key]));
}

/** An option's value in words: the game's own label for it, ours, or the value itself. */
export function optionValue(key, value, option = null) {
  if (typeof value === "boolean") return t(value ? "opt.yes" : "opt.no");
  const named = option?.choice_labels?.find((c) => c.value === value);
  if (named && (named.es !== String(value) || named.en !== String(value))) return tx(named);
  const choice = `choice.${key}.${value}`;
  const text = t(choice, {}, null);
  return text ?? String(value);
}
