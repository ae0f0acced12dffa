"""`tapete serve`: the table server (lobby API and one WebSocket per seat).

Its flags are the few below (where and how to run) and every field of the server's
settings, made from `tapete.server.settings.setting_flags` — the same list
`python -m tapete.server` and `python -m tapete.server.workers` are made from. Reading
that list imports the server (half a second), so the command is made only when it runs
or shows its help (`TapeteGroup.resolve_command`): `tapete --help` and the other commands
never wait for it.
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any

import typer

from .options import LangOpt, check_count, check_lang
from .output import fail

HostOpt = Annotated[str, typer.Option(help="address to listen on")]
PortOpt = Annotated[int, typer.Option(help="TCP port")]
LogLevelOpt = Annotated[str, typer.Option(help="debug | info | warning")]
WorkersOpt = Annotated[
    int, typer.Option(help="server processes on this port (more than 1 needs --db postgresql://... and --redis)")
]


def serve() -> None:
    """Start the table server: lobby API and one WebSocket per seat."""
    raise AssertionError("tapete serve runs the command made by tapete.cli.serve.command()")


def start(
    host: HostOpt = "127.0.0.1",
    port: PortOpt = 8000,
    log_level: LogLevelOpt = "info",
    workers: WorkersOpt = 1,
    lang: LangOpt = "es",
    **settings: Any,
) -> None:
    """Check the flags, then run one server process, or `workers` of them on one port."""
    check_lang(lang)
    check_count("--port", port, lang, low=1, high=65535)
    check_count("--workers", workers, lang, low=1, high=64)
    if log_level not in ("debug", "info", "warning"):
        fail(
            lang,
            f"--log-level espera debug, info o warning, no {log_level!r}.",
            f"--log-level expects debug, info or warning, not {log_level!r}.",
        )
    from tapete.server.main import run
    from tapete.server.settings import settings_from

    chosen = settings_from(settings)
    if workers > 1 or chosen.redis_url:
        from tapete.server.workers import serve as serve_workers

        serve_workers(chosen, host, port, log_level, workers)
        return
    run(chosen, host, port, log_level)


def command() -> typer.core.TyperCommand:
    """`tapete serve` with all its flags: start's own, then one per server setting."""
    from tapete.server.settings import SETTINGS_PANEL, setting_flags

    own = [
        p
        for p in inspect.signature(start, eval_str=True).parameters.values()
        if p.kind is p.KEYWORD_ONLY or p.kind is p.POSITIONAL_OR_KEYWORD
    ]
    made = []
    for flag in setting_flags():
        names = (f"{flag.flags[0]}/--no-{flag.flags[0][2:]}",) if flag.kind is bool else flag.flags
        kind = flag.kind if flag.kind is bool or flag.default is not None else flag.kind | None
        option = typer.Option(*names, help=flag.help, envvar=flag.envvar, rich_help_panel=SETTINGS_PANEL)
        made.append(
            inspect.Parameter(
                flag.field, inspect.Parameter.KEYWORD_ONLY, default=flag.default, annotation=Annotated[kind, option]
            )
        )

    def run(**values: Any) -> None:
        start(**values)

    run.__signature__ = inspect.Signature([*own, *made])  # type: ignore[attr-defined]
    run.__doc__ = serve.__doc__
    single = typer.Typer(add_completion=False)
    single.command(name="serve")(run)
    made_command = typer.main.get_command(single)
    assert isinstance(made_command, typer.core.TyperCommand)
    return made_command
