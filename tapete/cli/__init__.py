"""The `tapete` command: one module per command (rules, games, play, story, simulate, bench,
replay, analyze, serve, tournament, report, train, export), registered here on one Typer app, in that order.

Every command checks its input first (tapete.cli.options): bad input is one sentence in
`--lang` and exit code 2, and so are the command line's own parse errors (tapete.cli.group).
What the commands print goes through tapete.cli.output.
"""

from __future__ import annotations

import typer

# (BLAS threads: one per process, set by tapete/__init__.py before numpy loads)
from . import analyze, bench, export, games, play, replay, report, rules, serve, simulate, story, tournament, train
from .group import TapeteGroup
from .output import console

__all__ = ["app", "console"]

app = typer.Typer(
    cls=TapeteGroup, help="tapete: juega y estudia / play and study Bacan, Buracco, Nacho Loco, Boon, WANTED."
)

for _command in (
    rules.rules,
    games.games,
    play.play,
    story.story,
    simulate.simulate,
    bench.bench,
    replay.replay,
    analyze.analyze,
    serve.serve,
    tournament.tournament,
    report.report,
    train.train,
    export.export,
):
    app.command()(_command)
