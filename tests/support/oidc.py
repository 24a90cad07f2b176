"""A minimal OpenID Connect issuer on loopback standing in for Google in tests: discovery, an authorize
endpoint that approves at once, a token endpoint issuing RS256 ID tokens, and its JWKS."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from fastapi import FastAPI, Form, HTTPException
from fastapi.responses import RedirectResponse
from joserfc import jwt
from joserfc.jwk import RSAKey

CLIENT_ID = "firepath-test-client.apps.example"
CLIENT_SECRET = "test-client-secret"


@dataclass
class Issuer:
    base_url: str = ""
    key: RSAKey = field(default_factory=lambda: RSAKey.generate_key(2048, parameters={"kid": "test-key"}))
    account: dict[str, Any] = field(default_factory=dict)
    codes: dict[str, dict[str, Any]] = field(default_factory=dict)

    def sign_in_as(self, *, sub: str, email: str, email_verified: bool = True, name: str = "Test User") -> None:
        self.account = {"sub": sub, "email": email, "email_verified": email_verified, "name": name,
                        "picture": "https://example.com/avatar.png"}

    def app(self) -> FastAPI:
        app = FastAPI()

        @app.get("/.well-known/openid-configuration")
        def discovery() -> dict[str, Any]:
            return {"issuer": self.base_url, "authorization_endpoint": f"{self.base_url}/authorize",
                    "token_endpoint": f"{self.base_url}/token", "jwks_uri": f"{self.base_url}/jwks",
                    "response_types_supported": ["code"], "subject_types_supported": ["public"],
                    "id_token_signing_alg_values_supported": ["RS256"]}

        @app.get("/authorize")
        def authorize(client_id: str, redirect_uri: str, state: str, nonce: str = "",
                      response_type: str = "code", scope: str = "") -> RedirectResponse:
            if client_id != CLIENT_ID or response_type != "code" or "openid" not in scope:
                raise HTTPException(400, "bad authorization request")
            code = uuid.uuid4().hex
            self.codes[code] = {"nonce": nonce, "redirect_uri": redirect_uri, **self.account}
            return RedirectResponse(f"{redirect_uri}?{urlencode({'code': code, 'state': state})}", status_code=302)

        @app.post("/token")
        def token(code: str = Form(), client_id: str = Form(), client_secret: str = Form(),
                  redirect_uri: str = Form(), grant_type: str = Form()) -> dict[str, Any]:
            grant = self.codes.pop(code, None)
            if grant is None or client_id != CLIENT_ID or client_secret != CLIENT_SECRET:
                raise HTTPException(400, "invalid_grant")
            if redirect_uri != grant["redirect_uri"] or grant_type != "authorization_code":
                raise HTTPException(400, "invalid_grant")
            now = int(time.time())
            claims = {"iss": self.base_url, "aud": CLIENT_ID, "iat": now, "exp": now + 600,
                      **{k: v for k, v in grant.items() if k != "redirect_uri"}}
            id_token = jwt.encode({"alg": "RS256", "kid": "test-key"}, claims, self.key)
            return {"access_token": uuid.uuid4().hex, "token_type": "Bearer", "expires_in": 600,
                    "id_token": id_token, "scope": "openid email profile"}

        @app.get("/jwks")
        def jwks() -> dict[str, Any]:
            return {"keys": [self.key.as_dict(private=False)]}

        return app
