"""The meld module alone: runs, piernas, wilds, relocation, canastas (BUR-6..BUR-12)."""

from __future__ import annotations

import itertools
import random

import pytest

from tapete.games.buracco.cards import FACE_TO_ID, FACES, NUM_FACES, NUM_TILES
from tapete.games.buracco.melds import HIGH, LOW, RUN, SET, Meld, build, build_options
from tapete.games.buracco.rack import RackInfo, Staged, candidate_melds, completable, completable_with, meldable_faces


def ids(*tokens: str) -> list[int]:
    """Distinct tile ids for faces (second copy of a face gets the odd id)."""
    out: list[int] = []
    for tok in tokens:
        base = FACE_TO_ID[tok] * 2
        out.append(base + 1 if base in out else base)
    return out


def meld(*tokens: str, high: bool = False) -> Meld:
    m = build(ids(*tokens), wild_high=high)
    assert m is not None, tokens
    return m


def names(m: Meld) -> list[str]:
    return [FACES[f] for f in m.faces]


def add(m: Meld, token: str, end: int = LOW, copy: int = 1) -> Meld:
    face = FACE_TO_ID[token]
    assert m.can_add(face, end), (m, token, end)
    return m.extend(face * 2 + copy, end)


# -- BUR-6 runs -------------------------------------------------------------------------
def test_bur6_run_of_one_colour_in_order() -> None:
    m = meld("rojo-5", "rojo-3", "rojo-4")
    assert m.kind == RUN and names(m) == ["rojo-3", "rojo-4", "rojo-5"] and (m.lo, m.hi) == (3, 5)
    assert build(ids("rojo-3", "rojo-4", "azul-5")) is None  # two colours
    assert build(ids("rojo-3", "rojo-5", "rojo-7")) is None  # not consecutive


def test_bur6_the_one_is_low_or_high_but_no_wrapping() -> None:
    low = meld("azul-1", "azul-2", "azul-3")
    assert (low.lo, low.hi) == (1, 3) and low.is_pure()  # the azul 2 is natural here
    high = meld("azul-12", "azul-13", "azul-1")
    assert (high.lo, high.hi) == (12, 14) and names(high) == ["azul-12", "azul-13", "azul-1"]
    assert build(ids("azul-13", "azul-1", "negro-5")) is None
    assert build(ids("azul-13", "azul-1", "azul-3")) is None  # 13-1-2 would wrap: no
    assert build(ids("azul-12", "azul-13", "azul-1", "azul-3")) is None
    # a 2 after the high 1 is no natural 2: it can only be the wild, here the 11
    wrapped = meld("azul-12", "azul-13", "azul-1", "azul-2")
    assert wrapped.wild_rank() == 11 and not wrapped.is_pure()


def test_bur6_fourteen_tile_run_one_to_thirteen_to_one() -> None:
    tokens = ["negro-1", *(f"negro-{n}" for n in range(2, 14)), "negro-1"]
    m = meld(*tokens)
    assert len(m.tiles) == 14 and (m.lo, m.hi) == (1, 14) and m.is_pure()
    # extending a 1..13 run with the other 1 at the top
    m13 = meld(*tokens[:13])
    assert m13.can_add(FACE_TO_ID["negro-1"], HIGH)
    assert add(m13, "negro-1", HIGH).hi == 14
    # a full 1..14 run takes nothing more
    assert m.options() == ()


def test_bur6_run_needs_three_tiles() -> None:
    assert build(ids("rojo-3", "rojo-4")) is None
    assert build(ids("rojo-3", "comodin")) is None


# -- BUR-7 piernas -------------------------------------------------------------------------
def test_bur7_pierna_any_colours_duplicates_no_upper_size() -> None:
    m = meld("rojo-5", "azul-5", "azul-5")
    assert m.kind == SET and m.key == 5 and m.is_pure()
    big = m
    for tok in ("negro-5", "negro-5", "rojo-5", "amarillo-5", "amarillo-5"):
        big = add(big, tok)
    assert len(big.tiles) == 8 and big.is_canasta() and big.is_pure()
    assert build(ids("rojo-5", "azul-6", "azul-5")) is None


# -- BUR-8 one wild ---------------------------------------------------------------------------
def test_bur8_at_most_one_wild_per_meld() -> None:
    assert build(ids("rojo-9", "comodin", "negro-2")) is None  # pierna with two wilds
    assert build(ids("rojo-9", "rojo-10", "comodin", "negro-2")) is None  # run with two wilds
    p = meld("rojo-9", "azul-9", "comodin")
    assert p.kind == SET and p.wild == 2
    assert not p.can_add(FACE_TO_ID["negro-2"], LOW)
    r = meld("rojo-9", "rojo-10", "comodin")
    assert r.wild >= 0
    assert not any(r.can_add(FACE_TO_ID["comodin"], end) for end in (LOW, HIGH))


# -- BUR-9 the 2 ------------------------------------------------------------------------------
def test_bur9_two_is_natural_only_at_rank_two_of_its_colour() -> None:
    natural = meld("amarillo-2", "amarillo-3", "amarillo-4")
    assert natural.is_pure()
    wrong_colour = meld("rojo-2", "amarillo-3", "amarillo-4")
    assert wrong_colour.wild == 0 and not wrong_colour.is_pure()  # stands for the amarillo 2
    elsewhere = meld("amarillo-2", "amarillo-5", "amarillo-6")
    assert not elsewhere.is_pure()  # no natural 2 without the 3 and 4: it is a wild
    assert build(ids("rojo-2", "azul-2", "negro-2")) is None  # no pierna of 2s
    assert build(ids("rojo-2", "rojo-2", "comodin")) is None


def test_bur9_run_with_natural_two_may_also_hold_a_wild() -> None:
    m = meld("azul-2", "azul-3", "azul-4", "comodin")
    assert m.faces[1] == FACE_TO_ID["azul-2"] or m.faces[0] == FACE_TO_ID["azul-2"]
    assert not m.is_pure() and len(m.tiles) == 4
    two_twos = meld("azul-2", "azul-2", "azul-3", "azul-4")
    # one 2 natural at rank 2, the other the run's single wild
    assert not two_twos.is_pure() and two_twos.faces.count(FACE_TO_ID["azul-2"]) == 2


def test_bur9_the_natural_two_can_extend_the_run_downwards() -> None:
    m = meld("negro-3", "negro-4", "negro-5", "comodin", high=True)  # comodín as 6
    assert m.hi == 6 and m.wild == 3
    grown = add(m, "negro-2", LOW)
    assert grown.lo == 2 and grown.wild == 4  # the 2 is natural: still one wild


# -- BUR-10 canastas ----------------------------------------------------------------------------
def test_bur10_canasta_pura_and_impura() -> None:
    pure = meld(*(f"rojo-{n}" for n in range(2, 9)))
    assert pure.is_canasta() and pure.is_pure()  # the natural 2 keeps it pura
    dirty = meld(*(f"rojo-{n}" for n in range(3, 9)), "comodin")
    assert dirty.is_canasta() and not dirty.is_pure()
    six = meld(*(f"rojo-{n}" for n in range(3, 9)))
    assert not six.is_canasta()


# -- BUR-11 the meld grows by the ends -------------------------------------------------------------
def test_bur11_extend_runs_at_either_end_and_piernas() -> None:
    m = meld("azul-5", "azul-6", "azul-7")
    assert add(m, "azul-4", LOW).lo == 4
    assert add(m, "azul-8", HIGH).hi == 8
    assert not m.can_add(FACE_TO_ID["azul-9"], HIGH)
    assert not m.can_add(FACE_TO_ID["azul-8"], LOW)  # the 8 goes high
    with_wild = add(m, "negro-2", HIGH)
    assert with_wild.hi == 8 and with_wild.wild == 3


def test_bur11_the_one_on_a_two_to_thirteen_run_goes_either_end() -> None:
    m = meld(*(f"rojo-{n}" for n in range(2, 14)))
    assert add(m, "rojo-1", LOW).lo == 1
    assert add(m, "rojo-1", HIGH).hi == 14


# -- BUR-12 relocating the wild -------------------------------------------------------------------
def test_bur12_natural_tile_moves_the_wild_to_a_free_end() -> None:
    m = build(ids("rojo-4", "comodin", "rojo-6"))  # comodín stands for the 5
    assert m is not None and m.wild_rank() == 5
    low = add(m, "rojo-5", LOW)
    assert names(low) == ["comodin", "rojo-4", "rojo-5", "rojo-6"] and low.wild_rank() == 3
    high = add(m, "rojo-5", HIGH)
    assert names(high) == ["rojo-4", "rojo-5", "rojo-6", "comodin"] and high.wild_rank() == 7
    assert not low.is_pure() and not high.is_pure()  # stays impura


def test_bur12_the_two_of_the_colour_becomes_natural_and_the_run_pura() -> None:
    # 3-4-[2 as 5]-6 azul + 5 azul -> 2-3-4-5-6 azul
    m = build(ids("azul-3", "azul-4", "azul-2", "azul-6"))
    assert m is not None and names(m) == ["azul-3", "azul-4", "azul-2", "azul-6"] and m.wild == 2
    pure = add(m, "azul-5", LOW)
    assert names(pure) == ["azul-2", "azul-3", "azul-4", "azul-5", "azul-6"] and pure.is_pure()
    other_end = add(m, "azul-5", HIGH)
    assert names(other_end)[-1] == "azul-2" and not other_end.is_pure()


def test_bur12_no_free_end_no_placement() -> None:
    tokens = [f"amarillo-{n}" for n in range(1, 14)]
    tokens[6] = "comodin"  # the comodín stands for the 7 of a 1..13 run
    m = build(ids(*tokens))
    assert m is not None and (m.lo, m.hi) == (1, 13) and m.wild_rank() == 7
    seven = FACE_TO_ID["amarillo-7"]
    assert m.can_add(seven, HIGH) and not m.can_add(seven, LOW)  # only the 14 is free
    full = add(m, "amarillo-1", HIGH)  # now 1..14: no free end
    assert (full.lo, full.hi) == (1, 14)
    assert not full.can_add(seven, LOW) and not full.can_add(seven, HIGH)


def test_bur12_wild_in_a_pierna_stays() -> None:
    p = meld("negro-8", "rojo-8", "comodin")
    grown = add(p, "azul-8")
    assert grown.faces.count(FACE_TO_ID["comodin"]) == 1 and grown.wild == 2 and not grown.is_pure()


def test_bur12_commit_choice_of_the_free_wild_end() -> None:
    low, high = build_options(ids("rojo-7", "rojo-8", "comodin"))
    assert low is not None and high is not None
    assert low.wild_rank() == 6 and high.wild_rank() == 9
    forced, none = build_options(ids("rojo-7", "comodin", "rojo-9"))
    assert forced is not None and forced.wild_rank() == 8 and none is None
    top, none = build_options(ids("rojo-12", "rojo-13", "rojo-1", "comodin"))
    assert top is not None and top.wild_rank() == 11 and none is None


# -- what a rack can still make -------------------------------------------------------------------
def _brute_completable(pending: list[int], rack: list[int]) -> bool:
    rest = list(rack)
    for f in pending:
        rest.remove(f)
    for size in range(0, len(rest) + 1):
        for extra in set(itertools.combinations(sorted(rest), size)):
            group = [*pending, *extra]
            if len(group) >= 3:
                tokens = [FACES[f] for f in group]
                if build(ids(*tokens)) is not None:
                    return True
    return False


def test_completable_matches_brute_force() -> None:
    """The step-by-step lay-down offers exactly the tiles that can still
    end in a valid meld (checked against trying every sub-rack)."""
    rng = random.Random(5)
    checked = 0
    while checked < 250:
        colour = rng.randrange(4)
        pool = [colour * 13 + n for n in range(13)] * 2 + [52, 52, 1, 14, 27, 40] + rng.sample(range(52), 8)
        rack = rng.sample(pool, rng.randrange(3, 8))
        counts = [rack.count(f) for f in range(NUM_FACES)]
        if max(counts) > 2:
            continue
        info = RackInfo.of_counts(counts)
        offered = meldable_faces(info)
        for f in set(rack):
            assert (f in offered) == _brute_completable([f], rack), (rack, f)
            assert completable([f], info) == (f in offered)
        pending = rng.sample(rack, 2)
        assert completable(pending, info) == _brute_completable(pending, rack), (rack, pending)
        checked += 1


def test_candidate_melds_are_valid() -> None:
    rng = random.Random(8)
    for _ in range(200):
        rack = rng.sample([f for f in range(NUM_FACES) for _ in range(2)], 14)
        counts = [rack.count(f) for f in range(NUM_FACES)]
        for faces in candidate_melds(counts):
            assert build(ids(*(FACES[f] for f in faces))) is not None, faces


@pytest.mark.parametrize("tokens", [("rojo-3", "rojo-4", "rojo-5"), ("azul-9", "negro-9", "comodin")])
def test_meld_json_round_trip(tokens: tuple[str, ...]) -> None:
    m = meld(*tokens)
    assert Meld.from_json(m.to_json()) == m


def test_completable_with_is_completable_of_the_staged_faces_and_one_more() -> None:
    """The meld phase's incremental reading of staged tiles answers as `completable` does."""
    rng = random.Random(5)
    for _ in range(3000):
        tiles = rng.sample(range(NUM_TILES), rng.randrange(3, 30))
        info = RackInfo.of_tiles(tiles)
        faces = [t >> 1 for t in tiles]
        staged = rng.sample(faces, rng.randrange(1, min(5, len(faces) - 1) + 1))
        summary = Staged(staged)
        for face in set(faces):
            pending = sorted([*staged, face])
            if info.counts[face] > staged.count(face):
                assert completable_with(summary, face, pending, info) == completable(pending, info), (staged, face)
