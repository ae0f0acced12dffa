"""`tapete replay FILE --step` at a terminal: a match record stepped through with keys.

→ / n / space: next action · ← / p: previous · PgDn / PgUp: ten · Home / End:
start / end · ] / [: next / previous round · 0-9: that seat's eyes · s: the
spectator's · q: quit. The board is the game's own text of the chosen eyes'
view; below it, the story of the last step in the game's words. The cursor
is the engine's (tapete.engine.replay_cursor), the same the line mode (piped keys, tests) drives.

With an analysis of one seat (`tapete replay FILE --step --analysis --seat K`: `Notes`),
its summary heads the screen, the decision judged at the step is said with its label and the
better move, and a / A go to the next / previous decision that was not "good".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.markup import escape
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from tapete.engine.replay_cursor import ReplayCursor, ReplayError, header


@dataclass(frozen=True)
class Notes:
    """What an analysis of one seat says over the replay (made by `tapete replay --analysis`
    from tapete.analysis): a heading, a sentence and a label per judged step, the slips' steps."""

    heading: str
    at: Mapping[int, str] = field(default_factory=dict)
    labels: Mapping[int, str] = field(default_factory=dict)
    slips: Sequence[int] = ()


KEYS = {
    "es": "→ siguiente · ← anterior · RePág/AvPág ±10 · Inicio/Fin · ] [ ronda · 0-9 asiento · s espectador · q salir",
    "en": "→ next · ← previous · PgUp/PgDn ±10 · Home/End · ] [ round · 0-9 seat · s spectator · q quit",
}
ANALYSIS_KEYS = {"es": " · a A siguiente/anterior fallo", "en": " · a A next/previous slip"}


class ReplayApp(App[None]):
    """One record, one position at a time."""

    TITLE = "tapete replay"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    #head { background: $primary-background; padding: 0 1; }
    #board { padding: 0 1; }
    #story { padding: 0 1; color: $text-muted; }
    #keys { dock: bottom; background: $panel; padding: 0 1; }
    #note { color: $warning; padding: 0 1; }
    #verdict { padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n,space", "move(1)", show=False),
        Binding("left,p", "move(-1)", show=False),
        Binding("pagedown", "move(10)", show=False),
        Binding("pageup", "move(-10)", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
        Binding("right_square_bracket", "round(1)", show=False),
        Binding("left_square_bracket", "round(-1)", show=False),
        Binding("s", "eyes(-1)", show=False),
        *[Binding(str(d), f"eyes({d})", show=False) for d in range(10)],
        Binding("a", "slip(1)", show=False),
        Binding("A", "slip(-1)", show=False),
        Binding("q,escape", "quit", show=False),
    ]

    def __init__(self, cursor: ReplayCursor, lang: str, analysis: Notes | None = None) -> None:
        super().__init__()
        self.cursor = cursor
        self.lang = lang
        self.analysis = analysis

    def compose(self) -> ComposeResult:
        yield Static(id="head")
        yield Static(id="verdict")
        with VerticalScroll():
            yield Static(id="board")
            yield Static(id="story")
        yield Static(id="note")
        keys = KEYS[self.lang] + (ANALYSIS_KEYS[self.lang] if self.analysis is not None else "")
        yield Static(escape(keys), id="keys")

    def on_mount(self) -> None:
        self.show()

    def show(self, note: str = "") -> None:
        cursor = self.cursor
        self.query_one("#head", Static).update(escape(header(cursor, self.lang)))
        self.query_one("#board", Static).update(cursor.game.render_text(cursor.view(), self.lang))
        story = "\n".join(f"· {escape(line)}" for line in cursor.story(self.lang))
        self.query_one("#story", Static).update(story)
        self.query_one("#note", Static).update(escape(note))
        verdict = self.query_one("#verdict", Static)
        verdict.display = self.analysis is not None
        if self.analysis is not None:
            verdict.update(verdict_text(self.analysis, cursor.step))

    def _try(self, change: Any) -> None:
        try:
            change()
        except ReplayError as err:
            self.show(err.es if self.lang == "es" else err.en)
            return
        self.show()

    def action_move(self, by: int) -> None:
        self._try(lambda: self.cursor.goto(self.cursor.step + by))

    def action_jump(self, step: int) -> None:
        self._try(lambda: self.cursor.goto(self.cursor.steps if step < 0 else step))

    def action_round(self, direction: int) -> None:
        starts = [start for _, start in self.cursor.rounds()]
        here = self.cursor.step
        if direction > 0:
            target = next((s for s in starts if s > here), self.cursor.steps)
        else:
            target = max((s for s in starts if s < here), default=0)
        self._try(lambda: self.cursor.goto(target))

    def action_eyes(self, seat: int) -> None:
        self._try(lambda: self.cursor.set_seat(None if seat < 0 else seat))

    def action_slip(self, direction: int) -> None:
        """To the next (previous) decision of the analysis that was not "good"."""
        if self.analysis is None:
            return
        here = self.cursor.step
        steps = sorted(self.analysis.slips)
        if direction > 0:
            target = next((s for s in steps if s > here), None)
        else:
            target = max((s for s in steps if s < here), default=None)
        if target is None:
            self.show("No hay más fallos por ese lado." if self.lang == "es" else "No more slips that way.")
            return
        self._try(lambda: self.cursor.goto(target))


LABEL_STYLE = {"good": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def verdict_text(notes: Notes, step: int) -> str:
    """The analysis' heading, and the decision judged at `step` (the position before it), as markup."""
    lines = [f"[b]{escape(notes.heading)}[/b]"]
    said = notes.at.get(step)
    if said is not None:
        style = LABEL_STYLE.get(notes.labels.get(step, ""), "")
        lines.append(f"[{style}]{escape(said)}[/]" if style else escape(said))
    return "\n".join(lines)
