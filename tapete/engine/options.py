"""Typed, validated game options (house rules).

Each game declares its options as a frozen dataclass whose fields are made
with `option(...)`; the metadata carries labels in es/en and the allowed
values, so the CLI, the server's lobby and the clients read one schema.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from .errors import BadOption

T = TypeVar("T")


def option(
    default: Any,
    *,
    es: str,
    en: str,
    choices: Sequence[Any] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    help_es: str = "",
    help_en: str = "",
    choice_labels: Mapping[Any, tuple[str, str]] | None = None,
    only_when: Mapping[str, Sequence[Any]] | None = None,
) -> Any:
    """A dataclass field with the metadata the schema needs.

    `choice_labels` names each allowed value on screen as (es, en); values
    without a label are shown as they are. `only_when` says the option
    matters only when other options hold one of these values (WANTED's
    deals: `{"mode": ("pandillas",)}`): clients show it only then.
    """
    meta = {
        "choice_labels": dict(choice_labels or {}),
        "only_when": {key: list(values) for key, values in (only_when or {}).items()} or None,
        "es": es,
        "en": en,
        "choices": list(choices) if choices is not None else None,
        "min": minimum,
        "max": maximum,
        "help_es": help_es,
        "help_en": help_en,
    }
    return dataclasses.field(default=default, metadata=meta)


def _coerce(name: str, kind: type, value: Any) -> Any:
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "1", "yes", "si", "sí", "on"):
            return True
        if isinstance(value, str) and value.lower() in ("false", "0", "no", "off"):
            return False
        raise BadOption(
            f"La opción {name} debe ser verdadero o falso, no {value!r}.",
            f"Option {name} must be true or false, not {value!r}.",
        )
    if kind is int:
        if isinstance(value, bool):
            raise BadOption(f"La opción {name} debe ser un número entero.", f"Option {name} must be an integer.")
        try:
            return int(value)
        except (TypeError, ValueError):
            raise BadOption(
                f"La opción {name} debe ser un número entero, no {value!r}.",
                f"Option {name} must be an integer, not {value!r}.",
            ) from None
    if kind is str:
        if not isinstance(value, str):
            raise BadOption(f"La opción {name} debe ser un texto.", f"Option {name} must be a string.")
        return value
    raise BadOption(f"Tipo de opción no admitido: {name}.", f"Unsupported option type: {name}.")


def _field_type(options_type: type, f: dataclasses.Field[Any]) -> type:
    hints = {"bool": bool, "int": int, "str": str}
    t = f.type if isinstance(f.type, type) else hints.get(str(f.type))
    if t is None:
        raise TypeError(f"{options_type.__name__}.{f.name}: option types are bool, int or str")
    return t


_DEFAULTS: dict[type, Any] = {}


def _defaults(options_type: type[T]) -> T | None:
    """The default options, built once and shared when they cannot change
    (a frozen dataclass); every new match asks for them."""
    if options_type not in _DEFAULTS:
        params = getattr(options_type, "__dataclass_params__", None)
        _DEFAULTS[options_type] = options_type() if params is not None and params.frozen else None
    found: T | None = _DEFAULTS[options_type]
    return found


def parse_options(options_type: type[T], raw: Mapping[str, Any] | T | None) -> T:
    """Build a validated options object; unknown keys and bad values raise BadOption."""
    if isinstance(raw, options_type):
        return raw
    if not raw:
        defaults = _defaults(options_type)
        if defaults is not None:
            return defaults
    given: dict[str, Any] = dict(raw or {})  # type: ignore[arg-type]
    fields = {f.name: f for f in dataclasses.fields(options_type)}  # type: ignore[arg-type]
    unknown = sorted(set(given) - set(fields))
    if unknown:
        known = ", ".join(sorted(fields)) or "-"
        raise BadOption(
            f"Opción desconocida: {', '.join(unknown)}. Opciones válidas: {known}.",
            f"Unknown option: {', '.join(unknown)}. Valid options: {known}.",
        )
    values: dict[str, Any] = {}
    for name, value in given.items():
        f = fields[name]
        v = _coerce(name, _field_type(options_type, f), value)
        meta = f.metadata
        if meta.get("choices") is not None and v not in meta["choices"]:
            allowed = ", ".join(str(c) for c in meta["choices"])
            raise BadOption(
                f"Valor no válido para {name}: {v!r}. Valores posibles: {allowed}.",
                f"Invalid value for {name}: {v!r}. Allowed values: {allowed}.",
            )
        if meta.get("min") is not None and v < meta["min"]:
            raise BadOption(
                f"La opción {name} debe ser al menos {meta['min']}.",
                f"Option {name} must be at least {meta['min']}.",
            )
        if meta.get("max") is not None and v > meta["max"]:
            raise BadOption(
                f"La opción {name} debe ser como mucho {meta['max']}.",
                f"Option {name} must be at most {meta['max']}.",
            )
        values[name] = v
    return options_type(**values)


def options_to_json(options: Any) -> dict[str, Any]:
    return dataclasses.asdict(options)


def options_schema(options_type: type) -> list[dict[str, Any]]:
    """The options as data: key, type, default, labels and allowed values."""
    schema = []
    for f in dataclasses.fields(options_type):
        meta = dict(f.metadata)
        label_es, rule = _split_rule(meta["es"])
        label_en, _ = _split_rule(meta["en"])
        schema.append(
            {
                "key": f.name,
                "type": _field_type(options_type, f).__name__,
                "default": f.default,
                "label": {"es": label_es, "en": label_en},
                "rule": rule,  # for a "why?" detail; people read the label without it
                "help": {"es": meta["help_es"], "en": meta["help_en"]},
                "choices": meta["choices"],
                "choice_labels": _choice_labels(meta),
                "only_when": meta.get("only_when"),  # shown only when other options hold these values
                "min": meta["min"],
                "max": meta["max"],
            }
        )
    return schema


_RULE_SUFFIX = re.compile(r"\s*\(([A-Z]{3}-\d+)\)\s*$")


def _split_rule(label: str) -> tuple[str, str | None]:
    """ "Fichas por jugador (BUR-4)" -> ("Fichas por jugador", "BUR-4")."""
    found = _RULE_SUFFIX.search(label)
    return (label, None) if found is None else (label[: found.start()], found.group(1))


def _choice_labels(meta: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    if meta.get("choices") is None:
        return None
    labels = meta.get("choice_labels") or {}
    out = []
    for value in meta["choices"]:
        es, en = labels.get(value, (str(value), str(value)))
        out.append({"value": value, "es": es, "en": en})
    return out
