"""Players' names as every seat will read them: one clean line of 1 to 24 characters.

A name is shown to everyone at the table, in browsers and terminals. So it
is normalised (NFC, so that "é" is one way of writing é), and loses what
could act on a reader instead of being read: control characters (an ANSI
escape recolours a terminal, NUL cuts strings), bidirectional overrides
(U+202E turns the rest of a line around), zero-width and other format
characters, unassigned and private code points. Runs of white space become
one space.
"""

from __future__ import annotations

import unicodedata

NAME_MAX = 24
# Unicode categories removed: control, format (bidi overrides, zero-width), surrogate, private use, unassigned.
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def clean_name(name: str | None) -> str | None:
    """The name as shown to everyone; None when nothing readable is left."""
    if name is None:
        return None
    name = unicodedata.normalize("NFC", name)
    kept = "".join(" " if ch.isspace() else ch for ch in name if unicodedata.category(ch) not in DROPPED_CATEGORIES)
    cleaned = " ".join(kept.split())[:NAME_MAX].rstrip()
    return cleaned or None
