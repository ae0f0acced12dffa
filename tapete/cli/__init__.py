"""The `tapete` command: one module per command (rules, games, play, story, simulate, bench,
replay, serve, tournament, report, train, export), registered here on one Typer app, in that order.

Every command checks its input first (tapete.cli.options): bad input is one sentence in
`--lang` and exit code 2, and so are the command line's own parse errors (tapete.cli.group).
What the commands print goes through tapete.cli.output.
"""

from __future__ import annotations

import os

# The learned bots' networks multiply small matrices once per decision: BLAS threads cost more
# than they save there (a decision went from ~0.2 ms to ~1.7 ms on a busy machine), and the
# commands run matches in processes of their own (--jobs). Set before numpy is first imported;
# a variable the user set wins.
for _blas in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_blas, "1")

import typer  # noqa: E402

from . import bench, export, games, play, replay, report, rules, serve, simulate, story, tournament, train  # noqa: E402
from .group import TapeteGroup  # noqa: E402
from .output import console  # noqa: E402

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
    serve.serve,
    tournament.tournament,
    report.report,
    train.train,
    export.export,
):
    app.command()(_command)
