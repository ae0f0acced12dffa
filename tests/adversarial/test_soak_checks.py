"""The soak benchmark's record checks find lost, duplicated and diverged actions."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import orjson

from tapete.games import game_ids, get_game

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_soak.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_soak", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_soak"] = module
    spec.loader.exec_module(module)
    return module


soak = load_bench()


def a_match(length: int) -> tuple[str, int, int, list[tuple[int, int]]]:
    game = get_game(game_ids()[0])
    seed = 4242
    state = game.new_match(game.default_players, seed, {})
    rng = random.Random(1)
    record: list[tuple[int, int]] = []
    while len(record) < length and not state.is_terminal():
        seat = rng.choice(state.required_actors())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.append((seat, action))
    return game.id, game.default_players, seed, record


def test_a_clean_log_passes_and_each_fault_is_counted() -> None:
    game_id, players, seed, record = a_match(12)
    log = soak.TableLog("t", game_id, [0])
    for slot, (seat, action) in enumerate(record):
        if seat == 0:
            log.accepted[slot] = [(seat, action, slot)]
            log.accepted_seqs[seat, slot] = 1
    game = get_game(game_id)
    state = game.new_match(players, seed, {})
    for seat, action in record[:7]:
        state.apply(seat, action)
    log.last_view[0] = (7, orjson.loads(orjson.dumps(state.view(0))))
    verdict = soak.Verdict()
    soak.check_table(log, record, verdict)
    soak.check_views(log, game_id, players, seed, {}, record, verdict)
    assert (verdict.lost, verdict.duplicated, verdict.diverged) == (0, 0, 0)
    assert verdict.accepted == sum(1 for seat, _ in record if seat == 0)

    # an accepted action that the record holds otherwise, a seq accepted twice, a resend counted again,
    # a view that is not the record's
    first = next(slot for slot, (seat, _a) in enumerate(record) if seat == 0)
    altered = list(record)
    altered[first] = (0, record[first][1] + 1)
    verdict = soak.Verdict()
    soak.check_table(log, altered, verdict)
    assert (verdict.lost, verdict.duplicated) == (1, 0)

    doubled = soak.TableLog("t", game_id, [0], accepted=dict(log.accepted), accepted_seqs={(0, 3): 2})
    sent = soak.Sent(seq=9, version=first, index=record[first][1], seat=0, at=0.0, resent=True)
    doubled.resent.append((sent, {"type": "accepted", "seq": 9, "version": first + 5}))
    verdict = soak.Verdict()
    soak.check_table(doubled, record, verdict)
    assert verdict.duplicated == 2

    wrong = soak.TableLog("t", game_id, [0], last_view={0: (7, {"not": "the view"})})
    verdict = soak.Verdict()
    soak.check_views(wrong, game_id, players, seed, {}, record, verdict)
    assert verdict.diverged == 1


def test_memory_is_flat_only_when_the_second_half_does_not_rise() -> None:
    """The soak's memory verdict: a noisy but level second half is flat; a steady creep is not."""
    rng = random.Random(3)
    noisy = [(t * 8.0, 160 + rng.uniform(-6, 6)) for t in range(60)]
    creeping = [(t, mb + t / 60 * 3.4) for t, mb in noisy]  # 3.4 MB a minute
    level = soak.memory_report(noisy, 30.0)
    assert level["rss_flat"] is True and abs(level["rss_growth_second_half_mb_per_min"]) < 1.5, level
    rising = soak.memory_report(creeping, 30.0)
    assert rising["rss_flat"] is False, rising
    assert 2.4 < rising["rss_growth_second_half_mb_per_min"] < 4.4, rising
    assert rising["rss_start_mb"] < rising["rss_mid_mb"] < rising["rss_end_mb"]
    assert soak.memory_report([(0.0, 100.0)], 30.0)["rss_flat"] is None
