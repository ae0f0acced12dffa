"""The WANTED heuristic bot: its choices in exact situations, and its strength."""

from __future__ import annotations

import random

from tapete.engine import Observation
from tapete.games.wanted import GAME
from tapete.games.wanted.bots import WantedBot
from tapete.games.wanted.cards import REWARD, SKILL
from tapete.sim.runner import play_match

from .helpers import battle, gang_dice, table


def _bot(seat: int, state_players: int, seed: int = 1) -> WantedBot:
    bot = WantedBot(random.Random(seed))
    bot.start(seat, state_players, None)
    return bot


def _choice(bot: WantedBot, state: object, seat: int) -> dict[str, object]:
    obs = Observation(state, seat)  # type: ignore[arg-type]
    decision = bot.decide(obs)
    assert decision is not None and decision.action in obs.legal
    return obs.action_to_json(decision.action)


def test_bot_sends_its_strongest_gang_when_it_pays() -> None:
    """WAN-9: with the jokers, the K and two low cards it commits the three strong outlaws."""
    state = table(
        "pandillas",
        [
            ["joker-rojo", "joker-negro", "K-picas", "2-corazones", "3-treboles"],
            ["4-picas", "5-picas", "6-picas", "7-picas", "8-picas"],
        ],
        [[1] * 6],
    )
    bot = _bot(0, 2)
    picks = []
    for _ in range(3):
        picks.append(_choice(bot, state, 0)["card"])
        state.apply(0, state.action_from_json({"type": "commit", "card": picks[-1]}))
    assert sorted(picks) == ["K-picas", "joker-negro", "joker-rojo"]


def test_bot_names_the_leader_with_the_best_modifier() -> None:
    """WAN-9: J♠ or Q♥ may lead; Q♥ preys on the three clubs across."""
    hands = [
        ["J-picas", "Q-corazones", "2-picas", "3-picas", "4-picas"],
        ["K-treboles", "5-treboles", "6-treboles", "9-picas", "10-picas"],
    ]
    rolls = gang_dice(
        {"J-picas": 3, "Q-corazones": 3, "2-picas": 1}, {"K-treboles": 1, "5-treboles": 1, "6-treboles": 1}
    )
    state = table("pandillas", hands, [rolls])
    battle(state, ["J-picas", "Q-corazones", "2-picas"], ["K-treboles", "5-treboles", "6-treboles"])
    assert _choice(_bot(0, 2), state, 0) == {"type": "leader", "card": "Q-corazones"}


def test_bot_discards_the_card_it_misses_least() -> None:
    """WAN-10: tied K♠ 5♠ 6♠ against K♣ 5♣ 6♣: giving up the 5♠ keeps the most strength."""
    hands = [
        ["K-picas", "5-picas", "6-picas", "2-treboles", "3-treboles"],
        ["K-treboles", "5-treboles", "6-treboles", "9-picas", "10-picas"],
        ["2-corazones", "2-diamantes", "joker-rojo", "7-picas", "8-picas"],
    ]
    rolls = gang_dice(
        {"K-picas": 3, "5-picas": 1, "6-picas": 2},
        {"K-treboles": 3, "5-treboles": 1, "6-treboles": 2},
        {"2-corazones": 1, "2-diamantes": 1, "joker-rojo": 1},
    )
    state = table("pandillas", hands, [rolls])
    battle(state, hands[0][:3], hands[1][:3], hands[2][:3])
    assert state.phase == "discard"
    assert _choice(_bot(0, 3), state, 0) == {"type": "discard", "card": "5-picas"}


def test_bot_plays_only_from_its_observation() -> None:
    """The bot reads its view, never the state: a world sampled from that
    seat's knowledge gets the very same decision."""
    for mode, n in (("duelo", 2), ("tiroteo", 5), ("pandillas", 4)):
        state = GAME.new_match(n, 31, {"mode": mode})
        state.apply(0, state.legal_actions(0)[0])
        world = state.determinize(1, random.Random(5))
        assert world.hands != state.hands or world.pending != state.pending
        mine = _choice(_bot(1, n, seed=9), state, 1)
        theirs = _choice(_bot(1, n, seed=9), world, 1)
        assert mine == theirs


def _heuristic_share(mode: str, n: int, matches: int) -> float:
    wins = 0.0
    for i in range(matches):
        seat = i % n
        kinds = ["random"] * n
        kinds[seat] = "heuristic"
        result = play_match(GAME, n, kinds, 4000 + i, {"mode": mode})
        assert result.error is None, result.error
        wins += result.returns[seat]
    return wins / matches


def test_bot_beats_random_players_in_pandillas() -> None:
    """Heuristic against random: 2 players (fair share 0.5) and 6 players (fair share 1/6)."""
    assert _heuristic_share("pandillas", 2, 60) > 0.6
    assert _heuristic_share("pandillas", 6, 36) > 0.25


def test_bot_finishes_duels_and_shootouts() -> None:
    """Duelo and Tiroteo with the bot at every seat end without error."""
    for mode, n in (("duelo", 2), ("tiroteo", 4)):
        for seed in range(3):
            result = play_match(GAME, n, ["heuristic"] * n, seed, {"mode": mode})
            assert result.error is None and result.winners


def test_bot_learns_a_rivals_habit_of_playing_weak_outlaws_first() -> None:
    """A rival that sends its weakest outlaw every battle is read as one that
    keeps its strongest for the end, and the other way round."""
    for habit_of_rival, sign in (("weakest", -1), ("strongest", 1)):
        habits = []
        for seed in range(70, 76):
            state = GAME.new_match(2, seed, {})
            bot = _bot(0, 2)
            for _ in range(3):
                _choice(bot, state, 0)  # the bot looks at the battle before it is fought
                pick = min if habit_of_rival == "weakest" else max
                theirs = pick(state.legal_actions(1), key=lambda c: (SKILL[c], REWARD[c]))
                events = state.apply(0, state.legal_actions(0)[0]) + state.apply(1, theirs)
                bot.observe([e for e in events if e.visible_to(0)])
            habits.append(bot._habit(1))
        assert sign * sum(habits) / len(habits) > 0.4
