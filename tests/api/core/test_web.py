"""The built web client is served for paths no route answers; API paths keep their JSON 404."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from api.core.config import get_settings
from api.main import create_app


def test_the_client_build_is_served_behind_every_route(tmp_path: Path) -> None:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>FIRE Path</title>")
    (tmp_path / "assets" / "app-1234.js").write_text("console.log('hi')")
    (tmp_path.parent / "secret.txt").write_text("not for the web")
    app = create_app(get_settings().model_copy(update={"web_dist": tmp_path}))

    @app.get("/late-route")
    def late() -> dict[str, bool]:  # added after the client was mounted: still answers
        return {"late": True}

    client = TestClient(app)
    page = client.get("/fire-dashboard")
    assert page.status_code == 200 and "FIRE Path" in page.text and page.headers["cache-control"] == "no-cache"
    asset = client.get("/assets/app-1234.js")
    assert asset.status_code == 200 and "immutable" in asset.headers["cache-control"]
    assert client.get("/late-route").json() == {"late": True}
    assert "not for the web" not in client.get("/../secret.txt").text
    for method, path in (("GET", "/api/v1/nowhere"), ("GET", "/auth/v1/nowhere"), ("POST", "/fire-dashboard")):
        response = client.request(method, path)
        assert response.status_code == 404, path
        assert response.json()["code"] == "not_found"
