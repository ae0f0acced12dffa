"""Security headers on every HTTP answer (pages, files, API, errors).

The browser client is static files with no inline style and one inline
script, the page's import map (http/assets.py), allowed by its hash; its
Content-Security-Policy allows only those, the server's own scripts, styles and
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
# Scripts and style sheets are never documents: a policy, a frame rule or an opener rule means
# nothing on them (browsers apply those to documents and workers only), so they carry only
# nosniff and the referrer rule - 35 modules' worth of headers off the home page's first load.
SUBRESOURCE_TYPES = (b"text/javascript", b"text/css")
COMMON = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
SUBRESOURCE = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]


class SecurityHeaders:
    def __init__(self, app: ASGIApp, script_hashes: tuple[str, ...] = ()) -> None:
        self.app = app
        self.csp = CSP.replace("script-src 'self'", " ".join(("script-src 'self'", *script_hashes)), 1)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = API_DOCS_CSP if scope.get("path", "") in API_DOCS else self.csp
        extra = [*COMMON, (b"content-security-policy", policy.encode())]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = message.get("headers", [])
                names = {name.lower() for name, _ in headers}
                kind = next((value for name, value in headers if name.lower() == b"content-type"), b"")
                adding = SUBRESOURCE if kind.startswith(SUBRESOURCE_TYPES) else extra
                message["headers"] = [*headers, *(h for h in adding if h[0] not in names)]
            await send(message)

        await self.app(scope, receive, send_with_headers)
