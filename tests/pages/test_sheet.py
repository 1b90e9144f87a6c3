"""The arbiter's score sheet: entry, validation, moon, penalty, correction, locking, game end."""

import pytest

from tables.models import Hand, HandScore, Penalty, Table
from tables.services import record_hand
from tournaments.audit import COMMAND_LINE
from tournaments.models import Round

from .conftest import sheet_url

pytestmark = pytest.mark.django_db


def post_hand(client, table, points=None, htmx=True, **extra):
    table.refresh_from_db()
    data = {"version": table.version, "number": table.hands.count() + 1, **extra}
    if points is not None:
        data.update({f"p{i}": p for i, p in enumerate(points)})
        data.setdefault("action", "record")
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(sheet_url(table, "hands/"), data, headers=headers)


def test_it_shows_the_sheet_to_the_public_without_entry_row(anonymous, table):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    response = anonymous.get(sheet_url(table))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Anna" in html and "Dario" in html and 'id="entry"' not in html
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_it_shows_the_entry_row_to_an_arbiter_with_dealer_and_pass(as_arbiter, table):
    response = as_arbiter.get(sheet_url(table))
    html = response.content.decode()
    assert 'id="entry"' in html and 'name="p0"' in html and "autofocus" in html
    assert "Anna deals; pass: to the left" in html


def test_it_records_a_hand_and_returns_the_sheet_fragment(as_arbiter, table):
    response = post_hand(as_arbiter, table, [13, 3, 5, 5])
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="sheet"' in html and "<html" not in html
    assert "Hand 1 recorded" in html
    assert list(
        HandScore.objects.filter(hand__table=table)
        .order_by("seat__position")
        .values_list("points", flat=True)
    ) == [13, 3, 5, 5]
    assert Hand.objects.get(table=table).recorded_by.username == "arturo"


def test_without_htmx_it_redirects_after_recording(as_arbiter, table):
    response = post_hand(as_arbiter, table, [13, 3, 5, 5], htmx=False)
    assert response.status_code == 302 and response["Location"] == sheet_url(table)


def test_it_refuses_a_hand_that_does_not_add_up_with_the_message(as_arbiter, table):
    response = post_hand(as_arbiter, table, [10, 6, 5, 4])
    assert response.status_code == 422
    assert "add up to 25" in response.content.decode()
    assert not Hand.objects.filter(table=table).exists()


def test_it_shows_the_error_next_to_a_bad_cell(as_arbiter, table):
    response = post_hand(as_arbiter, table, [10, "x", 5, ""])
    html = response.content.decode()
    assert response.status_code == 422
    assert "Whole numbers only." in html and "Enter the points of this seat." in html
    assert 'aria-invalid="true"' in html


def test_the_check_endpoint_validates_as_the_arbiter_types(as_arbiter, table):
    url = sheet_url(table, "check/")
    partial = as_arbiter.post(
        url, {"p0": "10", "p1": "6"}, headers={"HX-Request": "true"}
    ).content.decode()
    assert "16 of 26 so far; 10 to go." in partial
    wrong = as_arbiter.post(url, {"p0": "10", "p1": "6", "p2": "5", "p3": "4"}).content.decode()
    assert "add up to 25" in wrong
    impossible = as_arbiter.post(
        url, {"p0": "10", "p1": "6", "p2": "5", "p3": "5"}
    ).content.decode()
    assert (
        "No seat has 13 or more points, so nobody took the queen of spades: check the numbers"
        in impossible
    )
    good = as_arbiter.post(url, {"p0": "13", "p1": "3", "p2": "5", "p3": "5"}).content.decode()
    assert "press Enter" in good
    moon = as_arbiter.post(url, {"p0": "0", "p1": "26", "p2": "26", "p3": "26"}).content.decode()
    assert "Shoot the moon" in moon


def test_the_moon_button_records_the_pattern_for_the_shooter(as_arbiter, table):
    response = post_hand(as_arbiter, table, moon=2)
    assert response.status_code == 200, response.content.decode()
    points = list(
        HandScore.objects.filter(hand__table=table)
        .order_by("seat__position")
        .values_list("points", flat=True)
    )
    assert points == [26, 26, 0, 26]


def test_the_moon_button_with_the_choice_rule_can_subtract(as_arbiter, table):
    tournament = table.round.tournament
    tournament.moon_rule = "choice"
    tournament.save()
    assert post_hand(as_arbiter, table, moon_self=1).status_code == 200
    points = list(
        HandScore.objects.filter(hand__table=table)
        .order_by("seat__position")
        .values_list("points", flat=True)
    )
    assert points == [0, -26, 0, 0]


def test_a_penalty_needs_offender_and_reason_shown_next_to_the_fields(as_arbiter, table):
    response = post_hand(as_arbiter, table, action="penalty")
    html = response.content.decode()
    assert response.status_code == 422
    assert (
        "Choose the player who made the illegal play." in html
        and "Give the reason for the penalty." in html
    )
    assert not Hand.objects.exists()


def test_a_penalty_gives_the_offender_the_hand_total(as_arbiter, table):
    response = post_hand(
        as_arbiter, table, action="penalty", penalty_offender=1, penalty_reason="revoke"
    )
    assert response.status_code == 200
    points = list(
        HandScore.objects.filter(hand__table=table)
        .order_by("seat__position")
        .values_list("points", flat=True)
    )
    assert points == [0, 26, 0, 0]
    assert Penalty.objects.get().reason == "revoke"
    assert "Penalty to seat 2: revoke" in response.content.decode()


def test_a_double_submitted_form_records_one_hand(as_arbiter, table):
    table.refresh_from_db()
    data = {
        "version": table.version,
        "number": 1,
        "action": "record",
        "p0": 13,
        "p1": 3,
        "p2": 5,
        "p3": 5,
    }
    first = as_arbiter.post(sheet_url(table, "hands/"), data, headers={"HX-Request": "true"})
    second = as_arbiter.post(sheet_url(table, "hands/"), data, headers={"HX-Request": "true"})
    assert first.status_code == 200 and second.status_code == 200
    assert "already recorded" in second.content.decode()
    assert Hand.objects.filter(table=table).count() == 1


def test_the_second_arbiter_is_refused_with_the_current_state(as_arbiter, as_organizer, table):
    table.refresh_from_db()
    seen = table.version
    a = {"version": seen, "number": 1, "action": "record", "p0": 13, "p1": 3, "p2": 5, "p3": 5}
    b = {"version": seen, "number": 1, "action": "record", "p0": 0, "p1": 20, "p2": 3, "p3": 3}
    assert (
        as_arbiter.post(sheet_url(table, "hands/"), a, headers={"HX-Request": "true"}).status_code
        == 200
    )
    refused = as_organizer.post(sheet_url(table, "hands/"), b, headers={"HX-Request": "true"})
    assert refused.status_code == 409
    html = refused.content.decode()
    assert "Another arbiter saved this table first" in html
    assert ">13<" in html  # the current state, with the first arbiter's hand
    assert list(
        HandScore.objects.filter(hand__table=table)
        .order_by("seat__position")
        .values_list("points", flat=True)
    ) == [13, 3, 5, 5]


def test_a_correction_needs_a_reason(as_arbiter, table):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    table.refresh_from_db()
    url = sheet_url(table, "hands/1/correct/")
    response = as_arbiter.post(
        url, {"version": table.version, "p0": 3, "p1": 13, "p2": 5, "p3": 5, "reason": ""}
    )
    assert response.status_code == 422
    assert "This field is required." in response.content.decode()


def test_a_correction_is_kept_in_the_history_with_who_before_after_and_reason(
    as_arbiter, table, anonymous
):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    table.refresh_from_db()
    form = as_arbiter.get(sheet_url(table, "hands/1/correct/"), headers={"HX-Request": "true"})
    assert form.status_code == 200 and 'name="reason"' in form.content.decode()
    response = as_arbiter.post(
        sheet_url(table, "hands/1/correct/"),
        {
            "version": table.version,
            "p0": 3,
            "p1": 13,
            "p2": 5,
            "p3": 5,
            "reason": "seats 1 and 2 swapped",
        },
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200 and "Hand 1 corrected" in response.content.decode()
    history = anonymous.get(sheet_url(table, "history/")).content.decode()
    assert (
        "Hand corrected" in history and "seats 1 and 2 swapped" in history and "arturo" in history
    )
    assert "13 · 3 · 5 · 5" in history and "3 · 13 · 5 · 5" in history
    assert HandScore.history.filter(history_change_reason="seats 1 and 2 swapped").count() == 2


def test_a_stale_correction_is_refused(as_arbiter, table):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    table.refresh_from_db()
    old = table.version
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    response = as_arbiter.post(
        sheet_url(table, "hands/1/correct/"),
        {"version": old, "p0": 3, "p1": 13, "p2": 5, "p3": 5, "reason": "x"},
    )
    assert response.status_code == 409


def test_game_end_shows_places_match_points_and_confirm(as_arbiter, table):
    # 4 hands of 25-1-0-0 take seat 1 to 100.
    for _ in range(4):
        record_hand(table, [25, 1, 0, 0], actor=COMMAND_LINE)
    html = as_arbiter.get(sheet_url(table)).content.decode()
    assert "Confirm the table result" in html and 'id="entry"' not in html
    assert "Match pts" in html
    table.refresh_from_db()
    response = as_arbiter.post(
        sheet_url(table, "confirm/"), {"version": table.version}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200 and "Result confirmed" in response.content.decode()
    table.refresh_from_db()
    assert table.result_confirmed_at is not None
    # A confirmed result is final on the page.
    assert post_hand(as_arbiter, table, [13, 3, 5, 5]).status_code == 409


def test_confirming_a_game_in_progress_is_refused(as_arbiter, table):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    table.refresh_from_db()
    assert (
        as_arbiter.post(sheet_url(table, "confirm/"), {"version": table.version}).status_code == 422
    )


def test_the_arbiter_closes_the_game_when_time_is_up(as_arbiter, table):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    table.refresh_from_db()
    response = as_arbiter.post(
        sheet_url(table, "close/"), {"version": table.version}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert Table.objects.get(pk=table.pk).closed_by_arbiter
    assert "Confirm the table result" in response.content.decode()


def test_a_locked_round_refuses_new_hands(as_arbiter, table):
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.LOCKED)
    assert post_hand(as_arbiter, table, [13, 3, 5, 5]).status_code == 409


@pytest.mark.parametrize(
    "suffix,method",
    [
        ("hands/", "post"),
        ("check/", "post"),
        ("hands/1/correct/", "post"),
        ("hands/1/correct/", "get"),
        ("close/", "post"),
        ("confirm/", "post"),
    ],
)
def test_writes_are_refused_to_outsiders_and_anonymous(
    as_outsider, anonymous, table, suffix, method
):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    for client in (as_outsider, anonymous):
        response = getattr(client, method)(sheet_url(table, suffix), {"version": 1, "p0": 1})
        assert response.status_code == 403
    assert Hand.objects.count() == 1


def test_an_arbiter_of_another_tournament_is_refused(table, outsider):
    from django.test import Client

    from tests.factories import TournamentFactory

    other = TournamentFactory()
    other.arbiters.add(outsider)
    client = Client()
    client.force_login(outsider)
    assert (
        client.post(sheet_url(table, "hands/"), {"version": 0, "number": 1, "p0": 26}).status_code
        == 403
    )


def test_draft_tournament_tables_are_hidden_from_the_public(anonymous, as_arbiter, table):
    tournament = table.round.tournament
    tournament.status = "draft"
    tournament.save()
    hidden = anonymous.get(sheet_url(table))
    assert hidden.status_code == 200 and "not published yet" in hidden.content.decode()
    assert "Anna" not in hidden.content.decode()
    assert as_arbiter.get(sheet_url(table)).status_code == 200


def test_csrf_is_enforced_on_writes(arbiter, table):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(arbiter)
    response = client.post(
        sheet_url(table, "hands/"), {"version": 0, "number": 1, "p0": 26, "p1": 0, "p2": 0, "p3": 0}
    )
    assert response.status_code == 403
    assert not Hand.objects.exists()


def test_the_arbiter_can_enter_hand_after_hand_with_the_forms_the_pages_return(as_arbiter, table):
    import re

    html = as_arbiter.get(sheet_url(table)).content.decode()
    for number, points in enumerate(([13, 3, 5, 5], [0, 20, 3, 3], [13, 1, 6, 6]), start=1):
        version = re.search(r'name="version" value="(\d+)"', html).group(1)
        data = {
            "version": version,
            "number": number,
            "action": "record",
            **{f"p{i}": p for i, p in enumerate(points)},
        }
        response = as_arbiter.post(sheet_url(table, "hands/"), data, headers={"HX-Request": "true"})
        assert response.status_code == 200, response.content.decode()
        html = response.content.decode()
    assert Hand.objects.filter(table=table).count() == 3


def test_an_engine_played_table_shows_links_and_no_entry_row(client, django_user_model):
    from tables.models import Table
    from tests.factories import TournamentFactory, seated_table

    owner = django_user_model.objects.create_user("owner-engine")
    tournament = TournamentFactory(owner=owner)
    table = seated_table(tournament)
    Table.objects.filter(pk=table.pk).update(mode=Table.Mode.ENGINE)
    client.force_login(owner)
    html = client.get(f"/t/{tournament.slug}/tables/1/1/").content.decode()
    assert f"/play/{tournament.slug}/1/1/" in html and f"/play/{tournament.slug}/1/1/setup/" in html
    assert 'id="entry-row"' not in html
