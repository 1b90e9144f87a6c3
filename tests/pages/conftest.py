"""Personas and a running tournament for the page tests (healthchecks' habit: owner, member,
outsider)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.factories import TournamentFactory, seated_table


@pytest.fixture
def organizer(db):
    """A user allowed to create tournaments (``manage.py make_organizer``), who owns the
    ``tournament`` fixture."""
    from django.contrib.auth.models import Permission

    user = get_user_model().objects.create_user("olga", password="pw-olga-123")
    user.user_permissions.add(
        Permission.objects.get(content_type__app_label="tournaments", codename="add_tournament")
    )
    return user


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


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def as_organizer(organizer):
    return _client(organizer)


@pytest.fixture
def as_arbiter(arbiter):
    return _client(arbiter)


@pytest.fixture
def as_outsider(outsider):
    return _client(outsider)


@pytest.fixture
def anonymous(db):
    return _client()


def sheet_url(table, suffix=""):
    return f"/t/{table.round.tournament.slug}/tables/{table.round.number}/{table.number}/{suffix}"


@pytest.fixture(autouse=True)
def _empty_cache():
    # Rendered standings are cached per tournament id and fingerprint; ids repeat between tests.
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
