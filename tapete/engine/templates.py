"""Templates of words as text, whatever fills them (engine/words.py fills them).

- Parsing: "{p:{p} roba|robas} {n:una carta|# cartas}." is the parts ("", "p",
  ["{p} roba", "robas"]), (" ", None, None), ("", "n", ["una carta",
  "# cartas"]) and (".", None, None): a selector's options are templates too,
  parsed when chosen.
- Capitals: each sentence of a text starts upper case.
- Marks: a sentence's shape holds a mark where each name goes, to be filled
  with any table's names (`Catalogue.render_shared`).
"""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=4096)
def parsed(template: str) -> tuple[tuple[str, str | None, list[str] | None], ...]:
    """A template as parts, parsed once: (literal text, None, None) or ("", slot name, selector options or None)."""
    parts: list[tuple[str, str | None, list[str] | None]] = []
    i = 0
    while i < len(template):
        start = template.find("{", i)
        if start < 0:
            parts.append((template[i:], None, None))
            break
        if start > i:
            parts.append((template[i:start], None, None))
        end = _closing(template, start)
        name, sep, choices = template[start + 1 : end].partition(":")
        parts.append(("", name, _split_options(choices) if sep else None))
        i = end + 1
    return tuple(parts)


def _closing(template: str, start: int) -> int:
    depth = 0
    for j in range(start, len(template)):
        if template[j] == "{":
            depth += 1
        elif template[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    raise ValueError(f"unclosed slot in {template!r}")


def _split_options(choices: str) -> list[str]:
    options: list[str] = []
    current: list[str] = []
    depth = 0
    for ch in choices:
        if ch == "|" and depth == 0:
            options.append("".join(current))
            current = []
            continue
        depth += ch == "{"
        depth -= ch == "}"
        current.append(ch)
    options.append("".join(current))
    return options


# -- marks: where a name goes in a sentence's shape (`Catalogue.render_shared`) -----
MARK = "\x00"  # ends the mark of a seat's name: the seat as a capital letter, then MARK
MARKS = tuple(chr(ord("A") + seat) + MARK for seat in range(26))


def neutral(name: str) -> bool:
    """Whether a name holds no mark, nothing a count would change (`#`), and leaves a sentence's
    capitals where a mark would: it starts with a word character that is its own capital (a
    capital letter, a digit, CJK...: as `SENTENCE_START` finds them) and holds no stop."""
    first = name[:1]
    return (first.isalnum() or first == "_") and first.upper() == first and not any(c in name for c in ".!?#" + MARK)


def marked_template(marked: str) -> str:
    """A marked sentence as a template for `str.format` with every seat's name."""
    pieces = marked.split(MARK)
    out = []
    for piece in pieces[:-1]:  # each ends with the letter of the seat whose name follows
        out += [piece[:-1].replace("{", "{{").replace("}", "}}"), f"{{{ord(piece[-1]) - ord('A')}}}"]
    out.append(pieces[-1].replace("{", "{{").replace("}", "}}"))
    return "".join(out)


# -- capitals ----------------------------------------------------------------------------
SENTENCE_START = re.compile(r"(^|[.!?] +)([ ¡¿«\"(]*)(\w)")


_MID_SENTENCE = re.compile(r"[.!?] ")
# the letters SENTENCE_START finds: the first after the text's opening marks, each other after a stop
_FIRST_LETTER = re.compile(r"[ ¡¿«\"(]*(\w)")
_NEXT_LETTERS = re.compile(r"[.!?] +[ ¡¿«\"(]*(\w)")


def capitalized(text: str) -> str:
    """Each sentence's first letter upper case, past spaces and opening marks
    ("  tú: 5" -> "  Tú: 5", "¡Espejo! descartas" -> "¡Espejo! Descartas")."""
    if text[:1].isupper() and _MID_SENTENCE.search(text) is None:
        return text  # the common case: one sentence that starts upper case already
    letters = _NEXT_LETTERS.findall(text)
    first = _FIRST_LETTER.match(text)
    if first is not None:
        letters.append(first.group(1))
    found = "".join(letters)
    if found.upper() == found:  # every sentence starts upper case already: no letter to change one by one
        return text
    return SENTENCE_START.sub(lambda m: m.group(1) + m.group(2) + m.group(3).upper(), text)


__all__ = ["MARK", "MARKS", "SENTENCE_START", "capitalized", "marked_template", "neutral", "parsed"]
