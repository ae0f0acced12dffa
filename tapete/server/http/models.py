"""What a client may send, declared once: the lobby's bodies and the socket's messages.

Every model is strict (no float for an integer, no "3" for 3, no 1 for
true) and refuses unknown fields: a message carrying something the
protocol does not name is a mistake or a probe, and is answered, not
half-applied. `protocol_schema()` turns these models into the JSON Schema
shipped as docs/protocol.schema.json (a test keeps the file current).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from tapete.protocol import CHAT_TEXT_MAX, PHRASE_IDS

# Integers a client may send (seq, version, index, seat): those every JSON reader
# holds exactly. A larger seq could not be echoed (orjson stops at 64 bits).
MAX_INT = 2**53 - 1
# An action's JSON form is a small flat object (a slot, a list of cards): deeper is not an action.
MAX_ACTION_DEPTH = 4
MAX_NAME_INPUT = 64  # what a name field may carry before it is cleaned to NAME_MAX (names.py)

Seq = Annotated[int, Field(strict=True, ge=-MAX_INT, le=MAX_INT)]
Count = Annotated[int, Field(strict=True, ge=0, le=MAX_INT)]
SeatNumber = Annotated[int, Field(strict=True, ge=0, le=63)]
OptionValue = (
    Annotated[int, Field(strict=True)]
    | Annotated[bool, Field(strict=True)]
    | Annotated[str, Field(strict=True, max_length=64)]
)
if TYPE_CHECKING:
    PhraseId = str
else:  # the quick phrases' ids as the protocol lists them (tapete.protocol.chat), one Literal each
    PhraseId = Literal[PHRASE_IDS]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# -- the socket ----------------------------------------------------------------------
class PlayerRef(Strict):
    """A player identity (POST /api/players): checked on hello, wrong -> `bad_identity`."""

    id: str = Field(min_length=1, max_length=32)
    secret: str = Field(min_length=1, max_length=128)


class HelloMessage(Strict):
    """The first message on a table socket (no token: a spectator)."""

    type: Literal["hello"]
    token: str | None = Field(None, max_length=128, description="the seat's token; null to watch")
    lang: Literal["es", "en"] = Field("es", description="language of the texts of moves and events")
    texts: bool = Field(True, description="whether every legal move carries a sentence")
    omit_unchanged: bool = Field(
        False, description="state messages leave out `legal` and `seats` when they are as in this socket's last one"
    )
    accepted_in_state: bool = Field(
        False, description="an accepted action is answered in the state that follows it (`accepted`), not alone"
    )
    player: PlayerRef | None = Field(None, description="the player identity of whoever connects; null: none")


class ActionMessage(Strict):
    """A move, by its JSON form (`action`) or its number in the game's action space (`index`)."""

    type: Literal["action"]
    seq: Seq = Field(description="any integer; the answer repeats it")
    version: Count = Field(description="the version of the state the move was decided on")
    action: dict[str, Any] | None = Field(None, description="the action's JSON form (exactly one of action, index)")
    index: Count | None = Field(None, description="the action's number (exactly one of action, index)")
    seat: SeatNumber | None = Field(None, description="if present, the socket's own seat")

    @model_validator(mode="after")
    def _one_of_action_or_index(self) -> ActionMessage:
        if (self.action is None) == (self.index is None):
            raise ValueError("exactly one of action (an object) or index (an integer)")
        if self.action is not None and _depth(self.action) > MAX_ACTION_DEPTH:
            raise ValueError(f"action nested deeper than {MAX_ACTION_DEPTH} levels")
        return self

    def payload(self) -> dict[str, Any]:
        return {"index": self.index} if self.index is not None else {"action": self.action}


class SyncMessage(Strict):
    """Send me the current state again."""

    type: Literal["sync"]


class DismissMessage(Strict):
    """I have read the round result: the table need not wait for me to go on."""

    type: Literal["dismiss"]


class PingMessage(Strict):
    """Answered by `{"type": "pong", "seq": seq}`."""

    type: Literal["ping"]
    seq: Seq | None = None


class ChatMessage(Strict):
    """A chat line for everyone at the table: typed words (`text`) or a quick phrase (`phrase`)."""

    type: Literal["chat"]
    text: str | None = Field(
        None, description=f"1-{CHAT_TEXT_MAX} characters once cleaned (exactly one of text, phrase)"
    )
    phrase: PhraseId | None = Field(
        None, description="a quick phrase, shown to each reader in their language (exactly one of text, phrase)"
    )

    @model_validator(mode="after")
    def _one_of_text_or_phrase(self) -> ChatMessage:
        if (self.text is None) == (self.phrase is None):
            raise ValueError("exactly one of text (a string) or phrase")
        return self


class RematchMessage(Strict):
    """At a finished match: I want another one with the same seats (`accept` false: I do not)."""

    type: Literal["rematch"]
    accept: bool = Field(True, description="false to decline")


class HintMessage(Strict):
    """At a table with the option `hints` (never rated): what would the bot play for me now? Answered to
    this socket alone by `{"type": "hint", "version", "action", "text"}` (or an error)."""

    type: Literal["hint"]


AnyClientMessage = (
    HelloMessage
    | ActionMessage
    | SyncMessage
    | DismissMessage
    | PingMessage
    | ChatMessage
    | RematchMessage
    | HintMessage
)
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
CLIENT_MESSAGES: tuple[type[Strict], ...] = get_args(AnyClientMessage)  # each kind a client sends, in order
MESSAGE_TYPES: tuple[str, ...] = tuple(get_args(model.model_fields["type"].annotation)[0] for model in CLIENT_MESSAGES)
# What the server sends: the kinds only (docs/protocol.md says what each carries; a test checks that the
# server sends no other).
SERVER_MESSAGE_TYPES: tuple[str, ...] = (
    "welcome",
    "state",
    "accepted",
    "error",
    "pong",
    "chat",
    "rematch",
    "rematch_start",
    "left",
    "closed",
    "hint",
)
_client_message: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)


def read_message(data: Mapping[str, Any]) -> AnyClientMessage:
    """A message already known to be an object with a known `type`; ValidationError if it is not right."""
    return _client_message.validate_python(data)


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in `value` (without recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in item)
    return deepest


def explain(err: ValidationError) -> str:
    """Which fields were wrong and why, naming fields only (never echoing a value)."""
    parts = []
    for e in err.errors(include_url=False, include_input=False)[:4]:
        where = ".".join(str(p) for p in e.get("loc", ()) if p not in MESSAGE_TYPES) or "message"
        parts.append(f"{where}: {e.get('msg', '')}")
    return "; ".join(parts)


# -- the lobby ------------------------------------------------------------------------
class SeatBody(Strict):
    type: Literal["human", "bot"]
    level: str | None = Field(None, max_length=32, description="bot level (a kind from `bot_levels`); bots only")
    name: str | None = Field(None, max_length=MAX_NAME_INPUT)


class CreateTableBody(Strict):
    game: str = Field(max_length=32)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=64)
    seats: list[SeatBody] | None = Field(None, min_length=1, max_length=16)
    table_options: dict[str, OptionValue] = Field(default_factory=dict, max_length=16)
    public: bool = True
    join: bool = True
    name: str | None = Field(None, max_length=MAX_NAME_INPUT)


class JoinBody(Strict):
    code: str = Field(max_length=32)
    seat: SeatNumber | None = None
    name: str | None = Field(None, max_length=MAX_NAME_INPUT)


class TokenBody(Strict):
    token: str = Field(max_length=128)


ROUNDS_MAX = 30
SECONDS_MIN, SECONDS_MAX = 10, 7 * 24 * 3600
BOTS_MAX = 64


class TournamentBot(Strict):
    level: str = Field(max_length=32, description="a bot level of the game (`bot_levels` of /api/games)")
    name: str | None = Field(None, max_length=MAX_NAME_INPUT)


class CreateTournamentBody(Strict):
    kind: Literal["swiss", "arena"]
    game: str = Field(max_length=32)
    name: str | None = Field(None, max_length=MAX_NAME_INPUT)
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=64)
    table_options: dict[str, OptionValue] = Field(default_factory=dict, max_length=16)
    seats: Annotated[int, Field(strict=True, ge=2, le=16)] | None = Field(
        None, description="seats at each table (default: the game's usual number)"
    )
    rounds: Annotated[int, Field(strict=True, ge=1, le=ROUNDS_MAX)] | None = Field(None, description="Swiss only")
    seconds: Annotated[int, Field(strict=True, ge=SECONDS_MIN, le=SECONDS_MAX)] | None = Field(
        None, description="an arena's length (arena only)"
    )
    bots: list[TournamentBot] = Field(
        default_factory=list, max_length=BOTS_MAX, description="bots entered by the organiser, an entry each"
    )
    join: bool = Field(False, description="the organiser enters too")


class JoinTournamentBody(Strict):
    name: str | None = Field(None, max_length=MAX_NAME_INPUT)
    side: Annotated[int, Field(strict=True, ge=0, le=10_000)] | None = Field(
        None, description="the partnership (entry number) to complete; none: a new entry"
    )


# -- the schema -------------------------------------------------------------------------
def protocol_schema() -> dict[str, Any]:
    """JSON Schema of everything a client sends: the socket's messages and the lobby's bodies."""
    socket: dict[str, Any] = TypeAdapter(ClientMessage).json_schema(ref_template="#/$defs/{model}")
    defs: dict[str, Any] = dict(socket.pop("$defs", {}))
    bodies: dict[str, str] = {}
    for path, model in (
        ("POST /api/tables", CreateTableBody),
        ("POST /api/join", JoinBody),
        ("POST /api/tables/{id}/leave", TokenBody),
        ("POST /api/tournaments", CreateTournamentBody),
        ("POST /api/tournaments/{id}/join", JoinTournamentBody),
    ):
        schema = model.model_json_schema(ref_template="#/$defs/{model}")
        defs.update(schema.pop("$defs", {}))
        defs[model.__name__] = schema
        bodies[path] = f"#/$defs/{model.__name__}"
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "tapete table server: what a client sends (docs/protocol.md)",
        "socket_message": socket,
        "request_bodies": {path: {"$ref": ref} for path, ref in bodies.items()},
        "$defs": dict(sorted(defs.items())),
    }


def schema_text() -> str:
    """The schema as stored in docs/protocol.schema.json."""
    import json

    return json.dumps(protocol_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


if __name__ == "__main__":  # python -m tapete.server.http.models > docs/protocol.schema.json
    print(schema_text(), end="")
