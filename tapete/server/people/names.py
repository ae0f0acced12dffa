"""Players' names as every seat will read them: one clean line of 1 to 24 characters.

A name is shown to everyone at the table, in browsers and terminals. So it
is normalised (NFC, so that "é" is one way of writing é), and loses what
could act on a reader instead of being read: control characters (an ANSI
escape recolours a terminal, NUL cuts strings), bidirectional overrides
(U+202E turns the rest of a line around), zero-width and other format
characters, unassigned and private code points. Runs of white space become
one space.

Two names that read alike are one name (`name_key`): "Ana", "ana", "ＡＮＡ",
"Аna" (a Cyrillic А) and "Aɴa" (a small capital ɴ) all read as Ana, so no
one may take the name Ana already uses to pass for her. Two seats of one
table are held apart more strictly (`seat_key`): there "CarIa" (a capital
I) reads as "Carla" too, as it does in most fonts.

What reads as what comes from Unicode's data, not from a list of our own:
its confusables (through confusable_homoglyphs: Cyrillic "А" is "A") and
its character names (ᴀ, ɴ, ꜱ are each "LATIN LETTER SMALL CAPITAL" of a
letter; Unicode's confusables leave them out). What shows nothing at all is
the other part of a name's reading: format and control characters, and the
invisible letters of `INVISIBLE`.
"""

from __future__ import annotations

import functools
import re
import unicodedata

NAME_MAX = 24
# Unicode categories removed: control, format (bidi overrides, zero-width), surrogate, private use, unassigned.
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def clean_name(name: str | None) -> str | None:
    """The name as shown to everyone; None when nothing readable is left."""
    if name is None:
        return None
    name = unicodedata.normalize("NFC", name)
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in name
        if unicodedata.category(ch) not in DROPPED_CATEGORIES and ch not in INVISIBLE
    )
    cleaned = " ".join(kept.split())[:NAME_MAX].rstrip()
    return cleaned or None


# Characters drawn as nothing that are not of the dropped categories: Unicode's default-ignorable
# letters and marks (the combining grapheme joiner, Hangul fillers, Khmer invisible vowels, Mongolian
# free variation selectors, variation selectors), and the braille pattern blank (U+2800, a symbol with
# no dot). A name padded with them reads as the name without; a chat line of them only is empty.
INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
    + "".join(chr(c) for c in range(0xE0100, 0xE01F0))
)
NAME_KEY_MAX = 96  # NFKC may make one character several ("ﷺ" is 18): a longer key is cut


@functools.cache
def _reads_as_ascii() -> dict[str, str]:
    """Each non-ASCII character that reads as an ASCII one, and that one, from Unicode's confusables
    (through confusable_homoglyphs): Cyrillic "А" → "A", Greek "ο" → "o". Where it reads as several,
    a letter of its own case is preferred (Cyrillic "І" → "I", not "l")."""
    from confusable_homoglyphs.confusables import confusables_data

    candidates: dict[str, set[str]] = {}
    for char, homoglyphs in confusables_data.items():
        for glyph in (h["c"] for h in homoglyphs):
            if len(char) == 1 and len(glyph) == 1 and char.isascii() != glyph.isascii():
                plain, other = (char, glyph) if char.isascii() else (glyph, char)
                if plain.isprintable():
                    candidates.setdefault(other, set()).add(plain)

    for char, plains in candidates.items():
        if "l" in plains and char.isupper():  # Unicode reads "I" as "l" too; here "I" stays apart from "l"
            plains.add("I")

    def best(char: str, plains: set[str]) -> str:
        return min(plains, key=lambda p: (not (p.isalpha() and p.isupper() == char.isupper()), not p.isalpha(), p))

    found = {char: best(char, plains) for char, plains in candidates.items()}
    found.update(_small_capitals())
    return found


SMALL_CAPITAL = re.compile(r"LATIN LETTER SMALL CAPITAL ([A-Z])")


def _small_capitals() -> dict[str, str]:
    """Latin small capitals as the lower-case letter they are drawn as (ᴀ → a, ɴ → n), by their Unicode
    names: Unicode's confusables hold only ɪ of them. (All are in the Basic Multilingual Plane.)"""
    found: dict[str, str] = {}
    for code in range(0x80, 0x10000):
        char = chr(code)
        named = SMALL_CAPITAL.fullmatch(unicodedata.name(char, ""))
        if named is not None:
            found[char] = named.group(1).lower()
    return found


@functools.cache
def _ascii_alike() -> dict[str, str]:
    """ASCII characters Unicode's confusables read as one another ("I", "l", "1" and "|"; "O" and "0"),
    each as one of its group (a lower-case letter where the group has one)."""
    from confusable_homoglyphs.confusables import confusables_data

    group: dict[str, set[str]] = {}
    for char, homoglyphs in confusables_data.items():
        for glyph in (h["c"] for h in homoglyphs):
            if len(char) == len(glyph) == 1 and char.isascii() and glyph.isascii() and char != glyph:
                joined = group.get(char, {char}) | group.get(glyph, {glyph})
                for member in joined:
                    group[member] = joined

    def best(members: set[str]) -> str:
        return min(members, key=lambda c: (not (c.isalpha() and c.islower()), not c.isalpha(), c))

    return {char: best(members) for char, members in group.items()}


def _as_ascii(text: str) -> str:
    table = _reads_as_ascii()
    return "".join(
        table.get(ch, ch) for ch in text if ch not in INVISIBLE and unicodedata.category(ch) not in DROPPED_CATEGORIES
    )


def name_key(name: str) -> str:
    """What a name reads as, the same for every way of writing it: compatibility forms folded (NFKC:
    fullwidth "Ａ" is "A"), lookalikes of other scripts read as the ASCII letter they look like,
    case folded ("Ana" is "ana"), invisible characters left out. Two names with one key are one name.
    (Within ASCII, "I" and "l" or "O" and "0" stay apart: folding them would join "Ian" and "lan".)"""
    text = _as_ascii(unicodedata.normalize("NFKC", name))  # before folding: Cyrillic "В" reads as "B", "в" not
    text = _as_ascii(unicodedata.normalize("NFKC", text.casefold()))
    return " ".join(text.split())[:NAME_KEY_MAX]


def seat_key(name: str) -> str:
    """What a name reads as beside the others at one table: as `name_key`, and within ASCII too as
    Unicode's confusables read it ("CarIa" with a capital I is "Carla"; "0scar" is "Oscar"). Two seats
    of a table never hold names with one seat key. (Identities keep "Ian" and "lan" apart: not seats.)"""
    alike = _ascii_alike()
    text = _as_ascii(unicodedata.normalize("NFKC", name))
    text = "".join(alike.get(ch, ch) for ch in text)  # before folding: "I" reads as "l", "i" does not
    text = _as_ascii(unicodedata.normalize("NFKC", text.casefold()))
    text = "".join(alike.get(ch, ch) for ch in text)
    return " ".join(text.split())[:NAME_KEY_MAX]
