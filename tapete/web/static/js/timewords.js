// Stretches of time in words ("3 días", "23 h", "2 days 23 h"): a turn-based table's clocks run for
// hours and days, which no one reads well in seconds. Loaded with "My games" and by a table whose
// clocks run that long (a first visit does without it).

import { addStrings, t } from "./i18n.js";
import { useLongClock } from "./util.js";

addStrings({
  "time.minutes": { es: "{n} min", en: "{n} min" },
  "time.hours": { es: "{n} h", en: "{n} h" },
  "time.days": { es: "{n} días", en: "{n} days", es1: "{n} día", en1: "{n} day" },
  // a clock of an hour or more (util.js's clockText; under an hour, the clock's own strings in seconds)
  "prompt.clockLong": { es: "te quedan {time}", en: "{time} left" },
  "prompt.clockShortLong": { es: "⏱ {time}", en: "⏱ {time}" },
  "badge.clockLong": { es: "◔ {time}", en: "◔ {time}" },
  "badge.clockLabelLong": { es: "le quedan {time}", en: "{time} left" },
});

/** A stretch of time in words: minutes under an hour, hours under two days, then days (and hours). */
export function timeWords(seconds) {
  if (seconds < 3600) return t("time.minutes", { n: Math.max(1, Math.floor(seconds / 60)) });
  if (seconds < 48 * 3600) return t("time.hours", { n: Math.floor(seconds / 3600) });
  const days = t("time.days", { n: Math.floor(seconds / 86400) });
  const hours = Math.floor((seconds % 86400) / 3600);
  return hours ? `${days} ${t("time.hours", { n: hours })}` : days;
}

useLongClock((key, seconds) => t(`${key}Long`, { time: timeWords(seconds) }));
