"""WANTED's encoding layouts: the observation, memory and action-row segments and
their scales (the encoder is encoding.py; docs/encodings.md)."""

from __future__ import annotations

from tapete.engine.encoding import Layout, Segment

from .cards import NUM_CARDS, SKILL
from .options import MODES
from .phases import PHASES

SEATS = 10  # the largest table (WAN-7, WAN-9)
MIN_PLAYERS = 2
C = NUM_CARDS
GANG = 3
HAND = 5
# Scales (a number / its scale is about 0..1; clipped to +-2).
SCORE_SCALE = 100.0  # bounty: a Pandillas deal's swing is ~30, a Duelo's total ~40
PILE_SCALE = 20.0  # face-down cards (a Tiroteo winner may hold dozens)
STAGE_SCALE = 10.0  # battles in a stage (5 in Duelo / Tiroteo, deals in Pandillas)
MAX_SKILL = 8.0
MAX_REWARD = 25.0

SKILL_LEVELS: tuple[int, ...] = tuple(sorted(set(SKILL)))  # 0, 1, 2, 6, 7, 8
LEVELS = len(SKILL_LEVELS)
STATUSES = ("none", "single", "leaders", "discards", "resolved")
KINDS = 4  # commit, leader, discard, deal (action // 54)

OBSERVATION = Layout(
    [
        Segment("mode", len(MODES), "duelo, tiroteo, pandillas"),
        Segment("players", SEATS - 1, "2 to 10 players"),
        Segment("options", 2, "deals / 10, replays / 10"),
        Segment("phase", len(PHASES), "commit, leader, discard, deal, over"),
        Segment("progress", 5, "deal / 10, battle number / 5, battles / 5, replay / 10, round / 20"),
        Segment("hand", C, "1 for each card in the seat's hand"),
        Segment("my_commit", C, "the cards the seat committed to the battle under way"),
        Segment("in_stage", SEATS, "the seats playing this stage (a replay: the tied), by relative seat"),
        Segment("actors", SEATS, "the seats to act"),
        Segment("committed", SEATS, "the seats that committed this battle"),
        Segment("dealer", SEATS, "the dealer of the next Pandillas deal"),
        Segment("scores", SEATS, "the match's bounty per seat / 100 (clipped to 2)"),
        Segment("stage_scores", SEATS, "this stage's bounty per seat / 100 (clipped to 2)"),
        Segment("held", SEATS, "cards each seat holds or committed / 5"),
        Segment("winners_count", SEATS, "face-up winners each seat holds / 5"),
        Segment("face_down", 2 * SEATS, "per seat: face-down cards / 20, their reward / 100 (clipped to 2)"),
        Segment("battle_status", len(STATUSES), "latest battle: none, single, gangs choosing leaders, tied, resolved"),
        Segment("battle_mine", C, "the seat's cards in the latest battle"),
        Segment("battle_rivals", C, "the other seats' cards in the latest battle"),
        Segment("battle_gone", C, "the cards discarded in the latest battle's ties (WAN-10)"),
        Segment(
            "battle_seats",
            6 * SEATS,
            "per seat: dice / 18, modifier / 10, total / 40, contending, leader's skill / 8, cards / 3",
        ),
        Segment("battle_winner", SEATS, "the latest battle's winner"),
        Segment("tied", SEATS, "the seats tied on the highest gang total (WAN-10)"),
        Segment("discard_ready", SEATS, "the tied seats that chose their discard"),
        Segment("winners", C, "face-up winners on the table, not in the latest battle"),
        Segment("out", C, "cards out of play, not in the latest battle"),
        Segment("my_face_down", C, "the seat's own face-down pile, not in the latest battle"),
        Segment("public_hands", C, "a Duelo / Tiroteo replay: the other seats' known hands"),
        Segment("counts", 2, "deck / 54, out of play / 54"),
    ]
)
MEMORY = Layout(
    [
        Segment("shown", SEATS * C, "the cards each seat revealed in battles this deal (Pandillas) or stage"),
        Segment("shown_any", C, "every card revealed in battles this deal or stage"),
        Segment("stage_wins", SEATS, "battles each seat won this stage / 10"),
        Segment("match_wins", SEATS, "battles each seat won in the match / 10 (clipped to 2)"),
        Segment("habit", SEATS, "each seat's strong outlaws early (+) or late (-) this stage"),
        Segment("battles", 2, "battles fought this stage / 10, of them won by nobody / 10"),
    ]
)
ACTIONS = Layout(
    [
        Segment("kind", KINDS, "commit, leader, discard, deal"),
        Segment("card", C, "the card named"),
        Segment("suit", 5, "picas, corazones, tréboles, diamantes, joker"),
        Segment("level", LEVELS, "the card's skill level (0, 1, 2, 6, 7, 8): a gang's sum is its histogram"),
        Segment("figures", 2, "skill / 8, reward / 25"),
        Segment("increment", 4, "the increment / 2 at the suit the card preys on"),
        Segment("decrement", 4, "the decrement at the suit that preys on it"),
        Segment(
            "vs_pool",
            7,
            "against the cards the rivals may hold: duel win and tie chance, win against every rival, "
            "modifier gained from one / 2, inflicted on one / 2, on one of skill 6+ / 2, share of lower skill",
        ),
        Segment("hand_rank", 2, "share of the other cards in hand of lower / higher skill"),
        Segment(
            "lead_mod",
            LEVELS,
            "expected modifier as leader from every rival card / 10, at the card's skill level",
        ),
        Segment(
            "now",
            5,
            "leader / discard: modifier from the other contending gangs / 10, die / 6, "
            "skill + die / 14, leads now, the gang's total with this choice / 40",
        ),
    ]
)
