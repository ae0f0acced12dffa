from __future__ import annotations

from dataclasses import dataclass

import pytest

from tapete.engine import BadOption, option, options_schema, parse_options


@dataclass(frozen=True)
class Sample:
    limit: int = option(150, es="Límite", en="Limit", minimum=1)
    mode: str = option(
        "face", es="Modo", en="Mode", choices=("face", "points"), choice_labels={"face": ("Por cara", "By face")}
    )
    anti: bool = option(False, es="Anti", en="Anti")


def test_defaults_and_coercion_from_strings() -> None:
    assert parse_options(Sample, None) == Sample()
    opts = parse_options(Sample, {"limit": "50", "mode": "points", "anti": "true"})
    assert opts == Sample(limit=50, mode="points", anti=True)


@pytest.mark.parametrize(
    "raw",
    [{"nope": 1}, {"limit": "x"}, {"limit": 0}, {"mode": "other"}, {"anti": "maybe"}, {"limit": True}],
)
def test_bad_options_raise_in_both_languages(raw: dict[str, object]) -> None:
    with pytest.raises(BadOption) as err:
        parse_options(Sample, raw)
    assert err.value.es and err.value.en and err.value.es != err.value.en


def test_schema_lists_labels_defaults_and_choices() -> None:
    schema = {entry["key"]: entry for entry in options_schema(Sample)}
    assert schema["limit"]["default"] == 150 and schema["limit"]["min"] == 1
    assert schema["mode"]["choices"] == ["face", "points"]
    assert schema["mode"]["choice_labels"] == [
        {"value": "face", "es": "Por cara", "en": "By face"},
        {"value": "points", "es": "points", "en": "points"},
    ]
    assert schema["limit"]["choice_labels"] is None
    assert schema["anti"]["type"] == "bool"
    assert schema["limit"]["label"] == {"es": "Límite", "en": "Limit"}


@dataclass
class Mutable:
    limit: int = option(150, es="Límite", en="Limit", minimum=1)


def test_default_options_are_built_once_only_when_immutable() -> None:
    """Every new match asks for its options: frozen defaults are shared, a
    mutable options object is never handed to two matches."""
    assert parse_options(Sample, None) is parse_options(Sample, {}) == Sample()
    assert parse_options(Mutable, None) is not parse_options(Mutable, {})
    assert parse_options(Mutable, None) == Mutable()
