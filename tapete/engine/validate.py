"""Checking that a state is one a match could be in.

`check_state(game, state)` is what `Game.state_from_json` and the position
builders (`tapete.games.<g>.positions`) run. It uses the public contract only
(`card_ids`, `actors`, `legal_actions`, `view`, `outcome`, `to_json`,
`from_json`) plus the game's own `Game.state_problems` for what only the game
knows (a phase and the fields it needs). Each problem is an `InvalidState`
naming what is wrong, in es and en.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .errors import InvalidState, TapeteError
from .state import State

if TYPE_CHECKING:
    from .game import Game


def invalid(es: str, en: str) -> InvalidState:
    return InvalidState(es, en, rule="invalid-state")


def parse_state(game: Game, data: Mapping[str, Any]) -> State:
    """`data` read as a state of `game`; a malformed document is an InvalidState."""
    if not isinstance(data, Mapping):
        raise invalid("Un estado es un objeto JSON.", "A state is a JSON object.")
    named = data.get("game")
    if named is not None and named != game.id:
        raise invalid(
            f"Este estado es de «{named}», no de {game.name['es']}.",
            f"This state is of '{named}', not of {game.name['en']}.",
        )
    try:
        return game.state_type.from_json(data)
    except KeyError as exc:
        raise invalid(f"Falta el campo {exc} del estado.", f"The state lacks the field {exc}.") from None
    except TapeteError as exc:
        raise invalid(exc.es, exc.en) from None
    except (TypeError, ValueError, IndexError, AttributeError) as exc:
        raise invalid(f"El estado está mal formado: {exc}.", f"The state is malformed: {exc}.") from None


def check_state(game: Game, state: State) -> State:
    """Raise InvalidState naming the first thing that is wrong; return the state."""
    try:
        game.check_players(state.num_players, state.options)
    except TapeteError as exc:
        raise invalid(exc.es, exc.en) from None
    _check_cards(game, state)
    for problem in game.state_problems(state):
        raise invalid(*problem)
    _check_play(game, state)
    return state


def _faces(game: Game, ids: Counter[int]) -> str:
    named = []
    for card, count in sorted(ids.items()):
        try:
            face = game.card_face(card)
        except (IndexError, KeyError, ValueError):
            face = f"#{card}"
        named.append(face if count == 1 else f"{face} ×{count}")
    return ", ".join(named)


def _check_cards(game: Game, state: State) -> None:
    """Every physical card exactly once, as in a fresh match of the same size."""
    expected = Counter(game.new_match(state.num_players, 0, state.options).card_ids())
    try:
        found = Counter(state.card_ids())
    except (TypeError, ValueError, IndexError, KeyError) as exc:
        raise invalid(
            f"Las cartas del estado no se pueden contar: {exc}.", f"The state's cards cannot be counted: {exc}."
        ) from None
    missing = expected - found
    extra = found - expected
    if extra:
        names = _faces(game, extra)
        raise invalid(
            f"Cartas de más (repetidas o ajenas al mazo): {names}.", f"Cards duplicated or not in the deck: {names}."
        )
    if missing:
        names = _faces(game, missing)
        raise invalid(f"Faltan cartas: {names}.", f"Cards missing: {names}.")


def _check_play(game: Game, state: State) -> None:
    """Who acts, what they may do and what each seat sees can all be worked out,
    a non-terminal state has a legal action, and the state reads back as itself."""
    n = state.num_players
    try:
        actors = state.actors()
        if any(not 0 <= seat < n for seat in actors):
            raise invalid(
                f"Actúa un asiento que no existe: {list(actors)}.", f"A seat that does not exist acts: {list(actors)}."
            )
        if state.is_terminal():
            state.outcome()
        elif not any(state.legal_actions(seat) for seat in actors):
            raise invalid(
                "La partida no ha terminado pero nadie tiene una acción legal.",
                "The match is not over, yet nobody has a legal action.",
            )
        for seat in [None, *range(n)]:
            state.view(seat)
        data = state.to_json()
        again = type(state).from_json(data).to_json()
    except InvalidState:
        raise
    except Exception as exc:
        raise invalid(
            f"El estado es incoherente ({type(exc).__name__}: {exc}).",
            f"The state is inconsistent ({type(exc).__name__}: {exc}).",
        ) from None
    if again != data:
        changed = sorted(k for k in data if data.get(k) != again.get(k))
        raise invalid(
            f"El estado no se lee como se escribió (campos: {', '.join(changed)}).",
            f"The state does not read back as written (fields: {', '.join(changed)}).",
        )
