"""Invitation codes: 8 characters without 0/O, 1/I/L, so they can be read aloud and typed."""

from __future__ import annotations

import secrets

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
