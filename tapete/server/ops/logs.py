"""Structured logs: one JSON object per line with table, seat and what happened.

Callers pass only public facts (seat numbers, versions, public event kinds,
error codes); an action's content, a view or a seed is never logged, since
they may name hidden cards.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

FIELDS = ("table", "seat", "version", "source", "code", "events", "status", "detail")

log = logging.getLogger("tapete.server")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                out[name] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def configure(level: str = "info") -> None:
    """Send `tapete.*` logs to stderr as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger("tapete")
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False


def event(msg: str, level: int = logging.INFO, **fields: Any) -> None:
    if log.isEnabledFor(level):
        log.log(level, msg, extra={k: v for k, v in fields.items() if k in FIELDS})


def now() -> float:
    return time.time()
