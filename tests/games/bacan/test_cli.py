"""Bacan through the command line: rules, a whole plain-prompt match, simulate, bench."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

import tapete.cli as cli
import tapete.cli.plain as plain

runner = CliRunner()


def test_rules_command_in_both_languages() -> None:
    """The guide speaks of mirrors in words; the rulebook (`--full`) names the steal-mirror rule."""
    for lang, guide_word, rule_word in (("es", "espejo ajeno", "Espejo ajeno"), ("en", "steal-mirror", "Steal-mirror")):
        guide = runner.invoke(cli.app, ["rules", "bacan", "--lang", lang])
        words = " ".join(guide.output.split())  # the console wraps lines
        assert guide.exit_code == 0 and guide_word in words and rule_word not in words
        full = runner.invoke(cli.app, ["rules", "bacan", "--lang", lang, "--full"])
        assert full.exit_code == 0 and rule_word in " ".join(full.output.split())


def test_a_human_plays_a_whole_match_at_the_plain_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Peek, draw, swap or use powers, mirrors offered in windows, call Bacan: to the end."""
    rng = random.Random(7)
    prompts: list[str] = []

    def ask(prompt: str, default: Any = None, console: Any = None, **_: Any) -> str:
        prompts.append(prompt)
        assert len(prompts) < 3000
        if "pass" in prompt:  # an optional mirror window
            return "" if rng.random() < 0.85 else "1"
        return str(rng.choice([1, 2, 2, 3]))

    monkeypatch.setattr(plain.Prompt, "ask", staticmethod(ask))
    printed: list[str] = []
    monkeypatch.setattr(cli.console, "print", lambda *a, **k: printed.append(" ".join(str(x) for x in a)))
    monkeypatch.setattr(cli.console, "rule", lambda *a, **k: None)
    plain.play_plain("bacan", 3, "heuristic", 11, ["limit=40"], "en")
    text = "\n".join(printed)
    assert "winners" in text
    assert any("pass" in p for p in prompts), "no mirror window was offered"
    assert "Call Bacan!" in text and "Draw from the deck" in text
    assert "You peek at your cards" in text or "peeks at 0" in text


def test_simulate_json_heuristic_against_random() -> None:
    bots = "heuristic,random,random,random"
    args = ["simulate", "bacan", "--players", "4", "--matches", "20", "--bots", bots, "--json"]
    result = runner.invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["errors"] == 0 and data["completed"] == 20
    assert data["wins"][0] > 10


def test_simulate_stats_counts_comodin_powers_by_option() -> None:
    """BAC-20 through `tapete simulate --stats`: comodín powers from the row
    are counted, and drawn_only has none."""
    counts: dict[str, dict[str, int]] = {}
    for joker_power in ("anywhere", "drawn_only"):
        args = ["simulate", "bacan", "--players", "3", "--matches", "12", "--bots", "heuristic", "--stats", "--json"]
        result = runner.invoke(cli.app, [*args, "--option", f"joker_power={joker_power}", "--seed", "70"])
        assert result.exit_code == 0, result.output
        counts[joker_power] = json.loads(result.output)["counts"]
    assert set(counts["anywhere"]) == {"comodin_power_deck", "comodin_power_pile", "comodin_power_row"}
    assert counts["anywhere"]["comodin_power_row"] > 0
    assert counts["drawn_only"]["comodin_power_row"] == counts["drawn_only"]["comodin_power_pile"] == 0


def test_bench_json_keys() -> None:
    result = runner.invoke(cli.app, ["bench", "bacan", "--seconds", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"actions_per_s", "matches_per_s", "clones_per_s", "roundtrips_per_s"} <= set(data)
