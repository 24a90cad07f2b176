"""Sign-up, password sign-in, recovery, e-mail links, PKCE code exchange and user updates (GoTrue semantics).

E-mails go in the recipient's language: for a sign-up, the language of the sign-up request (kept as the new user's
locale), else the user's saved locale, else the language of the request that caused them, else English."""

from __future__ import annotations

import base64
import fnmatch
import hashlib
import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlencode, urlsplit

from email_validator import EmailNotValidError, validate_email
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from api.auth import sessions
from api.auth.errors import AuthApiError, invalid_credentials, validation_failed
from api.auth.models import AuthSession, FlowState, Identity, OneTimeToken, User
from api.auth.passwords import checked_password
from api.auth.schemas import PasswordGrantIn, PkceGrantIn, RecoverIn, SignUpIn, UserUpdateIn
from api.auth.serialize import user_json
from api.auth.service import create_user, find_user_by_email, normalise_email
from api.core.config import Settings
from api.core.db import privileged_session
from api.core.i18n import LOCALES, Language, language_of_locale, msg
from api.core.outbox import defer
from api.core.security import hash_password, hash_token, new_token, same, verify_password
from api.mail.service import send_composed
from api.mail.templates import compose
from api.preferences.service import remember_locale, saved_locale

FLOW_TTL = timedelta(minutes=10)
LINK_TYPES = {"signup": "confirmation", "recovery": "recovery", "email_change": "email_change",
              "magiclink": "magiclink", "email": "confirmation"}


# --- validation -------------------------------------------------------------------------------------------

def checked_email(email: str | None) -> str:
    if not email or not email.strip():
        raise validation_failed(msg("validation_failed.anonymous"))
    try:
        validate_email(email.strip(), check_deliverability=False)
    except EmailNotValidError:
        raise validation_failed(msg("validation_failed.email_format")) from None
    return normalise_email(email)


MAX_METADATA_BYTES = 8 * 1024


def checked_metadata(data: dict[str, Any] | None) -> dict[str, Any] | None:
    """User metadata rides in every access token: past 8 KiB (as JSON) it is refused, since 900 KB of it once made
    a token too large for any request to carry, and locked its owner out."""
    if data is not None and len(json.dumps(data, separators=(",", ":"), default=str).encode()) > MAX_METADATA_BYTES:
        raise validation_failed(msg("validation_failed.metadata_size", kb=MAX_METADATA_BYTES // 1024))
    return data


def _code_challenge(challenge: str | None, method: str | None) -> tuple[str | None, str | None]:
    if not challenge:
        return None, None
    method = (method or "s256").lower()
    if method not in ("s256", "plain"):
        raise validation_failed("Code challenge method not supported")
    return challenge, method


def _origin(url: str) -> tuple[str, str, int | None] | None:
    """(scheme, host, port) of an absolute URL with nothing a browser could read differently: no user info, no
    backslash, whitespace or control character, a port that is a number; None otherwise."""
    if any(c in url for c in "\\ \t\r\n") or any(ord(c) < 32 or ord(c) == 127 for c in url):
        return None
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if not parts.scheme or "@" in parts.netloc:
        return None
    scheme = parts.scheme.lower()
    if scheme in ("http", "https"):
        if not parts.hostname:
            return None
        return scheme, parts.hostname.lower(), port or (443 if scheme == "https" else 80)
    return scheme, (parts.hostname or "").lower(), port


def redirect_allowed(settings: Settings, url: str) -> bool:
    """Whether `url` may receive the browser (and tokens): the site's own origin; outside production, this
    server's port on loopback and the web dev server's origins (FIREPATH_DEV_ORIGINS); or a pattern of
    FIREPATH_AUTH_REDIRECT_URLS. Origins are compared as parsed scheme, host and port, exactly; patterns may use
    `*` in the path only (for app schemes such as `firepath://*`, anywhere after the scheme)."""
    origin = _origin(url)
    if origin is None or origin[0] in ("javascript", "data", "vbscript", "file", "blob"):
        return False
    origins = [settings.site_url]
    if settings.env != "production":  # this server's own port on loopback, and the web dev server's origins
        origins += [f"http://localhost:{settings.port}", f"http://127.0.0.1:{settings.port}"]
        origins += [o.strip() for o in settings.dev_origins.split(",") if o.strip()]
    if any(origin == _origin(o) for o in origins):
        return True
    path = urlsplit(url)._replace(scheme="", netloc="").geturl() or "/"
    for pattern in (p.strip() for p in settings.auth_redirect_urls.split(",") if p.strip()):
        scheme, _, rest = pattern.partition("://")
        if scheme.lower() not in ("http", "https"):
            if origin[0] == scheme.lower() and fnmatch.fnmatchcase(url, pattern):
                return True
            continue
        host, slash, pattern_path = rest.partition("/")
        if "*" in host or origin != _origin(f"{scheme}://{host}"):
            continue
        if fnmatch.fnmatchcase(path, slash + pattern_path if slash else "/*") or path == "/":
            return True
    return False


def safe_redirect(settings: Settings, redirect_to: str | None, default_path: str) -> str:
    """`redirect_to` when it may receive the browser (`redirect_allowed`), else the site's default page."""
    default = f"{settings.site_url}{default_path}"
    if not redirect_to or not redirect_allowed(settings, redirect_to):
        return default
    return redirect_to


# --- sign-up and sign-in ----------------------------------------------------------------------------------

def mail_language(*, session: Session, user: User, requested: Language | None) -> Language:
    """The language of an e-mail to `user`: their saved locale, else the request's (`requested`), else English."""
    saved = saved_locale(session=session, user_id=user.id)
    return language_of_locale(saved) if saved is not None else requested or "en"


def sign_up(*, session: Session, settings: Settings, body: SignUpIn, redirect_to: str | None,
            user_agent: str | None, ip: str | None, language: Language | None = None) -> dict[str, Any]:
    """`language`: what the sign-up request's Accept-Language asked for (None without one); a new user keeps it as
    their locale, and their confirmation e-mail is written in it."""
    if settings.auth_disable_signup:
        raise AuthApiError(422, "signup_disabled", "Signups not allowed for this instance")
    email = checked_email(body.email)
    password = checked_password(body.password)
    checked_metadata(body.data)
    confirm = settings.auth_confirm_email
    existing = find_user_by_email(session=session, email=email)
    if existing is not None and not confirm:
        raise AuthApiError(422, "user_already_exists", "User already registered")
    if existing is not None:
        # As GoTrue with confirmations on: the same answer as a new sign-up (a user object that is not the
        # account's, with no identities) and the same work (the password is hashed either way), so sign-up
        # never says whether an address has an account; an unconfirmed account gets its link again.
        hash_password(password)
        if existing.email_confirmed_at is None:
            _send_confirmation(session=session, settings=settings, user=existing,
                               target=safe_redirect(settings, redirect_to, "/onboarding/wizard"),
                               challenge=_code_challenge(body.code_challenge, body.code_challenge_method),
                               language=language or mail_language(session=session, user=existing, requested=None))
        return _obfuscated_user(email, body.data)
    user = create_user(session=session, email=email, password=password, user_metadata=body.data,
                       confirmed=not confirm)
    if language is not None and language != "en":  # English is every account's default: nothing to keep
        remember_locale(session=session, user_id=user.id, locale=LOCALES[language])
    if not confirm:
        return sessions.issue_session(session=session, settings=settings, user=user, method="password",
                                      user_agent=user_agent, ip=ip)
    _send_confirmation(session=session, settings=settings, user=user,
                       target=safe_redirect(settings, redirect_to, "/onboarding/wizard"),
                       challenge=_code_challenge(body.code_challenge, body.code_challenge_method),
                       language=language or "en")
    return user_json(session, user, confirmation_sent_at=datetime.now(UTC).isoformat())


def _send_confirmation(*, session: Session, settings: Settings, user: User, target: str,
                       challenge: tuple[str | None, str | None], language: Language) -> None:
    link = _email_link(session=session, settings=settings, user=user, kind="signup", redirect_to=target,
                       challenge=challenge)
    send_composed(session=session, to=user.email,
                  email=compose("signup", language, link=link, minutes=settings.auth_link_ttl_minutes))


def _obfuscated_user(email: str, data: dict[str, Any] | None) -> dict[str, Any]:
    """What GoTrue answers a sign-up for an address that already has an account, with confirmations on."""
    now = datetime.now(UTC).isoformat()
    return {"id": str(uuid.uuid4()), "aud": "authenticated", "role": "authenticated", "email": email,
            "phone": "", "confirmation_sent_at": now, "app_metadata": {"provider": "email", "providers": ["email"]},
            "user_metadata": data or {}, "identities": [], "created_at": now, "updated_at": now,
            "is_anonymous": False}


def sign_in_with_password(*, session: Session, settings: Settings, body: PasswordGrantIn,
                          user_agent: str | None, ip: str | None) -> dict[str, Any]:
    if not body.email or not body.password:
        raise invalid_credentials()
    user = find_user_by_email(session=session, email=body.email)
    ok = verify_password(body.password, user.encrypted_password if user else None)
    if user is None or not ok:
        raise invalid_credentials()
    if user.banned_until is not None and user.banned_until > datetime.now(UTC):
        raise AuthApiError(400, "user_banned", "User is banned")
    if user.email_confirmed_at is None:
        raise AuthApiError(400, "email_not_confirmed", "Email not confirmed")
    return sessions.issue_session(session=session, settings=settings, user=user, method="password",
                                  user_agent=user_agent, ip=ip)


# --- e-mail links (confirmation, recovery, e-mail change) ---------------------------------------------------

def _email_link(*, session: Session, settings: Settings, user: User, kind: str, redirect_to: str,
                challenge: tuple[str | None, str | None], relates_to: str | None = None) -> str:
    token = new_token(32)
    session.add(OneTimeToken(user_id=user.id, token_type=LINK_TYPES[kind], token_hash=hash_token(token),
                             relates_to=relates_to,
                             expires_at=datetime.now(UTC) + timedelta(minutes=settings.auth_link_ttl_minutes)))
    code_challenge, method = challenge
    if code_challenge:
        # PKCE: the link's token doubles as the flow's state; verifying it yields an auth code.
        session.add(FlowState(provider="email", state_hash=hash_token(token), code_challenge=code_challenge,
                              code_challenge_method=method, redirect_to=redirect_to, user_id=user.id,
                              expires_at=datetime.now(UTC) + timedelta(minutes=settings.auth_link_ttl_minutes)))
    session.flush()
    query = urlencode({"token": token, "type": kind, "redirect_to": redirect_to})
    return f"{settings.site_url}/auth/v1/verify?{query}"


def queue_recovery(*, body: RecoverIn, redirect_to: str | None, language: Language | None = None) -> None:
    """Check the request, then queue the recovery e-mail (`auth.recover`) whether or not the account exists:
    the request does the same work, in the same time, for every address. `language` is the request's (the e-mail
    uses it when the user has saved no locale)."""
    email = checked_email(body.email)
    challenge, method = _code_challenge(body.code_challenge, body.code_challenge_method)
    with privileged_session() as session:
        defer(session, "auth.recover", email, redirect_to, challenge, method, language)


def recover(*, session: Session, settings: Settings, body: RecoverIn, redirect_to: str | None,
            language: Language | None = None) -> None:
    """Send a one-time recovery link if the account exists; nothing otherwise (the background half of
    `queue_recovery`), in the user's saved language, else `language`, else English."""
    email = checked_email(body.email)
    user = find_user_by_email(session=session, email=email)
    if user is None:
        return
    target = safe_redirect(settings, redirect_to, "/reset-password")
    link = _email_link(session=session, settings=settings, user=user, kind="recovery", redirect_to=target,
                       challenge=_code_challenge(body.code_challenge, body.code_challenge_method))
    send_composed(session=session, to=user.email,
                  email=compose("recovery", mail_language(session=session, user=user, requested=language), link=link,
                                minutes=settings.auth_link_ttl_minutes))


@dataclass(frozen=True)
class LinkOutcome:
    """Where to send the browser, and the session when the link signed the user in directly."""

    redirect: str
    session: dict[str, Any] | None = None


def verify_link(*, session: Session, settings: Settings, token: str, kind: str, redirect_to: str | None,
                user_agent: str | None, ip: str | None) -> LinkOutcome:
    """Follow an e-mail link: sign in (tokens in the fragment), or hand out a PKCE auth code, or an error."""
    default_path = "/reset-password" if kind == "recovery" else "/onboarding/wizard"
    target = safe_redirect(settings, redirect_to, default_path)
    token_type = LINK_TYPES.get(kind)
    row = session.scalar(select(OneTimeToken).where(OneTimeToken.token_hash == hash_token(token))
                         .with_for_update()) if token_type else None
    now = datetime.now(UTC)
    if row is None or row.token_type != token_type or row.used_at is not None or row.expires_at < now:
        return LinkOutcome(with_fragment(target, {"error": "access_denied", "error_code": "otp_expired",
                                                  "error_description": msg("otp_expired.link")}))
    row.used_at = now
    if row.token_type == LINK_TYPES["recovery"]:  # a newer link used: every other outstanding link of the user ends
        end_links(session=session, user_id=row.user_id, keep_state=hash_token(token))
    user = session.get(User, row.user_id)
    if user is None:
        return LinkOutcome(with_fragment(target, {"error": "access_denied", "error_code": "user_not_found",
                                                  "error_description": msg("not_found.user")}))
    _apply_link(session=session, user=user, link_type=row.token_type, relates_to=row.relates_to, now=now)
    flow = session.scalar(select(FlowState).where(FlowState.state_hash == hash_token(token)))
    if flow is not None:
        code = new_token(24)
        flow.auth_code_hash = hash_token(code)
        flow.expires_at = now + FLOW_TTL
        separator = "&" if "?" in flow.redirect_to else "?"
        return LinkOutcome(f"{flow.redirect_to}{separator}{urlencode({'code': code})}")
    issued = sessions.issue_session(session=session, settings=settings, user=user, method="otp",
                                    user_agent=user_agent, ip=ip)
    return LinkOutcome(with_fragment(target, {
        "access_token": issued["access_token"], "expires_at": issued["expires_at"],
        "expires_in": issued["expires_in"], "refresh_token": issued["refresh_token"], "token_type": "bearer",
        "type": kind}), issued)


def end_links(*, session: Session, user_id: uuid.UUID, keep_state: str | None = None) -> None:
    """Every e-mail link of the user not yet followed stops working (and the PKCE flows they started, but the
    one whose state is `keep_state`)."""
    now = datetime.now(UTC)
    session.execute(update(OneTimeToken).where(OneTimeToken.user_id == user_id, OneTimeToken.used_at.is_(None))
                    .values(used_at=now))
    flows = delete(FlowState).where(FlowState.user_id == user_id, FlowState.provider == "email")
    if keep_state is not None:
        flows = flows.where(FlowState.state_hash != keep_state)
    session.execute(flows)


def _apply_link(*, session: Session, user: User, link_type: str, relates_to: str | None, now: datetime) -> None:
    if link_type in ("confirmation", "recovery") and user.email_confirmed_at is None:
        user.email_confirmed_at = now  # following a link sent to the address proves it
    new_email_free = relates_to and find_user_by_email(session=session, email=relates_to) is None
    if link_type == "email_change" and relates_to and new_email_free:
        user.email = relates_to
        _update_email_identity(session, user)


def with_fragment(url: str, values: dict[str, Any]) -> str:
    return f"{url.split('#', 1)[0]}#{urlencode(values)}"


def _challenge_of(verifier: str, method: str | None) -> str:
    if method == "plain":
        return verifier
    digest = hashlib.sha256(verifier.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def exchange_code(*, session: Session, settings: Settings, body: PkceGrantIn, user_agent: str | None,
                  ip: str | None) -> dict[str, Any]:
    """grant_type=pkce: trade the auth code (from Google's callback or an e-mail link) for a session."""
    if not body.auth_code or not body.code_verifier:
        raise validation_failed(msg("validation_failed.pkce_request"))
    flow = session.scalar(select(FlowState).where(FlowState.auth_code_hash == hash_token(body.auth_code))
                          .with_for_update())
    if flow is None or flow.expires_at < datetime.now(UTC) or flow.user_id is None:
        raise AuthApiError(404, "flow_state_not_found", "invalid flow state, no valid flow state found")
    if not flow.code_challenge or not same(_challenge_of(body.code_verifier, flow.code_challenge_method),
                                           flow.code_challenge):
        raise AuthApiError(403, "bad_code_verifier",
                           "code challenge does not match previously saved code verifier")
    user = session.get(User, flow.user_id)
    method = "oauth" if flow.provider != "email" else "otp"
    session.execute(delete(FlowState).where(FlowState.id == flow.id))
    if user is None:
        raise AuthApiError(404, "user_not_found", "User not found")
    return sessions.issue_session(session=session, settings=settings, user=user, method=method,
                                  user_agent=user_agent, ip=ip)


# --- the signed-in user's own record ---------------------------------------------------------------------

def _reauthenticated(*, session: Session, settings: Settings, user: User, session_id: uuid.UUID | None,
                     current_password: str | None, needed: str) -> None:
    """A new password or e-mail address takes more than an access token: the current password, or a session that
    signed in within the last FIREPATH_AUTH_REAUTH_WINDOW_MINUTES (a sign-in, a recovery link, Google)."""
    if current_password:
        if not verify_password(current_password, user.encrypted_password):
            raise AuthApiError(400, "reauthentication_not_valid", "The current password is not right.")
        return
    started = session.scalar(select(AuthSession.created_at).where(AuthSession.id == session_id,
                                                                  AuthSession.user_id == user.id))
    window = timedelta(minutes=settings.auth_reauth_window_minutes)
    if started is None or datetime.now(UTC) - started > window:
        raise AuthApiError(400, "reauthentication_needed", msg(needed))


def update_user(*, session: Session, settings: Settings, user_id: uuid.UUID, body: UserUpdateIn,
                session_id: uuid.UUID | None = None, language: Language | None = None) -> dict[str, Any]:
    """Change the signed-in user's password, metadata or e-mail. A new password or e-mail needs reauthentication
    (`_reauthenticated`); a new password ends every other session of the user (`session_id` is the caller's, which
    stays) and every e-mail link not yet followed; a new e-mail takes effect when the link sent to it is followed."""
    user = session.get(User, user_id)
    if user is None:
        raise AuthApiError(404, "user_not_found", "User not found")
    email = checked_email(body.email) if body.email is not None else None
    changing_email = email is not None and email != user.email
    if body.password is not None:
        checked_password(body.password)
    if body.password is not None or changing_email:
        _reauthenticated(session=session, settings=settings, user=user, session_id=session_id,
                         current_password=body.current_password,
                         needed="reauthentication_needed.password" if body.password is not None
                         else "reauthentication_needed.email")
    if body.data is not None:
        merged = {**user.user_metadata, **body.data}
        user.user_metadata = checked_metadata({k: v for k, v in merged.items() if v is not None}) or {}
    if body.password is not None:
        user.encrypted_password = hash_password(body.password)
        sessions.revoke_sessions(session=session, user_id=user_id, keep=session_id)
        end_links(session=session, user_id=user_id)
    extra: dict[str, Any] = {}
    if email is not None and changing_email:
        if find_user_by_email(session=session, email=email) is not None:
            raise AuthApiError(422, "email_exists", "A user with this email address has already been registered")
        link = _email_link(session=session, settings=settings, user=user, kind="email_change",
                           redirect_to=safe_redirect(settings, None, "/settings/profile"),
                           challenge=(None, None), relates_to=email)
        send_composed(session=session, to=email,
                      email=compose("email_change", mail_language(session=session, user=user, requested=language),
                                    link=link, old_email=user.email, minutes=settings.auth_link_ttl_minutes))
        extra = {"new_email": email, "email_change_sent_at": datetime.now(UTC).isoformat()}
    user.updated_at = datetime.now(UTC)
    session.flush()
    return user_json(session, user, **extra)


def _update_email_identity(session: Session, user: User) -> None:
    identity = session.scalar(select(Identity).where(Identity.user_id == user.id, Identity.provider == "email"))
    if identity is not None:
        identity.email = user.email
        identity.identity_data = {**identity.identity_data, "email": user.email}
