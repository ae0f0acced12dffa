"""Message templates as parts: literal text, slots and a selector's options (engine/messages.py).

"{p:{p} roba|robas} {n:una carta|# cartas}." is, once parsed, the parts
("", "p", ["{p} roba", "robas"]), (" ", None, None), ("", "n", ["una carta",
"# cartas"]) and (".", None, None): a selector's options are templates too,
parsed when chosen.
"""

from __future__ import annotations

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


__all__ = ["parsed"]
