"""WANTED rules clause by clause (WAN-3 .. WAN-12), in exact situations."""

from __future__ import annotations

import pytest

from tapete.engine import IllegalAction, NotYourTurn
from tapete.games.wanted import GAME
from tapete.games.wanted.battle import single_battle
from tapete.games.wanted.cards import REWARD, card_id

from .helpers import FixedDice, battle, faces, gang_dice, ids, kinds, play, table

# -- WAN-3: a card's total ---------------------------------------------------------


def test_wan_3_modifier_counts_each_triggering_card_of_another_player() -> None:
    """WAN-3: 2♠ (weak to ♦) facing three diamonds loses 3; totals may go below 0."""
    cards = ids(["2-picas", "3-diamantes", "4-diamantes", "5-diamantes"])
    mods, totals = single_battle(cards, [1, 1, 1, 1])
    assert mods[0] == -3 and totals[0] == -2


def test_wan_3_a_card_is_not_modified_by_its_own_gang() -> None:
    """WAN-3, WAN-9: modifiers come from other players' cards only."""
    hands = [
        ["A-picas", "2-corazones", "3-corazones", "4-treboles", "5-treboles"],
        ["6-picas", "7-picas", "8-picas", "9-picas", "10-picas"],
    ]
    rolls = gang_dice({"A-picas": 6, "2-corazones": 1, "3-corazones": 1}, {"6-picas": 1, "7-picas": 1, "8-picas": 1})
    state = table("pandillas", hands, [rolls])
    events = battle(state, ["A-picas", "2-corazones", "3-corazones"], ["6-picas", "7-picas", "8-picas"])
    gangs = next(e for e in events if e.kind == "gangs").data["gangs"]
    assert gangs[0]["modifier"] == 0  # A♠ preys on hearts, but those hearts are its own
    assert gangs[0]["total"] == 7 + 6 + 1 + 1


# -- WAN-4: dealing and simultaneous commits ------------------------------------------


@pytest.mark.parametrize(("mode", "players"), [("duelo", 2), ("tiroteo", 7), ("pandillas", 10)])
def test_wan_4_five_cards_each_and_everyone_chooses_at_once(mode: str, players: int) -> None:
    """WAN-4: 5 cards to every player; every seat is an actor and required."""
    state = GAME.new_match(players, 77, {"mode": mode})
    assert [len(h) for h in state.hands] == [5] * players
    assert len(state.deck) == 54 - 5 * players
    assert state.actors() == state.required_actors() == tuple(range(players))


def test_wan_4_a_commit_is_private_until_all_have_chosen() -> None:
    """WAN-4: the public hears only "seat X has committed"; nothing of a
    choice shows (views, events) until every seat has chosen."""
    state = table(
        "tiroteo",
        [["K-picas", "2-picas"], ["3-corazones", "4-corazones"], ["5-treboles", "6-treboles"]],
        [[1, 2, 3], [4, 5, 6]],
    )
    events = play(state, 0, "commit", "K-picas")
    public = [e for e in events if e.audience is None]
    assert [e.to_json() for e in public] == [{"kind": "committed", "seat": 0}]
    mine = [e for e in events if e.audience == frozenset({0})]
    assert mine[0].data["cards"] == ["K-picas"]
    assert state.actors() == (1, 2)
    for seat in (None, 1, 2):
        view = state.view(seat)
        assert "K-picas" not in str(view)
        assert view["committed"] == [True, False, False]
    assert state.view(0)["my_commit"] == ["K-picas"]
    assert card_id("K-picas") in state.hidden_cards(1)
    with pytest.raises(NotYourTurn) as err:
        play(state, 0, "commit", "2-picas")
    assert err.value.rule == "WAN-4"
    play(state, 1, "commit", "3-corazones")
    events = play(state, 2, "commit", "5-treboles")
    assert kinds(events) == ["committed", "battle"]
    assert state.view(1)["battle"]["seats"][0]["card"] == "K-picas"


def test_wan_4_committing_a_card_not_in_hand_is_refused() -> None:
    """WAN-4: only a card of your own hand; the state is unchanged."""
    state = table("duelo", [["K-picas"], ["3-corazones"]], [[1, 2]])
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        play(state, 0, "commit", "3-corazones")
    assert err.value.rule == "WAN-4" and "mano" in err.value.es and "hand" in err.value.en
    assert state.to_json() == before


def test_wan_4_dice_come_from_the_state_rng() -> None:
    """WAN-4: the same seed deals the same cards and rolls the same dice."""
    a = GAME.new_match(4, 5, {"mode": "tiroteo"})
    b = GAME.new_match(4, 5, {"mode": "tiroteo"})
    c = GAME.new_match(4, 6, {"mode": "tiroteo"})
    assert a.to_json() == b.to_json() and a.hands != c.hands
    for seat in range(4):
        for s in (a, b):
            s.apply(seat, s.legal_actions(seat)[0])
    dice_a = [e["die"] for e in a.view(None)["battle"]["seats"]]
    assert dice_a == [e["die"] for e in b.view(None)["battle"]["seats"]]
    assert all(1 <= d <= 6 for d in dice_a)


# -- Duelo ------------------------------------------------------------------------------


def test_wan_5_winner_face_up_loser_face_down_by_its_owner() -> None:
    """WAN-5: the higher total goes face up by its owner, the loser face down by its owner."""
    state = table("duelo", [["joker-rojo", "2-picas"], ["3-corazones", "4-corazones"]], [[1, 6], [1, 1]])
    battle(state, "joker-rojo", "3-corazones")
    assert state.winners == [[card_id("joker-rojo")], []]
    assert state.face_down == [[], [card_id("3-corazones")]]


def test_wan_5_tie_both_lose_face_down_by_their_owners() -> None:
    """WAN-5: a tie makes both losers, each face down by its owner."""
    state = table("duelo", [["5-picas", "2-picas"], ["5-treboles", "4-corazones"]], [[3, 3], [1, 1]])
    events = battle(state, "5-picas", "5-treboles")
    assert next(e for e in events if e.kind == "battle").data["winner"] is None
    assert state.winners == [[], []]
    assert state.face_down == [[card_id("5-picas")], [card_id("5-treboles")]]


def test_wan_6_each_collects_the_opponents_face_down_cards() -> None:
    """WAN-6: after the battles each takes the opponent's face-down cards; the higher sum wins."""
    hands = [["joker-rojo", "K-picas", "9-corazones"], ["2-treboles", "3-treboles", "joker-negro"]]
    state = table("duelo", hands, [[1, 1], [1, 1], [1, 6]])
    battle(state, "joker-rojo", "2-treboles")  # seat 0 wins: 2♣ face down by seat 1
    battle(state, "K-picas", "3-treboles")  # seat 0 wins: 3♣ face down by seat 1
    events = battle(state, "9-corazones", "joker-negro")  # seat 1 wins: 9♥ face down by seat 0
    assert state.face_down == [ids(["9-corazones"]), ids(["2-treboles", "3-treboles"])]
    assert state.is_terminal() and state.scores() == [2 + 3, 9]
    assert events[-1].to_json() == {"kind": "match_over", "winners": [1], "scores": [5, 9], "rule": "WAN-6"}


def test_wan_6_higher_collected_reward_wins() -> None:
    """WAN-6: the seat that collects more reward wins the duel."""
    hands = [["joker-rojo", "2-picas"], ["A-corazones", "3-treboles"]]
    state = table("duelo", hands, [[6, 1], [1, 6]])
    battle(state, "joker-rojo", "A-corazones")  # 14 vs 8+... A♥ 7+1+0 = 8: seat 0 wins, collects A♥ (15)
    battle(state, "2-picas", "3-treboles")  # 0+1+0 vs 0+6+0: seat 1 wins, collects 2♠ (2)
    assert state.is_terminal()
    assert state.scores() == [15, 2] and state.outcome().winners == (0,)
    assert state.result_rule == "WAN-6"


# -- Tiroteo ---------------------------------------------------------------------------


def test_wan_7_losers_go_face_down_to_the_winner() -> None:
    """WAN-7: the winner goes face up by its owner; every loser face down by the winner."""
    hands = [["2-picas", "3-picas"], ["joker-rojo", "4-picas"], ["5-corazones", "6-picas"]]
    state = table("tiroteo", hands, [[1, 1, 1], [1, 1, 1]])
    battle(state, "2-picas", "joker-rojo", "5-corazones")
    assert state.winners[1] == [card_id("joker-rojo")]
    assert sorted(state.face_down[1]) == sorted(ids(["2-picas", "5-corazones"]))
    assert state.face_down[0] == state.face_down[2] == []


def test_wan_7_tie_for_the_highest_sends_every_card_out() -> None:
    """WAN-7 (ruling): a tie for the highest total: all cards of the battle leave the game."""
    hands = [["K-picas", "3-picas"], ["K-treboles", "4-picas"], ["2-corazones", "6-picas"]]
    # K♠ 7+2+2 (preys on the 2♥) = 11; K♣ 7+4 = 11; 2♥ 0+1+2−1 = 2
    state = table("tiroteo", hands, [[2, 4, 1], [1, 1, 1]])
    events = battle(state, "K-picas", "K-treboles", "2-corazones")
    assert next(e for e in events if e.kind == "battle").data["winner"] is None
    assert sorted(state.out) == sorted(ids(["K-picas", "K-treboles", "2-corazones"]))
    assert state.winners == [[], [], []] and state.face_down == [[], [], []]


def test_wan_8_each_adds_the_face_down_cards_they_hold() -> None:
    """WAN-8: a seat's bounty is the reward of the face-down cards it holds."""
    hands = [["joker-rojo", "2-picas"], ["9-picas", "joker-negro"], ["5-corazones", "6-picas"]]
    state = table("tiroteo", hands, [[1, 1, 1], [1, 1, 1]])
    battle(state, "joker-rojo", "9-picas", "5-corazones")  # seat 0 collects 9 + 5
    battle(state, "2-picas", "joker-negro", "6-picas")  # seat 1 collects 2 + 6
    assert state.is_terminal()
    assert state.scores() == [14, 8, 0] and state.outcome().winners == (0,)


# -- Pandillas ---------------------------------------------------------------------------

GANG_HANDS = [
    ["K-picas", "5-picas", "6-picas", "2-treboles", "3-treboles"],
    ["K-treboles", "5-treboles", "6-treboles", "9-picas", "10-picas"],
    ["2-corazones", "2-diamantes", "joker-rojo", "7-picas", "8-picas"],
]


def test_wan_9_three_cards_committed_one_step_at_a_time() -> None:
    """WAN-9: a seat commits 3 cards; it stays an actor until the third."""
    state = table("pandillas", [GANG_HANDS[0], GANG_HANDS[1]], [[1] * 6])
    events = play(state, 0, "commit", "K-picas")
    assert [e.kind for e in events] == ["pick"] and events[0].audience == frozenset({0})
    assert state.actors() == (0, 1) and state.view(1)["committed"] == [False, False]
    play(state, 0, "commit", "5-picas")
    events = play(state, 0, "commit", "6-picas")
    assert kinds(events) == ["commit", "committed"] and state.actors() == (1,)


def test_wan_9_leader_highest_skill_plus_die_then_higher_skill() -> None:
    """WAN-9: K♠ (7+2) and J♥ (6+3) tie on skill + die: the higher skill leads."""
    hands = [["K-picas", "J-corazones", "2-picas", "3-picas", "4-picas"], GANG_HANDS[1]]
    rolls = gang_dice(
        {"K-picas": 2, "J-corazones": 3, "2-picas": 1}, {"K-treboles": 1, "5-treboles": 1, "6-treboles": 1}
    )
    state = table("pandillas", hands, [rolls])
    events = battle(state, ["K-picas", "J-corazones", "2-picas"], ["K-treboles", "5-treboles", "6-treboles"])
    gang = next(e for e in events if e.kind == "gangs").data["gangs"][0]
    assert gang["cards"][gang["leader"]] == "K-picas"


def test_wan_9_only_the_leader_gets_modifiers_from_every_other_gang() -> None:
    """WAN-9: gang total = skill + die of its 3 cards + its leader's modifiers."""
    rolls = gang_dice(
        {"K-picas": 3, "5-picas": 1, "6-picas": 2},
        {"K-treboles": 3, "5-treboles": 1, "6-treboles": 2},
        {"2-corazones": 1, "2-diamantes": 1, "joker-rojo": 1},
    )
    state = table("pandillas", GANG_HANDS, [rolls])
    events = battle(state, GANG_HANDS[0][:3], GANG_HANDS[1][:3], GANG_HANDS[2][:3])
    gangs = {g["seat"]: g for g in next(e for e in events if e.kind == "gangs").data["gangs"]}
    # K♠ preys on the 2♥ (+2); 5♠ and 6♠ would lose to the 2♦ but are not leaders
    assert gangs[0]["modifier"] == 2 and gangs[0]["total"] == 14 + 2
    assert gangs[1]["modifier"] == 2 and gangs[1]["total"] == 14 + 2  # K♣ preys on the 2♦
    assert gangs[2]["cards"][gangs[2]["leader"]] == "joker-rojo" and gangs[2]["total"] == 11


def test_wan_9_owner_chooses_between_equal_leaders_when_it_matters() -> None:
    """WAN-9: J♠ and Q♥ both 6 + 3: the owner chooses; Q♥ preys on the clubs across."""
    hands = [["J-picas", "Q-corazones", "2-picas", "3-picas", "4-picas"], GANG_HANDS[1]]
    rolls = gang_dice(
        {"J-picas": 3, "Q-corazones": 3, "2-picas": 1}, {"K-treboles": 1, "5-treboles": 1, "6-treboles": 1}
    )
    state = table("pandillas", hands, [rolls])
    battle(state, ["J-picas", "Q-corazones", "2-picas"], ["K-treboles", "5-treboles", "6-treboles"])
    assert state.phase == "leader" and state.actors() == (0,)
    assert [state.action_to_json(a)["card"] for a in state.legal_actions(0)] == ["J-picas", "Q-corazones"]
    view = state.view(0)["battle"]["gangs"][0]["cards"]
    assert [c["card"] for c in view if c.get("may_lead")] == ["J-picas", "Q-corazones"]
    with pytest.raises(IllegalAction) as err:
        play(state, 0, "leader", "2-picas")
    assert err.value.rule == "WAN-9"
    events = play(state, 0, "leader", "Q-corazones")
    gang = next(e for e in events if e.kind == "gangs").data["gangs"][0]
    assert gang["cards"][gang["leader"]] == "Q-corazones" and gang["modifier"] == 6  # three clubs
    assert gang["total"] == 9 + 9 + 1 + 6


def test_wan_9_no_choice_when_equal_leaders_get_the_same_modifiers() -> None:
    """WAN-9: if the tied candidates' totals would not differ, nobody is asked."""
    hands = [
        ["J-picas", "Q-corazones", "2-picas", "3-picas", "4-picas"],
        ["joker-rojo", "2-diamantes", "3-diamantes", "4-diamantes", "5-diamantes"],
    ]
    rolls = gang_dice(
        {"J-picas": 3, "Q-corazones": 3, "2-picas": 1}, {"joker-rojo": 1, "2-diamantes": 1, "3-diamantes": 1}
    )
    state = table("pandillas", hands, [rolls])
    battle(state, ["J-picas", "Q-corazones", "2-picas"], ["joker-rojo", "2-diamantes", "3-diamantes"])
    assert state.phase != "leader"


def test_wan_9_winner_takes_every_losing_gang_face_down() -> None:
    """WAN-9: the highest gang total wins its gang face up and the rest as bounty."""
    rolls = gang_dice(
        {"K-picas": 6, "5-picas": 6, "6-picas": 6},
        {"K-treboles": 1, "5-treboles": 1, "6-treboles": 1},
        {"2-corazones": 1, "2-diamantes": 1, "joker-rojo": 1},
    )
    state = table("pandillas", GANG_HANDS, [rolls], deals=1)
    battle(state, GANG_HANDS[0][:3], GANG_HANDS[1][:3], GANG_HANDS[2][:3])
    assert sorted(state.winners[0]) == sorted(ids(GANG_HANDS[0][:3]))
    assert sorted(state.face_down[0]) == sorted(ids(GANG_HANDS[1][:3] + GANG_HANDS[2][:3]))
    assert state.scores()[0] == sum(REWARD[c] for c in state.face_down[0])
    assert state.is_terminal() and state.outcome().winners == (0,)


def test_wan_10_tied_gangs_discard_at_once_and_fight_again_among_themselves() -> None:
    """WAN-10: K♠ and K♣ gangs tie at 16 (each +2 from the third gang); each
    discards in secret; computed again, dice kept, modifiers only from the other tied gang."""
    rolls = gang_dice(
        {"K-picas": 3, "5-picas": 1, "6-picas": 2},
        {"K-treboles": 3, "5-treboles": 1, "6-treboles": 2},
        {"2-corazones": 1, "2-diamantes": 1, "joker-rojo": 1},
    )
    state = table("pandillas", GANG_HANDS, [rolls], deals=1)
    battle(state, GANG_HANDS[0][:3], GANG_HANDS[1][:3], GANG_HANDS[2][:3])
    assert state.phase == "discard" and state.actors() == (0, 1) and state.tied == [0, 1]
    with pytest.raises(IllegalAction) as err:
        play(state, 0, "discard", "2-treboles")
    assert err.value.rule == "WAN-10"
    seen_before = [state.view(1)["battle"], state.view(None)["battle"]]
    events = play(state, 0, "discard", "5-picas")
    assert [e.kind for e in events if e.audience is None] == ["discard_ready"]
    assert [e.data["card"] for e in events if e.audience == frozenset({0})] == ["5-picas"]
    assert [state.view(1)["battle"], state.view(None)["battle"]] == seen_before
    assert [c["card"] for c in state.view(0)["battle"]["gangs"][0]["cards"] if c.get("my_discard")] == ["5-picas"]
    assert state.view(0)["discard_ready"] == [0]
    events = play(state, 1, "discard", "6-treboles")
    gangs = {g["seat"]: g for g in next(e for e in events if e.kind == "gangs").data["gangs"]}
    assert gangs[0]["discarded"] == ["5-picas"] and gangs[1]["discarded"] == ["6-treboles"]
    assert gangs[0]["total"] == 10 + 3 and gangs[0]["modifier"] == 0  # no +2 from the third gang now
    assert gangs[1]["total"] == 10 + 1
    assert sorted(state.winners[0]) == sorted(ids(["K-picas", "6-picas"]))
    bounty = ["K-treboles", "5-treboles", *GANG_HANDS[2][:3]]
    assert sorted(state.face_down[0]) == sorted(ids(bounty))
    assert sorted(state.out) == sorted(ids(["5-picas", "6-treboles"]))


def test_wan_10_if_all_run_out_nobody_wins() -> None:
    """WAN-10: tied again and again down to the last cards: nobody wins, the cards leave."""
    hands = [[*GANG_HANDS[0][1:], "7-picas"], [*GANG_HANDS[1][1:], "7-treboles"]]
    rolls = gang_dice({"5-picas": 1, "6-picas": 1, "7-picas": 1}, {"5-treboles": 1, "6-treboles": 1, "7-treboles": 1})
    state = table("pandillas", hands, [rolls], deals=1, replays=0)
    battle(state, ["5-picas", "6-picas", "7-picas"], ["5-treboles", "6-treboles", "7-treboles"])
    assert state.phase == "discard"
    play(state, 0, "discard", "7-picas")
    play(state, 1, "discard", "7-treboles")
    assert state.phase == "discard"  # 1 + 2 against 1 + 2: tied again
    play(state, 0, "discard", "6-picas")
    events = play(state, 1, "discard", "6-treboles")
    record = next(e for e in events if e.kind == "gangs").data
    assert record["winner"] is None and record["status"] == "resolved"
    assert len(state.out) == 6 and state.face_down == [[], []] and state.winners == [[], []]
    assert state.is_terminal() and state.outcome().winners == (0, 1)  # nobody collected: a shared 0


def test_wan_11_deals_option_fresh_deals_and_bounty_totals() -> None:
    """WAN-11: `deals` deals, each fresh, dealt in turn; the bounty adds up."""
    state = GAME.new_match(3, 2024, {"mode": "pandillas", "deals": 2})
    while state.phase != "deal":
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    banked = state.stage_scores()
    assert state.actors() == (1,) and state.legal_actions(1) == [162]
    with pytest.raises(IllegalAction) as err:
        state.apply(1, 0)
    assert err.value.rule == "WAN-11"
    events = state.apply(1, 162)
    assert kinds(events) == ["deal", "hand", "hand", "hand"]
    assert [e.audience for e in events[1:]] == [frozenset({0}), frozenset({1}), frozenset({2})]
    assert [len(h) for h in state.hands] == [5, 5, 5] and state.out == [] and state.stage_scores() == banked
    assert sorted(state.card_ids()) == list(range(54))
    while not state.is_terminal():
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.deal_no == 2 and state.outcome().rounds >= 2


def test_wan_11_one_deal_match() -> None:
    """WAN-11: with deals=1 the match is one battle (plus any WAN-12 replay)."""
    state = GAME.new_match(4, 9, {"mode": "pandillas", "deals": 1, "replays": 0})
    while not state.is_terminal():
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.rounds == 1


# -- WAN-12: final ties ------------------------------------------------------------------------

TIED_DUEL = [["joker-rojo", "5-treboles"], ["5-corazones", "joker-negro"]]


def test_wan_12_tied_players_replay_with_their_winners() -> None:
    """WAN-12: 5 each; the jokers were winners and become the new hands; only the new battle counts."""
    state = table("duelo", TIED_DUEL, [[1, 1], [1, 1]])
    battle(state, "joker-rojo", "5-corazones")
    state.rng = FixedDice([3, 5])
    events = battle(state, "5-treboles", "joker-negro")
    assert "replay" in kinds(events) and state.stage == 1 and not state.is_terminal()
    assert state.hands == [[card_id("joker-rojo")], [card_id("joker-negro")]] and state.battles == 1
    view = state.view(0)
    assert view["public_hands"] == [None, ["joker-negro"]] and view["hand"] == ["joker-rojo"]
    battle(state, "joker-rojo", "joker-negro")  # 8+3 against 8+5
    assert state.is_terminal() and state.outcome().winners == (1,) and state.result_rule == "WAN-12"
    assert state.scores() == [5, 5] and state.stage_scores() == [0, 25]


def test_wan_12_replays_option_zero_shares_the_win() -> None:
    """WAN-12: after `replays` replays (here 0) still tied, they share the win."""
    state = table("duelo", TIED_DUEL, [[1, 1], [1, 1]], replays=0)
    battle(state, "joker-rojo", "5-corazones")
    battle(state, "5-treboles", "joker-negro")
    assert state.is_terminal() and state.outcome().winners == (0, 1)


def test_wan_12_still_tied_with_no_winners_left_share() -> None:
    """WAN-12: the replay ties again and nobody has winners: the win is shared."""
    state = table("duelo", TIED_DUEL, [[1, 1], [1, 1]])
    battle(state, "joker-rojo", "5-corazones")
    state.rng = FixedDice([4, 4])
    battle(state, "5-treboles", "joker-negro")
    battle(state, "joker-rojo", "joker-negro")  # 12 against 12: both face down, both collect 25
    assert state.is_terminal() and state.outcome().winners == (0, 1)


def test_wan_12_a_tied_player_without_winners_loses() -> None:
    """WAN-12: tied at 9, but only seat 0 has a face-up winner: seat 0 wins."""
    hands = [["K-picas", "9-treboles"], ["3-corazones", "6-diamantes"]]
    state = table("duelo", hands, [[1, 1], [1, 4]])
    battle(state, "K-picas", "3-corazones")  # K♠ wins; 3♥ face down by seat 1
    battle(state, "9-treboles", "6-diamantes")  # 1+1+2 against 1+4−1: a tie
    assert state.scores() == [3 + 6, 9]
    assert state.is_terminal() and state.outcome().winners == (0,) and state.result_rule == "WAN-12"


def test_wan_12_replay_lasts_as_many_battles_as_the_smallest_hand() -> None:
    """WAN-12: Tiroteo replay between the two tied players, as many battles as
    the smaller hand of winners; the spare winner stays face up."""
    hands = [
        ["joker-rojo", "A-picas", "K-corazones"],
        ["4-corazones", "5-corazones", "joker-negro"],
        ["6-corazones", "7-corazones", "8-corazones"],
    ]
    state = table("tiroteo", hands, [[6, 1, 1], [6, 1, 1], [1, 6, 1]])
    battle(state, "joker-rojo", "4-corazones", "6-corazones")  # seat 0 collects 4 + 6
    battle(state, "A-picas", "5-corazones", "7-corazones")  # seat 0 collects 5 + 7
    state.rng = FixedDice([6, 1])
    battle(state, "K-corazones", "joker-negro", "8-corazones")  # seat 1 collects 14 + 8
    assert state.main == [22, 22, 0]
    assert state.stage == 1 and state.participants == [0, 1] and state.battles == 1
    assert state.actors() == (0, 1) and state.legal_actions(2) == []
    battle(state, "A-picas", "joker-negro")  # 7+6 against 8+1: seat 0 collects the joker (25)
    assert state.is_terminal() and state.outcome().winners == (0,)
    assert state.stage_scores() == [25, 0, 0]
    assert sorted(state.winners[0]) == sorted(ids(["A-picas", "joker-rojo"]))


def test_wan_12_pandillas_replay_is_a_fresh_deal_among_the_tied() -> None:
    """WAN-12 (ruling): in Pandillas the tied players replay with one fresh deal."""
    state = GAME.new_match(3, 1, {"mode": "pandillas", "deals": 1})
    state.participants = [0, 1, 2]
    state.main = None
    state.face_down = [ids(["2-picas"]), ids(["2-corazones"]), []]
    state.hands = [[c for c in h if c not in ids(["2-picas", "2-corazones"])] for h in state.hands]
    state.deck = [c for c in state.deck if c not in ids(["2-picas", "2-corazones"])]
    state.won = [1, 1, 0]
    events = state._end_stage()
    assert kinds(events) == ["stage_over", "replay"]
    assert state.phase == "deal" and state.actors() == (0,) and state.participants == [0, 1]
    events = state.apply(0, 162)
    assert [len(h) for h in state.hands] == [5, 5, 0] and state.actors() == (0, 1)
    assert state.main == [2, 2, 0] and state.stage_scores() == [0, 0, 0]
    assert faces(state.deck)  # the rest of the deck stays face down


def test_wan_12_pandillas_a_tied_player_who_won_no_battle_loses() -> None:
    """WAN-12: in Pandillas a tied player who won no battle loses to one who
    won some; no replay is needed."""
    state = GAME.new_match(3, 1, {"mode": "pandillas", "deals": 1})
    state.participants = [0, 1, 2]
    state.main = None
    state.face_down = [ids(["2-picas"]), ids(["2-corazones"]), []]
    state.hands = [[c for c in h if c not in ids(["2-picas", "2-corazones"])] for h in state.hands]
    state.deck = [c for c in state.deck if c not in ids(["2-picas", "2-corazones"])]
    state.won = [1, 0, 0]
    events = state._end_stage()
    assert kinds(events) == ["stage_over", "match_over"]
    assert state.is_terminal() and state.outcome().winners == (0,) and state.result_rule == "WAN-12"


# -- views and options ------------------------------------------------------------------------


def test_views_face_down_piles_show_faces_to_their_holder_only() -> None:
    """Views (ruling): face-down piles are counts and rewards for all, faces for the holder."""
    hands = [["joker-rojo", "2-picas"], ["9-picas", "joker-negro"], ["5-corazones", "6-picas"]]
    state = table("tiroteo", hands, [[1, 1, 1], [1, 1, 1]])
    battle(state, "joker-rojo", "9-picas", "5-corazones")
    # the latest battle is open to all; its cards are not listed again in the piles
    assert state.view(2)["piles"][0]["face_down"] is None
    assert state.view(2)["piles"][0]["face_down_count"] == 2
    assert state.view(0)["piles"][0]["face_down"] == []
    play(state, 0, "commit", "2-picas")
    play(state, 1, "commit", "joker-negro")
    play(state, 2, "commit", "6-picas")
    assert state.is_terminal()  # over: phase IV counts every pile openly
    assert sorted(state.view(2)["piles"][0]["face_down"]) == ["5-corazones", "9-picas"]


def test_views_bounty_is_what_each_seat_collects() -> None:
    """A seat's bounty (its panel's figure) is what the rules let it collect, the same as its score:
    in Duelo the rival's lost cards, never its own (WAN-6, issue 36 finding 4)."""
    hands = [["joker-rojo", "2-picas"], ["A-corazones", "3-treboles"]]
    state = table("duelo", hands, [[6, 1], [1, 6]])
    battle(state, "joker-rojo", "A-corazones")  # seat 0 wins: A♥ lies face down by seat 1, seat 0 collects it
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["bounty"] == [{"cards": 1, "reward": REWARD[card_id("A-corazones")]}, {"cards": 0, "reward": 0}]
        assert [b["reward"] for b in view["bounty"]] == view["scores"]
    # Tiroteo: the losers' cards go to the winner, who holds them
    state = table(
        "tiroteo",
        [["joker-rojo", "2-picas"], ["9-picas", "joker-negro"], ["5-corazones", "6-picas"]],
        [[1, 1, 1], [1, 1, 1]],
    )
    battle(state, "joker-rojo", "9-picas", "5-corazones")
    bounty = state.view(1)["bounty"]
    assert bounty[0] == {"cards": 2, "reward": REWARD[card_id("9-picas")] + REWARD[card_id("5-corazones")]}
    assert [b["reward"] for b in bounty] == state.view(1)["scores"]


def test_options_players_per_mode() -> None:
    """Duelo exactly 2, Tiroteo 3-10, Pandillas 2-10; defaults valid for Duelo."""
    opts = GAME.parse_options
    assert GAME.allowed_players(opts({})) == (2,)
    assert GAME.allowed_players(opts({"mode": "tiroteo"})) == tuple(range(3, 11))
    assert GAME.allowed_players(opts({"mode": "pandillas"})) == tuple(range(2, 11))
    GAME.check_players(GAME.default_players, opts({}))
    from tapete.engine import BadOption, BadPlayers

    with pytest.raises(BadPlayers):
        GAME.new_match(3, 1, {"mode": "duelo"})
    with pytest.raises(BadOption):
        opts({"mode": "western"})
    with pytest.raises(BadOption):
        opts({"deals": 0})
