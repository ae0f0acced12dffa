"""How the guided ISMCTS plays WANTED: whole gangs as plans (WAN-9) and the
end of a deal valued by the chance to win the match (WAN-11, WAN-12)."""

from __future__ import annotations

from typing import Any

from tapete.bots import make_bot
from tapete.bots.search import LEVELS, PolicyImprovementBot
from tapete.engine import Observation
from tapete.games.wanted import GAME
from tapete.games.wanted.actions import COMMIT_BASE
from tapete.games.wanted.cards import REWARD

from .helpers import ids, play, table

HINTS = GAME.search_hints

HAND = ["K-corazones", "Q-treboles", "10-diamantes", "2-corazones", "3-treboles"]
RIVAL = ["4-picas", "5-picas", "6-picas", "7-picas", "8-picas"]


def _last_deal(lead: int) -> Any:
    """Pandillas 2p at the last deal's commit, seat 0 ahead by `lead` in bounty."""
    state = table("pandillas", [HAND, RIVAL], [[1] * 6])
    state.deal_no = state.deals
    state.bank = [lead, 0]
    return state


def test_plans_are_the_ten_gangs_before_the_first_commit() -> None:
    state = _last_deal(0)
    view = state.view(0)
    plans = HINTS.plans(view, state.legal_actions(0))
    assert len(plans) == 10
    assert {tuple(sorted(p)) for p in plans} == {p for p in plans}
    assert all(len(p) == 3 and set(p) <= {COMMIT_BASE + c for c in ids(HAND)} for p in plans)
    play(state, 0, "commit", "2-corazones")
    assert not HINTS.plans(state.view(0), state.legal_actions(0))  # inside the plan
    duel = table("duelo", [HAND, RIVAL], [[1, 1]] * 5)
    assert not HINTS.plans(duel.view(0), duel.legal_actions(0))


def test_a_deal_end_is_valued_by_the_chance_to_win_the_match() -> None:
    """WAN-11: the same lead is worth more the fewer deals are left."""
    late = _last_deal(30).view(None)
    early = {**late, "deal": 1}
    even = {**late, "scores": [10, 10]}
    assert HINTS.horizon_value(even) == [0.5, 0.5]
    late_chance = HINTS.horizon_value(late)
    early_chance = HINTS.horizon_value(early)
    assert late_chance is not None and early_chance is not None
    assert 0.5 < early_chance[0] < late_chance[0] < 1.0
    assert late_chance[1] < 0.5
    replay = {**late, "replay": 1, "players": [0, 1]}
    assert HINTS.horizon_value(replay) == [0.5, 0.5]  # WAN-12: a final tie replays, even
    assert HINTS.horizon_value({**late, "mode": "duelo"}) is None


def _gang(bot: Any, state: Any) -> list[int]:
    """The three cards `bot` commits for seat 0."""
    bot.start(0, 2, state.options)
    committed = []
    for _ in range(3):
        decision = bot.decide(Observation(state, 0))
        assert decision is not None and decision.action in state.legal_actions(0)
        committed.append(decision.action - COMMIT_BASE)
        state.apply(0, decision.action)
    return committed


def test_ismcts_keeps_a_safe_lead_in_the_last_deal() -> None:
    """WAN-9, WAN-11: ahead by 30 before the last battle, with K, Q and 10
    among its outlaws, the heuristic sends those three (37 of reward: a lost
    battle loses the match); the search commits a gang worth less than the
    lead, and cannot lose."""
    heuristic = _gang(make_bot("heuristic", GAME, 1), _last_deal(30))
    assert sum(REWARD[c] for c in heuristic) > 30

    bot = make_bot("ismcts", GAME, 7)
    assert isinstance(bot, PolicyImprovementBot)
    searched: list[int] = []
    original = bot.decide

    def counted(obs: Observation) -> Any:
        searched.append(bot.iterations_done)
        return original(obs)

    bot.decide = counted  # type: ignore[method-assign]
    committed = _gang(bot, _last_deal(30))
    assert sum(REWARD[c] for c in committed) < 30
    # the gang was searched once, at its first card, and then played out
    assert searched[0] == 0 and searched[1] > 0 and searched[2] == searched[1]


def test_only_pandillas_buys_the_larger_budget() -> None:
    """Duelo and Tiroteo keep normal's own settings; Pandillas thinks longer on a gang."""
    for mode, players, budget in (("duelo", 2, 100.0), ("tiroteo", 3, 100.0), ("pandillas", 2, 1_200.0)):
        bot = make_bot("ismcts", GAME, 1)
        assert isinstance(bot, PolicyImprovementBot)
        bot.start(0, players, GAME.parse_options({"mode": mode}))
        assert bot.config.think_millis == budget
        if mode != "pandillas":
            assert bot.config == LEVELS["normal"]
