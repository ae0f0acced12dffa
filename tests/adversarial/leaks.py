"""Finding hidden cards and secrets in anything the server may send or log.

A card is identified by its face token (`Game.card_faces()`); a seat may be
shown a face only if some physical card with that face is not among the
cards hidden from it (`State.hidden_cards(seat)`). Texts are scanned with
the same tokens, bounded so that "azul-1" is not found inside "azul-10".
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

import orjson

from tapete.engine import Event, Game, State

LANGS = ("es", "en")


# Faces are made of word characters, "/" and "-": split anything else off and
# every face named in a text or a JSON value is one whole token.
SEPARATORS = re.compile(r"[^\w/\-]+")


def as_text(data: Any) -> str:
    return data if isinstance(data, str) else orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


def faces_in(game: Game, data: Any) -> Counter[str]:
    """How many times each face token occurs in `data` (a value, or text)."""
    faces = game.card_faces()
    return Counter(token for token in SEPARATORS.split(as_text(data)) if token in faces)


def knowable_faces(game: Game, state: State, seat: int | None) -> Counter[str]:
    """Faces of the physical cards `seat` may know, with their multiplicity."""
    faces = Counter(game.card_face(card) for card in state.card_ids())
    faces.subtract(game.card_face(card) for card in state.hidden_cards(seat))
    return +faces


class Knowledge:
    """Which faces each seat may know, for one match (its card multiset never changes)."""

    def __init__(self, game: Game, state: State) -> None:
        self.game = game
        self.face_of = {card: game.card_face(card) for card in set(state.card_ids())}
        self.total = Counter(self.face_of[card] for card in state.card_ids())

    def unknowable(self, state: State, seat: int | None, found: set[str]) -> set[str]:
        """The faces among `found` of which `seat` may know no copy now."""
        hidden = [self.face_of[card] for card in state.hidden_cards(seat)]
        return {face for face in found if hidden.count(face) >= self.total[face]}


def leaked(
    game: Game, state: State, seat: int | None, data: Any, *, counted: bool, allowed: Iterable[str] = ()
) -> dict[str, int]:
    """Faces in `data` that `seat` may not know. `counted`: a face named twice needs two
    knowable copies (a view names each card once; a batch of events or texts may not).
    `allowed`: faces the seat itself wrote (echoed in an error)."""
    found = faces_in(game, data)
    for face in allowed:
        found.pop(face, None)
    if not counted:
        found = Counter(set(found))
    return dict(found - knowable_faces(game, state, seat))


def event_message(game: Game, events: list[Event], seat: int | None, lang: str) -> list[dict[str, Any]]:
    """The events of one action as the server sends them to `seat`: visible ones, with their text."""
    out = []
    for event in events:
        if event.visible_to(seat):
            entry = event.to_json()
            entry["text"] = game.describe_event(event, lang)
            out.append(entry)
    return out


def legal_message(game: Game, state: State, seat: int | None, lang: str) -> list[dict[str, Any]]:
    """A seat's legal moves as the server lists them: index, JSON form, reaction flag, text."""
    if seat is None:
        return []
    return [
        {
            "index": a,
            "action": state.action_to_json(a),
            "reaction": state.is_reaction(seat, a),
            "text": game.describe_action(state, a, lang),
        }
        for a in state.legal_actions(seat)
    ]


def contains_number(text: str, number: int) -> bool:
    """`number` as a whole decimal token (not part of a longer number)."""
    return re.search(rf"(?<![\d.]){number}(?![\d])", text) is not None
