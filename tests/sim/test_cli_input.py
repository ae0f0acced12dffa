"""Every command refuses bad input before any work: exit code 2, one sentence in
the `--lang` chosen, no traceback, nothing written (issue 19, point 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tapete.cli import app
from tapete.games import get_game
from tapete.sim.runner import play_match

runner = CliRunner()


def _record(tmp: Path) -> Path:
    game = get_game("boon")
    result = play_match(game, 4, ["random"] * 4, 5, keep_record=True)
    path = tmp / "boon.json"
    path.write_text(json.dumps(result.record))
    return path


# (command line, a piece of the Spanish sentence, a piece of the English one)
CASES: list[tuple[list[str], str, str]] = [
    # counts
    (["report", "--matches", "-3", "--games", "wanted"], "--matches debe ser un número entero", "--matches must be"),
    (["simulate", "bacan", "--matches", "0"], "--matches debe ser", "--matches must be a whole number"),
    (["simulate", "bacan", "--jobs", "0"], "--jobs debe ser", "--jobs must be"),
    (["simulate", "bacan", "--jobs", "-1"], "--jobs debe ser", "--jobs must be"),
    (["tournament", "boon", "--matches", "-7"], "--matches debe ser", "--matches must be"),
    (["tournament", "boon", "--jobs", "0", "--bots", "random,heuristic"], "--jobs debe ser", "--jobs must be"),
    (["report", "--jobs", "0"], "--jobs debe ser", "--jobs must be"),
    # durations
    (["simulate", "bacan", "--window", "-1"], "--window son segundos", "--window is seconds"),
    (["tournament", "boon", "--window", "-0.5", "--bots", "random,heuristic"], "--window son", "--window is"),
    (["bench", "bacan", "--seconds", "0"], "--seconds son segundos", "--seconds is seconds"),
    (["bench", "bacan", "--seconds", "-2"], "--seconds son segundos", "--seconds is seconds"),
    # seeds
    (["simulate", "bacan", "--seed", "-1"], "--seed debe ser", "--seed must be"),
    (["tournament", "boon", "--seed", "-5", "--bots", "random,heuristic"], "--seed debe ser", "--seed must be"),
    (["report", "--seed", "-1"], "--seed debe ser", "--seed must be"),
    (["play", "bacan", "--seed", "-1"], "--seed debe ser", "--seed must be"),
    # words where numbers go, unknown flags
    (["simulate", "bacan", "--matches", "abc"], "--matches espera un número entero", "--matches expects a whole"),
    (["bench", "bacan", "--seconds", "x"], "--seconds espera un número", "--seconds expects a number"),
    (["simulate", "bacan", "--bogus"], "Opción desconocida: --bogus", "Unknown option: --bogus"),
    # games, options, players
    (["simulate", "chess"], "Juego desconocido", "Unknown game"),
    (["report", "--games", "chess"], "Juego desconocido", "Unknown game"),
    (["rules", "chess"], "Juego desconocido", "Unknown game"),
    (["bench", "chess"], "Juego desconocido", "Unknown game"),
    (["tournament", "chess"], "Juego desconocido", "Unknown game"),
    (["play", "chess"], "Juego desconocido", "Unknown game"),
    (["simulate", "bacan", "-o", "limit=abc"], "debe ser un número entero", "must be"),
    (["simulate", "bacan", "-o", "nonsense=1"], "limit", "limit"),
    (["simulate", "bacan", "-o", "limit"], "--option espera CLAVE=VALOR", "--option expects KEY=VALUE"),
    (["simulate", "wanted", "-p", "4"], "-o mode=tiroteo o -o mode=pandillas", "-o mode=tiroteo or -o mode=pandillas"),
    (["simulate", "bacan", "-p", "1"], "se juega con", "is played by"),
    (["tournament", "buracco", "-p", "3", "--bots", "random,heuristic"], "se juega con", "is played by"),
    # bot lists
    (["simulate", "nacho-loco", "-p", "3", "--bots", "heuristic,random"], "para 3 asientos", "for 3 seats"),
    (["simulate", "bacan", "--bots", "genius"], "Bot desconocido: genius", "Unknown bot: genius"),
    (["simulate", "bacan", "--bots", "random,,random"], "--bots espera tipos de bot", "--bots expects bot kinds"),
    (["tournament", "boon", "--bots", "heuristic"], "Un torneo compara", "A tournament compares"),
    (["tournament", "boon", "--bots", "random,random"], "Un torneo compara", "A tournament compares"),
    (["tournament", "nacho-loco", "--bots", "ismcts,heuristic,heuristic"], "no se reparten", "do not share"),
    (["tournament", "wanted", "--bots", "random,heuristic,random"], "repite", "repeats"),
    (["tournament", "boon", "--bots", "nowhere_mod:Bot,heuristic"], "no se puede importar", "cannot import"),
    (["simulate", "boon", "--bots", "tests.cli.own_bots:NotABot"], "no es una clase de bot", "is not a bot class"),
    (["play", "bacan", "--bots", "genius"], "Bot desconocido", "Unknown bot"),
    (["play", "bacan", "--bots", "tests.cli.own_bots:FirstMoveBot"], "Bot desconocido", "Unknown bot"),
    (["play", "bacan", "--bots", "random,heuristic"], "un solo tipo", "one kind"),
    (["play", "bacan", "--speed", "warp"], "--speed espera", "--speed expects"),
    # plot formats
    (["simulate", "bacan", "--plot-format", "gif"], "--plot-format espera", "--plot-format expects"),
    # joining a server's table
    (["play", "--server", "nope", "--code", "x"], "--server espera una dirección", "--server expects an address"),
    (["play", "--code", "x"], "--server y --code van juntos", "--server and --code go together"),
    # languages and the server
    (["serve", "--port", "0"], "--port debe ser", "--port must be"),
    (["serve", "--workers", "0"], "--workers debe ser", "--workers must be"),
]


def _run(args: list[str], lang: str) -> tuple[int, str, str]:
    result = runner.invoke(app, [*args, "--lang", lang])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("args", "es", "en"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_bad_input_is_one_sentence_in_the_chosen_language(
    args: list[str], es: str, en: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for lang, expected, other in (("es", es, en), ("en", en, es)):
        code, out, err = _run(args, lang)
        assert code == 2, (lang, out, err)
        assert "Traceback" not in out + err
        assert expected in " ".join(err.split()), (lang, err)
        if other != expected:
            assert other not in " ".join(err.split())
    assert list(tmp_path.iterdir()) == []  # nothing was written


def test_paths_that_cannot_be_written_are_refused_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    a_file = tmp_path / "afile"
    a_file.write_text("keep me")
    cases = [
        (["simulate", "bacan", "--plot", "/proc/nope"], "No se puede escribir", "Cannot write"),
        (["simulate", "bacan", "--plot", str(a_file)], "ya es un archivo", "is already a file"),
        (["simulate", "bacan", "--records", str(a_file)], "ya es un archivo", "is already a file"),
        (["simulate", "bacan", "--out", str(tmp_path)], "es una carpeta", "is a folder"),
        (["simulate", "bacan", "--out", "/proc/x/m.jsonl"], "No se puede escribir", "Cannot write"),
        (["tournament", "boon", "--plot", str(a_file), "--bots", "random,heuristic"], "ya es un archivo", "already"),
        (["report", "--out", "/proc/x/balance.md"], "No se puede escribir", "Cannot write"),
        (["report", "--out", str(tmp_path)], "es una carpeta", "is a folder"),
        (["play", "bacan", "--records", str(a_file)], "ya es un archivo", "is already a file"),
    ]
    for args, es, en in cases:
        for lang, expected in (("es", es), ("en", en)):
            code, out, err = _run(args, lang)
            assert code == 2 and "Traceback" not in out + err, (args, out, err)
            assert expected in " ".join(err.split()), (args, err)
    assert a_file.read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_replay_refuses_bad_records(tmp_path: Path) -> None:
    good = _record(tmp_path)
    data = json.loads(good.read_text())
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{nope")
    no_seed = tmp_path / "noseed.json"
    no_seed.write_text(json.dumps({k: v for k, v in data.items() if k != "seed"}))
    a_list = tmp_path / "list.json"
    a_list.write_text("[1, 2]")
    wrong_kind = tmp_path / "kind.json"
    wrong_kind.write_text(json.dumps({**data, "seed": "abc"}))
    bad_action = tmp_path / "action.json"
    bad_action.write_text(json.dumps({**data, "actions": [[0, 999999], *data["actions"]]}))
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps({**data, "game": "chess"}))
    version = tmp_path / "version.json"
    version.write_text(json.dumps({**data, "rules_version": 999}))
    cases = [
        ([str(tmp_path / "missing.json")], "No existe el archivo", "There is no file"),
        ([str(tmp_path)], "es una carpeta", "is a folder"),
        ([str(bad_json)], "no es JSON válido", "is not valid JSON"),
        ([str(a_list)], "no es un registro de partida", "is not a match record"),
        ([str(no_seed)], "le falta seed", "lacks seed"),
        ([str(wrong_kind)], "valores no válidos", "values of the wrong kind"),
        ([str(bad_action)], "La acción 1 del registro", "Action 1 of the record"),
        ([str(unknown)], "Juego desconocido", "Unknown game"),
        ([str(version)], "versión 999", "version 999"),
        ([str(good), "--seat", "7"], "no hay asiento 7", "there is no seat 7"),
        ([str(good), "--seat", "-1"], "no hay asiento -1", "there is no seat -1"),
        ([str(good), "--to", "-1"], "--to debe ser", "--to must be"),
    ]
    for args, es, en in cases:
        for lang, expected in (("es", es), ("en", en)):
            code, out, err = _run(["replay", *args], lang)
            assert code == 2 and "Traceback" not in out + err, (args, out, err)
            assert expected in " ".join(err.split()), (args, lang, err)


def test_a_bad_language_is_said_in_both() -> None:
    for args in (["rules", "bacan"], ["simulate", "bacan"], ["games"], ["report"], ["replay", "x.json"]):
        code, out, err = _run(args, "fr")
        assert code == 2 and "Traceback" not in out + err
        assert "no es un idioma" in err and "is not a language" in err


def test_good_input_still_runs(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tournament", "wanted", "--bots", "random,heuristic,ismcts-easy", "--matches", "6"])
    assert result.exit_code == 0, result.output  # more distinct kinds than seats: every choice is seated
    result = runner.invoke(app, ["simulate", "wanted", "-p", "4", "-o", "mode=pandillas", "--matches", "2"])
    assert result.exit_code == 0, result.output


def test_an_unreachable_ray_cluster_is_a_sentence_too(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    for command in (["simulate", "boon"], ["tournament", "boon", "--bots", "random,heuristic"]):
        for lang, word in (("es", "Ray"), ("en", "Ray")):
            args = [*command, "--matches", "2", "--ray", "ray://127.0.0.1:1", "--out", str(rows)]
            code, out, err = _run(args, lang)
            assert code == 2 and "Traceback" not in out + err, err
            assert word in err and ("necesita" in err or "No se pudo" in err if lang == "es" else "Ray" in err)
            assert not rows.exists()  # no match was played: no file was written


def test_games_lists_the_players_each_mode_allows() -> None:
    result = runner.invoke(app, ["games", "--lang", "en"])
    assert result.exit_code == 0
    wanted = next(line for line in result.stdout.splitlines() if line.startswith("wanted"))
    assert "Duel 2" in wanted and "Shootout 3-10" in wanted and "Gangs 2-10" in wanted
    assert "2 or 4" in next(line for line in result.stdout.splitlines() if line.startswith("buracco"))
