"""In every game, a move a stand-in made for a person is told as the stand-in's, to that person and to
everyone else, in both languages; a stand-in never peeks in a person's name (Bacan's memory)."""

from __future__ import annotations

import random

import pytest

from tapete.engine import MatchRecord
from tapete.engine.replay_cursor import ReplayCursor
from tapete.engine.standin import VARIANT, Trail, actor
from tapete.engine.words import Message, Reader, names_seat
from tapete.games import game_ids, get_game

NAMES = ["Ana", "Bruno", "Carmen", "Diego"]
TABLES = {
    "bacan": (3, {}),
    "buracco": (2, {}),
    "nacho-loco": (3, {}),
    "boon": (3, {}),
    "wanted": (3, {"mode": "tiroteo"}),
}


@pytest.mark.parametrize("game_id", game_ids())
def test_every_move_a_stand_in_made_is_told_as_its_own(game_id: str) -> None:
    game = get_game(game_id)
    assert game.catalogue is not None
    players, options = TABLES[game_id]
    told = 0
    for seed in range(3):
        state, rng = game.new_match(players, seed, options), random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            seat = rng.choice(state.actors())
            for event in game.made_for(state.apply(seat, rng.choice(state.legal_actions(seat))), {seat: "clock"}):
                if event.by_standin is None:
                    continue
                assert actor(event) == seat
                message = game.event_message(event)
                variant = isinstance(message, Message) and message.id + VARIANT in game.catalogue.messages
                if not (variant or names_seat(message, seat)):
                    continue  # not the seat's doing ("Your hand: ...")
                for reader_seat in range(players):
                    if not event.visible_to(reader_seat):
                        continue
                    es = game.tell_event(event, Reader("es", NAMES[:players], reader_seat))
                    en = game.tell_event(event, Reader("en", NAMES[:players], reader_seat))
                    mine = reader_seat == seat
                    assert ("por ti" if mine else f"por {NAMES[seat].lower()}") in es.lower(), es
                    assert ("your stand-in" if mine else f"{NAMES[seat].lower()}'s stand-in") in en.lower(), en
                    told += 1
    assert told


def test_a_stand_in_never_peeks_in_the_persons_name() -> None:
    """Bacan: the peek the stand-in made at the deal reads as the stand-in's, in a replay too."""
    game = get_game("bacan")
    rng = random.Random(3)
    state = game.new_match(2, 3)
    record = MatchRecord("bacan", {}, 3, [{"human": "Ana"}, {"bot": "heuristic"}], rules_version=game.rules_version)
    peeked = False
    while not peeked:  # seat 0's moves are its stand-in's (Ana is away), until it has peeked
        if state.is_terminal():
            raise AssertionError("no peek")
        seat = rng.choice(state.actors())
        action = rng.choice(state.legal_actions(seat))
        if seat == 0:
            record.by_standin[len(record.actions)] = "standin"
        record.actions.append((seat, action))
        # (a deal that shows every row is the dealer's move: Ana's away once her stand-in has moved)
        peeked = any(e.kind == "peek" and e.data["seat"] == 0 for e in state.apply(seat, action)) and bool(
            record.by_standin
        )
    cursor = ReplayCursor(game, record)
    cursor.set_seat(0)
    cursor.goto(len(record.actions))
    es, en = cursor.story("es"), cursor.story("en")
    assert any(line.startswith("Por ti, el reemplazo miró tus cartas") for line in es), es
    assert any(line.startswith("Your stand-in looked at your cards") for line in en), en
    assert not [line for line in es + en if line.startswith(("Miraste", "You peeked"))]


def test_a_deal_that_shows_every_row_shows_an_away_persons_to_the_stand_in() -> None:
    """Bacan: a dealer who lets everyone see their whole row shows an away person's row to the
    person's stand-in, and the log says so (the trail: Ana's last move was her stand-in's)."""
    game = get_game("bacan")
    state = next(s for s in (game.new_match(2, seed) for seed in range(50)) if s.actors() == (1,))
    deal_all = next(a for a in state.legal_actions(1) if state.action_to_json(a) == {"type": "peek_count", "count": 4})
    trail = Trail()
    trail.step(0, "standin")  # Ana's stand-in moved before: Ana is away
    events = game.made_for(state.apply(1, deal_all), trail.step(1, None))
    peek = next(e for e in events if e.kind == "peek" and e.data["seat"] == 0)
    assert peek.by_standin == "standin"
    assert game.tell_event(peek, Reader("es", NAMES[:2], 0)) == "Por ti, el reemplazo miró tus cartas 1, 2, 3 y 4."
    deal = next(e for e in events if e.kind == "deal")
    assert deal.by_standin is None  # the dealer's own move
