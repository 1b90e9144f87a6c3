"""Hidden rounds (issue 16) at the service level: hiding and releasing, the public standings,
exports and seating (which uses every result)."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tables.models import Seat, Table
from tests.factories import TournamentFactory
from tests.finals_helpers import SWISS_ORDER, names_of, play, swiss_round
from tournaments import exports, organizer, pages, selectors
from tournaments.audit import COMMAND_LINE, Actor
from tournaments.models import Registration, Round, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    return TournamentFactory(slug="coppa", rounds_planned=3)


def second_round(tournament):
    """Round 2 of the same players, seated by hand: the last two seats of each table share first
    place."""

    round_ = Round.objects.create(tournament=tournament, number=2, status=Round.Status.PLAYING)
    regs = {
        r.player.name: r
        for r in Registration.objects.filter(tournament=tournament).select_related("player")
    }
    for number, names in (
        (1, ["Hugo", "Dario", "Carla", "Elena"]),
        (2, ["Gina", "Bruno", "Fabio", "Anna"]),
    ):
        table = Table.objects.create(round=round_, number=number)
        for position, name in enumerate(names):
            Seat.objects.create(
                table=table, round=round_, position=position, registration=regs[name]
            )
        play(
            table, [[25, 1, 0, 0]] * 4
        )  # seat 1 reaches 100, seat 2 4; seats 3 and 4 share first place
    organizer.lock_round(round_, actor=COMMAND_LINE)
    return round_


def test_hiding_and_releasing_is_kept_in_the_history_and_raises_the_revision(tournament):
    round_ = swiss_round(tournament)
    user = get_user_model().objects.create_user("olga")
    before = pages.fingerprint(tournament)
    organizer.set_round_hidden(round_, True, actor=Actor.of(user))
    round_.refresh_from_db()
    tournament.refresh_from_db()
    assert round_.hidden and tournament.visibility_revision == 1
    assert round_.history.first().history_user == user and round_.history.first().hidden
    assert pages.fingerprint(tournament) != before
    organizer.set_round_hidden(
        round_, True, actor=Actor.of(user)
    )  # idempotent: no new history, no new revision
    tournament.refresh_from_db()
    assert (
        tournament.visibility_revision == 1 and round_.history.count() == 3
    )  # created, locked, hidden
    organizer.set_round_hidden(round_, False, actor=COMMAND_LINE)
    round_.refresh_from_db()
    assert not round_.hidden and round_.history.first().history_actor == "command"


def test_public_standings_leave_hidden_rounds_out_and_the_staff_see_everything(tournament):
    swiss_round(tournament)
    hidden = second_round(tournament)
    everything = selectors.standings(tournament)
    organizer.set_round_hidden(hidden, True, actor=COMMAND_LINE)
    assert names_of(selectors.standings(tournament, public=True)) == SWISS_ORDER
    assert all(row.games == 1 for row in selectors.standings(tournament, public=True))
    assert selectors.standings(tournament) == everything and everything[0].games == 2
    assert selectors.hidden_round_numbers(tournament) == [2]


def test_the_note_names_the_round_the_public_standings_stop_at():
    assert pages.hidden_note([], [1, 2]) == ""
    assert (
        pages.hidden_note([3, 4], [1, 2, 3, 4])
        == "Standings after round 2; later rounds are hidden."
    )
    assert (
        pages.hidden_note([2], [1, 2, 3]) == "Round 2 is hidden: its results are not counted here."
    )
    assert (
        pages.hidden_note([1, 2], [1, 2])
        == "Rounds 1 and 2 are hidden: their results are not counted here."
    )


def test_seating_the_next_round_uses_the_hidden_results(tournament):
    tournament.seating_method = Tournament.SeatingMethod.SWISS
    tournament.save()
    round_ = swiss_round(tournament)
    organizer.set_round_hidden(round_, True, actor=COMMAND_LINE)
    organizer.start_round(tournament, actor=COMMAND_LINE)
    from tournaments.selectors import round_seating

    seating = round_seating(Round.objects.get(number=2))
    ranked = {r.name: r.registration_id for r in selectors.standings(tournament)}
    # Swiss: the top four of the hidden round's standings sit together.
    assert set(seating.tables[0]) == {ranked[n] for n in SWISS_ORDER[:4]}


def csv(exporter, tournament, **options):
    out = io.StringIO()
    exports.render(exporter, tournament, out, **options)
    return out.getvalue()


def test_exports_leave_hidden_rounds_out_unless_asked(tournament):
    swiss_round(tournament)
    hidden = second_round(tournament)
    full_results = csv(exports.RESULTS, tournament)
    organizer.set_round_hidden(hidden, True, actor=COMMAND_LINE)
    public_results = csv(exports.RESULTS, tournament)
    assert "\n2,1,1," in full_results and "\n2,1,1," not in public_results
    assert csv(exports.RESULTS, tournament, hidden=True) == full_results
    standings = csv(exports.STANDINGS, tournament).splitlines()
    assert standings[1].startswith("1,Hugo,") and standings[1].endswith(",10.00,0,1,1,active")
    with_hidden = csv(exports.STANDINGS, tournament, hidden=True).splitlines()
    assert ",2," in with_hidden[1]  # two games counted


def test_export_commands_take_include_hidden(tournament, capsys):
    swiss_round(tournament)
    organizer.set_round_hidden(second_round(tournament), True, actor=COMMAND_LINE)
    call_command("export_standings", "coppa")
    public = capsys.readouterr().out
    call_command("export_standings", "coppa", "--include-hidden")
    staff = capsys.readouterr().out
    assert public != staff and public.splitlines()[1].startswith("1,Hugo,")
    call_command("export_results", "coppa")
    assert "\n2," not in capsys.readouterr().out
    call_command("export_results", "coppa", "--include-hidden")
    assert "\n2," in capsys.readouterr().out


def test_the_admin_cannot_hide_or_release_a_round(tournament, client):
    """Hiding goes through ``organizer.set_round_hidden`` (actor, history, the pages' revision): the
    admin shows ``hidden`` and ``kind`` read-only (and whether the round keeps the schedule), and a
    forged post leaves them as they are."""
    round_ = swiss_round(tournament)
    admin = get_user_model().objects.create_superuser("root", "root@example.com", "pw-root-123")
    client.force_login(admin)
    url = f"/admin/tournaments/round/{round_.pk}/change/"
    page = client.get(url).content.decode()
    assert 'name="hidden"' not in page and 'name="kind"' not in page
    for field in ("schedule_kept", "kept_repeats", "planned_repeats"):  # set by the seating service
        assert f'name="{field}"' not in page
    client.post(
        url,
        {
            "tournament": tournament.pk,
            "number": 1,
            "hidden": "on",
            "kind": "final",
            "schedule_kept": "on",
            "kept_repeats": "12",
            "planned_repeats": "29",
            "tables-TOTAL_FORMS": "0",
            "tables-INITIAL_FORMS": "0",
        },
    )
    round_.refresh_from_db()
    assert round_.hidden is False and round_.kind == Round.Kind.SWISS
    assert round_.schedule_kept is False and round_.kept_repeats is None
