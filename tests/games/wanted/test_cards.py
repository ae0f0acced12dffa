"""WAN-1 and WAN-2: the 54 outlaws, and every worked example of the seed."""

from __future__ import annotations

import json
from importlib import resources

from tapete.games.wanted import GAME
from tapete.games.wanted.battle import gang_total, leader_candidates, single_battle, suit_counts
from tapete.games.wanted.cards import (
    DEC_SUIT,
    DEC_VALUE,
    FACES,
    INC_SUIT,
    INC_VALUE,
    NAMES,
    NUM_CARDS,
    REWARD,
    SKILL,
    SUIT,
    SUITS,
    card_id,
)

from .helpers import battle, gang_dice, ids, table

PREY = {"treboles": "diamantes", "diamantes": "picas", "picas": "corazones", "corazones": "treboles"}
SKILLS = {"2": 0, "3": 0, "4": 0, "5": 0, "6": 1, "7": 1, "8": 1, "9": 1, "10": 2, "J": 6, "Q": 6, "K": 7, "A": 7}
REWARDS = {"J": 12, "Q": 13, "K": 14, "A": 15}


def test_wan_1_fifty_four_outlaws_with_names() -> None:
    """WAN-1: an English deck of 52 plus two Jokers, each a named outlaw."""
    assert NUM_CARDS == 54 == len(set(FACES)) == len(GAME.card_faces())
    for suit in SUITS:
        ranks = [f.split("-")[0] for f in FACES if f.endswith("-" + suit)]
        assert ranks == ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    assert FACES[52:] == ("joker-rojo", "joker-negro")
    assert "A-picas" in FACES and "10-corazones" in FACES
    assert len(set(NAMES)) == 54 and all(len(n) > 3 for n in NAMES)


def test_wan_2_table_is_one_data_file_matching_the_ruling() -> None:
    """WAN-2: skill, decrement, increment and reward of every card, as data."""
    data = json.loads(resources.files("tapete.games.wanted").joinpath("outlaws.json").read_text(encoding="utf-8"))
    assert len(data["outlaws"]) == 54 and data["prey"] == PREY
    for c, face in enumerate(FACES):
        rank, suit = face.split("-")
        if rank == "joker":
            assert (SKILL[c], REWARD[c], SUIT[c], INC_SUIT[c], DEC_SUIT[c]) == (8, 25, -1, -1, -1)
            continue
        assert SKILL[c] == SKILLS[rank]
        assert REWARD[c] == REWARDS.get(rank, int(rank) if rank.isdigit() else 0)
        assert (SUITS[INC_SUIT[c]], INC_VALUE[c]) == (PREY[suit], 2)
        if rank in ("A", "J", "Q", "K"):
            assert DEC_SUIT[c] == -1
        else:
            predator = next(s for s, p in PREY.items() if p == suit)
            assert (SUITS[DEC_SUIT[c]], DEC_VALUE[c]) == (predator, 1)


def test_wan_2_seed_duel_example() -> None:
    """WAN-2: duel 2♠ (die 2) = 0+2−1 = 1 vs 2♦ (die 1) = 0+1+2 = 3, 2♦ wins."""
    mods, totals = single_battle(ids(["2-picas", "2-diamantes"]), [2, 1])
    assert mods == [-1, 2] and totals == [1, 3]
    state = table("duelo", [["2-picas"], ["2-diamantes"]], [[2, 1]])
    events = battle(state, "2-picas", "2-diamantes")
    shown = next(e for e in events if e.kind == "battle").data
    assert [(s["card"], s["total"]) for s in shown["seats"]] == [("2-picas", 1), ("2-diamantes", 3)]
    assert shown["winner"] == 1
    assert state.winners[1] == [card_id("2-diamantes")]
    assert state.face_down[0] == [card_id("2-picas")]


def test_wan_2_seed_shootout_example() -> None:
    """WAN-2: 2♦ gains +4 from two spades and loses 1 to 10♣; 10♣ gains 2
    from 2♦; J♠ gains and loses nothing; 2♠ loses 1 to 2♦."""
    cards = ["2-diamantes", "10-treboles", "J-picas", "2-picas"]
    mods, totals = single_battle(ids(cards), [1, 1, 1, 1])
    assert mods == [4 - 1, 2, 0, -1]
    assert totals == [0 + 1 + 3, 2 + 1 + 2, 6 + 1, 0 + 1 - 1]
    state = table("tiroteo", [[c] for c in cards], [[1, 1, 1, 1]])
    events = battle(state, *cards)
    shown = next(e for e in events if e.kind == "battle").data
    assert [s["modifier"] for s in shown["seats"]] == [3, 2, 0, -1]
    assert shown["winner"] == 2


def test_wan_2_seed_gangs_example() -> None:
    """WAN-2: in the gangs Q♣ (skill 6) leads and gains 2 from the other
    gang's 2♦; J♠ (skill 6) leads the other gang and gains nothing. (The
    seed's figure lists J♠ twice and its totals cannot all hold; the leaders
    and modifiers are what it shows.)"""
    gang_a = ids(["Q-treboles", "3-treboles", "5-picas"])
    gang_b = ids(["J-picas", "2-diamantes", "10-treboles"])
    dice_a, dice_b = [2, 1, 1], [6, 3, 4]
    assert leader_candidates(gang_a, dice_a) == [card_id("Q-treboles")]
    assert leader_candidates(gang_b, dice_b) == [card_id("J-picas")]
    total_a = gang_total(gang_a, dice_a, card_id("Q-treboles"), suit_counts(gang_b))
    total_b = gang_total(gang_b, dice_b, card_id("J-picas"), suit_counts(gang_a))
    assert total_a == (6 + 2) + (0 + 1) + (0 + 1) + 2
    assert total_b == (6 + 6) + (0 + 3) + (2 + 4) + 0
    hands = [
        ["Q-treboles", "3-treboles", "5-picas", "4-picas", "3-picas"],
        ["J-picas", "2-diamantes", "10-treboles", "9-picas", "8-picas"],
    ]
    rolls = gang_dice(
        {"Q-treboles": 2, "3-treboles": 1, "5-picas": 1}, {"J-picas": 6, "2-diamantes": 3, "10-treboles": 4}
    )
    state = table("pandillas", hands, [rolls])
    events = battle(state, ["Q-treboles", "3-treboles", "5-picas"], ["J-picas", "2-diamantes", "10-treboles"])
    record = next(e for e in events if e.kind == "gangs").data
    a, b = record["gangs"]
    assert a["cards"][a["leader"]] == "Q-treboles" and a["modifier"] == 2 and a["total"] == 12
    assert b["cards"][b["leader"]] == "J-picas" and b["modifier"] == 0 and b["total"] == 21
    assert record["winner"] == 1
