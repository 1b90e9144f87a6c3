"""engine.handcheck: the exact check of a hand's per-seat points (002 §5-6, 001, 004).

The accepted points are compared with independent enumerations of card
splits (exhaustive where small, sampled with a brute-force subset search for
Spot Hearts), with the engine's own ``score_hand`` for moon and sun scores,
and with hands the engine plays.  Rule sets: every preset at 3, 4 and 5
seats, built as the tournament side builds them (``table_rules``).
"""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from dataclasses import replace
from functools import cache
from itertools import combinations, combinations_with_replacement, product

import pytest

from engine.cards import mask_of
from engine.game import Game, play_hand
from engine.handcheck import (
    HandKind,
    ImpossiblePoints,
    Problem,
    card_name,
    check_points,
    possible_points,
)
from engine.players import get_player
from engine.rules import MOON_RULES, PRESETS, RuleSet
from engine.scoring import possible_scores, score_hand
from tournaments.rulesets import table_rules

SIZES = (3, 4, 5)
CASES = [(name, n) for name in PRESETS for n in SIZES]
SMALL = [(name, n) for name, n in CASES if name != "spot"]
CLUB = PRESETS["club"]
OMNIBUS = PRESETS["omnibus"]
SPOT = PRESETS["spot"]


def ids(case):
    return f"{case[0]}-{case[1]}"


def point_cards(rules: RuleSet) -> list[tuple[int, int]]:
    return [
        (c, rules.points_table[c])
        for c in range(52)
        if rules.deck_mask >> c & 1 and rules.points_table[c]
    ]


def compositions(k: int, n: int):
    """Stars and bars: every (c_0, ..., c_{n-1}) >= 0 with sum k."""
    for bars in combinations(range(k + n - 1), n - 1):
        prev, out = -1, []
        for b in bars:
            out.append(b - prev - 1)
            prev = b
        out.append(k + n - 2 - prev)
        yield out


def enumerate_splits(rules: RuleSet) -> tuple[set, set]:
    """Sorted per-seat points of every split: (no seat holds every penalty card, one seat does).

    The largest group of equal-valued cards is shared out by compositions; every
    other point card goes to each seat in turn, the first one to seat 0 only
    (seat permutations give the same sorted vectors).
    """
    n = rules.players
    cards = point_cards(rules)
    count = Counter(v for _, v in cards)
    big_v, big_k = max(count.items(), key=lambda kv: (kv[1], kv[0]))
    singles = [v for _, v in cards if v != big_v] if big_k > 1 else [v for _, v in cards]
    if big_k == 1:
        big_k = 0
    pen_total = sum(1 for _, v in cards if v > 0)
    comps = list(compositions(big_k, n))
    spread, one = set(), set()
    first = [(0,)] if singles else [()]
    for where0 in first:
        for rest in product(range(n), repeat=max(len(singles) - 1, 0)):
            where = where0 + rest
            base = [0] * n
            pens = [0] * n
            for v, s in zip(singles, where):
                base[s] += v
                pens[s] += v > 0
            for comp in comps:
                pts = tuple(sorted(b + big_v * c for b, c in zip(base, comp)))
                if pen_total and any(
                    p + (c if big_v > 0 else 0) == pen_total for p, c in zip(pens, comp)
                ):
                    one.add(pts)
                else:
                    spread.add(pts)
    return spread, one


def accepted_normal(rules: RuleSet) -> set:
    spread, one = enumerate_splits(rules)
    return spread | one if rules.moon == "off" else spread


class BruteForce:
    """Independent split search: seat by seat, a subset (bit mask) of the cards left."""

    def __init__(self, rules: RuleSet):
        self.values = [v for _, v in point_cards(rules)]
        m = len(self.values)
        self.pen = sum(1 << i for i, v in enumerate(self.values) if v > 0)
        self.moon = rules.moon != "off" and self.pen != 0
        sums = [0] * (1 << m)
        self.by_sum: dict[int, list[int]] = {}
        for mask in range(1 << m):
            if mask:
                low = mask & -mask
                sums[mask] = sums[mask ^ low] + self.values[low.bit_length() - 1]
            self.by_sum.setdefault(sums[mask], []).append(mask)
        self.all = (1 << m) - 1

    def feasible(self, target) -> bool:
        """Some split gives ``target`` (with a moon rule: no seat holding every penalty card)."""
        target = tuple(target)

        @cache
        def go(k: int, left: int) -> bool:
            if k == len(target):
                return left == 0
            for mask in self.by_sum.get(target[k], ()):
                if mask & ~left:
                    continue
                if self.moon and mask & self.pen == self.pen:
                    continue
                if go(k + 1, left & ~mask):
                    return True
            return False

        return go(0, self.all)


def sorted_box(rules: RuleSet):
    """Every non-decreasing vector with the hand total and entries a little beyond the card
    range."""
    n, total = rules.players, rules.hand_total
    lo, hi = rules.hand_min_points - 1, total - rules.hand_min_points + 1
    for head in combinations_with_replacement(range(lo, hi + 1), n - 1):
        last = total - sum(head)
        if head[-1] <= last <= hi:
            yield (*head, last)


def refusal(rules, points, **kw) -> ImpossiblePoints:
    with pytest.raises(ImpossiblePoints) as info:
        check_points(rules, points, **kw)
    return info.value


# -- the accepted normal hands are exactly the card splits ------------------------
@pytest.mark.parametrize("case", SMALL, ids=ids)
def test_normal_points_are_exactly_the_enumerated_splits(case):
    rules = table_rules(*case)
    normal = accepted_normal(rules)
    pp = possible_points(rules)
    assert pp.normal == normal
    rng = random.Random(case[1])
    for vec in normal:
        shuffled = list(vec)
        rng.shuffle(shuffled)
        assert check_points(rules, shuffled) is HandKind.NORMAL


@pytest.mark.parametrize("case", SMALL, ids=ids)
def test_every_other_vector_with_the_hand_total_is_refused(case):
    rules = table_rules(*case)
    spread, one = enumerate_splits(rules)
    normal = spread | one if rules.moon == "off" else spread
    rng = random.Random(7)
    refused = 0
    for vec in sorted_box(rules):
        shuffled = list(vec)
        rng.shuffle(shuffled)
        if vec in normal:
            assert check_points(rules, shuffled) is HandKind.NORMAL
            continue
        exc = refusal(rules, shuffled)
        refused += 1
        json.dumps(exc.params)
        assert str(exc) and exc.code is not Problem.SUM
        if vec in one:  # a split gives it, but only with every penalty card on one seat
            assert exc.code is Problem.EVERY_PENALTY_CARD
            assert shuffled[exc.params["seat"]] == max(shuffled)
    assert refused > 0


@pytest.mark.parametrize("players", SIZES)
def test_spot_sampled_splits_and_brute_force(players):
    rules = table_rules("spot", players)
    brute = BruteForce(rules)
    cards = point_cards(rules)
    rng = random.Random(500 + players)
    pp = possible_points(rules)
    feasible = []
    for _ in range(20_000):
        pts = [0] * players
        for _, v in cards:
            pts[rng.randrange(players)] += v
        if max(pts) == rules.hand_total:  # one seat holds every penalty card: a moon
            continue
        assert check_points(rules, pts) is HandKind.NORMAL
        feasible.append(pts)
    # near-miss vectors: move a few points between two seats
    checked = Counter()
    for pts in feasible[:1500]:
        vec = list(pts)
        i, j = rng.sample(range(players), 2)
        d = rng.randint(1, 3)
        vec[i] -= d
        vec[j] += d
        expect = min(vec) >= 0 and brute.feasible(vec)
        try:
            kind = check_points(rules, vec)
        except ImpossiblePoints:
            kind = None
        assert (kind is HandKind.NORMAL) == expect, vec
        checked[expect] += 1
    # random vectors with the hand total, small entries favoured (where the gaps are)
    for _ in range(1500):
        cuts = sorted(rng.randint(0, rules.hand_total) for _ in range(players - 1))
        vec = [b - a for a, b in zip([0, *cuts], [*cuts, rules.hand_total])]
        if rng.random() < 0.5:
            small = rng.randint(1, 5)
            vec[0] -= small - vec[1]
            vec[1] = small
        expect = min(vec) >= 0 and brute.feasible(vec)
        assert (tuple(sorted(vec)) in pp.normal) == expect, vec
        checked[expect] += 1
    assert checked[True] > 1000 and checked[False] > 100


def test_spot_three_seats_every_vector_against_brute_force():
    rules = table_rules("spot", 3)
    brute = BruteForce(rules)
    pp = possible_points(rules)
    found = set()
    for a, b in combinations_with_replacement(range(130), 2):
        vec = (a, b, 129 - a - b)
        if b <= vec[2] and brute.feasible(vec):
            found.add(vec)
    assert pp.normal == found


# -- moon and sun: the engine's score_hand is the reference ------------------------
def outcomes(rules: RuleSet):
    """(won masks, tricks won, kind) for every shooter, bonus placement, moon and sun."""
    n = rules.players
    bonus = [1 << c for c, v in point_cards(rules) if v < 0]
    for s in range(n):
        for where in product(range(n), repeat=len(bonus)):
            won = [0] * n
            won[s] = rules.penalty_mask
            for bit, seat in zip(bonus, where):
                won[seat] |= bit
            yield won, [1] * n, HandKind.MOON
        won = [0] * n
        won[s] = rules.deck_mask
        tricks = [0] * n
        tricks[s] = rules.tricks_per_hand
        yield won, tricks, HandKind.SUN


def kind_of(result) -> HandKind:
    if result.shooter is None:
        return HandKind.NORMAL
    return HandKind.SUN if result.sun else HandKind.MOON


@pytest.mark.parametrize("sun", [False, True], ids=["moon", "sun"])
@pytest.mark.parametrize("moon", MOON_RULES)
@pytest.mark.parametrize("case", CASES, ids=ids)
def test_moon_and_sun_patterns_are_the_engines(case, moon, sun):
    rules = replace(table_rules(*case), moon=moon, shoot_sun=sun)
    engine = set()
    for won, tricks, _ in outcomes(rules):
        for result in possible_scores(rules, won, tricks):
            assert check_points(rules, result.points) is kind_of(result)
            if result.shooter is not None:
                engine.add((result.points, kind_of(result)))
    mine = {(p.points, p.kind) for pats in possible_points(rules).patterns.values() for p in pats}
    assert mine == engine
    if moon == "off":
        assert not mine
    else:
        assert {k for _, k in mine} == ({HandKind.MOON, HandKind.SUN} if sun else {HandKind.MOON})


@pytest.mark.parametrize("sun", [False, True], ids=["moon", "sun"])
@pytest.mark.parametrize(
    "case",
    [("club", 4), ("omnibus", 4), ("omnibus", 5), ("spot", 3), ("peppa", 5), ("three_player", 3)],
    ids=ids,
)
def test_others_unless_loses_follows_the_game_scores(case, sun):
    rules = replace(table_rules(*case), moon="others_unless_loses", shoot_sun=sun)
    n, target = rules.players, rules.target
    rng = random.Random(11)
    seen = Counter()
    for _ in range(40):
        before = [rng.randrange(target) for _ in range(n)]
        before[rng.randrange(n)] = rng.randrange(target - rules.moon_total, target)
        for won, tricks, _ in outcomes(rules):
            result = score_hand(rules, won, tricks, scores_before=before)
            assert check_points(rules, result.points, scores_before=before) is kind_of(result)
            seen[result.moon_choice] += 1
            # without the game scores either choice is accepted
            both = possible_scores(rules, won, tricks)
            assert len(both) == 2
            for other in both:
                assert check_points(rules, other.points) is kind_of(other)
                if other.points == result.points:
                    continue
                exc = refusal(rules, other.points, scores_before=before)
                assert exc.code is Problem.MOON_SHAPE
                assert exc.params["rule_says"] == result.moon_choice
                assert exc.params["expected"] == [list(result.points)]
    assert seen["self"] and seen["others"]


# -- every hand the engine plays is accepted -----------------------------------------
@pytest.mark.parametrize("case", CASES, ids=ids)
def test_every_hand_the_engine_plays_is_accepted(case):
    rules = table_rules(*case)
    n = rules.players
    seed = 1000 + 10 * list(PRESETS).index(case[0]) + n
    players = [get_player("random", seed=seed * 10 + i) for i in range(n)]
    game = Game(rules, seed=seed)
    kinds = Counter()
    for _ in range(300):
        if game.is_over:
            game = Game(rules, rng=game.rng, dealer=game.dealer)
        before = tuple(game.scores)
        hand = game.new_hand()
        play_hand(hand, players)
        result = hand.result
        assert check_points(rules, list(result.points), scores_before=before) is kind_of(result)
        kinds[kind_of(result)] += 1
        game.add_hand(hand)
    assert kinds[HandKind.NORMAL] > 200


# -- the examples of the brief --------------------------------------------------------
@pytest.mark.parametrize("points", [[12, 12, 2, 0], [7, 7, 6, 6]])
def test_club_sum_26_without_the_queen_holder_is_refused(points):
    exc = refusal(CLUB, points)
    assert exc.code is Problem.CARD_NOBODY
    assert exc.params == {"card": "QS", "points": 13, "at_least": 13}
    assert str(exc) == (
        "No seat has 13 or more points, so nobody took the queen of spades: check the numbers"
    )


def test_omnibus_16_0_0_0_is_a_normal_hand():
    # QS + 3 hearts = 16 to one seat, JD (-10) + 10 hearts = 0 to another
    assert check_points(OMNIBUS, [16, 0, 0, 0]) is HandKind.NORMAL
    assert score_hand(
        OMNIBUS,
        [
            mask_of(["QS", "2H", "3H", "4H"]),
            mask_of(["JD", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]),
            0,
            0,
        ],
        None,
    ).points == (16, 0, 0, 0)


def test_omnibus_two_negative_seats_with_one_jack_of_diamonds():
    exc = refusal(OMNIBUS, [-5, -5, 13, 13])
    assert exc.code is Problem.TOO_MANY_NEGATIVE
    assert exc.params == {"negative": 2, "bonus": [["JD", -10]]}
    assert str(exc) == "Two seats are negative but there is only one jack of diamonds (-10)"


# -- one test per problem -------------------------------------------------------------
def test_problem_seats():
    exc = refusal(CLUB, [13, 13, 0])
    assert exc.code is Problem.SEATS and exc.params == {"count": 3, "players": 4}
    assert str(exc) == "Expected 4 scores, one for each seat, got 3"


@pytest.mark.parametrize("bad", [4.0, True, "4", None])
def test_problem_not_integer(bad):
    exc = refusal(CLUB, [13, 9, bad, 0])
    assert exc.code is Problem.NOT_INTEGER
    assert exc.params == {"seat": 2, "value": repr(bad)}
    assert str(exc) == f"Seat 3's points must be a whole number, got {bad!r}"


def test_problem_sum():
    exc = refusal(CLUB, [13, 12, 0, 0])
    assert exc.code is Problem.SUM and exc.params == {"found": 25, "allowed": [26, 78]}
    assert str(exc) == (
        "The points add up to 25, but a hand's points add up to 26 "
        "(or to 78 when a seat shoots the moon)"
    )
    assert refusal(PRESETS["black_maria"], [26, 26, 0]).params["allowed"] == [26]
    assert refusal(OMNIBUS, [0, 0, 0, 0]).params["allowed"] == [-36, 16, 68]


def test_problem_below_lowest():
    exc = refusal(CLUB, [-1, 27, 0, 0])
    assert exc.code is Problem.BELOW_LOWEST
    assert exc.params == {"seat": 0, "points": -1, "lowest": 0}
    assert str(exc) == "Seat 1 has -1 points; no seat can have fewer than 0"
    # a "self" moon in Omnibus with the jack of diamonds: -36 is the lowest
    assert refusal(OMNIBUS, [-37, 26, 27, 0]).params["lowest"] == -36


def test_problem_moon_shape():
    exc = refusal(CLUB, [30, 26, 22, 0])
    assert exc.code is Problem.MOON_SHAPE
    assert exc.params == {"found": 78, "expected": [[26, 26, 26, 0]]}
    assert "rule_says" not in exc.params
    # the game scores make "others_unless_loses" pick "self" (engine.scoring)
    rules = RuleSet.preset("club", moon="others_unless_loses")
    before = [80, 30, 40, 75]
    assert check_points(rules, [-26, 0, 0, 0], scores_before=before) is HandKind.MOON
    exc = refusal(rules, [0, 26, 26, 26], scores_before=before)
    assert exc.code is Problem.MOON_SHAPE
    assert exc.params == {"found": 78, "expected": [[-26, 0, 0, 0]], "rule_says": "self"}
    assert str(exc) == (
        "Seat 1 shot the moon, but with these game scores the rule says "
        "the shooter subtracts 26: expected -26/0/0/0"
    )
    exc = refusal(rules, [-26, 0, 0, 0], scores_before=[10, 20, 30, 40])
    assert exc.params["rule_says"] == "others" and exc.params["expected"] == [[0, 26, 26, 26]]
    # not a pattern at all, and the rule wants "others" from the likely shooter
    exc = refusal(rules, [-20, -6, 0, 0], scores_before=[10, 20, 30, 40])
    assert exc.params == {"found": -26, "expected": [[0, 26, 26, 26]], "rule_says": "others"}
    assert str(exc) == (
        "The points add up to -26 as when a seat shoots the moon, but with these "
        "game scores the rule says every other seat takes 26: expected 0/26/26/26"
    )
    exc = refusal(rules, [-20, -6, 0, 0])
    assert exc.params == {"found": -26, "expected": [[-26, 0, 0, 0]]}
    # Omnibus: the jack of diamonds goes anywhere on top of the pattern
    assert check_points(OMNIBUS, [0, 26, 26, 16]) is HandKind.MOON
    exc = refusal(OMNIBUS, [0, 26, 20, 22])
    assert exc.code is Problem.MOON_SHAPE
    assert exc.params["expected"] == [
        [-10, 26, 26, 26],
        [0, 16, 26, 26],
        [0, 26, 16, 26],
        [0, 26, 26, 16],
    ]


def test_problem_too_many_negative_without_bonus_cards():
    exc = refusal(PRESETS["pagat"], [-1, 27, 0, 0])
    assert exc.code is Problem.TOO_MANY_NEGATIVE
    assert exc.params == {"negative": 1, "bonus": []}
    assert str(exc) == "One seat is negative but no card is worth negative points"


def test_problem_card_nobody_with_a_bonus_card():
    # 27 is more than the queen of spades and every heart; the others have less than 3
    exc = refusal(OMNIBUS, [-11, 0, 0, 27])
    assert exc.code is Problem.CARD_NOBODY
    assert exc.params == {"card": "QS", "points": 13, "at_least": 3}
    assert str(exc) == ("No seat's points can include the queen of spades (13): check the numbers")


def test_problem_seat_unreachable():
    exc = refusal(SPOT, [1, 26, 102, 0])  # no Spot card is worth 1
    assert exc.code is Problem.SEAT_UNREACHABLE and exc.params == {"seat": 0, "points": 1}
    assert str(exc) == (
        "No set of point cards is worth exactly 1, the points of seat 1: check the numbers"
    )


@pytest.mark.parametrize(
    "rules,points,seat",
    [
        (CLUB, [0, 0, 26, 0], 2),
        (OMNIBUS, [26, 0, 0, -10], 0),
        (PRESETS["five_player"], [0, 0, 0, 0, 26], 4),
    ],
)
def test_problem_every_penalty_card(rules, points, seat):
    exc = refusal(rules, points)
    assert exc.code is Problem.EVERY_PENALTY_CARD and exc.params == {"seat": seat}
    assert str(exc) == (
        f"Seat {seat + 1} took every penalty card: record it as shooting the "
        f"moon, or as a penalty for an illegal play"
    )


def test_every_penalty_card_is_a_normal_hand_without_moon():
    assert check_points(PRESETS["black_maria"], [0, 26, 0]) is HandKind.NORMAL
    assert check_points(replace(CLUB, moon="off"), [0, 26, 0, 0]) is HandKind.NORMAL


def test_problem_no_split():
    # JD with seat 1 leaves 26 for 2/12/12: nobody can hold the queen of spades with them
    exc = refusal(OMNIBUS, [-10, 2, 12, 12])
    assert exc.code is Problem.NO_SPLIT and exc.params == {}
    assert str(exc) == "No way of sharing the point cards gives these points: check the numbers"


# -- the API around it ------------------------------------------------------------------
def test_problem_order_first_applicable_wins():
    # wrong sum and a float: the float is reported first
    assert refusal(CLUB, [1.5, 0, 0, 0]).code is Problem.NOT_INTEGER
    # wrong sum and below the lowest: the sum first
    assert refusal(CLUB, [-5, 0, 0, 0]).code is Problem.SUM


def test_possible_points_is_cached_per_rule_set():
    assert possible_points(CLUB) is possible_points(RuleSet.preset("club"))
    pp = possible_points(CLUB)
    assert (0, 0, 13, 13) in pp.normal and (0, 0, 0, 26) in pp.every_penalty
    assert pp.allowed_sums == (26, 78) and pp.lowest == 0


def test_bad_scores_before_and_pickling():
    with pytest.raises(ValueError, match="scores_before"):
        check_points(CLUB, [13, 13, 0, 0], scores_before=[0, 0])
    exc = refusal(OMNIBUS, [-5, -5, 13, 13])
    again = pickle.loads(pickle.dumps(exc))
    assert again.code is exc.code and again.params == exc.params and str(again) == str(exc)
    assert isinstance(exc, ValueError) and exc.code == "too_many_negative"


def test_card_names():
    assert card_name("QS") == "the queen of spades"
    assert card_name("JD", article=False, points=-10) == "jack of diamonds (-10)"
    assert card_name("TH") == "the 10 of hearts"


# -- a rule set with two bonus cards (not a preset: the code is not tied to one) -------
TWO_BONUS = RuleSet.preset(
    "pagat", shoot_sun=True, card_points={**dict(OMNIBUS.card_points), "TD": -5}
)


@pytest.mark.parametrize("players", [3, 4])
def test_two_bonus_cards(players):
    rules = table_rules("pagat", players)
    rules = replace(rules, card_points=TWO_BONUS.card_points, shoot_sun=True)
    assert possible_points(rules).normal == accepted_normal(rules)
    engine = set()
    for won, tricks, _ in outcomes(rules):
        for result in possible_scores(rules, won, tricks):
            assert check_points(rules, result.points) is kind_of(result)
            engine.add(result.points)
    assert set(possible_points(rules).patterns) == engine
    if players == 3:
        return
    exc = refusal(rules, [-1, -1, -1, 14])
    assert exc.code is Problem.TOO_MANY_NEGATIVE
    assert exc.params == {"negative": 3, "bonus": [["TD", -5], ["JD", -10]]}
    assert str(exc) == (
        "Three seats are negative but only two cards are worth negative points: "
        "the 10 of diamonds (-5) and the jack of diamonds (-10)"
    )
