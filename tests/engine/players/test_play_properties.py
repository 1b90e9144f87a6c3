"""Every level plays every preset legally to the end; determinism; no hidden card."""

from __future__ import annotations

import gc
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import PRESETS, Hand, RuleSet
from engine.players import LEVELS, HardPlayer, get_player, play_hand
from engine.players.hard import Knowledge
from engine.players.knowledge import memory_from_view
from engine.players.sampling import sample_deal
from engine.view import PlayerView

FAST = {"hard": {"budget": 300, "min_worlds": 2}}


def _player(level: str, seed: int):
    return get_player(level, seed=seed, **FAST.get(level, {}))


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("level", LEVELS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), hand_no=st.integers(0, 3))
def test_every_level_plays_every_preset_legally_to_the_end(level, preset, seed, hand_no):
    rules = RuleSet.preset(preset)
    rng = random.Random(seed)
    h = Hand.random(
        rules, rng, dealer=hand_no % rules.players, pass_direction=rules.pass_for(hand_no)
    )
    players = [_player(level, seed + s) for s in range(rules.players)]
    play_hand(h, players)  # checked pass and play: an illegal choice raises IllegalPlay
    assert h.is_over
    assert len(h.history) == rules.players * rules.tricks_per_hand


def test_a_kitty_and_a_scatter_pass_are_handled():
    rules = RuleSet.preset("club", kitty=4, players=4, pass_cycle=("scatter",))
    for seed in range(3):
        h = Hand.random(rules, random.Random(seed), pass_direction="scatter")
        play_hand(h, [_player(lv, seed) for lv in ("hard", "medium", "easy", "random")])
        assert h.is_over


def _play_with(level: str, seed: int, deal_seed: int) -> list[int]:
    rules = RuleSet.preset("club")
    h = Hand.random(rules, random.Random(deal_seed), pass_direction="left")
    play_hand(h, [_player(level, seed + s) for s in range(4)])
    return h.history


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_are_deterministic_given_the_seed(level):
    assert _play_with(level, 11, 5) == _play_with(level, 11, 5)


def test_hard_player_depends_on_its_seed():
    # different seeds sample different worlds; over a few hands some choice differs
    assert any(_play_with("hard", 1, d) != _play_with("hard", 2, d) for d in range(4))


def _reachable(obj, limit=20000):
    seen, stack, out = set(), [obj], []
    while stack and len(seen) < limit:
        o = stack.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        out.append(o)
        stack.extend(gc.get_referents(o))
    return out


def _redeal_hidden(h: Hand, seat: int, rng: random.Random) -> Hand:
    """The same hand from ``seat``'s chair, with the unseen cards dealt again at random
    consistently with everything the seat may know (same view, other hidden cards)."""
    view = h.view(seat)
    return Knowledge(view).world(view, rng)


def test_no_player_can_reach_hidden_cards():
    """A view references no ``Hand``; and two hands that differ only in cards the seat
    cannot see give the same view and the same decision at every level."""
    rules = RuleSet.preset("club")
    for deal_seed in range(6):
        h = Hand.random(rules, random.Random(deal_seed), pass_direction="hold")
        players = [get_player("medium") for _ in range(4)]
        for _ in range(5 + 7 * (deal_seed % 5)):  # stop somewhere in the hand
            play_hand_step(h, players)
        seat = h.turn
        view = h.view(seat)
        assert not any(isinstance(o, Hand) for o in _reachable(view))
        other = _redeal_hidden(h, seat, random.Random(deal_seed))
        assert [other.held[s] for s in range(4)] != [h.held[s] for s in range(4)]
        other_view = other.view(seat)
        assert _public(other_view) == _public(view)
        for level in LEVELS:
            a = get_player(level, seed=7, **FAST.get(level, {})).choose_play(view)
            b = get_player(level, seed=7, **FAST.get(level, {})).choose_play(other_view)
            assert a == b, level


def _public(view: PlayerView):
    # the deal order and the pass of a hold hand are the same information either way
    return (
        view.held,
        view.tricks,
        view.voids,
        view.points_taken,
        view.legal,
        view.turn,
        view.hearts_broken,
        view.tricks_won,
    )


def play_hand_step(h: Hand, players) -> None:
    seat = h.turn
    h.play(seat, players[seat].choose_play(h.view(seat)))


def test_table_agrees_with_the_engine_view():
    rules = RuleSet.preset("peppa")
    h = Hand.random(rules, random.Random(3))
    h.submit_passes([get_player("random", seed=s).choose_pass(h.view(s)) for s in range(4)])
    meds = [get_player("medium") for _ in range(4)]
    while not h.is_over:
        view = h.view(h.turn)
        t = memory_from_view(view)
        assert tuple(t.voids) == view.voids
        assert tuple(t.taken) == view.points_taken
        assert t.gone == view.played
        play_hand_step(h, meds)


def test_sampled_worlds_respect_the_knowledge():
    rules = RuleSet.preset("club")
    for deal_seed in range(5):
        h = Hand.random(rules, random.Random(deal_seed), pass_direction="left")
        h.submit_passes([get_player("medium").choose_pass(h.view(s)) for s in range(4)])
        meds = [get_player("medium") for _ in range(4)]
        for _ in range(20 + deal_seed * 4):
            play_hand_step(h, meds)
        view = h.view(h.turn)
        know = Knowledge(view)
        for i in range(20):
            w = know.world(view, random.Random(i))
            assert w.history == h.history and w.turn == h.turn
            assert w.held[view.seat] == view.held
            for s in range(4):
                assert w.held[s].bit_count() == h.held[s].bit_count()
                for suit in range(4):
                    if view.voids[s] >> suit & 1:
                        assert not w.held[s] & (0x1FFF << 13 * suit)
            for c, s in know_passed(view).items():
                assert w.held[s] >> c & 1


def know_passed(view):
    from engine.players.knowledge import passed_to

    return {c: s for c, s in passed_to(view).items() if not (view.played >> c) & 1}


def test_sample_deal_is_uniform_without_voids():
    # one card, three seats of sizes 1, 2, 3: it lands in each with chance 1/6, 2/6, 3/6
    counts = [0, 0, 0]
    rng = random.Random(1)
    unseen = sum(1 << c for c in (0, 14, 27, 40, 41, 42))
    for _ in range(6000):
        hands = sample_deal(rng, unseen, [1, 2, 3], [0, 0, 0])
        for i in range(3):
            if hands[i] & 1:
                counts[i] += 1
    assert abs(counts[0] - 1000) < 120 and abs(counts[1] - 2000) < 150


def test_sample_deal_rejects_impossible_voids():
    from engine.players.sampling import Inconsistent

    clubs = 0b111
    with pytest.raises(Inconsistent):
        sample_deal(random.Random(0), clubs, [2, 1], [1, 1])
    # feasible only if slot 0 takes both clubs, which slot 1 cannot take
    for seed in range(20):
        hands = sample_deal(random.Random(seed), 0b11 | 0b11 << 13, [2, 2], [0, 1])
        assert hands == [0b11, 0b11 << 13]


def test_hard_budget_settings_are_validated():
    with pytest.raises(ValueError):
        HardPlayer(budget=0)
    with pytest.raises(ValueError):
        get_player("grandmaster")
