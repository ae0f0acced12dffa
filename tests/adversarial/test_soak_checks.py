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
    record = []
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
