"""/auth/v1: GoTrue's endpoints, in its wire format, for @supabase/auth-js and supabase-auth.

Routes parse the JSON body leniently (as GoTrue does) and translate; the work is in flows, sessions and
google. Auth runs on the privileged database path: it acts before a user is known. Errors, and the error
descriptions of the redirects back to the app, are said in the request's language (`api.core.i18n`).
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar
from urllib.parse import parse_qsl, urlencode

from fastapi import APIRouter, Header, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, RedirectResponse
from pydantic import BaseModel, ValidationError

from api.auth import flows, google, ratelimit, sessions, tokens
from api.auth.errors import API_VERSION, API_VERSION_HEADER, AuthApiError, validation_failed
from api.auth.models import User
from api.auth.schemas import (
    PasswordGrantIn,
    PkceGrantIn,
    RecoverIn,
    RefreshGrantIn,
    SignUpIn,
    UserUpdateIn,
    VerifyIn,
)
from api.auth.serialize import user_json
from api.core.config import Settings, get_settings
from api.core.db import privileged_session
from api.core.i18n import Language, language_of_header, localize, msg, request_language

router = APIRouter(prefix="/auth/v1", tags=["auth"], include_in_schema=False)
Body = TypeVar("Body", bound=BaseModel)


def _ok(content: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(content, status_code=status, headers={API_VERSION_HEADER: API_VERSION})


async def _body(request: Request, model: type[Body]) -> Body:
    raw = await request.body()
    try:
        return model.model_validate_json(raw or b"{}")
    except ValidationError as exc:
        errors = exc.errors()
        if errors and errors[0]["type"] == "value_error" and errors[0]["loc"]:  # a field's own check: name it
            field = ".".join(str(p) for p in errors[0]["loc"])
            problem = errors[0]["msg"].removeprefix("Value error, ")
            raise validation_failed(msg("validation_error.field", field=field, message=problem)) from None
        raise validation_failed(msg("validation_failed.json_object")) from None


def _header_language(request: Request) -> Language | None:
    return language_of_header(request.headers.get("accept-language"))


async def _localized_redirect(request: Request, url: str, status: int) -> RedirectResponse:
    """A redirect back to the app; an error it carries in its fragment (GoTrue's `error_description`, which the auth
    clients show) is said in the request's language."""
    base, hash_, fragment = url.partition("#")
    values = dict(parse_qsl(fragment, keep_blank_values=True)) if hash_ else {}
    if "error_description" in values:
        said, _ = localize(values["error_description"], await request_language(request),
                           code=values.get("error_code"))
        if said != values["error_description"]:
            url = f"{base}#{urlencode({**values, 'error_description': said})}"
    return RedirectResponse(url, status_code=status)


def _client(request: Request) -> tuple[str | None, str]:
    ip = request.client.host if request.client else "unknown"
    return request.headers.get("user-agent"), ip


def _limit(settings: Settings, kind: str, *, ip: str, email: str | None) -> None:
    window = settings.rate_limit_window_seconds
    per_ip = {"signin": settings.rate_limit_signin_ip, "signup": settings.rate_limit_signup_ip,
              "recover": settings.rate_limit_recover_ip}[kind]
    ratelimit.hit(key=f"{kind}:ip:{ip}", limit=per_ip, window_seconds=window)
    per_email = {"signin": settings.rate_limit_signin_email, "recover": settings.rate_limit_recover_email}.get(kind)
    if per_email and email:
        # Sign-in counts an address per client address: failures from a stranger slow the stranger, never lock
        # the owner out of their own account. Recovery e-mails count per address (no mailbox gets flooded).
        address = email.strip().lower()
        key = f"signin:email-ip:{address}:{ip}" if kind == "signin" else f"{kind}:email:{address}"
        ratelimit.hit(key=key, limit=per_email, window_seconds=window)


def bearer_claims(settings: Settings, authorization: str | None) -> tokens.AccessClaims:
    """The claims of a valid access token whose session still stands, or a GoTrue error."""
    try:
        return sessions.authenticate(settings=settings, authorization=authorization)
    except sessions.NotAuthenticated as exc:
        status, code = {"missing": (401, "no_authorization"), "invalid": (403, "bad_jwt"),
                        "revoked": (403, "session_not_found")}[exc.reason]
        raise AuthApiError(status, code, exc.detail) from None


@router.post("/signup")
async def signup(request: Request, redirect_to: str | None = None) -> JSONResponse:
    settings = get_settings()
    body = await _body(request, SignUpIn)
    user_agent, ip = _client(request)
    _limit(settings, "signup", ip=ip, email=body.email)
    with privileged_session() as session:
        return _ok(flows.sign_up(session=session, settings=settings, body=body, redirect_to=redirect_to,
                                 user_agent=user_agent, ip=ip, language=_header_language(request)))


@router.post("/token")
async def token(request: Request, grant_type: str | None = None) -> JSONResponse:
    settings = get_settings()
    user_agent, ip = _client(request)
    if grant_type == "password":
        password_body = await _body(request, PasswordGrantIn)
        _limit(settings, "signin", ip=ip, email=password_body.email)
        with privileged_session() as session:
            return _ok(flows.sign_in_with_password(session=session, settings=settings, body=password_body,
                                                   user_agent=user_agent, ip=ip))
    if grant_type == "refresh_token":
        refresh_body = await _body(request, RefreshGrantIn)
        if not refresh_body.refresh_token:
            raise AuthApiError(400, "refresh_token_not_found", msg("refresh_token_not_found.refresh"))
        return _ok(sessions.rotate_refresh_token(settings=settings, refresh_token=refresh_body.refresh_token))
    if grant_type == "pkce":
        pkce_body = await _body(request, PkceGrantIn)
        with privileged_session() as session:
            return _ok(flows.exchange_code(session=session, settings=settings, body=pkce_body,
                                           user_agent=user_agent, ip=ip))
    raise AuthApiError(400, "unsupported_grant_type", "unsupported_grant_type")


@router.post("/logout", status_code=204)
def logout(authorization: Annotated[str | None, Header()] = None,
           scope: Annotated[str, Query()] = "global") -> Response:
    if scope not in ("global", "local", "others"):
        raise validation_failed(msg("validation_failed.logout_scope"))
    claims = bearer_claims(get_settings(), authorization)
    with privileged_session() as session:
        sessions.logout(session=session, claims=claims, scope=scope)  # type: ignore[arg-type]
    return Response(status_code=204, headers={API_VERSION_HEADER: API_VERSION})


@router.get("/user")
def get_user(authorization: Annotated[str | None, Header()] = None) -> JSONResponse:
    claims = bearer_claims(get_settings(), authorization)
    with privileged_session() as session:
        user = session.get(User, claims.user_id)
        if user is None:
            raise AuthApiError(403, "user_not_found", "User from sub claim in JWT does not exist")
        return _ok(user_json(session, user))


@router.put("/user")
async def update_user(request: Request, authorization: Annotated[str | None, Header()] = None) -> JSONResponse:
    settings = get_settings()
    claims = bearer_claims(settings, authorization)
    body = await _body(request, UserUpdateIn)
    with privileged_session() as session:
        return _ok(flows.update_user(session=session, settings=settings, user_id=claims.user_id, body=body,
                                     session_id=claims.session_id, language=_header_language(request)))


@router.post("/recover")
async def recover(request: Request, redirect_to: str | None = None) -> JSONResponse:
    settings = get_settings()
    body = await _body(request, RecoverIn)
    _, ip = _client(request)
    _limit(settings, "recover", ip=ip, email=body.email)
    flows.queue_recovery(body=body, redirect_to=redirect_to, language=_header_language(request))
    return _ok({})


@router.get("/verify")
async def verify_link(request: Request, token: str = "", type: str = "",
                      redirect_to: str | None = None) -> RedirectResponse:
    settings = get_settings()
    user_agent, ip = _client(request)

    def follow() -> flows.LinkOutcome:
        with privileged_session() as session:
            return flows.verify_link(session=session, settings=settings, token=token, kind=type,
                                     redirect_to=redirect_to, user_agent=user_agent, ip=ip)

    outcome = await run_in_threadpool(follow)
    return await _localized_redirect(request, outcome.redirect, 303)


@router.post("/verify")
async def verify_otp(request: Request) -> JSONResponse:
    """verifyOtp with a token hash (or the link's token): answers with the session instead of redirecting."""
    settings = get_settings()
    body = await _body(request, VerifyIn)
    user_agent, ip = _client(request)
    token_value = body.token_hash or body.token
    if not token_value or not body.type:
        raise validation_failed(msg("validation_failed.verify_params"))
    with privileged_session() as session:
        outcome = flows.verify_link(session=session, settings=settings, token=token_value, kind=body.type,
                                    redirect_to=None, user_agent=user_agent, ip=ip)
    if outcome.session is None:
        raise AuthApiError(403, "otp_expired", "Token has expired or is invalid")
    return _ok(outcome.session)


@router.get("/settings")
def auth_settings() -> JSONResponse:
    settings = get_settings()
    return _ok({
        "external": {"email": True, "google": settings.google_enabled, "phone": False, "apple": False,
                     "github": False, "anonymous_users": False},
        "disable_signup": settings.auth_disable_signup,
        "mailer_autoconfirm": not settings.auth_confirm_email,
        "phone_autoconfirm": False,
        "sms_provider": "",
        "saml_enabled": False,
    })


@router.get("/authorize")
def authorize(provider: str | None = None, redirect_to: str | None = None, code_challenge: str | None = None,
              code_challenge_method: str | None = None) -> RedirectResponse:
    settings = get_settings()
    with privileged_session() as session:
        url = google.authorize(session=session, settings=settings, provider=provider, redirect_to=redirect_to,
                               code_challenge=code_challenge, code_challenge_method=code_challenge_method)
    return RedirectResponse(url, status_code=302)


@router.get("/callback")
async def provider_callback(request: Request, code: str | None = None, state: str | None = None,
                            error: str | None = None, error_description: str | None = None) -> RedirectResponse:
    settings = get_settings()
    user_agent, ip = _client(request)

    def finish() -> str:
        with privileged_session() as session:
            return google.callback(session=session, settings=settings, code=code, state=state, error=error,
                                   error_description=error_description, user_agent=user_agent, ip=ip)

    return await _localized_redirect(request, await run_in_threadpool(finish), 302)
