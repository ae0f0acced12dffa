"""Options as given in a request checked against their declared types (a game's or a table's
options schema): no "150" for 150, no 1 for true."""

from __future__ import annotations

from typing import Any

from tapete.protocol import Words

from ..errors import error

OPTION_TYPES: dict[str, type] = {"int": int, "bool": bool, "str": str}


def check_option_types(schema: list[dict[str, Any]], given: dict[str, Any]) -> None:
    """Each option's value of exactly its declared type: no "150" for 150, no 1 for true."""
    declared = {entry["key"]: OPTION_TYPES.get(entry["type"]) for entry in schema}
    for key, value in given.items():
        kind = declared.get(key)
        if kind is not None and type(value) is not kind:
            raise error("option_type", key=key, type=Words(entry_type_es(kind), kind.__name__))


def entry_type_es(kind: type) -> str:
    return {int: "entero", bool: "verdadero o falso", str: "texto"}.get(kind, kind.__name__)
