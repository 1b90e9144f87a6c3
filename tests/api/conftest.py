"""Personas, a running tournament and an API client for the API tests."""

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from api import tokens
from tests.factories import TournamentFactory, seated_table


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    """django-ratelimit counts in the cache: every test starts with nothing counted."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def organizer(db):
    return get_user_model().objects.create_user("olga", password="pw-olga-123")


@pytest.fixture
def arbiter(db):
    return get_user_model().objects.create_user("arturo", password="pw-arturo-123")


@pytest.fixture
def outsider(db):
    return get_user_model().objects.create_user("otto", password="pw-otto-123")


@pytest.fixture
def tournament(organizer, arbiter):
    t = TournamentFactory(slug="coppa", name="Coppa Cuori", owner=organizer, rounds_planned=3)
    t.arbiters.add(arbiter)
    return t


@pytest.fixture
def table(tournament):
    return seated_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])


@pytest.fixture
def secret(arbiter, tournament):
    """The arbiter's API token for the tournament."""
    return tokens.create_token(arbiter, tournament, "tablet").secret


class Api:
    """A test client speaking JSON to /api/v1/, with a token when given one."""

    def __init__(self, secret=None):
        self.client = Client()
        self.secret = secret

    def _headers(self, headers):
        out = dict(headers or {})
        if self.secret is not None:
            out.setdefault("Authorization", f"Bearer {self.secret}")
        return out

    def get(self, path, headers=None, **params):
        return self.client.get(f"/api/v1{path}", params, headers=self._headers(headers))

    def post(self, path, body, *, key=None, headers=None, method="post"):
        headers = self._headers(headers)
        if key is not False:
            headers.setdefault("Idempotency-Key", key or str(uuid.uuid4()))
        data = body if isinstance(body, (str, bytes)) else __import__("json").dumps(body)
        return getattr(self.client, method)(
            f"/api/v1{path}", data, content_type="application/json", headers=headers
        )

    def put(self, path, body, **kwargs):
        return self.post(path, body, method="put", **kwargs)


@pytest.fixture
def anonymous_api():
    return Api()


@pytest.fixture
def arbiter_api(secret):
    return Api(secret)
