"""Which seats a message names: the readers for whom "you" changes its words (`names_seat`)."""

from __future__ import annotations

from tapete.engine.words import (
    Card,
    Lines,
    Player,
    Players,
    Side,
    msg,
    named_mask,
    named_seats,
    names_seat,
)


def test_a_player_a_group_and_a_side_are_named_and_nothing_else() -> None:
    message = msg("x", p=Player(1), them=Players((3, 5)), card=Card("oros-7"), n=4, word="hola")
    assert [seat for seat in range(8) if names_seat(message, seat)] == [1, 3, 5]
    side = msg("y", side=Side(0))  # the partnership of the even seats
    assert [seat for seat in range(6) if names_seat(side, seat)] == [0, 2, 4]
    assert named_seats(message) == ({1, 3, 5}, set()) and named_seats(side) == (set(), {0})


def test_a_message_inside_a_message_or_in_lines_names_its_players_too() -> None:
    inner = msg("inner", p=Player(2))
    outer = msg("outer", why=inner, side=Side(1))
    assert [seat for seat in range(6) if names_seat(outer, seat)] == [1, 2, 3, 5]
    lines = Lines((msg("a", p=Player(0)), msg("b", card=Card("copas-1")), msg("c", p=Player(15))))
    assert [seat for seat in range(16) if names_seat(lines, seat)] == [0, 15]


def test_it_is_worked_out_once_and_kept_with_the_message() -> None:
    message = msg("x", p=Player(3))
    assert message.named is None
    assert named_mask(message) == 1 << 3
    assert message.named == 1 << 3  # kept: a number, no sets made again for each reader
    assert not names_seat(msg("nobody", card=Card("oros-1")), 0)
