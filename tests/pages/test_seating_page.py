"""The organizer's seating page: repeats highlighted, manual swap and move with the repeats they
create."""

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from tables.models import Seat
from tests.factories import PlayerFactory, TournamentFactory
from tournaments import seating_service
from tournaments.models import Registration, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("org-seating")


@pytest.fixture
def tournament(organizer):
    t = TournamentFactory(owner=organizer, rounds_planned=3)
    for i in range(16):
        Registration.objects.create(tournament=t, player=PlayerFactory(name=f"P{i}"))
    return t


def seat_two_rounds(tournament):
    seating_service.seat_next_round(tournament, seed=1)
    Round.objects.filter(tournament=tournament, number=1).update(status=Round.Status.LOCKED)
    seating_service.seat_next_round(tournament, seed=2)
    return Round.objects.get(tournament=tournament, number=2)


def regs_at(round_, table_number):
    return list(
        Seat.objects.filter(round=round_, table__number=table_number)
        .order_by("position")
        .values_list("registration_id", flat=True)
    )


def test_the_page_shows_no_repeat_after_a_balanced_round(client, organizer, tournament):
    seat_two_rounds(tournament)
    client.force_login(organizer)
    html = client.get(f"/t/{tournament.slug}/manage/rounds/2/seating/").content.decode()
    assert "Nobody at these tables has met before." in html
    assert html.count('class="repeat"') == 0


def test_a_swap_shows_the_repeats_it_creates_and_they_are_highlighted(
    client, organizer, tournament
):
    round2 = seat_two_rounds(tournament)
    round1 = Round.objects.get(tournament=tournament, number=1)
    # Bring two round-1 table-mates together again: swap one of them into the other's round-2 table.
    a, b = regs_at(round1, 1)[:2]
    table_of_a = Seat.objects.get(round=round2, registration_id=a).table.number
    other = next(r for r in regs_at(round2, table_of_a) if r != a)
    client.force_login(organizer)
    response = client.post(
        f"/t/{tournament.slug}/manage/rounds/2/seating/",
        {"action": "swap", "swap-first": b, "swap-second": other},
        follow=True,
    )
    html = response.content.decode()
    assert "It creates repeated pairs" in html
    assert 'class="repeat"' in html
    assert Seat.objects.get(round=round2, registration_id=b).table.number == table_of_a


def test_a_move_to_the_byes_and_bad_input(client, organizer, tournament):
    round2 = seat_two_rounds(tournament)
    client.force_login(organizer)
    reg = regs_at(round2, 1)[0]
    response = client.post(
        f"/t/{tournament.slug}/manage/rounds/2/seating/",
        {"action": "move", "move-player": reg, "move-table": 0},
    )
    assert response.status_code == 302
    assert list(round2.byes.values_list("registration_id", flat=True)) == [reg]
    assert len(regs_at(round2, 1)) == 3
    response = client.post(
        f"/t/{tournament.slug}/manage/rounds/2/seating/",
        {"action": "swap", "swap-first": reg, "swap-second": reg},
    )
    assert (
        response.status_code == 422 and "Choose two different players." in response.content.decode()
    )
    response = client.post(
        f"/t/{tournament.slug}/manage/rounds/2/seating/",
        {"action": "move", "move-player": reg, "move-table": 99},
    )
    assert response.status_code == 422 and "Select a valid choice" in response.content.decode()


def test_only_the_organizer_may_see_or_change_the_seating(client, django_user_model, tournament):
    seat_two_rounds(tournament)
    client.force_login(django_user_model.objects.create_user("stranger"))
    assert client.get(f"/t/{tournament.slug}/manage/rounds/2/seating/").status_code == 403
    assert (
        client.post(
            f"/t/{tournament.slug}/manage/rounds/2/seating/", {"action": "swap"}
        ).status_code
        == 403
    )


def test_a_locked_round_cannot_change(client, organizer, tournament):
    seat_two_rounds(tournament)
    Round.objects.filter(tournament=tournament, number=2).update(status=Round.Status.LOCKED)
    round2 = Round.objects.get(tournament=tournament, number=2)
    a, b = regs_at(round2, 1)[0], regs_at(round2, 2)[0]
    client.force_login(organizer)
    response = client.post(
        f"/t/{tournament.slug}/manage/rounds/2/seating/",
        {"action": "swap", "swap-first": a, "swap-second": b},
    )
    assert response.status_code == 409 and "Round 2 is locked." in response.content.decode()


def test_the_page_says_how_many_repeats_no_seating_could_avoid(client, organizer):
    """12 players at 3 tables: every round after the first holds 3 pairs who met (pigeonhole)."""
    t = TournamentFactory(owner=organizer, rounds_planned=3)
    for i in range(12):
        Registration.objects.create(tournament=t, player=PlayerFactory(name=f"Q{i}"))
    seat_two_rounds(t)
    client.force_login(organizer)
    html = client.get(f"/t/{t.slug}/manage/rounds/2/seating/").content.decode()
    assert "3 pairs of players met in an earlier round" in html
    assert "No seating of these players has fewer than 3 repeated pairs" in html
    with translation.override("it"):
        html = client.get(
            f"/t/{t.slug}/manage/rounds/2/seating/", HTTP_ACCEPT_LANGUAGE="it"
        ).content.decode()
    assert "meno di 3 coppie ripetute" in html


def test_a_round_seated_to_keep_the_schedule_says_so_until_it_is_edited(client, organizer):
    """A round re-formed from the tournament's plan around an absentee (``Round.schedule_kept``,
    set by the seating service) says why it repeats more pairs than the least possible; a manual
    edit makes it the organizer's seating and the line goes."""
    t = TournamentFactory(owner=organizer, rounds_planned=3)
    for i in range(12):
        Registration.objects.create(tournament=t, player=PlayerFactory(name=f"Q{i}"))
    round2 = seat_two_rounds(t)
    url = f"/t/{t.slug}/manage/rounds/2/seating/"
    client.force_login(organizer)
    assert "keeps the tournament" not in client.get(url).content.decode()
    Round.objects.filter(pk=round2.pk).update(schedule_kept=True)  # figures not recorded
    html = client.get(url).content.decode()
    assert 'class="muted schedule-kept"' in html
    assert "schedule through the absences: any other seating repeats more pairs" in html
    Round.objects.filter(pk=round2.pk).update(kept_repeats=1, planned_repeats=7)
    html = client.get(url).content.decode()
    assert (
        "over the rounds still to play it repeats 1 pair, against 7 for a seating planned from "
        "the results so far."
    ) in html
    Round.objects.filter(pk=round2.pk).update(kept_repeats=12, planned_repeats=29)
    assert "it repeats 12 pairs, against 29" in client.get(url).content.decode()
    with translation.override("it"):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "mantiene il calendario del torneo" in html
    assert "ripete 12 coppie, contro 29" in html
    a, b = regs_at(round2, 1)[0], regs_at(round2, 2)[0]
    response = client.post(url, {"action": "swap", "swap-first": a, "swap-second": b}, follow=True)
    assert response.status_code == 200
    edited = Round.objects.get(pk=round2.pk)
    assert edited.schedule_kept is False
    assert edited.kept_repeats is edited.planned_repeats is None
    assert "keeps the tournament" not in response.content.decode()


def test_the_schedule_figures_need_a_kept_schedule_in_the_database(organizer):
    """A round not marked as keeping the schedule cannot carry its figures (a check constraint,
    whoever writes)."""
    t = TournamentFactory(owner=organizer, rounds_planned=3)
    for i in range(12):
        Registration.objects.create(tournament=t, player=PlayerFactory(name=f"Q{i}"))
    round2 = seat_two_rounds(t)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.filter(pk=round2.pk).update(kept_repeats=12, planned_repeats=29)
    Round.objects.filter(pk=round2.pk).update(
        schedule_kept=True, kept_repeats=12, planned_repeats=29
    )


def test_no_unavoidable_line_when_every_repeat_could_be_avoided(client, organizer, tournament):
    seat_two_rounds(tournament)
    client.force_login(organizer)
    html = client.get(f"/t/{tournament.slug}/manage/rounds/2/seating/").content.decode()
    assert "No seating of these players has fewer" not in html
