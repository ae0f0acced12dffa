"""The four labels of a decision, their words, and where a loss falls among them."""

from __future__ import annotations

from typing import Any

from tapete.engine import Game, LossThresholds

GOOD, INACCURACY, MISTAKE, BLUNDER = "good", "inaccuracy", "mistake", "blunder"
LABELS = (GOOD, INACCURACY, MISTAKE, BLUNDER)  # from no loss to the worst

WORDS: dict[str, dict[str, str]] = {
    GOOD: {"es": "bien", "en": "good"},
    INACCURACY: {"es": "imprecisión", "en": "inaccuracy"},
    MISTAKE: {"es": "error", "en": "mistake"},
    BLUNDER: {"es": "error grave", "en": "blunder"},
}
PLURALS: dict[str, dict[str, str]] = {
    GOOD: {"es": "bien", "en": "good"},
    INACCURACY: {"es": "imprecisiones", "en": "inaccuracies"},
    MISTAKE: {"es": "errores", "en": "mistakes"},
    BLUNDER: {"es": "errores graves", "en": "blunders"},
}


def label(loss: float, thresholds: LossThresholds) -> str:
    """The label of a decision that lost `loss` against the best move found."""
    if loss >= thresholds.blunder:
        return BLUNDER
    if loss >= thresholds.mistake:
        return MISTAKE
    if loss >= thresholds.inaccuracy:
        return INACCURACY
    return GOOD


def thresholds_for(game: Game, options: Any) -> LossThresholds:
    """The game's thresholds for a match of these (parsed) options."""
    return game.search_hints.loss_thresholds(options)


def word(name: str, lang: str) -> str:
    return WORDS[name]["es" if lang == "es" else "en"]
