// Run in the page: which Spanish pieces of the client's texts are still on screen?
// A text is cut at its {placeholders}; pieces shorter than 4 letters, or also
// found in some English text, cannot tell the languages apart and are skipped.
async () => {
  const { STRINGS } = await import("/js/i18n.js");
  // and each game's words that come with its facts from /api/games (its score's words)
  const { gameFacts, gameIds, loadGames } = await import("/js/games/index.js");
  await loadGames();
  const facts = gameIds().flatMap((g) => ["score_unit", "score_text", "rounds_text", "round_text"].map((k) => gameFacts(g)[k]).filter(Boolean));
  const entries = [...Object.values(STRINGS), ...facts];
  const english = entries.flatMap((e) => [e.en, e.en1 || ""]).join("\n").toLowerCase();
  const text = document.body.innerText;
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const left = new Set();
  for (const entry of entries) {
    for (const es of [entry.es, entry.es1].filter(Boolean)) {
      if (es === entry.en) continue;
      for (const raw of es.split(/\{\w+\}/)) {
        const piece = raw.trim().replace(/^[:·,.()—\s]+|[:·,.()—\s]+$/g, "");
        if (piece.length < 4 || !/[a-záéíóúñ]/i.test(piece)) continue;
        if (english.includes(piece.toLowerCase())) continue;
        const word = new RegExp(`(^|[^\\p{L}])${escape(piece)}($|[^\\p{L}])`, "u");
        if (word.test(text)) left.add(piece);
      }
    }
  }
  return [...left];
}
