"""Many analyses summed up, for balance and strength reports: per game, per
bot (the record's seat: its bot kind, or "human"), per decision type (the
game's `SearchHints.decision_type`, by default the move's JSON `type`), how
many decisions, the average loss and the count of each label."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .labels import LABELS
from .match import Analysis


@dataclass
class Tally:
    decisions: int = 0
    loss: float = 0.0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LABELS, 0))

    def add(self, loss: float, label: str) -> None:
        self.decisions += 1
        self.loss += loss
        self.counts[label] += 1

    @property
    def average_loss(self) -> float:
        return self.loss / self.decisions if self.decisions else 0.0

    def share(self, *labels: str) -> float:
        """The share of the decisions with one of `labels`."""
        return sum(self.counts[name] for name in labels) / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "average_loss": round(self.average_loss, 4),
            "counts": dict(self.counts),
        }


def bot_of(player: dict[str, Any]) -> str:
    """Who played a seat, for the tables: its bot kind, or "human"."""
    bot = player.get("bot")
    return str(bot) if bot else "human"


@dataclass
class Report:
    """game -> bot -> (every decision, decision type -> its decisions)."""

    matches: int = 0
    games: dict[str, dict[str, tuple[Tally, dict[str, Tally]]]] = field(default_factory=dict)

    def add(self, analysis: Analysis) -> None:
        self.matches += 1
        bots = self.games.setdefault(analysis.game, {})
        overall, types = bots.setdefault(bot_of(analysis.player), (Tally(), {}))
        for d in analysis.decisions:
            overall.add(d.loss, d.label)
            types.setdefault(d.type, Tally()).add(d.loss, d.label)

    def tally(self, game: str, bot: str, kind: str | None = None) -> Tally:
        overall, types = self.games[game][bot]
        return overall if kind is None else types[kind]

    def to_json(self) -> dict[str, Any]:
        return {
            "analyses": self.matches,
            "games": {
                game: {
                    bot: {**overall.to_json(), "types": {k: t.to_json() for k, t in sorted(types.items())}}
                    for bot, (overall, types) in sorted(bots.items())
                }
                for game, bots in sorted(self.games.items())
            },
        }
