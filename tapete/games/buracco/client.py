"""What the clients must know to show Buracco (tapete.engine.describe): hands, not
rounds; the hand's end as its result panel; no reaction window."""

from __future__ import annotations

from tapete.engine import ClientFacts
from tapete.engine.describe import NO_REACTIONS

CLIENT = ClientFacts(
    rounds_text={"es": "Manos jugadas: {n}", "en": "Hands played: {n}"},
    round_text={"es": "mano {n}", "en": "hand {n}"},
    table_options_off=NO_REACTIONS,
)
