"""The analysis judges from what the seat knew, never from the cards shown later: the same
decision in the same information state is judged the same, whatever the hidden cards were."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from tapete.analysis import Evaluator, Position, Verdict, analyze, known_world
from tapete.engine import Event, MatchRecord, replay
from tapete.games import get_game
from tapete.games.bacan.cards import VALUE

from .records import QUICK, record

GAME = get_game("bacan")
OPTIONS = {"limit": 50}


def _blind_call(seed: int) -> tuple[MatchRecord, int]:
    """A Bacan match where the dealer lets nobody peek and the first player calls Bacan at once,
    blind: the record, and the true total of the caller's row."""
    state = GAME.new_match(4, seed, OPTIONS)
    (dealer,) = state.actors()
    none = next(a for a in state.legal_actions(dealer) if state.action_to_json(a) == {"type": "peek_count", "count": 0})
    state.apply(dealer, none)
    (first,) = state.actors()
    call = next(a for a in state.legal_actions(first) if state.action_to_json(a) == {"type": "call_bacan"})
    record = MatchRecord(GAME.id, OPTIONS, seed, [{"bot": "heuristic"}] * 4, [(dealer, none), (first, call)])
    return record, sum(VALUE[c] for c in state.rows[first])


def _pair() -> tuple[MatchRecord, MatchRecord]:
    """Two such matches with the same dealer: in one the caller's row is low (the call may
    succeed), in the other high (it fails)."""
    low: dict[int, Any] = {}
    high: dict[int, Any] = {}
    for seed in range(1, 2_000):
        record, total = _blind_call(seed)
        dealer = record.actions[0][0]
        if total <= 5:
            low.setdefault(dealer, record)
        elif total >= 25:
            high.setdefault(dealer, record)
        both = set(low) & set(high)
        if both:
            dealer = min(both)
            return low[dealer], high[dealer]
    raise AssertionError("no pair of seeds found")


def test_the_same_information_gets_the_same_judgement_whatever_the_hidden_cards() -> None:
    lucky, unlucky = _pair()
    caller = lucky.actions[1][0]
    assert unlucky.actions[1][0] == caller
    before = [replay(GAME, r, 1) for r in (lucky, unlucky)]
    assert before[0].view(caller) == before[1].view(caller)  # the caller knew the same things
    assert before[0].to_json() != before[1].to_json()  # the cards were not the same
    assert known_world(before[0], caller).to_json() == known_world(before[1], caller).to_json()
    after = [replay(GAME, r) for r in (lucky, unlucky)]
    assert after[0].view(None)["scores"] != after[1].view(None)["scores"]  # the calls turned out otherwise
    judged = [analyze(r, caller).to_json()["decisions"] for r in (lucky, unlucky)]
    assert len(judged[0]) == 1 and judged[0] == judged[1]


class _Probe(Evaluator):
    """Records what an analysis hands its evaluator: the events it is told and the worlds it judges in."""

    name = "probe"

    def __init__(self) -> None:
        self.seat = -1
        self.events: list[Event] = []
        self.worlds: list[dict[str, Any]] = []

    def start(self, seat: int, num_players: int, options: Any) -> None:
        self.seat = seat

    def observe(self, events: Sequence[Event]) -> None:
        self.events += events

    def judge(self, position: Position) -> Verdict:
        # what an evaluator can learn of its world: the seat's view, and the worlds sampled from it
        obs = position.obs
        self.worlds.append({"view": obs.view, "sampled": obs.sample(random.Random(0)).to_json()})
        return Verdict(0.5, position.chosen, 0.5, 0.0, dict.fromkeys(position.arms, 0.5), 0, self.name)


@pytest.mark.parametrize("game_id", sorted(QUICK))
def test_an_evaluator_is_told_only_what_the_seat_knew(game_id: str) -> None:
    """In every game, at every decision of a seat: the evaluator has heard only events the seat was
    told, and the world it judges in is the same as for any other deal of the cards the seat could
    not see (another world consistent with its information)."""
    rec = record(game_id, 2)
    game = get_game(game_id)
    seat = 1
    probe = _Probe()
    analysis = analyze(rec, seat, evaluator=probe)
    assert analysis.decisions and len(probe.worlds) == len(analysis.decisions)
    assert probe.events and all(e.visible_to(seat) for e in probe.events)
    parsed = MatchRecord.from_json(rec)
    for d, world in zip(analysis.decisions, probe.worlds, strict=True):
        state = replay(game, parsed, d.step)
        known = known_world(state, seat)
        assert world == {"view": state.view(seat), "sampled": known.determinize(seat, random.Random(0)).to_json()}
        for k in (1, 2):
            other = state.determinize(seat, random.Random(k))  # the hidden cards dealt otherwise
            assert other.view(seat) == state.view(seat)
            assert known_world(other, seat).to_json() == known.to_json(), (d.step, k)
