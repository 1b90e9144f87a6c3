"""The duplicate comparison behind ``python -m engine duel`` and bench/players.py."""

from __future__ import annotations

import math

import pytest

from engine import RuleSet
from engine.players.duel import duel, estimate, main, play_deal, quantile


def test_estimate_gives_the_mean_and_a_95_percent_half_width():
    e = estimate([1.0, 2.0, 3.0, 4.0])
    assert e.mean == 2.5
    assert math.isclose(e.half, 1.959963984540054 * (1.2909944487358056 / 2))


def test_quantile_is_nearest_rank():
    xs = list(range(1, 101))
    assert quantile(xs, 0.99) == 99 and quantile(xs, 0.5) == 50 and quantile([7], 0.99) == 7


def test_every_seating_of_a_deal_sees_the_same_cards():
    # a level against itself: the single seat and the others average the same cards,
    # so over the rotations A's total equals B's (duplicate play cancels the deal)
    a, b, times = play_deal("medium", "medium", RuleSet.preset("club"), 3, 0)
    assert math.isclose(a, b)
    assert len(times["medium"]) == 4 * 52


def test_a_small_duel_reports_means_difference_and_ratio():
    res = duel("easy", "random", rules=RuleSet.preset("three_player"), deals=4, seed=2)
    assert res.deals == 4 and len(res.b) == 4
    text = res.report()
    assert "easy" in text and "ratio easy / random" in text and "3 seatings" in text


def test_the_command_rejects_an_unknown_level(capsys):
    assert main(["grandmaster", "easy", "--deals", "1"]) == 2
    assert "unknown player 'grandmaster'" in capsys.readouterr().err


def test_the_command_prints_the_report(capsys):
    assert main(["easy", "random", "--deals", "2", "--seed", "1", "--rules", "peppa"]) == 0
    assert "points/hand (95% CI)" in capsys.readouterr().out


def test_deals_must_be_positive():
    with pytest.raises(ValueError):
        duel("easy", "random", rules=RuleSet.preset("club"), deals=0)


def test_python_m_engine_duel_runs_the_duplicate_comparison(capsys):
    from engine.cli import main as engine_main

    assert engine_main(["duel", "easy", "random", "--deals", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "difference easy - random" in out and "time per play easy" in out
