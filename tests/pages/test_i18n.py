"""Italian and English: the browser's language, a switch on every page, Italian field terms."""

import pytest

from tables.services import record_hand
from tournaments.audit import COMMAND_LINE

from .conftest import sheet_url

pytestmark = pytest.mark.django_db


def test_accept_language_it_gives_italian(anonymous, table):
    html = anonymous.get("/t/coppa/standings/", headers={"Accept-Language": "it"}).content.decode()
    assert '<html lang="it">' in html and "Classifica" in html and "punti-partita" in html


def test_english_is_the_default(anonymous, table):
    html = anonymous.get("/t/coppa/standings/").content.decode()
    assert '<html lang="en">' in html and "Standings" in html


def test_the_arbiter_sheet_in_italian(as_arbiter, table):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    html = as_arbiter.get(
        sheet_url(table), headers={"Accept-Language": "it-IT,it;q=0.9"}
    ).content.decode()
    assert "Registra la smazzata" in html and "Cappotto" in html and "Turno 1, tavolo 1" in html
    assert "passaggio: a destra" in html  # hand 2 passes to the right (002 §1)
    check = as_arbiter.post(
        sheet_url(table, "check/"), {"p0": "10"}, headers={"Accept-Language": "it"}
    ).content.decode()
    assert "10 su 26 finora; ne mancano 16." in check


def test_the_switch_on_every_page_sets_the_language(anonymous, table):
    page = anonymous.get("/t/coppa/").content.decode()
    assert 'action="/i18n/setlang/"' in page and 'value="it"' in page
    response = anonymous.post("/i18n/setlang/", {"language": "it", "next": "/t/coppa/"})
    assert response.status_code == 302
    assert "Dove mi siedo?".lower() in anonymous.get("/t/coppa/").content.decode().lower()


def test_match_points_use_a_decimal_comma_in_italian(anonymous, tournament):
    from tests.factories import seated_table

    table = seated_table(tournament)
    for _ in range(4):
        record_hand(
            table, None, penalty_offender=0, penalty_reason="revoke", actor=COMMAND_LINE
        )  # three seats tie: 19/3
    html = anonymous.get("/t/coppa/standings/", headers={"Accept-Language": "it"}).content.decode()
    assert "6,33" in html and 'title="19/3"' in html
