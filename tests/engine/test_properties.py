"""Property tests (hypothesis): random legal play over every preset."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS, Hand, RuleSet
from engine.autoplay import random_playout
from engine.record import record_of, replay

presets = st.sampled_from(sorted(PRESETS))
seeds = st.integers(min_value=0, max_value=2**32)
SETTINGS = settings(max_examples=80, deadline=None)


@SETTINGS
@given(presets, seeds, st.integers(0, 3))
def test_random_legal_play_finishes_every_card_once(name, seed, hand_index):
    r = RuleSet.preset(name)
    rng = random.Random(seed)
    h = Hand(r, rng=rng, dealer=hand_index % r.players, pass_direction=r.pass_for(hand_index))
    random_playout(h, rng)
    assert h.is_over
    assert len(h.history) == len(set(h.history)) == r.players * r.cards_per_seat
    assert len(h.winners) == r.tricks_per_hand
    taken = 0
    for m in h.won:
        assert not taken & m
        taken |= m
    assert taken == r.deck_mask  # tricks and kitty: every card once
    pts = h.result.points
    if h.result.shooter is None:
        assert sum(pts) == r.hand_total
    else:
        amount = r.moon_total * (2 if h.result.sun else 1)
        bonus = r.hand_total - r.moon_total
        assert sum(pts) in ((r.players - 1) * amount + bonus, -amount + bonus)


@SETTINGS
@given(presets, seeds)
def test_checked_play_accepts_exactly_the_legal_cards(name, seed):
    r = RuleSet.preset(name)
    rng = random.Random(seed)
    h = Hand(r, rng=rng, pass_direction="hold")
    while not h.is_over:
        legal = h.legal_mask()
        assert legal and legal & ~h.held[h.turn] == 0
        probe = rng.randrange(52)
        trial = h.copy()
        try:
            trial.play(h.turn, probe)
            assert legal >> probe & 1
        except ValueError:
            assert not legal >> probe & 1
        h.play(h.turn, rng.choice(h.legal_moves()))


@SETTINGS
@given(presets, seeds, st.integers(0, 3))
def test_replay_of_record_is_the_same_hand(name, seed, hand_index):
    r = RuleSet.preset(name)
    rng = random.Random(seed)
    h = random_playout(Hand(r, rng=rng, pass_direction=r.pass_for(hand_index)), rng)
    res = replay(record_of(h))
    assert res.ok and res.hand == h
