"""Hundreds of random matches per game: nothing a seat is told names a card it may not see.

What is checked is what the server would send (tapete/server/table/runner.py
builds the same pieces): each seat's and a spectator's view, the legal
moves with their texts, the events each audience may see with their texts
in es and en, and the errors of illegal and malformed attempts. Texts
built from the true state (moves, errors) must also be the same in any
world the seat cannot tell apart from the true one (`State.determinize`):
a text that changes when only hidden cards change is a leak, whatever
words it uses for a card.

The number of matches per game is `TAPETE_LEAK_MATCHES`, or the game's `LEAK_MATCHES`
(tests/games/<package>/settings.py).
"""

from __future__ import annotations

import copy
import os
import random
from typing import Any

import orjson
import pytest

from tapete.engine import Event, Game, State, TapeteError
from tapete.games import game_ids, get_game
from tests.game_settings import settings

from .leaks import LANGS, Knowledge, faces_in, leaked, legal_message

# Matches per game, and the share of steps whose views, moves and errors are
# checked in full (events are checked at every step, and the last step in
# full): each game's `LEAK_MATCHES` and `LEAK_FULL_SHARE`, beside its tests.
ATTEMPTS = 3  # illegal and malformed attempts per seat at a fully checked step


def matches_for(game_id: str) -> int:
    override = os.environ.get("TAPETE_LEAK_MATCHES")
    return int(override) if override else int(settings(game_id).LEAK_MATCHES)


def pick(state: State, rng: random.Random) -> tuple[int, int]:
    """A random move; now and then an optional actor's (a mirror claim)."""
    required = state.required_actors()
    optional = [s for s in state.actors() if s not in required]
    seat = rng.choice(optional) if optional and rng.random() < 0.25 else rng.choice(required)
    return seat, rng.choice(state.legal_actions(seat))


def check_events(known: Knowledge, state: State, events: list[Event], step: int, *, words: bool) -> None:
    """Each event, with its texts in es and en, names only cards every seat in its audience may know.

    `words`: also check that a text is a function of the event's data alone
    (what the client holds), as `/api/games/{id}/describe` assumes."""
    game = known.game
    for event in events:
        texts = {lang: game.describe_event(event, lang) for lang in LANGS}
        if words:
            for lang, text in texts.items():
                again = Event(event.kind, orjson.loads(orjson.dumps(event.data)))
                assert game.describe_event(again, lang) == text, f"step {step}: {event.kind} text not from its data"
        found = set(faces_in(game, event.to_json())) | set(faces_in(game, " ".join(texts.values())))
        if not found:
            continue
        audience = [None, *range(state.num_players)] if event.audience is None else sorted(event.audience)
        for seat in audience:
            bad = known.unknowable(state, seat, found)
            assert not bad, f"step {step}: event to seat {seat} names hidden cards {bad}: {event} {texts}"


def attempts(state: State, seat: int, rng: random.Random) -> list[tuple[str, Any]]:
    """Illegal indexes and malformed JSON actions a client of `seat` might send."""
    legal = set(state.legal_actions(seat))
    out: list[tuple[str, Any]] = []
    space = state.num_actions()
    for _ in range(ATTEMPTS):
        index = rng.randrange(space) if space else 0
        if index not in legal:
            out.append(("index", index))
    others = [a for s in state.actors() for a in state.legal_actions(s)]
    for _ in range(ATTEMPTS if others else 0):
        data = copy.deepcopy(state.action_to_json(rng.choice(others)))
        keys = [k for k in data if k != "type"]
        if keys:
            data[rng.choice(keys)] = rng.choice([-1, 999, "x", None, [], rng.choice(sorted(state_faces(state)))])
        out.append(("json", data))
    return out


def state_faces(state: State) -> set[str]:
    game = get_game(state.game_id)
    return {game.card_face(c) for c in state.card_ids()}


def attempt_errors(state: State, seat: int, tries: list[tuple[str, Any]]) -> list[dict[str, Any] | None]:
    """The error each attempt gets (None for one that turns out legal); the state must not change."""
    before = state.to_json()
    out: list[dict[str, Any] | None] = []
    for kind, payload in tries:
        try:
            action = payload if kind == "index" else state.action_from_json(payload)
            if action in state.legal_actions(seat):
                out.append(None)
                continue
            state.apply(seat, action)
        except TapeteError as err:
            assert err.es and err.en, err
            out.append(err.to_json())
            continue
        raise AssertionError(f"an illegal attempt was applied: seat {seat}, {kind} {payload}")
    assert state.to_json() == before, "an illegal attempt changed the state"
    return out


def check_full(game: Game, state: State, rng: random.Random, step: int) -> None:
    """Views, legal moves and error texts for every audience, and the same texts in a resampled world."""
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        bad = leaked(game, state, seat, view, counted=True)
        assert not bad, f"step {step}: view of seat {seat} names hidden cards {bad}"
        if seat is None:
            continue
        tries = attempts(state, seat, rng)
        world = state.determinize(seat, random.Random(rng.random()))
        for lang in LANGS:
            legal = legal_message(game, state, seat, lang)
            bad = leaked(game, state, seat, legal, counted=False)
            assert not bad, f"step {step}: legal moves of seat {seat} ({lang}) name hidden cards {bad}"
            assert legal_message(game, world, seat, lang) == legal, (
                f"step {step}: seat {seat}'s move texts ({lang}) change with cards it cannot see"
            )
        errors = attempt_errors(state, seat, tries)
        fresh = fresh_errors(game, state, seat, tries)
        for (kind, payload), error, elsewhere in zip(tries, errors, fresh, strict=True):
            if error is not None and error["code"] == "bad_action" and error == elsewhere:
                continue  # a format error, word for word the same on another deal: it names none of this deal's cards
            echoed = set(faces_in(game, payload if kind == "json" else state.action_to_json(payload)))
            bad = leaked(game, state, seat, error, counted=False, allowed=echoed)
            assert not bad, f"step {step}: error to seat {seat} for {payload} names hidden cards {bad}: {error}"
        assert attempt_errors(world, seat, tries) == errors, (
            f"step {step}: seat {seat}'s error texts change with cards it cannot see"
        )


def fresh_errors(game: Game, state: State, seat: int, tries: list[tuple[str, Any]]) -> list[dict[str, Any] | None]:
    """What malformed attempts get on another deal of the same table (for format errors)."""
    other = game.new_match(state.num_players, 7, state.options)
    out: list[dict[str, Any] | None] = []
    for kind, payload in tries:
        try:
            if kind == "json":
                other.action_from_json(payload)
            out.append(None)
        except TapeteError as err:
            out.append(err.to_json())
    return out


def play_checked(game: Game, seed: int, full_share: float) -> int:
    """One random match with every check; returns its length."""
    rng = random.Random(seed)
    options = rng.choice([{}, *game.conformance_options])
    n = rng.choice(game.allowed_players(game.parse_options(options)))
    state = game.new_match(n, rng.randrange(2**31), options)
    known = Knowledge(game, state)
    step = 0
    while not state.is_terminal():
        full = rng.random() < full_share
        if full:
            check_full(game, state, rng, step)
        seat, action = pick(state, rng)
        check_events(known, state, state.apply(seat, action), step, words=full)
        step += 1
    check_full(game, state, rng, step)
    return step


@pytest.mark.parametrize("game_id", game_ids())
def test_random_matches_leak_no_hidden_card(game_id: str) -> None:
    game = get_game(game_id)
    share = float(settings(game_id).LEAK_FULL_SHARE)
    steps = [play_checked(game, 1_000_003 * index + 17, share) for index in range(matches_for(game_id))]
    assert all(steps), "every match has at least one action"
