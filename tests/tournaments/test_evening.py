"""The organizer's evening at the service level (issue 14): people, check-in and late arrivals, the
clock."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from tables.models import Seat, Table
from tables.services import record_hand
from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory, seated_table
from tournaments import checkin, clock, names, organizer
from tournaments.audit import COMMAND_LINE, Actor
from tournaments.errors import TournamentError
from tournaments.models import Attendance, Bye, Player, Registration, Round, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer_actor():
    return Actor.of(get_user_model().objects.create_user("olga"))


def tournament_of(players, **fields):
    tournament = TournamentFactory(rounds_planned=3, **fields)
    clubs = ["Circolo Roma", "Cuori Milano", "Torino Carte", ""]
    for i in range(players):
        RegistrationFactory(
            tournament=tournament, player=PlayerFactory(name=f"P{i + 1:02d}", club=clubs[i % 4])
        )
    return tournament


def lock(round_):
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.LOCKED)


# --- names ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "a, b",
    [
        ("Niccolò", "niccolo"),
        ("D’Angelo", "d'angelo"),
        ("  Anna  Maria ", "ANNA MARIA"),
        ("Çelik", "celik"),
    ],
)
def test_names_fold_case_accents_apostrophes_and_spaces(a, b):
    assert names.fold(a) == names.fold(b)


# --- players --------------------------------------------------------------------------------------


def test_a_second_player_of_the_same_name_is_registered_only_on_purpose(organizer_actor):
    tournament = TournamentFactory()
    organizer.register_player(
        tournament, name="Marco Bianchi", club="Circolo Roma", actor=organizer_actor
    )
    with pytest.raises(TournamentError) as err:
        organizer.register_player(tournament, name="marco  bianchi", club="", actor=organizer_actor)
    assert err.value.code == "namesake" and "Marco Bianchi (Circolo Roma)" in str(err.value)
    with pytest.raises(TournamentError) as err:
        organizer.register_player(
            tournament, name="Marco Bianchi", club="Circolo Roma", actor=organizer_actor
        )
    assert err.value.code == "already_registered"
    second = organizer.register_player(
        tournament,
        name="Marco Bianchi",
        club="Cuori Milano",
        namesake_confirmed=True,
        actor=organizer_actor,
    )
    assert second.player.club == "Cuori Milano" and tournament.registrations.count() == 2
    assert second.history.get().history_user_id == organizer_actor.user.pk


def test_accents_count_as_the_same_name():
    tournament = TournamentFactory()
    organizer.register_player(tournament, name="Niccolò Rossi")
    with pytest.raises(TournamentError, match="Niccolò Rossi is already registered"):
        organizer.register_player(tournament, name="Niccolo Rossi", club="Torino Carte")


def test_edit_a_player_keeps_a_history_and_refreshes_cached_pages(organizer_actor):
    tournament = TournamentFactory()
    registration = organizer.register_player(tournament, name="Mario Rosi")
    other = organizer.register_player(tournament, name="Anna Verdi", external_id="FIG-7")
    before = Tournament.objects.get(pk=tournament.pk).names_revision
    organizer.edit_player(
        registration,
        name="Mario Rossi",
        club="Circolo Roma",
        external_id="FIG-1",
        actor=organizer_actor,
    )
    player = Player.objects.get(pk=registration.player_id)
    assert (player.name, player.club, player.external_id) == (
        "Mario Rossi",
        "Circolo Roma",
        "FIG-1",
    )
    assert player.history.latest().history_user_id == organizer_actor.user.pk
    assert Tournament.objects.get(pk=tournament.pk).names_revision == before + 1
    with pytest.raises(TournamentError) as err:
        organizer.edit_player(
            registration, name="Mario Rossi", external_id="FIG-7", actor=organizer_actor
        )
    assert err.value.code == "external_id_taken"
    with pytest.raises(TournamentError) as err:
        organizer.edit_player(registration, name="anna verdi", actor=organizer_actor)
    assert err.value.code == "namesake"
    with pytest.raises(TournamentError) as err:
        organizer.edit_player(registration, name="  ", actor=organizer_actor)
    assert err.value.code == "name_empty"
    assert Player.objects.get(pk=registration.player_id).name == "Mario Rossi"
    assert other.player.name == "Anna Verdi"


def test_only_a_registration_that_never_sat_can_be_deleted(organizer_actor):
    table = seated_table(TournamentFactory())
    seated = table.seats.first().registration
    with pytest.raises(TournamentError) as err:
        organizer.delete_registration(seated, actor=organizer_actor)
    assert err.value.code == "has_played"
    mistake = organizer.register_player(table.round.tournament, name="Typo Player")
    assert organizer.delete_registration(mistake, actor=organizer_actor) == "Typo Player"
    assert not Registration.objects.filter(pk=mistake.pk).exists()
    assert not Player.objects.filter(name="Typo Player").exists()  # no other tournament had them
    shared = organizer.register_player(TournamentFactory(), name="Two Tournaments")
    again = organizer.register_player(TournamentFactory(), name="Two Tournaments")
    assert shared.player_id == again.player_id
    organizer.delete_registration(again, actor=organizer_actor)
    assert Player.objects.filter(pk=shared.player_id).exists()


def test_withdrawal_is_kept_with_its_actor(organizer_actor):
    registration = RegistrationFactory()
    organizer.set_withdrawn(registration, True, actor=organizer_actor)
    assert registration.history.latest().history_user_id == organizer_actor.user.pk


# --- arbiters -------------------------------------------------------------------------------------


def test_an_arbiter_account_is_created_without_a_password_and_appointed():
    tournament = TournamentFactory()
    user = organizer.create_arbiter(tournament, "  beatrice ")
    assert user.username == "beatrice" and not user.has_usable_password()
    assert tournament.arbiters.filter(pk=user.pk).exists()
    with pytest.raises(TournamentError) as err:
        organizer.create_arbiter(tournament, "Beatrice")
    assert err.value.code == "username_taken"
    with pytest.raises(TournamentError) as err:
        organizer.create_arbiter(tournament, "no spaces allowed")
    assert err.value.code == "bad_username"
    with pytest.raises(TournamentError) as err:
        organizer.create_arbiter(tournament, "")
    assert err.value.code == "bad_username"


# --- check-in -------------------------------------------------------------------------------------


def test_absent_and_late_players_are_not_seated(organizer_actor):
    tournament = tournament_of(13)
    regs = list(tournament.registrations.order_by("player__name"))
    changed = checkin.set_attendance(
        tournament,
        1,
        {regs[0].pk: "absent", regs[1].pk: "late", regs[2].pk: "present"},
        actor=organizer_actor,
    )
    assert changed == 2 and Attendance.objects.count() == 2  # present is the default: no row
    round_ = organizer.start_round(tournament, actor=organizer_actor)
    seated = set(Seat.objects.filter(round=round_).values_list("registration_id", flat=True))
    assert regs[0].pk not in seated and regs[1].pk not in seated and len(seated) == 11
    assert checkin.late_players(round_) == [regs[1]]


def test_check_in_is_for_the_round_about_to_be_seated_or_the_current_one(organizer_actor):
    tournament = tournament_of(8)
    reg = tournament.registrations.first()
    with pytest.raises(TournamentError) as err:
        checkin.set_attendance(tournament, 2, {reg.pk: "absent"}, actor=organizer_actor)
    assert err.value.code == "round_number"
    with pytest.raises(TournamentError) as err:
        checkin.set_attendance(tournament, 1, {reg.pk: "asleep"}, actor=organizer_actor)
    assert err.value.code == "bad_state"
    other = RegistrationFactory()
    with pytest.raises(TournamentError) as err:
        checkin.set_attendance(tournament, 1, {other.pk: "absent"}, actor=organizer_actor)
    assert err.value.code == "unknown_player"
    round_ = organizer.start_round(tournament, actor=organizer_actor)
    assert checkin.next_round_number(tournament) == 1  # while round 1 is played
    checkin.set_attendance(tournament, 1, {reg.pk: "absent"}, actor=organizer_actor)
    lock(round_)
    assert checkin.next_round_number(tournament) == 2
    assert not Attendance.objects.filter(
        round_number=2
    ).exists()  # absent in round 1 says nothing of round 2


def test_the_database_refuses_an_impossible_check_in():
    reg = RegistrationFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Attendance.objects.create(registration=reg, round_number=1, state="asleep")
    Attendance.objects.create(registration=reg, round_number=1, state="late")
    with pytest.raises(IntegrityError), transaction.atomic():
        Attendance.objects.create(registration=reg, round_number=1, state="absent")


def test_a_late_player_joins_with_a_bye(organizer_actor):
    tournament = tournament_of(8)
    late = tournament.registrations.order_by("player__name").first()
    checkin.set_attendance(tournament, 1, {late.pk: "late"}, actor=organizer_actor)
    round_ = organizer.start_round(tournament, actor=organizer_actor)
    checkin.give_bye(round_, late, actor=organizer_actor)
    assert Bye.objects.filter(round=round_, registration=late).exists()
    assert checkin.late_players(round_) == []
    assert Attendance.objects.get(registration=late, round_number=1).state == "present"
    with pytest.raises(TournamentError) as err:
        checkin.give_bye(round_, late, actor=organizer_actor)
    assert err.value.code == "already_placed"


def test_a_late_player_fills_in_at_a_table_of_three_that_has_not_started(organizer_actor):
    tournament = tournament_of(8, odd_policy="tables-of-3")
    late = tournament.registrations.order_by("player__name").first()
    checkin.set_attendance(tournament, 1, {late.pk: "late"}, actor=organizer_actor)
    round_ = organizer.start_round(
        tournament, actor=organizer_actor
    )  # 7 players: a table of 4 and one of 3
    sizes = {t.number: t.seats.count() for t in round_.tables.all()}
    assert sorted(sizes.values()) == [3, 4]
    small = min(sizes, key=sizes.get)
    seat = checkin.fill_in(round_, late, actor=organizer_actor)
    assert seat.table.number == small and seat.position == 3 and seat.table.seats.count() == 4
    assert Table.objects.get(pk=seat.table_id).version == 1


def test_no_fill_in_at_a_table_that_has_started(organizer_actor):
    tournament = tournament_of(9, odd_policy="tables-of-3")
    late = list(tournament.registrations.order_by("player__name")[:2])
    checkin.set_attendance(tournament, 1, {r.pk: "late" for r in late}, actor=organizer_actor)
    round_ = organizer.start_round(
        tournament, actor=organizer_actor
    )  # 7 players: a table of 4 and one of 3
    small, big = sorted(round_.tables.all(), key=lambda t: t.seats.count())
    record_hand(small, [13, 13, 0], actor=COMMAND_LINE)
    seat = checkin.fill_in(round_, late[0], actor=organizer_actor)
    assert seat.table == big and seat.position == 4  # the club rules have a 5-seat variant
    with pytest.raises(TournamentError) as err:
        checkin.fill_in(
            round_, late[1], actor=organizer_actor
        )  # 5 seats is the most; the 3 has started
    assert err.value.code == "no_table"
    assert not Seat.objects.filter(registration=late[1]).exists()


def test_no_late_arrival_in_a_locked_round(organizer_actor):
    tournament = tournament_of(8)
    late = tournament.registrations.first()
    checkin.set_attendance(tournament, 1, {late.pk: "late"}, actor=organizer_actor)
    round_ = organizer.start_round(tournament, actor=organizer_actor)
    lock(round_)
    with pytest.raises(TournamentError) as err:
        checkin.give_bye(round_, late, actor=organizer_actor)
    assert err.value.code == "round_locked"


# --- the round clock ------------------------------------------------------------------------------


def test_starting_the_round_starts_its_clock(organizer_actor):
    tournament = tournament_of(8, round_minutes=75)
    round_ = organizer.start_round(tournament, actor=organizer_actor)
    running = clock.round_clock(round_)
    assert running.minutes == 75 and running.running and 74 * 60 < running.remaining <= 75 * 60
    later = clock.round_clock(round_, now=round_.clock_started_at + timedelta(minutes=80))
    assert later.over and later.remaining == 0 and later.display == "00:00"
    organizer.add_minutes(round_, 10, actor=organizer_actor)
    round_.refresh_from_db()
    assert round_.minutes == 85
    organizer.stop_clock(round_, actor=organizer_actor)
    round_.refresh_from_db()
    assert round_.clock_started_at is None and clock.round_clock(round_).running is False


def test_a_round_without_minutes_has_no_clock(organizer_actor):
    tournament = tournament_of(8)
    round_ = organizer.start_round(tournament, actor=organizer_actor)
    assert clock.round_clock(round_) is None
    with pytest.raises(TournamentError) as err:
        organizer.start_clock(round_, actor=organizer_actor)
    assert err.value.code == "clock_minutes"
    organizer.start_clock(round_, minutes=60, actor=organizer_actor)
    round_.refresh_from_db()
    assert clock.round_clock(round_).display in ("60:00", "59:59", "1:00:00")
    with pytest.raises(TournamentError):
        organizer.add_minutes(
            Round.objects.create(tournament=tournament, number=2), 5, actor=organizer_actor
        )


def test_clock_display():
    start = timezone.now()
    assert clock.clock_at(90, start, start).display == "1:30:00"
    assert clock.clock_at(90, start, start + timedelta(seconds=5401)).display == "00:00"
    assert clock.clock_at(5, start, start + timedelta(seconds=0.5)).display == "05:00"  # rounds up
    assert clock.clock_at(None, start, start) is None


def test_the_database_refuses_a_clock_without_minutes():
    round_ = Round.objects.create(tournament=TournamentFactory(), number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.filter(pk=round_.pk).update(clock_started_at=timezone.now())
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.filter(pk=round_.pk).update(minutes=601)
