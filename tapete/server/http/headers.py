"""Security headers on every HTTP answer (pages, files, API, errors).

The browser client is static files with no inline script or style, so its
Content-Security-Policy allows only the server's own scripts, styles and
sockets, and no page may frame it (clickjacking). FastAPI's interactive
API reference (/docs, /redoc) loads its scripts from a CDN with an inline
starter, and gets a policy that allows just that, on those pages only.
"""

from __future__ import annotations

from ..wire.limits import ASGIApp, Message, Receive, Scope, Send

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
API_DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src 'self' https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com "
    "https://cdn.redoc.ly; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
API_DOCS = ("/docs", "/redoc")
COMMON = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = API_DOCS_CSP if scope.get("path", "") in API_DOCS else CSP
        extra = [*COMMON, (b"content-security-policy", policy.encode())]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(h for h in extra if h[0] not in names)]
            await send(message)

        await self.app(scope, receive, send_with_headers)
