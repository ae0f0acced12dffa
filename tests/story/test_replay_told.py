"""A replay tells each step as the viewed seat read it at the table ("Bruno descarta 1 verde."),
never as the order a move button gives ("Descartar 1 verde"): in every game, both languages."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tapete.engine.words import Reader
from tapete.games import get_game
from tapete.server.table.replayed import match_story, replay_step, seat_names

TABLES = {"bacan": (3, {}), "buracco": (2, {}), "nacho-loco": (3, {}), "boon": (3, {}), "wanted": (2, {})}


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_replay_step_is_told_not_ordered(game_id: str) -> None:
    game = get_game(game_id)
    players, options = TABLES[game_id]
    seats: list[dict[str, Any]] = [{"human": "Ana"}, {"human": "Bruno"}, {"bot": "heuristic"}][:players]
    names = seat_names(seats)
    state, pick = game.new_match(players, 5, options), random.Random(5)
    actions: list[list[int]] = []
    orders: list[dict[str, str]] = []  # each step's move-button text, as anyone reads it
    while len(actions) < 60 and not state.is_terminal():
        seat = pick.choice(sorted(state.actors()))
        action = pick.choice(list(state.legal_actions(seat)))
        orders.append({lang: game.tell_action(state, action, Reader(lang, names, None)) for lang in ("es", "en")})
        state.apply(seat, action)
        actions.append([seat, action])
    record = {
        "id": f"told-{game_id}",
        "game": game_id,
        "seed": 5,
        "options": options,
        "seats": seats,
        "actions": actions,
        "rules_version": game.rules_version,
    }
    for step in range(1, len(actions) + 1):
        for viewer in (0, None):
            told = replay_step(record, step, viewer)["action"]
            assert told["told"] and told["seat"] == actions[step - 1][0]
            for lang in ("es", "en"):
                text, order = told["text"][lang], orders[step - 1][lang]
                assert text and not text.startswith(order), (step, viewer, lang, text, order)


def test_the_whole_match_log_is_every_step_as_the_seat_read_it() -> None:
    game = get_game("boon")
    seats: list[dict[str, Any]] = [{"human": "Ana"}, {"human": "Bruno"}, {"bot": "heuristic"}]
    state, pick = game.new_match(3, 8, {}), random.Random(8)
    actions: list[list[int]] = []
    while len(actions) < 80 and not state.is_terminal():
        seat = pick.choice(sorted(state.actors()))
        action = pick.choice(list(state.legal_actions(seat)))
        state.apply(seat, action)
        actions.append([seat, action])
    record = {
        "id": "story-boon",
        "game": "boon",
        "seed": 8,
        "options": {},
        "seats": seats,
        "actions": actions,
        "rules_version": game.rules_version,
        "by_standin": [[0, "standin"]],
    }
    for viewer in (1, None):
        story = match_story(record, viewer)
        stepwise = [
            (step, e["text"])
            for step in range(1, len(actions) + 1)
            for e in replay_step(record, step, viewer)["events"]
        ]
        assert [(line["step"], line["text"]) for line in story["lines"]] == stepwise
        assert story["steps"] == len(actions) and stepwise
