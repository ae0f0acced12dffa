"""The server's errors have one home: the protocol's catalogue (tapete/protocol/error_texts.py).

Every entry is raised somewhere, fills in both languages with the same parameters, has a class
for its code and is named by docs/protocol.md; no raise site in the server writes its own words."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import tapete.bots
import tapete.server.app  # noqa: F401  (every server module with an error class)
from tapete.engine import TapeteError
from tapete.protocol import ERRORS, PHRASES
from tapete.server.errors import ServerError, error, error_class

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "tapete" / "server"
DOC = ROOT / "docs" / "protocol.md"


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_entry_fills_in_both_languages_alike() -> None:
    for error_id, text in ERRORS.items():
        assert fields(text.es) == fields(text.en), error_id
        words = text.words(**dict.fromkeys(fields(text.es), 7))
        assert words.es and words.en and words.es != words.en, error_id


def test_every_code_has_its_class_and_the_statuses_fit() -> None:
    for error_id, text in ERRORS.items():
        cls = error_class(text.code)
        assert cls.code == text.code, error_id
        if text.status is not None:
            assert issubclass(cls, ServerError), error_id
    made = error("body_not_json", detail="x")
    assert made.code == "bad_request" and getattr(made, "status", None) == 422
    assert getattr(error("request_malformed", where="x"), "status", None) == 422
    assert getattr(error("invite_unknown"), "status", None) == 400


def test_every_entry_is_raised_somewhere() -> None:
    sources = "\n".join(path.read_text(encoding="utf-8") for path in SERVER.rglob("*.py"))
    unused = [error_id for error_id in ERRORS if f'"{error_id}"' not in sources]
    assert not unused, f"catalogue entries nobody raises (take them out): {unused}"


def error_classes() -> set[str]:
    names, stack = set(), [TapeteError]
    while stack:
        cls = stack.pop()
        names.add(cls.__name__)
        stack.extend(cls.__subclasses__())
    return names


def test_no_raise_site_writes_its_own_words() -> None:
    """An error's words are the catalogue's: nothing in the server makes an error of words written
    where it is raised (`BadRequest("...", "...")`), nor names a rule of its own (`rule="chat"`)."""
    classes = error_classes()
    found = []
    for path in sorted(SERVER.rglob("*.py")):
        if path.name == "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            callee = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            worded = any(
                isinstance(a, ast.JoinedStr) or (isinstance(a, ast.Constant) and isinstance(a.value, str))
                for a in node.args
            )
            own_rule = any(k.arg == "rule" and isinstance(k.value, ast.Constant) for k in node.keywords)
            if (callee in classes and worded) or own_rule:  # (another process's error passes its rule on)
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {callee}")
    assert not found, found


def test_the_protocol_document_names_every_code_and_phrase() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("### Error codes") :]
    documented = set(re.findall(r"`([a-z_]+)`", table))
    missing = sorted({entry.code for entry in ERRORS.values()} - documented)
    assert not missing, f"docs/protocol.md's error codes do not list {missing}"
    for phrase, words in PHRASES.items():
        assert f"`{phrase}` ({words.es} / {words.en})" in text, phrase
