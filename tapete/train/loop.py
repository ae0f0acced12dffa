"""`tapete train`: actors label decisions with the search, the learner fits the network.

One run is a folder (`--out`): `run.json` (every setting, seed and
version), `curve.jsonl` (a row per evaluation), `checkpoint.pt` and
`buffer.npz` (to `--resume`), `curve.png`, and the model (`<game>.npz`,
`<game>.json`) in the form `tapete/models/` ships. Actors run in worker
processes (`--jobs`) or as Ray tasks (`--ray`); the learner trains between
their results in this process.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from tapete.bots.learned import network_sizes
from tapete.bots.search import round_margin_scale
from tapete.games import get_game

from .evaluate import EvalJob, run_eval
from .forks import ForkSettings, run_forks
from .jobs import Job
from .selfplay import SelfPlaySettings, run_selfplay
from .teacher import TeacherSeats, TeacherSettings, run_actor

CHECKPOINT_EVERY_S = 300.0
METHODS = {
    "forks": "a move-scoring network fitted to paired forks of the true match: each decision's moves played on"
    " by the heuristic from copies of the real position",
    "montecarlo": "Deep Monte-Carlo: a move-scoring network fitted to the values of the rounds that followed each move",
    "search": "expert iteration: a move-scoring network fitted to tapete's paired-rollout search values",
}


@dataclass
class TrainConfig:
    game: str
    num_players: int
    options: dict[str, Any]
    hours: float
    jobs: int = 2
    out: str = "train-out"
    seed: int = 1
    worlds: int = 12
    matches_per_job: int = 10_000  # a job ends after job_seconds of CPU anyway
    job_seconds: float = 20.0
    buffer: int = 400_000
    batch: int = 256
    replay: float = 4.0  # how many times a labelled decision is trained on, on average
    hidden: int = 256
    lr: float = 1e-3
    eval_matches: int = 100
    eval_every_s: float = 600.0
    follow_network: float = 0.5
    explore: float = 0.05
    ray: str | None = None
    margin_scale: float | None = None
    # "forks": each decision's moves played on from copies of the true match (forks.py);
    # "montecarlo": moves valued by the rounds that followed them (selfplay.py);
    # "search": moves valued by tapete's paired-rollout search on resampled worlds (teacher.py)
    method: str = "forks"
    alternatives: int = 2
    epsilon: float = 0.1
    versions: dict[str, str] = field(default_factory=dict)


class Progress:
    """A line of progress on stderr, piped or not: steps, games, win rate, ETA."""

    def __init__(self, total_s: float) -> None:
        self.total_s = total_s
        self.start = time.monotonic()

    def show(self, cfg: TrainConfig, games: int, samples: int, steps: int, win: float | None, loss: float) -> None:
        done = time.monotonic() - self.start
        eta = max(0.0, self.total_s - done)
        rate = f"{win:.3f}" if win is not None else "-"
        line = (
            f"\r{cfg.game}: {done / self.total_s:6.1%} | games {games} | decisions {samples} | "
            f"steps {steps} | loss {loss:.4f} | vs heuristic {rate} | ETA {eta / 60:.1f} min"
        )
        sys.stderr.write(line if sys.stderr.isatty() else line.strip() + "\n")
        sys.stderr.flush()


def run(cfg: TrainConfig, resume: bool = False, echo: Callable[[str], None] = print) -> Path:
    """Train until `cfg.hours` of wall time have passed; return the model's path."""
    import torch

    from .learner import Buffer, Learner  # PyTorch: only here

    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    game = get_game(cfg.game)
    state = game.new_match(cfg.num_players, 0, cfg.options)
    encoder = game.encoder(0, state.num_players, state.options)
    run_file = out / "run.json"
    elapsed_before = 0.0
    totals = {"games": 0, "samples": 0}
    if resume and run_file.exists():
        saved = json.loads(run_file.read_text(encoding="utf-8"))
        cfg.margin_scale = saved["config"]["margin_scale"]
        elapsed_before = float(saved.get("elapsed_s", 0.0))
        totals = saved.get("totals", totals)
    if cfg.margin_scale is None:
        cfg.margin_scale = round_margin_scale(game, cfg.num_players, cfg.options, cfg.seed)
    cfg.versions = _versions(game)
    learner = Learner(*network_sizes(encoder), cfg.seed, cfg.lr, cfg.hidden)
    buffer = Buffer(cfg.buffer)
    if resume and (out / "checkpoint.pt").exists():
        learner.load_state_dict(torch.load(out / "checkpoint.pt", weights_only=False))
        if (out / "buffer.npz").exists():
            buffer.load(str(out / "buffer.npz"))
        echo(f"resumed: {learner.steps} steps, {len(buffer)} decisions, {elapsed_before / 60:.1f} min done")
    budget = cfg.hours * 3600.0 - elapsed_before
    progress = Progress(max(budget, 1.0))
    deadline = time.monotonic() + budget
    methods: dict[str, tuple[Callable[[Job], Any], Any]] = {
        "forks": (
            run_forks,
            ForkSettings(cfg.alternatives, 1.0, cfg.explore, cfg.follow_network, cfg.margin_scale),
        ),
        "montecarlo": (run_selfplay, SelfPlaySettings(epsilon=cfg.epsilon, margin_scale=cfg.margin_scale)),
        "search": (
            run_actor,
            TeacherSeats(TeacherSettings(cfg.worlds, cfg.explore, cfg.follow_network, cfg.margin_scale)),
        ),
    }
    run_job, settings = methods[cfg.method]
    seeds = _seeds(cfg.seed + int(totals["samples"]))
    last_save = last_eval = time.monotonic()
    win: float | None = None
    with _pool(cfg) as submit:
        pending: set[Future[Any]] = set()

        def actor_job() -> Future[Any]:
            weights = learner.net.export() if learner.steps else None
            options = tuple(sorted(cfg.options.items()))
            job = Job(
                cfg.game, cfg.num_players, options, next(seeds), cfg.matches_per_job, settings, weights, cfg.job_seconds
            )
            return submit(run_job, job)

        pending = {actor_job() for _ in range(max(1, cfg.jobs))}
        while time.monotonic() < deadline:
            done, pending = wait(pending, timeout=5.0, return_when=FIRST_COMPLETED)
            for future in done:
                packed, stats = future.result()
                buffer.add(packed)
                totals["games"] += int(stats["matches"])
                totals["samples"] += int(stats["samples"])
                if time.monotonic() < deadline:
                    pending.add(actor_job())
                new = int(stats["samples"])
                if len(buffer) >= cfg.batch:
                    learner.train(buffer, max(1, round(new * cfg.replay / cfg.batch)), cfg.batch)
            now = time.monotonic()
            if now - last_eval >= cfg.eval_every_s and learner.steps:
                win = _evaluate(
                    cfg, learner.net.export(), submit, learner.steps, totals, out, now - progress.start + elapsed_before
                )
                last_eval = time.monotonic()
            if now - last_save >= CHECKPOINT_EVERY_S:
                _checkpoint(out, cfg, learner, buffer, totals, elapsed_before + now - progress.start)
                _write_model(cfg, learner, out, totals, elapsed_before + now - progress.start)
                last_save = now
            progress.show(cfg, totals["games"], totals["samples"], learner.steps, win, learner.last_loss)
        for future in pending:
            future.cancel()
        elapsed = elapsed_before + time.monotonic() - progress.start
        win = _evaluate(cfg, learner.net.export(), submit, learner.steps, totals, out, elapsed)
    _checkpoint(out, cfg, learner, buffer, totals, elapsed)
    progress.show(cfg, totals["games"], totals["samples"], learner.steps, win, learner.last_loss)
    sys.stderr.write("\n")
    model = _write_model(cfg, learner, out, totals, elapsed)
    _plot(out)
    return model


def _seeds(base: int) -> Iterator[int]:
    rng = random.Random(base)
    while True:
        yield rng.getrandbits(63)


class _pool:
    """Submit jobs to worker processes, or to Ray with `cfg.ray`."""

    def __init__(self, cfg: TrainConfig) -> None:
        self.cfg = cfg
        self.executor: ProcessPoolExecutor | None = None

    def __enter__(self) -> Callable[..., Future[Any]]:
        if self.cfg.ray is not None:
            return _ray_submitter(self.cfg.ray, max(1, self.cfg.jobs))
        self.executor = ProcessPoolExecutor(max_workers=max(1, self.cfg.jobs))
        return self.executor.submit

    def __exit__(self, *exc: object) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)


def _ray_submitter(address: str, cpus: int) -> Callable[..., Future[Any]]:
    """Jobs as Ray tasks on the cluster at `address` (`local`: one started here)."""
    from tapete.sim.ray_backend import connect

    ray, _ = connect(address, cpus)
    remote: Any = ray.remote(_call)

    def submit(fn: Callable[[Any], Any], arg: Any) -> Future[Any]:
        future: Future[Any] = remote.remote(fn, arg).future()
        return future

    return submit


def _call(fn: Callable[[Any], Any], arg: Any) -> Any:
    return fn(arg)


def _evaluate(
    cfg: TrainConfig,
    weights: dict[str, np.ndarray],
    submit: Callable[..., Future[Any]],
    steps: int,
    totals: dict[str, int],
    out: Path,
    elapsed: float,
) -> float:
    """The network's share of wins against the heuristic in the other seats, over both cores."""
    jobs = max(1, cfg.jobs)
    per = max(1, cfg.eval_matches // jobs)
    futures = [
        submit(
            run_eval,
            EvalJob(cfg.game, cfg.num_players, tuple(sorted(cfg.options.items())), 10_000 + i * per, per, weights),
        )
        for i in range(jobs)
    ]
    shares = [s for f in futures for s in f.result()]
    win = float(np.mean(shares))
    row = {
        "elapsed_s": round(elapsed, 1),
        "steps": steps,
        **totals,
        "win_vs_heuristic": win,
        "matches": len(shares),
        "fair": 1.0 / cfg.num_players,
    }
    with (out / "curve.jsonl").open("a", encoding="utf-8") as f:
        f.write(json.dumps(row) + "\n")
    return win


def _checkpoint(out: Path, cfg: TrainConfig, learner: Any, buffer: Any, totals: dict[str, int], elapsed: float) -> None:
    import torch

    torch.save(learner.state_dict(), out / "checkpoint.pt.tmp")
    os.replace(out / "checkpoint.pt.tmp", out / "checkpoint.pt")
    buffer.save(str(out / "buffer.tmp.npz"))
    if (out / "buffer.tmp.npz").exists():
        os.replace(out / "buffer.tmp.npz", out / "buffer.npz")
    meta = {"config": asdict(cfg), "totals": totals, "elapsed_s": elapsed, "steps": learner.steps}
    (out / "run.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")


def _write_model(cfg: TrainConfig, learner: Any, out: Path, totals: dict[str, int], elapsed: float) -> Path:
    from tapete.models import write_model

    game = get_game(cfg.game)
    state = game.new_match(cfg.num_players, 0, cfg.options)
    encoder = game.encoder(0, state.num_players, state.options)
    meta = {
        "state_size": network_sizes(encoder)[0],
        "action_size": network_sizes(encoder)[1],
        "hidden": [cfg.hidden, cfg.hidden],
        "method": METHODS[cfg.method],
        "trained_on": {"players": cfg.num_players, "options": cfg.options},
        "margin_scale": cfg.margin_scale,
        "steps": learner.steps,
        "decisions": totals["samples"],
        "games": totals["games"],
        "wall_hours": round(elapsed / 3600.0, 3),
        "seed": cfg.seed,
        "versions": cfg.versions,
    }
    return write_model(cfg.game, learner.net.export(), meta, out)


def _versions(game: Any) -> dict[str, str]:
    import platform

    import torch

    from tapete import __version__

    return {
        "tapete": __version__,
        "rules_version": str(game.rules_version),
        "torch": torch.__version__,
        "numpy": np.__version__,
        "python": platform.python_version(),
    }


def _plot(out: Path) -> None:
    """The learning curve (win share against the heuristic) as curve.png."""
    rows = [json.loads(line) for line in (out / "curve.jsonl").read_text(encoding="utf-8").splitlines() if line]
    if not rows:
        return
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot([r["elapsed_s"] / 3600 for r in rows], [r["win_vs_heuristic"] for r in rows], marker="o")
    ax.axhline(rows[0]["fair"], color="grey", linestyle="--", label="fair share")
    ax.set_xlabel("hours of training")
    ax.set_ylabel("win share vs heuristic")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "curve.png", dpi=100)
    plt.close(fig)
