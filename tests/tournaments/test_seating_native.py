"""The seating search in C (tournaments/_seating_core.c): built, exact about
what it seats and costs, fair, deterministic; the Python search stands in
when it is not built."""

from dataclasses import replace

import pytest

from tournaments import seating_search
from tournaments.seating import TABLES_OF_3, count_repeated_pairs, plan_rounds
from tournaments.seating_search import SearchProblem, TabuSearch, native_run


def test_the_c_search_is_built():
    """`pip install` compiles it (setup.py); without it plans are far weaker."""
    assert seating_search.NATIVE, (
        "tournaments/_seating_core.c was not compiled: install a C compiler (gcc) and run "
        "`make install` again"
    )


def _problem(**changes):
    n = changes.get("n", 19)
    problem = SearchProblem(
        n=n,
        sizes=(4, 4, 4, 4),
        byes=3,
        rounds=4,
        past_ages={(0, 1): (1,), (2, 3): (1, 2), (4, 5): (2,)},
        past_byes=(1, 1, 1) + (0,) * 16,
        past_odd=(0,) * 19,
        clubs=tuple("abc"[p % 3] if p % 4 else "" for p in range(n)),
        club_weight=3,
        seed=7,
        effort=0.02,
    )
    return replace(problem, **changes)


def _fair_after_each_round(schedule, n, past, kind_of):
    counts = list(past)
    for tables in schedule:
        seated = {p for t in tables for p in t}
        for p in range(n):
            counts[p] += kind_of(p, tables, seated)
        if max(counts) - min(counts) > 1:
            return False
    return True


@pytest.mark.parametrize(
    "changes",
    [
        {},  # byes, history, clubs
        {"sizes": (4, 4, 3, 3, 3), "n": 17, "byes": 0, "past_byes": (), "past_odd": ()},
        {"sizes": (4, 4, 5, 5), "n": 18, "byes": 0, "past_byes": (), "past_odd": (), "rounds": 6},
    ],
)
def test_the_c_search_reports_the_cost_and_repeats_of_what_it_seats(changes):
    """Its cost and repeats are those the Python search computes from
    scratch for the schedule it returns; every player is seated once a
    round at tables of the planned sizes; byes and odd tables stay fair."""
    problem = _problem(**changes)
    result = native_run(problem)
    n = problem.n
    for tables in result.schedule:
        seated = [p for t in tables for p in t]
        assert len(seated) == len(set(seated)) == n - problem.byes
        assert sorted(len(t) for t in tables) == sorted(problem.sizes)
    check = TabuSearch(replace(problem, start=result.schedule))
    assert result.cost == check.total_cost()
    assert result.repeats == check.count_repeats()
    past_byes = problem.past_byes or (0,) * n
    past_odd = problem.past_odd or (0,) * n
    assert _fair_after_each_round(
        result.schedule, n, past_byes, lambda p, tables, seated: p not in seated
    )
    assert _fair_after_each_round(
        result.schedule,
        n,
        past_odd,
        lambda p, tables, seated: any(p in t and len(t) != 4 for t in tables),
    )
    assert 0 < result.evaluations <= problem.effort * seating_search.NATIVE_EVALUATIONS_PER_EFFORT


def test_the_c_search_is_deterministic_and_follows_the_seed():
    problem = _problem(effort=0.01)
    first = native_run(problem)
    assert native_run(problem) == first
    assert native_run(replace(problem, seed=8)).schedule != first.schedule


def test_the_c_search_improves_on_its_start_and_stops_at_the_target():
    """From a start where the same four players sit together every round,
    it reaches a repeat-free plan (16 x 5: the affine plane exists) and
    stops there, long before its budget."""
    start = [[[4 * t + i for i in range(4)] for t in range(4)] for _ in range(5)]
    problem = SearchProblem(n=16, sizes=(4,) * 4, rounds=5, start=start, seed=1, effort=1)
    result = native_run(problem)
    assert result.repeats == 0
    assert result.evaluations < seating_search.NATIVE_EVALUATIONS_PER_EFFORT
    assert count_repeated_pairs_of(result.schedule) == 0


def count_repeated_pairs_of(schedule):
    from tournaments.seating import Seating

    return count_repeated_pairs([Seating(tuple(tuple(t) for t in r)) for r in schedule])


def test_the_c_search_refuses_a_start_that_does_not_fit():
    problem = _problem(byes=0, sizes=(4, 4, 4, 4), n=16, past_byes=(), past_odd=())
    twice = [[[0, 1, 2, 3], [0, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]] * 4
    with pytest.raises(ValueError):
        native_run(replace(problem, start=twice))
    short = [[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]] * 4  # four players on a bye
    with pytest.raises(ValueError):
        native_run(replace(problem, start=short))
    full = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    with pytest.raises(ValueError):
        native_run(replace(problem, start=[full] * 5))  # 5 rounds, not 4
    stranger = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 16]]  # no player 16
    with pytest.raises(ValueError):
        native_run(replace(problem, start=[stranger] * 4))
    with pytest.raises(ValueError):
        native_run(replace(problem, ranks=tuple(range(16))))


def test_without_the_c_search_the_python_search_plans(monkeypatch):
    """A machine that could not compile it still seats everyone fairly."""
    monkeypatch.setattr(seating_search, "NATIVE", False)
    plan = plan_rounds(range(17), 4, seed=2, odd=TABLES_OF_3, effort=0.05)
    for seating in plan:
        assert sorted(p for t in seating.tables for p in t) == list(range(17))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_exchanges_of_statuses_move_the_tables_of_three_between_players(seed):
    """18 players, two tables of 3, 6 rounds: everybody sits at a table of 3
    exactly twice, so no single swap can give one to another player; the
    restarts exchange them over two rounds (6 repeated pairs; 9 to 15 by
    seed without), fairly after every round."""
    plan = plan_rounds(range(18), 6, seed=seed, odd=TABLES_OF_3)
    assert count_repeated_pairs(plan) <= 6
    counts = [0] * 18
    for seating in plan:
        for table in seating.tables:
            for p in table:
                counts[p] += len(table) == 3
        assert max(counts) - min(counts) <= 1
