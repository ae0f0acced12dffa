"""A game's player's guide: what the rules pages and `tapete rules` teach.

Each game writes its guide as data in `games/<g>/guide.py` (`GUIDE`), in
the same shape for all five: the goal, the cards (or tiles), a turn step by
step, scoring, worked examples and the table options in words. The web, the
API and the terminal render this one content; rule ids and option keys
appear only in the "Reglamento / Rulebook" section after the guide, which
holds the game's `rules_text` (the numbered rules and the house rules).

Texts may name a card as `{card:FACE}` (written as the card's display name,
never as its face token) and an example's figure as `{fig:NAME}`. Every
example also says how to build its position (`games/<g>/positions.py`) and
which moves to play, so a test can replay it and check each figure against
the engine: an example cannot drift from the rules.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tapete.engine import Event, Game, State
from tapete.engine.house_rules import option_label
from tapete.engine.words import format_number

LANGS = ("es", "en")
PLACEHOLDER = re.compile(r"\{(card|fig):([^{}]+)\}")


@dataclass(frozen=True)
class Words:
    """One text in both languages."""

    es: str
    en: str

    def say(self, lang: str) -> str:
        return self.es if lang == "es" else self.en


@dataclass(frozen=True)
class Para:
    text: Words


@dataclass(frozen=True)
class Steps:
    """A numbered list: what a player does, in order."""

    items: tuple[Words, ...]


@dataclass(frozen=True)
class Bullets:
    items: tuple[Words, ...]


@dataclass(frozen=True)
class Cards:
    """A row of cards drawn with the table's art; None is a face-down card."""

    faces: tuple[str | None, ...]
    caption: Words


@dataclass(frozen=True)
class Playfield:
    """Nacho Loco's playfield of an example, before or after its moves, drawn as the table draws it."""

    caption: Words
    after: bool = True


Block = Para | Steps | Bullets | Cards | Playfield


@dataclass(frozen=True)
class Example:
    """A worked example: a position, the moves played from it, and the
    figures its text quotes (checked against the engine by the tests)."""

    title: Words
    blocks: tuple[Block, ...]
    position: Mapping[str, Any]  # keyword arguments of games/<g>/positions.position
    moves: tuple[tuple[int, Mapping[str, Any]], ...] = ()  # (seat, action as JSON), in order
    figures: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class OptionGuide:
    """What one table option changes, in plain sentences (its key stays in the data)."""

    key: str
    text: Words


@dataclass(frozen=True)
class Guide:
    summary: Words  # one or two sentences: who plays and what kind of game
    goal: tuple[Block, ...]
    cards_title: Words  # "Las cartas" / "Las fichas"
    cards: tuple[Block, ...]
    turn: tuple[Block, ...]
    scoring: tuple[Block, ...]
    examples: tuple[Example, ...]
    options: tuple[OptionGuide, ...]


SECTIONS = ("goal", "cards", "turn", "scoring", "examples", "options", "fair_play")
TITLES = {
    "goal": Words("Objetivo", "Goal"),
    "turn": Words("Tu turno, paso a paso", "Your turn, step by step"),
    "scoring": Words("Puntuación", "Scoring"),
    "examples": Words("Ejemplos", "Examples"),
    "options": Words("Opciones de la mesa", "Table options"),
    "fair_play": Words("Juego limpio en las partidas puntuables", "Fair play at rated tables"),
}
# What every rated table of the server holds to (docs/protocol.md, "Fair play"; tapete.server.people.ratings).
FAIR_PLAY = (
    Words(
        "Como en lichess o Board Game Arena, la clasificación solo cambia por lo que juega cada persona.",
        "As on lichess or Board Game Arena, a rating moves only for what each person plays.",
    ),
    Words(
        "Un asiento es de quien se sentó primero durante toda la partida: nadie más puede ocuparlo, y cada "
        "identidad ocupa un solo asiento de la mesa.",
        "A seat belongs to whoever sat first, for the whole match: nobody else may take it, and each identity "
        "holds only one seat of the table.",
    ),
    Words(
        "La mesa siempre tiene reloj por turno ({seconds} s si no se elige otro): nadie puede detener la "
        "partida sin jugar.",
        "The table always has a turn clock ({seconds} s unless another is chosen): nobody can freeze the match "
        "by not playing.",
    ),
    Words(
        "Irse cuenta como seguir jugando: el suplente juega el asiento y la partida sigue siendo de quien se "
        "fue, ganada o perdida.",
        "Leaving counts as playing on: the stand-in plays the seat and the match stays the leaver's, won or lost.",
    ),
    Words(
        "Cada persona debe tomar al menos la mitad de las decisiones de su asiento; si no, pierde la partida "
        "cuando los demás sí jugaron, y nadie puntúa si nadie lo hizo.",
        "Each person must make at least half of their seat's decisions; otherwise they take the loss when the "
        "others did play, and nobody is rated when nobody did.",
    ),
    Words(
        "Una partida que todas las personas dejaron antes del final no puntúa para nadie.",
        "A match every person left before its end is rated for nobody.",
    ),
)
REGLAMENTO = Words("Reglamento", "Rulebook")
REGLAMENTO_NOTE = Words(
    "Las reglas numeradas tal como las juega tapete, con los nombres de las opciones, y las reglas de la casa.",
    "The numbered rules as tapete plays them, with the options' names, and the house rules.",
)
DEFAULT = Words("Por defecto: {value}.", "Default: {value}.")


def load_guide(game_id: str) -> Guide:
    """The guide of a registered game (`games/<g>/guide.py`)."""
    from . import module_of

    module = importlib.import_module(f"{module_of(game_id)}.guide")
    guide: Guide = module.GUIDE
    return guide


def find_guide(game: Game) -> Guide | None:
    """The game's guide, or None for a game outside the registry (a test's toy game) or
    without a guide module."""
    from . import PACKAGES, module_of

    if game.id not in PACKAGES or importlib.util.find_spec(f"{module_of(game.id)}.guide") is None:
        return None
    return load_guide(game.id)


# -- filling the texts --------------------------------------------------------------------
def fill(text: str, game: Game, lang: str, figures: Mapping[str, int] | None = None) -> str:
    """A text with its cards named for the reader and its figures written out."""

    def one(match: re.Match[str]) -> str:
        kind, name = match.groups()
        if kind == "card":  # in a sentence, the short name (WANTED: 2♠, without the outlaw's name)
            return card_name(game, name, lang, short=True)
        if figures is None or name not in figures:
            raise KeyError(f"{game.id}: no figure {name!r} in this example")
        value = figures[name]
        return format_number(value, lang) if value >= 0 else "−" + format_number(-value, lang)

    return PLACEHOLDER.sub(one, text)


def card_name(game: Game, face: str | None, lang: str, *, short: bool = False) -> str:
    if face is None:
        return "boca abajo" if lang == "es" else "face down"
    return game.face_name(face, lang, short=short)


def option_default(game: Game, key: str, lang: str) -> str:
    """The option's default value as the new-table form shows it."""
    for entry in game.options_schema():
        if entry["key"] != key:
            continue
        value = entry["default"]
        for choice in entry.get("choice_labels") or ():
            if choice["value"] == value:
                return str(choice[lang])
        if isinstance(value, bool):
            return ("sí" if value else "no") if lang == "es" else ("yes" if value else "no")
        return format_number(value, lang) if isinstance(value, int) else str(value)
    raise KeyError(f"no option {key!r}")


# -- an example, played --------------------------------------------------------------------------
def play_example(game_id: str, example: Example) -> tuple[State, State, list[Event]]:
    """The example's position (games/<g>/positions.py), and the state after its moves with their events."""
    from . import module_of

    positions = importlib.import_module(f"{module_of(game_id)}.positions")
    before: State = positions.position(**example.position)
    after = before.clone()
    events: list[Event] = []
    for seat, move in example.moves:
        events += after.apply(seat, after.action_from_json(move))
    return before, after, events


def _playfield_json(game: Game, example: Example, lang: str, shown_after: bool) -> list[dict[str, Any]]:
    before, after, _ = play_example(game.id, example)
    old = {tuple(c["cell"]) for c in before.view(None)["field"]}
    if not shown_after:
        after = before
    return [
        {
            "cell": c["cell"],
            "sides": c["sides"],
            "face": c["card"],
            "name": card_name(game, c["card"], lang),
            "new": tuple(c["cell"]) not in old,
        }
        for c in after.view(None)["field"]
    ]


# -- JSON, for the API and the web page ------------------------------------------------------
def _block_json(
    block: Block, game: Game, lang: str, figures: Mapping[str, int] | None = None, example: Example | None = None
) -> dict[str, Any]:
    if isinstance(block, Playfield):
        if example is None:
            raise ValueError(f"{game.id}: a playfield belongs in an example")
        cells = _playfield_json(game, example, lang, block.after)
        return {"type": "field", "cells": cells, "caption": fill(block.caption.say(lang), game, lang, figures)}
    if isinstance(block, Para):
        return {"type": "para", "text": fill(block.text.say(lang), game, lang, figures)}
    if isinstance(block, Steps | Bullets):
        kind = "steps" if isinstance(block, Steps) else "bullets"
        return {"type": kind, "items": [fill(w.say(lang), game, lang, figures) for w in block.items]}
    return {
        "type": "cards",
        "cards": [{"face": f, "name": card_name(game, f, lang)} for f in block.faces],
        "caption": fill(block.caption.say(lang), game, lang, figures),
    }


def _blocks_json(blocks: Sequence[Block], game: Game, lang: str) -> list[dict[str, Any]]:
    return [_block_json(b, game, lang) for b in blocks]


def guide_json(game: Game, lang: str) -> dict[str, Any]:
    """The guide for one reader: sections of blocks, then the reglamento (Markdown)."""
    lang = "es" if lang == "es" else "en"
    reglamento = {
        "title": REGLAMENTO.say(lang),
        "note": REGLAMENTO_NOTE.say(lang),
        "markdown": reglamento_markdown(game, lang),
    }
    guide = find_guide(game)
    if guide is None:  # no guide written: the reglamento alone
        return {"summary": "", "sections": [], "reglamento": reglamento}
    schema = game.options_schema()
    sections: list[dict[str, Any]] = [
        {"id": "goal", "title": TITLES["goal"].say(lang), "blocks": _blocks_json(guide.goal, game, lang)},
        {"id": "cards", "title": guide.cards_title.say(lang), "blocks": _blocks_json(guide.cards, game, lang)},
        {"id": "turn", "title": TITLES["turn"].say(lang), "blocks": _blocks_json(guide.turn, game, lang)},
        {"id": "scoring", "title": TITLES["scoring"].say(lang), "blocks": _blocks_json(guide.scoring, game, lang)},
        {
            "id": "examples",
            "title": TITLES["examples"].say(lang),
            "blocks": [
                {
                    "type": "example",
                    "title": fill(ex.title.say(lang), game, lang, ex.figures),
                    "blocks": [_block_json(b, game, lang, ex.figures, ex) for b in ex.blocks],
                }
                for ex in guide.examples
            ],
        },
        {
            "id": "options",
            "title": TITLES["options"].say(lang),
            "blocks": [
                {
                    "type": "option",
                    "label": option_label(schema, opt.key, lang),
                    "text": fill(opt.text.say(lang), game, lang),
                    "default": DEFAULT.say(lang).format(value=option_default(game, opt.key, lang)),
                }
                for opt in guide.options
            ],
        },
        {
            "id": "fair_play",
            "title": TITLES["fair_play"].say(lang),
            "blocks": [
                {"type": "bullets", "items": [w.say(lang).format(seconds=game.rated_turn_seconds) for w in FAIR_PLAY]}
            ],
        },
    ]
    return {"summary": fill(guide.summary.say(lang), game, lang), "sections": sections, "reglamento": reglamento}


# -- Markdown, for the terminal's rules screen and the API's "markdown" -------------------------
def reglamento_markdown(game: Game, lang: str) -> str:
    """The game's numbered rules and house rules, headings one level down."""
    lines = game.rules_text(lang).strip("\n").splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return "\n".join("#" + line if line.startswith("#") else line for line in lines).strip("\n") + "\n"


def _block_markdown(block: dict[str, Any]) -> list[str]:
    kind = block["type"]
    if kind == "para":
        return [block["text"], ""]
    if kind == "steps":
        return [f"{i}. {item}" for i, item in enumerate(block["items"], 1)] + [""]
    if kind == "bullets":
        return [f"- {item}" for item in block["items"]] + [""]
    if kind in ("cards", "field"):
        names = " / ".join(c["name"] for c in block.get("cards", block.get("cells", ())))
        return [f"{names}", "", f"*{block['caption']}*", ""]
    if kind == "example":
        out = [f"### {block['title']}", ""]
        for inner in block["blocks"]:
            out += _block_markdown(inner)
        return out
    return [f"- **{block['label']}**: {block['text']} {block['default']}"]


def guide_markdown(game: Game, lang: str, *, full: bool = True) -> str:
    """The guide as Markdown; with `full`, the reglamento follows it."""
    data = guide_json(game, lang)
    out = [f"# {game.name[lang if lang in LANGS else 'en']}", "", data["summary"], ""]
    for section in data["sections"]:
        out += [f"## {section['title']}", ""]
        for block in section["blocks"]:
            out += _block_markdown(block)
        if section["id"] == "options":
            out.append("")
    if full:
        reg = data["reglamento"]
        out += [f"## {reg['title']}", "", f"*{reg['note']}*", "", reg["markdown"]]
    return "\n".join(out).rstrip("\n") + "\n"
