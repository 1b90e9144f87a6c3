"""Hands entered at the table and checked by somebody else: the tournament's confirmation policy.

``Tournament.confirmation_policy`` (issue 13; Bridgemate and Tabbycat are the models):

- ``arbiter``: an entry is recorded at once (the arbiter's, or a player's when
  the tournament lets players enter their hands), as the score sheet always did;
- ``player``: an entry (the arbiter's or a player's) waits until a *different*
  player seated at that table accepts it from their private link, or rejects it
  with a reason; whoever entered cannot accept their own entry (Bridgemate's
  "East accepts"). The table result, too, is accepted by a player;
- ``double``: two independent entries of each hand (two arbiters, or players of
  two different seats); equal entries record the hand, different ones wait side
  by side for the arbiter, who decides.

Everything that is recorded goes through ``tables.services.record_hand`` (the
exact hand check, locked rounds, confirmed tables, ...), with the author of
the entry as its actor; every entry keeps who entered it and who accepted,
rejected or decided. A disputed hand (rejected, or two different entries) is
decided by the arbiter with :func:`decide`. Players call the arbiter with
:func:`flag_table`; the arbiter answers with :func:`resolve_flag`.

Errors: ``EntryNotAllowed`` (the actor may not do this here: 403),
``StaleEntryError`` (the entry changed since it was shown: 409, with the
current values), and the ``ScoringError`` kinds of ``tables.services``.
Nothing is written when one is raised.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import scoring
from tournaments.audit import Actor, ActorKind, stamp
from tournaments.models import Registration, Tournament
from tournaments.scoring import GameOverError, ScoringError

from . import services
from .models import Hand, HandEntry, Seat, Table, TableFlag
from .sheet import final_reason

Policy = Tournament.ConfirmationPolicy


class EntryNotAllowed(ScoringError):
    """The actor may not do this at this table (not seated here, entering is off, their own
    entry)."""


class StaleEntryError(ScoringError):
    """The entry shown was replaced or decided meanwhile; ``current`` is what waits now (or
    None)."""

    def __init__(self, message: str, current: HandEntry | None = None):
        super().__init__(message)
        self.current = current


def _lock(table: Table) -> Table:
    """The table's row, locked until the transaction ends, with its round and tournament read after
    the lock.

    The locks ``tables.services.record_hand(locked=True)`` relies on: a round
    locked or a tournament finished while this waited for the lock is seen.
    """
    return services._lock(table)


def seat_of(table: Table, registration: Registration) -> Seat:
    """The player's seat at ``table``; ``EntryNotAllowed`` when they do not sit there."""
    seat = Seat.objects.filter(table=table, registration=registration).first()
    if seat is None:
        raise EntryNotAllowed(_("You do not sit at this table."))
    return seat


def _check_author(table: Table, actor: Actor) -> None:
    """Who may enter at ``table``: its arbiters (checked by the views), or its players when
    allowed."""
    if actor.kind == ActorKind.PLAYER:
        seat_of(table, actor.player)
        if not table.round.tournament.players_enter_hands:
            raise EntryNotAllowed(_("In this tournament the arbiters enter the hands."))
    elif actor.kind == ActorKind.ENGINE:
        raise EntryNotAllowed(_("Engine-played tables record their hands themselves."))


def _content(entry: HandEntry) -> tuple:
    return (tuple(entry.points) if entry.points is not None else None, entry.penalty_offender)


def _same_author(entry: HandEntry, actor: Actor) -> bool:
    if actor.kind == ActorKind.PLAYER:
        return entry.entered_by_player_id == actor.player.pk
    return actor.user is not None and entry.entered_by_user_id == actor.user.pk


def _author(entry: HandEntry) -> Actor:
    if entry.entered_by_player_id is not None:
        return Actor.of_player(entry.entered_by_player)
    return Actor.of(entry.entered_by_user)


def _check_points(table: Table, points, penalty_offender, penalty_reason) -> list[int]:
    """The points of an entry, checked as a recorded hand would be (the exact hand check)."""
    seats = list(Seat.objects.filter(table=table).order_by("position"))
    rules = table.round.tournament.scoring_rules()
    n = len(seats)
    entered = services._entered_points(table, n, points, penalty_offender, penalty_reason, rules)
    totals = [seat.points for seat in seats]
    if scoring.is_game_over(totals, table.hands_recorded, rules, closed=table.closed_by_arbiter):
        raise GameOverError(_("The game has ended; no further hand can be recorded."))
    if penalty_offender is None:
        scoring.check_hand(entered, rules, totals)
    return entered


def submit(
    table: Table,
    *,
    actor: Actor,
    number: int,
    points: Sequence[int] | None = None,
    penalty_offender: int | None = None,
    penalty_reason: str = "",
    expected_version: int | None = None,
    locked: bool = False,
) -> HandEntry | Hand:
    """Enter hand ``number`` at ``table`` under the tournament's confirmation policy.

    points: per-seat penalty points, seat order; or a penalty (offender seat
    index and reason, 002 "Errori e penalità"). Returns the recorded ``Hand``
    (policy "arbiter"; or "double" when this entry equals the other one), or
    the ``HandEntry`` that now waits. The same entry sent twice by the same
    author gives back the entry already waiting. ``expected_version``: the
    table version the author saw, checked when the hand is recorded at once
    (``StaleTableError`` when it moved on).
    locked: the caller's open transaction already holds ``table``'s row lock
    and read ``table`` with its round and tournament after taking it
    (``tables.sheet.lock_sheet``): the entry is made in that transaction, on
    that instance (an error leaves the rollback to the caller).
    Raises ``EntryNotAllowed``, ``ResultFinalError``, ``GameOverError``,
    ``ScoringError`` (the points, a number that is not the next hand).
    """
    call = {
        "actor": actor,
        "number": number,
        "points": points,
        "penalty_offender": penalty_offender,
        "penalty_reason": penalty_reason,
        "expected_version": expected_version,
    }
    if locked:
        if not transaction.get_connection().in_atomic_block:
            raise transaction.TransactionManagementError(
                "submit(locked=True) needs the caller's transaction"
            )
        return _submit(table, **call)
    with transaction.atomic():
        return _submit(_lock(table), **call)


def _submit(
    table: Table,
    *,
    actor: Actor,
    number: int,
    points: Sequence[int] | None,
    penalty_offender: int | None,
    penalty_reason: str,
    expected_version: int | None,
) -> HandEntry | Hand:
    """:func:`submit` at the locked ``table``, inside the transaction holding the lock."""
    _check_author(table, actor)
    if table.mode == Table.Mode.ENGINE:
        raise services.EnginePlayedError(
            _("This table is played via the engine: its hands are recorded by the engine.")
        )
    tournament = table.round.tournament
    policy = tournament.confirmation_policy
    if policy == Policy.ARBITER:
        return services.record_hand(
            table,
            points,
            actor=actor,
            number=number,
            penalty_offender=penalty_offender,
            penalty_reason=penalty_reason,
            expected_version=expected_version,
            locked=True,
        )
    reason = final_reason(table)
    if reason is not None:
        raise services.ResultFinalError(reason)
    if number <= table.hands_recorded:  # sent again after it was recorded: that hand, nothing new
        return services.record_hand(
            table,
            points,
            actor=actor,
            number=number,
            penalty_offender=penalty_offender,
            penalty_reason=penalty_reason,
            locked=True,
        )
    # No version check for an entry: entries are independent (double entry must not see the
    # other one), and the hand number keeps them in order.
    if number != table.hands_recorded + 1:
        raise ScoringError(
            _("The next hand at this table is hand %(next)s, not hand %(number)s.")
            % {"next": table.hands_recorded + 1, "number": number}
        )
    entered = _check_points(table, points, penalty_offender, penalty_reason)
    entry = HandEntry(
        table=table,
        number=number,
        table_version=table.version,
        points=None if penalty_offender is not None else entered,
        penalty_offender=penalty_offender,
        penalty_reason=penalty_reason.strip(),
        entered_by_user=actor.user_or_none,
        entered_by_player=actor.player,
    )
    waiting = list(
        HandEntry.objects.select_for_update().filter(
            table=table, number=number, status=HandEntry.Status.PENDING
        )
    )
    for old in waiting:
        if _same_author(old, actor) and _content(old) == _content(entry):
            return old  # sent twice: one entry
    now = timezone.now()
    others = []
    for old in waiting:
        if policy == Policy.PLAYER or _same_author(old, actor):
            old.status, old.decided_at = HandEntry.Status.SUPERSEDED, now
            stamp(old, actor).save(update_fields=["status", "decided_at"])
        else:
            others.append(old)
    stamp(entry, actor).save()
    if policy == Policy.DOUBLE and others:
        other = others[-1]
        if _content(other) == _content(entry):
            hand = services.record_hand(
                table,
                entry.points,
                actor=actor,
                number=number,
                penalty_offender=penalty_offender,
                penalty_reason=penalty_reason,
                locked=True,
            )
            _close([entry, other], HandEntry.Status.RECORDED, actor, hand=hand)
            return hand
        _close([entry, other], HandEntry.Status.MISMATCH, actor)
    return entry


def _close(
    entries: Sequence[HandEntry],
    status: str,
    actor: Actor,
    *,
    hand: Hand | None = None,
    reason: str = "",
) -> None:
    now = timezone.now()
    for entry in entries:
        entry.status, entry.decided_at, entry.hand = status, now, hand
        entry.decided_by_user, entry.decided_by_player = actor.user_or_none, actor.player
        if reason:
            entry.reason = reason
        stamp(entry, actor, reason).save()


def _pending(entry_id: int, table: Table, seen: tuple | None) -> HandEntry:
    entry = HandEntry.objects.select_for_update().filter(pk=entry_id, table=table).first()
    current = (
        HandEntry.objects.filter(table=table, status=HandEntry.Status.PENDING)
        .order_by("-created_at")
        .first()
    )
    if entry is None or entry.status != HandEntry.Status.PENDING:
        raise StaleEntryError(
            _("This entry was replaced or decided meanwhile; here is what waits now."), current
        )
    if seen is not None and _content(entry) != seen:
        raise StaleEntryError(
            _("This entry changed since you looked at it; here it is now."), entry
        )
    return entry


def _answerable(
    table: Table, entry_id: int, actor: Actor, seen: tuple | None, own_entry: str
) -> tuple[Table, HandEntry]:
    """Lock ``table`` and return it with the entry ``actor`` (a player of the table, policy
    "player") may accept or reject; ``own_entry``: the refusal when it is their own. Call inside a
    transaction."""
    table = _lock(table)
    if (
        table.round.tournament.confirmation_policy != Policy.PLAYER
        or actor.kind != ActorKind.PLAYER
    ):
        raise EntryNotAllowed(_("In this tournament entries are not accepted by the players."))
    seat_of(table, actor.player)
    entry = _pending(entry_id, table, seen)
    if entry.entered_by_player_id == actor.player.pk:
        raise EntryNotAllowed(own_entry)
    return table, entry


def accept(table: Table, entry_id: int, *, actor: Actor, seen: tuple | None = None) -> Hand:
    """A player of the table accepts an entry that waits (policy "player"): the hand is recorded.

    seen: the entry's content as the player saw it (``(points tuple or None,
    offender)``); a different one is refused. Raises ``EntryNotAllowed`` (not
    a player of this table, the policy, their own entry), ``StaleEntryError``,
    and what ``record_hand`` raises.
    """
    with transaction.atomic():
        table, entry = _answerable(
            table,
            entry_id,
            actor,
            seen,
            _("You entered this hand: another player of the table must accept it."),
        )
        hand = services.record_hand(
            table,
            entry.points,
            actor=_author(entry),
            number=entry.number,
            penalty_offender=entry.penalty_offender,
            penalty_reason=entry.penalty_reason,
            locked=True,
        )
        _close([entry], HandEntry.Status.RECORDED, actor, hand=hand)
        return hand


def reject(
    table: Table, entry_id: int, *, actor: Actor, reason: str, seen: tuple | None = None
) -> HandEntry:
    """A player of the table rejects an entry that waits, with a reason: the hand is disputed
    until it is entered again or the arbiter decides. Raises as :func:`accept`, and
    ``ScoringError`` without a reason."""
    reason = reason.strip()
    if not reason:
        raise ScoringError(_("Say what is wrong with this entry."))
    with transaction.atomic():
        table, entry = _answerable(
            table, entry_id, actor, seen, _("You entered this hand: enter it again to change it.")
        )
        _close([entry], HandEntry.Status.REJECTED, actor, reason=reason)
        return entry


def decide(
    table: Table,
    number: int,
    *,
    actor: Actor,
    points: Sequence[int] | None = None,
    penalty_offender: int | None = None,
    penalty_reason: str = "",
    entry_id: int | None = None,
) -> Hand:
    """The arbiter decides a hand that waits or is disputed: one entry (``entry_id``), or the points
    given.

    The hand is recorded at once (the arbiter's decision needs no check by a
    player) and every open entry of that hand is closed. Raises
    ``EntryNotAllowed`` for a player, and what ``record_hand`` raises.
    """
    if actor.kind != ActorKind.USER:
        raise EntryNotAllowed(_("Only an arbiter decides a disputed hand."))
    with transaction.atomic():
        table = _lock(table)
        open_ = list(
            HandEntry.objects.select_for_update().filter(
                table=table,
                number=number,
                status__in=[
                    HandEntry.Status.PENDING,
                    HandEntry.Status.REJECTED,
                    HandEntry.Status.MISMATCH,
                ],
            )
        )
        chosen = (
            next((e for e in open_ if e.pk == entry_id), None) if entry_id is not None else None
        )
        if entry_id is not None and chosen is None:
            raise StaleEntryError(_("This entry was decided meanwhile."))
        if chosen is not None:
            points, penalty_offender, penalty_reason = (
                chosen.points,
                chosen.penalty_offender,
                chosen.penalty_reason,
            )
        hand = services.record_hand(
            table,
            points,
            actor=actor,
            number=number,
            penalty_offender=penalty_offender,
            penalty_reason=penalty_reason,
            locked=True,
        )
        _close([e for e in open_ if e is chosen], HandEntry.Status.RECORDED, actor, hand=hand)
        _close([e for e in open_ if e is not chosen], HandEntry.Status.SUPERSEDED, actor)
        return hand


def accept_result(table: Table, *, actor: Actor, expected_version: int | None = None) -> Table:
    """A player of the table accepts the table result of an ended game (policy "player").

    The player who entered the last hand cannot accept the result alone.
    Raises ``EntryNotAllowed`` and what ``services.confirm_result`` raises.
    """
    with transaction.atomic():
        table = _lock(table)
        if (
            table.round.tournament.confirmation_policy != Policy.PLAYER
            or actor.kind != ActorKind.PLAYER
        ):
            raise EntryNotAllowed(_("In this tournament the arbiter confirms the table result."))
        seat_of(table, actor.player)
        last = Hand.objects.filter(table=table).order_by("-number").first()
        if last is not None and last.entries.filter(entered_by_player=actor.player).exists():
            raise EntryNotAllowed(
                _("You entered the last hand: another player of the table must accept the result.")
            )
        return services.confirm_result(table, actor=actor, expected_version=expected_version)


def flag_table(table: Table, *, actor: Actor, reason: str) -> TableFlag:
    """A player calls the arbiter to ``table`` with a short reason (listed on the arbiter's round
    page)."""
    reason = reason.strip()
    if not reason:
        raise ScoringError(_("Say briefly why you call the arbiter."))
    if actor.kind == ActorKind.PLAYER:
        seat_of(table, actor.player)
    flag = TableFlag(table=table, raised_by=actor.player, reason=reason[:200])
    stamp(flag, actor).save()
    return flag


def resolve_flag(flag: TableFlag, *, actor: Actor, note: str = "") -> TableFlag:
    """The arbiter closes a call, with a note. Idempotent."""
    if actor.kind != ActorKind.USER:
        raise EntryNotAllowed(_("Only an arbiter answers a call."))
    with transaction.atomic():
        flag = TableFlag.objects.select_for_update().get(pk=flag.pk)
        if flag.resolved_at is None:
            flag.resolved_at, flag.resolved_by, flag.note = (
                timezone.now(),
                actor.user,
                note.strip()[:300],
            )
            stamp(flag, actor).save()
    return flag
