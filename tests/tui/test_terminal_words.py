"""The terminal at 80x24 says what the log says: people and bots by their names (never "Player 2"),
"you" as "you" ("You deal", never "You deals"), Boon's payments in victory cards; and it shows what a
person needs: the bots' pace key, both Buracco sides' melds, tiles that never run together, five
moves in a list of five rows, and one shape per colour in every game."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from rich.text import Text
from textual.widgets import OptionList, Static

from tapete.engine import Game, State
from tapete.games import get_game
from tapete.tui.games import bacan as bacan_board
from tapete.tui.games import boon as boon_board
from tapete.tui.games import buracco as buracco_board
from tapete.tui.games import nacho_loco as nacho_board
from tapete.tui.screen import TableScreen

from .helpers import wait_for
from .test_fit import app_at

SIZE = (80, 24)
DEFAULT_NAME = re.compile(r"\b(Jugador|Player) \d\b")


def played_until(
    game: Game,
    players: int,
    seed: int,
    done: Callable[[State], bool],
    options: dict[str, Any] | None = None,
    steps: int = 20000,
) -> State:
    """A match played at random (seat 0 too) until `done` holds."""
    rng = random.Random(seed)
    state = game.new_match(players, seed, options or {})
    for _ in range(steps):
        if done(state):
            return state
        if state.is_terminal():
            state = game.new_match(players, rng.randrange(1 << 30), options or {})
        seat = rng.choice(state.actors())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("the position never came")


@asynccontextmanager
async def shown(
    game: Game, state: State, players: int, lang: str = "en"
) -> AsyncIterator[tuple[TableScreen, list[str]]]:
    """The table screen at 80x24 on `state`, and the board's lines (while the app runs)."""
    app, _ = app_at(game, state, players, 1)
    app.config.lang = lang
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        await pilot.pause(0.1)
        screen = app.table
        assert isinstance(screen, TableScreen)
        assert screen.snap is not None
        picture = screen.board.paint(screen.snap, lang)
        yield screen, [line.plain for line in getattr(picture, "lines", [])]


# -- names ----------------------------------------------------------------------------------------
async def test_boon_payments_name_the_players_in_victory_cards() -> None:
    game = get_game("boon")
    state = played_until(game, 4, 3, lambda s: s.view(0)["phase"] == "round_over"
                         and bool((s.view(0)["last_result"] or {}).get("transfers")))  # fmt: skip
    async with shown(game, state, 4) as (screen, lines):
        text = "\n".join(lines)
        assert "pays" in text and "victory card" in text, text
        # each payment on a line of its own, as the result says it (not run into one paragraph)
        assert any(re.match(r"\s*\S+ pays? \S+ \d+ victory cards?\.$", line) for line in lines), lines
        assert not DEFAULT_NAME.search(text) and "chip" not in text
        assert any(name in text for name in screen.snap.names[1:]) if screen.snap else False


async def test_bacan_moves_name_the_other_players() -> None:
    game = get_game("bacan")
    state = played_until(
        game,
        4,
        2,
        lambda s: (
            0 in s.actors()
            and any(
                s.action_to_json(a)["type"] in ("mirror_other", "spy", "give", "plus_one") for a in s.legal_actions(0)
            )
        ),
    )
    async with shown(game, state, 4) as (screen, _):
        assert screen.snap is not None
        named = [m.text for m in screen.snap.moves if m.data["type"] in ("mirror_other", "spy", "give", "plus_one")]
        assert named
        for text in named:
            assert not DEFAULT_NAME.search(text), text
            assert any(name in text for name in screen.snap.names[1:]), text


async def test_bacan_the_dealer_reads_you_deal() -> None:
    game = get_game("bacan")
    state = played_until(game, 3, 5, lambda s: s.view(0)["phase"] == "deal" and s.view(0)["dealer"] == 0)
    async with shown(game, state, 3) as (_, lines):
        text = "\n".join(lines)
        assert "You deal: how many to peek at?" in text, text
        assert "You deals" not in text


# -- what fits at 80x24 ---------------------------------------------------------------------------
async def test_the_keys_line_keeps_the_bots_pace() -> None:
    game = get_game("bacan")
    state = played_until(game, 4, 1, lambda s: 0 in s.required_actors() and s.view(0)["phase"] == "drawn"
                         and len(s.legal_actions(0)) > 8)  # fmt: skip
    async with shown(game, state, 4, lang="es") as (screen, _):
        keys = screen.query_one("#keys", Static).render()
        line = keys.plain if isinstance(keys, Text) else str(keys)
        assert "+/- bots" in line, line
        assert len(line) <= SIZE[0] - 2


def _late_buracco(seed: int) -> State:
    """Four players, both sides with many melds, the person to draw."""
    return played_until(get_game("buracco"), 4, seed, lambda s: 0 in s.required_actors()
                        and s.view(0)["phase"] == "draw" and min(len(m) for m in s.view(0)["melds"]) >= 5,
                        steps=200000)  # fmt: skip


async def test_buracco_shows_both_sides_melds() -> None:
    game = get_game("buracco")
    state = _late_buracco(3)
    async with shown(game, state, 4) as (screen, lines):
        assert screen.board.max_scroll_y == 0, "the board scrolls: part of the table is out of sight"
        assert len(lines) <= screen.board.scrollable_content_region.height
        view = state.view(0)
        side_two = next(i for i, line in enumerate(lines) if line.startswith("Side 2"))
        pozo = next(i for i, line in enumerate(lines) if line.startswith("Pozo"))
        assert pozo - side_two >= 2, "the second side's melds are missing"
        melds_two = "".join(lines[side_two + 1 : pozo])
        for meld in view["melds"][1]:
            first = meld["tiles"][0].partition("-")[2] if meld["tiles"][0] != "comodin" else "★"
            assert first in melds_two


async def test_buracco_two_digit_tiles_stand_apart() -> None:
    game = get_game("buracco")
    state = played_until(
        game,
        2,
        7,
        lambda s: any(
            sum(1 for t in m["tiles"] if re.search(r"-1[0-3]$", t)) >= 2 for side in s.view(0)["melds"] for m in side
        ),
    )
    async with shown(game, state, 2) as (_, lines):
        assert not any(re.search(r"1[0-3]\S1[0-3]", line) for line in lines), lines


async def test_five_rows_show_five_moves() -> None:
    """Nacho Loco's and WANTED's long move texts take one line each (cut with "…")."""
    for game_id, players, options in (("nacho-loco", 4, {}), ("wanted", 3, {"mode": "tiroteo"})):
        game = get_game(game_id)
        state = played_until(game, players, 2, lambda s: 0 in s.required_actors() and len(s.legal_actions(0)) >= 5,
                             options)  # fmt: skip
        async with shown(game, state, players) as (screen, _):
            listing = screen.query_one("#moves", OptionList)
            rows = listing.scrollable_content_region.height
            assert listing.virtual_size.height == listing.option_count, game_id  # one line a move
            assert min(rows, listing.option_count) >= 5, game_id


def test_one_shape_means_one_colour_in_every_game() -> None:
    """The terminal's cards: a shape names one colour whatever the game (Boon's blue is no red)."""
    shapes: dict[str, set[str]] = {}

    def seen(colour: str, label: str) -> None:
        for ch in label:
            if not ch.isalnum() and not ch.isspace():
                shapes.setdefault(ch, set()).add(colour)

    for face in ("azul-3", "verde-3", "rojo-3", "oro-3"):
        seen(face.partition("-")[0], boon_board.card_text(face)[0])
    for face in ("rojo-3", "negro-3", "azul-3", "amarillo-3"):
        seen(face.partition("-")[0], buracco_board.tile(face).plain)
    for face in ("rojo-3", "azul-3", "verde-3", "amarillo-3", "violeta-3"):
        seen(face.partition("-")[0], bacan_board.card_label(face)[0])
    for colour in ("rojo", "naranja", "amarillo", "verde", "azul", "marron"):
        seen(colour, nacho_board.SEGMENT_GLYPHS[colour])
    mixed = {shape: colours for shape, colours in shapes.items() if len(colours) > 1}
    assert not mixed, mixed


async def test_the_top_line_says_the_round_in_the_games_words() -> None:
    """WANTED plays deals and Buracco hands: the terminal's top line says so, as the browser's title."""
    for game_id, players, options, words in (
        ("wanted", 3, {"mode": "tiroteo"}, {"es": "Reparto 1", "en": "Deal 1"}),
        ("buracco", 2, {}, {"es": "Mano 1", "en": "Hand 1"}),
        ("boon", 3, {}, {"es": "Ronda 1", "en": "Round 1"}),
    ):
        game = get_game(game_id)
        state = game.new_match(players, 1, options)
        for lang, said in words.items():
            async with shown(game, state, players, lang) as (screen, _):
                assert screen.snap is not None
                top = screen._topline(screen.snap).plain
                assert f" · {said} · " in top, top
                assert game_id == "boon" or not re.search(r"\b(Ronda|Round)\b", top), top
