"""A sentence's shape, kept for every table (`Catalogue.render_shared`), says what `render` says.

The server words a legal move once for all the tables that show it: the
sentence with a mark for each name, filled with each table's names. Every
game's moves and events are worded here both ways for readers of every kind
— names that start lower case, hold a stop or a `#`, empty, none at all —
and must read the same, the second time (the shape kept) as the first.
"""

from __future__ import annotations

import pickle
import random

import pytest

from tapete.engine.templates import MARK
from tapete.engine.words import Card, Catalogue, Lines, Message, Player, Reader, Side, msg
from tapete.games import game_ids, get_game

NAMES: list[list[str] | None] = [
    ["Ana", "Bea", "Carla", "Dora", "Eva", "Fe"],
    ["ana", "¡bea", "c. d", "Dr. who", "x!", "  y"],  # capitals and stops where a name goes
    ["", "Añá “0”", "#1", "ß", "ǆ", "İ"],  # unnamed, a count's mark, letters whose capital is two
    ["Z{0}", "}{", "é", "Ö.", "1", "_"],  # a template's braces
    [],
    None,
]


def readers(n: int) -> list[Reader]:
    return [
        Reader(lang, None if names is None else names[:n], seat)
        for names in NAMES
        for seat in [None, *range(n)]
        for lang in ("es", "en")
    ]


@pytest.mark.parametrize("game_id", game_ids())
def test_shared_sentences_read_as_rendered(game_id: str) -> None:
    game = get_game(game_id)
    catalogue = game.catalogue
    assert catalogue is not None
    rng = random.Random(4)
    counts = sorted(game.allowed_players(game.parse_options({})))
    said = 0
    for match in range(2):
        n = counts[match % len(counts)]
        state = game.new_match(n, 40 + match, {})
        for _ in range(60):
            if state.is_terminal():
                break
            messages = [game.action_message(state, a) for s in range(n) for a in state.legal_actions(s)]
            seat = rng.choice(sorted(state.required_actors() or state.actors()))
            events = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
            messages += [m for m in map(game.event_message, events) if isinstance(m, Message)]
            for message in messages[:12]:
                for reader in readers(n):
                    expected = catalogue.render(message, reader)
                    assert catalogue.render_shared(message, reader) == expected, (message, reader)
                    assert catalogue.render_shared(message, reader) == expected, (message, reader)
                    said += 1
    assert said > 1000


def catalogue(**messages: str) -> Catalogue:
    return Catalogue(
        {mid: {"es": text, "en": text} for mid, text in messages.items()},
        lambda face, lang: {"x": "equis", "m": f"em{MARK}A"}.get(face, face),
    )


def test_parameters_equal_as_tuples_are_shaped_apart() -> None:
    words = catalogue(who="{p} {p:juega|juegan}.")
    reader = Reader("es", ["Ana", "Bea", "Carla", "Dora"], None)
    assert Player(1) == Side(1)
    assert words.render_shared(msg("who", p=Player(1)), reader) == "Bea juega."
    assert words.render_shared(msg("who", p=Side(1)), reader) == "Bea y Dora juegan."


def test_marks_that_are_no_names_are_worded_in_full() -> None:
    words = catalogue(card="{p} muestra {card}.", said="{p} dice {what}.", lines="{p}: {rows}")
    reader = Reader("es", ["Ana", "Bea"], None)
    for message in (
        msg("card", p=Player(0), card=Card("m")),
        msg("said", p=Player(1), what=f"A{MARK}"),
        msg("lines", p=Player(0), rows=Lines((msg("card", p=Player(1), card=Card("x")),))),
    ):
        for names in (["Ana", "Bea"], ["ana", "bea"]):
            reader = Reader("es", names, None)
            assert words.render_shared(message, reader) == words.render(message, reader)
            assert words.render_shared(message, reader) == words.render(message, reader)


def test_a_name_a_shape_cannot_hold_has_no_form() -> None:
    assert Reader("es", ["Ana", "Bea"], 0).form == ("es", 0, 2)
    assert Reader("es", None, None).form == ("es", None, None)
    for names in (["ana", "Bea"], ["Ana", "B. ea"], ["Ana", "#2"], ["Ana", f"B{MARK}"], ["Ana", "¡Bea!"]):
        assert Reader("es", names, 0).form is None, names


def test_a_message_keeps_its_shapes_for_its_catalogue_only() -> None:
    mine, theirs = catalogue(who="{p} juega."), catalogue(who="{p} pasa.")
    message = msg("who", p=Player(1))
    reader = Reader("es", ["Ana", "Bea"], None)
    assert mine.render_shared(message, reader) == "Bea juega."
    assert theirs.render_shared(message, reader) == "Bea pasa."
    assert mine.render_shared(message, Reader("es", ["Ana", "Eva"], None)) == "Eva juega."
    again = pickle.loads(pickle.dumps(message))  # what it says, not what was worked out
    assert again == message and again.shaped is None and again.named is None
