"""What the clients must know to show Bacan (tapete.engine.describe): its points in
the clients' default words, the round's end as its result panel, every table option
(the mirrors' reaction window among them)."""

from __future__ import annotations

from tapete.engine import ClientFacts

CLIENT = ClientFacts()
