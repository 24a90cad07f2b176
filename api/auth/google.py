"""Google sign-in over OpenID Connect (authlib's OAuth 2 client, ID tokens verified with joserfc).

The issuer is discovered from GOOGLE_DISCOVERY_URL, so tests can point it at a local issuer on loopback.
A Google account and a password account with the same verified e-mail are one user.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlencode

import httpx
from authlib.integrations.httpx_client import OAuth2Client  # type: ignore[import-untyped]
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet
from joserfc.jwt import JWTClaimsRegistry
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.auth import sessions
from api.auth.errors import AuthApiError
from api.auth.flows import FLOW_TTL, safe_redirect, with_fragment
from api.auth.models import FlowState, Identity, User
from api.auth.service import create_user, find_user_by_email
from api.core.config import Settings
from api.core.i18n import msg
from api.core.security import hash_token, new_token

PROVIDER = "google"
SCOPES = "openid email profile"
_DISCOVERY_TTL_S = 3600.0
_discovery: dict[str, tuple[float, dict[str, Any]]] = {}
_discovery_lock = threading.Lock()


def callback_url(settings: Settings) -> str:
    return f"{settings.site_url}/auth/v1/callback"


def discover(settings: Settings) -> dict[str, Any]:
    url = settings.google_discovery_url
    with _discovery_lock:
        cached = _discovery.get(url)
        if cached and cached[0] > time.monotonic():
            return cached[1]
    response = httpx.get(url, timeout=10)
    response.raise_for_status()
    document = dict(response.json())
    with _discovery_lock:
        _discovery[url] = (time.monotonic() + _DISCOVERY_TTL_S, document)
    return document


def _client(settings: Settings) -> OAuth2Client:
    return OAuth2Client(client_id=settings.google_client_id, client_secret=settings.google_client_secret,
                        scope=SCOPES, redirect_uri=callback_url(settings),
                        token_endpoint_auth_method="client_secret_post", timeout=15)  # noqa: S106 - a method name


def authorize(*, session: Session, settings: Settings, provider: str | None, redirect_to: str | None,
              code_challenge: str | None, code_challenge_method: str | None) -> str:
    """Start a Google sign-in: remember the flow and return the provider's authorization URL."""
    if (provider or "").lower() != PROVIDER:
        raise AuthApiError(400, "validation_failed", msg("validation_failed.provider", provider=provider))
    if not settings.google_enabled:
        raise AuthApiError(400, "provider_disabled", "Unsupported provider: provider is not enabled")
    try:
        metadata = discover(settings)
    except (httpx.HTTPError, ValueError) as exc:
        raise AuthApiError(502, "unexpected_failure", "Google sign-in is unavailable right now") from exc
    state, nonce = new_token(24), new_token(16)
    method = (code_challenge_method or "s256").lower() if code_challenge else None
    session.add(FlowState(provider=PROVIDER, state_hash=hash_token(state), nonce=nonce,
                          code_challenge=code_challenge, code_challenge_method=method,
                          redirect_to=safe_redirect(settings, redirect_to, "/auth-callback"),
                          expires_at=datetime.now(UTC) + FLOW_TTL))
    session.flush()
    with _client(settings) as client:
        url, _ = client.create_authorization_url(metadata["authorization_endpoint"], state=state, nonce=nonce)
    return str(url)


def callback(*, session: Session, settings: Settings, code: str | None, state: str | None, error: str | None,
             error_description: str | None, user_agent: str | None, ip: str | None) -> str:
    """Finish a Google sign-in; returns where to send the browser (an auth code, tokens, or an error)."""
    flow = session.scalar(select(FlowState).where(FlowState.state_hash == hash_token(state or ""),
                                                  FlowState.provider == PROVIDER).with_for_update())
    if flow is None or flow.expires_at < datetime.now(UTC) or flow.used_at is not None:
        return with_fragment(f"{settings.site_url}/login", {"error": "invalid_request", "error_code": "bad_oauth_state",
                                                         "error_description": "OAuth state is invalid or expired"})
    flow.used_at = datetime.now(UTC)
    if error or not code:
        return with_fragment(flow.redirect_to, {"error": error or "access_denied", "error_code": "oauth_failed",
                                            "error_description": error_description or "Google sign in failed"})
    try:
        claims = _exchange(settings, code, flow.nonce)
    except (httpx.HTTPError, JoseError, KeyError, ValueError) as exc:
        return with_fragment(flow.redirect_to, {"error": "server_error", "error_code": "oauth_failed",
                                            "error_description": msg("oauth_failed.google_reason",
                                                                         reason=type(exc).__name__)})
    user = _user_for(session, claims)
    if flow.code_challenge:
        auth_code = new_token(24)
        flow.user_id = user.id
        flow.auth_code_hash = hash_token(auth_code)
        flow.expires_at = datetime.now(UTC) + timedelta(minutes=5)
        separator = "&" if "?" in flow.redirect_to else "?"
        return f"{flow.redirect_to}{separator}{urlencode({'code': auth_code})}"
    issued = sessions.issue_session(session=session, settings=settings, user=user, method="oauth",
                                    user_agent=user_agent, ip=ip)
    return with_fragment(flow.redirect_to, {
        "access_token": issued["access_token"], "expires_at": issued["expires_at"],
        "expires_in": issued["expires_in"], "refresh_token": issued["refresh_token"], "token_type": "bearer",
        "provider_token": ""})


def _exchange(settings: Settings, code: str, nonce: str | None) -> dict[str, Any]:
    metadata = discover(settings)
    with _client(settings) as client:
        token = client.fetch_token(metadata["token_endpoint"], code=code, grant_type="authorization_code")
    keys = httpx.get(metadata["jwks_uri"], timeout=10)
    keys.raise_for_status()
    id_token = jwt.decode(token["id_token"], KeySet.import_key_set(keys.json()),
                          algorithms=["RS256", "ES256", "PS256"])
    JWTClaimsRegistry(leeway=60, iss={"essential": True, "value": metadata["issuer"]},
                      aud={"essential": True, "value": settings.google_client_id or ""},
                      sub={"essential": True}, exp={"essential": True},
                      nonce={"essential": True, "value": nonce or ""}).validate(id_token.claims)
    return dict(id_token.claims)


def _user_for(session: Session, claims: dict[str, Any]) -> User:
    """The user of this Google account: by identity, else by the same verified e-mail, else a new one."""
    subject = str(claims["sub"])
    email = str(claims.get("email") or "").lower()
    verified = bool(claims.get("email_verified"))
    data = {"sub": subject, "email": email, "email_verified": verified, "iss": claims.get("iss"),
            "name": claims.get("name"), "full_name": claims.get("name"), "avatar_url": claims.get("picture"),
            "picture": claims.get("picture"), "provider_id": subject}
    data = {k: v for k, v in data.items() if v is not None}
    now = datetime.now(UTC)
    identity = session.scalar(select(Identity).where(Identity.provider == PROVIDER, Identity.provider_id == subject))
    if identity is not None:
        identity.identity_data, identity.last_sign_in_at = data, now
        user = session.get(User, identity.user_id)
        assert user is not None
        return user
    if not email:
        raise AuthApiError(400, "email_address_not_provided", "Google did not share an e-mail address")
    user = find_user_by_email(session=session, email=email)
    if user is not None and not verified:
        raise AuthApiError(422, "email_exists",
                           "An account with this e-mail exists; sign in with your password to link Google")
    if user is None:
        metadata: dict[str, Any] = {k: data[k] for k in ("full_name", "name", "avatar_url", "picture") if k in data}
        user = create_user(session=session, email=email, password=None, user_metadata=metadata, confirmed=verified,
                           provider=PROVIDER, provider_id=subject, identity_data=data)
    else:
        session.add(Identity(user_id=user.id, provider=PROVIDER, provider_id=subject, email=email,
                             identity_data=data, last_sign_in_at=now))
        if user.email_confirmed_at is None:
            user.email_confirmed_at = now
        providers = list(dict.fromkeys([*user.app_metadata.get("providers", []), PROVIDER]))
        user.app_metadata = {**user.app_metadata, "providers": providers}
    session.flush()
    return user
