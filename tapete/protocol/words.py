"""A text in both of the protocol's languages, and an error's entry in the catalogue (`error_texts`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

LANGS = ("es", "en")


class Words(NamedTuple):
    """Spanish (the default) and English."""

    es: str
    en: str

    def read(self, lang: str) -> str:
        """The words in `lang` ("en" for English, Spanish for anything else, as the server answers)."""
        return self.en if lang == "en" else self.es

    def to_json(self) -> dict[str, str]:
        return {"es": self.es, "en": self.en}


@dataclass(frozen=True)
class ErrorText:
    """An error of the catalogue: its code, its rule, its words as templates (error_texts.py)."""

    code: str
    rule: str | None
    es: str
    en: str
    status: int | None = None

    def words(self, **params: object) -> Words:
        """The error's words with `params` filled in, in both languages."""
        return Words(
            self.es.format(**{k: v.es if isinstance(v, Words) else v for k, v in params.items()}),
            self.en.format(**{k: v.en if isinstance(v, Words) else v for k, v in params.items()}),
        )
