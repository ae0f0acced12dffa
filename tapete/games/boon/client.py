"""What the clients must know to show Boon (tapete.engine.describe): scores are
victory cards; no reaction window."""

from __future__ import annotations

from tapete.engine import ClientFacts
from tapete.engine.describe import NO_REACTIONS

CLIENT = ClientFacts(
    score_unit={"es": "cartas de victoria", "en": "victory cards"},
    score_text={
        "es": "{n} cartas de victoria",
        "en": "{n} victory cards",
        "es1": "{n} carta de victoria",
        "en1": "{n} victory card",
    },
    table_options_off=NO_REACTIONS,
)
