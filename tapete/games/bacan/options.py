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
        help_es="Quien llega al límite de puntos queda eliminado; gana el último que sigue en juego.",
        help_en="A player whose score reaches the limit is out; the last player left wins.",
    )
    anti_bacan: bool = option(
        False,
        es="Anti Bacan: llegar justo al límite gana la partida",
        en="Anti Bacan: landing exactly on the limit wins the match",
        help_es="Sin esta regla, llegar justo al límite también elimina.",
        help_en="Without this rule, landing exactly on the limit is out too.",
    )
    memory: str = option(
        "classic",
        es="Memoria: clásica (las cartas vistas se ocultan) o asistida (siguen a la vista)",
        en="Memory: classic (seen cards turn face down again) or assisted (they stay shown)",
        choices=("classic", "assisted"),
        choice_labels={"classic": ("Clásica", "Classic"), "assisted": ("Asistida", "Assisted")},
        help_es=(
            "En la clásica, una carta que miras se ve unos segundos y vuelve "
            "boca abajo; en la asistida sigue a la vista mientras nadie la mueva."
        ),
        help_en=(
            "In classic, a card you look at shows for a few seconds and turns "
            "face down again; in assisted it stays shown until someone moves it."
        ),
    )
    discard_draw_from_lap: int = option(
        2,
        es="Se puede robar del descarte a partir de la vuelta número",
        en="Taking the discard is allowed from this turn of the round on",
        minimum=1,
        maximum=20,
        help_es="2: desde tu segundo turno de la ronda; 1: siempre que haya una carta en el descarte.",
        help_en="2: from your second turn of the round; 1: whenever there is a card on the discard pile.",
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
        help_es="En cualquier lugar: el comodín sirve también desde el descarte o desde tu fila al empezar el turno.",
        help_en="Anywhere: the comodín works from the discard pile too, or from your row at the start of your turn.",
    )
    mirror_match: str = option(
        "face",
        es="Espejo por cara (mismo número o poder) o por puntos (los poderes de 10 se igualan)",
        en="Mirror by face (same number or power) or by points (all 10-point powers match)",
        choices=("face", "points"),
        choice_labels={"face": ("Por cara", "By face"), "points": ("Por puntos", "By points")},
        help_es=(
            "Por cara: el mismo número, el mismo poder o comodín con comodín. "
            "Por puntos: además, todas las cartas de poder se igualan entre sí."
        ),
        help_en=(
            "By face: the same number, the same power, or comodín with "
            "comodín. By points: besides, every power card matches every other."
        ),
    )
