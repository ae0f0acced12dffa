"""Finding 7: no CSP, frame-ancestors/X-Frame-Options, X-Content-Type-Options or Referrer-Policy.

Every answer carries them: pages, static files, the API, errors (the body
guard's 413 too). The client's page files hold no inline script; the page
served carries one, its import map (server/http/assets.py), which the policy
allows by its hash alone: any other inline script is refused.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from .conftest import ThreadServer, http

STATIC = Path(__file__).resolve().parents[2] / "tapete" / "web" / "static"


def test_every_answer_carries_the_security_headers(thread_server: ThreadServer) -> None:
    with http(thread_server) as client:
        answers = [
            client.get("/"),
            client.get("/index.html"),
            client.get("/api/games"),
            client.get("/api/tables/nope"),
            client.get("/no/such/page"),
            client.get("/favicon.svg"),
            client.post(
                "/api/tables",
                content=b"{" + b" " * (thread_server.settings.max_body_bytes + 1) + b"}",
                headers={"content-type": "application/json"},
            ),
        ]
    for answer in answers:
        headers = answer.headers
        csp = headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in csp, (answer.url, csp)
        assert re.search(r"script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*;", csp), (answer.url, csp)
        assert "unsafe-inline" not in csp, (answer.url, csp)
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


def test_the_served_page_s_one_inline_script_is_the_import_map_the_policy_names(thread_server: ThreadServer) -> None:
    with http(thread_server) as client:
        page = client.get("/")
    inline = re.findall(r"<script\b([^>]*)>([^<]*)</script>", page.text)
    bodies = [body for attrs, body in inline if "src=" not in attrs]
    assert len(bodies) == 1 and '<script type="importmap">' in page.text
    digest = base64.b64encode(hashlib.sha256(bodies[0].encode()).digest()).decode()
    assert f"'sha256-{digest}'" in page.headers["content-security-policy"]


def test_scripts_and_styles_carry_nosniff_and_the_referrer_rule(thread_server: ThreadServer) -> None:
    with http(thread_server) as client:
        for path in ("/js/main.js", "/css/app.css"):
            headers = client.get(path).headers
            assert headers.get("x-content-type-options") == "nosniff", path
            assert headers.get("referrer-policy") == "no-referrer", path
