"""What the clients must know to show WANTED (tapete.engine.describe): scores are a
bounty; every battle's breakdown is a result panel (a gangs battle once resolved),
besides the deal's and the tie-break's ends; the outlaws as deck data
(outlaws.json); no reaction window (the commits are simultaneous, not a race)."""

from __future__ import annotations

from tapete.engine import ClientFacts
from tapete.engine.describe import NO_REACTIONS

CLIENT = ClientFacts(
    score_unit={"es": "botín", "en": "bounty"},
    score_text={"es": "botín ${n}", "en": "bounty ${n}"},
    rounds_text={"es": "Repartos jugados: {n}", "en": "Deals played: {n}"},
    round_text={"es": "reparto {n}", "en": "deal {n}"},
    result_events=frozenset({"battle", "deal_over", "stage_over"}),
    result_when={"gangs": {"status": "resolved"}},
    deck_file="outlaws.json",
    table_options_off=NO_REACTIONS,
)
