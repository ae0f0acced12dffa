"""A hint at a casual table ("¿Qué haría el bot?"): the move the evaluator prefers for one
seat now, and why in one sentence, from that seat's view alone (`judge` on the table's
position: the world is rebuilt from what the seat knows, never from the hidden cards).

    hint(game, state, seat, names) -> {"action": {...}, "es": "...", "en": "..."}

The sentence names the move in the game's own words; no engine value reaches the reader.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tapete.engine import Game, Observation, State

from .evaluators import AnalysisError
from .match import judge

HINT_BUDGET = "easy"  # a hint answers within the table's thinking budget


def hint(game: Game, state: State, seat: int, names: Sequence[str] | None = None) -> dict[str, Any]:
    """What the evaluator would play for `seat` in `state`, and why (es/en). Raises
    AnalysisError when the seat has nothing to decide now."""
    obs = Observation(state, seat)
    if not obs.required or not obs.legal:
        raise AnalysisError("Ahora no te toca decidir nada.", "You have nothing to decide now.")
    if len(obs.legal) == 1:
        action = obs.legal[0]
        words = _words(game, state, seat, action, names)
        return {
            "action": state.action_to_json(action),
            "es": f"«{words['es']}»: es la única jugada posible.",
            "en": f"“{words['en']}”: it is the only possible move.",
        }
    usual = _heuristic(game, state, seat, obs)
    found = judge(game, state, seat, usual, HINT_BUDGET, names=names)
    if found is None or not found.best:  # a step of a move already chosen: the heuristic goes on with it
        action = usual
        words = _words(game, state, seat, action, names)
        return {
            "action": state.action_to_json(action),
            "es": f"«{words['es']}»: sigue con la jugada que ya empezaste.",
            "en": f"“{words['en']}”: go on with the move you already started.",
        }
    best = found.words
    moves, worlds = found.candidates, found.worlds
    return {
        "action": found.best_json[0],
        "es": f"«{best['es']['best']}»: de las {moves} jugadas posibles, es la que mejor salió al jugar la ronda "
        f"hasta el final en {worlds} repartos posibles de lo que no ves.",
        "en": f"“{best['en']['best']}”: of the {moves} possible moves, it did best when the round was played "
        f"out on {worlds} possible deals of what you cannot see.",
    }


def _heuristic(game: Game, state: State, seat: int, obs: Observation) -> int:
    """The game's heuristic bot's move here (the evaluator's rollouts play it too)."""
    from tapete.bots import make_bot

    bot = make_bot("heuristic", game, 0)
    bot.start(seat, state.num_players, state.options)
    decision = bot.decide(obs)
    return decision.action if decision is not None and decision.action in obs.legal else obs.legal[0]


def _words(game: Game, state: State, seat: int, action: int, names: Sequence[str] | None) -> dict[str, str]:
    from tapete.engine.words import LANGS, Reader

    return {lang: game.tell_action(state, action, Reader(lang, names, seat)) for lang in LANGS}


__all__ = ["HINT_BUDGET", "AnalysisError", "hint"]
