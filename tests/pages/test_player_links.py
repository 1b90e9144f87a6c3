"""Players' private addresses: the page, the actions, and the 403/404 matrix of tokens (issue
13)."""

import pytest
from django.core.cache import cache

from tables.models import Hand, HandEntry, TableFlag
from tests.factories import seated_table
from tournaments import links
from tournaments.audit import COMMAND_LINE
from tournaments.models import Registration

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def policy_table(tournament):
    tournament.confirmation_policy = "player"
    tournament.players_enter_hands = True
    tournament.save()
    return seated_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])


def link(table, position):
    registration = Registration.objects.get(seats__table=table, seats__position=position)
    return links.path_of(links.issue(registration, actor=COMMAND_LINE))


def test_the_private_page_shows_where_i_sit_and_who_deals_first(anonymous, policy_table):
    page = anonymous.get(link(policy_table, 2))
    html = page.content.decode()
    assert page.status_code == 200 and "Carla" in html and "Round 1, table 1, seat 3" in html
    assert "deals first" in html and 'aria-current="true"' in html
    assert page["Cache-Control"] == "no-store" and page["Referrer-Policy"] == "no-referrer"


def test_a_player_enters_and_another_accepts(anonymous, policy_table):
    anna, bruno = link(policy_table, 0), link(policy_table, 1)
    data = {"version": 0, "number": 1, "action": "record", "p0": 13, "p1": 13, "p2": 0, "p3": 0}
    entered = anonymous.post(anna + "hands/", data, headers=HTMX)
    assert entered.status_code == 200 and "Hand 1 entered." in entered.content.decode()
    entry = HandEntry.objects.get()
    assert "waits to be checked" in anonymous.get(anna).content.decode()
    page = anonymous.get(bruno).content.decode()
    assert f"/entries/{entry.pk}/accept/" in page
    own = anonymous.post(anna + f"entries/{entry.pk}/accept/", {"seen": "13 13 0 0"})
    assert (
        own.status_code == 403 and "another player of the table must accept" in own.content.decode()
    )
    accepted = anonymous.post(
        bruno + f"entries/{entry.pk}/accept/", {"seen": "13 13 0 0"}, headers=HTMX
    )
    assert accepted.status_code == 200 and Hand.objects.count() == 1


def test_an_entry_that_changed_is_refused_with_the_new_values(anonymous, policy_table):
    anna, bruno, carla = link(policy_table, 0), link(policy_table, 1), link(policy_table, 2)
    data = {"version": 0, "number": 1, "action": "record", "p0": 13, "p1": 13, "p2": 0, "p3": 0}
    anonymous.post(anna + "hands/", data)
    first = HandEntry.objects.get()
    anonymous.post(carla + "hands/", {**data, "p1": 0, "p2": 13})
    stale = anonymous.post(bruno + f"entries/{first.pk}/accept/", {"seen": "13 13 0 0"})
    assert stale.status_code == 409 and "replaced or decided" in stale.content.decode()
    assert not Hand.objects.exists()


def test_the_exact_check_applies_to_players_entries(anonymous, policy_table):
    data = {"version": 0, "number": 1, "action": "record", "p0": 7, "p1": 7, "p2": 6, "p3": 6}
    refused = anonymous.post(link(policy_table, 0) + "hands/", data)
    assert (
        refused.status_code == 422 and "nobody took the queen of spades" in refused.content.decode()
    )
    assert not HandEntry.objects.exists()


def test_a_player_calls_the_arbiter(anonymous, policy_table):
    response = anonymous.post(link(policy_table, 3) + "call/", {"reason": "revoke at trick 5"})
    assert response.status_code == 200 and TableFlag.objects.get().reason == "revoke at trick 5"


def test_tokens_matrix(anonymous, policy_table, tournament):
    """Unknown, malformed and revoked addresses: 404; a token acts only on its own table: 403."""
    anna = link(policy_table, 0)
    registration = Registration.objects.get(seats__table=policy_table, seats__position=0)
    wrong = f"/p/{registration.pk}-{'x' * 32}/"
    for path in (wrong, "/p/nonsense/", f"/p/{registration.pk}-/", "/p/999999-abc/"):
        assert anonymous.get(path).status_code == 404, path
        assert anonymous.post(path + "call/", {"reason": "x"}).status_code == 404
    links.revoke(registration, actor=COMMAND_LINE)
    assert anonymous.get(anna).status_code == 404
    fresh = links.path_of(links.issue(registration, actor=COMMAND_LINE))
    assert fresh != anna and anonymous.get(fresh).status_code == 200
    # Another table's entry cannot be accepted from here; entering is refused when the policy says
    # so.
    other = seated_table(tournament, number=2)
    entry = HandEntry.objects.create(
        table=other,
        number=1,
        points=[13, 13, 0, 0],
        table_version=0,
        entered_by_player=Registration.objects.get(seats__table=other, seats__position=0),
    )
    assert (
        anonymous.post(fresh + f"entries/{entry.pk}/accept/", {"seen": "13 13 0 0"}).status_code
        == 409
    )
    tournament.players_enter_hands = False
    tournament.save()
    refused = anonymous.post(
        fresh + "hands/",
        {"version": 0, "number": 1, "action": "record", "p0": 13, "p1": 13, "p2": 0, "p3": 0},
    )
    assert refused.status_code == 403


def test_wrong_addresses_are_throttled(anonymous, policy_table, settings, monkeypatch):
    cache.clear()
    # django-ratelimit counts in fixed one-minute windows: hold the clock so the 25 requests share
    # one.
    import django_ratelimit.core

    now = django_ratelimit.core.time.time()
    monkeypatch.setattr(django_ratelimit.core.time, "time", lambda: now)
    registration = Registration.objects.get(seats__table=policy_table, seats__position=0)
    statuses = [anonymous.get(f"/p/{registration.pk}-guess{i}/").status_code for i in range(25)]
    assert statuses[:20] == [404] * 20 and 429 in statuses[20:]
    cache.clear()


def test_an_arbiter_policy_table_records_a_players_entry_at_once(anonymous, tournament):
    tournament.players_enter_hands = True
    tournament.save()
    table = seated_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])
    data = {"version": 0, "number": 1, "action": "record", "p0": 13, "p1": 3, "p2": 5, "p3": 5}
    assert anonymous.post(link(table, 1) + "hands/", data).status_code == 200
    hand = Hand.objects.get()
    assert hand.history.get().history_actor == "player"


def test_the_arbiters_round_page_shows_every_table_state(as_arbiter, anonymous, tournament):
    from tables import entries
    from tournaments.audit import Actor

    tournament.confirmation_policy = "player"
    tournament.players_enter_hands = True
    tournament.save()
    tables = [seated_table(tournament, number=n) for n in range(1, 6)]
    from tables.services import record_hand

    record_hand(tables[1], [13, 13, 0, 0], actor=COMMAND_LINE)  # 2: playing
    anna = Actor.of_player(Registration.objects.get(seats__table=tables[2], seats__position=0))
    entries.submit(tables[2], actor=anna, number=1, points=[13, 13, 0, 0])  # 3: awaiting
    rejected = entries.submit(
        tables[3],
        actor=Actor.of_player(Registration.objects.get(seats__table=tables[3], seats__position=0)),
        number=1,
        points=[13, 13, 0, 0],
    )
    entries.reject(
        tables[3],
        rejected.pk,
        actor=Actor.of_player(Registration.objects.get(seats__table=tables[3], seats__position=1)),
        reason="wrong",
    )  # 4: disputed
    entries.flag_table(
        tables[4],
        actor=Actor.of_player(Registration.objects.get(seats__table=tables[4], seats__position=2)),
        reason="a card on the floor",
    )  # 5
    page = as_arbiter.get("/t/coppa/rounds/1/arbiter/").content.decode()
    order = [page.index(f"Table {n}<") for n in (5, 4, 3, 2, 1)]
    assert order == sorted(order), (
        "most urgent first: called, disputed, awaiting, playing, not started"
    )
    assert "a card on the floor" in page and "disputed" in page and "awaiting confirmation" in page
    assert "playing hand 2" in page and "not started" in page
    by_table = as_arbiter.get("/t/coppa/rounds/1/arbiter/?sort=table").content.decode()
    assert by_table.index("Table 1<") < by_table.index("Table 5<")
    assert anonymous.get("/t/coppa/rounds/1/arbiter/").status_code == 403
    flag = TableFlag.objects.get()
    response = as_arbiter.post(
        f"/t/coppa/tables/1/5/flags/{flag.pk}/resolve/", {"note": "picked up"}
    )
    assert response.status_code == 302
    flag.refresh_from_db()
    assert flag.resolved_at and flag.note == "picked up"
