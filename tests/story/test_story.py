"""`tapete story`: what a seat's log shows reads as sentences for people.

Over 50 seeded matches per game, in both languages, the log (a seat's and a
spectator's) holds no Python repr, no rule id, no face token or card id, no
coordinates, no "Seat N" for a named seat, and no sentence in the other
language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from tapete.cli import app
from tapete.engine import Game
from tapete.engine.bot_names import with_bot_names
from tapete.engine.words import Reader
from tapete.games import game_ids, get_game
from tapete.story import play_events, tell, tell_story
from tests.game_settings import every

MATCHES = 50

# Tables the 50 matches cycle through: (players, options), each game's own (its STORY_TABLES).
TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {g: c.STORY_TABLES for g, c in every().items()}

REPR = re.compile(r"[\[\]{}]|\bNone\b|\bTrue\b|\bFalse\b")
RULE_ID = re.compile(r"[A-Z]{3}-\d+")
COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")
SEAT_NUMBER = re.compile(r"\b(Seat|Asiento|Jugador|Player|asiento|seat)\s+\d")
# Words only one language uses; outlaws' nicknames («...») are names, not sentences.
ONLY_EN = re.compile(r"\b(the|you|your|draws|wins|and|of|round|match|points|deals|plays|takes|with)\b", re.I)
ONLY_ES = re.compile(r"\b(el|los|las|del|y|roba|gana|ronda|partida|puntos|tú|tus|cartas|carta|con|mano)\b", re.I)
NICKNAME = re.compile(r"«[^»]*»")


def _faces(game: Game) -> re.Pattern[str]:
    """Any face token standing alone ("rojo-7", "amarillo/azul/X")."""
    tokens = sorted(game.card_faces(), key=len, reverse=True)
    return re.compile(r"(?<![\w/-])(" + "|".join(map(re.escape, tokens)) + r")(?![\w/-])")


def _matches(game_id: str) -> Iterator[tuple[int, int, dict[str, Any]]]:
    tables = TABLES[game_id]
    for seed in range(MATCHES):
        players, options = tables[seed % len(tables)]
        yield seed, players, options


def _card_names(game: Game) -> re.Pattern[str]:
    """Every card's display name: outlaws' names are names, in any language."""
    catalogue = game.catalogue
    assert catalogue is not None
    names = {
        catalogue.card(f, short, lang) for f in game.card_faces() for short in (False, True) for lang in ("es", "en")
    }
    return re.compile("|".join(map(re.escape, sorted(names, key=len, reverse=True))))


def _problems(text: str, lang: str, faces: re.Pattern[str], card_names: re.Pattern[str]) -> list[str]:
    found = []
    for name, pattern in (("repr", REPR), ("rule id", RULE_ID), ("coordinates", COORDINATES), ("seat", SEAT_NUMBER)):
        if pattern.search(text):
            found.append(name)
    if faces.search(text):
        found.append("face token")
    other = ONLY_EN if lang == "es" else ONLY_ES
    if other.search(NICKNAME.sub("", card_names.sub("", text))):
        found.append("other language")
    return found


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_story_texts_are_for_people(game_id: str) -> None:
    assert set(TABLES) == set(game_ids())
    game = get_game(game_id)
    faces, card_names = _faces(game), _card_names(game)
    bad: list[str] = []
    for seed, players, options in _matches(game_id):
        events = play_events(game, players, seed, options)
        names = with_bot_names([None] * players)
        for lang in ("es", "en"):
            for seat in (0, None) if lang == "es" else (0,):  # a player, and a spectator
                lines = tell(game, events, Reader(lang, names, seat))
                assert lines, f"{game_id} seed {seed}: an empty log"
                for line in lines:
                    problems = _problems(line.text, lang, faces, card_names)
                    if problems:
                        bad.append(f"{game_id} seed {seed} {lang} seat {seat}: {problems}: {line.text!r}")
    assert not bad, "\n".join(bad[:20])


def test_story_names_people_and_round_results() -> None:
    game = get_game("bacan")
    lines = [line.text for line in tell_story(game, 3, 7, lang="es", seat=1, names=["Lucía", None, "Marcos"])]
    text = "\n".join(lines)
    assert "Lucía" in text and "Marcos" in text
    assert any(line.startswith("Fin de la ronda") for line in lines)
    assert "Puntuación:" in text  # the round's result, line by line
    assert any(line.startswith("Fin de la partida") for line in lines)


def test_story_classic_memory_never_names_peeked_faces() -> None:
    game = get_game("bacan")
    events = play_events(game, 2, 3, {"memory": "classic"})
    peeks = [(v, e) for v, e in events if e.kind == "peek" and e.visible_to(0)]
    assert peeks
    for line in tell(game, peeks, Reader("es", ["Ana", "Bruno"], 0)):
        assert line.text.startswith("Miraste tus cartas")
        assert not any(colour in line.text for colour in ("rojo", "azul", "verde", "amarillo", "violeta"))


def test_story_command_prints_lines_and_json() -> None:
    runner = CliRunner()
    plain = runner.invoke(app, ["story", "wanted", "--players", "2", "--seed", "4", "--lang", "en"])
    assert plain.exit_code == 0, plain.output
    as_json = runner.invoke(app, ["story", "wanted", "--players", "2", "--seed", "4", "--lang", "en", "--json"])
    assert as_json.exit_code == 0, as_json.output
    entries = json.loads(as_json.stdout)
    assert entries and all(set(e) == {"version", "text"} for e in entries)
    assert plain.stdout.splitlines() == [line for e in entries for line in e["text"].split("\n")]
    assert [e["version"] for e in entries] == sorted(e["version"] for e in entries)
    bad = runner.invoke(app, ["story", "wanted", "--players", "2", "--seat", "5"])
    assert bad.exit_code == 2
