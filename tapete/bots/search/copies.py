"""Cheap copies of a bot for rollouts (a workaround for `copy.deepcopy`'s cost).

A rollout starts from a copy of a bot that followed the match (it remembers
what it saw). Deep-copying a heuristic bot thousands of times a decision is
slow, so the bot's own fields are pickled once and unpickled for every copy;
the objects it shares with any fresh bot (cached tables, the options) are
attached as they are, and every copy gets a new `rng` of its own. A bot that
cannot be pickled is deep-copied instead.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

from tapete.engine import Bot


class BotTemplate:
    """A bot frozen at one moment, from which rollouts make copies."""

    def __init__(self, bot: Bot, shared: dict[int, Any]) -> None:
        self.bot = bot
        self.shared = shared
        self.blob: bytes | None = None
        fields = getattr(bot, "__dict__", None)
        if fields is None:
            return
        rng = fields.get("rng")
        self.has_rng = isinstance(rng, random.Random)
        self.attached = {k: v for k, v in fields.items() if id(v) in shared}
        own = {k: v for k, v in fields.items() if k not in self.attached and not (k == "rng" and self.has_rng)}
        try:
            self.blob = pickle.dumps(own, pickle.HIGHEST_PROTOCOL)
        except Exception:  # a bot holding something unpicklable
            self.blob = None

    def make(self, rng: random.Random) -> Bot:
        if self.blob is None:
            return self._deep_copy(rng)
        cls = type(self.bot)
        bot = cls.__new__(cls)
        fields = bot.__dict__
        fields.update(pickle.loads(self.blob))
        fields.update(self.attached)
        if self.has_rng:
            fields["rng"] = random.Random(rng.getrandbits(32))
        return bot

    def _deep_copy(self, rng: random.Random) -> Bot:
        memo = dict(self.shared)
        own_rng = getattr(self.bot, "rng", None)
        if isinstance(own_rng, random.Random):
            memo[id(own_rng)] = own_rng  # replaced: copying its 625 words is slow
        bot = copy.deepcopy(self.bot, memo)
        if isinstance(own_rng, random.Random):
            bot.rng = random.Random(rng.getrandbits(32))  # type: ignore[attr-defined]
        return bot


def shared_with_fresh(bot: Bot, fresh: Bot) -> dict[int, Any]:
    """The objects `bot` holds in the same field as a freshly started `fresh`
    (cached tables, the options): copies of `bot` share them, not copy them."""
    theirs = vars(fresh)
    return {id(v): v for k, v in vars(bot).items() if k in theirs and theirs[k] is v}
