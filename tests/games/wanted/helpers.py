"""Build exact WANTED situations: chosen hands, chosen dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tapete.engine import Event, Rng
from tapete.games.wanted import GAME
from tapete.games.wanted.cards import FACES, card_id
from tapete.games.wanted.rules import WantedState


class FixedDice(Rng):
    """An Rng whose dice come from a queue (for replays rolled mid-match)."""

    def __init__(self, values: Sequence[int]) -> None:
        super().__init__(424242)
        self.values = list(values)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        taken, self.values = self.values[:count], self.values[count:]
        assert len(taken) == count, "the test did not queue enough dice"
        return taken


def ids(faces: Sequence[str]) -> list[int]:
    return [card_id(f) for f in faces]


def faces(cards: Sequence[int]) -> list[str]:
    return [FACES[c] for c in cards]


def table(mode: str, hands: Sequence[Sequence[str]], dice: Sequence[Sequence[int]], **options: Any) -> WantedState:
    """A match just dealt with these hands; `dice` lists each battle's dice in
    seat order (3 per seat in Pandillas), first battle first."""
    opts = GAME.parse_options({"mode": mode, **options})
    state = WantedState(len(hands), opts, 987654321987)
    dealt = [ids(h) for h in hands]
    used = {c for h in dealt for c in h}
    state.hands = [sorted(h) for h in dealt]
    state.deck = [c for c in range(54) if c not in used]
    state.battles = 1 if mode == "pandillas" else min(len(h) for h in dealt)
    state.rolls = [d for battle in reversed(dice) for d in battle]
    state.phase = "commit"
    state._actors = tuple(range(len(hands)))
    return state


def gang_dice(*gangs: dict[str, int]) -> list[int]:
    """One Pandillas battle's dice from {face: die} per seat: a gang is
    revealed in card-id order, and its dice follow that order."""
    return [gang[f] for gang in gangs for f in sorted(gang, key=card_id)]


def play(state: WantedState, seat: int, kind: str, face: str) -> list[Event]:
    return state.apply(seat, state.action_from_json({"type": kind, "card": face}))


def battle(state: WantedState, *cards: str | Sequence[str]) -> list[Event]:
    """Every participant commits: one face each, or a sequence of 3 in Pandillas."""
    events: list[Event] = []
    for seat, chosen in zip(state.participants, cards, strict=True):
        for face in [chosen] if isinstance(chosen, str) else chosen:
            events += play(state, seat, "commit", face)
    return events


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]
