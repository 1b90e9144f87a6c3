"""Scoring (002 §5-6, 000, 001, 004) and games (dealer, cycle, end, ties)."""

import random

import pytest

from engine import Hand, RuleSet
from engine.autoplay import auto_pass, auto_play, random_playout
from engine.cards import BB_ALL, BB_HEARTS, mask_of
from engine.game import Game, play_hand
from engine.players import get_player
from engine.scoring import possible_scores, score_hand

CLUB = RuleSet.preset("club")
HEARTS_Q = mask_of(["QS"]) | BB_HEARTS


def won(*masks):
    return list(masks)


def test_002_s5_hearts_one_queen_thirteen():
    s = score_hand(CLUB, won(mask_of(["2H", "3H"]), mask_of(["QS"]), BB_ALL & ~HEARTS_Q, 0), None)
    assert s.points == (2, 13, 0, 0) and s.shooter is None


def test_002_s6_moon_others_get_26():
    s = score_hand(CLUB, won(0, HEARTS_Q, BB_ALL & ~HEARTS_Q, 0), None)
    assert s.points == (26, 0, 26, 26) and s.shooter == 1 and s.moon_choice == "others"


def test_001_moon_self_and_choice():
    r = RuleSet.preset("club", moon="self")
    assert score_hand(r, won(HEARTS_Q, 0, 0, 0), None).points == (-26, 0, 0, 0)
    pagat = RuleSet.preset("pagat")
    assert score_hand(pagat, won(HEARTS_Q, 0, 0, 0), None, moon_choice="self").points == (
        -26,
        0,
        0,
        0,
    )
    both = {s.points for s in possible_scores(pagat, won(HEARTS_Q, 0, 0, 0), None)}
    assert both == {(-26, 0, 0, 0), (0, 26, 26, 26)}


def test_001_others_unless_that_ends_the_game_with_the_shooter_losing():
    r = RuleSet.preset("club", moon="others_unless_loses")
    w = won(HEARTS_Q, 0, 0, 0)
    assert score_hand(r, w, None, scores_before=[10, 20, 30, 40]).points == (0, 26, 26, 26)
    # 80+0 vs 60+26 ... seat 3 at 75 reaches 101 and seat 1 (30+26=56) is below the shooter's 80.
    assert score_hand(r, w, None, scores_before=[80, 30, 40, 75]).points == (-26, 0, 0, 0)


def test_000_peppa_points_and_cappotto():
    p = RuleSet.preset("peppa")
    assert p.points_of(mask_of(["AH", "KH", "QH", "JH", "TH", "QS"])) == 5 + 4 + 3 + 2 + 1 + 13
    assert score_hand(p, won(0, 0, HEARTS_Q, 0), None).points == (36, 36, 0, 36)


def test_001_omnibus_jack_of_diamonds_minus_ten_also_for_the_shooter():
    o = RuleSet.preset("omnibus")
    assert score_hand(o, won(mask_of(["JD", "QS"]), 0, 0, 0), None).points == (3, 0, 0, 0)
    s = score_hand(o, won(HEARTS_Q | mask_of(["JD"]), 0, 0, 0), None, moon_choice="others")
    assert s.points == (-10, 26, 26, 26)
    s = score_hand(o, won(HEARTS_Q, mask_of(["JD"]), 0, 0), None, moon_choice="self")
    assert s.points == (-26, -10, 0, 0)


def test_001_spot_values():
    s = RuleSet.preset("spot")
    assert s.points_of(mask_of(["2H", "AH", "QS"])) == 2 + 14 + 25


def test_001_004_shooting_the_sun_all_tricks_52():
    r = RuleSet.preset("club", shoot_sun=True)
    assert score_hand(r, won(BB_ALL, 0, 0, 0), [13, 0, 0, 0]).points == (0, 52, 52, 52)
    s = score_hand(r, won(BB_ALL & ~mask_of(["2C"]), mask_of(["2C"]), 0, 0), [12, 1, 0, 0])
    assert s.points == (0, 26, 26, 26) and not s.sun


def test_moon_off_black_maria():
    assert score_hand(RuleSet.preset("black_maria"), won(HEARTS_Q, 0, 0), None).points == (26, 0, 0)


def test_hand_points_add_up_or_moon_pattern():
    rng = random.Random(0)
    for name in ("club", "peppa", "omnibus", "five_player", "three_player"):
        r = RuleSet.preset(name)
        for _ in range(50):
            h = random_playout(Hand.random(r, rng), rng)
            if h.result.shooter is None:
                assert sum(h.result.points) == r.hand_total


def _game_of(points_per_hand, rules):
    """A game whose hands score the given points (hands replaced by stand-ins)."""
    g = Game(rules)
    for pts in points_per_hand:
        h = g.new_hand()
        random_playout(h, random.Random(1))
        object.__setattr__(h, "result", h.result.__class__(tuple(pts), tuple(pts)))
        g.add_hand(h)
    return g


def test_002_s15_game_ends_at_100_and_places_share_ties():
    g = _game_of([[34, 34, 78, 90], [0, 0, 0, 33]], CLUB)
    assert g.is_over and g.places() == [1, 1, 3, 4]


def test_001_exact_100_resets_to_50():
    r = RuleSet.preset("club", reset_at=100, reset_to=50)
    g = _game_of([[90, 0, 0, 0], [10, 0, 6, 10]], r)
    assert g.scores == [50, 0, 6, 10] and not g.is_over


def test_001_play_on_while_lowest_is_tied():
    r = RuleSet.preset("club", tie="play_on")
    g = _game_of([[10, 10, 50, 100]], r)
    assert not g.is_over
    g2 = _game_of([[10, 11, 50, 100]], r)
    assert g2.is_over


def test_000_hands_limit_and_dealer_rotation():
    r = RuleSet.preset("peppa", max_hands=3, target=None)
    g = Game(r, dealer=2, seed=3)
    dealers = []
    players = [get_player("random", seed=i) for i in range(4)]
    while not g.is_over:
        h = g.new_hand()
        dealers.append(h.dealer)
        play_hand(h, players)
        g.add_hand(h)
    assert dealers == [2, 3, 0] and len(g.hands) == 3


def test_000_last_trick_tie_rule():
    r = RuleSet.preset("peppa")
    g = Game(r, seed=9)
    h = g.new_hand()
    random_playout(h, random.Random(9))
    last = {s: max((i for i, w in enumerate(h.winners) if w == s), default=-1) for s in range(4)}
    object.__setattr__(h, "result", h.result.__class__((100, 100, 100, 100), (0, 0, 0, 0)))
    g.add_hand(h)
    places = g.places()
    assert sorted(places) == [1, 2, 3, 4]
    with_tricks = sorted((s for s in range(4) if last[s] >= 0), key=lambda s: last[s])
    without = [s for s in range(4) if last[s] < 0]
    order = sorted(range(4), key=lambda s: places[s])
    assert order[len(without) :] == with_tricks  # earliest last trick ranks higher


def test_add_hand_checks_order():
    g = Game(CLUB)
    h = Hand(CLUB, seed=1, dealer=1)
    random_playout(h, random.Random(1))
    with pytest.raises(ValueError, match="expected dealer 0"):
        g.add_hand(h)


def test_000_auto_pass_last_three_received_and_auto_play_is_legal():
    r = RuleSet.preset("peppa")
    h = Hand(r, seed=8)
    for s in range(4):
        assert auto_pass(h, s) == h.deal[s][-3:]
        h.submit_pass(s, auto_pass(h, s))
    choices = set()
    while not h.is_over:
        c = auto_play(h)
        assert h.legal_mask() >> c & 1
        choices.add(c == h.legal_moves()[0])
        h.play(h.turn, c)
    assert False in choices  # not always the first legal card
