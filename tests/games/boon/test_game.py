"""Boon views, hidden information, determinization, copies, JSON and options."""

from __future__ import annotations

import json
import random

import pytest

from tapete.engine import BadAction, BadOption
from tapete.games.boon import GAME
from tapete.games.boon.actions import DEAL, NUM_ACTIONS, PASS, SPACE, TAKE
from tapete.games.boon.cards import FACES, SUIT
from tapete.games.boon.redeal import _exact
from tapete.games.boon.rules import BoonState
from tapete.sim.bench import random_step

from .helpers import bury, ids, play, situation


def faces_in(data: object) -> set[str]:
    text = json.dumps(data)
    return {f for f in FACES if f'"{f}"' in text}


def advanced(n: int, seed: int, steps: int) -> BoonState:
    state = GAME.new_match(n, seed)
    assert isinstance(state, BoonState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


def test_views_show_only_the_own_hand() -> None:
    state = advanced(4, 3, 0)
    for seat in range(4):
        view = state.view(seat)
        assert set(view["hand"]) == {FACES[c] for c in state.hands[seat]}
        others = {FACES[c] for s, h in enumerate(state.hands) if s != seat for c in h}
        assert not faces_in(view) & others
        assert not faces_in(view) & {FACES[c] for c in state.boon}
    spectator = state.view(None)
    assert spectator["hand"] == [] and not faces_in(spectator)
    for key in ("game", "seat", "num_players", "phase", "actors", "required", "round", "scores", "over", "winners"):
        assert key in spectator


def test_views_show_trick_and_won_trick_counts() -> None:
    hands = ["azul-2 oro-3", "azul-3 oro-9", "verde-4 oro-6", "oro-14 verde-6"]
    rest = [f for f in FACES if f not in " ".join(hands).split() and f not in ("azul-6", "rojo-6", "rojo-5", "oro-1")]
    state = situation(hands, taker=2, buried="azul-6 rojo-6 rojo-5 oro-1", leader=0,
                      piles=[" ".join(rest), "", "", ""], tricks_won=[5, 0, 0, 0])  # fmt: skip
    state.apply(0, play("azul-2"))
    state.apply(1, play("azul-3"))
    view = state.view(3)
    assert view["trick"] == [{"seat": 0, "card": "azul-2"}, {"seat": 1, "card": "azul-3"}]
    assert view["led_suit"] == "azul" and view["taker"] == 2 and view["tricks_won"] == [5, 0, 0, 0]
    assert "buried" not in view and state.view(2)["buried"] == ["azul-6", "rojo-6", "rojo-5", "oro-1"]
    state.apply(2, play("verde-4"))
    state.apply(3, play("verde-6"))
    view = state.view(0)
    assert view["trick"] == [] and view["tricks_won"] == [5, 1, 0, 0]
    assert view["last_trick"]["winner"] == 1 and len(view["last_trick"]["cards"]) == 4


def test_buried_cards_are_shown_to_all_at_the_count_but_not_a_leaster_boon() -> None:
    hands = ["oro-3", "oro-14", "oro-1", "oro-2"]
    buried = "azul-6 verde-6 rojo-6 azul-5"
    rest = " ".join(f for f in FACES if f not in (" ".join(hands) + " " + buried).split())
    state = situation(hands, taker=1, buried=buried, leader=1, piles=[rest, "", "", ""], tricks_won=[6, 0, 0, 0])
    for seat, card in ((1, "oro-14"), (2, "oro-1"), (3, "oro-2"), (0, "oro-3")):
        state.apply(seat, play(card))
    assert state.phase == "round_over"
    assert state.view(None)["buried"] == buried.split()
    state.apply(1, DEAL)
    assert "buried" not in state.view(None)
    assert not faces_in(state.view(None))
    # a Leaster's Boon stays face down after the last trick
    hands = ["oro-14", "oro-13", "oro-12", "oro-11"]
    boon = "azul-6 verde-6 rojo-6 oro-6"
    rest = " ".join(f for f in FACES if f not in (" ".join(hands) + " " + boon).split())
    state = situation(hands, boon=boon, taker=-1, leader=0, piles=[rest, "", "", ""], tricks_won=[6, 0, 0, 0])
    for seat, card in enumerate(hands):
        events = state.apply(seat, play(card))
    assert state.phase == "round_over"
    for seat in (None, 0, 1, 2, 3):
        assert not faces_in(state.view(seat)) & set(boon.split())
        assert not faces_in([e.data for e in events if e.visible_to(seat)]) & set(boon.split())


def test_hidden_cards_by_seat() -> None:
    state = advanced(4, 8, 0)
    first = state.actors()[0]
    assert sorted(state.hidden_cards(first)) == sorted(
        [c for s, h in enumerate(state.hands) if s != first for c in h] + state.boon
    )
    state.apply(first, TAKE)
    for card in list(state.hands[first][:4]):
        state.apply(first, bury(FACES[card]))
    assert not set(state.buried) & set(state.hidden_cards(first)), "the taker knows what it buried"
    other = (first + 1) % 4
    assert set(state.buried) <= set(state.hidden_cards(other))
    assert set(state.hidden_cards(None)) == {c for h in state.hands for c in h} | set(state.buried)


def test_determinize_redeals_only_the_unknown_and_keeps_shown_voids() -> None:
    hands = ["azul-2 azul-5 verde-1 oro-3", "azul-3 rojo-2 oro-9 oro-2", "verde-4 rojo-6 oro-6 oro-1",
             "oro-14 oro-13 verde-6 rojo-1"]  # fmt: skip
    rest = [f for f in FACES if f not in " ".join(hands).split()]
    state = situation(hands, boon=" ".join(rest[:4]), taker=-1, leader=0, piles=[" ".join(rest[4:]), "", "", ""],
                      tricks_won=[3, 0, 0, 0])  # fmt: skip
    state.apply(0, play("azul-5"))
    state.apply(1, play("azul-3"))
    state.apply(2, play("rojo-6"))  # seat 2 shows it has no azul
    seen = set()
    for i in range(200):
        world = state.determinize(0, random.Random(i))
        assert world.view(0) == state.view(0)
        assert world.hands[0] == state.hands[0] and world.piles == state.piles
        assert all(SUIT[c] != 0 for c in world.hands[2]), "seat 2 showed a void in azul"
        assert sorted(world.card_ids()) == sorted(state.card_ids())
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        seen.add(tuple(world.hands[3]))
    assert len(seen) > 20, "worlds vary"


def test_determinize_under_tight_voids_still_finds_a_deal() -> None:
    # 3 players, Leaster: seat 1 has shown no verde and no oro, seat 2 no azul and no rojo.
    hands = ["azul-1 oro-1 oro-2", "azul-2 azul-3 rojo-2", "oro-3 oro-4 verde-2"]
    boon = "rojo-3 verde-3 oro-5"
    used = " ".join(hands) + " " + boon + " verde-1 rojo-1"
    rest = " ".join(f for f in FACES if f not in used.split())
    state = situation(hands, boon=boon, taker=-1, piles=[rest, "", ""], tricks_won=[6, 0, 0])
    state.voids = [0, 0b1010, 0b0101]
    for i in range(50):
        world = state.determinize(0, random.Random(i))
        assert all(SUIT[c] in (0, 2) for c in world.hands[1])
        assert all(SUIT[c] in (1, 3) for c in world.hands[2])
        assert sorted(world.boon + world.hands[1] + world.hands[2]) == sorted(
            state.boon + state.hands[1] + state.hands[2]
        )


def test_the_exact_constrained_deal() -> None:
    pool = ids("azul-2 azul-3 rojo-2 rojo-3 oro-3 oro-4 verde-2 verde-3 oro-5")
    banned = [0b1010, 0b0101, 0]
    allowed = [[i for i in range(3) if not banned[i] >> s & 1] for s in range(4)]
    for i in range(30):
        dealt = _exact(pool, [3, 3, 3], banned, allowed, random.Random(i))
        assert sorted(c for d in dealt for c in d) == sorted(pool)
        assert [len(d) for d in dealt] == [3, 3, 3]
        assert all(not banned[p] >> SUIT[c] & 1 for p, d in enumerate(dealt) for c in d)


def test_determinize_reseeds_future_chance_and_leaves_the_state_alone() -> None:
    state = advanced(4, 5, 20)
    before = state.to_json()
    world = state.determinize(state.actors()[0], random.Random(1))
    assert state.to_json() == before
    assert (world.rng.seed, world.rng.counter) != (state.rng.seed, state.rng.counter)


def test_clone_is_deep_and_json_round_trips() -> None:
    rng = random.Random(0)
    for seed in range(6):
        state = advanced(3 + seed % 2, seed, rng.randrange(0, 80))
        copy = state.clone()
        snapshot = state.to_json()
        again = GAME.state_from_json(json.loads(json.dumps(snapshot)))
        assert again.to_json() == snapshot
        while not copy.is_terminal():
            random_step(copy, rng)
        assert state.to_json() == snapshot


def test_actions_as_json() -> None:
    for a in range(NUM_ACTIONS):
        assert SPACE.from_json(json.loads(json.dumps(SPACE.to_json(a)))) == a
    assert SPACE.from_json({"type": "play", "card": "oro-14"}) == play("oro-14")
    for bad in ({"type": "play", "card": "oro-15"}, {"type": "jump"}, {"type": "bury"}):
        with pytest.raises(BadAction) as err:
            SPACE.from_json(bad)
        assert err.value.es and err.value.en
    assert (
        SPACE.to_json(PASS) == {"type": "pass"}
        and SPACE.to_json(TAKE) == {"type": "take"}
        and SPACE.to_json(DEAL) == {"type": "deal"}
    )


def test_payouts_option_is_validated_and_listed() -> None:
    assert GAME.parse_options({}).payout_table == (3, 2, 1, -1, -2, -3)
    assert GAME.parse_options({"payouts": "4, 2, 1, -1, -2, -4"}).payout_table == (4, 2, 1, -1, -2, -4)
    for bad in ("1,2,3", "a,b,c,d,e,f", "1,1,1,1,1,99"):
        with pytest.raises(BadOption) as err:
            GAME.parse_options({"payouts": bad})
        assert err.value.rule == "BOO-9" and err.value.es and err.value.en
    schema = {entry["key"]: entry for entry in GAME.options_schema()}
    assert schema["payouts"]["default"] == "3,2,1,-1,-2,-3"
    assert schema["payouts"]["label"]["es"] and schema["payouts"]["label"]["en"]
    state = GAME.new_match(4, 1, {"payouts": "2,1,0,0,-1,-2"})
    assert state.view(0)["payouts"] == [2, 1, 0, 0, -1, -2]


def test_every_event_is_described_in_both_languages() -> None:
    described: set[str] = set()
    for n in (3, 4):
        for seed in range(6):
            state = GAME.new_match(n, seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                seat = state.actors()[0]
                legal = state.legal_actions(seat)
                for event in state.apply(seat, legal[rng.randrange(len(legal))]):
                    es, en = GAME.describe_event(event, "es"), GAME.describe_event(event, "en")
                    assert es and en and es != event.kind and en != event.kind
                    described.add(event.kind)
            for lang in ("es", "en"):
                assert GAME.render_text(state.view(None), lang)
    expected = {"deal", "hand", "pass", "take", "boon", "bury", "buried", "play", "trick", "round_end", "match_end"}
    assert expected <= described
    assert "leaster" in described


def test_texts_in_both_languages() -> None:
    state = advanced(4, 2, 30)
    for lang in ("es", "en"):
        rules = GAME.rules_text(lang)
        for rule in range(1, 13):
            assert f"BOO-{rule}**" in rules
        text = GAME.render_text(state.view(0), lang)
        assert "Boon" in text
        for seat in state.actors():
            for a in state.legal_actions(seat):
                assert GAME.describe_action(state, a, lang)
    assert GAME.describe_action(state, TAKE, "es") != GAME.describe_action(state, TAKE, "en")
