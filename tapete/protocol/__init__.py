"""The table protocol's shared words and limits: what the server says and both clients read.

One home for each text the table server answers with and each list its clients need:

- `error_texts`: every error the server raises, by id: its protocol code, the rule it names and
  its words in es and en, as templates filled with the raise site's parameters
  (`tapete.server.errors.error("chat_too_long", length=..., limit=...)`);
- `chat`: the quick phrases (id -> es/en), the longest line and how many lines a hello brings.

The server answers from these; the terminal client imports them; the browser reads them from
`tapete/web/static/js/protocol.js`, generated from them and from the socket's models
(`python -m tapete.server.http.clientgen`; a test fails when the file is stale); docs/protocol.md
documents them (a test checks that it names every error code and phrase). Nothing here imports
the rest of tapete: it sits below the server and the terminal alike
(tests/structure/test_layers.py).
"""

from .chat import CHAT_ERROR_CODES, CHAT_HISTORY, CHAT_TEXT_MAX, PHRASE_IDS, PHRASES
from .error_texts import ERRORS, ErrorText
from .words import LANGS, Words

__all__ = [
    "CHAT_ERROR_CODES",
    "CHAT_HISTORY",
    "CHAT_TEXT_MAX",
    "ERRORS",
    "LANGS",
    "PHRASES",
    "PHRASE_IDS",
    "ErrorText",
    "Words",
]
