"""Public pages: tournament, standings (with cheap live polling), round, player, QR code."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tables.services import close_game, record_hand
from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory, seated_table
from tournaments.audit import COMMAND_LINE

pytestmark = pytest.mark.django_db


def finished_table(tournament, number=1, round_number=1, names=None):
    table = seated_table(tournament, number=number, round_number=round_number, names=names)
    for _ in range(4):
        record_hand(table, [25, 1, 0, 0], actor=COMMAND_LINE)
    return table


def test_the_tournament_page_shows_rounds_seating_standings_and_qr(anonymous, tournament):
    finished_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])
    html = anonymous.get("/t/coppa/").content.decode()
    assert "Round 1" in html and "Table 1" in html and "Anna" in html
    assert "Full standings" in html and "/t/coppa/qr.svg" in html
    assert "Finished tables" in html


def test_where_do_i_sit_finds_a_player_by_name(anonymous, tournament):
    seated_table(tournament, number=1, names=["Anna", "Bruno", "Carla", "Dario"])
    seated_table(tournament, number=2, names=["Elena", "Fabio", "Gina", "Ugo"])
    partial = anonymous.get(
        "/t/coppa/?q=gin", headers={"HX-Request": "true", "HX-Target": "seating"}
    )
    html = partial.content.decode()
    assert "<html" not in html and "Table 2" in html and "Table 1" not in html
    assert 'class="hit"' in html
    page = anonymous.get("/t/coppa/?q=nobody").content.decode()
    assert "Nobody called" in page


def test_the_qr_code_opens_the_standings(anonymous, tournament):
    response = anonymous.get("/t/coppa/qr.svg")
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert b"<svg" in response.content


def test_standings_rank_players_with_match_points(anonymous, tournament):
    finished_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])
    html = anonymous.get("/t/coppa/standings/").content.decode()
    # Carla and Dario tie first with 0 points: (10+6)/2 = 8 each; Bruno 3; Anna 1.
    assert html.index("Carla") < html.index("Bruno") < html.index("Anna")
    assert ">8<" in html and "1=" in html


def test_standings_after_a_round_and_bad_round(anonymous, tournament):
    finished_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])
    assert anonymous.get("/t/coppa/standings/?round=1").status_code == 200
    assert anonymous.get("/t/coppa/standings/?round=x").status_code == 404


def test_live_polling_answers_no_change_cheaply(anonymous, tournament):
    table = seated_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])
    first = anonymous.get("/t/coppa/standings/", headers={"HX-Request": "true"})
    html = first.content.decode()
    fp = html.split("?v=")[1].split('"')[0]
    with CaptureQueriesContext(connection) as queries:
        same = anonymous.get(f"/t/coppa/standings/?v={fp}", headers={"HX-Request": "true"})
    assert same.status_code == 204 and same.content == b""
    assert len(queries) <= 3  # session-less: tournament + fingerprint
    record_hand(table, [13, 3, 5, 5], actor=COMMAND_LINE)
    changed = anonymous.get(f"/t/coppa/standings/?v={fp}", headers={"HX-Request": "true"})
    assert changed.status_code == 200 and 'id="standings"' in changed.content.decode()
    assert "HX-Request" in changed["Vary"]


def test_a_reload_with_the_etag_answers_304(anonymous, tournament):
    finished_table(tournament)
    first = anonymous.get("/t/coppa/standings/")
    again = anonymous.get("/t/coppa/standings/", headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304


def test_the_fingerprint_changes_on_withdrawal_and_correction(tournament):
    from tournaments.pages import fingerprint

    table = finished_table(tournament)
    before = fingerprint(tournament)
    reg = tournament.registrations.first()
    reg.withdrawn = True
    reg.save()
    after = fingerprint(tournament)
    assert before != after
    close_game(
        table, actor=COMMAND_LINE
    )  # idempotent on an ended game? it sets the flag and bumps the version
    assert fingerprint(tournament) != after


def test_the_round_page_shows_tables_totals_and_results(anonymous, tournament):
    finished_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])
    html = anonymous.get("/t/coppa/rounds/1/").content.decode()
    assert "Table 1" in html and "Anna" in html and "100" in html and ">8<" in html
    assert anonymous.get("/t/coppa/rounds/9/").status_code == 404


def test_the_player_page_lists_games_with_opponents_place_and_match_points(anonymous, tournament):
    table = finished_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])
    anna = table.seats.get(position=0).registration.player
    html = anonymous.get(f"/t/coppa/players/{anna.id}/").content.decode()
    assert "Bruno" in html and "Carla" in html and "Dario" in html
    assert ">100<" in html and ">4<" in html  # points and place
    assert anonymous.get("/t/coppa/players/999999/").status_code == 404


def test_a_draft_is_not_public(anonymous, as_outsider, as_arbiter, as_organizer, tournament):
    tournament.status = "draft"
    tournament.save()
    seated_table(tournament, names=["Anna", "Bruno", "Carla", "Dario"])
    for url in ("/t/coppa/", "/t/coppa/standings/", "/t/coppa/rounds/1/", "/t/coppa/qr.svg"):
        for client in (anonymous, as_outsider):
            # A plain "not published yet" page with the name: no 403, no login prompt, nothing of
            # the tournament.
            response = client.get(url)
            html = response.content.decode()
            assert (
                response.status_code == 200
                and "not published yet" in html
                and "Coppa Cuori" in html
            )
            assert "Anna" not in html and 'name="password"' not in html and "<svg" not in html
        assert (
            as_arbiter.get(url).status_code == 200
            and "not published yet" not in as_arbiter.get(url).content.decode()
        )
        assert as_organizer.get(url).status_code == 200


def test_home_lists_public_tournaments_and_mine(as_organizer, anonymous, tournament):
    TournamentFactory(name="Segreto", status="draft")
    assert "Coppa Cuori" in anonymous.get("/").content.decode()
    assert "Segreto" not in anonymous.get("/").content.decode()
    assert "New tournament" in as_organizer.get("/").content.decode()


def _tournament_with(players, rounds):
    tournament = TournamentFactory(rounds_planned=rounds)
    regs = [
        RegistrationFactory(tournament=tournament, player=PlayerFactory()) for _ in range(players)
    ]
    from tables.models import Seat, Table
    from tournaments.models import Round

    for r in range(1, rounds + 1):
        round_ = Round.objects.create(tournament=tournament, number=r, status="playing")
        for t in range(players // 4):
            table = Table.objects.create(round=round_, number=t + 1)
            group = regs[t * 4 : (t + 1) * 4] if r % 2 else regs[t :: players // 4][:4]
            for i, reg in enumerate(group):
                Seat.objects.create(table=table, round=round_, position=i, registration=reg)
            for _ in range(4):
                record_hand(table, [25, 1, 0, 0], actor=COMMAND_LINE)
        Round.objects.filter(pk=round_.pk).update(status="locked")  # played, then locked
    return tournament, regs


@pytest.mark.parametrize("url", ["standings/", "players/{player}/"])
def test_standings_and_player_pages_run_a_constant_number_of_queries(anonymous, url):
    counts = []
    for players, rounds in ((8, 1), (16, 3)):
        tournament, regs = _tournament_with(players, rounds)
        path = f"/t/{tournament.slug}/" + url.format(player=regs[0].player_id)
        anonymous.get(path)  # warm up (session, content types)
        from django.core.cache import cache

        cache.clear()  # measure the computation, not the cached page
        with CaptureQueriesContext(connection) as queries:
            assert anonymous.get(path).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
