"""One test per play rule, citing its source in ../shared/rules/README.md."""

import pytest

from engine import Hand, IllegalPlay, Reason, RuleSet
from engine.cards import codes_of, parse_card
from engine.hand import pass_targets

from .helpers import by_suit, hand, play_cards, swap


def legal(h):
    return codes_of(h.legal_mask())


def raises(h, seat, card, reason):
    before = (list(h.held), list(h.history), h.turn)
    with pytest.raises(IllegalPlay) as e:
        h.play(seat, card)
    assert e.value.reason is reason and e.value.message
    assert (list(h.held), list(h.history), h.turn) == before  # nothing changed
    return e.value


def test_002_s2_holder_of_two_of_clubs_leads_it():
    h = hand(swap(by_suit(), "2C", "5S"))  # seat 3 holds the 2C
    assert h.turn == 3 and legal(h) == ["2C"]
    raises(h, 3, "AS", Reason.MUST_LEAD_LOWEST_CLUB)


def test_001_five_players_three_of_clubs_leads():
    r = RuleSet.preset("five_player")
    h = Hand(r, seed=3, pass_direction="hold")
    assert legal(h) == ["3C"] and h.held[h.turn] & (1 << parse_card("3C"))


def test_002_s3_follow_suit_when_able_else_any_card():
    deal = swap(swap(by_suit(), "3C", "4D"), "4C", "5H")  # seat 1 has 3C, seat 2 has 4C
    h = hand(deal)
    h.play(0, "2C")
    assert legal(h) == ["3C"]
    raises(h, 1, "5D", Reason.MUST_FOLLOW_SUIT)
    h.play(1, "3C")
    h.play(2, "4C")
    assert legal(h) == [c + "S" for c in "23456789TJKA"]  # void: any, but not the QS (002 §7)


def test_002_s4_highest_of_suit_led_wins_no_trumps():
    deal = swap(swap(by_suit(), "3C", "AD"), "4C", "AS")
    h = hand(deal)
    play_cards(h, "2C 3C 5H 4C")  # seat 2 (only hearts) discards; seat 3 follows with 4C
    assert h.winners == [3]


def test_002_s7_no_heart_or_queen_on_first_trick():
    h = hand(by_suit())
    h.play(0, "2C")
    h.play(1, "2D")
    assert legal(h) == [c + "H" for c in "23456789TJQKA"]  # only hearts: any of them (settled)
    h.play(2, "AH")
    assert "QS" not in legal(h)
    raises(h, 3, "QS", Reason.NO_POINTS_ON_FIRST_TRICK)


def test_settled_reading_only_hearts_and_queen_may_play_any_on_free_first_trick():
    deal = swap(by_suit(), "2H", "QS")  # seat 2: QS + 12 hearts, seat 3: 2H + 12 spades
    h = hand(deal)
    play_cards(h, "2C 2D")
    assert set(legal(h)) == {"QS"} | {c + "H" for c in "3456789TJQKA"}


def test_001_standard_allows_points_on_first_trick():
    h = hand(by_suit(), "pagat")
    play_cards(h, "2C 2D AH")
    assert "QS" in legal(h)


def test_001_no_points_unless_only_points_covers_every_penalty_card():
    r = RuleSet.preset(
        "club",
        first_trick="no_points_unless_only_points",
        card_points={"QS": 13, "KS": 10, **{c + "H": 1 for c in "23456789TJQKA"}},
    )
    h = hand(by_suit(), r)
    play_cards(h, "2C 2D 2H")
    assert "KS" not in legal(h) and "QS" not in legal(h) and "AS" in legal(h)


def test_002_s8_a_discarded_heart_breaks_hearts():
    # seat 1: 3C, 9H; seat 2: QS
    deal = swap(swap(swap(by_suit(), "3C", "3D"), "4D", "QS"), "QS", "9H")
    h = hand(deal)
    assert not h.broken
    play_cards(h, "2C 3C 2H 2S")  # seat 2 (only hearts) discards a heart on the first trick
    assert h.winners == [1] and h.broken
    assert "9H" in legal(h)


def test_hearts_not_broken_reason_and_only_hearts_exception():
    # Seat 2 holds 12 hearts + 4C; it wins trick 1 with 4C... then must lead a heart: only hearts.
    deal = swap(swap(by_suit(), "4C", "2H"), "3C", "3D")
    h = hand(deal)
    play_cards(h, "2C 3C 4C 2S")  # seat 1 follows 3C, seat 2 wins with 4C
    assert h.turn == 2 and not h.broken
    assert legal(h) == [c + "H" for c in "3456789TJQKA"]  # only hearts: may lead one (002 §8)
    h.play(2, "3H")
    assert h.broken


def test_hearts_not_broken_is_refused_with_its_reason():
    deal = swap(swap(swap(by_suit(), "4C", "2H"), "3C", "3D"), "5H", "6D")  # seat 2: 5 hearts gone
    h = hand(deal)
    play_cards(h, "2C 3C 4C 2S")
    assert h.turn == 2 and legal(h) == ["6D"]
    raises(h, 2, "AH", Reason.HEARTS_NOT_BROKEN)


def test_001_queen_breaks_hearts_option():
    deal = swap(swap(swap(by_suit(), "4C", "2H"), "3C", "3D"), "5H", "6D")
    r = RuleSet.preset("pagat", queen_breaks_hearts=True)
    h = hand(deal, r)
    play_cards(h, "2C 3C 4C QS")  # pagat: points allowed on the first trick
    assert h.broken and "AH" in legal(h)


def test_001_lead_hearts_with_only_hearts_and_queen():
    deal = swap(swap(by_suit(), "4C", "QS"), "3C", "3D")  # seat 2: 12 hearts... seat 3 gets a heart
    deal = swap(deal, "2H", "5S")  # seat 2: 11 hearts, QS? no: build explicitly below
    seats = [
        ["2C", "3C"] + [r + "D" for r in "23456789TJQ"],
        [r + "C" for r in "456789TJQKA"] + ["KD", "AD"],
        ["QS"] + [r + "H" for r in "23456789TJQK"],
        ["AH"] + [r + "S" for r in "23456789TJKA"],
    ]
    h = hand(seats, RuleSet.preset("pagat", lead_hearts_with_queen=True))
    play_cards(h, "2C 4C")  # seat 1 wins with 4C... seat 2 and 3 discard
    h.play(2, "2H")
    h.play(3, "2S")
    assert h.winners == [1]
    plain = hand(seats, RuleSet.preset("pagat"))
    play_cards(plain, "2C 4C 2H 2S")
    assert plain.broken  # a heart discarded breaks hearts (settled reading)


def test_001_leader_with_only_hearts_and_queen_must_lead_queen_unless_option():
    seats = [
        [r + "C" for r in "2345678"] + [r + "D" for r in "234567"],
        [r + "C" for r in "9TJQKA"] + [r + "D" for r in "89TJQKA"],
        ["QS"] + [r + "H" for r in "23456789TJQK"],
        ["AH"] + [r + "S" for r in "23456789TJKA"],
    ]
    r = RuleSet.preset("club", first_lead="left_of_dealer")
    h = hand(seats, r, dealer=1)  # seat 2 leads, holding only hearts and the QS
    assert h.turn == 2 and len(legal(h)) == 13  # free first trick: any of them (settled reading)
    h2 = hand(seats, RuleSet.preset("pagat", first_lead="left_of_dealer"), dealer=1)
    assert legal(h2) == ["QS"]  # hearts not broken: the queen is the only non-heart
    h3 = hand(
        seats,
        RuleSet.preset("pagat", first_lead="left_of_dealer", lead_hearts_with_queen=True),
        dealer=1,
    )
    assert len(legal(h3)) == 13


def test_001_left_of_dealer_leads_any_card():
    r = RuleSet.preset("pagat", first_lead="left_of_dealer")
    h = hand(by_suit(), r, dealer=2)
    assert h.turn == 3 and len(legal(h)) == 13


def test_000_peppa_right_of_dealer_leads_and_play_is_counterclockwise():
    h = hand(by_suit(), "peppa", dealer=2)
    assert h.turn == 1 and len(legal(h)) == 13
    h.play(1, "5D")
    assert h.turn == 0
    h.play(0, "AC")
    assert h.turn == 3


def test_not_your_turn_card_not_held_and_phases():
    h = Hand(RuleSet.preset("club"), seed=1)
    assert h.phase == "pass"
    with pytest.raises(IllegalPlay) as e:
        h.play(0, "2C")
    assert e.value.reason is Reason.WRONG_PHASE
    h = hand(by_suit())
    raises(h, 1, "2D", Reason.NOT_YOUR_TURN)
    e = raises(h, 0, "2D", Reason.CARD_NOT_HELD)
    assert "seat 1 holds it" in e.message


def test_hand_over_reason():
    h = hand(by_suit())
    while not h.is_over:
        h.play(h.turn, h.legal_moves()[0])
    raises(h, 0, "2C", Reason.HAND_OVER)
    assert h.legal_mask() == 0 or h.turn == -1


@pytest.mark.parametrize(
    "direction,expected",
    [
        ("left", [1, 2, 3, 0]),
        ("right", [3, 0, 1, 2]),
        ("across", [2, 3, 0, 1]),
    ],
)
def test_pass_directions_seat_numbering(direction, expected):
    h = Hand(RuleSet.preset("club"), by_suit(), pass_direction=direction)
    h.submit_passes([d[:3] for d in by_suit()])
    for seat, target in enumerate(expected):
        got = h.received[target]
        assert codes_of(got) == sorted(by_suit()[seat][:3], key=parse_card)


def test_pass_errors():
    h = Hand(RuleSet.preset("club"), by_suit(), pass_direction="left")
    with pytest.raises(IllegalPlay) as e:
        h.submit_pass(0, ["2C", "3C"])
    assert e.value.reason is Reason.WRONG_PASS_COUNT
    with pytest.raises(IllegalPlay) as e:
        h.submit_pass(0, ["2C", "2C", "3C"])
    assert e.value.reason is Reason.DUPLICATE_CARD
    with pytest.raises(IllegalPlay) as e:
        h.submit_pass(0, ["2C", "3C", "2D"])
    assert e.value.reason is Reason.CARD_NOT_HELD
    h.submit_pass(0, ["2C", "3C", "4C"])
    with pytest.raises(IllegalPlay) as e:
        h.submit_pass(0, ["5C", "6C", "7C"])
    assert e.value.reason is Reason.ALREADY_PASSED
    assert h.phase == "pass"  # passes apply together, only when all are in
    hold = hand(by_suit())
    with pytest.raises(IllegalPlay) as e:
        hold.submit_pass(0, ["2C", "3C", "4C"])
    assert e.value.reason is Reason.WRONG_PHASE


def test_001_scatter_one_card_to_each_other_player():
    assert pass_targets("scatter", 0, 4, 3) == [1, 2, 3]
    assert pass_targets("scatter", 1, 3, 4) == [2, 2, 0, 0]
    r = RuleSet.preset("club", pass_cycle=("scatter",))
    h = Hand(r, by_suit())
    h.submit_passes([d[:3] for d in by_suit()])
    # from seats 1, 2, 3 (k-th card to seat+1+k)
    assert codes_of(h.received[0]) == ["4D", "3H", "2S"]


def test_001_mix_pass_redeals_the_pooled_cards():
    r = RuleSet.preset("club", pass_cycle=("mix",))
    h = Hand(r, by_suit(), seed=4)
    h.submit_passes([d[:3] for d in by_suit()])
    pool = {c for d in by_suit() for c in d[:3]}
    assert {c for m in h.received for c in codes_of(m)} == pool
    assert all(m.bit_count() == 3 for m in h.received)


def test_001_kitty_goes_with_the_first_penalty_card():
    r = RuleSet.preset("club", kitty=4, removed=())
    assert r.cards_per_seat == 12
    h = Hand(r, seed=11, pass_direction="hold")
    assert len(h.kitty) == 4
    while not h.is_over:
        h.play(h.turn, h.legal_moves()[0])
    assert h.kitty_owner is not None
    first_points = next(
        i
        for i in range(len(h.winners))
        if any(c // 13 == 2 or c == parse_card("QS") for c in h.history[i * 4 : i * 4 + 4])
    )
    assert h.kitty_owner == h.winners[first_points]
    assert sum(h.result.points) == 26 or h.result.shooter is not None


def test_001_kitty_with_two_of_clubs_lowest_club_leads():
    r = RuleSet.preset("three_player", removed=(), kitty=1)
    deal = [
        [r_ + "C" for r_ in "3456789TJQKA"] + ["2D", "3D", "4D", "5D", "6D"],
        [r_ + "D" for r_ in "789TJQKA"] + [r_ + "H" for r_ in "23456789T"],
        [r_ + "H" for r_ in "JQKA"] + [r_ + "S" for r_ in "23456789TJQKA"],
    ]
    h = Hand(r, deal, kitty=["2C"], pass_direction="hold")
    assert h.turn == 0 and h.legal_moves() == [parse_card("3C")]


def test_player_view_hides_other_hands():
    h = Hand(RuleSet.preset("club"), seed=5)
    h.submit_passes([list(h.deal[s][:3]) for s in range(4)])
    h.play(h.turn, "2C")
    v = h.view(1)
    assert v.held == h.held[1] and v.passed == h.deal[1][:3]
    assert v.received == h.received[1]
    for name in v.__slots__:
        value = getattr(v, name)
        for other in (0, 2, 3):
            if isinstance(value, int) and value > 52 and name not in ("played",):
                assert value != h.held[other]
    assert v.tricks[0][1] == (parse_card("2C"),)
    assert v.current_trick is not None


def test_copy_is_independent():
    h = Hand(RuleSet.preset("club"), seed=2, pass_direction="hold")
    c = h.copy()
    c.play(c.turn, "2C")
    assert h.history == [] and c.history == [parse_card("2C")]
    assert h != c


@pytest.mark.parametrize(
    "preset, direction", [("three_player", "across"), ("club", "left2"), ("five_player", "across")]
)
def test_a_pass_direction_the_player_count_cannot_use_is_refused_001(preset, direction):
    """001: 'across' exists only with 4 players, the second seat left/right only with 5."""
    with pytest.raises(ValueError, match="needs"):
        Hand(RuleSet.preset(preset), seed=1, pass_direction=direction)
