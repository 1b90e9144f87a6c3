"""Writes to tables and hands: record a hand, correct it, close a game, confirm and reopen a result.

These functions are the only code that writes hands, hand scores, penalties,
game closes and confirmations; views, commands, online play and the admin all
call them, and each enforces every rule itself, whoever calls it:

- the tournament is finished, the round locked or the table result confirmed
  → ``ResultFinalError`` (the organizer can reopen each, with a reason);
- an engine-played table takes hands from the engine only, an arbiter's table
  from people only → ``EnginePlayedError``;
- the game is over → ``GameOverError``; a stale ``expected_version``
  (someone else saved first) → ``StaleTableError``;
- the same hand sent twice (``number`` given) gives back the hand already
  recorded, never a second row; other points for an existing number →
  ``HandConflictError``;
- points the rules refuse (``tournaments.scoring.check_hand``) → ``ScoringError``.

Every write runs in one transaction with the table's row locked
(``select_for_update``) and raises the table's ``version``. Every write names
its ``actor`` (``tournaments.audit.Actor``: a user, the command line or the
engine), kept with the reason of corrections and reopenings in the audit
history. Errors are ``ScoringError`` subclasses with a translated message;
nothing is written when one is raised.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, partial

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import rulesets, scoring
from tournaments.audit import Actor, ActorKind, copy_to_history, stamp
from tournaments.models import Round
from tournaments.scoring import GameOverError, ScoringError

from .models import Hand, HandScore, Penalty, Seat, Table
from .sheet import GameState, final_reason, game_state  # noqa: F401 (reads, re-exported for the writers' callers)


class StaleTableError(ScoringError):
    """The table changed since the caller read it (another arbiter saved first)."""


class ResultFinalError(ScoringError):
    """The table's result is final: tournament finished, round locked or result confirmed."""


class EnginePlayedError(ScoringError):
    """A hand by hand at an engine-played table, or an engine hand at an arbiter's table."""


class HandConflictError(ScoringError):
    """A hand number already recorded with other points (two arbiters entered the same hand
    differently)."""


def _seats(table: Table) -> list[Seat]:
    seats = list(table.seats.order_by("position"))
    if len(seats) not in scoring.TABLE_SIZES:
        raise ScoringError(
            _("%(table)s has %(count)s seats; a table has 3, 4 or 5")
            % {"table": table, "count": len(seats)}
        )
    return seats


def _totals(table: Table, seats: Sequence[Seat]) -> list[int]:
    sums = dict(
        HandScore.objects.filter(hand__table=table)
        .values_list("seat_id")
        .annotate(total=Sum("points"))
    )
    return [sums.get(seat.id, 0) or 0 for seat in seats]


def _lock(table: Table, expected_version: int | None = None) -> Table:
    """The table's row, locked until the transaction ends, with its round and tournament as they are
    now.

    Only the table row is locked (``of=("self",)``): arbiters of other tables
    never wait for each other. The round and tournament are read after the
    lock is held, so a round locked or a tournament finished meanwhile is seen.
    """
    locked = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
    # Not joined to the locking query: its joined rows would be those read before any wait for the
    # lock.
    locked.round = Round.objects.select_related("tournament").get(pk=locked.round_id)
    _check_version(locked, expected_version)
    return locked


def _check_version(table: Table, expected_version: int | None) -> None:
    if expected_version is not None and table.version != expected_version:
        raise StaleTableError(
            _(
                "%(table)s was changed by someone else (version %(version)s, you had %(yours)s); "
                "reload it and enter the hand again"
            )
            % {"table": table, "version": table.version, "yours": expected_version}
        )


def _require_open(table: Table) -> None:
    reason = final_reason(table)
    if reason is not None:
        raise ResultFinalError(reason)


def _require_source(table: Table, actor: Actor) -> None:
    engine_table = table.mode == Table.Mode.ENGINE
    if engine_table and actor.kind != ActorKind.ENGINE:
        raise EnginePlayedError(
            _(
                "%(table)s is played via the engine: its hands are recorded by the engine, not "
                "entered"
            )
            % {"table": table}
        )
    if not engine_table and actor.kind == ActorKind.ENGINE:
        raise EnginePlayedError(_("%(table)s is not played via the engine") % {"table": table})


def _bump(table: Table, actor: Actor, reason: str = "", fields: Sequence[str] = ()) -> None:
    """Raise the table's version and save it with ``fields`` (one history record naming
    ``actor``)."""
    table.version += 1
    stamp(table, actor, reason)
    table.save(update_fields=["version", *fields])


def _sync(caller: Table, locked: Table) -> None:
    """Give the caller's instance the saved state, so it can be used for the next call."""
    caller.version = locked.version
    caller.closed_by_arbiter = locked.closed_by_arbiter
    caller.result_confirmed_at = locked.result_confirmed_at


def _entered_points(
    table: Table,
    n: int,
    points: Sequence[int] | None,
    penalty_offender: int | None,
    penalty_reason: str,
    rules: scoring.ScoringRules,
) -> list[int]:
    """The points a hand will get: a penalty's (002, with a reason), or the ones given, one per
    seat."""
    if penalty_offender is not None:
        if not penalty_reason.strip():
            raise ScoringError(_("a penalty needs a reason"))
        return scoring.penalty_points(penalty_offender, n, rules)
    if points is None or len(points) != n:
        raise ScoringError(
            ngettext(
                "%(table)s has %(count)s seats; got %(got)s score",
                "%(table)s has %(count)s seats; got %(got)s scores",
                0 if points is None else len(points),
            )
            % {"table": table, "count": n, "got": 0 if points is None else len(points)}
        )
    return list(points)


def _recorded(hand: Hand, seats: Sequence[Seat]) -> tuple[list[int], int | None]:
    """A recorded hand's per-seat points (seat order) and its penalty offender's seat index, or
    None."""
    by_seat = dict(HandScore.objects.filter(hand=hand).values_list("seat_id", "points"))
    offender = Penalty.objects.filter(hand=hand).values_list("offender_id", flat=True).first()
    index = {seat.id: i for i, seat in enumerate(seats)}
    return [by_seat.get(seat.id) for seat in seats], index.get(
        offender
    ) if offender is not None else None


@dataclass(frozen=True)
class NewHand:
    """One hand to record.

    points: per-seat penalty points, seat order; or, for a penalty (002
    "Errori e penalità"), ``penalty_offender`` (a seat index) with its
    ``penalty_reason``, and points None. record: the engine's hand record
    (engine-played tables only).
    """

    points: Sequence[int] | None = None
    penalty_offender: int | None = None
    penalty_reason: str = ""
    record: dict | None = None


@dataclass(frozen=True)
class TableHands:
    """Consecutive hands for one table: the first is hand ``first_number`` (None: the next one)."""

    table: Table
    hands: Sequence[NewHand]
    first_number: int | None = None
    expected_version: int | None = None


def record_hand(
    table: Table,
    points: Sequence[int] | None,
    *,
    actor: Actor,
    number: int | None = None,
    penalty_offender: int | None = None,
    penalty_reason: str = "",
    record: dict | None = None,
    expected_version: int | None = None,
    locked: bool = False,
) -> Hand:
    """Record the next hand of a table's game.

    points: per-seat penalty points in seat order (ignored and may be None
    when ``penalty_offender``, a seat index, is given: the hand is then scored
    as a penalty, 002 "Errori e penalità", and ``penalty_reason`` is kept).
    actor: who records it; the engine (``tournaments.audit.ENGINE``) at an
    engine-played table, with its hand ``record``, people elsewhere.
    number: the hand number the caller means (1..); when that hand is already
    recorded with the same points (a double click, a resent request, a second
    identical entry) it is returned with ``hand.created`` False and nothing is
    written. Without it, the next hand.
    Returns the Hand (``hand.created`` True when written now; a hand written
    now also has ``points``, per seat, ``new``, the ``NewHand`` it records,
    and ``table`` as saved, with its new version).
    locked: the caller already holds ``table``'s row lock in the transaction
    it has open, and read ``table`` (with its round and tournament) after
    taking it (``tables.entries``): that instance is used as it is, without
    locking and reading it again, and the caller's transaction is the one
    written in (an error leaves it to the caller to roll back).
    Raises ``ResultFinalError``, ``EnginePlayedError``, ``HandConflictError``
    (``number`` recorded with other points), ``StaleTableError``,
    ``GameOverError`` (002 §15), ``ScoringError`` (the points, the seat count,
    a number that is not the next one).
    """
    new = NewHand(points, penalty_offender, penalty_reason, record)
    batch = [TableHands(table, [new], number, expected_version)]
    if locked:
        if not transaction.get_connection().in_atomic_block:
            raise transaction.TransactionManagementError(
                "record_hand(locked=True) needs the caller's transaction"
            )
        written = _record(batch, actor=actor, resent=True, locked={table.pk: table})
    else:
        with transaction.atomic():
            written = _record(batch, actor=actor, resent=True)
    return written[table.pk][0]


def record_hands(batches: Sequence[TableHands], *, actor: Actor) -> dict[int, list[Hand]]:
    """Record consecutive hands at many tables at once (an import), under every rule of
    ``record_hand``.

    Returns, per table id, the Hands written, each with ``points``: the
    per-seat points recorded (a penalty's included). Raises what
    ``record_hand`` raises, with ``table_id`` (the table refused) and
    ``index`` (the position in its ``hands`` of the hand refused; None when
    the whole table is refused) set on the error; nothing is written then.
    A constant number of statements whatever the number of tables and hands.
    """
    with transaction.atomic():
        return _record(batches, actor=actor)


def _record(
    batches: Sequence[TableHands],
    *,
    actor: Actor,
    resent: bool = False,
    locked: dict[int, Table] | None = None,
) -> dict[int, list[Hand]]:
    """The one implementation of recording hands: lock the tables, check every rule, then write in
    bulk.

    The callers' Table instances get the saved state (version) back. ``resent``
    (``record_hand``: one table, one hand): a ``first_number`` already recorded
    gives back that hand when its content is the same (``_same_hand``), before
    any other rule, and nothing is written. The checks read the totals and
    hand counts the services store (``Seat.points``, ``Table.hands_recorded``).
    ``locked``: the tables by id, already locked by the caller's transaction
    and read after the lock with their round and tournament (else locked here).
    """
    ids = [b.table.pk for b in batches]
    if locked is None:
        locked = {
            t.pk: t
            for t in Table.objects.select_for_update(of=("self",)).filter(pk__in=ids).order_by("pk")
        }
        # Read after the locks are held, not joined to the locking query (whose joined rows are
        # those of before any wait for the lock): a round locked or a tournament finished meanwhile
        # is seen.
        rounds = Round.objects.select_related("tournament").in_bulk(
            {t.round_id for t in locked.values()}
        )
        for table in locked.values():
            table.round = rounds[table.round_id]
    seats: dict[int, list[Seat]] = {pk: [] for pk in ids}
    for seat in Seat.objects.filter(table_id__in=ids).order_by("table_id", "position"):
        seats[seat.table_id].append(seat)
    if resent:
        (batch,) = batches
        table = locked[batch.table.pk]
        number = batch.first_number
        if number is not None and 1 <= number <= table.hands_recorded:
            if len(seats[table.pk]) not in scoring.TABLE_SIZES:
                raise ScoringError(
                    _("%(table)s has %(count)s seats; a table has 3, 4 or 5")
                    % {"table": table, "count": len(seats[table.pk])}
                )
            new = batch.hands[0]
            return {
                table.pk: [
                    _same_hand(
                        table,
                        seats[table.pk],
                        number,
                        new.points,
                        new.penalty_offender,
                        table.round.tournament.scoring_rules(),
                    )
                ]
            }
    engine = actor.kind == ActorKind.ENGINE
    hands: list[Hand] = []
    written: dict[int, list[Hand]] = {}
    for batch in batches:
        table = locked[batch.table.pk]
        try:
            written[table.pk] = _check_table(
                table, seats[table.pk], batch, engine=engine, actor=actor
            )
        except ScoringError as exc:
            exc.table_id = table.pk
            if not hasattr(exc, "index"):
                exc.index = None
            raise
        hands.extend(written[table.pk])
    # Bulk inserts, and their history written by the database (INSERT ... SELECT): a big import
    # spends its time building model instances, so only the rows themselves are built.
    Hand.objects.bulk_create(hands, batch_size=500)
    copy_to_history(Hand.objects.filter(pk__in=[h.pk for h in hands]), actor, pks=_pks(hands))
    scores = HandScore.objects.bulk_create(
        [
            HandScore(hand_id=hand.pk, seat_id=seat.pk, points=p, floor=hand.floor)
            for hand in hands
            for seat, p in zip(seats[hand.table_id], hand.points)
        ],
        batch_size=500,
    )
    copy_to_history(
        HandScore.objects.filter(hand_id__in=[h.pk for h in hands]), actor, pks=_pks(scores)
    )
    penalties = [
        Penalty(
            hand_id=hand.pk,
            offender_id=seats[hand.table_id][hand.new.penalty_offender].pk,
            reason=hand.new.penalty_reason.strip(),
            recorded_by=actor.user_or_none,
        )
        for hand in hands
        if hand.new.penalty_offender is not None
    ]
    if penalties:
        Penalty.objects.bulk_create(penalties)
        copy_to_history(Penalty.objects.filter(hand_id__in=[p.hand_id for p in penalties]), actor)
    history = {
        "default_user": actor.user_or_none,
        "custom_historical_attrs": {
            "history_actor": actor.kind,
            "history_player": actor.player.pk if actor.player is not None else None,
        },
    }
    changed = [locked[pk] for pk in ids if written[pk]]
    for table in changed:
        table.version += len(written[table.pk])  # one version per hand
        stamp(table, actor)
    Table.objects.bulk_update(changed, ["version", "hands_recorded"], batch_size=500)
    Seat.objects.bulk_update(
        [seat for table in changed for seat in seats[table.pk]], ["points"], batch_size=500
    )
    _table_history().bulk_history_create(changed, update=True, **history)
    for batch in batches:
        _sync(batch.table, locked[batch.table.pk])
    return written


@cache
def _table_history():
    """``Table.history`` (simple-history builds a new manager class at every access: once is
    enough)."""
    return Table.history


def _pks(rows: Sequence) -> list[int] | None:
    """The primary keys bulk_create gave ``rows``, or None where the database does not return
    them."""
    pks = [row.pk for row in rows]
    return None if None in pks else pks


def _check_table(
    table: Table, seats: list[Seat], batch: TableHands, *, engine: bool, actor: Actor
) -> list[Hand]:
    """Every rule for ``batch`` at the locked ``table``; returns its unsaved Hands (with points,
    floor)."""
    if len(seats) not in scoring.TABLE_SIZES:
        raise ScoringError(
            _("%(table)s has %(count)s seats; a table has 3, 4 or 5")
            % {"table": table, "count": len(seats)}
        )
    _require_open(table)
    _require_source(table, actor)
    _check_version(table, batch.expected_version)
    count = table.hands_recorded
    if batch.first_number is not None and batch.first_number != count + 1:
        raise ScoringError(
            _("the next hand at %(table)s is hand %(next)s, not hand %(number)s")
            % {"table": table, "next": count + 1, "number": batch.first_number}
        )
    tournament = table.round.tournament
    rules = tournament.scoring_rules()
    n = len(seats)
    totals = [seat.points for seat in seats]
    floor = scoring.points_floor(n, rules)
    rows = []
    for index, new in enumerate(batch.hands):
        try:
            if scoring.is_game_over(totals, count, rules, closed=table.closed_by_arbiter):
                raise GameOverError(
                    _(
                        "the game at %(table)s has ended after hand %(hands)s; no further hand can "
                        "be recorded"
                    )
                    % {"table": table, "hands": count}
                )
            points = _entered_points(
                table, n, new.points, new.penalty_offender, new.penalty_reason, rules
            )
            if new.penalty_offender is None:
                scoring.check_hand(points, rules, totals)
        except ScoringError as exc:
            exc.index = index
            raise
        count += 1
        totals = [t + p for t, p in zip(totals, points)]
        hand = stamp(
            Hand(
                table=table,
                number=count,
                dealer=rulesets.dealer(n, count),
                pass_direction=rulesets.pass_direction(tournament.rules, n, count),
                source=Hand.Source.ENGINE if engine else Hand.Source.ARBITER,
                record=new.record if engine else None,
                recorded_by=actor.user_or_none,
            ),
            actor,
        )
        hand.points, hand.floor, hand.created, hand.new = points, floor, True, new
        rows.append(hand)
    for seat, total in zip(seats, totals):  # the stored totals the standings read (Seat.points)
        seat.points = total
    table.hands_recorded = count
    return rows


def _same_hand(table, seats, number, points, penalty_offender, rules) -> Hand:
    """Hand ``number``, already recorded: returned when the content is the same, else
    ``HandConflictError``."""
    hand = Hand.objects.get(table=table, number=number)
    recorded, offender = _recorded(hand, seats)
    if penalty_offender is not None:
        same = offender == penalty_offender
    else:
        same = offender is None and points is not None and list(points) == recorded
    if not same:
        raise HandConflictError(
            _(
                "Hand %(number)s is already recorded with other points (%(recorded)s). "
                "Check the sheet; correct the hand if it is wrong."
            )
            % {"number": number, "recorded": " / ".join(str(p) for p in recorded)}
        )
    hand.created = False
    return hand


def correct_hand(
    hand: Hand,
    points: Sequence[int] | None,
    *,
    actor: Actor,
    reason: str,
    penalty_offender: int | None = None,
    penalty_reason: str = "",
    expected_version: int | None = None,
) -> Hand:
    """Replace the points of an already recorded hand, keeping the trail.

    The old values stay in the audit history (django-simple-history) with
    ``actor`` and ``reason``. The corrected hand must pass the same exact
    check as a new one (with the totals before it), and a correction that
    would make an earlier hand end the game while later hands exist is
    refused. Raises ``ScoringError`` (no reason, no change, bad points),
    ``EnginePlayedError`` (an engine hand is final), ``ResultFinalError``,
    ``StaleTableError``.
    """
    reason = reason.strip()
    if not reason:
        raise ScoringError(_("a correction needs a reason"))
    if hand.source == Hand.Source.ENGINE:
        raise EnginePlayedError(
            _("hand %(number)s was played via the engine; its record is final")
            % {"number": hand.number}
        )
    caller = hand.table
    with transaction.atomic():
        table = _lock(caller, expected_version)
        _require_open(table)
        tournament = table.round.tournament
        rules = tournament.scoring_rules()
        seats = _seats(table)
        n = len(seats)
        points = _entered_points(table, n, points, penalty_offender, penalty_reason, rules)
        recorded, offender = _recorded(hand, seats)
        if recorded == points and offender == penalty_offender:
            raise ScoringError(
                _("These are the points already recorded; there is nothing to correct.")
            )
        rows = {s.seat_id: s for s in HandScore.objects.select_for_update().filter(hand=hand)}
        index = {seat.id: i for i, seat in enumerate(seats)}
        by_hand: dict[int, list[int]] = {}
        for number, seat_id, p in (
            HandScore.objects.filter(hand__table=table)
            .exclude(hand=hand)
            .values_list("hand__number", "seat_id", "points")
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
                    ngettext(
                        "with this correction the game would have ended after hand %(number)s, "
                        "but %(later)s later hand is recorded",
                        "with this correction the game would have ended after hand %(number)s, "
                        "but %(later)s later hands are recorded",
                        len(numbers) - i - 1,
                    )
                    % {"number": number, "later": len(numbers) - i - 1}
                )
        for seat, p in zip(seats, points):
            row = rows[seat.id]
            if row.points != p:
                row.points = p
                stamp(row, actor, reason).save(update_fields=["points"])
        for seat, total in zip(seats, totals):  # the stored totals the standings read
            if seat.points != total:
                seat.points = total
                seat.save(update_fields=["points"])
        existing = Penalty.objects.filter(hand=hand).first()
        if penalty_offender is not None:
            if existing is None:
                penalty = Penalty(
                    hand=hand,
                    offender=seats[penalty_offender],
                    reason=penalty_reason.strip(),
                    recorded_by=actor.user_or_none,
                )
                stamp(penalty, actor, reason).save()
            else:
                existing.offender = seats[penalty_offender]
                existing.reason = penalty_reason.strip()
                stamp(existing, actor, reason).save(update_fields=["offender", "reason"])
        elif existing is not None:
            stamp(existing, actor, reason).delete()
        _bump(table, actor, reason)
    _sync(caller, table)
    return hand


def close_game(table: Table, *, actor: Actor, expected_version: int | None = None) -> Table:
    """The arbiter ends a table's game when time is up; its hands so far are final. Idempotent.

    Raises ``ResultFinalError``, ``StaleTableError``, or ``ScoringError`` when
    no hand is recorded yet (a game cannot end before its first hand).
    """
    caller = table
    with transaction.atomic():
        table = _lock(table, expected_version)
        if not table.closed_by_arbiter:
            _require_open(table)
            if not table.hands.exists():
                raise ScoringError(
                    _("%(table)s has no hand recorded; a game cannot end before its first hand")
                    % {"table": table}
                )
            table.closed_by_arbiter = True
            _bump(table, actor, fields=["closed_by_arbiter"])
            if table.mode == Table.Mode.ENGINE:
                transaction.on_commit(partial(_stop_online_play, table.pk))
    _sync(caller, table)
    return caller


def _stop_online_play(table_id: int) -> None:
    """Once a close has committed: online play at that engine-played table stops (no computer is
    due, the boards show the end; ``tables.play.services.game_closed``)."""
    from .play.services import game_closed  # online play builds on this module, not the reverse

    game_closed(table_id)


def confirm_result(table: Table, *, actor: Actor, expected_version: int | None = None) -> Table:
    """An arbiter confirms the table result of an ended game; it becomes final. Idempotent.

    Raises ``ScoringError`` when the game has not ended, ``ResultFinalError``
    when the round is locked or the tournament finished, ``StaleTableError``.
    """
    caller = table
    with transaction.atomic():
        table = _lock(table, expected_version)
        if table.result_confirmed_at is None:
            _require_open(table)
            if not game_state(table).over:
                raise ScoringError(_("the game at %(table)s has not ended yet") % {"table": table})
            table.result_confirmed_at = timezone.now()
            _bump(table, actor, fields=["result_confirmed_at"])
    _sync(caller, table)
    return caller


def reopen_result(table: Table, *, actor: Actor, reason: str) -> Table:
    """The organizer reopens a confirmed table result, so that its hands can be corrected.

    ``reason`` is required and kept in the history with ``actor``; the
    standings follow at once (they are computed from the hands). Raises
    ``ScoringError`` without a reason or when the result is not confirmed,
    ``ResultFinalError`` while the round is locked or the tournament finished
    (reopen those first).
    """
    reason = reason.strip()
    if not reason:
        raise ScoringError(_("Reopening needs a reason."))
    caller = table
    with transaction.atomic():
        table = _lock(table)
        if table.result_confirmed_at is None:
            raise ScoringError(
                _("The result of %(table)s is not confirmed; there is nothing to reopen.")
                % {"table": table}
            )
        blocked = final_reason(table, beyond_table=True)
        if blocked is not None:
            raise ResultFinalError(blocked)
        table.result_confirmed_at = None
        _bump(table, actor, reason, fields=["result_confirmed_at"])
    _sync(caller, table)
    return caller
