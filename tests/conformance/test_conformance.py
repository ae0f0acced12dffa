"""One suite for every registered game, in the spirit of OpenSpiel's.

Seeded random whole matches, checking after every action: cards conserved,
legal actions apply and nothing else does, no view or event shows a card its
seat may not know (by card identity, and by a witness that rebuilds what
each seat was told from the events alone), the views made at once for a
broadcast are each seat's view, clone is deep, JSON round-trips, a
determinized world gives the seat the same view, replay reproduces the
match, and the global `random` module is never touched.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from tapete.engine import Game, IllegalAction, MatchRecord, State, replay
from tapete.games import all_games, game_ids

SEEDS = (11, 2024)


def _cases() -> Iterator[Any]:
    for game in all_games():
        variants: list[dict[str, Any]] = [{}, *game.conformance_options]
        for options in variants:
            opts = game.parse_options(options)
            for n in game.allowed_players(opts):
                for seed in SEEDS:
                    yield pytest.param(game.id, n, options, seed, id=f"{game.id}-{n}p-{options}-{seed}")


def _faces_in(data: Any, faces: frozenset[str], found: Counter[str]) -> None:
    if isinstance(data, str):
        if data in faces:
            found[data] += 1
    elif isinstance(data, dict):
        for key, value in data.items():
            _faces_in(key, faces, found)
            _faces_in(value, faces, found)
    elif isinstance(data, list | tuple):
        for item in data:
            _faces_in(item, faces, found)


def _assert_no_leak(game: Game, state: State, seat: int | None, data: Any, what: str, *, counted: bool = True) -> None:
    """Faces shown to `seat` must be faces of cards it may know.

    A view names each card once, so its faces are counted against the
    knowable copies; a batch of events may name one card twice (played,
    then taken with the trick), so there each face needs one knowable copy.
    """
    found: Counter[str] = Counter()
    _faces_in(data, game.card_faces(), found)
    if not counted:
        found = Counter(set(found))
    if not found:
        return
    hidden = Counter(state.hidden_cards(seat))
    knowable: Counter[str] = Counter()
    for card in state.card_ids():
        if hidden[card]:
            hidden[card] -= 1
        else:
            knowable[game.card_face(card)] += 1
    leaked = found - knowable
    assert not leaked, f"{what} for seat {seat} shows hidden cards {dict(leaked)}"


def _faces(game: Game, data: Any) -> set[str]:
    found: Counter[str] = Counter()
    _faces_in(data, game.card_faces(), found)
    return set(found)


class _Witness:
    """What each seat was told, rebuilt from the events addressed to it since
    the start: an oracle that does not ask the game's `hidden_cards()`.

    - A face the spectator's view shows is public: some public event must
      have named it (a card turned up, played, revealed at a count...).
    - In a game whose every card has its own face, a face a seat's view
      shows and the spectator's does not must have been told to that seat by
      an event (its hand dealt, a card drawn or passed, a peek). Where faces
      repeat (two copies of a tile), a face alone cannot say which copy a
      view shows, so only the first check applies.
    """

    def __init__(self, game: Game, state: State) -> None:
        """At the start each seat knows what the deal showed it (new_match
        returns no events): the faces in its first view."""
        self.game = game
        seats: list[int | None] = [None, *range(state.num_players)]
        self.told: dict[int | None, set[str]] = {s: _faces(game, state.view(s)) for s in seats}
        faces = Counter(game.card_face(c) for c in state.card_ids())
        self.unique_faces = all(n == 1 for n in faces.values())

    def hear(self, events: list[Any]) -> None:
        for seat, told in self.told.items():
            told |= _faces(self.game, [e.to_json() for e in events if e.visible_to(seat)])

    def check(self, state: State) -> None:
        public = _faces(self.game, state.view(None))
        unexplained = public - self.told[None]
        assert not unexplained, f"the spectator's view shows faces no public event named: {sorted(unexplained)}"
        if not self.unique_faces:
            return
        for seat in range(state.num_players):
            untold = _faces(self.game, state.view(seat)) - public - self.told[seat]
            assert not untold, f"seat {seat}'s view shows {sorted(untold)}, which no event told it"


class _NoGlobalRandom:
    """Fails the test if anything calls the module-level random functions."""

    NAMES = ("random", "randint", "randrange", "choice", "choices", "shuffle", "sample", "uniform", "getrandbits")

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in self.NAMES:
            monkeypatch.setattr(random, name, self._fail(name))

    @staticmethod
    def _fail(name: str) -> Any:
        def fail(*args: Any, **kwargs: Any) -> Any:
            raise AssertionError(f"global random.{name} used")

        return fail


def _check_state(game: Game, state: State, cards: list[int], rng: random.Random) -> None:
    snapshot = state.to_json()
    json.dumps(snapshot)
    # serialization round-trips
    again = game.state_from_json(json.loads(json.dumps(snapshot)))
    assert again.to_json() == snapshot
    # cards are conserved
    assert sorted(state.card_ids()) == cards
    seats: list[int | None] = [None, *range(state.num_players)]
    views = state.views(seats)  # all at once, as a broadcast asks: each exactly the seat's view
    for seat in seats:
        view = state.view(seat)
        text = json.dumps(view)
        assert str(state.rng.seed) not in text, "the seed leaked into a view"
        _assert_no_leak(game, state, seat, view, "view")
        assert json.dumps(views[seat]) == text, f"views() differs from view({seat})"
    for seat in range(state.num_players):
        legal = state.legal_actions(seat)
        assert legal == sorted(set(legal))
        assert all(0 <= a < state.num_actions() for a in legal)
        if seat not in state.actors():
            assert legal == []
        for a in legal:
            assert state.action_from_json(json.loads(json.dumps(state.action_to_json(a)))) == a
        assert again.legal_actions(seat) == legal
        # a determinized world gives the seat the same view and options
        world = state.determinize(seat, random.Random(rng.random()))
        assert sorted(world.card_ids()) == cards
        assert world.view(seat) == state.view(seat)
        assert world.legal_actions(seat) == legal
        assert state.to_json() == snapshot, "determinize changed the real state"


def _check_illegal(state: State, rng: random.Random) -> None:
    snapshot = state.to_json()
    actors = state.actors()
    for seat in range(state.num_players):
        legal = set(state.legal_actions(seat))
        candidates = [rng.randrange(state.num_actions()) for _ in range(4)]
        for a in candidates:
            if a in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                state.apply(seat, a)
            assert err.value.rule, "an illegal action must name the rule broken"
            assert err.value.es and err.value.en
            assert state.to_json() == snapshot
        if seat not in actors and state.num_actions():
            with pytest.raises(IllegalAction):
                state.apply(seat, 0)
            assert state.to_json() == snapshot


def _pick(state: State, rng: random.Random) -> tuple[int, int]:
    required = state.required_actors()
    optional = [s for s in state.actors() if s not in required]
    seat = rng.choice(optional) if optional and rng.random() < 0.25 else rng.choice(required)
    return seat, rng.choice(state.legal_actions(seat))


def play_checked(game: Game, n: int, options: dict[str, Any], seed: int, max_actions: int) -> State:
    rng = random.Random(seed)
    state = game.new_match(n, seed * 982451653 + 7, options)
    record = MatchRecord(
        game.id, options, seed * 982451653 + 7, [{"bot": "random"}] * n, rules_version=game.rules_version
    )
    cards = sorted(state.card_ids())
    _check_state(game, state, cards, rng)
    witness = _Witness(game, state)
    witness.check(state)
    steps = 0
    while not state.is_terminal() and steps < max_actions:
        assert state.actors(), "a live match must have someone to act"
        assert set(state.required_actors()) <= set(state.actors())
        _check_illegal(state, rng)
        seat, action = _pick(state, rng)
        before = state.clone()
        before_json = before.to_json()
        events = state.apply(seat, action)
        record.actions.append((seat, action))
        assert before.to_json() == before_json, "clone is shallow: the earlier copy changed"
        for s in [None, *range(n)]:
            seen = [e.to_json() for e in events if e.visible_to(s)]
            json.dumps(seen)
            _assert_no_leak(game, state, s, seen, "events", counted=False)
        witness.hear(events)
        witness.check(state)
        _check_state(game, state, cards, rng)
        steps += 1
    if state.is_terminal():
        outcome = state.outcome()
        assert outcome.winners and all(0 <= w < n for w in outcome.winners)
        assert len(outcome.scores) == n
        assert state.actors() == ()
    assert replay(game, record).to_json() == state.to_json()
    return state


@pytest.mark.parametrize(("game_id", "n", "options", "seed"), list(_cases()))
def test_random_match_invariants(
    game_id: str, n: int, options: dict[str, Any], seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    _NoGlobalRandom(monkeypatch)
    game = next(g for g in all_games() if g.id == game_id)
    play_checked(game, n, options, seed, max_actions=400)


@pytest.mark.parametrize("game_id", game_ids())
def test_whole_matches_finish(game_id: str) -> None:
    """Random play reaches the end of the match, for every player count."""
    game = next(g for g in all_games() if g.id == game_id)
    for n in game.allowed_players(game.parse_options({})):
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_match(n, seed, {})
            steps = 0
            while not state.is_terminal():
                seat, action = _pick(state, rng)
                state.apply(seat, action)
                steps += 1
                assert steps < 200_000
            assert state.outcome().winners


@pytest.mark.parametrize("game_id", game_ids())
def test_game_metadata(game_id: str) -> None:
    game = next(g for g in all_games() if g.id == game_id)
    assert game.name["es"] and game.name["en"]
    for lang in ("es", "en"):
        assert len(game.rules_text(lang)) > 200
    schema = game.options_schema()
    for entry in schema:
        assert entry["label"]["es"] and entry["label"]["en"]
    assert game.card_faces()
    for face in game.card_faces():  # people read a card's name, never its token
        for lang in ("es", "en"):
            assert game.face_name(face, lang) not in ("", face), (face, lang)
