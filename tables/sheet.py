"""The arbiter's score sheet as plain data: hands as rows, seats as columns, running totals.

Reads only (a constant 5 queries per sheet, 5 more for the history; a sheet
brought up to date after a hand needs none, :func:`sheet_after_hand`; a
write reads it with the table locked, :func:`lock_sheet`); the
writes are ``tables.services``. Also the small pure helpers the sheet's
buttons need: why a table's result cannot change (:func:`final_reason`), the
points of a shoot-the-moon hand given who shot (:func:`moon_points`), and the
as-you-type check of an entry row with a translated message
(:func:`check_entry`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from django.db import transaction
from django.db.models import Exists, OuterRef, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.handcheck import HandKind, ImpossiblePoints, check_points
from engine.rules import MoonRule, RuleSet
from engine.scoring import score_hand
from tournaments import rulesets, scoring
from tournaments.audit import actor_label
from tournaments.models import Round, Tournament
from tournaments.numbers import whole_number
from tournaments.snapshot import snapshot

from .models import Hand, HandEntry, HandScore, HistoricalHandScore, Penalty, Seat, Table


@dataclass(frozen=True, slots=True)
class SheetSeat:
    position: int
    player_id: int
    name: str
    club: str


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One recorded hand. points/totals: per seat, seat order; penalty: (offender position, reason)
    or None.

    kind: "normal", "moon", "sun" (``engine.handcheck.HandKind``) or "penalty".
    """

    number: int
    dealer: int
    pass_direction: str
    points: tuple[int, ...]
    totals: tuple[int, ...]
    penalty: tuple[int, str] | None
    corrected: bool
    kind: str = HandKind.NORMAL.value

    @property
    def shooter(self) -> int | None:
        """The seat that shot the moon (or the sun): the one with the fewest points; None for other
        hands."""
        if self.kind not in (HandKind.MOON.value, HandKind.SUN.value):
            return None
        return min(range(len(self.points)), key=lambda i: self.points[i])


@dataclass(frozen=True, slots=True)
class EntryView:
    """An entry of the next hand that is not recorded yet (``tables.entries``), as the sheets show
    it.

    points: per seat (None for a penalty; then ``penalty`` is (offender position, reason));
    author: the arbiter's or the player's name; author_registration: the player's registration id
    (None for an arbiter); status: ``HandEntry.Status``; reason: a rejection's.
    """

    id: int
    number: int
    points: tuple[int, ...] | None
    penalty: tuple[int, str] | None
    author: str
    author_registration: int | None
    status: str
    reason: str

    @property
    def seen(self) -> str:
        """The content as a page posts it back when accepting ("13 13 0 0" or "penalty 2")."""
        return (
            " ".join(map(str, self.points))
            if self.points is not None
            else f"penalty {self.penalty[0]}"
        )


@dataclass
class Sheet:
    """A table's game as the score sheet shows it.

    ``over``: the game has ended (002 §15, fixed hands, or closed); then
    ``places`` and ``match_points`` are per seat. ``next_*`` describe the
    hand to enter next. ``version``: the table version the sheet shows
    (``table.version`` moves on when the same instance is written through).
    """

    table: Table
    tournament: Tournament
    round: Round
    seats: list[SheetSeat]
    rows: list[SheetRow]
    totals: tuple[int, ...]
    over: bool
    places: tuple[int, ...] | None
    match_points: tuple[Fraction, ...] | None
    next_number: int
    next_dealer: int
    next_pass: str
    rules: scoring.ScoringRules = field(repr=False)
    engine_rules: RuleSet | None = field(default=None, repr=False)
    entries: list[EntryView] = field(default_factory=list)
    version: int = 0

    @property
    def policy(self) -> str:
        """The tournament's confirmation policy ("arbiter", "player" or "double")."""
        return self.tournament.confirmation_policy

    @property
    def disputed(self) -> bool:
        """An entry was rejected, or two entries differ: the arbiter decides."""
        return any(e.status in ("rejected", "mismatch") for e in self.entries)

    @property
    def confirmed(self) -> bool:
        return self.table.result_confirmed_at is not None

    @property
    def final_reason(self) -> str | None:
        """Why hands can no longer be entered or corrected (translated), or None."""
        return final_reason(self.table)

    @property
    def final_reason_beyond_table(self) -> str | None:
        """A finished tournament or a locked round (reopening the table needs those reopened
        first)."""
        return final_reason(self.table, beyond_table=True)

    @property
    def editable(self) -> bool:
        """Hands may still be entered or corrected (tournament not finished, round not locked,
        result not confirmed)."""
        return self.final_reason is None

    @property
    def hand_total(self) -> int:
        """The points of one hand at this table (26 in 002): what the entry row adds up to."""
        return self.engine_rules.hand_total if self.engine_rules else self.rules.hand_total

    @property
    def moon_total(self) -> int:
        """What a shoot-the-moon moves, and what a penalty costs (26 in 002)."""
        return self.engine_rules.moon_total if self.engine_rules else self.rules.moon_total

    @property
    def ranking_by_seat(self) -> list[tuple[str, int, int, Fraction]]:
        """(name, place, penalty total, match points) per seat, seat order, of an ended game."""
        if not self.over:
            return []
        return list(zip((s.name for s in self.seats), self.places, self.totals, self.match_points))

    @property
    def ranking(self) -> list[tuple[int, str, int, Fraction]]:
        """(place, name, penalty total, match points) of an ended game, best place first."""
        if not self.over:
            return []
        rows = zip(self.places, (s.name for s in self.seats), self.totals, self.match_points)
        return sorted(rows, key=lambda r: (r[0], r[1].casefold()))

    @property
    def next_dealer_name(self) -> str:
        return self.seats[self.next_dealer].name if self.seats else ""

    @property
    def moon_allowed(self) -> bool:
        return self.rules.moon_rule != MoonRule.OFF

    @property
    def shooter_chooses(self) -> bool:
        return self.rules.moon_rule == MoonRule.CHOICE


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


def game_state(table: Table) -> GameState:
    """The current state of a table's game (``table`` with its round and tournament): 2 queries.

    Raises ``ScoringError`` for a table that is not of 3, 4 or 5 seats.
    """
    totals = list(
        Seat.objects.filter(table=table)
        .order_by("position")
        .annotate(total=Coalesce(Sum("scores__points"), 0))
        .values_list("total", flat=True)
    )
    n = len(totals)
    if n not in scoring.TABLE_SIZES:
        raise scoring.ScoringError(
            _("%(table)s has %(count)s seats; a table has 3, 4 or 5") % {"table": table, "count": n}
        )
    hands = table.hands.count()
    tournament = table.round.tournament
    over = scoring.is_game_over(
        totals, hands, tournament.scoring_rules(), closed=table.closed_by_arbiter
    )
    return GameState(
        players=n,
        totals=tuple(totals),
        hands=hands,
        over=over,
        next_dealer=rulesets.dealer(n, hands + 1),
        next_pass=rulesets.pass_direction(tournament.rules, n, hands + 1),
    )


def final_reason(table: Table, *, beyond_table: bool = False) -> str | None:
    """Why the table's result cannot change now (translated), or None when it can.

    table: loaded with its round and tournament. The tournament finished, the
    round locked, the result confirmed, in that order (``beyond_table``: the
    first two only, what blocks reopening the table). ``tables.services``
    refuses every write for this reason; the sheet shows it.
    """
    tournament = table.round.tournament
    if tournament.status == Tournament.Status.FINISHED:
        return _("The tournament is finished; its results are final. The organizer can reopen it.")
    if table.round.status == Round.Status.LOCKED:
        return _("Round %(n)s is locked; its results are final. The organizer can reopen it.") % {
            "n": table.round.number
        }
    if table.result_confirmed_at is not None and not beyond_table:
        return _("The result of this table is confirmed. The organizer can reopen it.")
    return None


def _kind(rules: RuleSet | None, points: list[int], penalty) -> str:
    """The kind of a recorded hand, for its marker on the sheet."""
    if penalty is not None:
        return scoring.HAND_PENALTY
    if rules is None:
        return HandKind.NORMAL.value
    try:
        return check_points(rules, points).value
    except ImpossiblePoints:  # recorded before the exact check existed: shown as it is
        return HandKind.NORMAL.value


def load_table(slug: str, round_number: int, table_number: int) -> Table:
    """The table with its round and tournament (1 query); ``Table.DoesNotExist`` when absent."""
    return Table.objects.select_related("round__tournament").get(
        round__tournament__slug=slug,
        round__number=round_number,
        number=table_number,
    )


def load_sheet(table: Table) -> Sheet:
    """Build the sheet of ``table`` (loaded with ``load_table``): 5 queries whatever the number of
    hands.

    All of them read one committed state (``tournaments.snapshot``): a hand
    saved meanwhile is either wholly on the sheet, with the table version it
    raised, or not at all. ``table`` is refreshed in place (every field, its
    round and tournament, the same instances) from that same state.
    """
    with snapshot():
        _refresh(table, Table.objects.select_related("round__tournament").get(pk=table.pk))
        return _load_sheet(table)


def open_sheet(slug: str, round_number: int, table_number: int, *, check=None) -> Sheet:
    """The sheet of the table named by its numbers, read with the table itself: 5 queries and
    ``check``'s.

    One committed state, as :func:`load_sheet`. ``check(table)`` runs as soon as
    the table (with its round and tournament) is read, before anything else:
    a permission check that raises. ``Table.DoesNotExist`` when absent.
    """
    with snapshot():
        table = load_table(slug, round_number, table_number)
        if check is not None:
            check(table)
        return _load_sheet(table)


def lock_sheet(slug: str, round_number: int, table_number: int, *, check=None) -> Sheet:
    """The sheet of the table named by its numbers, read with the table's row locked: the start of a
    write.

    Inside the caller's transaction (``TransactionManagementError`` outside
    one): the table's row is locked until it ends (``select_for_update``),
    its round and tournament are read after the lock (so a round locked
    meanwhile is seen), ``check(table)`` runs (a permission check that
    raises), then the sheet is read: 4 queries more. Every write to a
    table's hands takes that lock first, so these reads agree with each
    other as :func:`open_sheet`'s do, and the table can be given to
    ``tables.entries.submit(..., locked=True)``. ``Table.DoesNotExist`` when absent.
    """
    if not transaction.get_connection().in_atomic_block:
        raise transaction.TransactionManagementError("lock_sheet() needs the caller's transaction")
    table = Table.objects.select_for_update(of=("self",)).get(
        round__tournament__slug=slug,
        round__number=round_number,
        number=table_number,
    )
    # Not joined to the locking query: its joined rows would be those read before any wait for the
    # lock.
    table.round = Round.objects.select_related("tournament").get(pk=table.round_id)
    if check is not None:
        check(table)
    return _load_sheet(table)


def _refresh(table: Table, fresh: Table) -> None:
    """Copy ``fresh`` (the same table read again, with its round and tournament) into ``table``, in
    place.

    The round and tournament instances ``table`` has are kept, with the values
    read now: what a request remembered on them stays (the arbiter check of
    ``tournaments.permissions`` is asked once per request).
    """
    _copy_fields(table, fresh)
    if not Table.round.is_cached(table):
        table.round = fresh.round
        return
    _copy_fields(table.round, fresh.round)
    if Round.tournament.is_cached(table.round):
        _copy_fields(table.round.tournament, fresh.round.tournament)
    else:
        table.round.tournament = fresh.round.tournament


def _copy_fields(obj, new) -> None:
    for f in type(obj)._meta.concrete_fields:
        setattr(obj, f.attname, getattr(new, f.attname))


#: A hand as the sheet builds its row from it: number, dealer, pass, points per seat,
#: penalty (offender position, reason) or None, corrected.
_Played = tuple[int, int, str, tuple[int, ...], "tuple[int, str] | None", bool]


def _load_sheet(table: Table) -> Sheet:
    """The sheet of ``table`` (with its round and tournament, as read in the same snapshot): 4
    queries."""
    seats = list(
        Seat.objects.filter(table=table)
        .order_by("position")
        .values_list(
            "id",
            "position",
            "registration__player_id",
            "registration__player__name",
            "registration__player__club",
        )
    )
    index = {seat_id: i for i, (seat_id, *_rest) in enumerate(seats)}
    n = len(seats)
    # HandScore.history's records; the model itself: the ``history`` descriptor builds a manager
    # class a call.
    corrected = HistoricalHandScore.objects.filter(hand_id=OuterRef("pk"), history_type="~")
    hands = list(
        Hand.objects.filter(table=table)
        .order_by("number")
        .annotate(corrected=Exists(corrected))
        .values_list(
            "id",
            "number",
            "dealer",
            "pass_direction",
            "penalty__offender_id",
            "penalty__reason",
            "corrected",
        )
    )
    points: dict[int, list[int]] = {hand_id: [0] * n for hand_id, *_ in hands}
    for hand_id, seat_id, p in (
        HandScore.objects.filter(hand__table=table)
        .order_by()
        .values_list("hand_id", "seat_id", "points")
    ):
        points[hand_id][index[seat_id]] = p
    played: list[_Played] = [
        (
            number,
            dealer,
            direction,
            tuple(points[hand_id]),
            (index[offender], reason) if offender is not None else None,
            bool(fixed),
        )
        for hand_id, number, dealer, direction, offender, reason, fixed in hands
    ]
    return _assemble(
        table,
        [SheetSeat(pos, pid, name, club) for _id, pos, pid, name, club in seats],
        played,
        open_entries(table),
    )


def _assemble(
    table: Table, seats: list[SheetSeat], played: list[_Played], entries: list[EntryView]
) -> Sheet:
    """The sheet from what was read (no query): running totals, each hand's kind, the result, the
    next hand."""
    tournament = table.round.tournament
    n = len(seats)
    rules = tournament.scoring_rules()
    engine_rules = rules.table_rules(n) if n in scoring.TABLE_SIZES else None
    rows, totals = [], [0] * n
    for number, dealer, direction, points, penalty, corrected in played:
        totals = [t + p for t, p in zip(totals, points)]
        rows.append(
            SheetRow(
                number,
                dealer,
                direction,
                points,
                tuple(totals),
                penalty,
                corrected,
                _kind(engine_rules, list(points), penalty),
            )
        )
    over, places, match_points = scoring.game_result(
        totals,
        len(rows),
        rules,
        tournament.match_point_table(),
        closed=table.closed_by_arbiter,
    )
    next_number = len(rows) + 1
    return Sheet(
        entries=entries,
        table=table,
        tournament=tournament,
        round=table.round,
        seats=seats,
        rows=rows,
        totals=tuple(totals),
        over=over,
        places=places,
        match_points=match_points,
        next_number=next_number,
        next_dealer=rulesets.dealer(n, next_number) if n else 0,
        next_pass=rulesets.pass_direction(tournament.rules, n, next_number)
        if n in scoring.TABLE_SIZES
        else "",
        rules=rules,
        engine_rules=engine_rules,
        version=table.version,
    )


def sheet_after_hand(sheet: Sheet, hand: Hand) -> Sheet | None:
    """``sheet`` with ``hand`` added: the sheet a request read before recording ``hand``, brought up
    to date.

    No query. ``hand``: as ``tables.services.record_hand`` returns it, written
    now on top of exactly what ``sheet`` shows (the table's version was the
    sheet's, and is one more now). ``sheet.table`` gets the saved version in
    place. None when that cannot be known (the hand was already recorded, the
    table changed in between, entries of other people wait, a confirmation
    policy other than the arbiter's): then read the sheet again.
    """
    written, new = hand.table, getattr(hand, "new", None)
    if (
        not getattr(hand, "created", False)
        or new is None
        or written.pk != sheet.table.pk
        or written.version != sheet.version + 1
        or hand.number != sheet.next_number
        or sheet.entries
        or sheet.policy != Tournament.ConfirmationPolicy.ARBITER
    ):
        return None
    penalty = (
        (new.penalty_offender, new.penalty_reason.strip())
        if new.penalty_offender is not None
        else None
    )
    played: list[_Played] = [
        (r.number, r.dealer, r.pass_direction, r.points, r.penalty, r.corrected) for r in sheet.rows
    ]
    played.append(
        (hand.number, hand.dealer, hand.pass_direction, tuple(hand.points), penalty, False)
    )
    table = sheet.table
    table.version, table.hands_recorded = written.version, written.hands_recorded
    return _assemble(table, sheet.seats, played, sheet.entries)


def open_entries(table: Table) -> list[EntryView]:
    """The entries of ``table`` not recorded yet: waiting, rejected or different (1 query)."""
    rows = (
        HandEntry.objects.filter(table=table, status__in=["pending", "rejected", "mismatch"])
        .select_related("entered_by_user", "entered_by_player__player")
        .order_by("number", "created_at")
    )
    views = []
    for e in rows:
        author = (
            e.entered_by_player.player.name
            if e.entered_by_player_id
            else (e.entered_by_user.get_full_name() or e.entered_by_user.get_username())
            if e.entered_by_user_id
            else "—"
        )
        views.append(
            EntryView(
                e.pk,
                e.number,
                tuple(e.points) if e.points is not None else None,
                (e.penalty_offender, e.penalty_reason) if e.penalty_offender is not None else None,
                author,
                e.entered_by_player_id,
                e.status,
                e.reason,
            )
        )
    return views


def moon_points(
    rules: RuleSet, totals: tuple[int, ...], shooter: int, *, self_scoring: bool = False
) -> list[int]:
    """Per-seat points of a shoot-the-moon hand in which seat ``shooter`` (0..) took every penalty
    card.

    rules: the table's engine rule set (``Sheet.engine_rules``); totals: the
    game's per-seat totals before the hand. The engine scores it
    (``engine.scoring.score_hand``), so the moon rule has one definition:
    002 §6 the others take the total; 001's variants: the shooter subtracts
    it, or chooses (``self_scoring``), or "others unless that loses" decided
    from ``totals``. With a bonus card (Omnibus) the shooter is taken to hold
    it too. Raises ``ScoringError`` when the rules have no shooting the moon
    or the seat does not exist.
    """
    n = len(totals)
    if rules.moon == MoonRule.OFF or not rules.penalty_mask:
        raise scoring.ScoringError(_("These rules have no shooting the moon."))
    if not 0 <= shooter < n:
        raise scoring.ScoringError(_("Choose the seat that shot the moon."))
    won = [0] * n
    won[shooter] = rules.penalty_mask | rules.bonus_mask
    # Not every trick (that would be the sun): the shooter gave one away, without points.
    tricks = [0] * n
    tricks[shooter], tricks[(shooter + 1) % n] = rules.tricks_per_hand - 1, 1
    choice = None
    if rules.moon == MoonRule.CHOICE:
        choice = "self" if self_scoring else "others"
    result = score_hand(rules, won, tricks, scores_before=list(totals), moon_choice=choice)
    return list(result.points)


@dataclass(frozen=True, slots=True)
class EntryCheck:
    """The as-you-type verdict on an entry row.

    ok: the row can be recorded; message: for the arbiter, translated;
    points: the row's points when ok; fill: (seat index, points) when every
    seat but one is typed: the remainder that one key (or button) puts there.
    """

    ok: bool
    message: str
    points: tuple[int, ...] | None = None
    fill: tuple[int, int] | None = None


def parse_points(values: list[str]) -> tuple[list[int | None], list[int]]:
    """Cells as typed → (numbers or None per seat, indexes of cells that are not whole numbers).

    Only ASCII digits with an optional sign count (``tournaments.numbers.whole_number``).
    """
    numbers: list[int | None] = []
    bad = []
    for i, raw in enumerate(values):
        raw = (raw or "").strip()
        if raw == "":
            numbers.append(None)
            continue
        try:
            numbers.append(whole_number(raw))
        except ValueError:
            numbers.append(None)
            bad.append(i)
    return numbers, bad


def check_entry(sheet: Sheet, values: list[str]) -> EntryCheck:
    """Check a typed row exactly as the services will (``scoring.check_hand``, 002 §5-6).

    values: the cells as typed, seat order. Returns an ``EntryCheck`` with a
    message in the page's language: what is missing (and, with one seat left,
    the remainder it can be filled with), or why the row cannot be recorded,
    naming the card that makes it impossible.
    """
    numbers, bad = parse_points(values)
    n = len(sheet.seats)
    if bad:
        return EntryCheck(False, _("Seat %(seat)s: whole numbers only.") % {"seat": bad[0] + 1})
    filled = [p for p in numbers if p is not None]
    total = sheet.hand_total
    if len(filled) < n:
        missing = total - sum(filled)
        empty = [i for i, p in enumerate(numbers) if p is None]
        if len(empty) == 1:
            seat = empty[0]
            return EntryCheck(
                False,
                ngettext(
                    "%(sum)s of %(total)s so far: %(missing)s left for seat %(seat)s (%(name)s).",
                    "%(sum)s of %(total)s so far: %(missing)s left for seat %(seat)s (%(name)s).",
                    abs(missing),
                )
                % {
                    "sum": sum(filled),
                    "total": total,
                    "missing": missing,
                    "seat": seat + 1,
                    "name": sheet.seats[seat].name,
                },
                fill=(seat, missing),
            )
        return EntryCheck(
            False,
            ngettext(
                "%(sum)s of %(total)s so far; %(missing)s to go.",
                "%(sum)s of %(total)s so far; %(missing)s to go.",
                abs(missing),
            )
            % {"sum": sum(filled), "total": total, "missing": missing},
        )
    points = tuple(int(p) for p in numbers)  # type: ignore[arg-type]
    try:
        kind = scoring.check_hand(points, sheet.rules, sheet.totals)
    except scoring.ImpossibleHandError as exc:
        if exc.problem == "sum":
            return EntryCheck(
                False,
                _(
                    "The points add up to %(sum)s; a hand must add up to %(total)s "
                    "(or be a shoot-the-moon)."
                )
                % {"sum": sum(points), "total": total},
            )
        if exc.problem == "every_penalty_card":
            return EntryCheck(
                False, _("One seat took every penalty card: use “Shoot the moon” or “Penalty”.")
            )
        return EntryCheck(False, str(exc))
    except scoring.ScoringError as exc:
        return EntryCheck(False, str(exc))
    if kind != scoring.HAND_NORMAL:
        return EntryCheck(True, _("Shoot the moon: ready to record."), points)
    return EntryCheck(
        True, _("Adds up to %(total)s: press Enter to record.") % {"total": total}, points
    )


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One change on a table: when, who, what, and for hand scores the row before and after."""

    when: datetime
    who: str
    what: str
    hand: int | None
    before: tuple[int, ...] | None
    after: tuple[int, ...] | None
    reason: str


def table_history(table: Table, seat_positions: dict[int, int] | None = None) -> list[HistoryEntry]:
    """Every change on the table, oldest first, from the audit history (django-simple-history).

    Hands recorded, corrections (with reason, before and after), penalties
    given, changed or removed, the game closed, the result confirmed.
    5 queries whatever the number of hands, all on one committed state.
    """
    with snapshot():
        return _table_history(table, seat_positions)


def _table_history(table: Table, seat_positions: dict[int, int] | None) -> list[HistoryEntry]:
    if seat_positions is None:
        seat_positions = dict(Seat.objects.filter(table=table).values_list("id", "position"))
    n = len(seat_positions)
    numbers = dict(Hand.objects.filter(table=table).values_list("id", "number"))
    entries: list[HistoryEntry] = []

    # Hand scores: consecutive records of one hand by one user for one reason are one event.
    records = list(
        HandScore.history.filter(hand_id__in=list(numbers))
        .select_related("history_user")
        .order_by("history_date", "history_id")
    )
    state: dict[int, list[int]] = {}
    groups: list[list] = []
    for rec in records:
        key = (rec.hand_id, rec.history_type, rec.history_change_reason or "", rec.history_user_id)
        if groups and groups[-1][0] == key:
            groups[-1][1].append(rec)
        else:
            groups.append([key, [rec]])
    for (hand_id, kind, reason, _user), recs in groups:
        row = state.setdefault(hand_id, [0] * n)
        before = tuple(row)
        for rec in recs:
            if rec.seat_id in seat_positions:
                row[seat_positions[rec.seat_id]] = rec.points
        what = {"+": _("Hand recorded"), "~": _("Hand corrected"), "-": _("Hand scores removed")}[
            kind
        ]
        entries.append(
            HistoryEntry(
                when=recs[0].history_date,
                who=actor_label(recs[0]),
                what=what,
                hand=numbers.get(hand_id),
                before=None if kind == "+" else before,
                after=tuple(row),
                reason=reason,
            )
        )

    for rec in (
        Penalty.history.filter(hand_id__in=list(numbers))
        .select_related("history_user")
        .order_by("history_date")
    ):
        seat = seat_positions.get(rec.offender_id, 0) + 1
        what = {
            "+": _("Penalty to seat %(seat)s"),
            "~": _("Penalty changed: seat %(seat)s"),
            "-": _("Penalty removed"),
        }[rec.history_type] % {"seat": seat}
        entries.append(
            HistoryEntry(
                when=rec.history_date,
                who=actor_label(rec),
                what=f"{what}: {rec.reason}",
                hand=numbers.get(rec.hand_id),
                before=None,
                after=None,
                reason=rec.history_change_reason or "",
            )
        )

    previous = None
    for rec in (
        Table.history.filter(id=table.id)
        .select_related("history_user")
        .order_by("history_date", "history_id")
    ):
        if previous is not None:
            if rec.closed_by_arbiter and not previous.closed_by_arbiter:
                entries.append(
                    HistoryEntry(
                        rec.history_date,
                        actor_label(rec),
                        _("Game closed by the arbiter"),
                        None,
                        None,
                        None,
                        "",
                    )
                )
            if rec.result_confirmed_at and not previous.result_confirmed_at:
                entries.append(
                    HistoryEntry(
                        rec.history_date,
                        actor_label(rec),
                        _("Result confirmed"),
                        None,
                        None,
                        None,
                        "",
                    )
                )
            if previous.result_confirmed_at and not rec.result_confirmed_at:
                entries.append(
                    HistoryEntry(
                        rec.history_date,
                        actor_label(rec),
                        _("Result reopened"),
                        None,
                        None,
                        None,
                        rec.history_change_reason or "",
                    )
                )
        previous = rec
    entries.sort(key=lambda e: e.when)
    return entries
