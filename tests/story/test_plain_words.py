"""Words a player reads in the games' catalogues, rules and guides: each idea by its glossary
name, in the reader's language, with one and many told apart, and no option key in a sentence."""

from __future__ import annotations

import random
import re

import pytest

from tapete.engine import IllegalAction
from tapete.engine.words import Num, Player, Reader, msg
from tapete.games import get_game
from tapete.games.boon.texts import describe_result
from tapete.games.guide import guide_markdown


def test_boon_refusal_names_the_suit_led_in_the_readers_language() -> None:
    game = get_game("boon")
    rng = random.Random(4)
    state = game.new_match(4, 4)
    while True:  # on to a trick where the seat to play must follow a side suit it holds
        seat = state.actors()[0]
        view = state.view(seat)
        led = view.get("led_suit")
        hand = view.get("hand") or []
        if view["phase"] == "play" and led in ("azul", "verde", "rojo") and any(c.startswith(led) for c in hand):
            other = next((c for c in hand if not c.startswith(led)), None)
            if other is not None:
                break
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, state.action_from_json({"type": "play", "card": other}))
    english = {"azul": "blue", "verde": "green", "rojo": "red"}[led]
    assert f"({english};" in err.value.en and led not in err.value.en
    assert f"({led};" in err.value.es


def test_boon_payments_are_victory_cards_one_and_many() -> None:
    result = {
        "leaster": False, "taker": 0, "taker_points": 70, "buried_points": 10, "taker_tricks": 3,
        "defender_points": 50, "band": 2, "transfers": [[1, 0, 1], [2, 0, 2]],
    }  # fmt: skip
    names = ["Ana", "Bruno", "Carmen"]
    es = describe_result(result, "es", names, None)
    en = describe_result(result, "en", names, None)
    assert "Bruno paga 1 carta de victoria a Ana." in es and "Carmen paga 2 cartas de victoria a Ana." in es
    assert "Bruno pays Ana 1 victory card." in en and "Carmen pays Ana 2 victory cards." in en
    for text in (es, en):
        assert not re.search(r"ficha|chip", text)


def test_wanted_counts_deals_and_battles_never_rounds() -> None:
    game = get_game("wanted")
    for options, players in (({"mode": "duelo"}, 2), ({"mode": "pandillas"}, 3)):
        view = game.new_match(players, 3, options).view(0)
        header = game.render_text(view, "es").splitlines()[0] + game.render_text(view, "en").splitlines()[0]
        assert not re.search(r"\b(ronda|round)\b", header, re.IGNORECASE), header


@pytest.mark.parametrize("lang", ["es", "en"])
def test_wanted_rules_name_options_by_their_labels(lang: str) -> None:
    text = get_game("wanted").rules_text(lang)
    assert "`" not in text  # no option key (`replays`, `deals`) in a sentence
    assert not re.search(r"\b(replays replays|deals deals)\b", text)
    label = "Desempates como máximo" if lang == "es" else "Tie-break replays at most"
    assert label.replace(" ", "") in text.replace("\n", "").replace(" ", "")


def test_wanted_guide_says_pandillas_replays_with_a_fresh_deal() -> None:
    """WAN-12: tied players take their winners as a new hand, but in Pandillas a replay is a fresh deal."""
    game = get_game("wanted")
    es, en = guide_markdown(game, "es", full=False), guide_markdown(game, "en", full=False)
    assert "en Pandillas, donde cada reparto junta otra vez las cartas, el desempate es un reparto nuevo" in es
    assert "in Gangs, where every deal gathers the cards again, the replay is a fresh deal" in en


def test_minus_one_point_is_singular() -> None:
    """A score of −1 (Bacan's comodín) reads "−1 point", not "−1 points"."""
    catalogue = get_game("bacan").catalogue
    assert catalogue is not None
    for lang, text in (("es", "Ana: −1 punto"), ("en", "Ana: −1 point")):
        reader = Reader(lang, ("Ana", "Bruno"), 1)
        assert catalogue.render(msg("round_end.score", p=Player(0), points=-1), reader).strip() == text
        assert catalogue.render(msg("score.points", player=Player(0), points=Num(-1)), reader) == text
        assert catalogue.render(msg("score.points", player=Player(0), points=-2), reader).endswith("s")
