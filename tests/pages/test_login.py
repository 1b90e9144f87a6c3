"""Login throttling (django-axes with config/login_throttle.py) that cannot be turned into a lockout
of someone else: (a) attempts during a lockout do not extend it; (b) an account is locked per user
name and address, while one address trying many accounts is throttled on its own, larger limit;
(c) the client address comes from X-Forwarded-For only when CUORI_PROXY_COUNT proxies are
trusted."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.db.models import F
from django.test import Client

from tests.test_settings import settings_with_env

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
ATTACKER = "203.0.113.9"
ARBITER_PHONE = "198.51.100.7"
VENUE = "192.0.2.50"


def attempt(client, username, password, **extra):
    return client.post(LOGIN, {"username": username, "password": password}, **extra).status_code


def rewind(minutes):
    """Make every recorded failure ``minutes`` older (as if that time had passed)."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=minutes))


# --- (a) the cool-off is not extended by attempts during the lockout ---------------------


def test_attempts_during_a_lockout_do_not_extend_the_cool_off(organizer, client):
    assert [attempt(client, "olga", "wrong") for _ in range(5)] == [200, 200, 200, 200, 429]
    rewind(14)  # 14 of the 15 minutes have passed
    assert (
        attempt(client, "olga", "wrong") == 429
    )  # still locked: this attempt must not restart the clock
    assert attempt(client, "olga", "pw-olga-123") == 429
    rewind(2)  # 16 minutes after the lockout, 2 after the last attempts
    assert attempt(client, "olga", "pw-olga-123") == 302


def test_the_lockout_still_ends_after_the_cool_off(organizer, client):
    for _ in range(5):
        attempt(client, "olga", "wrong")
    rewind(16)
    assert attempt(client, "olga", "pw-olga-123") == 302


# --- (b) per account and address; per address on its own limit ---------------------------


def test_an_attacker_elsewhere_cannot_lock_the_arbiter_out(arbiter):
    attacker, phone = Client(REMOTE_ADDR=ATTACKER), Client(REMOTE_ADDR=ARBITER_PHONE)
    assert [attempt(attacker, "arturo", "guess") for _ in range(5)][-1] == 429
    assert (
        attempt(attacker, "arturo", "pw-arturo-123") == 429
    )  # the attacker's address is locked for arturo
    assert attempt(phone, "arturo", "pw-arturo-123") == 302  # arturo's own phone is not


def test_one_address_trying_many_accounts_is_locked_out(settings, organizer):
    assert settings.CUORI_LOGIN_ADDRESS_FAILURE_LIMIT == 30
    attacker = Client(REMOTE_ADDR=ATTACKER)
    statuses = [attempt(attacker, f"user{i}", "guess") for i in range(30)]
    assert statuses[:29] == [200] * 29 and statuses[29] == 429  # one failure per name, 30 names
    locked = attacker.post(LOGIN, {"username": "olga", "password": "pw-olga-123"})
    assert locked.status_code == 429
    assert "Too many failed logins from this address" in locked.content.decode()
    assert attempt(Client(REMOTE_ADDR=ARBITER_PHONE), "olga", "pw-olga-123") == 302


def test_a_shared_address_is_not_locked_by_a_few_typos_each(organizer):
    """A club's Wi-Fi: several people mistype a few times from the same address."""
    User = get_user_model()
    names = [f"arbiter{i}" for i in range(6)]
    for name in names:
        User.objects.create_user(name, password=f"pw-{name}-123")
    venue = Client(REMOTE_ADDR=VENUE)
    for name in names:  # 6 x 4 = 24 failures, under 30, and under 5 per user name
        assert [attempt(venue, name, "typo") for _ in range(4)] == [200] * 4
    assert attempt(venue, "olga", "pw-olga-123") == 302


def test_logging_in_to_ones_own_account_keeps_the_failures_on_others(outsider):
    attacker = Client(REMOTE_ADDR=ATTACKER)
    for i in range(29):
        assert attempt(attacker, f"user{i}", "guess") == 200
    assert attempt(attacker, "otto", "pw-otto-123") == 302  # the attacker's own account
    attacker.post("/accounts/logout/")
    assert attempt(attacker, "user99", "guess") == 429  # the 30th failure from the address


def test_a_successful_login_forgets_that_users_failures_from_that_address(organizer, client):
    for _ in range(4):
        attempt(client, "olga", "wrong")
    assert attempt(client, "olga", "pw-olga-123") == 302
    client.post("/accounts/logout/")
    assert [attempt(client, "olga", "wrong") for _ in range(4)] == [200] * 4  # a fresh count


# --- (c) the client address and the proxy header ----------------------------------------


def test_without_a_proxy_x_forwarded_for_is_ignored(organizer):
    """CUORI_PROXY_COUNT=0 (the default): a client cannot pick fresh addresses with a header."""
    client = Client(REMOTE_ADDR=ATTACKER)
    statuses = [
        attempt(client, "olga", "wrong", HTTP_X_FORWARDED_FOR=f"198.51.100.{i}") for i in range(5)
    ]
    assert statuses[-1] == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {ATTACKER}


def test_proxy_count_settings(monkeypatch):
    default = settings_with_env(monkeypatch)
    assert default["AXES_IPWARE_META_PRECEDENCE_ORDER"] == ("REMOTE_ADDR",)
    one = settings_with_env(monkeypatch, CUORI_PROXY_COUNT=1)
    assert one["AXES_IPWARE_META_PRECEDENCE_ORDER"] == ("HTTP_X_FORWARDED_FOR",)
    assert one["AXES_IPWARE_PROXY_COUNT"] == 0 and one["IPWARE_STRICT"] is False
    assert settings_with_env(monkeypatch, CUORI_PROXY_COUNT=2)["AXES_IPWARE_PROXY_COUNT"] == 1


@pytest.fixture
def behind_one_proxy(settings, monkeypatch):
    """The settings config/settings.py makes from CUORI_PROXY_COUNT=1, applied to this test."""
    conf = settings_with_env(monkeypatch, CUORI_PROXY_COUNT=1)
    for name in (
        "AXES_IPWARE_META_PRECEDENCE_ORDER",
        "AXES_IPWARE_PROXY_COUNT",
        "AXES_IPWARE_PROXY_ORDER",
        "IPWARE_STRICT",
    ):
        setattr(settings, name, conf[name])
    return Client(REMOTE_ADDR="10.0.0.2")  # every request arrives from the proxy


def test_behind_a_proxy_each_client_is_throttled_on_its_own_address(organizer, behind_one_proxy):
    proxy = behind_one_proxy
    for _ in range(5):
        attempt(proxy, "olga", "wrong", HTTP_X_FORWARDED_FOR=ATTACKER)
    assert attempt(proxy, "olga", "pw-olga-123", HTTP_X_FORWARDED_FOR=ATTACKER) == 429
    assert attempt(proxy, "olga", "pw-olga-123", HTTP_X_FORWARDED_FOR=ARBITER_PHONE) == 302
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {ATTACKER}


def test_behind_a_proxy_a_forged_address_on_the_left_is_ignored(organizer, behind_one_proxy):
    """The proxy appends the address it saw; whatever the client wrote before it does not count."""
    proxy = behind_one_proxy
    statuses = [
        attempt(proxy, "olga", "wrong", HTTP_X_FORWARDED_FOR=f"198.51.100.{i}, {ATTACKER}")
        for i in range(5)
    ]
    assert statuses[-1] == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {ATTACKER}
    # Nor can the attacker frame the arbiter's address by writing it on the left.
    assert attempt(proxy, "olga", "pw-olga-123", HTTP_X_FORWARDED_FOR=ARBITER_PHONE) == 302
