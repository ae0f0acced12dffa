"""Driving the browser client: creating tables, reading the seat's state, playing through the board."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Page = Any
STATE = "window.tapeteState"

# Surnames to tell one test's person from another's: a name is one identity's on a server (the shared
# test server of tests/web), and a name another identity holds, or one that reads like it, is refused.
SURNAMES = (
    "Gil", "Paz", "Rey", "Mas", "Sanz", "Vila", "Roca", "Mora", "Soto", "Vega", "Ruiz", "Cano", "Pons",
    "Font", "Prat", "Luna", "Toro", "Lago", "Sala", "Cruz", "Polo", "Puig", "Coll", "Bosch", "Ferrer",
    "Nadal", "Ortiz", "Rubio", "Navas", "Pardo", "Marin", "Serra", "Llull", "Costa", "Rojas", "Campos",
)  # fmt: skip
_given: dict[str, int] = {}


def own_name(first: str) -> str:
    """A name of the test's own, still a person's: "Ana" is "Ana Gil", then "Ana Paz", … in this
    process (each process of a run has its own server); beyond the surnames, a number after them."""
    n = _given.get(first, 0)
    _given[first] = n + 1
    surname = SURNAMES[n % len(SURNAMES)]
    return f"{first} {surname}" if n < len(SURNAMES) else f"{first} {surname} {n // len(SURNAMES) + 1}"


# Three-letter names, for the tests that measure a table at its fullest with a name as short as "Ana"
# (a longer one is a test of its own: a name's length moves the layout).
SHORT_NAMES = (
    "Ada", "Eva", "Isa", "Noa", "Lia", "Mia", "Pia", "Zoe", "Ema", "Ina", "Oda", "Uma", "Ava", "Ona",
    "Tea", "Lea", "Bea", "Rut", "Sol", "Luz", "Eli", "Ely", "Ivy", "Amy", "Fay", "Gal", "Kai", "Max",
)  # fmt: skip
_short = iter(SHORT_NAMES)


def own_short_name() -> str:
    """A three-letter name of the test's own ("Ada", then "Eva", …; beyond them, a longer own_name)."""
    return next(_short, None) or own_name("Ana")


def state(page: Page) -> dict[str, Any]:
    found: dict[str, Any] | None = page.evaluate(STATE)
    assert found is not None, "the table has not received a state yet"
    return found


def wait_until(
    page: Page, check: Callable[[dict[str, Any]], bool], timeout: float = 20.0, what: str = ""
) -> dict[str, Any]:
    end = time.monotonic() + timeout
    current: dict[str, Any] | None = None
    while time.monotonic() < end:
        current = page.evaluate(STATE)
        if current is not None and check(current):
            return current
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what or 'a state'}; last state: {json.dumps(current)[:1500]}")


def my_turn(s: dict[str, Any]) -> bool:
    return s["seat"] in s["required"] and bool(s["legal"])


def create_table(
    page: Page,
    game: str,
    *,
    players: int | None = None,
    seats: dict[int, str] | None = None,
    options: dict[str, Any] | None = None,
    table_options: dict[str, Any] | None = None,
    name: str | None = None,
    public: bool | None = None,
) -> str:
    """Fill the new-table form (options, seats, table options, listed or private) and create;
    return the table id."""
    page.goto(f"/#/new/{game}")
    page.wait_for_selector("[data-testid=new-table]")
    if name is not None:
        page.fill("[data-testid=player-name]", name)
    # an option the form shows only with others' values (its only_when: WANTED's deals in Pandillas)
    # is set once those are: options present now first, then the rest, each only if it is shown
    pending = dict(options or {})
    for _ in range(2):
        for key, value in list(pending.items()):
            if page.locator(f"[data-option={key}]").count():
                set_field(page, f"[data-option={key}]", value)
                del pending[key]
    assert all(key in hidden_options(page, game) for key in pending), f"options missing from the form: {pending}"
    if players is not None:
        page.select_option("[data-testid=players]", str(players))
    for seat, kind in (seats or {}).items():
        page.select_option(f"[data-seat-type='{seat}']", kind)
    if table_options or public is not None:
        if not page.eval_on_selector("form details", "d => d.open"):
            page.click("form details summary")
        for key, value in (table_options or {}).items():
            if page.locator(f"#topt-{key}").count() == 0:
                # the form shows only the table options that apply to the game (its table_options_off)
                assert key in off_table_options(page, game), f"table option {key} is missing from the form"
                continue
            set_field(page, f"#topt-{key}", value)
        if public is not None:
            page.set_checked("#public", public)
    page.click("[data-testid=create]")
    page.wait_for_url(re.compile(r"#/table/"))
    table_id: str = page.url.rsplit("/", 1)[-1]
    return table_id


def hidden_options(page: Page, game: str) -> set[str]:
    """The game's options the form does not show with the chosen values (their `only_when`)."""
    hidden: list[str] = page.evaluate(
        """async (game) => (await (await fetch("/api/games")).json()).games
             .find((g) => g.id === game).options.filter((o) => o.only_when).map((o) => o.key)""",
        game,
    )
    return set(hidden)


def off_table_options(page: Page, game: str) -> dict[str, Any]:
    """The table options that do not apply to a game, as /api/games says."""
    off: dict[str, Any] = page.evaluate(
        """async (game) => (await (await fetch("/api/games")).json()).games
             .find((g) => g.id === game).client.table_options_off""",
        game,
    )
    return off


def set_field(page: Page, selector: str, value: Any) -> None:
    tag = page.eval_on_selector(selector, "el => el.tagName + ':' + (el.type || '')")
    if tag.startswith("SELECT"):
        page.select_option(selector, str(value))
    elif tag.endswith("checkbox"):
        page.set_checked(selector, bool(value))
    else:
        page.fill(selector, str(value))


def tap(page: Page, testid: str) -> None:
    page.click(f"[data-testid='{testid}']")


def click_move(page: Page, action: dict[str, Any]) -> None:
    """Play `action` from the Moves tab (the list of every legal move)."""
    s = state(page)
    index = next(e["index"] for e in s["legal"] if e["action"] == action)
    page.click("[data-tab=moves]")
    page.click(f".moves [data-index='{index}']")


def legal_types(s: dict[str, Any]) -> set[str]:
    return {e["action"]["type"] for e in s["legal"]}


def has(s: dict[str, Any], action: dict[str, Any]) -> bool:
    return any(e["action"] == action for e in s["legal"])


def shoot(page: Page, folder: Path, name: str, viewports: dict[str, dict[str, int]]) -> list[Path]:
    """Screenshots of the page at every size (the layout is redrawn in between)."""
    out = []
    for label, size in viewports.items():
        page.set_viewport_size(size)
        time.sleep(1.0)  # let flips, dice and flying cards land
        path = folder / f"{name}-{label}.png"
        page.screenshot(path=str(path), full_page=False)
        out.append(path)
    return out


LEFTOVERS_JS = (Path(__file__).parent / "leftovers.js").read_text(encoding="utf-8")


def spanish_leftovers(page: Page) -> list[str]:
    """Spanish UI strings (from the client's own table of texts) still visible on the page."""
    found: list[str] = page.evaluate(LEFTOVERS_JS)
    return found


def wait_js(page: Page, expression: str, timeout: float = 20.0) -> None:
    """Wait until a JavaScript expression is true on the page.

    Playwright's wait_for_function compiles its predicate with eval inside the
    page, which the server's Content-Security-Policy (script-src 'self', no
    'unsafe-eval') forbids; page.evaluate goes through the DevTools protocol,
    which the policy does not govern, so the pages are tested under their real policy.
    """
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"still false after {timeout} s: {expression}"
        page.wait_for_timeout(50)
