"""What each seat knows, through OpenSpiel's observers: views, the events told
to the seat, and the game's information-state encoder (engine/encoding.py).

`information_state_tensor` is the encoder's `information_state(view)` fed the
seat's events, `observation_tensor` its `observation(view)`; observers honour
`private_info` (a public observer holds no card a seat keeps to itself) and
`perfect_recall`. A game without an encoder gives strings only."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402

from tapete.engine import Event  # noqa: E402
from tapete.envs.openspiel import resampler  # noqa: E402
from tapete.games import game_ids, get_game  # noqa: E402

from .helpers import has_encoder, load, random_step  # noqa: E402

WITH_ENCODER = [g for g in game_ids() if has_encoder(g)]
PRIVATE = pyspiel.PrivateInfoType


def _observer(game: Any, recall: bool, private: Any) -> Any:
    kind = pyspiel.IIGObservationType(perfect_recall=recall, public_info=True, private_info=private)
    return make_observation(game, kind)


def _words(value: Any) -> Iterator[str]:
    """Every string in a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _words(item)
    elif isinstance(value, list):
        for item in value:
            yield from _words(item)


def _private_cards(state: Any, seat: int, told: list[Event]) -> set[str]:
    """The cards `seat` knows that nobody else is shown: the card faces of its view
    and of the events told to it alone, less every face the public view or events show."""
    match = state.t.match
    faces = get_game(match.game_id).card_faces()
    mine = set(_words(match.view(seat)))
    mine |= {w for e in told if e.audience is not None and e.visible_to(seat) for w in _words(e.data)}
    public = set(_words(match.view(None))) | {w for e in told if e.audience is None for w in _words(e.data)}
    return (mine - public) & faces


def _walk(game: Any, seed: int, steps: int) -> Iterator[tuple[Any, list[Event]]]:
    """The states of a random match after each decision (one state, played on:
    clone it to keep it), with every event so far."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    told: list[Event] = []
    for _ in range(steps):
        if state.is_terminal():
            return
        chance = state.is_chance_node()
        random_step(state, rng)
        told.extend(state.t.events)
        if not chance and not state.is_chance_node():
            yield state, told


# -- the default tensors are the game's encoder's -------------------------------------------------
@pytest.mark.parametrize("game_id", WITH_ENCODER)
def test_tensors_are_the_games_encoder_fed_the_seats_events(game_id: str) -> None:
    game = load(game_id)
    n = game.num_players()
    probe = get_game(game_id).encoder(0, n, game.options)
    assert game.information_state_tensor_shape() == [probe.size]
    assert game.observation_tensor_shape() == [probe.observation_size]
    mine = [get_game(game_id).encoder(seat, n, game.options) for seat in range(n)]
    heard = 0
    for state, told in _walk(game, seed=4, steps=150):
        for encoder in mine:  # the test's own encoders, fed what each seat was told
            encoder.observe([e for e in told[heard:] if e.visible_to(encoder.seat)])
        heard = len(told)
        for seat, encoder in enumerate(mine):
            view = state.t.match.view(seat)
            info = np.array(state.information_state_tensor(seat), np.float32)
            obs = np.array(state.observation_tensor(seat), np.float32)
            assert np.array_equal(info, encoder.information_state(view))
            assert np.array_equal(obs, encoder.observation(view))
            assert np.array_equal(info[: len(obs)], obs)  # the observation, then the memory


@pytest.mark.parametrize("game_id", WITH_ENCODER)
def test_a_seats_tensors_do_not_change_in_a_world_it_cannot_tell_apart(game_id: str) -> None:
    """The leak witness through the bridge: a world resampled from what the seat
    knows (what IS-MCTS searches) gives the seat the same strings and tensors."""
    game = load(game_id)
    for step, (state, _) in enumerate(_walk(game, seed=2, steps=120)):
        if step % 9:
            continue
        for seat in range(game.num_players()):
            world = resampler(state, seat)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert world.observation_tensor(seat) == state.observation_tensor(seat)


def _children(state: Any, choices: list[list[int]]) -> Iterator[Any]:
    for choice in choices:
        child = state.clone()
        if state.is_simultaneous_node():
            child.apply_actions(choice)
        else:
            child.apply_action(choice[0])
        yield child


def _two_ways(state: Any, depth: int, rng: random.Random) -> Iterator[Any]:
    """Every state `depth` decisions on when each decision goes one of two random
    ways (the first chance outcome at chance nodes)."""
    if depth == 0 or state.is_terminal():
        yield state
        return
    if state.is_chance_node():
        yield from _two_ways(next(_children(state, [[state.chance_outcomes()[0][0]]])), depth, rng)
        return
    if state.is_simultaneous_node():
        joint = [state.legal_actions(p) for p in range(state.num_players())]
        choices = [[rng.choice(legal) for legal in joint] for _ in range(2)]
    else:
        legal = state.legal_actions()
        choices = [[a] for a in rng.sample(legal, min(2, len(legal)))]
    for child in _children(state, choices):
        yield from _two_ways(child, depth - 1, rng)


def _others_every_way(state: Any, seat: int, depth: int, budget: list[int]) -> Iterator[Any]:
    """Every state on the way `depth` decisions on when `seat` always makes its first
    legal move and the others every move (the first chance outcome), `budget` states at most."""
    budget[0] -= 1
    yield state
    if depth == 0 or state.is_terminal() or budget[0] <= 0:
        return
    if state.is_chance_node():
        choices = [[state.chance_outcomes()[0][0]]]
        depth += 1
    elif state.is_simultaneous_node():
        joint = [state.legal_actions(p) for p in range(state.num_players())]
        joint[seat] = joint[seat][:1]
        choices = [list(c) for c in itertools.product(*joint)]
    else:
        legal = state.legal_actions()
        choices = [[a] for a in (legal[:1] if state.current_player() == seat else legal)]
    for child in _children(state, choices):
        if budget[0] <= 0:
            return
        yield from _others_every_way(child, seat, depth - 1, budget)


def _pair(states: list[Any], seat: int) -> tuple[Any, Any] | None:
    """Two of `states` that `seat` sees alike now (the same observation tensor) but
    remembers apart (other information-state strings) and whose information-state
    tensors differ; on the way, that one information state always has one tensor."""
    by_string: dict[str, list[float]] = {}
    by_view: dict[bytes, list[Any]] = {}
    for state in states:
        if state.is_chance_node():
            continue
        text, tensor = state.information_state_string(seat), state.information_state_tensor(seat)
        assert by_string.setdefault(text, tensor) == tensor, "one information state, two tensors"
        by_view.setdefault(np.array(state.observation_tensor(seat)).tobytes(), []).append(state)
    for same in by_view.values():
        for a, b in itertools.combinations(same, 2):
            remembered_apart = a.information_state_string(seat) != b.information_state_string(seat)
            if remembered_apart and a.information_state_tensor(seat) != b.information_state_tensor(seat):
                return a, b
    return None


def _witness(game: Any, seed: int) -> tuple[int, Any, Any] | None:
    """Two states a seat sees alike now but reached by pasts it saw differently,
    with different information-state tensors: looked for around the states of a
    random match, along two random ways at each decision, then along every way
    the other seats could have played."""
    rng = random.Random(seed)
    starts = [base.clone() for i, (base, _) in enumerate(_walk(game, seed, steps=200)) if i % 4 == 0]
    for base in starts:
        leaves = list(_two_ways(base, depth=6, rng=rng))
        for seat in range(game.num_players()):
            found = _pair(leaves, seat)
            if found is not None:
                return seat, *found
    for base in starts[:12]:
        for seat in range(game.num_players()):
            found = _pair(list(_others_every_way(base, seat, depth=6, budget=[3_000])), seat)
            if found is not None:
                return seat, *found
    return None


@pytest.mark.parametrize("game_id", WITH_ENCODER)
def test_different_pasts_give_different_information_state_tensors(game_id: str) -> None:
    """Two information states a seat sees alike now but remembers apart (different
    strings: different pasts) have different tensors; the observation alone cannot
    tell them apart (so before the encoders' memory, both tensors were the same)."""
    found = _witness(load(game_id, simultaneous=False), seed=0)
    assert found is not None, "no two pasts that look alike now and differ in the tensor"
    seat, a, b = found
    assert a.observation_tensor(seat) == b.observation_tensor(seat)
    assert a.information_state_string(seat) != b.information_state_string(seat)
    assert a.information_state_tensor(seat) != b.information_state_tensor(seat)


# -- observers ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", game_ids())
def test_a_public_observer_holds_no_card_a_seat_keeps_to_itself(game_id: str) -> None:
    game = load(game_id)
    n = game.num_players()
    public = [_observer(game, recall, PRIVATE.NONE) for recall in (False, True)]
    own = _observer(game, True, PRIVATE.SINGLE_PLAYER)
    checked = 0
    for state, told in _walk(game, seed=6, steps=80):
        for seat in range(n):
            secret = _private_cards(state, seat, told)
            if not secret:
                continue
            checked += 1
            mine = own.string_from(state, seat)
            assert all(f'"{word}"' in mine for word in secret)  # the seat's own observer shows them
            for observer in public:
                text = observer.string_from(state, seat)
                assert not [word for word in secret if f'"{word}"' in text], "a public observer shows a private card"
                assert text == observer.string_from(state, (seat + 1) % n)  # the same for everyone
    assert checked, "no seat ever kept a card to itself"


def test_boons_public_observer_never_shows_a_card_in_a_hand() -> None:
    game = load("boon")
    state = game.new_initial_state()
    state.apply_action(11)
    card = state.t.match.view(0)["hand"][0]
    seat_zero = _observer(game, False, PRIVATE.SINGLE_PLAYER)
    everyone = _observer(game, False, PRIVATE.ALL_PLAYERS)
    assert f'"{card}"' in seat_zero.string_from(state, 0) and f'"{card}"' in everyone.string_from(state, 1)
    for recall in (False, True):
        public = _observer(game, recall, PRIVATE.NONE)
        assert all(f'"{card}"' not in public.string_from(state, seat) for seat in range(3))
        # its tensor is the spectators' view through the seat's encoder: no hand in it
        public.set_from(state, 0)
        hand = get_game("boon").encoder(0, 3, game.options).obs_layout.span("hand")
        assert not public.tensor[hand].any()
        seat_zero.set_from(state, 0)
        assert seat_zero.tensor[hand].sum() == 9


@pytest.mark.parametrize("game_id", WITH_ENCODER)
def test_a_public_observers_tensor_does_not_change_with_hidden_cards(game_id: str) -> None:
    """Another world from one seat's knowledge changes the other seats' hidden
    cards: what a public observer gives them stays the same."""
    game = load(game_id)
    n = game.num_players()
    observers = [_observer(game, recall, PRIVATE.NONE) for recall in (False, True)]
    for step, (state, _) in enumerate(_walk(game, seed=3, steps=100)):
        if step % 7:
            continue
        world = resampler(state, 0)
        for seat in range(n):
            for observer in observers:
                observer.set_from(state, seat)
                truth = observer.tensor.copy()
                observer.set_from(world, seat)
                assert np.array_equal(truth, observer.tensor)
                assert observer.string_from(state, seat) == observer.string_from(world, seat)


@pytest.mark.parametrize("game_id", WITH_ENCODER)
def test_observers_by_recall_and_private_info(game_id: str) -> None:
    game = load(game_id)
    n = game.num_players()
    probe = get_game(game_id).encoder(0, n, game.options)
    seen = {
        (recall, private): _observer(game, recall, private)
        for recall in (False, True)
        for private in (PRIVATE.SINGLE_PLAYER, PRIVATE.NONE, PRIVATE.ALL_PLAYERS)
    }
    for (recall, private), observer in seen.items():
        one = probe.size if recall else probe.observation_size
        assert observer.tensor.shape == (one * (n if private == PRIVATE.ALL_PLAYERS else 1),)
    state = [s.clone() for s, _ in _walk(game, seed=1, steps=60)][:20][-1]  # a state well into the match
    for seat in range(n):
        info, obs = seen[True, PRIVATE.SINGLE_PLAYER], seen[False, PRIVATE.SINGLE_PLAYER]
        info.set_from(state, seat)
        obs.set_from(state, seat)
        assert list(info.tensor) == state.information_state_tensor(seat)
        assert list(obs.tensor) == state.observation_tensor(seat)
        assert info.string_from(state, seat) == state.information_state_string(seat)
        assert obs.string_from(state, seat) == state.observation_string(seat)
        assert state.information_state_string(seat).startswith(state.observation_string(seat))
        everyone = seen[True, PRIVATE.ALL_PLAYERS]
        everyone.set_from(state, seat)  # every seat's own information state, seat 0 first
        assert list(everyone.tensor) == [x for s in range(n) for x in state.information_state_tensor(s)]
        text = everyone.string_from(state, seat)
        assert all(state.information_state_string(s).split("\n", 1)[1] in text for s in range(n))


def test_the_public_information_alone_is_not_offered() -> None:
    game = load("boon")
    kind = pyspiel.IIGObservationType(perfect_recall=False, public_info=False, private_info=PRIVATE.SINGLE_PLAYER)
    with pytest.raises(ValueError, match="public_info"):
        game.make_py_observer(kind)


def test_a_game_without_an_encoder_gives_strings_only() -> None:
    """Until a game has an information-state encoder (`Game.encoder_type`), the
    bridge offers its strings and no tensor; OpenSpiel's checks pass all the same."""
    missing = [g for g in game_ids() if not has_encoder(g)]
    if not missing:
        pytest.skip("every game has an encoder")
    for game_id in missing:
        game = load(game_id)
        kind = game.get_type()
        assert kind.provides_information_state_string and kind.provides_observation_string
        assert not kind.provides_information_state_tensor and not kind.provides_observation_tensor
        observer = _observer(game, True, PRIVATE.SINGLE_PLAYER)
        assert observer.tensor is None
        state = game.new_initial_state()
        state.apply_action(0)
        assert json.loads(state.observation_string(0).split("\n", 1)[1])["seat"] == 0
