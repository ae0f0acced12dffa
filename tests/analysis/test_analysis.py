"""tapete.analysis: what an analysis holds, how it reports progress and stops, what it does not
judge, and which evaluator judges (the search, or the network where a model ships)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import tapete.bots.learned as learned
import tapete.models as models
from tapete.analysis import (
    BUDGETS,
    LABELS,
    PASS,
    AnalysisCancelled,
    AnalysisError,
    Report,
    analysis_lines,
    analyze,
    judge,
    label,
    thresholds_for,
)
from tapete.analysis.evaluators import CONFIRMED, UNCONFIRMED, SearchEvaluator
from tapete.analysis.labels import BLUNDER, INACCURACY, MISTAKE
from tapete.bots.learned import network_sizes
from tapete.engine import Event, LossThresholds, MatchRecord, SearchHints
from tapete.engine.replay_cursor import ReplayError
from tapete.games import all_games, get_game

from .records import record


def test_a_loss_falls_among_the_thresholds() -> None:
    t = LossThresholds(0.05, 0.1, 0.2)
    assert [label(x, t) for x in (0.0, 0.049, 0.05, 0.1, 0.19, 0.2, 0.9)] == [
        "good",
        "good",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    with pytest.raises(ValueError):
        LossThresholds(0.2, 0.1, 0.3)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_game_declares_its_own_thresholds(game: Any) -> None:
    """Calibrated per game (docs/analysis.md): the game's search hints declare them."""
    thresholds = thresholds_for(game, game.parse_options({}))
    assert isinstance(thresholds, LossThresholds)
    assert type(game.search_hints).loss_thresholds is not SearchHints.loss_thresholds


def test_an_analysis_is_json_with_a_summary_that_adds_up() -> None:
    rec = record("boon", 3)
    analysis = analyze(rec, 0, "easy")
    data = json.loads(json.dumps(analysis.to_json()))
    summary = data["summary"]
    assert summary["judged"] == len(data["decisions"]) == sum(summary["counts"].values())
    assert set(summary["counts"]) == set(LABELS)
    mine = sum(1 for s, _ in rec["actions"] if s == 0)
    assert summary["judged"] + summary["forced"] + summary["unjudged"] == mine
    for d in data["decisions"]:
        assert d["label"] in LABELS and d["loss"] >= 0 and 0 <= d["step"] < len(rec["actions"])
        assert rec["actions"][d["step"]] == [0, d["played"]["actions"][0]]
        assert d["value"] == d["best_value"] >= d["played_value"] - 1e-9 or d["loss"] == 0
        assert set(d["words"]) == {"es", "en"}
    assert data["evaluator"] == "search" and data["budget"]["name"] == "easy"
    assert data["thresholds"] == thresholds_for(get_game("boon"), get_game("boon").parse_options({})).to_json()


def test_progress_is_reported_and_an_analysis_can_be_cancelled() -> None:
    rec = record("boon", 3)
    seen: list[tuple[int, int]] = []
    analyze(rec, 1, "easy", progress=lambda done, total: seen.append((done, total)))
    total = sum(1 for s, _ in rec["actions"] if s == 1)
    assert seen == [(i, total) for i in range(1, total + 1)]
    calls: list[int] = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 3

    with pytest.raises(AnalysisCancelled):
        analyze(rec, 1, "easy", cancelled=stop)
    assert len(calls) == 4


def test_bad_seats_budgets_and_records_are_refused_in_one_sentence() -> None:
    rec = record("boon", 3)
    with pytest.raises(AnalysisError) as err:
        analyze(rec, 4)
    assert "no seat 4" in err.value.en and "no hay asiento 4" in err.value.es
    with pytest.raises(AnalysisError):
        analyze(rec, 0, "lavish")
    with pytest.raises(ReplayError):
        analyze({**rec, "game": "chess"}, 0)
    broken = {**rec, "actions": [[0, 99999], *rec["actions"]]}
    with pytest.raises(ReplayError):
        analyze(broken, 0, "easy")


def test_forced_moves_and_plan_steps_are_not_judged_plans_are_judged_whole() -> None:
    """WANTED Pandillas: a gang of three cards is one decision (its first commit), the two other
    commits are steps of it."""
    rec = record("wanted", 2, 0, players=3, options={"mode": "pandillas", "deals": 2})
    analysis = analyze(rec, 0, "easy")
    gangs = [d for d in analysis.decisions if len(d.played) == 3]
    assert gangs and analysis.unjudged >= 2 * len(gangs)
    for d in gangs:
        assert d.candidates == 10 and d.type == "commit"
        assert d.words["en"]["played"].startswith("Form the gang")
        steps = [a for s, a in rec["actions"][d.step :] if s == 0][:3]
        assert sorted(steps) == sorted(d.played)


def test_a_mirror_claim_is_judged_against_letting_the_window_go_by() -> None:
    """Bacan: a claim the random seat chose to make in a window it could let go by, judged where it
    was made (`judge`, with the events the seat had seen)."""
    game = get_game("bacan")
    judged = []
    for seed in range(1, 10):
        rec = record("bacan", seed)
        state = game.new_match(len(rec["seats"]), rec["seed"], rec["options"])
        history: list[Event] = []
        for seat, action in rec["actions"]:
            if seat == 0 and 0 not in state.required_actors():
                found = judge(game, state, 0, action, "easy", history=history)
                assert found is not None
                judged.append(found)
            history += state.apply(seat, action)
            if len(judged) == 3:
                break
        if judged:
            break
    assert judged, "the random seat made no claim"
    for d in judged:
        assert d.reaction and d.candidates == 2 and d.type in ("mirror", "mirror_other")
        if d.best != d.played:
            assert d.best == () and d.best_json == ()
            assert d.words["es"]["best"] == "Dejar pasar la ocasión"


def test_the_words_name_no_engine_value() -> None:
    analysis = analyze(record("boon", 3), 0, "easy")
    for lang in ("es", "en"):
        text = "\n".join(analysis_lines(analysis, lang, every=True))
        for token in ("{", "[", "seat", "asiento", "None", "oro-", "azul-", "type"):
            assert token not in text, (token, text)
        assert ("Las decisiones de" if lang == "es" else "'s decisions") in text


def test_the_network_judges_where_the_game_ships_a_model(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("boon")
    encoder = game.encoder(0, 4, game.parse_options({}))
    state, action = network_sizes(encoder)
    rng = np.random.default_rng(0)
    weights = {
        "ws": rng.normal(0, 0.1, (state, 16)),
        "wa": rng.normal(0, 0.1, (action, 16)),
        "b1": np.zeros(16),
        "w2": rng.normal(0, 0.1, (16, 16)),
        "b2": np.zeros(16),
        "w3": rng.normal(0, 0.1, 16),
        "b3": np.zeros(1),
    }
    network = models.QNetwork(weights)
    info = models.ModelInfo("boon", state, action, (16, 16), "0" * 64, {})
    monkeypatch.setattr(models, "available", lambda game_id: game_id == "boon")
    monkeypatch.setattr(learned, "load", lambda game_id: (network, info))
    monkeypatch.setattr(models, "read_info", lambda game_id: info)
    analysis = analyze(record("boon", 3), 0, "easy")
    used = {d.evaluator for d in analysis.decisions}
    assert "network" in used
    for d in analysis.decisions:
        if d.evaluator == "network":
            assert d.worlds == 0
    assert analyze(record("wanted", 3), 0, "easy").evaluator == "search"  # no model for WANTED


@pytest.mark.parametrize("confirmed", [True, False])
def test_a_network_mistake_stands_only_where_the_rollouts_confirm_it(
    monkeypatch: pytest.MonkeyPatch, confirmed: bool
) -> None:
    """Nacho Loco's network judges; a lead from the mistake threshold up is checked on paired
    rollouts (here a stand-in for them: sure of it, or not at all)."""
    asked: list[int] = []

    def confirm(self: SearchEvaluator, position: Any, better: int) -> tuple[float, float, int]:
        asked.append(better)
        return (0.5, 0.01, 64) if confirmed else (0.0, 0.1, 64)

    monkeypatch.setattr(SearchEvaluator, "confirm", confirm)
    analysis = analyze(record("nacho-loco", 1), 0)
    t = analysis.thresholds
    checked = [d for d in analysis.decisions if d.evaluator in (CONFIRMED, UNCONFIRMED)]
    assert checked and len(checked) == len(asked)
    for d in analysis.decisions:
        if d.evaluator == "network":
            assert d.difference < t.mistake and d.worlds == 0
    for d in checked:
        assert d.difference >= t.mistake and d.worlds == 64
        if confirmed:
            assert d.evaluator == CONFIRMED and d.loss == pytest.approx(d.difference)
            assert d.label in (MISTAKE, BLUNDER)
        else:
            assert d.evaluator == UNCONFIRMED and d.loss == pytest.approx(t.inaccuracy)
            assert d.label == INACCURACY


def test_a_report_sums_analyses_per_bot_and_decision_type() -> None:
    report = Report()
    for seed in (3, 4):
        rec = record("boon", seed)
        for seat in (0, 1):
            report.add(analyze(rec, seat, "easy"))
    data = report.to_json()
    assert data["analyses"] == 4
    bots = data["games"]["boon"]
    assert set(bots) == {"random", "heuristic"}
    for tally in bots.values():
        assert tally["decisions"] == sum(t["decisions"] for t in tally["types"].values())
        assert set(tally["types"]) <= {"pass", "take", "bury", "play", "deal"}


def test_records_are_read_as_match_records_too() -> None:
    rec = record("boon", 3)
    assert (
        analyze(MatchRecord.from_json(rec), 0, "easy").to_json()["decisions"]
        == analyze(rec, 0, "easy").to_json()["decisions"]
    )


def test_budgets_are_named() -> None:
    assert list(BUDGETS) == ["easy", "normal", "hard"] and PASS < 0


def test_a_four_player_boon_match_costs_at_most_ten_seconds_of_cpu() -> None:
    """Issue 38's budget: every seat of a 4-player Boon match at the default budget."""
    rec = record("boon", 4)
    analyses = [analyze(rec, seat) for seat in range(4)]
    assert all(a.budget.name == "normal" for a in analyses)
    assert sum(a.cpu_seconds for a in analyses) <= 10.0, [a.cpu_seconds for a in analyses]
