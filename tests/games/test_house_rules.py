"""Every game's rules text ends with its house rules, in words, in es and en."""

from __future__ import annotations

import importlib
import re

import pytest

from tapete.engine.house_rules import HEADING, HouseRule, option_label
from tapete.games import all_games, get_game

RULE_ID = re.compile(r"\b[A-Z]{3}-\d+\b")


def _house_rules(game_id: str) -> tuple[HouseRule, ...]:
    module = importlib.import_module(f"tapete.games.{game_id.replace('-', '_')}.house_rules")
    rules: tuple[HouseRule, ...] = module.HOUSE_RULES
    return rules


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_rules_text_ends_with_the_house_rules_in_words(game_id: str, lang: str) -> None:
    game = get_game(game_id)
    text = game.rules_text(lang)
    heading = HEADING[lang].splitlines()[0]
    assert text.count(heading) == 1
    section = text[text.index(heading) :]
    rules = _house_rules(game_id)
    assert rules
    keys = {entry["key"] for entry in game.options_schema()}
    for rule in rules:
        assert rule.es != rule.en and rule.es and rule.en
        assert (rule.es if lang == "es" else rule.en) in section
        if rule.option is not None:
            assert rule.option in keys
            assert option_label(game.options_schema(), rule.option, lang) in section
    assert not RULE_ID.search(section), "a rule id inside the house rules"
    assert not [key for key in keys if "_" in key and key in section], "an option key inside the house rules"


def test_option_labels_lose_their_rule_id() -> None:
    schema = [{"key": "target", "label": {"es": "Puntos para ganar (BUR-23)", "en": "Points to win (BUR-23)"}}]
    assert option_label(schema, "target", "es") == "Puntos para ganar"
    with pytest.raises(KeyError):
        option_label(schema, "nope", "en")


def test_tapete_rules_full_prints_the_house_rules() -> None:
    from typer.testing import CliRunner

    from tapete.cli import app

    result = CliRunner().invoke(app, ["rules", "nacho-loco", "--lang", "en", "--full"])
    assert result.exit_code == 0, result.output
    assert "House rules" in result.output and "no edge" in result.output
