"""The API's reads: the standings equal export_standings row for row, visibility as on the pages,
constant queries."""

import csv
import io
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from api import tokens
from tables.models import Seat, Table
from tables.services import record_hand
from tests.api.conftest import Api
from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments.audit import COMMAND_LINE
from tournaments.models import Bye, Player, Registration, Round, Tournament

READS = [
    "/tournaments/coppa",
    "/tournaments/coppa/rounds",
    "/tournaments/coppa/rounds/1",
    "/tournaments/coppa/rounds/1/tables/1",
    "/tournaments/coppa/rounds/1/tables/1/hands",
    "/tournaments/coppa/standings",
]


def _penalties(table, offender=0, hands=4):
    """Hands where one seat takes every penalty: the three others tie for first (19/3 each in
    10-6-3-1)."""
    for _ in range(hands):
        record_hand(
            table, None, penalty_offender=offender, penalty_reason="revoke", actor=COMMAND_LINE
        )


def _game(table):
    """A game to 100 in five hands: the seats finish 100, 15, 10 and 5 (places 4, 3, 2, 1)."""
    for _ in range(5):
        record_hand(table, [20, 3, 2, 1], actor=COMMAND_LINE)


def _seat(tournament, round_number, number, names) -> Table:
    """A table of players already registered (found by name) in round ``round_number``."""
    round_, _ = Round.objects.get_or_create(
        tournament=tournament, number=round_number, defaults={"status": Round.Status.PLAYING}
    )
    table = Table.objects.create(round=round_, number=number)
    for position, name in enumerate(names):
        registration = Registration.objects.get_or_create(
            tournament=tournament,
            player=Player.objects.filter(name=name).first() or PlayerFactory(name=name),
        )[0]
        Seat.objects.create(table=table, round=round_, position=position, registration=registration)
    return table


@pytest.fixture
def played(tournament, table):
    """Round 1: a table with three players tied first (19/3) and a table played out; round 2: one
    table ended, a bye; a withdrawn player."""
    _penalties(table)
    other = seated_table(tournament, number=2, names=["Elena", "Fabio", "Gina", "Ugo"])
    _game(other)
    r2 = _seat(tournament, 2, 1, ["Anna", "Bruno", "Carla", "Dario"])
    _penalties(r2, offender=2)
    Bye.objects.create(
        round=r2.round,
        registration=Registration.objects.get(tournament=tournament, player__name="Elena"),
    )
    _seat(tournament, 2, 2, ["Fabio", "Gina", "Ugo", "Zoe"])  # not started
    gina = Registration.objects.get(tournament=tournament, player__name="Gina")
    gina.withdrawn = True
    gina.save()
    return tournament


def _export(*args) -> list[list[str]]:
    out = io.StringIO()
    call_command("export_standings", "coppa", *args, stdout=out)
    return list(csv.reader(io.StringIO(out.getvalue())))


@pytest.mark.parametrize("round_args", [(), ("--round", "1"), ("--round", "2"), ("--round", "7")])
def test_the_standings_are_the_rows_of_export_standings(anonymous_api, played, round_args):
    header, *rows = _export(*round_args)
    params = {"round": round_args[1]} if round_args else {}
    body = anonymous_api.get("/tournaments/coppa/standings", **params).json()
    assert header == [
        "rank",
        "player",
        "club",
        "match_points",
        "result_points",
        "games",
        "table_wins",
        "status",
    ]
    api_rows = [
        [
            str(r["rank"]),
            r["player"],
            r["club"],
            r["match_points_decimal"],
            str(r["result_points"]),
            str(r["games"]),
            str(r["table_wins"]),
            r["status"],
        ]
        for r in body["rows"]
    ]
    assert api_rows == rows
    assert len(rows) == 9 and body["round"] == (int(round_args[1]) if round_args else None)


def test_shared_places_are_exact_fractions_beside_the_decimals(anonymous_api, played):
    rows = anonymous_api.get("/tournaments/coppa/standings", round=1).json()["rows"]
    tied = [r for r in rows if r["player"] in ("Bruno", "Carla", "Dario")]
    assert [(r["rank"], r["tied"], r["match_points"], r["match_points_decimal"]) for r in tied] == [
        (2, True, "19/3", "6.33")
    ] * 3  # Ugo won his table: 10
    for r in rows:
        exact = Fraction(r["match_points"])
        assert f"{float(exact):.2f}" == r["match_points_decimal"] or exact.denominator == 3
    everything = anonymous_api.get("/tournaments/coppa/standings").json()["rows"]
    assert {r["player"]: r["match_points"] for r in everything}[
        "Bruno"
    ] == "38/3"  # 19/3 twice, exactly
    assert [r["status"] for r in everything if r["player"] == "Gina"] == ["withdrawn"]


def test_a_round_shows_tables_seats_totals_places_and_byes(anonymous_api, played):
    body = anonymous_api.get("/tournaments/coppa/rounds/2").json()
    assert body["number"] == 2 and body["table_count"] == 2
    first, second = body["tables"]
    assert first["status"] == {"code": "ended", "label": "game over"} and first["over"] is True
    assert [(s["name"], s["total"], s["place"], s["match_points"]) for s in first["seats"]] == [
        ("Anna", 0, 1, "19/3"),
        ("Bruno", 0, 1, "19/3"),
        ("Carla", 104, 4, "1"),
        ("Dario", 0, 1, "19/3"),
    ]
    assert second["status"]["code"] == "waiting" and second["seats"][0]["place"] is None
    assert body["byes"] == [{"player_id": body["byes"][0]["player_id"], "name": "Elena"}]


def test_a_table_is_its_score_sheet(anonymous_api, played):
    body = anonymous_api.get("/tournaments/coppa/rounds/1/tables/2").json()
    assert (
        body["version"] == 5
        and body["over"] is True
        and body["next_hand"] is None
        and body["entries"] is None
    )
    assert [(s["total"], s["place"], s["match_points"]) for s in body["seats"]] == [
        (100, 4, "1"),
        (15, 3, "3"),
        (10, 2, "6"),
        (5, 1, "10"),
    ]
    hand = body["hands"][1]
    assert hand == {
        "number": 2,
        "dealer": 1,
        "pass_direction": {"code": "right", "label": "to the right"},
        "points": [20, 3, 2, 1],
        "totals": [40, 6, 4, 2],
        "kind": "normal",
        "penalty": None,
        "corrected": False,
    }
    penalty = anonymous_api.get("/tournaments/coppa/rounds/1/tables/1/hands").json()[0]
    assert penalty["kind"] == "penalty" and penalty["penalty"] == {"seat": 0, "reason": "revoke"}


def test_an_open_table_names_the_next_hand(anonymous_api, table):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    body = anonymous_api.get("/tournaments/coppa/rounds/1/tables/1").json()
    assert body["next_hand"] == {
        "number": 2,
        "dealer": 1,
        "pass_direction": {"code": "right", "label": "to the right"},
    }
    assert body["status"] == {"code": "playing", "label": "playing"} and body["version"] == 1


def test_a_tournament_has_its_settings_with_codes_and_words(anonymous_api, tournament):
    body = anonymous_api.get("/tournaments/coppa").json()
    assert body["rules"] == {"code": "club", "label": "Italian club rules (26 points)"}
    assert body["scoring"] == {"code": "10-6-3-1", "label": "Match points 10/6/3/1"}
    assert body["tiebreaks"] == [
        {"code": "result_points", "label": "result points"},
        {"code": "table_wins", "label": "table wins"},
    ]
    assert {"seats": 4, "places": ["10", "6", "3", "1"]} in body["match_points"]
    assert body["confirmation_policy"]["code"] == "arbiter" and body["bye_match_points"] == "5"
    assert body["status"] == {"code": "running", "label": "Running"} and body["hand_total"] == 26


def test_words_follow_the_request_language(anonymous_api, tournament):
    body = anonymous_api.get("/tournaments/coppa", headers={"Accept-Language": "it"}).json()
    assert body["status"]["code"] == "running" and body["status"]["label"] != "Running"


def test_the_list_pages_public_tournaments_only(anonymous_api, tournament):
    for n in range(55):
        TournamentFactory(slug=f"open-{n:02d}", name=f"Open {n:02d}")
    TournamentFactory(slug="secret", status=Tournament.Status.DRAFT)
    first = anonymous_api.get("/tournaments").json()
    assert first["count"] == 56 and first["pages"] == 2 and len(first["items"]) == 50
    assert first["next"] == "/api/v1/tournaments?page=2" and first["previous"] is None
    second = anonymous_api.get("/tournaments", page=2).json()
    assert len(second["items"]) == 6 and second["next"] is None
    slugs = {t["slug"] for t in first["items"] + second["items"]}
    assert "secret" not in slugs and "coppa" in slugs and len(slugs) == 56
    assert anonymous_api.get("/tournaments", page=3).json()["items"] == []


# --- visibility -----------------------------------------------------------------------------------


@pytest.fixture
def draft(tournament, table):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.DRAFT)
    return tournament


@pytest.mark.parametrize("path", READS)
def test_a_draft_is_404_for_anonymous_and_outsiders(anonymous_api, outsider, draft, path):
    outsiders = [
        anonymous_api,
        Api(
            tokens.create_token(outsider, None, "everything").secret
        ),  # a token for "all my tournaments"
    ]
    session = Api()
    session.client.force_login(outsider)
    outsiders.append(session)
    for client in outsiders:
        response = client.get(path)
        assert response.status_code == 404, (path, response.content)
        assert response.json() == {
            "detail": [{"field": None, "message": "No such tournament."}],
            "code": "not_found",
        }


@pytest.mark.parametrize("path", READS)
def test_a_draft_is_visible_to_its_arbiter_and_organizer(arbiter_api, organizer, draft, path):
    assert arbiter_api.get(path).status_code == 200
    session = Api()
    session.client.force_login(organizer)
    assert session.get(path).status_code == 200


def test_a_token_of_another_tournament_does_not_show_a_draft(arbiter, draft):
    other = TournamentFactory(slug="altro")
    other.arbiters.add(arbiter)
    api = Api(tokens.create_token(arbiter, other, "other").secret)
    assert api.get("/tournaments/coppa").status_code == 404
    assert api.get("/tournaments/altro").status_code == 200


def test_drafts_are_not_listed_even_to_their_arbiter(arbiter_api, draft):
    assert arbiter_api.get("/tournaments").json()["items"] == []


def test_waiting_entries_are_shown_to_those_who_enter_results_only(
    arbiter_api, anonymous_api, tournament, table
):
    assert arbiter_api.get("/tournaments/coppa/rounds/1/tables/1").json()["entries"] == []
    assert anonymous_api.get("/tournaments/coppa/rounds/1/tables/1").json()["entries"] is None


@pytest.mark.parametrize(
    "path,message",
    [
        ("/tournaments/nope", "No such tournament."),
        ("/tournaments/coppa/rounds/9", "No such round."),
        ("/tournaments/coppa/rounds/1/tables/9", "No such table."),
        ("/tournaments/coppa/rounds/99999999999999999999999", "No such round."),
        ("/tournaments/coppa/rounds/1/tables/99999999999999999999999/hands", "No such table."),
        ("/tournaments/" + "x" * 500, "No such tournament."),
    ],
)
def test_missing_things_are_404_json(anonymous_api, table, path, message):
    response = anonymous_api.get(path)
    assert response.status_code == 404 and response.json()["detail"] == [
        {"field": None, "message": message}
    ]


def test_other_addresses_under_api_are_404_json(anonymous_api):
    for path in ("/api/v1/nope", "/api/v2/tournaments", "/api/"):
        response = anonymous_api.client.get(path)
        assert response.status_code == 404 and response["Content-Type"] == "application/json"
        assert response.json()["code"] == "not_found"


@pytest.mark.parametrize(
    "params,field",
    [({"round": "0"}, "round"), ({"round": "x"}, "round"), ({"round": "9" * 30}, "round")],
)
def test_bad_query_parameters_are_422_naming_them(anonymous_api, tournament, params, field):
    response = anonymous_api.get("/tournaments/coppa/standings", **params)
    assert response.status_code == 422 and response.json()["detail"][0]["field"] == field


def test_bad_page_numbers_are_422(anonymous_api):
    for page in ("0", "-1", "x", "9" * 40):
        response = anonymous_api.get("/tournaments", page=page)
        assert response.status_code == 422 and response.json()["detail"][0]["field"] == "page"


# --- constant query counts ------------------------------------------------------------------------

#: Queries per read, whatever the tournament's size (and a token's lookup, for an authenticated
#: read).
QUERIES = {
    "/tournaments": 2,
    "/tournaments/coppa": 1,
    "/tournaments/coppa/rounds": 2,
    "/tournaments/coppa/rounds/1": 6,
    "/tournaments/coppa/rounds/1/tables/1": 5,
    "/tournaments/coppa/rounds/1/tables/1/hands": 5,
    "/tournaments/coppa/standings": 5,
}


def _count(client, path) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    return len(queries)


def test_reads_run_a_constant_number_of_queries(
    anonymous_api, tournament, table, django_assert_max_num_queries
):
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    small = {path: _count(anonymous_api, path) for path in QUERIES}
    for path, most in QUERIES.items():
        with django_assert_max_num_queries(most):
            anonymous_api.get(path)
    # Ten times the tables, players and hands: the same numbers.
    for number in range(2, 12):
        other = seated_table(tournament, number=number)
        _game(other)
    for _ in range(5):
        record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    seated_table(tournament, round_number=2)
    assert {path: _count(anonymous_api, path) for path in QUERIES} == small


def test_an_arbiter_token_adds_its_lookup_only(
    arbiter_api, tournament, table, django_assert_max_num_queries
):
    arbiter_api.get("/tournaments/coppa")  # the token's first use is noted (once a minute at most)
    # the token (1), and for a draft or the waiting entries, whether its user is an arbiter here (1)
    for path, most in QUERIES.items():
        with django_assert_max_num_queries(most + 2):
            assert arbiter_api.get(path).status_code == 200
