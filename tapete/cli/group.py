"""The `tapete` command group: `--ray` may come without an address (a Ray cluster
started here), and the command line's own parse errors (a word where a number
goes, an unknown flag) are one sentence in `--lang` and exit code 2, as every
command's own checks (tapete.cli.options) are."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import typer
from rich.markup import escape

try:  # Typer carries its own copy of click since 0.2x; older ones use click itself
    from typer._click import exceptions as click
    from typer._click.core import Command, Context
except ImportError:  # pragma: no cover
    from click import Command, Context  # type: ignore[assignment]
    from click import exceptions as click  # type: ignore[no-redef]

from . import serve
from .options import LANGS
from .output import errors, say

# Commands listed by a stand-in and made only when they run or show their help.
DEFERRED: dict[str, Callable[[], Command]] = {"serve": serve.command}


def _lang_of(args: Sequence[str]) -> str:
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return "es"


def _listed(items: Sequence[str], last: str) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def _param_name(err: click.ClickException) -> str:
    param = getattr(err, "param", None)
    if param is not None:
        opts = getattr(param, "opts", None) or []
        return max(opts, key=len) if opts else (param.human_readable_name or "").upper()
    return getattr(err, "option_name", None) or ""


def usage_sentence(err: click.UsageError, lang: str) -> tuple[str, str]:
    """A parse error of click as (es, en) sentences."""
    en = err.format_message()
    name = _param_name(err)
    if isinstance(err, click.NoSuchOption):
        es = f"Opción desconocida: {err.option_name}."
        en = f"Unknown option: {err.option_name}."
        if err.possibilities:
            near = sorted(err.possibilities)
            es += f" ¿Quisiste decir {_listed(near, 'o')}?"
            en += f" Did you mean {_listed(near, 'or')}?"
        return es, en
    if isinstance(err, click.MissingParameter):
        return f"Falta {name}.", f"Missing {name}."
    if isinstance(err, click.BadParameter):
        wanted = re.search(r"valid (integer|float|number)", err.message)
        if wanted:
            whole = wanted.group(1) == "integer"
            return (
                f"{name} espera {'un número entero' if whole else 'un número'}.",
                f"{name} expects {'a whole number' if whole else 'a number'}.",
            )
        return f"{name}: valor no válido ({err.message}).", f"{name}: {err.message}"
    if isinstance(err, click.BadOptionUsage) and "requires an argument" in err.message:
        return f"{err.option_name} necesita un valor.", f"{err.option_name} needs a value."
    match = re.search(r"No such command '(.*)'", err.message)
    if match:
        return f"Orden desconocida: {match.group(1)!r}.", f"Unknown command: {match.group(1)!r}."
    match = re.search(r"unexpected extra arguments? \((.*)\)", err.message)
    if match:
        return f"Sobran argumentos: {match.group(1)}.", f"Unexpected extra arguments: {match.group(1)}."
    return f"Entrada no válida: {err.message}", en


class TapeteGroup(typer.core.TyperGroup):
    """The `tapete` command group: `--ray` may come without an address (a Ray
    cluster started here), and parse errors are one sentence in `--lang`."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        from tapete.sim.ray_backend import with_ray_default

        args = with_ray_default(args)
        ctx.meta["tapete.args"] = list(args)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        """The command to run; one listed with a stand-in (`tapete serve`, whose flags are made from
        the server's settings) is made now, when it runs or shows its help."""
        name, command, rest = super().resolve_command(ctx, args)
        if name in DEFERRED:
            command = self.commands[name] = DEFERRED[name]()
        return name, command, rest

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as err:
            lang = _lang_of(ctx.meta.get("tapete.args", []))
            lang = lang if lang in LANGS else "es"
            es, en = usage_sentence(err, lang)
            command = err.ctx.command_path if err.ctx is not None else "tapete"
            errors.print(f"[red]{escape(say(lang, es, en))}[/red]", soft_wrap=True)
            errors.print(escape(say(lang, f"Ayuda: {command} --help", f"Help: {command} --help")))
            raise typer.Exit(2) from None
