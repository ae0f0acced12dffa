"""Finding 7: no CSP, frame-ancestors/X-Frame-Options, X-Content-Type-Options or Referrer-Policy.

Every answer carries them: pages, static files, the API, errors (the body
guard's 413 too). The client's pages hold no inline script, so the policy
allows none.
"""

from __future__ import annotations

import re
from pathlib import Path

from .conftest import ThreadServer, http

STATIC = Path(__file__).resolve().parents[2] / "tapete" / "web" / "static"


def test_every_answer_carries_the_security_headers(thread_server: ThreadServer) -> None:
    with http(thread_server) as client:
        answers = [
            client.get("/"),
            client.get("/index.html"),
            client.get("/js/main.js"),
            client.get("/api/games"),
            client.get("/api/tables/nope"),
            client.get("/no/such/page"),
            client.post("/api/tables", content=b"{" + b" " * (thread_server.settings.max_body_bytes + 1) + b"}",
                        headers={"content-type": "application/json"}),
        ]
    for answer in answers:
        headers = answer.headers
        csp = headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in csp, (answer.url, csp)
        assert "script-src 'self';" in csp and "unsafe-inline" not in csp, (answer.url, csp)
        assert headers.get("x-frame-options") == "DENY"
        assert headers.get("x-content-type-options") == "nosniff"
        assert headers.get("referrer-policy") == "no-referrer"


def test_the_client_pages_hold_no_inline_script_or_handler() -> None:
    for page in STATIC.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        for tag in re.findall(r"<script\b[^>]*>", text, flags=re.IGNORECASE):
            assert "src=" in tag, (page, tag)
        assert not re.search(r"<script\b[^>]*>\s*[^<\s]", text, flags=re.IGNORECASE), page
        assert not re.search(r"\son[a-z]+\s*=", text, flags=re.IGNORECASE), page
        assert "<style" not in text.lower() and " style=" not in text.lower(), page
