"""The organizer's evening through the pages, without /admin/ (issue 14): players, arbiters'
accounts, check-in and late arrivals, the round clock."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tables.models import Seat
from tests.factories import PlayerFactory, RegistrationFactory
from tournaments.models import Attendance, Bye, Player, Registration, Round

pytestmark = pytest.mark.django_db


def register(tournament, n):
    clubs = ["Circolo Roma", "Cuori Milano", "Torino Carte", ""]
    return [
        RegistrationFactory(
            tournament=tournament, player=PlayerFactory(name=f"Player {i:02d}", club=clubs[i % 4])
        )
        for i in range(n)
    ]


# --- players --------------------------------------------------------------------------------------


def test_a_namesake_is_registered_after_the_organizer_confirms(as_organizer, tournament):
    url = "/t/coppa/manage/players/"
    as_organizer.post(url, {"name": "Marco Bianchi", "club": "Circolo Roma"})
    refused = as_organizer.post(url, {"name": "marco bianchi", "club": ""})
    page = refused.content.decode()
    assert (
        refused.status_code == 422 and "Marco Bianchi (Circolo Roma) is already registered" in page
    )
    assert 'name="namesake_confirmed"' in page  # offered only now
    assert "namesake_confirmed" not in as_organizer.get(url).content.decode()
    done = as_organizer.post(url, {"name": "Marco Bianchi", "club": "", "namesake_confirmed": "on"})
    assert (
        done.status_code == 302
        and tournament.registrations.filter(player__name__iexact="marco bianchi").count() == 2
    )


def test_the_organizer_corrects_and_deletes_players(as_organizer, tournament, table):
    typo = RegistrationFactory(
        tournament=tournament, player=PlayerFactory(name="Mraco Rossi", club="")
    )
    page = as_organizer.get(f"/t/coppa/manage/players/{typo.pk}/edit/")
    assert page.status_code == 200 and 'value="Mraco Rossi"' in page.content.decode()
    saved = as_organizer.post(
        f"/t/coppa/manage/players/{typo.pk}/edit/",
        {"name": "Marco Rossi", "club": "Torino Carte", "external_id": "FIG-9"},
    )
    assert saved.status_code == 302
    assert Player.objects.get(pk=typo.player_id).name == "Marco Rossi"
    anna = table.seats.get(position=0).registration
    clash = as_organizer.post(
        f"/t/coppa/manage/players/{typo.pk}/edit/", {"name": "anna", "club": ""}
    )
    assert clash.status_code == 422 and "already registered" in clash.content.decode()
    seated = as_organizer.get(f"/t/coppa/manage/players/{anna.pk}/edit/").content.decode()
    assert "can be withdrawn but not deleted" in seated
    refused = as_organizer.post(f"/t/coppa/manage/players/{anna.pk}/delete/", follow=True)
    assert (
        "withdraw them instead" in refused.content.decode()
        and Registration.objects.filter(pk=anna.pk).exists()
    )
    deleted = as_organizer.post(f"/t/coppa/manage/players/{typo.pk}/delete/")
    assert deleted.status_code == 302 and not Registration.objects.filter(pk=typo.pk).exists()


def test_only_the_organizer_edits_players(as_arbiter, anonymous, tournament):
    registration = RegistrationFactory(tournament=tournament)
    assert as_arbiter.get(f"/t/coppa/manage/players/{registration.pk}/edit/").status_code == 403
    assert as_arbiter.post(f"/t/coppa/manage/players/{registration.pk}/delete/").status_code == 403
    assert anonymous.post(f"/t/coppa/manage/players/{registration.pk}/delete/").status_code in (
        302,
        403,
    )
    assert Registration.objects.filter(pk=registration.pk).exists()


def test_withdrawn_players_are_marked_on_the_players_page(as_organizer, tournament):
    registration = RegistrationFactory(
        tournament=tournament, player=PlayerFactory(name="Gone Early")
    )
    as_organizer.post(f"/t/coppa/manage/players/{registration.pk}/withdraw/")
    page = as_organizer.get("/t/coppa/manage/players/").content.decode()
    assert re.search(r"Gone Early</a>\s*<span class=\"badge\">withdrawn", page)


# --- arbiters -------------------------------------------------------------------------------------


def test_an_arbiter_account_is_created_and_its_owner_sets_a_password(as_organizer, tournament):
    response = as_organizer.post("/t/coppa/manage/arbiters/new/", {"new-username": "beatrice"})
    page = response.content.decode()
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    link = re.search(r'value="(http://testserver/accounts/password/[^"]+)"', page).group(1)
    assert "<svg" in page  # the QR code of the link
    user = get_user_model().objects.get(username="beatrice")
    assert tournament.arbiters.filter(pk=user.pk).exists() and not user.has_usable_password()

    beatrice = Client()
    form = beatrice.get(
        link, follow=True
    )  # Django moves the token into the session, then shows the form
    assert form.status_code == 200 and "Choose your password" in form.content.decode()
    done = beatrice.post(
        form.redirect_chain[-1][0],
        {"new_password1": "cuori-arbitra-2026", "new_password2": "cuori-arbitra-2026"},
        follow=True,
    )
    assert "Password saved" in done.content.decode() and "Coppa Cuori" in done.content.decode()
    user.refresh_from_db()
    assert user.check_password("cuori-arbitra-2026")
    assert beatrice.get("/t/coppa/rounds/1/arbiter/").status_code in (
        200,
        404,
    )  # logged in as an arbiter
    again = Client().get(link, follow=True)
    assert "This link no longer works" in again.content.decode()  # single use


def test_a_taken_or_bad_user_name_is_shown_next_to_the_field(as_organizer, organizer, tournament):
    taken = as_organizer.post("/t/coppa/manage/arbiters/new/", {"new-username": "OLGA"})
    assert taken.status_code == 422 and "is taken" in taken.content.decode()
    bad = as_organizer.post("/t/coppa/manage/arbiters/new/", {"new-username": "two words"})
    assert bad.status_code == 422 and 'id="id_new-username-error"' in bad.content.decode()
    assert set(get_user_model().objects.values_list("username", flat=True)) == {"olga", "arturo"}


# --- check-in and late arrivals -------------------------------------------------------------------


def test_check_in_before_round_1_and_a_late_player_who_arrives(
    as_arbiter, as_organizer, tournament
):
    players = register(tournament, 10)
    page = as_arbiter.get("/t/coppa/manage/check-in/")
    assert page.status_code == 200 and "Check-in, round 1" in page.content.decode()
    data = {f"state_{r.pk}": "present" for r in players}
    data[f"state_{players[0].pk}"] = "absent"
    data[f"state_{players[1].pk}"] = "late"
    saved = as_arbiter.post("/t/coppa/manage/check-in/", data, follow=True)
    assert "Check-in saved: 2 changes." in saved.content.decode()
    assert "1 absent" in saved.content.decode() and "1 late" in saved.content.decode()
    assert as_organizer.post("/t/coppa/manage/rounds/start/").status_code == 302
    round_ = Round.objects.get(tournament=tournament, number=1)
    seated = set(Seat.objects.filter(round=round_).values_list("registration_id", flat=True))
    assert players[0].pk not in seated and players[1].pk not in seated and len(seated) == 8
    page = as_arbiter.get("/t/coppa/manage/check-in/").content.decode()
    assert "Late players" in page and players[1].player.name in page
    arrived = as_arbiter.post(
        f"/t/coppa/manage/check-in/{players[1].pk}/arrive/", {"how": "bye"}, follow=True
    )
    assert f"{players[1].player.name} has a bye in round 1." in arrived.content.decode()
    assert Bye.objects.filter(round=round_, registration=players[1]).exists()
    assert "Late players" not in as_arbiter.get("/t/coppa/manage/check-in/").content.decode()


def test_bad_check_in_input_loses_nothing(as_arbiter, tournament):
    players = register(tournament, 4)
    response = as_arbiter.post("/t/coppa/manage/check-in/", {f"state_{players[0].pk}": "asleep"})
    assert response.status_code == 422 and not Attendance.objects.exists()
    assert Client().get("/t/coppa/manage/check-in/").status_code in (302, 403)


def test_no_fill_in_possible_says_why(as_arbiter, as_organizer, tournament):
    players = register(tournament, 9)
    as_arbiter.post("/t/coppa/manage/check-in/", {f"state_{players[0].pk}": "late"})
    as_organizer.post(
        "/t/coppa/manage/rounds/start/"
    )  # 8 players: two tables of 4, each may take a fifth
    done = as_arbiter.post(
        f"/t/coppa/manage/check-in/{players[0].pk}/arrive/", {"how": "fill_in"}, follow=True
    )
    page = done.content.decode()
    assert re.search(r"sits at table \d, seat 5", page), re.findall(
        r'role="status">(.*?)<', page, re.S
    )


# --- the round clock ------------------------------------------------------------------------------


def test_the_arbiter_runs_the_round_clock(as_arbiter, tournament, table):
    url = "/t/coppa/rounds/1/clock/"
    board = "/t/coppa/rounds/1/arbiter/"
    assert "Start the clock now" in as_arbiter.get(board).content.decode()
    refused = as_arbiter.post(url, {"action": "start"}, follow=True)
    assert "Give the round&#x27;s duration" in refused.content.decode()
    as_arbiter.post(url, {"action": "start", "minutes": "75"})
    round_ = Round.objects.get(tournament=tournament, number=1)
    assert round_.minutes == 75 and round_.clock_started_at is not None
    page = as_arbiter.get(board).content.decode()
    assert "data-ends-at=" in page and "5 minutes more" in page and "Time is up." not in page
    as_arbiter.post(url, {"action": "add", "minutes": "5"})
    round_.refresh_from_db()
    assert round_.minutes == 80
    Round.objects.filter(pk=round_.pk).update(
        clock_started_at=timezone.now() - timedelta(minutes=81)
    )
    from tables.services import record_hand
    from tournaments.audit import COMMAND_LINE

    record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    page = as_arbiter.get(board).content.decode()
    assert (
        "Time is up." in page
        and "Lock round 1" in page
        and ">Table 1</a> <small>1 hand</small>" in page
    )
    as_arbiter.post(url, {"action": "stop"})
    round_.refresh_from_db()
    assert round_.clock_started_at is None
    assert Client().post(url, {"action": "stop"}).status_code in (302, 403)


def test_the_players_page_shows_the_clock(anonymous, tournament, table):
    from tournaments import links
    from tournaments.audit import COMMAND_LINE

    Round.objects.filter(tournament=tournament, number=1).update(
        minutes=60, clock_started_at=timezone.now()
    )
    registration = table.seats.get(position=0).registration
    page = anonymous.get(
        links.path_of(links.issue(registration, actor=COMMAND_LINE))
    ).content.decode()
    assert 'role="timer"' in page and "data-ends-at=" in page


def test_the_arbiters_sheet_shows_the_clock_until_the_game_is_over(
    as_arbiter, anonymous, tournament, table
):
    from tables.services import record_hand
    from tournaments.audit import COMMAND_LINE

    sheet = "/t/coppa/tables/1/1/"
    assert 'role="timer"' not in as_arbiter.get(sheet).content.decode()  # the round has no clock
    Round.objects.filter(tournament=tournament, number=1).update(
        minutes=60, clock_started_at=timezone.now()
    )
    assert 'role="timer"' in as_arbiter.get(sheet).content.decode()
    assert (
        'role="timer"' not in anonymous.get(sheet).content.decode()
    )  # spectators see the results only
    for _ in range(8):  # 104 points for seats 1 and 2: past the 100 that ends a game
        record_hand(table, [13, 13, 0, 0], actor=COMMAND_LINE)
    assert "game over" in as_arbiter.get(sheet).content.decode()
    assert 'role="timer"' not in as_arbiter.get(sheet).content.decode()


def test_withdrawn_players_are_marked_in_the_standings_export(as_organizer, tournament, table):
    anna = table.seats.get(position=0).registration
    as_organizer.post(f"/t/coppa/manage/players/{anna.pk}/withdraw/")
    csv = as_organizer.get("/t/coppa/export/standings.csv").content.decode().splitlines()
    assert csv[0].endswith(",status")
    assert [line.rsplit(",", 1)[1] for line in csv[1:] if ",Anna," in line] == ["withdrawn"]
    assert all(line.endswith(",active") for line in csv[1:] if ",Anna," not in line)


def test_make_organizer_creates_an_account_with_a_set_password_link(db):
    import io

    from django.core.management import call_command
    from django.core.management.base import CommandError

    out = io.StringIO()
    call_command(
        "make_organizer", "ottavia", "--create", "--base-url", "https://cuori.example/", stdout=out
    )
    link = re.search(r"https://cuori\.example(/accounts/password/\S+)", out.getvalue()).group(1)
    user = get_user_model().objects.get(username="ottavia")
    assert user.has_perm("tournaments.add_tournament") and not user.has_usable_password()
    client = Client()
    form = client.get(link, follow=True)
    client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "organizza-2026!", "new_password2": "organizza-2026!"},
    )
    user.refresh_from_db()
    assert user.check_password("organizza-2026!")
    with pytest.raises(CommandError, match="is taken"):
        call_command("make_organizer", "OTTAVIA", "--create", stdout=io.StringIO())
    with pytest.raises(CommandError, match="use --create"):
        call_command("make_organizer", "nobody", stdout=io.StringIO())


def test_the_manage_page_links_the_pages_of_the_evening(as_organizer, tournament):
    page = as_organizer.get("/t/coppa/manage/").content.decode()
    for path in (
        "/t/coppa/manage/check-in/",
        "/t/coppa/manage/players/",
        "/t/coppa/projector/",
        "/t/coppa/manage/api/",
    ):
        assert f'href="{path}"' in page, path
    assert as_organizer.get("/t/coppa/manage/api/").status_code == 200
