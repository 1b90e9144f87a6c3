"""The API keeps hidden rounds hidden from everyone but the tournament's staff (issue 16), and shows
the placement final's ranking as export_standings does."""

import io

import pytest

from tests.finals_helpers import SWISS_ORDER, play, swiss_round
from tournaments import exports, organizer
from tournaments.audit import COMMAND_LINE

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden_final(tournament):
    swiss_round(tournament)
    final = organizer.create_finals(tournament, actor=COMMAND_LINE)
    play(final.tables.get(number=1), [[20, 4, 2, 0]] * 5)
    organizer.set_round_hidden(final, True, actor=COMMAND_LINE)
    return final


def export_rows(tournament, **options):
    out = io.StringIO()
    exports.render(exports.STANDINGS, tournament, out, **options)
    return [line.split(",") for line in out.getvalue().splitlines()[1:]]


def api_rows(response):
    return [
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
        for r in response.json()["rows"]
    ]


def test_public_standings_leave_the_hidden_round_out(anonymous_api, hidden_final, tournament):
    response = anonymous_api.get("/tournaments/coppa/standings")
    assert response.status_code == 200
    assert [r["player"] for r in response.json()["rows"]] == SWISS_ORDER
    assert api_rows(response) == export_rows(tournament)


def test_the_staff_token_reads_every_round_as_include_hidden(arbiter_api, hidden_final, tournament):
    response = arbiter_api.get("/tournaments/coppa/standings")
    rows = response.json()["rows"]
    assert [r["player"] for r in rows][:4] == ["Gina", "Carla", "Dario", "Hugo"]
    assert (rows[0]["final_table"], rows[0]["final_place"]) == (1, 1) and rows[4][
        "final_place"
    ] is None
    assert api_rows(response) == export_rows(tournament, hidden=True)


def test_rounds_say_which_is_hidden_and_which_is_the_final(anonymous_api, hidden_final):
    rounds = anonymous_api.get("/tournaments/coppa/rounds").json()
    assert [(r["number"], r["kind"]["code"], r["hidden"]) for r in rounds] == [
        (1, "swiss", False),
        (2, "final", True),
    ]


def test_a_hidden_round_shows_seats_without_results(anonymous_api, arbiter_api, hidden_final):
    public = anonymous_api.get("/tournaments/coppa/rounds/2").json()
    table = public["tables"][0]
    assert table["status"]["code"] == "hidden" and table["hands"] == 0 and not table["over"]
    assert [s["name"] for s in table["seats"]] == SWISS_ORDER[:4]
    assert all(s["total"] == 0 and s["place"] is None for s in table["seats"])
    staff = arbiter_api.get("/tournaments/coppa/rounds/2").json()["tables"][0]
    assert staff["over"] and staff["hands"] == 5


@pytest.mark.parametrize(
    "path", ["/tournaments/coppa/rounds/2/tables/1", "/tournaments/coppa/rounds/2/tables/1/hands"]
)
def test_a_hidden_table_is_403_json_for_the_public(anonymous_api, arbiter_api, hidden_final, path):
    response = anonymous_api.get(path)
    assert response.status_code == 403 and response.json()["code"] == "round_hidden"
    assert "hidden until the organizer releases them" in response.json()["detail"][0]["message"]
    assert arbiter_api.get(path).status_code == 200
    assert anonymous_api.get(path.replace("rounds/2", "rounds/1")).status_code == 200
