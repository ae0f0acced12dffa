"""`tapete analyze RECORD|FOLDER`: checks first (one sentence, exit code 2), then the decisions
in words (es/en) or as JSON, and over a folder the loss per bot and decision type."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tapete.cli import app
from tests.analysis.records import record

runner = CliRunner()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records")
    for seed in (3, 4):
        (path / f"boon-{seed}.json").write_text(json.dumps(record("boon", seed)), encoding="utf-8")
    return path


def _fails(args: list[str], *words: str) -> None:
    result = runner.invoke(app, ["analyze", *args])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert len(result.output.strip().splitlines()) <= 2 and "Traceback" not in result.output
    for word in words:
        assert word in text, text


def test_bad_input_is_one_sentence(folder: Path, tmp_path: Path) -> None:
    one = str(folder / "boon-3.json")
    _fails([one, "--budget", "lavish", "--lang", "en"], "--budget is one of easy, normal, hard")
    _fails([one, "--budget", "lavish"], "--budget es uno de")
    _fails([one, "--seat", "4", "--lang", "en"], "has seats 0 to 3; there is no seat 4")
    _fails([str(tmp_path / "none.json"), "--lang", "en"], "There is no file")
    empty = tmp_path / "empty"
    empty.mkdir()
    _fails([str(empty), "--lang", "en"], "holds no match records")
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "boon"}', encoding="utf-8")
    _fails([str(bad), "--lang", "en"], "The record lacks")
    _fails([one, "--lang", "fr"], "is not a language")


def test_a_record_in_words(folder: Path) -> None:
    result = runner.invoke(app, ["analyze", str(folder / "boon-3.json"), "--seat", "0", "--budget", "easy", "--all"])
    assert result.exit_code == 0, result.output
    assert "Las decisiones de Ana" in result.stdout and "decisiones juzgadas" in result.stdout
    assert "«" in result.stdout  # the moves' own sentences
    english = runner.invoke(
        app, ["analyze", str(folder / "boon-3.json"), "--seat", "0", "--budget", "easy", "--lang", "en"]
    )
    assert english.exit_code == 0 and "Ana's decisions" in english.stdout and "judged" in english.stdout


def test_a_record_as_json_every_seat_by_default(folder: Path) -> None:
    result = runner.invoke(app, ["analyze", str(folder / "boon-3.json"), "--budget", "easy", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "boon" and [a["seat"] for a in data["analyses"]] == [0, 1, 2, 3]
    assert data["analyses"][0]["player"] == {"bot": "random"}


def test_a_folder_gives_the_loss_per_bot_and_decision_type(folder: Path) -> None:
    result = runner.invoke(app, ["analyze", str(folder), "--budget", "easy", "--json", "--seat", "0"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["records"] == 2 and len(data["matches"]) == 2
    random = data["report"]["games"]["boon"]["random"]
    assert random["decisions"] == sum(m["summary"]["judged"] for m in data["matches"])
    assert "play" in random["types"]
    table = runner.invoke(app, ["analyze", str(folder), "--budget", "easy", "--lang", "en"])
    assert table.exit_code == 0, table.output
    assert "Boon: average loss per decision" in table.stdout and "heuristic" in table.stdout
    assert max(len(line) for line in table.stdout.splitlines()) <= 80
