"""What the clients must know to show Nacho Loco (tapete.engine.describe): its card
designs as deck data (designs.json), no reaction window."""

from __future__ import annotations

from tapete.engine import ClientFacts
from tapete.engine.describe import NO_REACTIONS

CLIENT = ClientFacts(deck_file="designs.json", table_options_off=NO_REACTIONS)
