"""Malformed posts to the pages get a message next to the problem, never a bare 422 or a skipped
check."""

import pytest

from tables.models import Hand, Table
from tables.services import record_hand
from tournaments.audit import COMMAND_LINE
from tournaments.models import Tournament

from .conftest import sheet_url

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.mark.parametrize("missing", ["version", "number"])
def test_an_entry_without_the_sheets_hidden_fields_says_so(as_arbiter, table, missing):
    data = {"version": 0, "number": 1, "action": "record", "p0": 13, "p1": 3, "p2": 5, "p3": 5}
    del data[missing]
    response = as_arbiter.post(sheet_url(table, "hands/"), data, headers=HTMX)
    assert response.status_code == 422
    assert "reload the sheet and enter it again" in response.content.decode()
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    "field, value", [("version", "abc"), ("number", "-1"), ("action", "explode")]
)
def test_a_malformed_hidden_field_says_so(as_arbiter, table, field, value):
    data = {
        "version": 0,
        "number": 1,
        "action": "record",
        "p0": 13,
        "p1": 3,
        "p2": 5,
        "p3": 5,
        field: value,
    }
    response = as_arbiter.post(sheet_url(table, "hands/"), data, headers=HTMX)
    assert response.status_code == 422 and "reload the sheet" in response.content.decode()


@pytest.mark.parametrize("value", ["１３", "1_3", "13.0", "1e1"])
def test_only_plain_digits_are_points(as_arbiter, table, value):
    data = {"version": 0, "number": 1, "action": "record", "p0": value, "p1": 3, "p2": 5, "p3": 5}
    response = as_arbiter.post(sheet_url(table, "hands/"), data, headers=HTMX)
    assert response.status_code == 422 and "Whole numbers only." in response.content.decode()
    check = as_arbiter.post(sheet_url(table, "check/"), {"p0": value}).content.decode()
    assert "Seat 1: whole numbers only." in check


def test_closing_with_a_malformed_version_is_refused_not_unchecked(as_arbiter, table):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    for version in ("abc", "", "-1"):
        response = as_arbiter.post(sheet_url(table, "close/"), {"version": version}, headers=HTMX)
        assert response.status_code == 422 and "reload the sheet" in response.content.decode()
    assert not Table.objects.get(pk=table.pk).closed_by_arbiter


def test_the_notice_names_the_hand_recorded_not_the_number_posted(as_arbiter, table):
    data = {"version": 0, "number": 1, "action": "record", "p0": 13, "p1": 3, "p2": 5, "p3": 5}
    first = as_arbiter.post(sheet_url(table, "hands/"), data, headers=HTMX).content.decode()
    assert "Hand 1 recorded." in first
    again = as_arbiter.post(sheet_url(table, "hands/"), data, headers=HTMX).content.decode()
    assert "Hand 1 was already recorded." in again


def test_removing_someone_who_is_not_an_arbiter_says_so(as_organizer, tournament, outsider):
    response = as_organizer.post(f"/t/coppa/manage/arbiters/{outsider.pk}/remove/")
    assert response.status_code == 404
    assert "That user is not an arbiter of this tournament." in response.content.decode()
    assert "no longer an arbiter" not in response.content.decode()


def test_settings_with_an_exponent_are_refused_next_to_the_field(as_organizer, tournament):
    data = {
        "name": "Coppa",
        "slug": "coppa",
        "rules": "club",
        "scoring": "10-6-3-1",
        "game_end": "target",
        "target_points": 100,
        "rounds_planned": 3,
        "moon_rule": "others",
        "bye_match_points": "1e9999999",
        "seating_method": "balanced",
        "table_size": 4,
    }
    response = as_organizer.post("/t/coppa/manage/edit/", data)
    assert response.status_code == 422
    assert "is not a number of match points" in response.content.decode()
    for field, value in (
        ("target_points", 20000),
        ("rounds_planned", 999),
        ("hands_per_game", 9999),
    ):
        bad = as_organizer.post(
            "/t/coppa/manage/edit/", {**data, "bye_match_points": "5", field: value}
        )
        assert bad.status_code == 422, field
    assert Tournament.objects.get(slug="coppa").bye_match_points == "5"
