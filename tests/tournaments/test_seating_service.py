"""Seating glue and commands (issue 6): rounds saved to and read from the database."""

import csv
import io
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

from tables.models import Seat, Table
from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tournaments import checkin, organizer, seating, seating_service, selectors
from tournaments.audit import COMMAND_LINE
from tournaments.errors import TournamentError
from tournaments.models import Attendance, Bye, Round, Tournament

pytestmark = pytest.mark.django_db


def make_tournament(players, *, rounds=5, slug=None):
    tournament = TournamentFactory(rounds_planned=rounds, **({"slug": slug} if slug else {}))
    for i in range(players):
        # The same clubs for the same names in every tournament (seating keeps clubs apart).
        club = ["Circolo Roma", "Cuori Milano", "Torino Carte", ""][i % 4]
        RegistrationFactory(
            tournament=tournament, player=PlayerFactory(name=f"P{i + 1:03d}", club=club)
        )
    return tournament


def lock(round_):
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.LOCKED)


def saved(round_):
    return selectors.round_seating(round_)


def active_ids(tournament):
    return sorted(tournament.registrations.filter(withdrawn=False).values_list("id", flat=True))


def run(*args):
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def fails(*args):
    with pytest.raises(CommandError) as exc:
        call_command(*args, stdout=io.StringIO(), stderr=io.StringIO())
    assert exc.value.returncode == 1
    assert "\n" not in str(exc.value)
    return str(exc.value)


def test_seating_a_round_saves_tables_seats_and_the_seed():
    tournament = make_tournament(17)
    done = seating_service.seat_next_round(tournament, seed=42)
    round_ = done.round
    assert (round_.number, round_.seating_method, round_.seed) == (1, "balanced", 42)
    assert round_.status == Round.Status.PLAYING
    tables = Table.objects.filter(round=round_).order_by("number")
    assert [t.seats.count() for t in tables] == [len(t) for t in done.seating.tables]
    assert sorted(t.seats.count() for t in tables) == [4, 4, 4, 5]
    assert sorted(
        Seat.objects.filter(round=round_).values_list("registration_id", flat=True)
    ) == active_ids(tournament)
    # seat order is the algorithm's (seat 0 deals first)
    first = tables[0]
    assert (
        tuple(first.seats.order_by("position").values_list("registration_id", flat=True))
        == done.seating.tables[0]
    )
    assert saved(round_) == done.seating


def test_rounds_follow_on_without_repeats_and_withdrawn_players_leave():
    tournament = make_tournament(16, rounds=5)
    for number in range(1, 6):
        done = seating_service.seat_next_round(tournament, seed=number * 7)
        assert done.round.number == number
        assert done.repeats == ()
        lock(done.round)
    rounds = [saved(r) for r in tournament.rounds.order_by("number")]
    assert seating.count_repeated_pairs(rounds) == 0


def test_withdrawn_players_sit_out_and_late_ones_join():
    tournament = make_tournament(17, rounds=3)
    lock(seating_service.seat_next_round(tournament, seed=1).round)
    gone = tournament.registrations.order_by("id").first()
    gone.withdrawn = True
    gone.save()
    late = RegistrationFactory(tournament=tournament, player=PlayerFactory(name="Late"))
    RegistrationFactory(tournament=tournament, player=PlayerFactory(name="Later"))
    RegistrationFactory(tournament=tournament, player=PlayerFactory(name="Latest"))
    RegistrationFactory(tournament=tournament, player=PlayerFactory(name="Last"))
    done = seating_service.seat_next_round(tournament, seed=2)
    seated = [p for t in done.seating.tables for p in t]
    assert gone.id not in seated and late.id in seated
    assert sorted(seated) == active_ids(tournament)
    assert [len(t) for t in done.seating.tables] == [4] * 5


def test_players_absent_for_a_round_come_back_to_the_design():
    """28 players over 9 rounds is the unital, a complete design: with one
    player checked in absent for round 1 and another for round 4, those
    rounds are the design's less the absent player (three on a bye) and
    the plan goes on, so nobody meets twice (planned from the history,
    the same evening repeats about 20 pairs)."""
    tournament = make_tournament(28, rounds=9)
    first, fourth = tournament.registrations.order_by("id")[:2]
    Attendance.objects.create(registration=first, round_number=1, state=Attendance.State.ABSENT)
    Attendance.objects.create(registration=fourth, round_number=4, state=Attendance.State.ABSENT)
    for number in range(1, 10):
        done = seating_service.seat_next_round(tournament, seed=number, odd=seating.BYES)
        assert len(done.seating.byes) == (3 if number in (1, 4) else 0)
        assert done.repeats == ()
        lock(done.round)
    rounds = [saved(r) for r in tournament.rounds.order_by("number")]
    assert seating.count_repeated_pairs(rounds) == 0
    assert first.id not in rounds[0].players() and fourth.id not in rounds[3].players()


def test_a_late_player_given_a_bye_leaves_the_design_going():
    """28 x 9 with byes: a player checked in late for round 4 is left out
    when it is seated (three of the design's table on a bye) and joins it
    with a bye on arrival; the design goes on after it, nobody meeting twice."""

    def evening(state, arrives):
        tournament = make_tournament(28, rounds=9)
        late = tournament.registrations.order_by("id").first()
        Attendance.objects.create(registration=late, round_number=4, state=state)
        for number in range(1, 10):
            done = seating_service.seat_next_round(tournament, seed=number, odd=seating.BYES)
            if number == 4 and arrives:
                checkin.give_bye(done.round, late, actor=COMMAND_LINE)
            lock(done.round)
        index = {r: i for i, r in enumerate(active_ids(tournament))}
        rounds = [saved(r) for r in tournament.rounds.order_by("number")]
        tables = [{frozenset(index[p] for p in t) for t in r.tables} for r in rounds]
        return rounds, tables, late.id

    rounds, tables, late = evening(Attendance.State.LATE, arrives=True)
    assert len(rounds[3].byes) == 4 and late in rounds[3].byes
    assert seating.count_repeated_pairs(rounds) == 0
    # the rounds after it are the design's, as when the player is absent for round 4
    assert tables[4:] == evening(Attendance.State.ABSENT, arrives=False)[1][4:]


def test_a_player_withdrawing_leaves_the_design_going_without_them():
    """28 x 9 (the unital) with tables of 3, a player withdrawing after
    round 4: each later round is the design's less that player, their three
    table mates at a table of 3 (three different players each round), so
    nobody meets twice (planned from the history it repeats 18 pairs)."""
    tournament = make_tournament(28, rounds=9)
    gone = tournament.registrations.order_by("id").first()
    for number in range(1, 10):
        if number == 5:
            gone.withdrawn = True
            gone.save()
        done = seating_service.seat_next_round(tournament, seed=number, odd=seating.TABLES_OF_3)
        assert done.repeats == ()
        lock(done.round)
    rounds = [saved(r) for r in tournament.rounds.order_by("number")]
    assert seating.count_repeated_pairs(rounds) == 0
    at_three = [p for r in rounds[4:] for t in r.tables if len(t) == 3 for p in t]
    assert len(at_three) == len(set(at_three)) == 15 and gone.id not in rounds[4].players()


def test_an_absence_with_tables_of_5_keeps_the_design_but_a_withdrawal_does_not():
    """28 x 9 with tables of 5: a player checked in absent for round 4
    leaves three table mates to seat at tables of 5, 12 repeated pairs
    with the unital's other rounds, where planning from the history
    repeats over twice as many, so round 4 is the unital's re-formed
    and the evening ends with those 12, the round marked as keeping the
    schedule (the page says why it repeats pairs); a player who withdrew
    instead is not coming back, so that round is planned from the history."""

    def evening(withdraw, rounds):
        tournament = make_tournament(28, rounds=9)
        gone = tournament.registrations.order_by("id").first()
        played, kept = [], []
        for number in range(1, rounds + 1):
            if number == 4 and withdraw:
                gone.withdrawn = True
                gone.save()
            elif number == 4:
                Attendance.objects.create(
                    registration=gone, round_number=4, state=Attendance.State.ABSENT
                )
            if number == 4:  # seated from the command line, which says why it repeats pairs
                said = run("seat_round", tournament.slug, "--seed", "4")
                round_ = tournament.rounds.get(number=4)
            else:
                round_ = seating_service.seat_next_round(tournament, seed=number).round
            lock(round_)
            played.append(saved(round_))
            kept.append(Round.objects.get(pk=round_.pk))
        index = {r: i for i, r in enumerate(sorted(played[0].players()))}
        tables = [{frozenset(index[p] for p in t) for t in r.tables} for r in played]
        return played, tables, kept, said

    absent, absent_tables, kept, said = evening(withdraw=False, rounds=9)
    assert sorted(len(t) for t in absent[3].tables) == [4, 4, 4, 5, 5, 5]
    assert seating.count_repeated_pairs(absent) == 12
    assert [r.schedule_kept for r in kept] == [False, False, False, True] + [False] * 5
    round4 = kept[3]
    assert round4.kept_repeats == 12  # what the evening ends with
    assert round4.planned_repeats > round4.kept_repeats + seating.FOLLOW_MARGIN
    assert [(r.kept_repeats, r.planned_repeats) for r in kept[4:]] == [(None, None)] * 5
    assert (
        "This seating keeps the tournament's schedule through the absences: over the rounds "
        f"still to play it repeats 12 pairs, against {round4.planned_repeats} for a seating "
        "planned from the results so far."
    ) in said
    _withdrawn, withdrawn_tables, kept, said = evening(withdraw=True, rounds=4)
    assert withdrawn_tables[:3] == absent_tables[:3]
    assert withdrawn_tables[3] != absent_tables[3]
    assert [r.schedule_kept for r in kept] == [False] * 4
    assert "keeps the tournament's schedule" not in said


def test_byes_are_saved_and_go_to_different_players():
    tournament = make_tournament(18, rounds=4)
    bye_players = []
    for number in range(1, 5):
        done = seating_service.seat_next_round(tournament, seed=number, odd=seating.BYES)
        byes = list(Bye.objects.filter(round=done.round).values_list("registration_id", flat=True))
        assert sorted(byes) == sorted(done.seating.byes) and len(byes) == 2
        bye_players += byes
        lock(done.round)
    assert len(set(bye_players)) == 8  # nobody a second bye while others have none


def test_swiss_seats_by_the_standings(monkeypatch):
    tournament = make_tournament(16, rounds=3)
    first = seating_service.seat_next_round(tournament, seed=3)
    lock(first.round)
    # standings: round 1's table winners first, then the seconds, ...
    order = [t[place] for place in range(4) for t in first.seating.tables]
    rows = [SimpleNamespace(registration_id=r, rank=i + 1) for i, r in enumerate(order)]
    monkeypatch.setattr(seating_service.selectors, "standings", lambda t, round_number=None: rows)
    done = seating_service.seat_next_round(tournament, seed=4, method=seating.SWISS)
    assert done.round.seating_method == "swiss"
    assert [set(t) for t in done.seating.tables] == [set(order[i : i + 4]) for i in range(0, 16, 4)]
    assert done.repeats == ()


def test_same_seed_same_seating_across_identical_tournaments():
    names = []
    for slug in ("a", "b"):
        tournament = make_tournament(22, slug=slug)
        done = seating_service.seat_next_round(tournament, seed=99, odd=seating.TABLES_OF_3)
        labels = dict(tournament.registrations.values_list("id", "player__name"))
        names.append([[labels[p] for p in t] for t in done.seating.tables])
    assert names[0] == names[1]


def test_without_a_chosen_policy_counts_fives_cannot_seat_get_tables_of_three():
    done = seating_service.seat_next_round(make_tournament(7))
    assert sorted(len(t) for t in done.seating.tables) == [3, 4]
    done = seating_service.seat_next_round(make_tournament(11))
    assert sorted(len(t) for t in done.seating.tables) == [3, 4, 4]


def test_bad_requests_raise_a_readable_error_and_write_nothing():
    tournament = make_tournament(7)
    with pytest.raises(TournamentError, match="cannot be seated at tables of 4 and 5"):
        seating_service.seat_next_round(tournament, odd=seating.TABLES_OF_5)
    assert not Round.objects.filter(tournament=tournament).exists()
    tournament = make_tournament(3)
    with pytest.raises(TournamentError, match="cannot fill one table"):
        seating_service.seat_next_round(tournament, odd=seating.BYES)
    tournament = make_tournament(8)
    seating_service.seat_next_round(tournament, seed=1)
    with pytest.raises(TournamentError, match="Lock round 1"):
        seating_service.seat_next_round(tournament, seed=2)
    with pytest.raises(TournamentError, match="already seated"):
        seating_service.seat_next_round(tournament, number=1)
    with pytest.raises(TournamentError, match="Unknown seating method"):
        seating_service.seat_next_round(tournament, method="alphabetical")
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    Round.objects.filter(tournament=tournament).update(status=Round.Status.LOCKED)
    with pytest.raises(TournamentError, match="finished"):
        seating_service.seat_next_round(tournament)
    assert Round.objects.filter(tournament=tournament).count() == 1


def test_organizer_start_round_uses_the_seating_service():
    tournament = make_tournament(20)
    round_ = organizer.start_round(tournament, actor=COMMAND_LINE, seed=5)
    assert round_.seating_method == "balanced" and round_.seed == 5
    assert Seat.objects.filter(round=round_).count() == 20


def test_manual_swap_and_move_rewrite_the_round_and_report_repeats():
    tournament = make_tournament(17, rounds=3)
    first = seating_service.seat_next_round(tournament, seed=1)
    lock(first.round)
    second = seating_service.seat_next_round(tournament, seed=2).round
    before = saved(second)
    a = before.tables[0][0]
    old_mate = next(p for p in first.seating.tables[first.seating.table_of(a)] if p != a)
    target = next(t for t in before.tables if old_mate in t)
    b = next(p for p in target if p != old_mate)
    change = seating_service.swap_players(second, a, b)
    assert saved(second) == change.seating
    assert any(a in r.players and old_mate in r.players for r in change.created)
    assert selectors.repeats_in_round(second) == seating.find_repeats(
        change.seating, [first.seating]
    )
    five = next(i for i, t in enumerate(change.seating.tables) if len(t) == 5)
    four = next(i for i, t in enumerate(change.seating.tables) if len(t) == 4)
    mover = change.seating.tables[five][0]
    moved = seating_service.move_player(second, mover, four + 1)
    assert mover in saved(second).tables[four] and len(saved(second).tables[four]) == 5
    assert Round.objects.get(pk=second.pk).seating_method == "manual"
    with pytest.raises(TournamentError, match="would have 6 players"):
        other = next(t for i, t in enumerate(saved(second).tables) if i != four)
        seating_service.move_player(second, other[0], four + 1)
    assert moved.seating == saved(second)
    lock(second)
    with pytest.raises(TournamentError, match="locked"):
        seating_service.swap_players(second, a, b)


# -- commands ------------------------------------------------------------------------


def test_seat_round_command_prints_a_one_line_summary():
    make_tournament(18, slug="club")
    out = run("seat_round", "club", "--seed", "5", "--odd", "byes")
    assert out.strip() == (
        "round 1 of club seated (balanced, seed 5): 4 tables of 4, 2 byes, 0 repeated pairs"
    )
    Round.objects.update(status=Round.Status.LOCKED)
    out = run("seat_round", "club", "--method", "random", "--seed", "6", "--odd", "tables-of-3")
    assert out.startswith("round 2 of club seated (random, seed 6): 5 tables of 3/4, 0 byes")


def test_seat_round_command_errors_are_one_line():
    make_tournament(7, slug="seven")
    assert "no tournament" in fails("seat_round", "nope")
    assert "cannot be seated" in fails("seat_round", "seven", "--odd", "tables-of-5")
    assert "Unknown odd-count policy" in fails("seat_round", "seven", "--odd", "pairs")
    assert "Unknown seating method" in fails("seat_round", "seven", "--method", "alphabetical")
    assert not Round.objects.exists()


def test_export_seating_writes_csv(tmp_path):
    tournament = make_tournament(18, slug="club")
    first = seating_service.seat_next_round(tournament, seed=5, odd=seating.BYES)
    lock(first.round)
    seating_service.seat_next_round(tournament, seed=6, odd=seating.BYES)
    rows = list(csv.reader(io.StringIO(run("export_seating", "club"))))
    assert rows[0] == ["round", "table", "seat", "player"]
    assert len(rows) == 1 + 2 * 18
    labels = dict(tournament.registrations.values_list("id", "player__name"))
    first_table = first.seating.tables[0]
    assert rows[1:5] == [["1", "1", str(s + 1), labels[p]] for s, p in enumerate(first_table)]
    assert sorted(r[3] for r in rows[17:19]) == sorted(labels[p] for p in first.seating.byes)
    assert rows[17][1:3] == ["", ""]
    path = tmp_path / "round2.csv"
    run("export_seating", "club", "--round", "2", "--output", str(path))
    second = list(csv.reader(path.open(encoding="utf-8")))
    assert len(second) == 1 + 18 and {r[0] for r in second[1:]} == {"2"}
    assert "no round 3" in fails("export_seating", "club", "--round", "3")


@pytest.mark.parametrize(
    ("players", "rounds", "same_rounds", "english", "italian"),
    [
        # the affine plane: 0 repeats, the bound reached
        (16, 5, False, "0 repeated pairs, the fewest possible", "il minimo possibile"),
        # 12 players meeting the same 3 tables 4 times: 54 repeats, 13 proved
        (12, 4, True, "54 repeated pairs; no schedule has fewer than 13", "meno di 13"),
        # 16 the same way: 72 repeats where the counting bound is 0
        (16, 4, True, "72 repeated pairs; a schedule with none is not ruled out", "non è escluso"),
    ],
)
def test_plan_seating_reads_the_bound_three_ways(players, rounds, same_rounds, english, italian):
    """The summary line says the plan is the fewest possible, names a bound
    above 0, or, with a bound of 0, that no argument rules out none; never
    "no schedule has fewer than 0"."""
    from tournaments.management.commands.plan_seating import Command

    if same_rounds:
        first = seating.seat_round(range(1, players + 1), seed=0)
        plan = [first] * rounds
    else:
        plan = seating.plan_rounds(range(1, players + 1), rounds, seed=0)
    lines = {}
    for language in ("en", "it"):
        with translation.override(language):
            lines[language] = Command.summary(
                plan, players=players, rounds=rounds, table_size=4, odd="tables-of-5", seconds=0.5
            )
    assert english in lines["en"]
    assert italian in lines["it"]
    assert "fewer than 0" not in lines["en"] and "meno di 0" not in lines["it"]
    if players == 16 and not same_rounds:  # the citation stays in English, and says so
        assert "(best known: 0, affine plane AG(2, 4)" in lines["en"]
        assert "(migliore noto: 0; fonte, in inglese: affine plane AG(2, 4)" in lines["it"]


def test_plan_seating_counts_the_players_on_a_bye_beside_the_tables():
    """With byes the summary says how many sit out each round, in the
    plural the language wants ("1 player on a bye", "3 giocatori a riposo")."""
    from tournaments.management.commands.plan_seating import Command

    for players, byes, english, italian in (
        (21, 1, "5 tables and 1 player on a bye per round", "5 tavoli e 1 giocatore a riposo"),
        (19, 3, "4 tables and 3 players on a bye per round", "4 tavoli e 3 giocatori a riposo"),
    ):
        plan = seating.plan_rounds(range(1, players + 1), 2, seed=0, odd="byes")
        assert len(plan[0].byes) == byes
        lines = {}
        for language in ("en", "it"):
            with translation.override(language):
                lines[language] = Command.summary(
                    plan, players=players, rounds=2, table_size=4, odd="byes", seconds=0.5
                )
        assert english in lines["en"]
        assert italian in lines["it"]
    plan = seating.plan_rounds(range(1, 17), 2, seed=0)  # no byes: the tables alone
    line = Command.summary(plan, players=16, rounds=2, table_size=4, odd="byes", seconds=0.5)
    assert "4 tables per round" in line and "bye" not in line


def test_plan_seating_command_needs_no_database(tmp_path, django_assert_num_queries):
    path = tmp_path / "plan.csv"
    with django_assert_num_queries(0):
        out = run(
            "plan_seating", "--players", "16", "--rounds", "5", "--seed", "2", "--output", str(path)
        )
    assert "0 repeated pairs" in out
    rows = list(csv.reader(path.open(encoding="utf-8")))
    assert rows[0] == ["round", "table", "seat", "player"]
    assert len(rows) == 1 + 16 * 5
    plan = {}
    for r, t, _seat, p in rows[1:]:
        plan.setdefault(int(r), {}).setdefault(int(t), []).append(int(p))
    rounds = [seating.Seating(tuple(tuple(t) for t in tables.values())) for tables in plan.values()]
    assert seating.count_repeated_pairs(rounds) == 0
    stdout = run("plan_seating", "--players", "18", "--rounds", "1", "--odd", "byes")
    assert stdout.splitlines()[-1].startswith("1,,,")
    assert "cannot be seated" in fails("plan_seating", "--players", "7", "--rounds", "2")
    assert "needs the standings" in fails(
        "plan_seating", "--players", "8", "--rounds", "2", "--method", "swiss"
    )
    assert "Unknown seating method" in fails(
        "plan_seating", "--players", "8", "--rounds", "2", "--method", "x"
    )
