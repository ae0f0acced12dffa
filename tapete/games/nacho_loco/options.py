"""Nacho Loco options (house rules) with the rulebook's defaults."""

from __future__ import annotations

from dataclasses import dataclass

from tapete.engine import option


@dataclass(frozen=True)
class Options:
    all_contacts_must_match: bool = option(
        True,
        es="Todos los contactos deben coincidir (NAC-4)",
        en="Every contact must match (NAC-4)",
        help_es="Si no, basta con que coincida un contacto y los demás pueden no coincidir.",
        help_en="Otherwise one matching contact is enough and the others may mismatch.",
    )
    target: int = option(
        20,
        es="Puntos para ganar la partida (NAC-17)",
        en="Points to win the match (NAC-17)",
        minimum=1,
        maximum=500,
    )
