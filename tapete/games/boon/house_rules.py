"""Boon's house rules: the decisions tapete took beyond the printed rulebook."""

from __future__ import annotations

from tapete.engine.house_rules import HouseRule

HOUSE_RULES = (
    HouseRule(
        "Los puntos del oro 4 (4) y del oro 7 al 14 (2 del 7 al 10, 3 del 11 al 14) son de tapete: la tabla "
        "oficial se perdió. La baraja suma 120.",
        "The points of gold 4 (4) and of gold 7 to 14 (2 for 7 to 10, 3 for 11 to 14) are tapete's: the "
        "official table is lost. The deck totals 120.",
    ),
    HouseRule(
        "Los pagos de cartas de victoria siguen la tabla clásica del Sheepshead (3, 2, 1, −1, −2, −3).",
        "Victory-card payouts follow Sheepshead's classic table (3, 2, 1, −1, −2, −3).",
        "payouts",
    ),
)
