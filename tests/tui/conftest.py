"""Fixtures for the terminal as a seat on a real server: a uvicorn server on a
loopback port with its own SQLite file (`server_url`), and the terminal's config
file in the test's folder (`config_file`; a module that joins a server uses it
for every test through `pytest.mark.usefixtures`)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tapete.tui.config import CONFIG_ENV


@pytest.fixture
def config_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The terminal's config file (identities per server) in the test's folder, not the user's."""
    path = tmp_path / "terminal" / "config.json"
    monkeypatch.setenv(CONFIG_ENV, str(path))
    return path


@pytest.fixture
async def server_url(tmp_path: Path) -> AsyncIterator[str]:
    """A real table server on a free loopback port; its base URL. (The modules that
    use it skip themselves when the server's extras are not installed.)"""
    import uvicorn

    import tapete.server as server_mod

    settings = server_mod.ServerSettings(db_url=f"sqlite:///{tmp_path / 'tapete.db'}")
    config = uvicorn.Config(server_mod.create_app(settings), host="127.0.0.1", port=0, log_level="warning")
    server = uvicorn.Server(config)
    task = asyncio.get_running_loop().create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    await asyncio.wait_for(task, 10)
