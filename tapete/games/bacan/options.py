"""Bacan's house rules (every option of rules/bacan.md)."""

from __future__ import annotations

from dataclasses import dataclass

from tapete.engine import option


@dataclass(frozen=True, slots=True)
class Options:
    limit: int = option(
        150,
        es="Límite de puntos (150 normal, 100 intermedia, 50 rápida, o el que decidáis)",
        en="Points limit (150 normal, 100 intermediate, 50 quick, or any you choose)",
        minimum=1,
        maximum=10_000,
        help_es="BAC-4: quien llega al límite queda eliminado.",
        help_en="BAC-4: a player reaching the limit is eliminated.",
    )
    anti_bacan: bool = option(
        False,
        es="Anti Bacan: llegar justo al límite gana la partida",
        en="Anti Bacan: landing exactly on the limit wins the match",
        help_es="BAC-6",
        help_en="BAC-6",
    )
    memory: str = option(
        "classic",
        es="Memoria: clásica (las cartas vistas se ocultan) o asistida (siguen a la vista)",
        en="Memory: classic (seen cards turn face down again) or assisted (they stay shown)",
        choices=("classic", "assisted"),
        choice_labels={"classic": ("Clásica", "Classic"), "assisted": ("Asistida", "Assisted")},
        help_es="BAC-10",
        help_en="BAC-10",
    )
    discard_draw_from_lap: int = option(
        2,
        es="Se puede robar del descarte a partir de la vuelta número",
        en="Taking the discard is allowed from this turn of the round on",
        minimum=1,
        maximum=20,
        help_es="BAC-12: 2 = desde tu segundo turno; 1 = siempre que haya descarte.",
        help_en="BAC-12: 2 = from your second turn; 1 = whenever the pile is not empty.",
    )
    joker_power: str = option(
        "anywhere",
        es="Poder del comodín: en cualquier lugar o solo al robarlo del mazo",
        en="Comodín power: anywhere, or only when drawn from the deck",
        choices=("anywhere", "drawn_only"),
        choice_labels={
            "anywhere": ("En cualquier lugar", "Anywhere"),
            "drawn_only": ("Solo al robar", "Only when drawn"),
        },
        help_es="BAC-20",
        help_en="BAC-20",
    )
    mirror_match: str = option(
        "face",
        es="Espejo por cara (mismo número o poder) o por puntos (los poderes de 10 se igualan)",
        en="Mirror by face (same number or power) or by points (all 10-point powers match)",
        choices=("face", "points"),
        choice_labels={"face": ("Por cara", "By face"), "points": ("Por puntos", "By points")},
        help_es="BAC-21",
        help_en="BAC-21",
    )
