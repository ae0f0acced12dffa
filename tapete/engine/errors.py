"""Errors every layer can raise and every client can show, in es and en."""

from __future__ import annotations


class TapeteError(Exception):
    """Base error: carries a stable code and a message in Spanish and English."""

    code = "error"

    def __init__(self, es: str, en: str, *, rule: str | None = None) -> None:
        self.es = es
        self.en = en
        self.rule = rule
        super().__init__(f"[{rule}] {en}" if rule else en)

    def to_json(self) -> dict[str, str | None]:
        return {"code": self.code, "rule": self.rule, "es": self.es, "en": self.en}


class IllegalAction(TapeteError):
    """An action the rules do not allow now; the state is unchanged."""

    code = "illegal_action"


class NotYourTurn(IllegalAction):
    """A seat tried to act while it is not among the state's actors."""

    code = "not_your_turn"


class MatchOver(IllegalAction):
    """An action arrived after the match ended."""

    code = "match_over"


class UnknownGame(TapeteError):
    code = "unknown_game"


class BadOption(TapeteError):
    """An unknown option, a value of the wrong type or out of range."""

    code = "bad_option"


class BadPlayers(TapeteError):
    code = "bad_players"


class WrongRulesVersion(TapeteError):
    """A match record written under another version of the game's rules:
    replaying it with these rules would not give the match that was played."""

    code = "wrong_rules_version"


class BadAction(TapeteError):
    """An action that is not even a well-formed member of the action space."""

    code = "bad_action"


class InvalidState(TapeteError):
    """A state (from JSON or a position builder) that no match could reach:
    a card missing or duplicated, an inconsistent phase, nobody able to act."""

    code = "invalid_state"
