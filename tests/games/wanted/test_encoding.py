"""WANTED's information-state encoder (games/wanted/encoding.py): fixed sizes,
memory beyond the view, no hidden information, and what its features say."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import product

import numpy as np
import pytest

from tapete.engine import Event
from tapete.engine.turns import deliver
from tapete.games.wanted import GAME
from tapete.games.wanted.actions import COMMIT_BASE, DISCARD_BASE, LEADER_BASE
from tapete.games.wanted.battle import single_battle
from tapete.games.wanted.cards import NUM_CARDS, SKILL, card_id
from tapete.games.wanted.encoding import WantedEncoder
from tapete.games.wanted.encoding_layout import ACTIONS, LEVELS, MEMORY, OBSERVATION, SKILL_LEVELS
from tapete.games.wanted.matchups import WIN
from tapete.games.wanted.options import MODES, PLAYERS
from tapete.games.wanted.rules import WantedState

from .helpers import FixedDice, battle, gang_dice, play, table

# The tables the size and leak checks play: every mode, the smallest and largest tables.
TABLES = [("duelo", 2), ("tiroteo", 3), ("tiroteo", 10), ("pandillas", 2), ("pandillas", 4), ("pandillas", 10)]


class Recorder:
    """A seat's encoder, keeping the events it was fed."""

    def __init__(self, encoder: WantedEncoder) -> None:
        self.encoder = encoder
        self.events: list[Event] = []

    def observe(self, events: Sequence[Event]) -> None:
        self.events.extend(events)
        self.encoder.observe(events)


def random_match(mode: str, players: int, seed: int, **options: object) -> Iterator[tuple[WantedState, list[Recorder]]]:
    """Every position of a match of random moves, each seat's encoder fed what it was told."""
    rng = random.Random(seed)
    state = GAME.new_match(players, seed, {"mode": mode, **options})
    assert isinstance(state, WantedState)
    seats = [Recorder(WantedEncoder(s, players, state.options)) for s in range(players)]
    while True:
        yield state, seats
        if state.is_terminal():
            return
        seat = rng.choice(state.actors())
        deliver(state.apply(seat, rng.choice(state.legal_actions(seat))), seats)


def arms(view: dict[str, object], legal: list[int]) -> list[int] | list[tuple[int, ...]]:
    plans = [tuple(p) for p in GAME.search_hints.plans(view, legal)]
    return plans or legal


@pytest.mark.parametrize(("mode", "players"), TABLES)
def test_sizes_are_fixed_finite_and_within_range(mode: str, players: int) -> None:
    """Every information state and action row of seeded random matches has the layout's size,
    is finite and lies within [-2, 2]; a plan's row is its commits' rows summed (the contract)."""
    obs, mem, act = WantedEncoder.layouts(players, GAME.parse_options({"mode": mode}))
    for seed in range(4 if players < 10 else 1):
        for state, seats in random_match(mode, players, seed, deals=4):
            for seat, recorder in enumerate(seats):
                encoder, view = recorder.encoder, state.view(seat)
                info = encoder.information_state(view)
                assert info.shape == (obs.size + mem.size,) and info.dtype == np.float32
                assert np.isfinite(info).all() and np.abs(info).max() <= 2.0
                legal = state.legal_actions(seat)
                if not legal:
                    continue
                rows = encoder.action_features(view, arms(view, legal))
                assert rows.shape[1] == act.size and np.isfinite(rows).all() and np.abs(rows).max() <= 2.0
                one_by_one = np.zeros_like(rows)
                for row, arm in zip(one_by_one, arms(view, legal), strict=True):
                    for action in [arm] if isinstance(arm, int) else arm:
                        encoder.write_action(view, action, row)
                assert np.allclose(rows, one_by_one)


def test_memory_keeps_the_rivals_lost_card_the_view_no_longer_shows() -> None:
    """WAN-5: the Duelo loser's card goes face down by its owner, its face shown only to the
    owner; two battles later the views are alike whether the rival lost the 3♠ or the 3♥,
    but the seat saw which: the information states differ, the observations do not."""

    def after_two_battles(lost: str) -> tuple[WantedEncoder, dict[str, object]]:
        hands = [
            ["K-picas", "2-treboles", "3-treboles", "4-treboles", "5-treboles"],
            [lost, "9-diamantes", "8-diamantes", "7-diamantes", "6-diamantes"],
        ]
        state = table("duelo", hands, [[6, 1], [6, 1], [1, 1], [1, 1], [1, 1]])
        encoder = WantedEncoder(0, 2, state.options)
        deliver(battle(state, "K-picas", lost), [encoder])  # the K wins, the 3 goes face down
        deliver(battle(state, "2-treboles", "9-diamantes"), [encoder])
        return encoder, state.view(0)

    spades, spades_view = after_two_battles("3-picas")
    hearts, hearts_view = after_two_battles("3-corazones")
    assert spades_view == hearts_view
    assert np.array_equal(spades.observation(spades_view), hearts.observation(hearts_view))
    assert not np.array_equal(spades.information_state(spades_view), hearts.information_state(hearts_view))
    shown = MEMORY.span("shown")
    rival = spades.memory[shown][NUM_CARDS : 2 * NUM_CARDS]
    assert rival[card_id("3-picas")] == 1.0 and rival[card_id("3-corazones")] == 0.0
    # What the rival may still hold differs too, and so do the moves' features.
    legal = [COMMIT_BASE + card_id(f) for f in ("3-treboles", "4-treboles", "5-treboles")]
    assert not np.array_equal(spades.action_features(spades_view, legal), hearts.action_features(hearts_view, legal))


@pytest.mark.parametrize(("mode", "players"), TABLES)
def test_no_hidden_information(mode: str, players: int) -> None:
    """The encoder reads the view and the events told to its seat only: its encodings are
    the same from a resampled world's view (determinize), and every event it was fed is
    visible to its seat."""
    rng = random.Random(7)
    checked = 0
    for seed in range(3 if players < 10 else 1):
        for step, (state, seats) in enumerate(random_match(mode, players, 100 + seed)):
            if step % 3:
                continue
            for seat, recorder in enumerate(seats):
                encoder = recorder.encoder
                world = state.determinize(seat, rng)
                real, resampled = state.view(seat), world.view(seat)
                assert np.array_equal(encoder.information_state(real), encoder.information_state(resampled))
                legal = state.legal_actions(seat)
                if legal:
                    assert world.legal_actions(seat) == legal
                    assert np.array_equal(
                        encoder.action_features(real, arms(real, legal)),
                        encoder.action_features(resampled, arms(resampled, legal)),
                    )
                checked += 1
        for seat, recorder in enumerate(seats):
            assert recorder.events and all(e.visible_to(seat) for e in recorder.events)
    assert checked > 20


def test_game_encoder_for_every_mode_and_allowed_player_count() -> None:
    """`encoder_type` is wired; one layout serves every mode and table (seats padded to 10)."""
    sizes = set()
    for mode in MODES:
        options = GAME.parse_options({"mode": mode})
        assert GAME.allowed_players(options) == PLAYERS[mode]
        for players in PLAYERS[mode]:
            state = GAME.new_match(players, 3, {"mode": mode})
            for seat in range(players):
                encoder = GAME.encoder(seat, players, state.options)
                assert isinstance(encoder, WantedEncoder)
                info = encoder.information_state(state.view(seat))
                rows = encoder.action_features(state.view(seat), state.legal_actions(seat))
                sizes.add((info.size, rows.shape[1]))
    assert sizes == {(OBSERVATION.size + MEMORY.size, ACTIONS.size)}


def test_wan_5_duel_win_chance_is_the_rules_with_every_pair_of_dice() -> None:
    """WAN-3, WAN-5: the duel table a move's vs_pool features read agrees with the battle
    arithmetic over all 36 pairs of dice, for every pair of cards."""
    for a, b in product(range(NUM_CARDS), repeat=2):
        if a == b:
            continue
        wins = sum(
            1 for da, db in product(range(1, 7), repeat=2) if (t := single_battle([a, b], [da, db])[1])[0] > t[1]
        )
        assert WIN[a, b] == pytest.approx(wins / 36.0), (a, b)


def test_wan_12_replay_strength_is_against_the_rivals_known_hand() -> None:
    """WAN-12: in a Duelo replay the rival's hand is known (its former winners), so a move's
    win chance is against that hand alone: Joker against Joker, 8 + die each: 15/36."""
    state = table("duelo", [["joker-rojo", "5-treboles"], ["5-corazones", "joker-negro"]], [[1, 1], [1, 1]])
    encoder = WantedEncoder(0, 2, state.options)
    deliver(battle(state, "joker-rojo", "5-corazones"), [encoder])
    state.rng = FixedDice([3, 5])
    deliver(battle(state, "5-treboles", "joker-negro"), [encoder])
    view = state.view(0)
    assert view["public_hands"] == [None, ["joker-negro"]]
    row = encoder.action_features(view, state.legal_actions(0))[0]
    assert row[ACTIONS["vs_pool"]] == pytest.approx(15 / 36)
    assert encoder.memory[MEMORY.span("shown")].sum() == 0.0  # a replay starts a stage afresh


HANDS = [
    ["K-picas", "5-picas", "6-picas", "2-corazones", "3-corazones"],
    ["K-treboles", "5-treboles", "6-treboles", "2-diamantes", "3-diamantes"],
    ["2-picas", "2-treboles", "joker-rojo", "4-corazones", "4-diamantes"],
]


def test_wan_9_a_gangs_row_shows_its_skill_levels_and_its_likely_leaders_modifier() -> None:
    """WAN-9: a gang is three commits summed (SearchHints.plans), each a third, so the row is
    their mean: its skill-level slots count the gang's cards of each level (/3), and the
    expected-leader slots hold each card's expected modifier at its own level, so the
    highest level's slot is the likely leader's."""
    state = table("pandillas", HANDS[:2], [[1] * 6])
    encoder = WantedEncoder(0, 2, state.options)
    view = state.view(0)
    legal = state.legal_actions(0)
    plans = [tuple(p) for p in GAME.search_hints.plans(view, legal)]
    assert len(plans) == 10
    rows = encoder.action_features(view, plans)
    singles = encoder.action_features(view, legal)
    level = ACTIONS.span("level")
    lead = ACTIONS.span("lead_mod")
    for plan, row in zip(plans, rows, strict=True):
        assert np.allclose(row, sum(singles[legal.index(a)] for a in plan))
        histogram = [sum(SKILL[a] == s for a in plan) / 3 for s in SKILL_LEVELS]
        assert np.allclose(row[level], histogram)
        assert row[ACTIONS["kind"]] == pytest.approx(1.0)
    k_picas = singles[legal.index(card_id("K-picas"))]
    assert np.count_nonzero(k_picas[lead]) == 1 and k_picas[lead][SKILL_LEVELS.index(7)] > 0  # preys on hearts
    assert len(SKILL_LEVELS) == LEVELS


def test_wan_9_leader_choice_features_are_the_exact_modifier() -> None:
    """WAN-9: J♠ and Q♥ both 6 + 3; as leader Q♥ gains 2 for each of the three clubs across
    (+6), J♠ nothing; the row says so, with the gang's total either way."""
    hands = [["J-picas", "Q-corazones", "2-picas", "3-picas", "4-picas"], HANDS[1]]
    rolls = gang_dice(
        {"J-picas": 3, "Q-corazones": 3, "2-picas": 1}, {"K-treboles": 1, "5-treboles": 1, "6-treboles": 1}
    )
    state = table("pandillas", hands, [rolls])
    encoder = WantedEncoder(0, 2, state.options)
    deliver(battle(state, ["J-picas", "Q-corazones", "2-picas"], ["K-treboles", "5-treboles", "6-treboles"]), [encoder])
    assert state.phase == "leader"
    legal = state.legal_actions(0)
    assert legal == [LEADER_BASE + card_id("J-picas"), LEADER_BASE + card_id("Q-corazones")]
    jack, queen = encoder.action_features(state.view(0), legal)
    now = ACTIONS["now"]
    assert jack[ACTIONS["kind"] + 1] == queen[ACTIONS["kind"] + 1] == 1.0
    assert jack[now] == 0.0 and queen[now] == pytest.approx(0.6)
    assert jack[now + 4] == pytest.approx(19 / 40) and queen[now + 4] == pytest.approx(25 / 40)


def test_wan_10_discard_features_are_the_gangs_total_without_the_card() -> None:
    """WAN-10: K♠ and K♣ gangs tie at 16; discarding 5♠ leaves K♠ 7 + 3 and 6♠ 1 + 2, led
    by K♠ with no modifier from the other tied gang (clubs): 13."""
    rolls = gang_dice(
        {"K-picas": 3, "5-picas": 1, "6-picas": 2},
        {"K-treboles": 3, "5-treboles": 1, "6-treboles": 2},
        {"2-corazones": 1, "2-diamantes": 1, "joker-rojo": 1},
    )
    state = table("pandillas", HANDS, [rolls], deals=1)
    encoders = [WantedEncoder(s, 3, state.options) for s in range(3)]
    deliver(battle(state, HANDS[0][:3], HANDS[1][:3], HANDS[2][:3]), encoders)
    assert state.phase == "discard"
    legal = state.legal_actions(0)
    rows = encoders[0].action_features(state.view(0), legal)
    by_card = {a - DISCARD_BASE: row for a, row in zip(legal, rows, strict=True)}
    now = ACTIONS["now"]
    assert by_card[card_id("5-picas")][now + 4] == pytest.approx(13 / 40)
    assert by_card[card_id("K-picas")][now + 3] == 1.0  # it leads now
    deliver(play(state, 0, "discard", "5-picas"), encoders)
    deliver(play(state, 1, "discard", "6-treboles"), encoders)
    # Seat 2 saw every gang and both discards: all in its memory, by relative seat.
    shown = encoders[2].memory[MEMORY.span("shown")].reshape(10, NUM_CARDS)
    assert shown[1, card_id("5-picas")] == 1.0 and shown[2, card_id("6-treboles")] == 1.0
    assert shown[0, card_id("joker-rojo")] == 1.0


def test_a_copy_remembers_on_its_own() -> None:
    """`copy()` (a search's branch): what the copy hears does not reach the original."""
    state = table("duelo", [["K-picas", "2-treboles"], ["3-picas", "9-diamantes"]], [[6, 1], [6, 1]])
    encoder = WantedEncoder(0, 2, state.options)
    branch = encoder.copy()
    deliver(battle(state, "K-picas", "3-picas"), [branch])
    view = state.view(0)
    assert branch.memory[MEMORY.span("shown")].sum() == 2.0 and encoder.memory.sum() == 0.0
    assert not np.array_equal(branch.information_state(view), encoder.information_state(view))
