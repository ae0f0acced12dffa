"""`tapete train GAME`: train the game's learned bot (extra `train`: PyTorch, CPU build).

Actors label decisions with tapete's search in worker processes (`--jobs`) or
on Ray (`--ray`); the learner fits the move-scoring network between their
results; every few minutes a checkpoint (`--resume` goes on from it) and an
evaluation against the heuristic (the learning curve). The model is written
into `--out` in the form `tapete/models/` ships (docs/models/)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .options import (
    GameArg,
    JobsOpt,
    LangOpt,
    OptionOpt,
    PlayersOpt,
    RayOpt,
    check_count,
    check_lang,
    check_seed,
    output_folder,
    parse_option_pairs,
    pick_game,
    pick_players,
)
from .output import console, fail, say

METHODS = ("forks", "montecarlo", "search")


def train(
    game_id: GameArg,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    hours: Annotated[float, typer.Option(help="wall-clock hours to train (more than 0, at most 24)")] = 1.0,
    jobs: JobsOpt = 2,
    ray: RayOpt = None,
    out: Annotated[Path, typer.Option(help="the run's folder: checkpoints, curve, model")] = Path("train-out"),
    resume: Annotated[bool, typer.Option("--resume", help="go on from the checkpoint in --out")] = False,
    seed: Annotated[int, typer.Option(help="the run's seed")] = 1,
    method: Annotated[
        str,
        typer.Option(
            help="forks (moves played on from copies of the match) | montecarlo (valued by the rounds that"
            " followed) | search (by tapete's search on resampled worlds)"
        ),
    ] = "forks",
    worlds: Annotated[int, typer.Option(help="with --method search: sampled worlds per labelled decision")] = 12,
    eval_every: Annotated[float, typer.Option(help="minutes between evaluations against the heuristic")] = 10.0,
    eval_matches: Annotated[int, typer.Option(help="matches per evaluation")] = 100,
    lang: LangOpt = "es",
) -> None:
    """Train the game's learned bot (extra train: PyTorch)."""
    check_lang(lang)
    game = pick_game(game_id, lang)
    options = parse_option_pairs(game, option, lang)
    n = pick_players(game, players, options, lang)
    if not (0 < hours <= 24):
        fail(
            lang,
            f"--hours son horas: más de 0 y como mucho 24, no {hours:g}.",
            f"--hours is hours: more than 0 and at most 24, not {hours:g}.",
        )
    check_count("--jobs", jobs, lang, high=256)
    if method not in METHODS:
        fail(
            lang,
            f"--method: {method!r} no es un método; elige {', '.join(METHODS)}.",
            f"--method: {method!r} is not a method; choose {', '.join(METHODS)}.",
        )
    check_count("--worlds", worlds, lang, low=2, high=1000)
    check_count("--eval-matches", eval_matches, lang, high=100_000)
    if not (0 < eval_every <= 24 * 60):
        fail(
            lang,
            f"--eval-every son minutos: más de 0, no {eval_every:g}.",
            f"--eval-every is minutes: more than 0, not {eval_every:g}.",
        )
    check_seed(seed, lang)
    if game.encoder_type is None:
        fail(
            lang,
            f"{game.name['es']} aún no tiene codificación para aprender.",
            f"{game.name['en']} has no encoding to learn from yet.",
        )
    try:
        import torch  # noqa: F401
    except ImportError:
        fail(
            lang,
            "Entrenar necesita PyTorch: pip install torch==2.13.0 y luego pip install 'tapete[train]' (make test-rl).",
            "Training needs PyTorch: pip install torch==2.13.0, then pip install 'tapete[train]' (make test-rl).",
        )
    if resume and not (out / "run.json").exists():
        fail(
            lang,
            f"--resume: {out} no tiene un entrenamiento que seguir.",
            f"--resume: {out} holds no run to go on with.",
        )
    output_folder("--out", out, lang)
    from tapete.train.loop import TrainConfig, run

    cfg = TrainConfig(
        game=game.id,
        num_players=n,
        options=options,
        hours=hours,
        jobs=jobs,
        out=str(out),
        seed=seed,
        worlds=worlds,
        method=method,
        eval_every_s=eval_every * 60.0,
        eval_matches=eval_matches,
        ray=ray,
    )
    model = run(cfg, resume=resume, echo=console.print)
    console.print(
        say(lang, f"Modelo: {model} (curva: {out / 'curve.png'})", f"Model: {model} (curve: {out / 'curve.png'})")
    )
