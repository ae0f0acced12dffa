"""Every legal move has a key: over seeded random matches of every game, at
every decision the person faces, each legal move is played by some short
sequence of board keys (the terminal's own input model, `key_paths`), never
only by scrolling the list. The matches must offer every kind of move of the
game's action space at least once, so no kind goes unchecked."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tapete.engine import Game, State
from tapete.games import game_ids, get_game
from tapete.tui.boards import key_paths
from tapete.tui.games import board_type
from tapete.tui.games.buracco import RACK_LETTERS, BuraccoBoard
from tapete.tui.match import Move, Snapshot
from tests.game_settings import every

MATCHES = 4
MAX_STEPS = 1500
# Options (and player counts besides the fewest and the most) that bring in moves the
# defaults never offer: each game's own (its KEY_OPTION_SETS: WANTED's gangs and their tied
# discards, Bacan's other comodín rule).
OPTION_SETS: dict[str, list[tuple[dict[str, Any], tuple[int, ...]]]] = {
    g: c.KEY_OPTION_SETS for g, c in every().items()
}
# Random players rarely end a round early, so rounds are long enough for every power and meld.
RARE = {"call_bacan": 0.03, "pass": 0.2, "end_hand": 0.2}


def snapshot(state: State, seat: int) -> Snapshot:
    legal = state.legal_actions(seat)
    moves = [Move(a, state.action_to_json(a), "", state.is_reaction(seat, a)) for a in legal]
    names = [f"P{s}" for s in range(state.num_players)]
    return Snapshot(state.view(seat), seat, names, moves, state.actors(), state.required_actors(), False, None, False)


def pick(state: State, seat: int, rng: random.Random) -> int:
    legal = state.legal_actions(seat)
    weights = [RARE.get(state.action_to_json(a)["type"], 1.0) for a in legal]
    return rng.choices(legal, weights)[0]


def play_and_check(game: Game, players: int, seed: int, options: dict[str, Any], seen: set[str]) -> list[str]:
    """Moves of seat 0 no key sequence plays, over one random match (described for the failure)."""
    rng = random.Random(seed)
    state = game.new_match(players, seed, options)
    board = board_type(game.id)(game)
    depth = max(4, 2 + players // 2)  # rows both ways (Bacan), a power, a slot
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            break
        actors = state.actors()
        if 0 in actors:
            snap = snapshot(state, 0)
            board.show(snap, "es")
            paths = key_paths(board, snap, depth)
            seen.update(m.data["type"] for m in snap.moves)
            missing = [f"{snap.view.get('phase')}: {m.data}" for m in snap.moves if m.action not in paths]
            if missing:
                return missing
        seat = rng.choice(actors)
        state.apply(seat, pick(state, seat, rng))
    return []


@pytest.mark.parametrize("game_id", game_ids())
def test_every_legal_move_has_a_key(game_id: str) -> None:
    game = get_game(game_id)
    seen: set[str] = set()
    kinds: set[str] = set()
    for options, counts in OPTION_SETS.get(game_id, [({}, ())]):
        allowed = game.allowed_players(game.parse_options(options))
        for players in sorted({min(allowed), max(allowed), *counts}):
            sample = game.new_match(players, 0, options)
            kinds |= {sample.action_to_json(a)["type"] for a in range(sample.num_actions())}
            for seed in range(MATCHES):
                missing = play_and_check(game, players, seed, options, seen)
                assert not missing, f"{game_id} {options} {players}p seed {seed}: no key for {missing[:5]}"
    assert seen == kinds, f"never offered to the person, so never checked: {sorted(kinds - seen)}"


def test_buracco_tile_letters_stay_put_while_staging() -> None:
    """Staging tiles one by one leaves every other tile under its letter; a
    cancel puts the tiles back under the letters they had."""
    game = get_game("buracco")
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_match(2, seed)
        board = BuraccoBoard(game)
        for _ in range(MAX_STEPS):
            if state.is_terminal() or checked >= 3:
                break
            stages = [a for a in state.legal_actions(0) if state.action_to_json(a)["type"] == "stage"]
            if 0 in state.actors() and state.view(0)["phase"] == "meld" and len(stages) >= 2:
                board.show(snapshot(state, 0), "es")
                before = list(board._letters)
                for _ in range(2):  # two picks by their letters
                    snap = snapshot(state, 0)
                    board.show(snap, "es")
                    letters = {k: a for k, a in board.shortcuts(snap).items() if k.isalpha()}
                    key, action = next(iter(letters.items()))
                    state.apply(0, action)
                    board.show(snapshot(state, 0), "es")
                    staged = RACK_LETTERS.index(key)
                    assert board._letters[staged] is None  # a gap where the staged tile was
                    assert all(before[i] == f for i, f in enumerate(board._letters) if f is not None)
                cancel = [a for a in state.legal_actions(0) if state.action_to_json(a)["type"] == "cancel"]
                if cancel:
                    state.apply(0, cancel[0])
                    board.show(snapshot(state, 0), "es")
                    assert board._letters == before
                checked += 1
                continue
            seat = rng.choice(state.actors())
            state.apply(seat, pick(state, seat, rng))
    assert checked >= 3


@pytest.mark.parametrize(("game_id", "kind"), [("bacan", "call_bacan"), ("buracco", "end_hand")])
def test_enter_asks_before_a_move_that_ends_the_round(game_id: str, kind: str) -> None:
    """The list's Enter only arms these (the screen plays them on a second Enter);
    no other move of the game asks."""
    game = get_game(game_id)
    board = board_type(game_id)(game)
    state = game.new_match(2, 0)
    data = next(state.action_to_json(a) for a in range(state.num_actions()) if state.action_to_json(a)["type"] == kind)
    assert board.confirmation(Move(0, data, "", False), "es")
    assert board.confirmation(Move(0, data, "", False), "en")
    others = {state.action_to_json(a)["type"]: state.action_to_json(a) for a in range(state.num_actions())}
    assert [k for k, d in others.items() if board.confirmation(Move(0, d, "", False), "es")] == [kind]


async def test_the_board_shows_the_choice_a_key_made() -> None:
    """After space and a tile's letter (Buracco, adding to a meld) the board on
    screen is the board of that choice: trying keys for the move list's key
    column must not leave another choice painted."""
    from tapete.tui.boards import Canvas
    from tapete.tui.screen import TableScreen

    from .helpers import wait_for
    from .test_fit import app_at

    game = get_game("buracco")
    state, seed = None, 0
    for seed in range(30):
        rng, state = random.Random(seed), game.new_match(4, seed)
        for _ in range(MAX_STEPS):
            if state.is_terminal() or (
                0 in state.actors() and any(state.action_to_json(a)["type"] == "extend" for a in state.legal_actions(0))
            ):
                break
            actor = rng.choice(state.actors())
            state.apply(actor, pick(state, actor, rng))
        if not state.is_terminal():
            break
    assert state is not None and not state.is_terminal()
    app, _ = app_at(game, state, 4, seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app.table.snap is not None)
        screen = app.table
        assert isinstance(screen, TableScreen)
        board = screen.board
        assert isinstance(board, BuraccoBoard)
        await pilot.press("space")
        await pilot.pause()
        letter = RACK_LETTERS[min(board._usable(screen.snap))]  # type: ignore[arg-type]
        await pilot.press(letter)
        await pilot.pause()
        assert board.key_state()[1] is not None  # type: ignore[index]
        painted = board.paint(screen.snap, "es")  # type: ignore[arg-type]
        assert str(board.query_one("#board-body", Canvas).render()) == painted.text().plain  # type: ignore[union-attr]


def test_wanted_cards_keep_their_digits_while_a_gang_is_picked() -> None:
    """Pandillas: three picks one by one; after each, every card left keeps its digit."""
    from tapete.tui.games.wanted import WantedBoard

    game = get_game("wanted")
    state = game.new_match(3, 4, {"mode": "pandillas"})
    board = WantedBoard(game)
    while 0 not in state.actors():
        state.apply(state.actors()[0], state.legal_actions(state.actors()[0])[0])
    for _ in range(2):
        snap = snapshot(state, 0)
        board.show(snap, "es")
        digits = {k: state.action_to_json(a)["card"] for k, a in board.shortcuts(snap).items()}
        picked = sorted(digits)[len(digits) // 2]  # a card from the middle of the hand
        state.apply(0, board.shortcuts(snap)[picked])
        after = snapshot(state, 0)
        board.show(after, "es")
        now = {k: state.action_to_json(a)["card"] for k, a in board.shortcuts(after).items()}
        assert picked not in now
        assert now == {k: card for k, card in digits.items() if k != picked}


def test_boon_cards_keep_their_digits_while_the_taker_buries() -> None:
    """The taker buries one card at a time; after each, every card left keeps its digit."""
    from tapete.tui.games.boon import BoonBoard

    game = get_game("boon")
    board = BoonBoard(game)
    for seed in range(40):
        state, rng = game.new_match(4, seed), random.Random(seed)
        for _ in range(200):  # play until the person takes the Boon and buries (others pass)
            if 0 in state.actors():
                kinds = {state.action_to_json(a)["type"]: a for a in state.legal_actions(0)}
                if "bury" in kinds or "take" in kinds or "deal" in kinds:
                    if "bury" in kinds:
                        break
                    state.apply(0, kinds.get("take", kinds.get("deal", 0)))
                    continue
            seat = rng.choice(state.actors())
            legal = state.legal_actions(seat)
            passes = [a for a in legal if state.action_to_json(a)["type"] == "pass"]
            state.apply(seat, (passes or legal)[0])
        if any(state.action_to_json(a)["type"] == "bury" for a in state.legal_actions(0)):
            break
    snap = snapshot(state, 0)
    board.show(snap, "es")
    for _ in range(2):
        digits = {k: state.action_to_json(a)["card"] for k, a in board.shortcuts(snap).items()}
        picked = sorted(digits)[len(digits) // 2]
        state.apply(0, board.shortcuts(snap)[picked])
        snap = snapshot(state, 0)
        if not any(m.data["type"] == "bury" for m in snap.moves):
            break
        board.show(snap, "es")
        now = {k: state.action_to_json(a)["card"] for k, a in board.shortcuts(snap).items()}
        assert now == {k: card for k, card in digits.items() if k != picked}
    else:
        return
    raise AssertionError("the taker buried a single card: nothing to check")
