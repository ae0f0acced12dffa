"""`tapete play GAME --plain`: the Rich prompt loop against bots, you at seat 0.
The table core decides each race (`tapete.engine.turns`), as everywhere."""

from __future__ import annotations

import random

from rich.prompt import Prompt

from tapete.engine import Observation, visible_events
from tapete.engine.turns import REACTION_WINDOW_S, deliver, first_to_land
from tapete.sim.runner import seat_bots

from .options import parse_option_pairs, pick_game, pick_players
from .output import console


def play_plain(
    game_id: str, players: int | None, bots: str, seed: int | None, option: list[str] | None, lang: str
) -> None:
    """The plain Rich prompt loop (`tapete play GAME --plain`; you are seat 0)."""
    game = pick_game(game_id, lang)
    options = parse_option_pairs(game, option, lang)
    n = pick_players(game, players, options, lang)
    seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    state = game.new_match(n, seed, options)
    others = seat_bots(game, ["random"] + [bots] * (n - 1), seed)
    for seat, bot in enumerate(others):
        bot.start(seat, n, state.options)
    human = 0
    while not state.is_terminal():
        actors = state.actors()
        proposals: list[tuple[int, int, float]] = []  # (seat, action, simulated arrival)
        for seat in actors:
            if seat == human:
                continue
            d = others[seat].decide(Observation(state, seat))
            if d is not None:
                proposals.append((seat, d.action, d.delay))
        if human in actors:
            console.rule()
            console.print(game.render_text(state.view(human), lang))
            legal = state.legal_actions(human)
            optional = human not in state.required_actors()
            for i, a in enumerate(legal, 1):
                console.print(f"  [bold]{i}[/bold]. {game.describe_action(state, a, lang)}")
            prompt = "Elige / choose" + (" (Enter = pasar / pass)" if optional else "")
            answer = Prompt.ask(prompt, default="" if optional else None, console=console) or ""
            if answer.strip().isdigit() and 1 <= int(answer) <= len(legal):
                proposals.insert(0, (human, legal[int(answer) - 1], 0.0))  # you answer before any bot
            elif not optional:
                console.print("[red]Número no válido / invalid number[/red]")
                continue
        # the table core's race rule: a required seat's own move waits out the reaction window
        best = first_to_land(state, proposals, REACTION_WINDOW_S)
        if best is None:
            continue
        events = state.apply(best[0], best[1])
        deliver(events, others)
        for event in visible_events(events, human):
            console.print(f"[dim]·[/dim] {game.describe_event(event, lang)}")
    console.rule()
    console.print(game.render_text(state.view(human), lang))
    outcome = state.outcome()
    console.print(f"[bold]Ganadores / winners:[/bold] {', '.join(str(w) for w in outcome.winners)}")
