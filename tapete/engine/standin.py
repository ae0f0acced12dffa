"""Moves made for a person: by their stand-in while they are away, or when their turn clock ran out.

Such a move is never told as the person's own. The table marks the events of a move it applied
for a person (`made_for`: the events about the seat that moved, `Event.by_standin`), and the words
say who moved (`standin_sentence`): "Por ti, el reemplazo juega verde 2" / "Your stand-in plays
green 2", and to everyone else "Por Ana, el reemplazo…" / "Ana's stand-in…". A game's message
that only says "you" (a private "You peeked at your cards 3 and 4") has a variant of its own in
the game's catalogue, under the message's id and `.by_standin`, so a stand-in never peeks in a
person's name: "Por ti, el reemplazo miró tus cartas 3 y 4".

Who made each move is stored with the match's record (`MatchRecord.by_standin`), so a replay, the
log after a restart and a match's story still say it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Final

from .events import Event
from .words import Catalogue, Lines, Message, Reader, names_seat

STANDIN: Final = "standin"  # the person was away: their stand-in played
CLOCK: Final = "clock"  # the person's turn clock ran out: their stand-in played that decision
MADE_BY: Final = (STANDIN, CLOCK)
VARIANT: Final = ".by_standin"  # a message's own words for a stand-in's move (`standin_sentence`)
# Events that close a round or the match are the table's, whoever made the last move.
ENDINGS: Final = frozenset({"match_end", "match_over"})

THE_STANDIN = {"es": "el reemplazo", "en": "your stand-in"}
FOR_YOU = "Por ti, "
FOR_NAMED = "Por {name}, "
FOR_YOU_AFTER = ", por ti"
FOR_NAMED_AFTER = ", por {name}"
NAMED_STANDIN = "{name}'s stand-in"
WHILE_AWAY = {
    "es": ("Mientras no estabas, el reemplazo jugó 1 jugada.", "Mientras no estabas, el reemplazo jugó {n} jugadas."),
    "en": ("While you were away your stand-in made 1 move.", "While you were away your stand-in made {n} moves."),
}


def made_for(events: Iterable[Event], marks: Mapping[int, str], endings: Collection[str] = ()) -> list[Event]:
    """`events` of one move, those whose actor (`actor`) a stand-in holds marked as the stand-in's:
    `marks` maps such seats to who ("standin", "clock"; see `Trail`). The round's and the match's
    ends (`endings`, and `ENDINGS`) are the table's, never marked. Marked copies: an event is
    never changed."""
    if not marks:
        return list(events)
    out = []
    for e in events:
        who = actor(e)
        by = None if who is None or e.kind in endings or e.kind in ENDINGS else marks.get(who)
        out.append(e if by is None else Event(e.kind, e.data, e.audience, by))
    return out


class Trail:
    """Which seats stand-ins hold along a match, as its record says: the seat of a move made by its
    stand-in (`by`), and every seat whose person is away — whose last move was its stand-in's while
    they were away — for what happens to it meanwhile (a Bacan deal that shows everyone their row
    shows it to the stand-in). The table keeps one as it plays, a replay one from the record, so the
    two tell the same."""

    def __init__(self) -> None:
        self.away: set[int] = set()

    def step(self, seat: int, by: str | None) -> dict[int, str]:
        """A move of `seat` (`by`: its stand-in's, or None): who holds which seat for its events."""
        marks = {s: STANDIN for s in self.away if s != seat}
        if by is not None:
            marks[seat] = by
        if by == STANDIN:
            self.away.add(seat)
        else:
            self.away.discard(seat)  # its person moved (or was there, and slow)
        return marks

    @classmethod
    def upto(cls, actions: Sequence[tuple[int, int]], by_standin: Mapping[int, str], step: int) -> Trail:
        """The trail after the first `step` moves of a record."""
        trail = cls()
        for index, (seat, _action) in enumerate(actions[:step]):
            trail.step(seat, by_standin.get(index))
        return trail


def actor(event: Event) -> int | None:
    """The seat whose doing an event tells, if it names one."""
    found = event.data.get("seat", event.data.get("dealer"))
    return found if isinstance(found, int) and not isinstance(found, bool) else None


def standin_sentence(catalogue: Catalogue, message: Message | Lines, seat: int, reader: Reader) -> str:
    """A move the stand-in of `seat` made, as `reader` reads it (see the module's docstring)."""
    if isinstance(message, Message):
        variant = message.id + VARIANT
        if variant in catalogue.messages:
            return catalogue.render(Message(variant, message.params, message.rule), reader)
    if not names_seat(message, seat):
        return catalogue.render(message, reader)  # not told as the seat's doing ("Your hand: ...")
    lang = "es" if reader.lang == "es" else "en"
    mine = reader.seat == seat
    count = max(seat + 1, len(reader.names or ()))
    names = [reader.name(s) for s in range(count)]
    names[seat] = THE_STANDIN[lang] if lang == "es" or mine else NAMED_STANDIN.format(name=reader.name(seat))
    text = catalogue.render(message, Reader(reader.lang, names, None if mine else reader.seat))
    if lang == "en":
        return text
    if text.startswith(("El reemplazo", "¡El reemplazo")):  # "Por ti, el reemplazo juega verde 2."
        prefix = FOR_YOU if mine else FOR_NAMED.format(name=reader.name(seat))
        return prefix + text.replace("El reemplazo", "el reemplazo", 1)
    # the stand-in inside the sentence: "Ronda 2: reparte el reemplazo, por ti."
    suffix = FOR_YOU_AFTER if mine else FOR_NAMED_AFTER.format(name=reader.name(seat))
    return text[:-1] + suffix + text[-1] if text.endswith((".", "!")) else text + suffix


def while_away(moves: int, lang: str) -> str:
    """What a person reads on coming back: how many moves their stand-in made meanwhile."""
    one, many = WHILE_AWAY["es" if lang == "es" else "en"]
    return one if moves == 1 else many.format(n=moves)


def by_step(pairs: Iterable[Iterable[object]]) -> dict[int, str]:
    """A record's `by_standin` ([[step, by], ...]) as {step: by}, each checked."""
    out: dict[int, str] = {}
    for pair in pairs:
        step, by = tuple(pair)
        if not isinstance(step, int) or isinstance(step, bool) or step < 0 or by not in MADE_BY:
            raise ValueError("by_standin: [[step, 'standin' | 'clock'], ...]")
        out[step] = str(by)
    return out


def step_pairs(made_by: Mapping[int, str]) -> list[list[object]]:
    """{step: by} as a record's `by_standin`, in step order."""
    return [[step, by] for step, by in sorted(made_by.items())]


__all__ = [
    "CLOCK",
    "MADE_BY",
    "STANDIN",
    "Trail",
    "actor",
    "by_step",
    "made_for",
    "standin_sentence",
    "step_pairs",
    "while_away",
]
