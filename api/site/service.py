"""The contact address: FIREPATH_CONTACT_EMAIL, else support@ the public URL's host, else support@ the domain
of the SMTP from-address. Derived, so a deployment that set its public URL or mail never shows a placeholder."""

from __future__ import annotations

import ipaddress
from email.utils import parseaddr
from urllib.parse import urlsplit

from api.core.config import Settings

FALLBACK_DOMAIN = "firepath.local"


def _public_host(url: str | None) -> str | None:
    """The public URL's host when it names a domain (not localhost or an IP address), without a `www.`."""
    host = (urlsplit(url).hostname or "") if url else ""
    if not host or "." not in host or host.endswith(".localhost"):
        return None
    try:
        ipaddress.ip_address(host)
        return None
    except ValueError:
        return host.removeprefix("www.")


def contact_email(settings: Settings) -> str:
    if settings.contact_email:
        return settings.contact_email
    host = _public_host(settings.public_url)
    if host:
        return f"support@{host}"
    _, address = parseaddr(settings.smtp_from)
    domain = address.rpartition("@")[2].strip()
    return f"support@{domain or FALLBACK_DOMAIN}"
