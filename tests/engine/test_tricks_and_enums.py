"""One definition per rule: the trick winner (002 §4), pass directions, the moon's
scorings; the option enums stay plain strings to callers and in records; the
checked path's cached legal mask."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS, Hand, IllegalPlay, Phase, Reason, RuleSet
from engine.autoplay import random_pass, random_playout
from engine.cards import BIT, CODES, SUIT_MASK, cards_of, mask_of_cards, parse_card, scan_forward
from engine.handcheck import check_points
from engine.players.knowledge import TableMemory, rules_info
from engine.record import record_of
from engine.rules import (
    PASS_DIRECTIONS,
    FirstLead,
    MoonChoice,
    MoonRule,
    PassDirection,
    TiePolicy,
    pass_direction_problem,
    pass_targets,
)
from engine.scoring import forced_choice, moon_points, possible_scores, score_hand
from engine.tricks import trick_winner, winning_card

presets = st.sampled_from(sorted(PRESETS))
seeds = st.integers(min_value=0, max_value=2**32)
SETTINGS = settings(max_examples=60, deadline=None)


def spec_winner(leader, cards, next_seat):
    """002 §4 read literally: the highest card of the suit led takes the trick."""
    suit = cards[0] // 13
    seats = [leader]
    for _ in cards[1:]:
        seats.append(next_seat[seats[-1]])
    best = max(c for c in cards if c // 13 == suit)
    return seats[cards.index(best)]


# -- the trick winner ---------------------------------------------------------------
def test_winning_card_is_the_highest_card_of_the_suit_led():
    qs, ks, ah, two_s = (parse_card(c) for c in ("QS", "KS", "AH", "2S"))
    assert winning_card(BIT[qs] | BIT[ah] | BIT[two_s], qs) == qs
    assert winning_card(BIT[qs] | BIT[ks] | BIT[ah], qs) == ks
    assert winning_card(BIT[two_s], two_s) == two_s  # a trick in progress: its lead so far


def test_trick_winner_follows_the_order_of_play():
    cards = [parse_card(c) for c in ("5C", "KC", "AH", "TC")]
    assert trick_winner(2, cards, (1, 2, 3, 0)) == 3  # clockwise: 2, 3, 0, 1
    assert trick_winner(2, cards, (3, 0, 1, 2)) == 1  # counterclockwise: 2, 1, 0, 3
    assert trick_winner(0, cards[:1], (1, 2, 3, 0)) == 0


@SETTINGS
@given(presets, seeds, st.integers(0, 3))
def test_every_trick_of_a_hand_goes_to_the_one_definition(name, seed, hand_index):
    r = RuleSet.preset(name)
    rng = random.Random(seed)
    h = random_playout(
        Hand(r, rng=rng, dealer=hand_index % r.players, pass_direction=r.pass_for(hand_index)), rng
    )
    for (leader, cards), w in zip(h.tricks(), h.winners, strict=True):
        assert (
            trick_winner(leader, cards, r.next_seat) == w == spec_winner(leader, cards, r.next_seat)
        )


@SETTINGS
@given(presets, seeds)
def test_the_players_memory_and_the_hand_agree_card_by_card(name, seed):
    r = RuleSet.preset(name)
    rng = random.Random(seed)
    h = Hand(r, rng=rng, pass_direction="hold")
    t = TableMemory(rules_info(r))
    while not h.is_over:
        seat = h.turn
        card = rng.choice(h.legal_moves(seat))
        t.push(seat, card)
        if t.trick:
            assert h.trick_n + 1 == len(t.trick)
            leader = t.trick[0][0]
            assert t.win_seat == trick_winner(leader, [c for _, c in t.trick], r.next_seat)
            assert t.win_card == winning_card(t.trick_cards, t.trick[0][1])
        h.play(seat, card)
        if h.trick_n:
            assert h.best == t.win_card and h.lead_suit == t.lead_suit
        else:
            assert h.best == -1 and h.lead_suit == -1 and not t.trick
            assert t.trick_no == h.trick_no


# -- the checked path's cached legal mask ------------------------------------------------
@SETTINGS
@given(presets, seeds)
def test_play_after_legal_moves_accepts_exactly_those_cards(name, seed):
    r = RuleSet.preset(name)
    rng = random.Random(seed)
    h = Hand(r, rng=rng, pass_direction="hold")
    while not h.is_over:
        seat = h.turn
        moves = h.legal_moves(seat)
        assert moves == cards_of(h.legal_mask())
        for probe in rng.sample(range(52), 6) + moves[:1]:
            trial = h.copy()  # shares the cached mask: it must still be right there
            try:
                trial.play(seat, probe)
                assert probe in moves
                assert trial.legal_moves() == cards_of(trial.legal_mask())
            except IllegalPlay:
                assert probe not in moves
        h.play(seat, rng.choice(moves))


def test_an_illegal_card_after_legal_moves_keeps_its_reason_and_message():
    h = Hand(RuleSet.preset("club"), seed=4, pass_direction="hold")
    seat = h.turn
    h.legal_moves(seat)
    other = next(c for c in range(52) if h.held[seat] >> c & 1 and c != parse_card("2C"))
    with pytest.raises(IllegalPlay) as e:
        h.play(seat, other)
    assert e.value.reason is Reason.MUST_LEAD_LOWEST_CLUB
    assert e.value.message == f"seat {seat} must lead 2C, not {CODES[other]}"
    with pytest.raises(IllegalPlay) as e:
        h.play((seat + 1) % 4, "2C")
    assert e.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(ValueError, match="not a card"):
        h.play(seat, 52)
    with pytest.raises(ValueError, match="seat must be"):
        h.play(True, "2C")
    h.play(seat, "2c")  # a code takes the full check and plays
    assert h.history == [parse_card("2C")]


def test_submit_pass_refuses_in_the_same_order_with_numbers_or_codes():
    h = Hand(RuleSet.preset("club"), seed=9, pass_direction="left")
    mine = list(h.deal[0])
    with pytest.raises(IllegalPlay) as e:
        h.submit_pass(0, [mine[0], mine[0], mine[1]])
    assert e.value.reason is Reason.DUPLICATE_CARD
    assert e.value.message == f"seat 0 passes {CODES[mine[0]]} twice"
    theirs = h.deal[1][0]
    with pytest.raises(IllegalPlay) as e:
        h.submit_pass(0, [mine[0], CODES[theirs], mine[1]])
    assert e.value.reason is Reason.CARD_NOT_HELD and e.value.card == theirs
    with pytest.raises(IllegalPlay) as e:
        h.submit_pass(0, mine[:2])
    assert e.value.reason is Reason.WRONG_PASS_COUNT
    with pytest.raises(ValueError, match="unknown card code"):
        h.submit_pass(0, [mine[0], "ZZ", mine[1]])
    with pytest.raises(ValueError, match="seat must be"):
        h.submit_pass(4, mine[:3])
    h.submit_pass(0, (CODES[c] for c in mine[:3]))  # a generator of codes
    assert h.passes[0] == tuple(mine[:3])


# -- enums: members are the strings ----------------------------------------------------------
def test_phase_and_directions_compare_format_and_serialise_as_strings():
    h = Hand(RuleSet.preset("club"), seed=1, pass_direction="left")
    assert h.phase == "pass" and h.phase is Phase.PASS and f"{h.phase}" == "pass"
    assert h.pass_direction == "left" and h.pass_direction is PassDirection.LEFT
    assert str(h.pass_direction) == "left" and json.dumps(h.phase) == '"pass"'
    for seat in range(4):
        h.submit_pass(seat, random_pass(h, seat, random.Random(seat)))
    assert h.phase == "play" and not h.is_over
    random_playout(h, random.Random(2))
    assert h.phase == "over" and h.is_over
    rec = record_of(h)
    assert type(rec["pass"]) is str and rec["pass"] == "left"
    assert json.loads(json.dumps(rec)) == rec
    assert "pass_direction='left'" in repr(h)


def test_rule_options_are_members_and_to_json_gives_plain_strings():
    r = RuleSet.preset("club", moon="self", pass_cycle=["left", "hold"], tie="play_on")
    assert r.moon is MoonRule.SELF and r.moon == "self"
    assert r.pass_cycle == (PassDirection.LEFT, PassDirection.HOLD) == ("left", "hold")
    assert r.tie is TiePolicy.PLAY_ON and r.first_lead is FirstLead.LOWEST_CLUB
    j = r.to_json()
    assert j == {"preset": "club", "pass_cycle": ["left", "hold"], "moon": "self", "tie": "play_on"}
    assert all(type(v) is str for v in j["pass_cycle"]) and type(j["moon"]) is str
    assert RuleSet.from_json(json.loads(json.dumps(j))) == r
    assert hash(RuleSet.preset("club", moon=MoonRule.SELF)) == hash(
        RuleSet.preset("club", moon="self")
    )
    assert repr(r) == (
        "RuleSet.preset('club', pass_cycle=['left', 'hold'], moon='self', tie='play_on')"
    )
    assert r.pass_for(1) is PassDirection.HOLD
    with pytest.raises(ValueError, match="moon: 'sometimes' is not one of off, others"):
        RuleSet.preset("club", moon="sometimes")


def test_rule_set_preset_is_the_constructor_on_the_class_and_the_name_on_an_instance():
    assert RuleSet().preset == "club" and RuleSet().to_json() == "club"
    assert RuleSet.preset("spot").preset == "spot" == PRESETS["spot"].preset
    assert RuleSet.from_preset("omnibus") is PRESETS["omnibus"]


# -- pass directions: one definition ----------------------------------------------------------
@pytest.mark.parametrize(
    "direction, players, size, problem",
    [
        ("across", 3, 3, "'across' needs 4 players"),
        ("left2", 4, 3, "'left2' needs 5 players"),
        ("scatter", 4, 4, "'scatter' needs pass_size divisible by 3"),
        (
            "sideways",
            4,
            3,
            ("'sideways' is not one of left, right, across, left2, right2, hold, scatter, mix"),
        ),
        ("across", 4, 3, None),
        ("scatter", 4, 3, None),
        ("right2", 5, 3, None),
    ],
)
def test_pass_direction_problem(direction, players, size, problem):
    assert pass_direction_problem(direction, players, size) == problem


def test_pass_direction_problems_are_the_same_for_rule_sets_and_hands():
    with pytest.raises(ValueError, match="pass_cycle: 'across' needs 4 players"):
        RuleSet.preset("three_player", pass_cycle=["across"])
    with pytest.raises(ValueError, match="pass direction 'across' needs 4 players"):
        Hand(RuleSet.preset("three_player"), seed=1, pass_direction="across")
    with pytest.raises(ValueError, match="unknown pass direction 'up'"):
        Hand(RuleSet.preset("club"), seed=1, pass_direction="up")


def test_pass_targets_of_every_direction():
    assert pass_targets("left", 3, 4, 3) == [0, 0, 0]
    assert pass_targets(PassDirection.RIGHT, 0, 4, 3) == [3, 3, 3]
    assert pass_targets("across", 1, 4, 3) == [3, 3, 3]
    assert pass_targets("right2", 1, 5, 3) == [4, 4, 4]
    assert pass_targets("scatter", 2, 4, 3) == [3, 0, 1]
    for d in ("hold", "mix"):
        with pytest.raises(ValueError, match=f"no pass targets for direction '{d}'"):
            pass_targets(PassDirection(d), 0, 4, 3)
    assert len(PASS_DIRECTIONS) == 8


# -- the moon: one definition shared by scoring and the arbiter's check ---------------------------
def test_moon_points_and_the_forced_choice():
    assert moon_points(1, [0, -10, 0, 0], 26) == ((26, -10, 26, 26), (0, -36, 0, 0))
    club, pagat = PRESETS["club"], PRESETS["pagat"]
    assert forced_choice(club, 0, (0, 26, 26, 26), None) is MoonChoice.OTHERS
    assert forced_choice(pagat, 0, (0, 26, 26, 26), None) is None
    unless = RuleSet.preset("club", moon="others_unless_loses")
    assert forced_choice(unless, 0, (0, 26, 26, 26), None) is None
    assert forced_choice(unless, 0, (0, 26, 26, 26), [90, 60, 80, 80]) is MoonChoice.SELF
    assert forced_choice(unless, 0, (0, 26, 26, 26), [0, 10, 10, 10]) is MoonChoice.OTHERS


@SETTINGS
@given(presets, seeds)
def test_every_score_the_engine_allows_passes_the_arbiters_check(name, seed):
    r = RuleSet.preset(name)
    rng = random.Random(seed)
    h = random_playout(Hand(r, rng=rng, pass_direction="hold"), rng)
    for s in possible_scores(r, h.won, h.tricks_won):
        assert check_points(r, s.points) in ("normal", "moon", "sun")
        assert s.moon_choice in (None, "self", "others")
    assert score_hand(r, h.won, h.tricks_won).points in {
        s.points for s in possible_scores(r, h.won, h.tricks_won)
    }


# -- the card tables --------------------------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(st.integers(0, (1 << 52) - 1))
def test_cards_of_and_mask_of_cards(mask):
    cards = cards_of(mask)
    assert cards == list(scan_forward(mask))
    assert mask_of_cards(cards) == mask
    for s in range(4):
        assert mask_of_cards([c for c in cards if c // 13 == s]) == mask & SUIT_MASK[s]
