"""`tapete serve`, `python -m tapete.server` and `python -m tapete.server.workers` take every
server setting as a flag, made from one list (`tapete.server.settings.setting_flags`): a new
field of ServerSettings is a flag of all three, with its help line, or a test fails here."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields
from typing import Any

import pytest
from typer.testing import CliRunner

import tapete.server.main as server_main
import tapete.server.workers as server_workers
from tapete.cli import app
from tapete.server.settings import ServerSettings, setting_flags

runner = CliRunner()

# A value for every setting that differs from its default, as typed on the command line.
CHANGED = {int: "7", float: "0.25", str: "x-value"}


def changed_args() -> tuple[list[str], dict[str, Any]]:
    args: list[str] = []
    expected: dict[str, Any] = {}
    for flag in setting_flags():
        if flag.kind is bool:
            args.append(f"--no-{flag.flags[0][2:]}" if flag.default else flag.flags[0])
            expected[flag.field] = not flag.default
        else:
            args += [flag.flags[0], CHANGED[flag.kind]]
            expected[flag.field] = flag.kind(CHANGED[flag.kind])
    return args, expected


def test_every_setting_is_a_flag_with_a_help_line() -> None:
    made = setting_flags()
    assert [f.field for f in made] == [f.name for f in fields(ServerSettings)]
    assert all(f.help and f.flags[0] == f"--{f.field.replace('_', '-')}" for f in made)
    shown = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "240"})
    assert shown.exit_code == 0, shown.output
    for flag in made:
        assert flag.flags[0] in shown.output
        assert flag.help.split(" (")[0][:40] in " ".join(shown.output.split()), flag.field
    for name in ("--host", "--port", "--log-level", "--workers", "--lang", "--db", "--redis"):
        assert name in shown.output


def test_tapete_serve_passes_every_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[ServerSettings] = []
    monkeypatch.setattr(server_main, "run", lambda settings, *_: seen.append(settings))
    args, expected = changed_args()
    monkeypatch.setattr(server_workers, "serve", lambda settings, *_: seen.append(settings))
    result = runner.invoke(app, ["serve", *args])
    assert result.exit_code == 0, result.output
    assert {k: getattr(seen[-1], k) for k in expected} == expected
    # the short names `tapete serve` always had
    result = runner.invoke(app, ["serve", "--db", "sqlite:///t.db", "--redis", "redis://r:6379/0"])
    assert result.exit_code == 0, result.output
    assert (seen[-1].db_url, seen[-1].redis_url) == ("sqlite:///t.db", "redis://r:6379/0")


def test_the_server_modules_take_the_same_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[ServerSettings] = []
    monkeypatch.setattr(server_main, "run", lambda settings, *_: seen.append(settings))
    monkeypatch.setattr(server_workers, "serve", lambda settings, *_: seen.append(settings))
    args, expected = changed_args()
    server_main.main(args)
    assert {k: getattr(seen[-1], k) for k in expected} == expected
    server_workers.main(args)
    assert {k: getattr(seen[-1], k) for k in expected} == expected


def test_other_commands_do_not_import_the_server() -> None:
    """The serve command is made when it runs: `tapete --help` and `tapete games` stay quick."""
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from tapete.cli import app\n"
        "for args in (['--help'], ['games']):\n"
        "    assert CliRunner().invoke(app, args).exit_code == 0\n"
        "assert 'tapete.server' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
