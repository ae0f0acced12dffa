"""The table chat's shared words and limits: quick phrases, the longest line, the kept history.

A quick phrase travels as its id and each reader reads it in their own language: the server in
the `text` of a `chat` message, the clients when they draw a line again in another language.
"""

from __future__ import annotations

from .error_texts import ERRORS
from .words import Words

CHAT_TEXT_MAX = 300  # characters of a typed line once cleaned
CHAT_HISTORY = 100  # the last lines of a table kept in memory, read back from the store, sent on hello

# One tap away; in the order the clients offer them (the terminal numbers them 1-5).
PHRASES: dict[str, Words] = {
    "good_game": Words("¡Bien jugado!", "Good game!"),
    "good_luck": Words("¡Suerte!", "Good luck!"),
    "oops": Words("¡Uy!", "Oops!"),
    "thanks": Words("¡Gracias!", "Thanks!"),
    "well_done": Words("¡Muy bien!", "Well done!"),
}
PHRASE_IDS: tuple[str, ...] = tuple(PHRASES)

# The codes a chat line may be refused with (a client shows them in its chat, not as a move's error).
CHAT_ERROR_CODES: tuple[str, ...] = tuple(sorted({text.code for text in ERRORS.values() if text.rule == "chat"}))
