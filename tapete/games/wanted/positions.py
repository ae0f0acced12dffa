"""WANTED positions in the game's own words, and what makes a WANTED state wrong.

    from tapete.games.wanted.positions import position
    state = position(
        hands=[["A-picas", "7-corazones", "Q-treboles"], ["2-diamantes", "10-picas", "J-corazones"]],
        winners=[["K-picas"], []], face_down=[[], ["3-treboles"]],
        dice=[[6, 1], [2, 2], [5, 3]],
    )

Cards are named by face (`Game.card_face`). The builder makes positions of
a deal's commits (`phase="commit"`, every seat choosing at once) in any
mode: `hands`, the face-up `winners` and the `face_down` pile in front of
each seat, cards `out` of play, and the cards some seats already committed
this battle (`committed={seat: [faces]}`, one card, or a gang of three in
Pandillas). `dice` are the dice still face down for this deal's battles, the
next battle first: one list per battle with a die per seat in seat order
(three per seat in Pandillas, the seat's three together). Left out, they are
rolled from `seed`. The deck is the rest of the cards, shuffled by `seed`,
unless given (then every card must be placed).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine.positions import fresh, seat_list
from tapete.engine.validate import invalid

from . import GAME
from .checks import problems as problems
from .rules import COMMIT, GANG, WantedState


def position(
    hands: Sequence[Sequence[str]],
    *,
    winners: Sequence[Sequence[str]] | None = None,
    face_down: Sequence[Sequence[str]] | None = None,
    out: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    committed: Mapping[int, Sequence[str]] | None = None,
    dice: Sequence[Sequence[int]] | None = None,
    battles_won: Sequence[int] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> WantedState:
    """A checked WANTED state (InvalidState names what is wrong)."""
    n = len(hands)
    state, cards = fresh(GAME, n, options, seed)
    data = state.to_json()
    per = GANG if data["options"]["mode"] == "pandillas" else 1
    pending = [cards.take_all(faces) for faces in seat_list(committed, n, list, "committed")]
    held = [sorted(cards.take_all(hand)) for hand in hands]
    won_cards = [cards.take_all(pile) for pile in seat_list(winners, n, list, "winners")]
    lost = [cards.take_all(pile) for pile in seat_list(face_down, n, list, "face_down")]
    gone = cards.take_all(out)
    if any(len(p) > per for p in pending):
        raise invalid(
            f"Cada asiento compromete {per} carta(s) por batalla.", f"Each seat commits {per} card(s) a battle."
        )
    full = [len(p) == per for p in pending]
    if all(full):
        raise invalid(
            "Si todos han comprometido, la batalla ya se ha revelado: deja a alguien por elegir.",
            "With every seat committed the battle is already revealed: leave someone to choose.",
        )
    battles = data["battles"]
    if per == 1:
        left = {len(held[s]) + len(pending[s]) for s in range(n)}
        if len(left) != 1:
            raise invalid(
                "Todas las manos deben tener las mismas cartas por jugar.",
                "Every hand must have the same number of cards left to play.",
            )
        remaining = left.pop()
        if not 1 <= remaining <= battles:
            raise invalid(
                f"Quedan de 1 a {battles} batallas en un reparto.", f"A deal has 1 to {battles} battles left."
            )
    else:
        remaining = 1
    rolls = _rolls(dice, remaining, per * n) if dice is not None else data["rolls"][-remaining * per * n :]
    data.update(
        hands=held,
        pending=pending,
        winners=won_cards,
        face_down=lost,
        out=gone,
        deck=cards.rest(seed) if deck is None else cards.exactly(deck),
        rolls=rolls,
        battle=battles - remaining,
        won=list(seat_list(battles_won, n, 0, "battles_won"))
        if battles_won is not None
        else [len(w) for w in won_cards],
        actors=[s for s in range(n) if not full[s]],
        phase=COMMIT,
        last=None,
    )
    return GAME.state_from_json(data)  # type: ignore[return-value]


def _rolls(dice: Sequence[Sequence[int]], battles: int, per_battle: int) -> list[int]:
    """The state's face-down dice: the battles' dice, the next battle's last (used first)."""
    if len(dice) != battles or any(len(battle) != per_battle for battle in dice):
        raise invalid(
            f"Hacen falta {battles} tiradas de {per_battle} dados (una por batalla que queda).",
            f"{battles} rolls of {per_battle} dice are needed (one per battle left).",
        )
    if any(not (isinstance(d, int) and 1 <= d <= 6) for battle in dice for d in battle):
        raise invalid("Un dado marca de 1 a 6.", "A die shows 1 to 6.")
    return [d for battle in reversed(dice) for d in battle]
