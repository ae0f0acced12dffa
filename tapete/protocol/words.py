"""A text in both of the protocol's languages."""

from __future__ import annotations

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
