"""LocalTable's real-time rules, on a hand-driven clock: bots react after their
delay, a person's key press beats them, a covering move waits for the window."""

from __future__ import annotations

import pytest

from tapete.engine import Decision, IllegalAction
from tapete.tui.match import LocalTable, Timing
from tests.toygame import COVER, PLAY, SNAP, EcoState, SnapGame

from .helpers import FakeClock, InlineThinker

CARDS = 18  # Snap: values 1-6 three times; card c has value c % 6 + 1


def table(
    hands: list[list[int]], kinds: list[str | None], timing: Timing | None = None
) -> tuple[LocalTable, FakeClock]:
    game = SnapGame()
    state = game.new_match(len(hands), seed=3)
    assert isinstance(state, EcoState)
    used = {c for h in hands for c in h}
    assert all(h == state._ordered(h) for h in hands), "a hand is kept in order of value"
    state.hands = [list(h) for h in hands]
    state.deck = [c for c in range(CARDS) if c not in used]
    clock = FakeClock()
    tab = LocalTable(game, state, kinds, 3, clock, InlineThinker(), timing or Timing(pace=0.8))
    tab.start()
    return tab, clock


def test_a_bot_claims_a_reaction_after_its_delay() -> None:
    # seat 0 plays a 1; seat 2 holds a 1 (card 6, slot 0) and snaps after 0.5 s; seat 1 must cover.
    tab, clock = table([[0, 1, 2], [7, 8, 9], [6, 10, 11]], [None, "heuristic", "heuristic"])
    assert tab.choose(PLAY) is True
    assert tab.race() and tab.state.actors() == (1, 2)
    clock.advance(0.49)
    assert tab.actions == [(0, PLAY)]
    clock.advance(0.02)
    assert tab.actions == [(0, PLAY), (2, SNAP)]


def test_reaction_scale_slows_the_bots() -> None:
    tab, clock = table(
        [[0, 1, 2], [7, 8, 9], [6, 10, 11]], [None, "heuristic", "heuristic"], Timing(reaction_scale=2.0)
    )
    tab.choose(PLAY)
    clock.advance(0.9)
    assert tab.actions == [(0, PLAY)]
    clock.advance(0.2)
    assert tab.actions[-1] == (2, SNAP)


def test_a_key_press_beats_the_bot() -> None:
    # seat 0 holds two 1s (cards 0 and 12): it plays one and snaps the other (now in slot 0) before seat 2 does.
    tab, clock = table([[0, 12, 2], [7, 8, 9], [6, 10, 11]], [None, "heuristic", "heuristic"])
    tab.choose(PLAY)
    clock.advance(0.3)
    assert tab.choose(SNAP) is True
    assert tab.actions == [(0, PLAY), (0, SNAP)]
    # the bot is asked again: the top is still a 1, so it snaps 0.5 s after the person's snap
    clock.advance(0.49)
    assert len(tab.actions) == 2
    clock.advance(0.02)
    assert tab.actions[-1] == (2, SNAP)


def test_the_required_bot_covers_only_after_the_window() -> None:
    tab, clock = table([[0, 1, 2], [7, 8, 9], [13, 10, 11]], [None, "heuristic", "heuristic"])
    tab.choose(PLAY)
    assert tab.state.actors() == (1,)  # nobody can snap: no race, the bot covers at its pace
    clock.advance(0.79)
    assert len(tab.actions) == 1
    clock.advance(0.02)
    assert tab.actions[-1] == (1, COVER)
    # the same bot's next step of its turn (playing a card) comes at 0.4 of the pace
    clock.advance(0.3)
    assert len(tab.actions) == 2
    clock.advance(0.03)
    assert len(tab.actions) == 3 and tab.actions[-1][0] == 1


def test_without_a_race_a_covering_move_lands_at_once() -> None:
    # bot seat 0 plays a 1 at its pace; nobody else holds a 1, so the person's cover is not held back.
    tab, clock = table([[0, 3, 4], [7, 8, 9], [13, 10, 11]], ["heuristic", None, "heuristic"])
    clock.advance(0.8)
    assert tab.actions == [(0, PLAY)]
    assert tab.seat == 1 and tab.state.actors() == (1,) and not tab.race()
    assert tab.choose(COVER) is True
    assert tab.actions[-1] == (1, COVER)


def test_queued_cover_waits_and_then_lands() -> None:
    # the person (seat 1) must cover a 1 while bot seat 2 holds two 1s (cards 6 and 12).
    tab, clock = table([[0, 3, 4], [7, 8, 9], [6, 12, 11]], ["heuristic", None, "heuristic"])
    clock.advance(0.8)  # bot seat 0 plays its lowest card (0, a 1)
    assert tab.actions == [(0, PLAY)] and tab.race()
    clock.advance(0.1)
    assert tab.choose(COVER) is False  # queued: the window is open until 0.8 + 1.5
    snap = tab.snapshot("en")
    assert snap.queued is not None and snap.queued.action == COVER
    clock.advance(0.45)  # bot seat 2 snaps at 0.8 + 0.5
    assert tab.actions[-1] == (2, SNAP)
    # the queued cover is still legal and the window still open (seat 2 holds another 1): kept
    assert tab.snapshot("en").queued is not None
    assert "queued" in (tab.snapshot("en").notice or "")
    clock.advance(0.4)  # t = 1.75
    assert tab.actions[-1] == (2, SNAP) and len(tab.actions) == 2
    # seat 2 snaps its second 1 (card 12, now slot 0) at 1.8; nobody can react any more: the cover lands
    clock.advance(0.1)
    assert tab.actions[-2:] == [(2, SNAP), (1, COVER)]
    assert tab.snapshot("en").queued is None


def test_queued_cover_lands_when_the_window_closes() -> None:
    tab, clock = table([[0, 3, 4], [7, 8, 9], [6, 12, 11]], ["heuristic", None, "heuristic"], Timing(reaction_scale=3))
    clock.advance(0.8)
    assert tab.choose(COVER) is False
    clock.advance(1.49)  # the bot would snap at 0.8 + 1.5 as well: the person's queued move came first
    assert tab.actions == [(0, PLAY)]
    clock.advance(0.02)
    assert tab.actions[1] == (1, COVER)


def test_an_illegal_move_changes_nothing() -> None:
    tab, _ = table([[0, 1, 2], [7, 8, 9], [6, 10, 11]], [None, "heuristic", "heuristic"])
    before = tab.state.to_json()
    with pytest.raises(IllegalAction) as err:
        tab.choose(SNAP)  # nothing played yet: nothing to snap
    assert err.value.rule and err.value.es and err.value.en
    assert tab.state.to_json() == before and tab.actions == []


def test_bots_alone_play_a_whole_match() -> None:
    game = SnapGame()
    clock = FakeClock()
    changes: list[int] = []
    tab = LocalTable(
        game,
        game.new_match(3, seed=5),
        ["heuristic", "random", "heuristic"],
        5,
        clock,
        InlineThinker(),
        on_change=lambda: changes.append(1),
    )
    tab.start()
    assert tab.seat is None
    for _ in range(400):
        if tab.state.is_terminal():
            break
        clock.advance(0.5)
    snap = tab.snapshot("es")
    assert snap.over and len(snap.winners) == 1
    assert changes and tab.log("es")
    assert snap.error is None


def test_after_a_round_result_the_bots_wait_until_the_person_dismisses_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cover as the round result (the pause is the table's, whatever the event):
    the next bot's move waits for dismiss()."""
    monkeypatch.setattr(SnapGame, "round_result_events", frozenset({"cover"}))
    tab, clock = table(
        [[0, 1, 2], [7, 8, 9], [13, 10, 11]], [None, "heuristic", "heuristic"], Timing(pace=0.5, result_pause=30.0)
    )
    tab.choose(PLAY)  # nobody can snap: seat 1 (a bot) covers at its pace, a round result
    clock.advance(0.51)
    assert tab.actions == [(0, PLAY), (1, COVER)] and 29 < tab.paused() <= 30
    clock.advance(5.0)
    assert len(tab.actions) == 2  # the bots wait
    tab.dismiss()
    assert tab.paused() == 0
    clock.advance(1.0)
    assert len(tab.actions) > 2


def test_a_bots_illegal_move_is_told_by_its_name_in_either_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that proposes a move the rules refuse stops the match; the person reads who (the bot's
    name, not a seat number) and why (the rule's sentence, not its id), in es and in en."""
    tab, clock = table([[0, 1, 2], [7, 8, 9], [13, 10, 11]], [None, "heuristic", "heuristic"])
    monkeypatch.setattr(tab.bots[1], "decide", lambda obs: Decision(SNAP, 0.1))  # nothing to snap
    tab.choose(PLAY)
    with pytest.raises(IllegalAction) as refused:  # what the rules say of seat 1's snap now
        tab.state.clone().apply(1, SNAP)
    after_play = tab.state.to_json()
    clock.advance(2.0)
    assert tab.actions == [(0, PLAY)] and tab.state.to_json() == after_play  # refused, not replaced
    name = tab.names("es")[1]
    es, en = tab.snapshot("es").error, tab.snapshot("en").error
    assert es and en and es != en
    assert name in es and name in en
    assert refused.value.rule and refused.value.rule not in es + en and "[" not in es + en
    assert refused.value.es in es and refused.value.en in en
    assert "asiento" not in es and "seat" not in en.casefold()
    assert "se para" in es and "stops" in en
