"""Writes to tables and hands: record a hand, correct it, close a game.

Every write runs in one transaction with the table's row locked
(``select_for_update``) and raises the table's ``version``, so two arbiters
(or two clicks) can never record the same hand twice or overwrite each other
(pass ``expected_version`` for optimistic locking). Errors are
``tournaments.scoring.ScoringError`` with a readable message; nothing is
written when one is raised.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import rulesets, scoring
from tournaments.scoring import GameOverError, ScoringError

from .models import Hand, HandScore, Penalty, Seat, Table


class StaleTableError(ScoringError):
    """The table changed since the caller read it (another arbiter saved first)."""


@dataclass(frozen=True)
class GameState:
    """A table's game as plain data.

    totals: per-seat penalty totals, seat order; hands: hands recorded;
    over: the game has ended; next_dealer / next_pass: of the next hand.
    """

    players: int
    totals: tuple[int, ...]
    hands: int
    over: bool
    next_dealer: int
    next_pass: str


def _seats(table: Table) -> list[Seat]:
    seats = list(table.seats.order_by("position"))
    if len(seats) not in scoring.TABLE_SIZES:
        raise ScoringError(_("%(table)s has %(count)s seats; a table has 3, 4 or 5") % {"table": table, "count": len(seats)})
    return seats


def _totals(table: Table, seats: Sequence[Seat]) -> list[int]:
    sums = dict(
        HandScore.objects.filter(hand__table=table).values_list("seat_id").annotate(total=Sum("points"))
    )
    return [sums.get(seat.id, 0) or 0 for seat in seats]


def game_state(table: Table) -> GameState:
    """The current state of a table's game (3 queries)."""
    tournament = table.round.tournament
    seats = _seats(table)
    totals = _totals(table, seats)
    hands = table.hands.count()
    n = len(seats)
    over = scoring.is_game_over(totals, hands, tournament.scoring_rules(), closed=table.closed_by_arbiter)
    return GameState(
        players=n, totals=tuple(totals), hands=hands, over=over,
        next_dealer=rulesets.dealer(n, hands + 1),
        next_pass=rulesets.pass_direction(tournament.rules, n, hands + 1),
    )


def _lock(table: Table, expected_version: int | None) -> Table:
    locked = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    if expected_version is not None and locked.version != expected_version:
        raise StaleTableError(
            _("%(table)s was changed by someone else (version %(version)s, you had %(yours)s); "
              "reload it and enter the hand again")
            % {"table": locked, "version": locked.version, "yours": expected_version}
        )
    return locked


def _bump(table: Table) -> None:
    table.version += 1
    table.save(update_fields=["version"])


def _sync(caller: Table, locked: Table) -> None:
    """Give the caller's instance the saved state, so it can be used for the next call."""
    caller.version = locked.version
    caller.closed_by_arbiter = locked.closed_by_arbiter
    caller.result_confirmed_at = locked.result_confirmed_at


def _entered_points(
    table: Table, n: int, points: Sequence[int] | None, penalty_offender: int | None, penalty_reason: str,
    rules: scoring.ScoringRules,
) -> list[int]:
    """The points a hand will get: a penalty's (002, with a reason), or the ones given, one per seat."""
    if penalty_offender is not None:
        if not penalty_reason.strip():
            raise ScoringError(_("a penalty needs a reason"))
        return scoring.penalty_points(penalty_offender, n, rules)
    if points is None or len(points) != n:
        raise ScoringError(
            _("%(table)s has %(count)s seats; got %(got)s scores")
            % {"table": table, "count": n, "got": 0 if points is None else len(points)}
        )
    return list(points)


def record_hand(
    table: Table,
    points: Sequence[int] | None,
    *,
    penalty_offender: int | None = None,
    penalty_reason: str = "",
    source: str = Hand.Source.ARBITER,
    record: dict | None = None,
    user=None,
    expected_version: int | None = None,
) -> Hand:
    """Record the next hand of a table's game.

    points: per-seat penalty points in seat order (ignored and may be None
    when ``penalty_offender`` is given: the hand is then scored as a penalty,
    002 "Errori e penalità", and ``penalty_reason`` is kept).
    Raises ``ScoringError`` when the points do not add up (002 §5-6), the
    seat count is wrong, the table is played via the engine and the hand does
    not come from it, ``GameOverError`` when the game has already ended
    (002 §15), ``StaleTableError`` when ``expected_version`` is stale.
    """
    caller = table
    with transaction.atomic():
        table = _lock(table, expected_version)
        tournament = table.round.tournament
        rules = tournament.scoring_rules()
        seats = _seats(table)
        n = len(seats)
        totals = _totals(table, seats)
        hands = table.hands.count()
        if scoring.is_game_over(totals, hands, rules, closed=table.closed_by_arbiter):
            raise GameOverError(_("the game at %(table)s has ended after hand %(hands)s; no further hand can be recorded") % {"table": table, "hands": hands})
        if table.mode == Table.Mode.ENGINE and source != Hand.Source.ENGINE:
            raise ScoringError(
                _("%(table)s is played via the engine: its hands are recorded by the engine, not entered")
                % {"table": table}
            )
        points = _entered_points(table, n, points, penalty_offender, penalty_reason, rules)
        if penalty_offender is None:
            scoring.check_hand(points, rules, totals)
        number = hands + 1
        hand = Hand.objects.create(
            table=table, number=number, dealer=rulesets.dealer(n, number),
            pass_direction=rulesets.pass_direction(tournament.rules, n, number),
            source=source, record=record, recorded_by=user,
        )
        floor = scoring.points_floor(n, rules)
        for seat, p in zip(seats, points):
            HandScore.objects.create(hand=hand, seat=seat, points=p, floor=floor)
        if penalty_offender is not None:
            Penalty.objects.create(hand=hand, offender=seats[penalty_offender], reason=penalty_reason.strip(), recorded_by=user)
        _bump(table)
    _sync(caller, table)
    return hand


def correct_hand(
    hand: Hand,
    points: Sequence[int] | None,
    *,
    reason: str,
    penalty_offender: int | None = None,
    penalty_reason: str = "",
    user=None,
    expected_version: int | None = None,
) -> Hand:
    """Replace the points of an already recorded hand, keeping the trail.

    The old values stay in the audit history (django-simple-history) with
    ``reason`` as the change reason. The corrected hand must still add up,
    and a correction that would make an earlier hand end the game while later
    hands exist is refused. Raises ``ScoringError`` / ``StaleTableError``.
    """
    if not reason.strip():
        raise ScoringError(_("a correction needs a reason"))
    if hand.source == Hand.Source.ENGINE:
        raise ScoringError(_("hand %(number)s was played via the engine; its record is final") % {"number": hand.number})
    caller = hand.table
    with transaction.atomic():
        table = _lock(caller, expected_version)
        tournament = table.round.tournament
        rules = tournament.scoring_rules()
        seats = _seats(table)
        n = len(seats)
        points = _entered_points(table, n, points, penalty_offender, penalty_reason, rules)
        rows = {s.seat_id: s for s in HandScore.objects.select_for_update().filter(hand=hand)}
        index = {seat.id: i for i, seat in enumerate(seats)}
        by_hand: dict[int, list[int]] = {}
        for number, seat_id, p in HandScore.objects.filter(hand__table=table).exclude(hand=hand).values_list(
            "hand__number", "seat_id", "points"
        ):
            by_hand.setdefault(number, [0] * n)[index[seat_id]] = p
        by_hand[hand.number] = list(points)
        totals = [0] * n
        numbers = sorted(by_hand)
        for i, number in enumerate(numbers):
            if number == hand.number and penalty_offender is None:
                scoring.check_hand(points, rules, totals)
            totals = [t + p for t, p in zip(totals, by_hand[number])]
            if i < len(numbers) - 1 and scoring.is_game_over(totals, i + 1, rules):
                raise ScoringError(
                    _("with this correction the game would have ended after hand %(number)s, "
                      "but %(later)s later hand(s) are recorded")
                    % {"number": number, "later": len(numbers) - i - 1}
                )
        change = reason.strip()
        for seat, p in zip(seats, points):
            row = rows[seat.id]
            if row.points != p:
                row.points = p
                row._change_reason = change
                row.save(update_fields=["points"])
        existing = Penalty.objects.filter(hand=hand).first()
        if penalty_offender is not None:
            if existing is None:
                Penalty.objects.create(hand=hand, offender=seats[penalty_offender], reason=penalty_reason.strip(), recorded_by=user)
            else:
                existing.offender = seats[penalty_offender]
                existing.reason = penalty_reason.strip()
                existing._change_reason = change
                existing.save(update_fields=["offender", "reason"])
        elif existing is not None:
            existing._change_reason = change
            existing.delete()
        hand._change_reason = change
        hand.recorded_by = user
        hand.save(update_fields=["recorded_by"])
        _bump(table)
    _sync(caller, table)
    return hand


def close_game(table: Table, *, user=None, expected_version: int | None = None) -> Table:
    """The arbiter ends a table's game when time is up; its hands so far are final. Idempotent."""
    caller = table
    with transaction.atomic():
        table = _lock(table, expected_version)
        if not table.hands.exists():
            raise ScoringError(_("%(table)s has no hand recorded; a game cannot end before its first hand") % {"table": table})
        if not table.closed_by_arbiter:
            table.closed_by_arbiter = True
            table.version += 1
            table.save(update_fields=["closed_by_arbiter", "version"])
    _sync(caller, table)
    return caller


def confirm_result(table: Table, *, user=None) -> Table:
    """The arbiter confirms the table result of an ended game. Raises ``ScoringError`` if it has not ended."""
    caller = table
    with transaction.atomic():
        table = _lock(table, None)
        if not game_state(table).over:
            raise ScoringError(_("the game at %(table)s has not ended yet") % {"table": table})
        if table.result_confirmed_at is None:
            table.result_confirmed_at = timezone.now()
            table.version += 1
            table.save(update_fields=["result_confirmed_at", "version"])
    _sync(caller, table)
    return caller
