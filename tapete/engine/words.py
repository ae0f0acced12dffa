"""Words people read: message ids with typed parameters, rendered per reader.

A game says what happened as a `Message`: an id from its catalogue and
parameters that keep their type (a player, a card, a number, a list of
players...). Only `Catalogue.render` turns one into a sentence, for one
reader: their language, the players' names, and who "you" is. The browser,
the terminal and `tapete story` all show these sentences, so no client ever
formats an engine value itself. A rule id rides along in `Message.rule` for
a "why?" detail and never enters the sentence.

Templates are plain strings with `{param}` slots and selectors:

- `{p}` a player's name ("tú"/"you" for the reader), a card's display name,
  a formatted number, a list joined with "y"/"and", a nested message.
- `{p:other|you}` for a player: the first text for anyone else, the second
  for the reader (verb forms: "{p} {p:roba|robas}").
- `{n:one|many}` for a number or a list: by count; `#` inside is the number.
- `{ps:one|many|you}` for players: by count, the third when the reader
  alone is meant ("{ps:gana|ganan|ganas}").
Options may hold `{other}` slots of their own. The first letter of a
rendered message is made upper case.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from .templates import MARK, MARKS, capitalized, marked_template, neutral, parsed

LANGS = ("es", "en")


# -- typed parameters (named tuples: cheap to build and hash, as cache keys) --------
class Player(NamedTuple):
    seat: int


class Players(NamedTuple):
    seats: tuple[int, ...]


class Side(NamedTuple):
    """A partnership: the seats of one parity ("Ana y Carmen"), `which` 0 or 1."""

    which: int

    def seats(self, reader: Reader) -> Players | None:
        if reader.names is None:
            return None
        return Players(tuple(range(self.which, len(reader.names), 2)))


class Card(NamedTuple):
    face: str | None  # None: a card nobody may name here ("?")
    short: bool = False  # the compact name, for recaps and tables


class Cards(NamedTuple):
    faces: tuple[str, ...]
    short: bool = False


class Num(NamedTuple):
    value: int
    signed: bool = False  # a change of score: "+5", "−3", "±0"


class Nums(NamedTuple):
    """Positions people count from 1 ("las cartas 1 y 4"): given zero-based."""

    values: tuple[int, ...]


class Term(NamedTuple):
    """A word from the catalogue's `terms` (a suit, a mode, a power's name)."""

    key: str


@dataclass(frozen=True, slots=True, eq=False)
class Message:
    id: str
    params: Mapping[str, Any] = field(default_factory=dict)
    rule: str | None = None  # a rule id for a "why?" detail; never in the sentence
    # What is worked out of a message once, kept with it (a game that keeps its messages, as
    # Bacan its moves', asks once for all tables): the seats it names (`named_mask`), and its
    # shapes in a catalogue (`Catalogue.render_shared`: the catalogue, then shapes by form).
    named: int | None = field(default=None, init=False, repr=False)
    shaped: tuple[Catalogue, dict[tuple[Any, ...], str]] | None = field(default=None, init=False, repr=False)

    # Equal and hashed by what it says, so a sentence with a sentence inside is a cache key too
    # (equal parameters of one type: `Player(1)` and `Side(1)` are equal tuples but say two things).
    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Message)
            and self.id == other.id
            and self.params == other.params
            and self.rule == other.rule
            and all(type(value) is type(other.params[name]) for name, value in self.params.items())
        )

    def __hash__(self) -> int:
        return hash((self.id, *self.params.values()))

    def __reduce__(self) -> tuple[Any, ...]:  # a copy, a pickle: what it says, without what was worked out
        return Message, (self.id, self.params, self.rule)


@dataclass(frozen=True, slots=True)
class Lines:
    """Several messages shown one per line (a round's result, a battle recap)."""

    items: tuple[Message, ...]


Param = Player | Players | Side | Card | Cards | Num | Nums | Term | Message | Lines | str


def msg(id: str, rule: str | None = None, /, **params: Any) -> Message:
    """A message; a plain int is a number (rendered and selected as a `Num`)."""
    return Message(id, params, rule)


def names_seat(message: Message | Lines, seat: int) -> bool:
    """Whether `message` names `seat` among its players (a player, players, a side, in it or in a
    message inside it). A reader it does not name reads it as a spectator does: who "you" is
    changes only the words for the players a message names."""
    named = named_mask(message)
    return bool(named >> seat & 1 or named >> (SIDES_BIT + seat % 2) & 1)


_NAMES_NOBODY = frozenset({int, str, bool, Card, Cards, Num, Nums, Term})  # parameters that name no player
SIDES_BIT = 64  # in `named_mask`, the bit of the side of parity 0 (seats are bits 0 to 63)


def named_mask(message: Message | Lines) -> int:
    """The seats `message` names as players (bit `seat`) and the parities of the sides it names
    (bit `SIDES_BIT + parity`): `names_seat` for every seat at once. Worked out once for a message
    (`Message.named`); a number, not sets: a broadcast works it out for each new event."""
    if type(message) is Message and message.named is not None:
        return message.named
    named = 0
    items = message.items if isinstance(message, Lines) else (message,)
    for item in items:
        for value in item.params.values():
            if type(value) in _NAMES_NOBODY:  # most parameters: one look
                continue
            if isinstance(value, Player):
                named |= 1 << value.seat
            elif isinstance(value, Players):
                for seat in value.seats:
                    named |= 1 << seat
            elif isinstance(value, Side):
                named |= 1 << (SIDES_BIT + value.which)
            elif isinstance(value, (Message, Lines)):
                named |= named_mask(value)
    if type(message) is Message:
        object.__setattr__(message, "named", named)
    return named


def named_seats(message: Message | Lines) -> tuple[set[int], set[int]]:
    """The seats `message` names as players, and the parities of the sides it names (`named_mask`)."""
    named = named_mask(message)
    return (
        {seat for seat in range(SIDES_BIT) if named >> seat & 1},
        {parity for parity in (0, 1) if named >> (SIDES_BIT + parity) & 1},
    )


# -- the reader ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Reader:
    """Who reads: their language, everyone's names, and their own seat (None: a spectator)."""

    lang: str = "es"
    names: Sequence[str] | None = None
    seat: int | None = None
    key: tuple[Any, ...] = field(init=False, compare=False)  # who reads, as a cache key
    # For sentences' shapes (`Catalogue.render_shared`): what a shape depends on (None: names
    # no shape holds), and every seat's name, to fill one.
    form: tuple[Any, ...] | None = field(init=False, compare=False)
    fills: tuple[str, ...] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        names = None if self.names is None else tuple(self.names)
        object.__setattr__(self, "key", (self.lang, self.seat, names))
        fills = () if names is None else tuple(self.name(seat) for seat in range(len(names)))
        shaped = len(fills) <= len(MARKS) and all(map(neutral, fills))
        count = None if names is None else len(names)
        object.__setattr__(self, "form", (self.lang, self.seat, count) if shaped else None)
        object.__setattr__(self, "fills", fills)

    def name(self, seat: int) -> str:
        names = self.names
        if names is not None and 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return default_name(seat, self.lang)


def default_name(seat: int, lang: str) -> str:
    """The name of a seat nobody has named: "Jugador 2" (people count from 1)."""
    return f"{'Jugador' if lang == 'es' else 'Player'} {seat + 1}"


def format_number(value: int, lang: str) -> str:
    """Thousands grouped as each language writes them (es: 12 345 from five digits; en: 1,234)."""
    if 0 <= value < 1000:
        return str(value)
    sign, digits = ("−", str(-value)) if value < 0 else ("", str(value))
    if lang == "es" and len(digits) <= 4:
        return sign + digits
    groups: list[str] = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    groups.insert(0, digits)
    return sign + ("\u00a0" if lang == "es" else ",").join(groups)


def join_words(words: Sequence[str], lang: str) -> str:
    """ "a, b y c" / "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + (" y " if lang == "es" else " and ") + words[-1]


YOU = {"es": "tú", "en": "you"}
SIDE = {"es": "el equipo {n}", "en": "side {n}"}
NOBODY = {"es": "nadie", "en": "nobody"}


# Messages every game shares (a game's own catalogue may say them otherwise).
COMMON_MESSAGES: dict[str, dict[str, str]] = {
    "match.over": {
        "es": "Fin de la partida: {winners:gana {winners}.|ganan {winners}.|¡ganas tú!}",
        "en": "Match over: {winners:{winners} wins|{winners} win|you win}!",
    },
    "match.shared": {
        "es": "Fin de la partida: {winners} comparten la victoria.",
        "en": "Match over: {winners} share the win.",
    },
    "score.points": {"es": "{player}: {points:# punto|# puntos}", "en": "{player}: {points:# point|# points}"},
    "score.change": {
        "es": "{player}: {points:# punto|# puntos} ({change})",
        "en": "{player}: {points:# point|# points} ({change})",
    },
    "heading.scores": {"es": "Puntuación:", "en": "Scores:"},
}


SAID_LIMIT = 5_000  # rendered sentences kept per reader (a bound on memory)
READERS_LIMIT = 2_000  # readers whose sentences are kept
SHAPES_LIMIT = 50_000  # sentences kept in shape, for every table


# -- the catalogue ------------------------------------------------------------------
class UnknownMessage(KeyError):
    pass


@dataclass
class Catalogue:
    """One game's messages: id -> {"es": template, "en": template}, its terms and card names."""

    messages: dict[str, dict[str, str]]
    card_name: Callable[[str, str], str]  # (face, lang) -> display name
    terms: dict[str, dict[str, str]] = field(default_factory=dict)
    short_card_name: Callable[[str, str], str] | None = None  # defaults to card_name

    def __post_init__(self) -> None:
        self.messages = {**COMMON_MESSAGES, **self.messages}
        self._card_names: dict[tuple[str, bool, str], str] = {}
        self._said: dict[tuple[Any, ...], dict[tuple[Any, ...], str]] = {}  # by reader, then sentence
        self._shapes: dict[tuple[Any, ...], str] = {}  # by reader's form and message
        words = [t for table in (self.messages, self.terms) for texts in table.values() for t in texts.values()]
        self._marked = any(MARK in text for text in words)  # words a shape could not tell from a name
        for mid, texts in self.messages.items():
            missing = [lang for lang in LANGS if lang not in texts]
            if missing:
                raise ValueError(f"message {mid!r} has no text in {missing}")

    def render(self, message: Message | Lines, reader: Reader) -> str:
        """The sentence(s) `reader` reads, each starting upper case."""
        if isinstance(message, Lines):
            return "\n".join(self.render(m, reader) for m in message.items)
        said = self._said.get(reader.key)
        if said is None:
            if len(self._said) >= READERS_LIMIT:
                self._said.clear()
            said = self._said[reader.key] = {}
        try:  # the same sentence for the same reader is worked out once (moves repeat turn after turn)
            key = (message.id, *message.params.values())
            text = said.get(key)
        except TypeError:  # a parameter that cannot be a key (a nested message): no cache
            return capitalized(self._phrase(message, reader))
        if text is None:
            text = capitalized(self._phrase(message, reader))
            if len(said) >= SAID_LIMIT:
                said.clear()
            said[key] = text
        return text

    def render_shared(self, message: Message, reader: Reader) -> str:
        """`render` for a sentence many tables say (a legal move: the same slot, the same card, for
        other names): its shape is kept for every table, and filled with `reader`'s names."""
        form = reader.form
        if form is None:
            return self.render(message, reader)
        shaped = message.shaped
        shape = shaped[1].get(form) if shaped is not None and shaped[0] is self else None
        if shape is None:
            params = message.params
            try:
                key = (form, message.id, *params.items(), *map(type, params.values()))
                shape = self._shapes.get(key)
            except TypeError:  # a parameter that cannot be a key: no shape
                return self.render(message, reader)
            if shape is None:
                if len(self._shapes) >= SHAPES_LIMIT:
                    self._shapes.clear()
                shape = self._shapes[key] = self._shape(message, reader)
            if shaped is None or shaped[0] is not self:
                shaped = (self, {})
                object.__setattr__(message, "shaped", shaped)
            shaped[1][form] = shape
        if not shape:
            return self.render(message, reader)
        return shape.format(*reader.fills)

    def _shape(self, message: Message, reader: Reader) -> str:
        """`message`'s sentence for every reader of `reader.form`, as a template for `str.format`
        with the names of the seats (a reader's `fills`).

        A name enters a sentence only as `reader.name(seat)`, so the sentence read with marks for
        names (`MARKS`) is every reader's with their names for the marks. A mark starts with a
        letter that is its own capital and holds no stop, as the names of a reader with a form
        do (`neutral`), so capitals fall on the marked sentence where they fall on theirs.
        "" (each reader's sentence worked out in full): a capital could fall on a name before
        (`Lines` inside, each line capitalized), or a mark not a name's (in the catalogue's words,
        a card's name, a string parameter) be taken for one."""
        if self._marked or not _plain(message):
            return ""
        count = None if reader.names is None else len(reader.names)
        marked = capitalized(self._phrase(message, _marked_reader(reader.lang, count, reader.seat)))
        return "" if self._marked else marked_template(marked)  # a card's name, just worked out, holds a mark

    def _phrase(self, message: Message, reader: Reader) -> str:
        try:
            template = self.messages[message.id][reader.lang if reader.lang in LANGS else "en"]
        except KeyError:
            raise UnknownMessage(message.id) from None
        return self._fill(template, message.params, reader)

    def merged(self, other: Catalogue) -> Catalogue:
        """This catalogue with another's messages and terms added (shared pieces)."""
        return Catalogue(
            {**other.messages, **self.messages}, self.card_name, {**other.terms, **self.terms}, self.short_card_name
        )

    def card(self, face: str, short: bool, lang: str) -> str:
        key = (face, short, lang)
        text = self._card_names.get(key)
        if text is None:  # a card's name never changes: worked out once
            name = self.short_card_name if short and self.short_card_name is not None else self.card_name
            text = self._card_names[key] = name(face, lang)
            self._marked = self._marked or MARK in text
        return text

    # -- filling a template -----------------------------------------------------------
    def _fill(self, template: str, params: Mapping[str, Any], reader: Reader) -> str:
        out: list[str] = []
        for literal, name, options in parsed(template):
            if name is None:
                out.append(literal)
                continue
            if name not in params:
                raise KeyError(f"no parameter {name!r}")
            value = params[name]
            if options is None:
                out.append(self._value(value, reader))
                continue
            chosen, count = _select(value, options, reader)
            text = self._fill(chosen, params, reader)
            out.append(text.replace("#", format_number(count, reader.lang)) if count is not None else text)
        return "".join(out)

    def _value(self, value: Any, reader: Reader) -> str:
        lang = reader.lang
        kind = type(value)
        if kind is Player:  # the commonest first
            return YOU[lang] if value.seat == reader.seat else reader.name(value.seat)
        if kind is str:
            return value
        if kind is int:
            return format_number(value, lang)
        if kind is Num and not value.signed:
            return format_number(value.value, lang)
        if kind is Card:
            return "?" if value.face is None else self.card(value.face, value.short, lang)
        if kind is Message:  # before the types it is not, one by one
            return self._phrase(value, reader)  # a piece of a sentence keeps its case
        if kind is Term:
            return self.terms[value.key][lang]
        if isinstance(value, Players):
            if not value.seats:
                return NOBODY[lang]
            seats = sorted(value.seats, key=lambda s: s == reader.seat)  # "Carmen y tú"
            return join_words([self._value(Player(s), reader) for s in seats], lang)
        if isinstance(value, Side):
            members = value.seats(reader)
            return SIDE[lang].format(n=value.which + 1) if members is None else self._value(members, reader)
        if isinstance(value, Card):
            return "?" if value.face is None else self.card(value.face, value.short, lang)
        if isinstance(value, Cards):
            return join_words([self.card(f, value.short, lang) for f in value.faces], lang)
        if isinstance(value, Num):
            if value.signed:
                return "±0" if value.value == 0 else ("+" if value.value > 0 else "") + format_number(value.value, lang)
            return format_number(value.value, lang)
        if isinstance(value, Nums):
            return join_words([format_number(v + 1, lang) for v in value.values], lang)
        if isinstance(value, Term):
            return self.terms[value.key][lang]
        if isinstance(value, Lines):
            return self.render(value, reader)
        if isinstance(value, Message):
            return self._phrase(value, reader)  # a piece of a sentence keeps its case
        if isinstance(value, str):
            return value
        raise TypeError(f"a message parameter of type {type(value).__name__}")


# -- shapes (`Catalogue.render_shared`) ---------------------------------------------
@lru_cache(maxsize=256)
def _marked_reader(lang: str, count: int | None, seat: int | None) -> Reader:
    """A reader whose `count` names are marks (None: a reader without names)."""
    return Reader(lang, None if count is None else MARKS[:count], seat)


def _plain(message: Message) -> bool:
    """Whether a shape can hold `message`: no `Lines` in it, no mark in its strings."""
    for value in message.params.values():
        if isinstance(value, Lines) or (isinstance(value, str) and MARK in value):
            return False
        if isinstance(value, Message) and not _plain(value):
            return False
    return True


def _select(value: Any, options: list[str], reader: Reader) -> tuple[str, int | None]:
    """The option a value picks, and the number `#` stands for (if any)."""
    if type(value) is int:  # one and minus one take the singular: "−1 point", "−1 punto"
        return (options[0] if value in (1, -1) else options[-1]), value
    if isinstance(value, Player):
        return options[min(1, len(options) - 1)] if value.seat == reader.seat else options[0], None
    if isinstance(value, Num):
        return (options[0] if value.value in (1, -1) else options[-1]), value.value
    if isinstance(value, Side):
        value = value.seats(reader) or Players((-1, -2))  # unnamed: a side is many
    if isinstance(value, Players):
        n = len(value.seats)
        if len(options) > 2 and value.seats == (reader.seat,):
            return options[2], n  # the reader alone: "{ps:gana|ganan|ganas}"
        return (options[0] if n == 1 else options[1]), n
    if isinstance(value, Cards | Nums):
        n = len(value.faces) if isinstance(value, Cards) else len(value.values)
        return (options[0] if n == 1 else options[-1]), n
    if isinstance(value, bool):
        return options[0] if value else options[-1], None
    raise TypeError(f"no selector for a parameter of type {type(value).__name__}")


__all__ = [
    "COMMON_MESSAGES",
    "LANGS",
    "SIDES_BIT",
    "Card",
    "Cards",
    "Catalogue",
    "Lines",
    "Message",
    "Num",
    "Nums",
    "Player",
    "Players",
    "Reader",
    "Side",
    "Term",
    "UnknownMessage",
    "default_name",
    "format_number",
    "join_words",
    "msg",
    "named_mask",
    "named_seats",
    "names_seat",
]
