"""Ratings against a small example computed by hand from Weng & Lin's Plackett-Luce update (JMLR 12,
2011, Algorithm 4), not with openskill: two tables of four new players.

Every new player has mu = 25, sigma = 25/3; openskill first adds tau = 25/300 to sigma (s^2 =
sigma^2 + tau^2), beta = 25/6, and for a table of 4: c^2 = 4 (s^2 + beta^2). All mu are equal, so
every exp(mu / c) is one number e and the sums of the update are fractions of e:

    omega_i = s^2 / c * W_i          mu'    = 25 + omega_i
    delta_i = s^2 / c^2 * s / c * D_i  sigma' = s * sqrt(1 - delta_i)

with W_i = sum over q ranked no worse than i of ([i = q] - e / sum_q) / A_q, D_i = sum of (e /
sum_q)(1 - e / sum_q) / A_q (sum_q: e times the seats ranked no better than q; A_q: the seats
sharing q's place).

Table 1, places 3 3 1 1 (seats A B lose, C D share the win): sum_q = 4e for C, D and 2e for A, B;
A_q = 2 everywhere.
    C, D: W = (1 - 1/4)/2 - (1/4)/2 = 1/4,                D = 2 (1/4 · 3/4 / 2) = 3/16
    A, B: W = -2 (1/4)/2 + (1 - 1/2)/2 - (1/2)/2 = -1/4,  D = 3/16 + 2 (1/2 · 1/2 / 2) = 7/16
Table 2, places 1 2 3 4: sum_q = 4e, 3e, 2e, e; A_q = 1.
    1st: W = 3/4,                     D = 3/16
    2nd: W = -1/4 + 2/3 = 5/12,       D = 3/16 + 2/9 = 59/144
    3rd: W = -1/4 - 1/3 + 1/2 = -1/12, D = 3/16 + 2/9 + 1/4 = 95/144
    4th: W = -1/4 - 1/3 - 1/2 = -13/12, D = 95/144  (the last term is 1 · 0)
"""

from __future__ import annotations

import datetime
import math
from fractions import Fraction as F

import pytest

from seasons import ratings
from seasons.models import Rating

from .helpers import one_hand_tournament, play_table, player

S2 = (25 / 3) ** 2 + (25 / 300) ** 2
BETA2 = (25 / 6) ** 2
C = math.sqrt(4 * (S2 + BETA2))

TABLE_1 = {
    "A": (F(-1, 4), F(7, 16)),
    "B": (F(-1, 4), F(7, 16)),
    "C": (F(1, 4), F(3, 16)),
    "D": (F(1, 4), F(3, 16)),
}
TABLE_2 = {
    "E": (F(3, 4), F(3, 16)),
    "F": (F(5, 12), F(59, 144)),
    "G": (F(-1, 12), F(95, 144)),
    "H": (F(-13, 12), F(95, 144)),
}


def by_hand(w: F, d: F) -> tuple[float, float]:
    mu = 25 + S2 / C * float(w)
    sigma = math.sqrt(S2) * math.sqrt(1 - S2 / C**2 * math.sqrt(S2) / C * float(d))
    return mu, sigma


def test_the_hand_computed_sums_balance():
    # The mu changes of a table of equal players add up to 0 (what one gains another loses).
    assert sum(w for w, _ in TABLE_1.values()) == 0 and sum(w for w, _ in TABLE_2.values()) == 0


def test_the_figures_of_the_example():
    # c = sqrt(4 (69.4514 + 17.3611)) = 18.6346; s^2 / c = 3.7270: a shared win is worth +0.93 mu.
    assert S2 / C == pytest.approx(3.727004, abs=1e-6)
    assert C == pytest.approx(18.634645, abs=1e-6)
    assert by_hand(F(1, 4), F(3, 16)) == pytest.approx((25.931751, 8.263572), abs=1e-6)
    assert by_hand(F(-13, 12), F(95, 144)) == pytest.approx((20.962413, 8.084128), abs=1e-6)


@pytest.mark.parametrize(("places", "hand"), [((3, 3, 1, 1), TABLE_1), ((1, 2, 3, 4), TABLE_2)])
def test_rate_table_matches_the_hand_computation(places, hand):
    after = ratings.rate_table([ratings.Skill()] * 4, places)
    for skill, (w, d) in zip(after, hand.values()):
        assert (skill.mu, skill.sigma) == pytest.approx(by_hand(w, d), rel=1e-12)
        assert skill.games == 1


@pytest.mark.django_db
def test_confirmed_tables_store_the_hand_computed_ratings(django_capture_on_commit_callbacks):
    tournament = one_hand_tournament("serata", day=datetime.date(2026, 3, 14))
    people = {name: player(name, "Circolo") for name in "ABCDEFGH"}
    with django_capture_on_commit_callbacks(execute=True):
        play_table(tournament, 1, 1, [people[n] for n in "ABCD"], [13, 13, 0, 0])
    with django_capture_on_commit_callbacks(execute=True):
        play_table(tournament, 1, 2, [people[n] for n in "EFGH"], [0, 5, 8, 13])
    stored = {r.player.name: r for r in Rating.objects.select_related("player")}
    assert stored.keys() == set("ABCDEFGH")
    for name, (w, d) in {**TABLE_1, **TABLE_2}.items():
        mu, sigma = by_hand(w, d)
        assert (stored[name].mu, stored[name].sigma) == pytest.approx((mu, sigma), rel=1e-12), name
        assert stored[name].value == round(1000 + 40 * (mu - 3 * sigma)) and stored[name].games == 1
    # The shown figures, round(1000 + 40 (mu - 3 sigma)): a shared win (C, D) is worth less than a
    # win alone (E) and than a 2nd place behind one player (F); shared places give equal ratings.
    assert [(r.player.name, r.value) for r in Rating.objects.select_related("player")] == [
        ("E", 1120),
        ("F", 1081),
        ("C", 1046),
        ("D", 1046),
        ("G", 1017),
        ("A", 982),
        ("B", 982),
        ("H", 868),
    ]
