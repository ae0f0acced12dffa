"""The terminal's rules screen (F1) shows the game's guide, drawn as `tapete rules`
draws it (the table's card letters), then the reglamento; F2 switches the language."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from tapete.games import get_game
from tapete.tui.dialogs import RulesScreen
from tapete.tui.games.bacan import card_label


class _Host(App[None]):
    def on_mount(self) -> None:
        self.push_screen(RulesScreen(get_game("bacan"), "es"))


def _shown(app: App[None]) -> str:
    """Every line the rules screen draws, scrolled or not."""
    body = app.screen.query_one("#rules-md", Static)
    return "\n".join(strip.text for strip in body.render_lines(body.content_region.reset_offset))


async def test_rules_screen_teaches_then_keeps_the_reglamento_after_the_guide() -> None:
    app = _Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        text = _shown(app)
        assert "Objetivo" in text and "Un Bacan que sale bien" in text
        for face in ("amarillo-secreto", "violeta-espia", "comodin"):  # as the table draws them
            assert card_label(face)[0] in text, face
        assert text.index("Opciones de la mesa") < text.index("Reglamento") < text.index("BAC-24")
        await pilot.press("f2")
        await pilot.pause()
        text = _shown(app)
        assert "Goal" in text and "Rulebook" in text and "Objetivo" not in text
