"""What the new-table form and the table's panel read from the games' options: help in
sentences (never a rule id alone), one name per bot level everywhere, options shown only
where they matter (issue 36, finding 7)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tapete.bots import BOT_KINDS
from tapete.engine import options_schema
from tapete.engine.bot_names import LEVEL_OF_KIND, LEVEL_WORDS, bot_level
from tapete.games import all_games, get_game
from tapete.server.settings import TableOptions

RULE_ID = re.compile(r"\b[A-Z]{3}-\d+\b")
I18N = Path(__file__).resolve().parents[2] / "tapete" / "web" / "static" / "js" / "i18n.js"


def schemas() -> list[tuple[str, dict[str, object]]]:
    out = [(game.id, entry) for game in all_games() for entry in game.options_schema()]
    return out + [("table", entry) for entry in options_schema(TableOptions)]


@pytest.mark.parametrize(("owner", "entry"), schemas(), ids=lambda x: x if isinstance(x, str) else x["key"])
def test_option_help_and_labels_are_sentences_without_rule_ids(owner: str, entry: dict[str, object]) -> None:
    label, help_ = entry["label"], entry["help"]
    assert isinstance(label, dict) and isinstance(help_, dict)
    for lang in ("es", "en"):
        assert not RULE_ID.search(label[lang]), (owner, entry["key"], label[lang])
        text = help_[lang]
        assert not RULE_ID.search(text), f"{owner}.{entry['key']} help reads a rule id: {text!r}"
        # a help line, where there is one, is a sentence: words, not a code alone
        assert not text or len(re.findall(r"[^\W\d_]{3,}", text)) >= 3, f"{owner}.{entry['key']}: {text!r}"


def test_wanted_deals_show_only_in_pandillas() -> None:
    schema = {e["key"]: e for e in get_game("wanted").options_schema()}
    assert schema["deals"]["only_when"] == {"mode": ["pandillas"]}
    assert schema["mode"]["only_when"] is None and schema["replays"]["only_when"] is None


def test_every_bot_kind_has_one_level_name_of_its_own() -> None:
    """Form, stand-in list, chip and leaderboard say a level by one name, and no two kinds share one."""
    for lang in ("es", "en"):
        names = [bot_level(kind, lang) for kind in BOT_KINDS]
        assert len(set(names)) == len(names), f"two bot kinds read alike in {lang}: {names}"
    assert bot_level("learned", "es") == "Experto" and bot_level("learned", "en") == "Expert"
    assert set(LEVEL_OF_KIND) == set(BOT_KINDS) and set(LEVEL_OF_KIND.values()) == set(LEVEL_WORDS)


def test_the_browser_names_each_level_as_the_server_does() -> None:
    text = I18N.read_text(encoding="utf-8")
    for kind in BOT_KINDS:
        found = re.search(rf'"level\.{re.escape(kind)}": \{{ es: "([^"]*)", en: "([^"]*)" \}}', text)
        assert found, f"i18n.js has no level.{kind}"
        assert found.groups() == (bot_level(kind, "es"), bot_level(kind, "en")), kind
    # the stand-in list reads the levels' names, not a list of its own
    assert '"choice.stand_in.' not in text
