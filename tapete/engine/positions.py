"""What every game's position builder (`tapete.games.<g>.positions`) shares.

A builder takes a position in the game's own words (card faces as the game
names them: `"rojo-3"`, `"A-picas"`; seats; rows, hands, melds, field cells),
starts from a fresh match's JSON, writes the position into it and reads it
back with `Game.state_from_json`, so the result is checked like any state:
every card exactly once, a consistent phase, someone able to act.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .validate import invalid

if TYPE_CHECKING:
    from .game import Game
    from .state import State


class Cards:
    """The physical cards of a match, taken by face: each face as many times as
    the deck has copies of it, no more (a second "rojo-3" in Bacan is a duplicate)."""

    def __init__(self, game: Game, ids: Iterable[int]) -> None:
        self.game = game
        self.free: dict[str, list[int]] = {}
        for card in sorted(ids, reverse=True):
            self.free.setdefault(game.card_face(card), []).append(card)

    def take(self, face: str) -> int:
        copies = self.free.get(face)
        if copies is None:
            raise invalid(
                f"{self.game.name['es']} no tiene la carta «{face}».",
                f"{self.game.name['en']} has no card '{face}'.",
            )
        if not copies:
            raise invalid(
                f"La carta «{face}» aparece más veces de las que tiene el mazo (repetida).",
                f"The card '{face}' appears more times than the deck holds it (duplicated).",
            )
        return copies.pop()

    def take_all(self, faces: Iterable[str]) -> list[int]:
        return [self.take(face) for face in faces]

    def rest(self, seed: int) -> list[int]:
        """Every card not taken, shuffled by `seed` (the unseen stock)."""
        left = sorted(card for copies in self.free.values() for card in copies)
        random.Random(seed).shuffle(left)
        for copies in self.free.values():
            copies.clear()
        return left

    def exactly(self, faces: Iterable[str]) -> list[int]:
        """`faces` as the last place of the position: every card not yet placed
        must be among them (a card left over is missing from the position)."""
        cards = self.take_all(faces)
        left = sorted(self.game.card_face(c) for copies in self.free.values() for c in copies)
        if left:
            listed = ", ".join(left)
            raise invalid(f"Faltan cartas: {listed}.", f"Cards missing: {listed}.")
        return cards


def fresh(game: Game, num_players: int | None, options: Mapping[str, Any] | None, seed: int) -> tuple[State, Cards]:
    """A new match of `game` to build on, and its cards by face."""
    state = game.new_match(num_players or game.default_players, seed, options)
    return state, Cards(game, state.card_ids())


def seat_list(values: Mapping[int, Any] | Sequence[Any] | None, n: int, default: Any, what: str) -> list[Any]:
    """One value per seat from a list or a {seat: value} mapping."""
    if values is None:
        return [default() if callable(default) else default for _ in range(n)]
    if isinstance(values, Mapping):
        bad = [s for s in values if not (isinstance(s, int) and 0 <= s < n)]
        if bad:
            raise invalid(f"{what}: asiento inexistente {bad[0]}.", f"{what}: no seat {bad[0]}.")
        return [values.get(s, default() if callable(default) else default) for s in range(n)]
    if len(values) != n:
        raise invalid(
            f"{what}: hace falta un valor por asiento ({n}), no {len(values)}.",
            f"{what}: one value per seat ({n}) is needed, not {len(values)}.",
        )
    return list(values)


def check_seat(seat: int, n: int, what: str) -> int:
    if not (isinstance(seat, int) and 0 <= seat < n):
        raise invalid(f"{what}: no hay asiento {seat}.", f"{what}: there is no seat {seat}.")
    return seat


def check_choice(value: Any, allowed: Iterable[Any], what: str) -> Any:
    allowed = list(allowed)
    if value not in allowed:
        listed = ", ".join(map(str, allowed))
        raise invalid(f"{what}: «{value}» no es uno de {listed}.", f"{what}: '{value}' is not one of {listed}.")
    return value
