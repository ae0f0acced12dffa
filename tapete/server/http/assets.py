"""The browser client's files, compressed once and cached by version.

Every file under the static folder is read at start, hashed and gzipped
(level 9) once. The page (`/`, `/index.html`) names each file with its
version - `?v=` and the first 12 hex digits of its SHA-256 - in its links
and in an import map, so the ES modules' own relative imports
(`import ... from "./api.js"`) resolve to the versioned URL too. A
versioned request for the current version is cached a year (`immutable`):
a second visit asks the server for the page alone, which is revalidated
(`no-cache` with an ETag: a 304 when unchanged). A file asked without its
version, or with an old one, is served with revalidation. Only files found
at start are served: no path from a request reaches this folder. A path not
found here is passed to `fallback` when there is one (the games' browser pieces
kept in their own packages, http/viewer.py's `pieces`).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

YEAR = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
PAGE = "index.html"
# Smaller files are sent as they are: gzip's header would eat the gain.
MIN_GZIP = 256
TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
}


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: bytes | None
    version: str
    media_type: str

    @property
    def etag(self) -> str:
        return f'"{self.version}"'


def _asset(body: bytes, name: str) -> Asset:
    version = hashlib.sha256(body).hexdigest()[:12]
    media = TYPES.get(Path(name).suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"
    packed = gzip.compress(body, 9, mtime=0) if len(body) >= MIN_GZIP else None
    if packed is not None and len(packed) >= len(body):
        packed = None
    return Asset(body, packed, version, media)


class Assets:
    """The static folder, read once: `/path` -> Asset, and the page that names their versions."""

    def __init__(self, folder: Path, fallback: ASGIApp | None = None) -> None:
        self.fallback = fallback
        files: dict[str, Asset] = {}
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.name != PAGE and not path.name.startswith("."):
                url = "/" + path.relative_to(folder).as_posix()
                files[url] = _asset(path.read_bytes(), path.name)
        self.files = files
        self.import_map = json.dumps(
            {"imports": {url: self.versioned(url) for url in files if url.endswith(".js")}},
            separators=(",", ":"),
            sort_keys=True,
        )
        page = (folder / PAGE).read_text(encoding="utf-8")
        self.page = _asset(self._versioned_page(page).encode(), PAGE)

    def versioned(self, url: str) -> str:
        return f"{url}?v={self.files[url].version}"

    def versioned_if_here(self, url: str) -> str:
        """`url` with its version when it is one of these files; as it is otherwise."""
        return self.versioned(url) if url in self.files else url

    @property
    def script_hash(self) -> str:
        """The import map's CSP source (`'sha256-...'`): the page's one inline script."""
        digest = hashlib.sha256(self.import_map.encode()).digest()
        return "'sha256-" + base64.b64encode(digest).decode() + "'"

    def _versioned_page(self, page: str) -> str:
        for url in self.files:
            page = page.replace(f'"{url}"', f'"{self.versioned(url)}"')
        script = f'<script type="importmap">{self.import_map}</script>\n  '
        return page.replace('<script type="module"', script + '<script type="module"', 1)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope)
        path = request.url.path
        if request.method not in ("GET", "HEAD"):
            await Response("Method Not Allowed", 405, {"allow": "GET, HEAD"})(scope, receive, send)
            return
        if path in ("/", f"/{PAGE}"):
            asset, cache = self.page, REVALIDATE
        elif path in self.files:
            asset = self.files[path]
            cache = YEAR if request.query_params.get("v") == asset.version else REVALIDATE
        elif self.fallback is not None:
            await self.fallback(scope, receive, send)
            return
        else:
            await Response("Not Found", 404, media_type="text/plain")(scope, receive, send)
            return
        await self._send(request, asset, cache)(scope, receive, send)

    @staticmethod
    def _send(request: Request, asset: Asset, cache: str) -> Response:
        headers = {"cache-control": cache, "etag": asset.etag, "vary": "Accept-Encoding"}
        if asset.etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        body = asset.body
        if asset.gzipped is not None and "gzip" in request.headers.get("accept-encoding", ""):
            body, headers["content-encoding"] = asset.gzipped, "gzip"
        if request.method == "HEAD":
            headers["content-length"] = str(len(body))
            return Response(status_code=200, headers=headers, media_type=asset.media_type)
        return Response(body, headers=headers, media_type=asset.media_type)


# API answers that hold no secret of anyone (the games, their options, the public tables): gzipped
# when long. Answers that carry a token or an identity are never compressed, so that no
# reflected text can be used to guess them from their compressed size (BREACH).
PUBLIC_READS = ("/api/games", "/api/tables", "/api/ratings/")


class PublicGzip:
    def __init__(self, app: ASGIApp, minimum_size: int = 1024) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=minimum_size)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        public = path.startswith(PUBLIC_READS)
        if scope["type"] == "http" and scope.get("method") == "GET" and public:
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)
