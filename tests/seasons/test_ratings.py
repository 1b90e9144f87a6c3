"""Ratings (issue 16): a 3-table sequence computed with openskill directly, kept up to date by the
signals after each commit (a confirmation at the end rates one table; a change earlier replays from
there), and always equal to a full recompute."""

from __future__ import annotations

import datetime

import pytest
from openskill.models import PlackettLuce

from seasons import ratings, services
from seasons.models import RatedTable, Rating, RatingChange, RatingLedger
from tables.models import Hand
from tables.services import correct_hand, reopen_result
from tournaments import organizer
from tournaments.audit import COMMAND_LINE
from tournaments.models import Round

from .helpers import one_hand_tournament, play_table, player

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 3, 14)


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    """Run the enclosed writes and then their on-commit callbacks (the ratings task, eager without a
    broker)."""

    def run(write, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return write(*args, **kwargs)

    return run


@pytest.fixture
def people():
    return {name: player(name, "Circolo") for name in "ABCDEFGH"}


def expected(games):
    """The ratings after ``games`` ((names, places) in order), computed with openskill directly."""
    model = PlackettLuce()
    current = {}
    for names, places in games:
        teams = [[current.get(n, model.rating())] for n in names]
        for n, team in zip(names, model.rate(teams, ranks=list(places))):
            current[n] = team[0]
    return {n: (r.mu, r.sigma) for n, r in current.items()}


def stored(people):
    by_id = {p.pk: name for name, p in people.items()}
    return {by_id[r.player_id]: (r.mu, r.sigma) for r in Rating.objects.all()}


def assert_rated(people, games):
    """The stored ratings are openskill's for ``games`` ((names, places) in order), and nobody else
    is rated."""
    got, want = stored(people), expected(games)
    assert got.keys() == want.keys()
    for name in want:
        assert got[name] == pytest.approx(want[name], rel=1e-12), name


def snapshot():
    """Everything the ratings store, comparable between an incremental update and a full
    recompute."""
    return (
        sorted(Rating.objects.values_list("player_id", "mu", "sigma", "value", "games")),
        list(
            RatedTable.objects.order_by("order_key").values_list(
                "order_key", "table_id", "players", "places"
            )
        ),
        sorted(
            RatingChange.objects.values_list(
                "rated_table__order_key",
                "player_id",
                "place",
                "mu_before",
                "sigma_before",
                "mu_after",
                "sigma_after",
            )
        ),
    )


def assert_equals_full_recompute():
    before = snapshot()
    services.recompute_ratings()
    assert snapshot() == before


# Round 1: table 1 A B C D, [13, 13, 0, 0] → places 3 3 1 1 (two ties); table 2 E F G H, [0, 5, 8,
# 13] → 1 2 3 4. Round 2: table 1 A E B F, [1, 12, 13, 0] → places 2 3 4 1.
T1 = ("ABCD", [13, 13, 0, 0], (3, 3, 1, 1))
T2 = ("EFGH", [0, 5, 8, 13], (1, 2, 3, 4))
T3 = ("AEBF", [1, 12, 13, 0], (2, 3, 4, 1))


def play(commit, tournament, people, round_number, number, spec, **kwargs):
    names, points, _places = spec
    return commit(
        play_table, tournament, round_number, number, [people[n] for n in names], points, **kwargs
    )


def test_three_tables_rated_in_order_with_ties_as_ties(commit, people):
    tournament = one_hand_tournament("serata", day=DAY)
    play(commit, tournament, people, 1, 1, T1)
    play(commit, tournament, people, 1, 2, T2)
    play(commit, tournament, people, 2, 1, T3)
    assert_rated(people, [(T1[0], T1[2]), (T2[0], T2[2]), (T3[0], T3[2])])
    got = stored(people)
    # Ties are ties: C and D shared 1st place at table 1 and played nothing else: the same rating.
    assert got["C"] == got["D"] and got["C"][0] > ratings.START_MU
    games = {people[n].pk: g for n, g in zip("ABEF", (2, 2, 2, 2))}
    assert {r.player_id: r.games for r in Rating.objects.filter(player_id__in=games)} == games
    # The shown number: round(1000 + 40 * (mu - 3 sigma)).
    for rating in Rating.objects.all():
        assert rating.value == round(1000 + 40 * (rating.mu - 3 * rating.sigma))
    assert_equals_full_recompute()


def test_a_confirmation_at_the_end_rates_one_table(commit, people):
    tournament = one_hand_tournament("serata", day=DAY)
    play(commit, tournament, people, 1, 1, T1)
    play(commit, tournament, people, 1, 2, T2)
    last = play(commit, tournament, people, 2, 1, T3)
    ledger = RatingLedger.objects.get()
    assert (ledger.tables_replayed, ledger.full) == (1, False)
    assert ledger.replayed_from == RatedTable.objects.get(table_id=last.pk).order_key
    assert RatedTable.objects.count() == 3 and RatingChange.objects.count() == 12


def test_an_unconfirmed_table_counts_once_its_round_is_locked(commit, people):
    tournament = one_hand_tournament("serata", day=DAY)
    play(commit, tournament, people, 1, 1, T1, confirm=False)
    assert not Rating.objects.exists()  # over, but not final yet
    commit(
        organizer.lock_round, Round.objects.get(tournament=tournament, number=1), actor=COMMAND_LINE
    )
    assert_rated(people, [(T1[0], T1[2])])


def test_a_reopened_and_corrected_table_is_replayed_from_its_place(commit, people):
    tournament = one_hand_tournament("serata", day=DAY)
    play(commit, tournament, people, 1, 1, T1)
    second = play(commit, tournament, people, 1, 2, T2)
    play(commit, tournament, people, 2, 1, T3)

    commit(reopen_result, second, actor=COMMAND_LINE, reason="seats 2 and 3 swapped")
    # Reopened: table 2 no longer counts; table 3 is replayed after table 1 alone.
    assert_rated(people, [(T1[0], T1[2]), (T3[0], T3[2])])
    assert RatingLedger.objects.get().tables_replayed == 1  # from table 2's place: table 3 only
    assert not Rating.objects.filter(
        player__name__in=["G", "H"]
    ).exists()  # no table left to rate them
    assert_equals_full_recompute()

    hand = Hand.objects.get(table=second)
    commit(correct_hand, hand, [0, 8, 5, 13], actor=COMMAND_LINE, reason="seats 2 and 3 swapped")
    commit(services_confirm, second)
    corrected = ("EFGH", (1, 3, 2, 4))
    assert_rated(people, [(T1[0], T1[2]), corrected, (T3[0], T3[2])])
    assert RatingLedger.objects.get().tables_replayed == 2  # table 2 and everything after it
    assert_equals_full_recompute()


def services_confirm(table):
    from tables.services import confirm_result

    return confirm_result(table, actor=COMMAND_LINE)


def test_a_tournament_moved_earlier_is_replayed_in_its_new_place(commit, people):
    later = one_hand_tournament("aprile", day=datetime.date(2026, 4, 1))
    play(commit, later, people, 1, 1, T3)
    earlier = one_hand_tournament("marzo", day=datetime.date(2026, 4, 20))
    play(commit, earlier, people, 1, 1, T1)
    assert_rated(people, [(T3[0], T3[2]), (T1[0], T1[2])])
    earlier.start_date = datetime.date(2026, 3, 1)
    commit(earlier.save)
    assert_rated(people, [(T1[0], T1[2]), (T3[0], T3[2])])
    assert_equals_full_recompute()


def test_a_deleted_round_leaves_the_ratings(commit, people):
    kept = one_hand_tournament("kept", day=DAY)
    play(commit, kept, people, 1, 1, T2)
    gone = one_hand_tournament("gone", day=DAY - datetime.timedelta(days=7))
    play(commit, gone, people, 1, 1, T1)
    commit(Round.objects.get(tournament=gone).delete)
    assert_rated(people, [(T2[0], T2[2])])
    assert_equals_full_recompute()


def test_draft_tournaments_and_unfinished_games_do_not_count(commit, people):
    draft = one_hand_tournament("bozza", day=DAY, status="draft")
    play(commit, draft, people, 1, 1, T1, confirm=False)
    commit(organizer.lock_round, Round.objects.get(tournament=draft), actor=COMMAND_LINE)
    assert not Rating.objects.exists()
    commit(
        organizer.publish, draft, actor=COMMAND_LINE
    )  # the published tournament's locked round counts
    assert_rated(people, [(T1[0], T1[2])])


def test_an_update_that_finds_nothing_changed_writes_nothing(commit, people):
    tournament = one_hand_tournament("serata", day=DAY)
    table = play(commit, tournament, people, 1, 1, T1)
    done = services.update_ratings(tables=[table.pk], tournaments=[tournament.pk])
    assert done.start is None and done.tables == 0


def test_seeding_ranks_put_the_unrated_after_the_rated_in_the_given_order():
    assert ratings.seeding_ranks({1: 1200, 2: 1300, 3: 1200}, [9, 7]) == {
        2: 0,
        1: 1,
        3: 1,
        9: 3,
        7: 4,
    }


def test_the_displayed_rating_of_a_new_player_is_1000():
    assert ratings.display(ratings.START_MU, ratings.START_SIGMA) == 1000
