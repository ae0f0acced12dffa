"""Names people read for the players: bots' names and levels, in es and en.

A bot at a table is a player like any other: it has a name ("Bruno") and a
level a person understands (Fácil / Normal / Difícil), one name per kind. Which algorithm plays
is for the curious only (a tooltip), never the label.
"""

from __future__ import annotations

from collections.abc import Sequence

# Names that read the same in Spanish and English, one initial each.
BOT_NAMES = ("Ana", "Bruno", "Carmen", "Diego", "Elena", "Félix", "Gloria", "Hugo", "Irene", "Julio")

# One level per kind, one name per level, everywhere a person reads it (the new-table form, the
# stand-in list, the seat chip, the leaderboard, the terminal), in order of strength (GLOSSARY.md).
LEVEL_OF_KIND = {
    "random": "random",
    "heuristic": "easy",
    "ismcts-easy": "normal",
    "ismcts": "hard",
    "ismcts-hard": "very_hard",
    "learned": "expert",
}
LEVEL_WORDS = {
    "random": {"es": "Al azar", "en": "Random"},
    "easy": {"es": "Fácil", "en": "Easy"},
    "normal": {"es": "Normal", "en": "Normal"},
    "hard": {"es": "Difícil", "en": "Hard"},
    "very_hard": {"es": "Muy difícil", "en": "Very hard"},
    "expert": {"es": "Experto", "en": "Expert"},
}
ALGORITHM_WORDS = {
    "random": {"es": "juega al azar", "en": "plays at random"},
    "heuristic": {"es": "reglas del juego bien pensadas (heurística)", "en": "well-thought game rules (heuristic)"},
    "ismcts-easy": {"es": "búsqueda ISMCTS, poco presupuesto", "en": "ISMCTS search, small budget"},
    "ismcts": {"es": "búsqueda ISMCTS", "en": "ISMCTS search"},
    "ismcts-hard": {"es": "búsqueda ISMCTS, mucho presupuesto", "en": "ISMCTS search, large budget"},
    "learned": {"es": "red neuronal entrenada jugando", "en": "neural network trained by play"},
}


def bot_level(kind: str | None, lang: str) -> str:
    """ "Normal" / "Difícil" for a bot kind (an unknown kind, a researcher's module:Class, reads as Normal)."""
    return LEVEL_WORDS[LEVEL_OF_KIND.get(kind or "", "normal")]["es" if lang == "es" else "en"]


def bot_algorithm(kind: str | None, lang: str) -> str:
    """The algorithm behind a bot, for a tooltip."""
    words = ALGORITHM_WORDS.get(kind or "")
    return "" if words is None else words["es" if lang == "es" else "en"]


def bot_name(seat: int, taken: Sequence[str | None] = ()) -> str:
    """A bot's name for `seat`: the seat's own from BOT_NAMES, skipping names people already use."""
    used = {n.casefold() for n in taken if n}
    for k in range(len(BOT_NAMES)):
        name = BOT_NAMES[(seat + k) % len(BOT_NAMES)]
        if name.casefold() not in used:
            return name
    return f"Bot {seat + 1}"


def with_bot_names(names: Sequence[str | None]) -> list[str]:
    """Every seat named: a person's chosen name kept, an unnamed seat given a bot name."""
    out: list[str] = []
    for seat, name in enumerate(names):
        out.append(name if name else bot_name(seat, [*names, *out]))
    return out


__all__ = ["BOT_NAMES", "LEVEL_OF_KIND", "bot_algorithm", "bot_level", "bot_name", "with_bot_names"]
