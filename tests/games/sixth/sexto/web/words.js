// Sexto's words in the browser, es and en.

export default {
  "pitch.sexto": { es: "Juega una carta, roba otra, y gana el duelo.", en: "Play a card, draw another, and win the duel." },
  "summary.sexto": { es: "Cubre, juega y compromete cartas.\nGana quien más suma.", en: "Cover, play and commit cards.\nThe highest score wins." },
  "keys.sexto": { es: "Teclado: usa la pestaña Jugadas.", en: "Keys: use the Moves tab." },
  "sexto.hand": { es: "Tus fichas", en: "Your chips" },
  "sexto.top": { es: "Arriba", en: "On top" },
};
