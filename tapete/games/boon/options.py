"""Boon options (house rules) with the rulebook's defaults.

BOO-9: the payout table is an option. It is written as six whole numbers,
one per band, in the order the bands are checked: taker won every trick,
taker 91+, 61-90, 31-60, 30 or less, taker won no trick. Each number is the
victory cards settled between the taker and *each* defender: positive means
the defender gives them to the taker, negative means the taker gives them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tapete.engine import BadOption, option

DEFAULT_PAYOUTS = "3,2,1,-1,-2,-3"
BANDS = 6
MAX_PAYOUT = 10


def parse_payouts(text: str) -> tuple[int, ...]:
    """The six band amounts of a payout table; BadOption names BOO-9 otherwise."""
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    try:
        values = tuple(int(p) for p in parts)
    except ValueError:
        values = ()
    if len(values) != BANDS or any(abs(v) > MAX_PAYOUT for v in values):
        raise BadOption(
            f"BOO-9: la tabla de pagos son 6 enteros entre -{MAX_PAYOUT} y {MAX_PAYOUT} separados por comas "
            f"(todas las bazas, 91+, 61-90, 31-60, 30 o menos, ninguna baza), no {text!r}.",
            f"BOO-9: the payout table is 6 integers between -{MAX_PAYOUT} and {MAX_PAYOUT} separated by commas "
            f"(every trick, 91+, 61-90, 31-60, 30 or less, no trick), not {text!r}.",
            rule="BOO-9",
        )
    return values


@dataclass(frozen=True)
class Options:
    payouts: str = option(
        DEFAULT_PAYOUTS,
        es="Tabla de pagos (BOO-9)",
        en="Payout table (BOO-9)",
        help_es=(
            "Cartas de victoria entre el solitario y cada defensor, por franja: todas las bazas, 91+, 61-90, "
            "31-60, 30 o menos, ninguna baza. Positivo: paga el defensor; negativo: paga el solitario."
        ),
        help_en=(
            "Victory cards between the taker and each defender, by band: every trick, 91+, 61-90, 31-60, "
            "30 or less, no trick. Positive: the defender pays; negative: the taker pays."
        ),
    )

    def __post_init__(self) -> None:
        # Validated once; kept beside the fields (not one of them) for the hot paths.
        object.__setattr__(self, "_payout_table", parse_payouts(self.payouts))

    @property
    def payout_table(self) -> tuple[int, ...]:
        table: tuple[int, ...] = self.__dict__["_payout_table"]
        return table
