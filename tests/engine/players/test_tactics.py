"""Each level's tactics (003) on constructed positions."""

from __future__ import annotations

from engine import RuleSet, parse_card
from engine.cards import SPADES, SUIT_OF
from engine.players import EasyPlayer, HardPlayer, MediumPlayer, play_hand
from engine.players.knowledge import memory_from_view, rules_info
from engine.players.policies import easy_pass, medium_pass, medium_play

from .helpers import make_hand

C = parse_card


# -- easy ----------------------------------------------------------------------
def test_easy_ducks_under_the_winning_card():
    # seat 0 leads 2C, seat 1 plays 9C: seat 2 holds 3C 8C JC QC and ducks with 8C.
    h = make_hand(
        "club",
        {
            0: "2C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
            1: "9C 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
            2: "3C 8C JC QC 2H 3H 4H 5H 6H 7H 8H 9H TH",
        },
        history="2C 9C",
    )
    assert EasyPlayer().choose_play(h.view(2)) == C("8C")


def test_easy_plays_high_when_last_on_a_pointless_trick():
    h = make_hand(
        "club",
        {
            0: "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
            1: "9C 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
            2: "TC 2H 3H 4H 5H 6H 7H 8H 9H JH QH KH AH",
            3: "JC QC KC AC 8D 9D TD JD QD KD AD TH QS",
        },
        history="2C 9C TC",
    )
    assert EasyPlayer().choose_play(h.view(3)) == C("AC")


def test_easy_discards_its_most_dangerous_card_when_void():
    # pagat: points allowed on the first trick; seat 1 is void in clubs and holds QS.
    h = make_hand(
        "pagat",
        {0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", 1: "QS AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD 2S"},
        history="2C",
    )
    assert EasyPlayer().choose_play(h.view(1)) == C("QS")


def test_easy_passes_high_spades_and_high_hearts():
    ri = rules_info(RuleSet.preset("club"))
    hand = sum(
        1 << C(c)
        for c in ["2C", "3C", "4C", "5D", "6D", "AS", "KS", "2H", "AH", "3S", "4S", "5S", "6S"]
    )
    assert set(easy_pass(ri, hand, 3)) == {C("AS"), C("KS"), C("AH")}


# -- medium ------------------------------------------------------------------
def test_medium_leads_spades_to_smoke_out_the_queen():
    rules = RuleSet.preset("club", first_lead="left_of_dealer")
    h = make_hand(rules, {0: "3S 5S 9S 2C 7C 9C 2D 5D 8D JD KD 4C 6C"}, dealer=3)
    card = MediumPlayer().choose_play(h.view(0))
    assert SUIT_OF[card] == SPADES and card < C("QS")
    # holding the queen, it does not lead spades
    h = make_hand(rules, {0: "3S 5S QS 2C 7C 9C 2D 5D 8D JD KD 4C 6C"}, dealer=3)
    assert SUIT_OF[MediumPlayer().choose_play(h.view(0))] != SPADES


def _passed_queen_position():
    # Seat 1 passes QS (with JD TD) right, to seat 0. Seat 3 leads 3S at trick 2 and
    # seat 0, the receiver, plays 2S before seat 1, who holds only KS AS in spades.
    deal = [
        ["2C", "7C", "TC", "JC", "QC", "KC", "AC", "2S", "2D", "3D", "4D", "5D", "6D"],
        ["QS", "KS", "AS", "3C", "4C", "5C", "6C", "7D", "8D", "9D", "TD", "JD", "8C"],
        ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
        ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "9C", "QD", "KD", "AD"],
    ]
    h = make_hand("club", deal, pass_direction="right")
    h.submit_passes(
        [["2D", "3D", "4D"], ["QS", "JD", "TD"], ["AH", "KH", "QH"], ["QD", "KD", "AD"]]
    )
    for code in ["2C", "3C", "QD", "9C", "3S", "2S"]:
        h.play(h.turn, code)
    assert h.turn == 1
    return h


def test_medium_remembers_the_queen_it_passed():
    h = _passed_queen_position()
    view = h.view(1)
    assert MediumPlayer().choose_play(view) == C("AS")  # safe: the receiver has played
    # without the memory of the pass the same position plays the lower card
    t = memory_from_view(view, remember_passes=False)
    assert medium_play(t, 1, view.held, view.legal) == C("KS")


def test_medium_dumps_the_queen_under_a_higher_spade():
    deal = [
        ["AS", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"],
        ["QS", "4S", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD"],
        ["AC", "KD", "AD", "2S", "3S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "KS"],
        ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
    ]
    h = make_hand("club", deal, history="2C 2D AC 2H 2S 3H AS")
    assert h.turn == 1
    assert MediumPlayer().choose_play(h.view(1)) == C("QS")


def test_medium_passes_the_unguarded_queen_and_keeps_a_guarded_one():
    ri = rules_info(RuleSet.preset("club"))
    short = sum(
        1 << C(c)
        for c in ["QS", "2S", "2C", "3C", "4C", "5D", "6D", "7D", "8D", "9H", "2H", "3H", "4H"]
    )
    assert C("QS") in medium_pass(ri, short, 3)
    long = sum(
        1 << C(c)
        for c in ["QS", "2S", "3S", "4S", "5S", "5D", "6D", "7D", "8D", "9H", "2H", "3H", "4H"]
    )
    assert C("QS") not in medium_pass(ri, long, 3)


def test_medium_takes_a_trick_from_a_lone_shooter():
    # seat 0 took QS and hearts; seat 1 can stop the moon by winning the heart trick.
    rules = RuleSet.preset("club", first_lead="left_of_dealer")
    h = make_hand(
        rules,
        {
            0: "AC KC QC JC 2H 3H 4H 5H 6H 7H 8H 9H TH",
            1: "2C 3C 4C 5C 6C 7C 8C 9C TC AH JH 2D 3D",
            2: "QS 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
        },
        dealer=3,
        history="AC 2C 2S 4D KC 3C QS 5D QC 4C 3S 6D JC 5C 4S 7D 8H",
    )
    view = h.view(1)
    assert rules_info(rules).moon_alarm <= view.points_taken[0]
    assert MediumPlayer().choose_play(view) == C("AH")


# -- hard --------------------------------------------------------------------
def _moon_position():
    rules = RuleSet.preset("club", first_lead="left_of_dealer")
    deal = [
        ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "2D", "AH", "3H"],
        ["5H", "QS", "2H", "4H", "6H", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "AD"],
        ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "2C", "3C", "4C", "JD", "QD", "2S"],
        ["KD", "TD", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "KS", "AS"],
    ]
    history = (
        "AC 3D 2C 3S  KC QS 3C 4S  QC 2H 4C 5S  JC 4H 7H 6S  TC 6H 8H 7S "
        "9C 4D 9H 8S  8C 5D TH 9S  7C 6D JH TS  6C 7D QH JS  5C 8D KH KS "
        "2D AD QD KD  5H JD TD"
    )
    return make_hand(rules, deal, dealer=3, history=history)


def test_hard_completes_a_sure_moon_shot():
    h = _moon_position()
    assert h.turn == 0
    view = h.view(0)
    # the medium policy ducks here and the moon is lost ...
    assert MediumPlayer().choose_play(view) == C("3H")
    # ... the hard player wins the trick and takes every penalty card
    assert HardPlayer(seed=1, budget=2000).choose_play(view) == C("AH")
    play_hand(h, [HardPlayer(seed=1, budget=2000)] + [MediumPlayer()] * 3)
    assert h.result.shooter == 0 and h.result.points[0] == 0


def test_hard_avoids_an_obvious_queen_capture():
    # seat 1 leads KS, seat 2 must drop QS under it; seat 0, last, holds AS and 3S.
    rules = RuleSet.preset("club", first_lead="left_of_dealer")
    deal = [
        ["AS", "3S", "2C", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"],
        ["AC", "KS", "QD", "KD", "AD", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"],
        ["QS", "3C", "TH", "JH", "QH", "KH", "AH", "4C", "5C", "6C", "7C", "8C", "9C"],
        ["5S", "4S", "6S", "7S", "8S", "9S", "TS", "JS", "2S", "TC", "JC", "QC", "KC"],
    ]
    h = make_hand(rules, deal, dealer=0, history="AC 3C TC 2C KS QS 5S")
    assert h.turn == 0
    assert HardPlayer(seed=3, budget=2000).choose_play(h.view(0)) == C("3S")


def test_hard_does_not_lead_into_the_queen():
    # seat 0 holds AS KS and low clubs and diamonds; leading a spade honour would catch
    # the queen (points allowed on the first trick: under 002 §7 leading KS there is safe).
    rules = RuleSet.preset("club", first_lead="left_of_dealer", first_trick="any")
    h = make_hand(rules, {0: "AS KS 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D"}, seed=5, dealer=3)
    for seed in range(3):
        card = HardPlayer(seed=seed, budget=2000).choose_play(h.view(0))
        assert card not in (C("AS"), C("KS"))
