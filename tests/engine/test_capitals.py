"""A sentence's capitals: `capitalized` looks for a letter to change before changing any.

Its definition is the substitution `SENTENCE_START` makes (each sentence's
first letter upper case); the quick ways out — one sentence already upper
case, or every sentence's first letter its own capital — must leave every
text as the substitution would. Random texts of the characters that matter
(stops, spaces, opening marks, letters whose capital is two letters or
none) are compared here.
"""

from __future__ import annotations

import random

from tapete.engine.templates import SENTENCE_START, capitalized

ALPHABET = [*'aAzZ .!?¡¿«"(ßǆİé1_\n,:;-', "ŉ", "ﬀ", "ς", "Ω", "tú"]


def substituted(text: str) -> str:
    return SENTENCE_START.sub(lambda m: m.group(1) + m.group(2) + m.group(3).upper(), text)


def test_capitals_fall_where_the_substitution_puts_them() -> None:
    rng = random.Random(2)
    for _ in range(50_000):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(14)))
        assert capitalized(text) == substituted(text), repr(text)
    assert capitalized("¡Espejo! descartas. ya") == "¡Espejo! Descartas. Ya"
