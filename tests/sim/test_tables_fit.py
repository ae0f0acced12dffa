"""Result tables fit 80 columns in either language: names wrap, numbers are
never cut (issue 19, point 7)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from tapete.cli import app, console

runner = CliRunner()

INTERVAL = re.compile(r"\d\.\d{3}-\d\.\d{3}")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_tournament_and_simulate_tables_fit_80_columns(lang: str) -> None:
    assert console.width == 80  # not a terminal: Rich's 80 columns, as in a default terminal
    cases = [
        ["tournament", "wanted", "--bots", "random,heuristic,ismcts-easy", "--matches", "6"],
        ["simulate", "wanted", "-p", "2", "--bots", "ismcts-easy,heuristic", "--matches", "2"],
        ["simulate", "boon", "--bots", "random,heuristic,random,heuristic", "--matches", "4"],
    ]
    for args in cases:
        result = runner.invoke(app, [*args, "--lang", lang])
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        assert all(len(line) <= 80 for line in lines), result.stdout
        assert "…" not in result.stdout
        assert len(INTERVAL.findall(result.stdout)) >= 2  # every interval whole
        headers = ("cuota", "IC 95%") if lang == "es" else ("share", "95% CI")
        assert all(h in result.stdout for h in headers)
        kinds = args[args.index("--bots") + 1].split(",")
        assert all(kind in result.stdout for kind in kinds)  # names whole at 80 columns
