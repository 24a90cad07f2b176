"""Security headers on every response.

- `Content-Security-Policy`: scripts only from our own origin (the built client has no inline script; the theme
  is applied by /theme.js before first paint), styles from our origin plus inline style attributes (the charts
  and dialogs position themselves with them), images and fonts from our origin or data/blob URLs (the PDF
  report and recordings), connections to our own origin, no plugins, no `<base>` elsewhere, and no framing
  (`frame-ancestors 'none'`, with `X-Frame-Options: DENY` for older browsers). FastAPI's /docs and /redoc pages
  load Swagger UI and ReDoc from their CDN with an inline script, so they go without the policy.
- `X-Content-Type-Options: nosniff` and `Referrer-Policy: strict-origin-when-cross-origin` everywhere.
- `Strict-Transport-Security` in production (FIRE Path is then served over HTTPS behind its proxy).
- `Cache-Control: no-store` on every response to a request that carries a bearer token and on everything under
  /auth/ (tokens, sessions, the user): no shared or browser cache keeps a person's figures or tokens.
"""

from __future__ import annotations

from api.core.config import Settings

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
       "font-src 'self' data:; connect-src 'self'; media-src 'self' blob:; worker-src 'self' blob:; "
       "manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
DOCS = ("/docs", "/redoc")
HSTS = "max-age=31536000; includeSubDomains"


class SecurityHeaders:
    """The headers of a response, computed once per process."""

    def __init__(self, settings: Settings) -> None:
        common = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"strict-origin-when-cross-origin"),
                  (b"x-frame-options", b"DENY")]
        if settings.env == "production":
            common.append((b"strict-transport-security", HSTS.encode()))
        self.common = common
        self.csp = (b"content-security-policy", CSP.encode())

    def apply(self, path: str, authenticated: bool, headers: list[tuple[bytes, bytes]]) -> None:
        """Add the headers to a response's raw `headers` (in place)."""
        headers.extend(self.common)
        if not path.startswith(DOCS):
            headers.append(self.csp)
        if authenticated or path.startswith("/auth/"):
            headers[:] = [(k, v) for k, v in headers if k.lower() not in (b"cache-control", b"expires")]
            headers.append((b"cache-control", b"no-store"))
