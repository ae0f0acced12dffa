"""One name per idea: each way a Bacan round ends is named alike by the message
catalogue (result panel, logs), the web banner and the terminal board, in es and en."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tapete.games.bacan.texts import TERMS
from tapete.tui.games.bacan import RESULTS

I18N = Path(__file__).resolve().parents[3] / "tapete" / "web" / "static" / "js" / "i18n.js"


def web_result(result: str) -> dict[str, str]:
    """The web banner's {es, en} for `result`, read from i18n.js."""
    line = re.search(rf'"bacan\.result\.{result}": \{{ es: "([^"]*)", en: "([^"]*)" \}}', I18N.read_text("utf-8"))
    assert line, f"bacan.result.{result} is missing from i18n.js"
    return {"es": line.group(1), "en": line.group(2)}


def name(text: str) -> str:
    """The name part of a result text: before its score, explanation or stop."""
    return re.split(r"[(:.!]", text.lstrip("¡"), maxsplit=1)[0].strip().lower()


@pytest.mark.parametrize("result", sorted(RESULTS))
@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_round_end_has_one_name_everywhere(result: str, lang: str) -> None:
    catalogue = name(TERMS[f"result.{result}"][lang])
    web = name(web_result(result)[lang])
    terminal = name(RESULTS[result][0 if lang == "es" else 1])
    assert catalogue == web == terminal, (catalogue, web, terminal)
