"""Turn notifications on "Mi perfil" (js/notify.js, loaded only there): permission asked only after
the click, the service worker registered, the device's subscription stored by the server; the e-mail
choice said unavailable on a server without SMTP; es and en. The push service itself is the browser
vendor's: here the page's PushManager answers with a subscription of our own (the server side is
tests/server/test_notify.py)."""

from __future__ import annotations

import base64
import json
import os
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from .helpers import own_name, wait_js

IDENTITY = "JSON.parse(localStorage.getItem('tapete.identity'))"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def fake_push(endpoint: str) -> str:
    """An init script: the browser's PushManager gives a subscription with real-looking keys."""
    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    sub = {"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": b64(point), "auth": b64(os.urandom(16))}}
    return f"""
      (() => {{
        const sub = {json.dumps(sub)};
        const gone = async () => {{ localStorage.removeItem("test.push"); return true; }};
        const fake = {{ endpoint: sub.endpoint, toJSON: () => sub, unsubscribe: gone }};
        if (window.PushManager) {{  // kept across reloads, as the browser keeps a subscription
          PushManager.prototype.subscribe = async () => {{ localStorage.setItem("test.push", "1"); return fake; }};
          PushManager.prototype.getSubscription = async function () {{
            return localStorage.getItem("test.push") ? fake : null;
          }};
        }}
      }})();
    """


def test_the_profile_turns_push_on_after_the_click_and_says_email_is_off(open_page: Any) -> None:
    page = open_page()
    page.context.add_init_script(fake_push("https://push.example/tapete/device-1"))
    loaded: list[str] = []
    page.on("request", lambda r: loaded.append(r.url))
    page.goto("/")
    wait_js(page, "document.querySelector('#app')?.children.length > 0")
    assert not [u for u in loaded if "/js/notify.js" in u], "the home page loaded the notifications' module"

    page.goto("/#/me")
    name = own_name("Nora")
    page.fill("[data-testid=profile-name]", name)
    page.click("[data-testid=make-profile] button")
    page.wait_for_selector("[data-testid=notify]")
    section = page.locator("[data-testid=notify]")
    assert "Avisos de turno" in section.inner_text()
    assert "Este servidor no envía correos." in section.inner_text()
    assert page.locator("[data-testid=notify-email]").is_disabled()
    # nothing asked nor registered before the click
    assert page.evaluate("Notification.permission") == "default"
    assert page.evaluate("navigator.serviceWorker.getRegistration('/js/push-sw.js').then((r) => !!r)") is False

    page.context.grant_permissions(["notifications"])
    page.click("[data-testid=notify-push]")
    wait_js(page, "document.querySelector('[data-testid=notify-message]')?.textContent.length > 0")
    assert page.locator("[data-testid=notify-message]").inner_text() == "Este dispositivo recibirá los avisos."
    assert page.locator("[data-testid=notify-push]").is_checked()
    assert page.evaluate("navigator.serviceWorker.getRegistration('/js/push-sw.js').then((r) => !!r)") is True
    who = page.evaluate(IDENTITY)
    header = f"{who['player_id']}:{who['secret']}"
    chosen = page.evaluate(
        "([id, header]) => fetch(`/api/players/${id}/notify`, {headers: {'X-Tapete-Player': header}})"
        ".then((r) => r.json())",
        [who["player_id"], header],
    )
    assert chosen["push"] is True and chosen["lang"] == "es"

    page.evaluate("localStorage.setItem('tapete.lang', 'en')")
    page.reload()
    page.wait_for_selector("[data-testid=notify-push]")
    section = page.locator("[data-testid=notify]")
    assert "Turn notifications" in section.inner_text() and "This server does not send e-mails." in section.inner_text()
    assert page.locator("[data-testid=notify-push]").is_checked()
    page.click("[data-testid=notify-push]")  # off again: the device's subscription removed
    wait_js(
        page,
        "document.querySelector('[data-testid=notify-message]')?.textContent"
        " === 'This device will no longer get notices.'",
    )
    assert not page.errors, page.errors
