"""Every game's player's guide: complete in es and en, no rule id or option key
outside the reglamento, and every worked example replayed by the engine, so its
figures are the rules' figures (BAC-24..28, BUR-21, NAC-8/15, BOO-8/9, WAN-3/5)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from tapete.engine import Event, State
from tapete.games import PACKAGES, game_ids, get_game
from tapete.games.guide import (
    PLACEHOLDER,
    SECTIONS,
    Cards,
    Example,
    Guide,
    Words,
    guide_json,
    guide_markdown,
    load_guide,
)

RULE_ID = re.compile(r"\b[A-Z]{3}-\d+\b")
NAMES = ("ana", "beto", "carla", "dani")  # the examples' players, in seat order
ENGINE_WORDS = re.compile(r"[\[\]{}]|\bNone\b|\bTrue\b|\bFalse\b")


def _option_keys(game_id: str) -> set[str]:
    return {entry["key"] for entry in get_game(game_id).options_schema()}


def _guide_text(data: Mapping[str, Any]) -> str:
    """Every word of the guide a reader sees, the reglamento left out."""
    parts = [data["summary"]]

    def walk(block: Mapping[str, Any]) -> None:
        for key in ("text", "caption", "title", "label", "default"):
            if key in block:
                parts.append(block[key])
        parts.extend(block.get("items", ()))
        parts.extend(card["name"] for card in block.get("cards", ()))
        for inner in block.get("blocks", ()):
            walk(inner)

    for section in data["sections"]:
        parts.append(section["title"])
        for block in section["blocks"]:
            walk(block)
    return "\n".join(parts)


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_game_has_a_guide_with_every_section(game_id: str, lang: str) -> None:
    data = guide_json(get_game(game_id), lang)
    assert [s["id"] for s in data["sections"]] == list(SECTIONS)
    for section in data["sections"]:
        assert section["title"] and section["blocks"], section["id"]
    examples = data["sections"][SECTIONS.index("examples")]["blocks"]
    assert 2 <= len(examples) <= 4
    assert data["reglamento"]["markdown"].strip()
    options = data["sections"][SECTIONS.index("options")]["blocks"]
    assert {o["label"] for o in options}, "every game has table options to explain"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_option_is_explained_once(game_id: str) -> None:
    guide = load_guide(game_id)
    assert sorted(o.key for o in guide.options) == sorted(_option_keys(game_id))


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("lang", ["es", "en"])
def test_no_rule_id_option_key_or_engine_value_outside_the_reglamento(game_id: str, lang: str) -> None:
    game = get_game(game_id)
    text = _guide_text(guide_json(game, lang))
    assert not RULE_ID.search(text), RULE_ID.search(text)
    keys = [k for k in _option_keys(game_id) if re.search(rf"\b{re.escape(k)}\b", text) and "_" in k]
    assert not keys, keys
    assert not ENGINE_WORDS.search(text), ENGINE_WORDS.search(text)
    faces = [f for f in game.card_faces() if re.search(rf"(?<![\w/-]){re.escape(f)}(?![\w/-])", text) and "-" in f]
    assert not faces, f"face tokens in the guide: {faces}"
    assert "{" not in text and "}" not in text


@pytest.mark.parametrize("game_id", game_ids())
def test_the_two_languages_differ_and_the_reglamento_comes_last(game_id: str) -> None:
    game = get_game(game_id)
    es, en = guide_markdown(game, "es"), guide_markdown(game, "en")
    assert es != en
    assert es.index("## Objetivo") < es.index("## Reglamento") and "## Rulebook" in en
    assert RULE_ID.search(es[es.index("## Reglamento") :]), "the reglamento keeps the rule ids"
    assert not RULE_ID.search(es[: es.index("## Reglamento")])
    assert "## Reglamento" not in guide_markdown(game, "es", full=False)


@pytest.mark.parametrize("game_id", game_ids())
def test_cards_and_figures_named_in_the_texts_exist(game_id: str) -> None:
    game = get_game(game_id)
    guide = load_guide(game_id)
    faces = game.card_faces()
    for cards in _card_blocks(guide):
        assert all(f is None or f in faces for f in cards.faces), cards.faces
    for example in guide.examples:
        for block in example.blocks:
            for kind, name in PLACEHOLDER.findall(repr(block)):
                if kind == "fig":
                    assert name in example.figures, (example.title.en, name)
                else:
                    assert name in faces, name


def _words(value: Any) -> list[Words]:
    """Every text pair inside a piece of guide data."""
    if isinstance(value, Words):
        return [value]
    if isinstance(value, tuple | list):
        return [w for item in value for w in _words(item)]
    if hasattr(value, "__dataclass_fields__"):
        return [w for name in value.__dataclass_fields__ for w in _words(getattr(value, name))]
    return []


@pytest.mark.parametrize("game_id", game_ids())
def test_every_text_is_written_in_both_languages(game_id: str) -> None:
    pairs = _words(load_guide(game_id))
    assert len(pairs) > 20
    same = [w.es for w in pairs if not w.es.strip() or not w.en.strip() or w.es == w.en]
    assert not same, same


def _card_blocks(guide: Guide) -> list[Cards]:
    blocks = [*guide.goal, *guide.cards, *guide.turn, *guide.scoring]
    blocks += [b for ex in guide.examples for b in ex.blocks]
    return [b for b in blocks if isinstance(b, Cards)]


# -- the examples, replayed ----------------------------------------------------------------------
def _replay(game_id: str, example: Example) -> tuple[State, State, list[Event]]:
    positions = importlib.import_module(f"tapete.games.{PACKAGES[game_id]}.positions")
    before = positions.position(**example.position)
    state = before.clone()
    events: list[Event] = []
    for seat, move in example.moves:
        action = state.action_from_json(move)
        assert action in state.legal_actions(seat), (example.title.en, move)
        events += state.apply(seat, action)
    return before, state, events


def _bacan(before: State, after: State, events: list[Event], example: Example) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in events:
        if e.kind == "round_end":
            for seat, name in enumerate(NAMES[: after.num_players]):
                out[f"{name}_row"] = e.data["totals"][str(seat)]
                out[f"{name}_change"] = e.data["deltas"][str(seat)]
                out[f"{name}_score"] = e.data["scores"][seat]
    mover = example.moves[-1][0]
    out["before"] = len(before.rows[mover])  # type: ignore[attr-defined]
    out["after"] = len(after.rows[mover])  # type: ignore[attr-defined]
    return out


def _buracco(before: State, after: State, events: list[Event], example: Example) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in events:
        if e.kind == "hand_end":
            for side, name in enumerate(NAMES[:2]):
                for item, points in e.data["sides"][side].items():
                    out[f"{name}_{item}"] = points
    out["pozo"] = len(before.pozo)  # type: ignore[attr-defined]
    for seat, name in enumerate(NAMES[: before.num_players]):
        out[f"{name}_rack_before"] = len(before.racks[seat])  # type: ignore[attr-defined]
        out[f"{name}_rack_after"] = len(after.racks[seat])  # type: ignore[attr-defined]
    for k, meld in enumerate(after.melds[0]):  # type: ignore[attr-defined]
        out[f"meld{k}_value"] = meld.value()
        out[f"meld{k}_size"] = len(meld.tiles)
        out[f"meld{k}_pure"] = int(meld.is_pure())
    return out


def _nacho_loco(before: State, after: State, events: list[Event], example: Example) -> dict[str, int]:
    out: dict[str, int] = {}
    names = NAMES[: before.num_players]
    for seat, name in enumerate(names):
        out[f"{name}_cards"] = before.view(None)["hand_sizes"][seat]
        out[f"{name}_drew"] = sum(e.data["count"] for e in events if e.kind == "draw" and e.data["seat"] == seat)
    for e in events:
        if e.kind == "place":
            out["matches"] = e.data["matches"]
        elif e.kind == "round_end":
            out[f"{names[e.data['seat']]}_points"] = e.data["points"]
    return out


def _boon(before: State, after: State, events: list[Event], example: Example) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in events:
        if e.kind == "trick":
            out["points"], out["winner"] = e.data["points"], e.data["winner"]
        elif e.kind == "round_end":
            for seat, name in enumerate(NAMES[: after.num_players]):
                out[f"{name}_victory"] = e.data["victory"][seat]
            if e.data["leaster"]:
                for seat, name in enumerate(NAMES[: after.num_players]):
                    out[f"{name}_points"], out[f"{name}_tricks"] = e.data["points"][seat], e.data["tricks"][seat]
            else:
                out["buried"] = e.data["buried_points"]
                out["taker_points"] = e.data["taker_points"]
                out["defence_points"] = e.data["defender_points"]
    return out


def _wanted(before: State, after: State, events: list[Event], example: Example) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in events:
        if e.kind == "battle":
            if e.data["winner"] is not None:
                out["winner"] = e.data["winner"]
            for entry in e.data["seats"]:
                name = NAMES[entry["seat"]]
                for item in ("die", "modifier", "total"):
                    out[f"{name}_{item}"] = entry[item]
        elif e.kind == "gangs" and e.data["status"] == "resolved":
            if e.data["winner"] is not None:
                out["winner"] = e.data["winner"]
            for gang in e.data["gangs"]:
                name = NAMES[gang["seat"]]
                out[f"{name}_modifier"], out[f"{name}_total"] = gang["modifier"], gang["total"]
                for card, die in zip(gang["cards"], gang["dice"], strict=True):
                    out[f"die_{card}"] = die
    return out


MEASURES: dict[str, Callable[[State, State, list[Event], Example], dict[str, int]]] = {
    "bacan": _bacan,
    "buracco": _buracco,
    "nacho-loco": _nacho_loco,
    "boon": _boon,
    "wanted": _wanted,
}


@pytest.mark.parametrize(("game_id", "index"), [(g, i) for g in game_ids() for i in range(len(load_guide(g).examples))])
def test_each_example_is_what_the_engine_plays(game_id: str, index: int) -> None:
    example = load_guide(game_id).examples[index]
    before, after, events = _replay(game_id, example)
    measured = MEASURES[game_id](before, after, events, example)
    assert {k: measured.get(k) for k in example.figures} == dict(example.figures)
    shown = {f for block in example.blocks if isinstance(block, Cards) for f in block.faces if f is not None}
    assert shown <= _faces_in(example.position), "an example shows a card its position does not hold"


def _faces_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, Mapping):
        return set().union(*(_faces_in(v) for v in value.values()), *(_faces_in(k) for k in value))
    if isinstance(value, list | tuple):
        return set().union(*(_faces_in(v) for v in value)) if value else set()
    return set()


def test_tapete_rules_prints_the_guide_in_english() -> None:
    from typer.testing import CliRunner

    from tapete.cli import app

    result = CliRunner().invoke(app, ["rules", "bacan", "--lang", "en"])
    assert result.exit_code == 0, result.output
    out = result.output
    for title in ("Goal", "The cards", "Your turn, step by step", "Scoring", "Examples", "Table options"):
        assert title in out, title
    assert "A Bacan that works" in out and "Anti Bacan" in out
    assert not RULE_ID.search(out) and "anti_bacan" not in out
    assert "rulebook" in out and "--full" in out
    full = CliRunner().invoke(app, ["rules", "bacan", "--lang", "en", "--full"])
    assert full.exit_code == 0 and "Rulebook" in full.output
    assert "BAC-24" in full.output and "anti_bacan" in full.output


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("lang", ["es", "en"])
def test_tapete_rules_fits_80_columns_with_the_tables_card_letters(game_id: str, lang: str) -> None:
    from typer.testing import CliRunner

    from tapete.cli import app
    from tapete.tui.guide import card_glyph

    result = CliRunner().invoke(app, ["rules", game_id, "--lang", lang], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert max(len(line.rstrip()) for line in out.splitlines()) <= 80
    data = guide_json(get_game(game_id), lang)
    for section in data["sections"]:
        assert section["title"] in out
    assert not RULE_ID.search(out)
    assert not [k for k in _option_keys(game_id) if "_" in k and k in out]
    for cards in _card_blocks(load_guide(game_id)):
        row = "  ".join(card_glyph(game_id, face, lang).plain for face in cards.faces)
        assert row in out, row
