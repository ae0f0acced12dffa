"""One name per idea: each way a Bacan round ends is named alike by the message
catalogue (the result panel and logs of every client) and the terminal board, in es
and en; the browser has no words of its own for them (its result panel is the
catalogue's sentence)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tapete.games.bacan.texts import TERMS
from tapete.tui.games.bacan import RESULTS

I18N = Path(__file__).resolve().parents[3] / "tapete" / "web" / "static" / "js" / "i18n.js"


def name(text: str) -> str:
    """The name part of a result text: before its score, explanation or stop."""
    return re.split(r"[(:.!]", text.lstrip("¡"), maxsplit=1)[0].strip().lower()


@pytest.mark.parametrize("result", sorted(RESULTS))
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_round_end_has_one_name_everywhere(result: str, lang: str) -> None:
    catalogue = name(TERMS[f"result.{result}"][lang])
    terminal = name(RESULTS[result][0 if lang == "es" else 1])
    assert catalogue == terminal, (catalogue, terminal)


def test_the_browser_words_no_round_end_itself() -> None:
    assert "bacan.result." not in I18N.read_text("utf-8")
