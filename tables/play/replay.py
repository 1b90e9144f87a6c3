"""Rebuild a table's live hand from its deal and its events (reads only; issue 7).

An engine-played table's hand is never stored as such: ``PlayState`` keeps the
deal of the hand being played and ``PlayEvent`` rows its passes and plays, in
order; the engine replays them. The writes (``services``) and the reads
(``selectors``: the boards) both use this module, so there is one definition
of a table's engine rule set, of applying an event and of whose turn it is.

Naming in ``tables.play``: the engine's hand is ``EngineHand``
(``engine.hand.Hand``); ``Hand`` is the recorded hand's row
(``tables.models.Hand``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Self

from engine.hand import Hand as EngineHand
from engine.rules import RuleSet

from ..models import PlayEvent, PlayState, Table


class EngineClock:
    """Seconds spent inside the engine: deals, rebuilds, legality, computer players, records.

    A context manager (``with EngineClock(): ...``) adding the time of its block
    to the class-wide ``EngineClock.seconds``; ``bench/simulate.py`` reads it to
    split end-to-end time into engine and database/framework shares. Costs two
    ``perf_counter`` calls per block. Not re-entrant: do not nest blocks.
    """

    seconds = 0.0

    def __enter__(self) -> Self:
        self._t0 = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> bool:
        EngineClock.seconds += time.perf_counter() - self._t0
        return False


def engine_rules(table: Table, players: int) -> RuleSet:
    """The engine rule set of ``table`` (its tournament's, for ``players`` seats, 3..5): the one
    the score sheet checks hands with (``ScoringRules.table_rules``). ``table`` with its round and
    tournament loaded, or this costs 2 queries."""
    return table.round.tournament.scoring_rules().table_rules(players)


def new_hand(rules: RuleSet, state: PlayState) -> EngineHand:
    """The hand of ``state`` as dealt, before any event (no query).

    Built from the stored deal, kitty and seed, exactly as ``rebuild`` starts:
    a hand kept in memory must equal the one rebuilt from the events (the seed
    drives the "mix" pass's shuffle). Raises ``engine.hand.DealError`` for a
    stored deal the rules refuse (a corrupt row).
    """
    return EngineHand(
        rules,
        deal=state.deal,
        kitty=state.kitty or None,
        dealer=state.dealer,
        pass_direction=state.pass_direction,
        seed=state.seed,
        scores_before=state.scores_before or None,
    )


def apply_event(hand: EngineHand, kind: str, seat: int, cards: Sequence[str]) -> None:
    """Apply one stored event to ``hand``: a pass (``kind`` "pass", the seat's card codes) or a
    play ("play", one code). Raises ``engine.hand.IllegalPlay`` if it does not fit the hand."""
    if kind == PlayEvent.Kind.PASS:
        hand.submit_pass(seat, cards)
    else:
        hand.play(seat, cards[0])


def rebuild(state: PlayState, *, rules: RuleSet | None = None) -> EngineHand:
    """The hand being played at ``state``'s table, rebuilt from its deal and its events.

    rules: the table's engine rule set when the caller has it (else read
    through ``state.table``, which should come with its round and tournament).
    One query for the events (none before the first). Raises
    ``engine.hand.IllegalPlay`` if a stored event does not fit (a corrupt log).
    """
    if rules is None:
        rules = engine_rules(state.table, len(state.deal))
    with EngineClock():
        hand = new_hand(rules, state)
    if not state.events:
        return hand
    events = list(
        PlayEvent.objects.filter(table_id=state.table_id, hand_number=state.hand_number)
        .order_by("sequence")
        .values_list("kind", "seat", "cards")
    )
    with EngineClock():
        for kind, seat, cards in events:
            apply_event(hand, kind, seat, cards)
    return hand


def to_act(hand: EngineHand) -> list[int]:
    """Seats that must act now: every seat yet to pass (seat order), or the seat to play; [] once
    the hand is over."""
    if hand.phase == "pass":
        return [s for s in range(hand.n) if hand.passes[s] is None]
    if hand.phase == "play":
        return [hand.turn]
    return []


def turn_key(state: PlayState, hand: EngineHand) -> int:
    """The version that keys the current turn (a task carries it; idempotence): the deal's
    (``hand_version``) during the pass, when every seat acts at once, else the state's."""
    return state.hand_version if hand.phase == "pass" else state.version
