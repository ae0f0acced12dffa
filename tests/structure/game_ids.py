"""Where a game's id is written: string literals of Python modules (docstrings too), and
string literals or selectors of the browser's files, read without running anything."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterable, Iterator
from pathlib import Path


def id_pattern(ids: Iterable[str]) -> re.Pattern[str]:
    """An id (or its package spelling) standing alone: not part of a longer name
    ("tapete_bacan", "bacan_calls")."""
    spellings = {re.escape(i) for i in ids} | {re.escape(i.replace("-", "_")) for i in ids}
    alternatives = "|".join(sorted(spellings, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{alternatives})(?![A-Za-z0-9_])")


def python_strings(text: str) -> Iterator[tuple[int, str]]:
    """Each string literal of a Python module with its line (f-strings' text included)."""
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.STRING or token.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            yield token.start[0], token.string


JS_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`")
JS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
CSS_COMMENT = re.compile(r"/\*.*?\*/|<!--.*?-->", re.S)


def js_strings(text: str) -> Iterator[tuple[int, str]]:
    """Each string literal of a script (comments left out), with its line."""
    stripped = JS_COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    for m in JS_STRING.finditer(stripped):
        yield stripped.count("\n", 0, m.start()) + 1, m.group()


def css_text(text: str) -> Iterator[tuple[int, str]]:
    """Each line of a style sheet or page, comments left out (class names are its literals)."""
    stripped = CSS_COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    yield from enumerate(stripped.split("\n"), 1)


def literals(path: Path) -> Iterator[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        yield from python_strings(text)
    elif path.suffix == ".js":
        yield from js_strings(text)
    elif path.suffix in (".css", ".html"):
        yield from css_text(text)


def naming(paths: Iterable[Path], ids: Iterable[str], root: Path) -> list[str]:
    """`file:line: literal` for every literal that names one of `ids`."""
    pattern = id_pattern(ids)
    found = []
    for path in paths:
        for line, text in literals(path):
            if pattern.search(text):
                found.append(f"{path.relative_to(root)}:{line}: {text.strip()[:80]}")
    return found
