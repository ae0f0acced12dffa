"""House rules: where tapete decided what the printed rulebook leaves open
or gets wrong, said to the players in their words (es and en).

Each game lists its decisions in `games/<g>/house_rules.py` and names them
in `Game.house_rules`; `Game.rules_text` ends with them, so the rules page
and `tapete rules` show a group where the table decided and which option of
the new-table form changes it. No rule id
and no option key goes into a sentence: an option is named by its label.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

_RULE_ID = re.compile(r"\s*\([A-Z]{3}-\d+\)")


@dataclass(frozen=True)
class HouseRule:
    es: str
    en: str
    option: str | None = None  # the key of the option that changes it, if any


HEADING = {
    "es": "## Reglas de la casa\nDonde el reglamento impreso calla o se equivoca, tapete decidió así:",
    "en": "## House rules\nWhere the printed rulebook is silent or wrong, tapete decided this way:",
}
CHANGED_BY = {"es": "Lo cambia la opción «{label}».", "en": "The option “{label}” changes it."}


def option_label(schema: Iterable[Mapping[str, Any]], key: str, lang: str) -> str:
    """The option's name as the new-table form shows it, without a rule id."""
    for entry in schema:
        if entry["key"] == key:
            return _RULE_ID.sub("", entry["label"][lang]).strip()
    raise KeyError(f"no option {key!r}")


def house_rules_text(rules: Sequence[HouseRule], schema: Sequence[Mapping[str, Any]], lang: str) -> str:
    """The house rules as a Markdown section to append to a rules text."""
    lang = "es" if lang == "es" else "en"
    lines = ["", HEADING[lang]]
    for rule in rules:
        sentence = rule.es if lang == "es" else rule.en
        if rule.option is not None:
            sentence += " " + CHANGED_BY[lang].format(label=option_label(schema, rule.option, lang))
        lines.append(f"- {sentence}")
    return "\n".join(lines) + "\n"
