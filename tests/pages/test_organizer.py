"""Organizer pages: create and edit, players by hand and CSV, withdraw, arbiters, rounds, finish,
exports, print."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tables.models import Table
from tables.services import record_hand
from tests.factories import PlayerFactory, RegistrationFactory
from tournaments.audit import COMMAND_LINE
from tournaments.models import Registration, Round, Tournament

pytestmark = pytest.mark.django_db


def register(tournament, n):
    return [RegistrationFactory(tournament=tournament, player=PlayerFactory()) for _ in range(n)]


def test_creating_a_tournament_needs_a_login(anonymous, db):
    response = anonymous.get("/t/new/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_an_organizer_creates_a_tournament_from_a_preset(as_organizer, organizer):
    data = {
        "name": "Torneo di Natale",
        "slug": "natale",
        "rules": "club",
        "scoring": "10-6-3-1",
        "game_end": "target",
        "target_points": 100,
        "rounds_planned": 4,
        "bye_match_points": "5",
        "seating_method": "balanced",
        "table_size": 4,
        "tiebreak_1": "result_points",
        "tiebreak_2": "table_wins",
    }
    response = as_organizer.post("/t/new/", data)
    assert response.status_code == 302 and response["Location"] == "/t/natale/manage/"
    t = Tournament.objects.get(slug="natale")
    assert (
        t.owner == organizer
        and t.status == "draft"
        and t.hand_total == 26
        and t.rounds_planned == 4
    )
    assert t.tiebreaks == ["result_points", "table_wins"]


def test_create_shows_errors_next_to_the_fields(as_organizer, tournament):
    data = {
        "name": "",
        "slug": "coppa",
        "rules": "club",
        "scoring": "10-6-3-1",
        "game_end": "hands",
        "target_points": 100,
        "rounds_planned": 4,
        "bye_match_points": "5",
        "seating_method": "balanced",
        "table_size": 4,
        "tiebreak_1": "table_wins",
        "tiebreak_2": "table_wins",
    }
    response = as_organizer.post("/t/new/", data)
    html = response.content.decode()
    assert response.status_code == 422
    assert "This field is required." in html  # name
    assert "Give the number of hands of a game." in html
    assert "This tiebreak is already chosen above." in html
    assert "already exists" in html  # slug
    assert 'class="field has-error"' in html


def test_edit_is_for_the_organizer_only(
    as_organizer, as_arbiter, as_outsider, anonymous, tournament
):
    assert as_organizer.get("/t/coppa/manage/edit/").status_code == 200
    for client in (as_arbiter, as_outsider, anonymous):
        assert client.get("/t/coppa/manage/edit/").status_code == 403
        assert client.post("/t/coppa/manage/edit/", {"name": "x"}).status_code == 403
    form = as_organizer.get("/t/coppa/manage/edit/").content.decode()
    assert 'name="moon_rule"' in form


def test_edit_saves_and_validates(as_organizer, tournament):
    data = {
        "name": "Coppa 2",
        "slug": "coppa",
        "rules": "club",
        "scoring": "14-6-0-0",
        "game_end": "target",
        "target_points": 75,
        "rounds_planned": 5,
        "moon_rule": "others",
        "bye_match_points": "5",
        "seating_method": "balanced",
        "table_size": 4,
        "tiebreak_1": "best_game",
    }
    assert as_organizer.post("/t/coppa/manage/edit/", data).status_code == 302
    tournament.refresh_from_db()
    assert (
        tournament.scoring == "14-6-0-0"
        and tournament.target_points == 75
        and tournament.tiebreaks == ["best_game"]
    )
    bad = as_organizer.post(
        "/t/coppa/manage/edit/", {**data, "bye_match_points": "-1", "moon_rule": "sideways"}
    )
    assert bad.status_code == 422
    assert "Match points cannot be negative." in bad.content.decode()
    assert "Select a valid choice." in bad.content.decode()


def test_register_a_player_by_hand_and_refuse_a_duplicate(as_organizer, tournament):
    response = as_organizer.post("/t/coppa/manage/players/", {"name": "Zoe", "club": "Roma"})
    assert response.status_code == 302
    assert Registration.objects.filter(tournament=tournament, player__name="Zoe").exists()
    again = as_organizer.post("/t/coppa/manage/players/", {"name": "Zoe", "club": "Roma"})
    assert again.status_code == 422 and "Zoe is already registered." in again.content.decode()
    empty = as_organizer.post("/t/coppa/manage/players/", {"name": ""})
    assert empty.status_code == 422 and "This field is required." in empty.content.decode()


def test_csv_upload_registers_everyone_or_shows_row_errors(
    as_organizer, tournament, django_capture_on_commit_callbacks
):
    """An upload is imported in the background (eagerly here, at commit); its page shows the result
    or the rows."""
    good = SimpleUploadedFile("p.csv", b"name,club\nAnna,Roma\nBruno,Milano\n")
    with django_capture_on_commit_callbacks(execute=True):
        response = as_organizer.post("/t/coppa/manage/players/upload/", {"file": good})
    assert response.status_code == 302 and "/manage/imports/" in response["Location"]
    assert tournament.registrations.count() == 2
    assert "2 new players registered" in as_organizer.get(response["Location"]).content.decode()
    bad = SimpleUploadedFile("p.csv", b"name,club\nCarla,Roma\n,Milano\nCarla,Roma\n")
    with django_capture_on_commit_callbacks(execute=True):
        response = as_organizer.post("/t/coppa/manage/players/upload/", {"file": bad})
    page = as_organizer.get(response["Location"])
    html = page.content.decode()
    assert "Nothing was registered" in html
    assert "Row 3" in html and "the name is empty" in html and "Row 4" in html
    assert tournament.registrations.count() == 2
    not_utf8 = SimpleUploadedFile("p.csv", "name\nCaff\xe8\n".encode("latin-1"))
    refused = as_organizer.post("/t/coppa/manage/players/upload/", {"file": not_utf8})
    assert refused.status_code == 422 and "not UTF-8" in refused.content.decode()


def test_withdraw_and_reinstate_a_player(as_organizer, as_arbiter, tournament):
    reg = register(tournament, 1)[0]
    url = f"/t/coppa/manage/players/{reg.pk}/withdraw/"
    assert as_arbiter.post(url).status_code == 403
    assert as_organizer.post(url).status_code == 302
    reg.refresh_from_db()
    assert reg.withdrawn
    as_organizer.post(url, {"undo": "1"})
    reg.refresh_from_db()
    assert not reg.withdrawn


def test_appoint_and_remove_an_arbiter(as_organizer, as_arbiter, outsider, tournament):
    assert as_arbiter.post("/t/coppa/manage/arbiters/", {"username": "otto"}).status_code == 403
    assert as_organizer.post("/t/coppa/manage/arbiters/", {"username": "otto"}).status_code == 302
    assert tournament.arbiters.filter(pk=outsider.pk).exists()
    unknown = as_organizer.post("/t/coppa/manage/arbiters/", {"username": "nobody"})
    assert (
        unknown.status_code == 422 and "There is no user called nobody." in unknown.content.decode()
    )
    as_organizer.post(f"/t/coppa/manage/arbiters/{outsider.pk}/remove/")
    assert not tournament.arbiters.filter(pk=outsider.pk).exists()


def test_start_lock_and_finish_rounds(as_organizer, tournament):
    register(tournament, 10)
    assert as_organizer.post("/t/coppa/manage/rounds/start/").status_code == 302
    round_ = Round.objects.get(tournament=tournament, number=1)
    sizes = sorted(t.seats.count() for t in round_.tables.all())
    assert sizes == [5, 5]
    # The next round waits for this one to be locked, which waits for every game to end.
    refused = as_organizer.post("/t/coppa/manage/rounds/start/")
    assert refused.status_code == 409 and "Lock round 1" in refused.content.decode()
    refused = as_organizer.post("/t/coppa/manage/rounds/1/lock/")
    assert (
        refused.status_code == 409
        and "Tables 1 and 2 have no hand recorded" in refused.content.decode()
    )
    dashboard = as_organizer.get("/t/coppa/manage/").content.decode()
    assert "0 of 2 tables finished" in dashboard
    for table in Table.objects.filter(round=round_):
        for _ in range(4):
            record_hand(table, [25, 1, 0, 0, 0], actor=COMMAND_LINE)
    assert as_organizer.post("/t/coppa/manage/rounds/1/lock/").status_code == 302
    assert Round.objects.get(pk=round_.pk).status == "locked"
    assert as_organizer.post("/t/coppa/manage/finish/").status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == "finished"


def test_withdrawn_players_are_not_seated(as_organizer, tournament):
    regs = register(tournament, 9)
    regs[0].withdrawn = True
    regs[0].save()
    as_organizer.post("/t/coppa/manage/rounds/start/")
    seated = set(
        Table.objects.filter(round__tournament=tournament).values_list(
            "seats__registration_id", flat=True
        )
    )
    assert regs[0].pk not in seated and len(seated) == 8


def test_starting_a_round_publishes_a_draft(as_organizer, tournament):
    tournament.status = "draft"
    tournament.save()
    register(tournament, 4)
    as_organizer.post("/t/coppa/manage/rounds/start/")
    tournament.refresh_from_db()
    assert tournament.status == "running"


@pytest.mark.parametrize(
    "url",
    [
        "/t/coppa/manage/publish/",
        "/t/coppa/manage/rounds/start/",
        "/t/coppa/manage/rounds/1/lock/",
        "/t/coppa/manage/finish/",
        "/t/coppa/manage/players/",
        "/t/coppa/manage/players/upload/",
    ],
)
def test_organizer_writes_are_refused_to_others(
    as_arbiter, as_outsider, anonymous, tournament, url
):
    for client in (as_arbiter, as_outsider, anonymous):
        assert client.post(url, {}).status_code == 403
    assert not Round.objects.exists()


def test_the_dashboard_is_for_the_organizer(as_organizer, as_arbiter, anonymous, tournament):
    assert as_organizer.get("/t/coppa/manage/").status_code == 200
    assert as_arbiter.get("/t/coppa/manage/").status_code == 403
    assert anonymous.get("/t/coppa/manage/").status_code == 403


def test_csv_downloads(as_organizer, as_arbiter, anonymous, table):
    for _ in range(4):
        record_hand(table, [25, 1, 0, 0], actor=COMMAND_LINE)
    standings = as_organizer.get("/t/coppa/export/standings.csv")
    assert standings.status_code == 200 and standings["Content-Type"].startswith("text/csv")
    assert (
        standings.content.decode().splitlines()[0]
        == "rank,player,club,match_points,result_points,games,table_wins,status"
    )
    excel = as_arbiter.get("/t/coppa/export/standings.csv?excel=1").content.decode()
    assert excel.startswith("\ufeffrank;player") and "8,00" in excel
    results = as_arbiter.get("/t/coppa/export/results.csv").content.decode()
    assert len(results.splitlines()) == 1 + 16
    seating = as_arbiter.get("/t/coppa/export/seating.csv?round=1").content.decode()
    assert "1,1,1,Anna" in seating
    assert anonymous.get("/t/coppa/export/results.csv").status_code == 403
    assert as_organizer.get("/t/coppa/export/nothing.csv").status_code == 404


def test_printable_cards_and_sheets(as_arbiter, anonymous, table):
    html = as_arbiter.get("/t/coppa/rounds/1/print/").content.decode()
    assert (
        "print-page table-card" in html
        and "score-card" in html
        and "Anna" in html
        and "@media print" not in html
    )
    assert anonymous.get("/t/coppa/rounds/1/print/").status_code == 403


def test_login_is_throttled_after_repeated_failures(db, organizer, client):
    for attempt in range(1, 6):
        response = client.post("/accounts/login/", {"username": "olga", "password": "wrong"})
        assert response.status_code == (429 if attempt == 5 else 200)
    locked = client.post("/accounts/login/", {"username": "olga", "password": "pw-olga-123"})
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.content.decode()


def test_login_works_with_the_right_password(db, organizer, client):
    response = client.post("/accounts/login/", {"username": "olga", "password": "pw-olga-123"})
    assert response.status_code == 302


def test_only_organizers_may_create_tournaments_unless_the_setting_opens_it(
    as_outsider, outsider, settings, db
):
    """Any account used to be able to create tournaments; now staff and users given the
    permission."""
    import io

    from django.core.management import call_command

    assert as_outsider.get("/t/new/").status_code == 403
    assert as_outsider.post("/t/new/", {"name": "Mine", "slug": "mine"}).status_code == 403
    assert "New tournament" not in as_outsider.get("/").content.decode()
    call_command("make_organizer", "otto", stdout=io.StringIO())
    assert as_outsider.get("/t/new/").status_code == 200
    assert "New tournament" in as_outsider.get("/").content.decode()
    call_command("make_organizer", "otto", "--remove", stdout=io.StringIO())
    assert as_outsider.get("/t/new/").status_code == 403
    settings.CUORI_TOURNAMENT_CREATORS = "everyone"
    assert as_outsider.get("/t/new/").status_code == 200


def test_the_web_downloads_and_the_commands_write_the_same_files(as_organizer, tournament):
    """One exporter per file: the seating download used to drop the byes export_seating writes."""
    import io

    from django.core.management import call_command

    from tournaments.models import Bye

    register(tournament, 9)
    tournament.odd_policy = "byes"
    tournament.save()
    as_organizer.post("/t/coppa/manage/rounds/start/")
    assert Bye.objects.count() == 1
    for kind in ("standings", "results", "seating"):
        command = io.StringIO()
        call_command(f"export_{kind}", "coppa", stdout=command)
        web = as_organizer.get(f"/t/coppa/export/{kind}.csv").content.decode()
        assert web == command.getvalue(), kind
    seating = as_organizer.get("/t/coppa/export/seating.csv").content.decode()
    bye = Bye.objects.get().registration.player.name
    assert f"1,,,{bye}" in seating


def test_a_new_tournament_keeps_every_setting_of_the_form(as_organizer):
    """Seating and confirmation settings chosen when creating used to be dropped."""
    response = as_organizer.post(
        "/t/new/",
        {
            "name": "Coppa 3",
            "slug": "coppa-3",
            "rules": "club",
            "scoring": "10-6-3-1",
            "game_end": "target",
            "target_points": 100,
            "rounds_planned": 3,
            "bye_match_points": "5",
            "seating_method": "swiss",
            "odd_policy": "byes",
            "table_size": 4,
            "confirmation_policy": "player",
            "players_enter_hands": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    t = Tournament.objects.get(slug="coppa-3")
    assert (t.seating_method, t.odd_policy, t.confirmation_policy, t.players_enter_hands) == (
        "swiss",
        "byes",
        "player",
        True,
    )


def test_private_addresses_are_issued_revoked_and_printed(as_organizer, tournament, anonymous):
    from tournaments import links

    regs = register(tournament, 3)
    assert as_organizer.post("/t/coppa/manage/links/issue/").status_code == 302
    issued = {r.pk: Registration.objects.get(pk=r.pk).link_secret for r in regs}
    assert all(len(secret) >= 32 for secret in issued.values())
    slips = as_organizer.get("/t/coppa/manage/links/print/").content.decode()
    assert slips.count('class="slip"') == 3 and "<svg" in slips and "/p/" in slips
    first = Registration.objects.get(pk=regs[0].pk)
    old = links.path_of(first)
    as_organizer.post(f"/t/coppa/manage/players/{first.pk}/link/", {"action": "issue"})
    assert anonymous.get(old).status_code == 404
    as_organizer.post(f"/t/coppa/manage/players/{first.pk}/link/", {"action": "revoke"})
    assert Registration.objects.get(pk=first.pk).link_secret == ""
    assert anonymous.get("/t/coppa/manage/links/print/").status_code in (302, 403)


def test_export_player_links_writes_player_club_url(tournament):
    import io

    from django.core.management import call_command

    register(tournament, 2)
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "export_player_links",
        "coppa",
        "--base-url",
        "https://cuori.example",
        stdout=out,
        stderr=err,
    )
    lines = out.getvalue().splitlines()
    assert lines[0] == "player,club,url" and len(lines) == 3
    assert all(",https://cuori.example/p/" in line for line in lines[1:])
    assert "2 new private address(es) issued" in err.getvalue()
