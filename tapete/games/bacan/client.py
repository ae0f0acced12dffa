"""What the clients must know to show Bacan (tapete.engine.describe): its points in
the clients' default words, the round's end as its result panel, every table option
(the mirrors' reaction window among them) but `pace`: the mirrors are races that need
everyone present, so Bacan is played live only (a turn-based table is refused)."""

from __future__ import annotations

from tapete.engine import ClientFacts

CLIENT = ClientFacts(table_options_off={"pace": {}})
