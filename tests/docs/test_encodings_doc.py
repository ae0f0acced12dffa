"""docs/encodings.md says what the code does: its example runs, and each game's layout tables
(default options, the largest table) are the ones the game's encoder has today."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from tapete.engine import Game
from tapete.games import all_games

DOC = Path(__file__).resolve().parents[2] / "docs" / "encodings.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def test_the_example_runs() -> None:
    namespace: dict[str, object] = {"__name__": "encodings_doc"}
    out = io.StringIO()
    for number, block in enumerate(BLOCK.findall(DOC.read_text(encoding="utf-8")), 1):
        with contextlib.redirect_stdout(out):
            exec(compile(block, f"docs/encodings.md block {number}", "exec"), namespace)
    assert out.getvalue().strip()


@pytest.mark.parametrize("game", [g for g in all_games() if g.encoder_type is not None], ids=lambda g: g.id)
def test_each_layout_table_matches_the_encoder(game: Game) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert game.encoder_type is not None
    layouts = game.encoder_type.layouts(game.max_players, game.parse_options({}))
    section = text.split(f"## {game.name['en']}", 1)
    assert len(section) == 2, f"docs/encodings.md has no section for {game.id}"
    for layout in layouts:
        assert layout.markdown() in section[1], f"a layout table of {game.id} is out of date"
