"""Bots a researcher might bring, for the tests of `--bots module:Class`
(`tests.cli.own_bots:FirstMoveBot`): one that plays, and classes that must be refused."""

from __future__ import annotations

import random

from tapete.engine import Bot, Decision, Game, Observation


class FirstMoveBot(Bot):
    """Plays its first legal move whenever it must act; lets optional windows pass."""

    name = "first-move"

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game = game
        self.rng = rng

    def decide(self, obs: Observation) -> Decision | None:
        if not obs.required:
            return None
        return Decision(obs.legal[0])


class LastMoveBot(FirstMoveBot):
    """Plays its last legal move whenever it must act."""

    name = "last-move"

    def decide(self, obs: Observation) -> Decision | None:
        if not obs.required:
            return None
        return Decision(obs.legal[-1])


class NotABot:
    """Has a decide method but is no tapete.engine.Bot."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        pass

    def decide(self, obs: Observation) -> Decision:
        return Decision(obs.legal[0])


class NeedsASeat(FirstMoveBot):
    """Asks for more than (game, rng)."""

    def __init__(self, game: Game, rng: random.Random, seat: int) -> None:
        super().__init__(game, rng)
        self.seat = seat
