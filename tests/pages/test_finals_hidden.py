"""Finals and hidden rounds on the pages (issue 16): what the public sees and what the staff see,
the organizer's controls, the CSV downloads."""

import pytest

from tests.finals_helpers import SWISS_ORDER, play, swiss_round
from tournaments import organizer
from tournaments.audit import COMMAND_LINE
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden_second_round(tournament):
    """Round 1 public; round 2 (the placement final, table 1 ended, Gina first) hidden."""
    swiss_round(tournament)
    final = organizer.create_finals(tournament, actor=COMMAND_LINE)
    play(final.tables.get(number=1), [[20, 4, 2, 0]] * 5)
    organizer.set_round_hidden(final, True, actor=COMMAND_LINE)
    return final


def order(html, names):
    return sorted(names, key=html.index)


def test_public_standings_stay_at_the_last_public_round(
    anonymous, as_outsider, hidden_second_round
):
    for client in (anonymous, as_outsider):
        html = client.get("/t/coppa/standings/").content.decode()
        assert "Standings after round 1; later rounds are hidden." in html
        assert order(html, SWISS_ORDER) == SWISS_ORDER  # Hugo first, as after round 1
        assert "After round 2" not in html and ">T1" not in html


def test_the_staff_see_the_hidden_round_marked(as_organizer, as_arbiter, hidden_second_round):
    for client in (as_organizer, as_arbiter):
        html = client.get("/t/coppa/standings/").content.decode()
        assert "Round 2 is hidden: counted here, not on the public pages." in html
        assert "later rounds are hidden" not in html
        assert html.index("Gina") < html.index("Hugo")  # the final decides the top
        assert "T1 · 1" in html and "After round 2" in html


def test_the_round_page_conceals_a_hidden_round_from_the_public(
    anonymous, as_arbiter, hidden_second_round
):
    public = anonymous.get("/t/coppa/rounds/2/").content.decode()
    assert "The results of this round are hidden until the organizer releases them." in public
    assert "results hidden" in public and "Gina" in public  # who sits where stays public
    assert "5 hands" not in public and "game over" not in public
    staff = as_arbiter.get("/t/coppa/rounds/2/").content.decode()
    assert "only the organizer and the arbiters see its results" in staff and "5 hands" in staff
    assert "Placement final" in staff


def test_the_sheet_of_a_hidden_round_is_refused_to_the_public(
    anonymous, as_arbiter, hidden_second_round
):
    response = anonymous.get("/t/coppa/tables/2/1/")
    assert response.status_code == 403
    assert anonymous.get("/t/coppa/tables/2/1/history/").status_code == 403
    assert anonymous.get("/t/coppa/tables/1/1/").status_code == 200
    assert as_arbiter.get("/t/coppa/tables/2/1/").status_code == 200


def test_the_player_page_leaves_the_hidden_game_out(
    anonymous, as_organizer, hidden_second_round, tournament
):
    gina = tournament.registrations.get(player__name="Gina").player_id
    public = anonymous.get(f"/t/coppa/players/{gina}/").content.decode()
    assert "Results hidden until the organizer releases them" in public
    assert '<strong title="6">6</strong> match points' in public  # round 1 only
    staff = as_organizer.get(f"/t/coppa/players/{gina}/").content.decode()
    assert '<strong title="16">16</strong> match points' in staff and "hidden" in staff


def test_the_tournament_page_and_projector_show_public_standings(anonymous, hidden_second_round):
    html = anonymous.get("/t/coppa/").content.decode()
    assert "Standings after round 1; later rounds are hidden." in html
    top = html[html.index("mini-standings") :]
    assert top.index("Hugo") < top.index("Gina")
    from tournaments.projector import show

    slides = [slide.kind for slide in show(hidden_second_round.tournament).slides]
    standings = anonymous.get(
        f"/t/coppa/projector/?slide={slides.index('standings')}"
    ).content.decode()
    assert (
        order(standings, SWISS_ORDER) == SWISS_ORDER
    )  # the screen at the venue shows the public standings


def test_releasing_the_round_publishes_the_final_ranking(
    anonymous, as_organizer, hidden_second_round
):
    anonymous.get("/t/coppa/standings/")  # cached while hidden
    response = as_organizer.post("/t/coppa/manage/rounds/2/visibility/", {"hidden": "0"})
    assert response.status_code == 302
    assert not Round.objects.get(number=2).hidden
    html = anonymous.get("/t/coppa/standings/").content.decode()
    assert (
        "hidden-note" not in html and html.index("Gina") < html.index("Hugo") and "T1 · 1" in html
    )


def test_the_organizer_hides_a_round_from_the_manage_page(
    as_organizer, as_arbiter, anonymous, tournament
):
    swiss_round(tournament)
    page = as_organizer.get("/t/coppa/manage/").content.decode()
    assert "Hide round 1" in page and "Create the finals" in page
    assert (
        as_arbiter.post("/t/coppa/manage/rounds/1/visibility/", {"hidden": "1"}).status_code == 403
    )
    assert anonymous.post("/t/coppa/manage/rounds/1/visibility/", {"hidden": "1"}).status_code in (
        302,
        403,
    )
    assert not Round.objects.get(number=1).hidden
    as_organizer.post("/t/coppa/manage/rounds/1/visibility/", {"hidden": "1"})
    round_ = Round.objects.get(number=1)
    assert round_.hidden and round_.history.first().history_user.username == "olga"
    page = as_organizer.get("/t/coppa/manage/").content.decode()
    assert "Release round 1" in page and "With the hidden rounds" in page


def test_the_organizer_creates_the_finals_from_the_manage_page(as_organizer, tournament):
    swiss_round(tournament)
    response = as_organizer.post("/t/coppa/manage/finals/", {"tables": "1"}, follow=True)
    assert "Finals created in round 2: 1 table." in response.content.decode()
    assert Round.objects.get(number=2).kind == Round.Kind.FINAL
    assert "Create the finals" not in as_organizer.get("/t/coppa/manage/").content.decode()
    again = as_organizer.post("/t/coppa/manage/finals/", {"tables": ""})
    assert (
        again.status_code == 409
        and "The finals have already been created." in again.content.decode()
    )


def test_creating_the_finals_first_shows_who_sits_where(as_organizer, tournament):
    swiss_round(tournament)
    manage = as_organizer.get("/t/coppa/manage/").content.decode()
    assert 'method="get" action="/t/coppa/manage/finals/"' in manage  # a page to read first
    page = as_organizer.get("/t/coppa/manage/finals/?tables=1").content.decode()
    assert "Final table 1: Hugo, Dario, Carla, Gina" in page
    assert "Bruno, Fabio, Anna, Elena play no final and keep their Swiss ranks." in page
    assert "The finals are round 2; no round can follow them." in page
    assert 'action="/t/coppa/manage/finals/?tables=1"' in page
    assert not Round.objects.filter(kind=Round.Kind.FINAL).exists()  # reading writes nothing
    as_organizer.post("/t/coppa/manage/finals/?tables=1")
    assert Round.objects.get(number=2, kind=Round.Kind.FINAL).tables.count() == 1
    refused = as_organizer.get("/t/coppa/manage/finals/").content.decode()
    assert "This cannot be done yet" in refused and "already been created" in refused


def test_finals_refused_on_the_page_say_why(as_organizer, tournament):
    swiss_round(tournament)
    bad = as_organizer.post("/t/coppa/manage/finals/", {"tables": "x"})
    assert bad.status_code == 422 and "whole number" in bad.content.decode()
    too_many = as_organizer.post("/t/coppa/manage/finals/", {"tables": "5"})
    assert too_many.status_code == 409 and "2 final tables" in too_many.content.decode()
    assert not Round.objects.filter(kind=Round.Kind.FINAL).exists()


def test_the_settings_page_chooses_whether_finals_decide(as_organizer, tournament):
    html = as_organizer.get("/t/coppa/manage/edit/").content.decode()
    assert 'name="finals_decide"' in html


def test_csv_downloads_hold_the_public_rounds_unless_asked(as_organizer, hidden_second_round):
    public = as_organizer.get("/t/coppa/export/standings.csv").content.decode().splitlines()
    assert public[1].startswith("1,Hugo,")
    staff = as_organizer.get("/t/coppa/export/standings.csv?hidden=1").content.decode().splitlines()
    assert staff[1].startswith("1,Gina,")
    results = as_organizer.get("/t/coppa/export/results.csv").content.decode()
    assert "\n2," not in results
    assert "\n2," in as_organizer.get("/t/coppa/export/results.csv?hidden=1").content.decode()


def test_the_note_and_the_controls_speak_italian(anonymous, as_organizer, hidden_second_round):
    html = anonymous.get("/t/coppa/standings/", headers={"Accept-Language": "it"}).content.decode()
    assert "Classifica dopo il turno 1; i turni successivi sono nascosti." in html
    page = as_organizer.get("/t/coppa/manage/", headers={"Accept-Language": "it"}).content.decode()
    assert (
        "Pubblica il turno 2" in page
        and "Nascondi il turno 1" in page
        and "Finale a piazzamenti" in page
    )
