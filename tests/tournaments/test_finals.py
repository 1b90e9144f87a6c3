"""Placement finals (issue 16): the pure final ranking, the service that seats them, the standings
after them, the command."""

from fractions import Fraction

import pytest
from django.core.management import CommandError, call_command

from tables.models import Seat
from tests.factories import TournamentFactory
from tests.finals_helpers import SWISS_ORDER, names_of, play, swiss_round
from tournaments import organizer, seating_service, selectors
from tournaments.audit import COMMAND_LINE
from tournaments.errors import TournamentError
from tournaments.models import Registration, Round
from tournaments.standings import FINAL_ORDER, FinalTable, StandingRow, final_ranking


def row(registration_id, rank, tied=False):
    return StandingRow(
        rank=rank,
        tied=tied,
        registration_id=registration_id,
        player_id=registration_id,
        name=f"P{registration_id}",
        club="",
        withdrawn=False,
        match_points=Fraction(10 - rank),
        result_points=rank,
        games=3,
        table_wins=0,
        tiebreaks={},
    )


# --- the pure ranking -----------------------------------------------------------------------------


def test_finalists_rank_by_table_then_place_above_the_others():
    swiss = [row(i, i) for i in range(1, 11)]  # players 1..10 ranked 1..10
    finals = [
        FinalTable(
            1, (1, 2, 3, 4), (4, 1, 2, 3), (Fraction(1), Fraction(10), Fraction(6), Fraction(3))
        ),
        FinalTable(2, (5, 6, 7, 8), (1, 2, 3, 4)),
    ]
    ranked = final_ranking(swiss, finals)
    assert [r.registration_id for r in ranked] == [2, 3, 4, 1, 5, 6, 7, 8, 9, 10]
    assert [r.rank for r in ranked] == list(range(1, 11))
    assert (ranked[0].final_table, ranked[0].final_place, ranked[0].final_match_points) == (
        1,
        1,
        Fraction(10),
    )
    assert ranked[8].final_table is None and ranked[8].final_place is None
    assert ranked[0].match_points == Fraction(8)  # the Swiss match points stay on the row


def test_a_place_shared_at_a_final_table_is_broken_by_the_swiss_standings():
    swiss = [row(i, i) for i in range(1, 5)]
    ranked = final_ranking(swiss, [FinalTable(1, (1, 2, 3, 4), (1, 1, 3, 3))])
    assert [(r.registration_id, r.rank, r.tied) for r in ranked] == [
        (1, 1, False),
        (2, 2, False),
        (3, 3, False),
        (4, 4, False),
    ]
    ranked = final_ranking(swiss, [FinalTable(1, (4, 3, 2, 1), (1, 1, 3, 3))])
    assert [r.registration_id for r in ranked] == [3, 4, 1, 2]


def test_a_final_table_still_playing_keeps_its_block_in_swiss_order():
    swiss = [row(i, i) for i in range(1, 9)]
    ranked = final_ranking(
        swiss, [FinalTable(1, (1, 2, 3, 4), (4, 3, 2, 1)), FinalTable(2, (8, 7, 6, 5))]
    )
    assert [r.registration_id for r in ranked] == [4, 3, 2, 1, 5, 6, 7, 8]


def test_players_equal_on_every_key_share_the_rank():
    swiss = [row(1, 1), row(2, 2), row(3, 3, True), row(4, 3, True), row(5, 5)]
    ranked = final_ranking(swiss, [FinalTable(1, (1, 2), (2, 1))])
    assert [(r.registration_id, r.rank, r.tied) for r in ranked] == [
        (2, 1, False),
        (1, 2, False),
        (3, 3, True),
        (4, 3, True),
        (5, 5, False),
    ]


def test_the_final_order_is_three_named_keys():
    assert [key.__name__ for key in FINAL_ORDER] == [
        "final_table_number",
        "final_place",
        "swiss_rank",
    ]


# --- the service ----------------------------------------------------------------------------------


@pytest.fixture
def tournament(db):
    return TournamentFactory(slug="coppa", rounds_planned=3)


def seated_names(round_):
    tables = {}
    for number, name in (
        Seat.objects.filter(round=round_)
        .order_by("table__number", "position")
        .values_list("table__number", "registration__player__name")
    ):
        tables.setdefault(number, []).append(name)
    return tables


def test_finals_seat_the_standings_in_blocks_of_the_table_size(tournament):
    swiss_round(tournament)
    final = organizer.create_finals(tournament, actor=COMMAND_LINE)
    assert (final.number, final.kind, final.status) == (2, Round.Kind.FINAL, Round.Status.PLAYING)
    assert seated_names(final) == {1: SWISS_ORDER[:4], 2: SWISS_ORDER[4:]}
    assert final.history.first().history_actor == "command"


def test_fewer_final_tables_on_request_and_the_remainder_plays_no_final(tournament):
    swiss_round(tournament)
    final = organizer.create_finals(tournament, actor=COMMAND_LINE, tables=1)
    assert seated_names(final) == {1: SWISS_ORDER[:4]}


def test_withdrawn_players_play_no_final_and_the_remainder_is_left_out(tournament):
    swiss_round(tournament)
    Registration.objects.filter(player__name="Carla").update(withdrawn=True)
    final = organizer.create_finals(tournament, actor=COMMAND_LINE)
    # 7 players: one table of the best four still active; the other three play no final.
    assert seated_names(final) == {1: ["Hugo", "Dario", "Gina", "Bruno"]}


@pytest.mark.parametrize("tables", [0, 3])
def test_finals_refuse_tables_the_players_cannot_fill(tournament, tables):
    swiss_round(tournament)
    with pytest.raises(TournamentError) as err:
        organizer.create_finals(tournament, actor=COMMAND_LINE, tables=tables)
    assert err.value.code == "finals_tables" and "2 final tables" in str(err.value)
    assert not Round.objects.filter(kind=Round.Kind.FINAL).exists()


def test_finals_need_a_locked_round_and_come_once(tournament):
    with pytest.raises(TournamentError) as err:
        organizer.create_finals(tournament, actor=COMMAND_LINE)
    assert err.value.code == "no_rounds"
    swiss_round(tournament, lock=False)
    with pytest.raises(TournamentError) as err:
        organizer.create_finals(tournament, actor=COMMAND_LINE)
    assert err.value.code == "round_not_locked"
    organizer.lock_round(Round.objects.get(number=1), actor=COMMAND_LINE)
    organizer.create_finals(tournament, actor=COMMAND_LINE)
    with pytest.raises(TournamentError) as err:
        organizer.create_finals(tournament, actor=COMMAND_LINE)
    assert err.value.code == "finals_exist"


def test_no_round_follows_the_finals(tournament):
    swiss_round(tournament)
    final = organizer.create_finals(tournament, actor=COMMAND_LINE)
    assert final.number == 2
    with pytest.raises(TournamentError) as err:
        seating_service.seat_next_round(tournament)
    assert err.value.code == "after_finals"


def test_import_hands_adds_no_table_to_the_finals_or_after_them(tournament):
    from tournaments import services

    swiss_round(tournament)
    organizer.create_finals(tournament, actor=COMMAND_LINE)
    rows = ["round,table,hand,player,points"] + [
        f"{r},9,1,{name},{p}"
        for r in (2, 3)
        for name, p in zip(["Anna", "Bruno", "Carla", "Dario"], [13, 8, 5, 0])
    ]
    with pytest.raises(TournamentError) as err:
        services.import_hands(tournament, "\n".join(rows) + "\n", actor=COMMAND_LINE)
    messages = [problem.message for problem in err.value.problems]
    assert messages == [
        "round 2, table 9: no table can be added to the placement final (round 2) or after it",
        "round 3, table 9: no table can be added to the placement final (round 2) or after it",
    ]
    assert not Round.objects.filter(tournament=tournament, number=3).exists()


def test_the_database_refuses_a_second_final(tournament):
    from django.db import IntegrityError, transaction

    swiss_round(tournament)
    organizer.create_finals(tournament, actor=COMMAND_LINE)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(tournament=tournament, number=3, kind=Round.Kind.FINAL)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(tournament=tournament, number=4, kind="semifinal")


# --- standings after the finals -------------------------------------------------------------------


def play_finals(tournament):
    final = organizer.create_finals(tournament, actor=COMMAND_LINE)
    first, second = final.tables.order_by("number")
    play(first, [[20, 4, 2, 0]] * 5)  # Hugo, Dario, Carla, Gina: Gina wins, Hugo last
    play(second, [[0, 0, 13, 13]] * 8)  # Bruno and Fabio share first, Anna and Elena third
    return final


def test_finals_decide_the_top_of_the_ranking(tournament):
    swiss_round(tournament)
    final = organizer.create_finals(tournament, actor=COMMAND_LINE)
    first = final.tables.get(number=1)
    play(first, [[20, 4, 2, 0]] * 5)
    rows = selectors.standings(tournament)
    # Table 1 ended (Gina, Carla, Dario, Hugo); table 2 still playing: its block in Swiss order.
    assert names_of(rows) == ["Gina", "Carla", "Dario", "Hugo", "Bruno", "Fabio", "Anna", "Elena"]
    assert [r.rank for r in rows] == list(range(1, 9))
    assert (
        rows[0].final_table == 1 and rows[0].final_place == 1 and rows[0].final_match_points == 10
    )
    assert rows[0].match_points == 6 and rows[0].games == 1  # Swiss match points and games only
    play(final.tables.get(number=2), [[0, 0, 13, 13]] * 8)
    rows = selectors.standings(tournament)
    assert names_of(rows)[4:] == [
        "Bruno",
        "Fabio",
        "Anna",
        "Elena",
    ]  # shared places broken by the Swiss rank
    assert [r.final_place for r in rows[4:]] == [1, 1, 3, 3]
    # The standings after round 1 know nothing of the final.
    assert names_of(selectors.standings(tournament, round_number=1)) == SWISS_ORDER


def test_finals_can_be_just_another_round(tournament):
    tournament.finals_decide = False
    tournament.save()
    swiss_round(tournament)
    play_finals(tournament)
    rows = selectors.standings(tournament)
    assert all(r.final_table is None for r in rows) and all(r.games == 2 for r in rows)
    # Both rounds' match points: Gina 6 + 10, Dario 10 + 3, Carla 6 + 6, then Bruno, Fabio (3 + 8)
    # and Hugo (10 + 1) on 11, ordered by result points (19, 30, 100); Anna and Elena 1 + 2.
    assert names_of(rows) == ["Gina", "Dario", "Carla", "Bruno", "Fabio", "Hugo", "Anna", "Elena"]
    assert [r.match_points for r in rows[:4]] == [16, 13, 12, 11]


def test_the_seating_of_the_finals_uses_hidden_rounds(tournament):
    round_ = swiss_round(tournament)
    organizer.set_round_hidden(round_, True, actor=COMMAND_LINE)
    final = organizer.create_finals(tournament, actor=COMMAND_LINE)
    assert seated_names(final)[1] == SWISS_ORDER[:4]


# --- the command ----------------------------------------------------------------------------------


def test_create_finals_command_prints_the_tables(tournament, capsys):
    swiss_round(tournament)
    call_command("create_finals", "coppa", "--tables", "1")
    out = capsys.readouterr().out
    assert "final table 1: Hugo, Dario, Carla, Gina" in out and "as round 2" in out


def test_create_finals_command_refuses_in_one_line(tournament):
    with pytest.raises(CommandError) as err:
        call_command("create_finals", "coppa")
    assert "no finals were created for coppa" in str(err.value)
    with pytest.raises(CommandError):
        call_command("create_finals", "nowhere")


def test_finishing_after_early_finals_counts_the_swiss_rounds_not_the_final(tournament):
    tournament.rounds_planned = 3
    tournament.save(update_fields=["rounds_planned"])
    swiss_round(tournament)
    organizer.create_finals(tournament, actor=COMMAND_LINE)  # round 2: the final, after 1 of 3
    plan = selectors.finish_plan(tournament)
    assert (
        "Only 1 of the 3 planned Swiss rounds were played before the finals." in plan.consequences
    )
    assert not any("Round 3" in line or "Rounds 2" in line for line in plan.consequences)
