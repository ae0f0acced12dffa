"""The table server: lobby API, one WebSocket per seat, table runners, records."""

from .app import create_app
from .settings import ServerSettings, TableOptions

__all__ = ["ServerSettings", "TableOptions", "create_app"]
