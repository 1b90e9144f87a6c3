"""The arbiter's score sheet as plain data: hands as rows, seats as columns, running totals.

Reads only (a constant 5 queries per sheet, 5 more for the history); the
writes are ``tables.services``. Also the two small pure helpers the sheet's
buttons need: the points of a shoot-the-moon hand given who shot
(:func:`moon_points`), and the as-you-type check of an entry row with a
translated message (:func:`check_entry`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext as _

from tournaments import rulesets, scoring
from tournaments.models import Round, Tournament

from .models import Hand, HandScore, Penalty, Seat, Table


@dataclass(frozen=True, slots=True)
class SheetSeat:
    position: int
    player_id: int
    name: str
    club: str


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One recorded hand. points/totals: per seat, seat order; penalty: (offender position, reason) or None."""

    number: int
    dealer: int
    pass_direction: str
    points: tuple[int, ...]
    totals: tuple[int, ...]
    penalty: tuple[int, str] | None
    corrected: bool


@dataclass
class Sheet:
    """A table's game as the score sheet shows it.

    ``over``: the game has ended (002 §15, fixed hands, or closed); then
    ``places`` and ``match_points`` are per seat. ``next_*`` describe the
    hand to enter next.
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

    @property
    def confirmed(self) -> bool:
        return self.table.result_confirmed_at is not None

    @property
    def editable(self) -> bool:
        """Hands may still be entered or corrected (round not locked, result not confirmed)."""
        return (
            not self.confirmed and self.round.status != Round.Status.LOCKED
            and self.tournament.status != Tournament.Status.FINISHED
        )

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
        return self.rules.moon_rule != scoring.MOON_OFF

    @property
    def moon_choice(self) -> bool:
        return self.rules.moon_rule == scoring.MOON_CHOICE


def load_table(slug: str, round_number: int, table_number: int) -> Table:
    """The table with its round and tournament (1 query); ``Table.DoesNotExist`` when absent."""
    return Table.objects.select_related("round__tournament").get(
        round__tournament__slug=slug, round__number=round_number, number=table_number,
    )


def load_sheet(table: Table) -> Sheet:
    """Build the sheet of ``table`` (loaded with ``load_table``): 4 queries whatever the number of hands."""
    tournament = table.round.tournament
    seats = list(
        Seat.objects.filter(table=table).order_by("position")
        .values_list("id", "position", "registration__player_id", "registration__player__name",
                     "registration__player__club")
    )
    index = {seat_id: i for i, (seat_id, *_rest) in enumerate(seats)}
    n = len(seats)
    hands = list(Hand.objects.filter(table=table).order_by("number").values_list("id", "number", "dealer", "pass_direction"))
    points: dict[int, list[int]] = {hand_id: [0] * n for hand_id, *_ in hands}
    for hand_id, seat_id, p in HandScore.objects.filter(hand__table=table).values_list("hand_id", "seat_id", "points"):
        points[hand_id][index[seat_id]] = p
    penalties = {
        hand_id: (index[offender], reason)
        for hand_id, offender, reason in Penalty.objects.filter(hand__table=table).values_list("hand_id", "offender_id", "reason")
    }
    corrected = set(
        HandScore.history.filter(hand_id__in=list(points), history_type="~").values_list("hand_id", flat=True)
    ) if hands else set()
    rules = tournament.scoring_rules()
    rows, totals = [], [0] * n
    for hand_id, number, dealer, direction in hands:
        totals = [t + p for t, p in zip(totals, points[hand_id])]
        rows.append(SheetRow(number, dealer, direction, tuple(points[hand_id]), tuple(totals),
                             penalties.get(hand_id), hand_id in corrected))
    over, places, match_points = scoring.game_result(
        totals, len(rows), rules, tournament.match_point_table(), closed=table.closed_by_arbiter,
    )
    next_number = len(rows) + 1
    return Sheet(
        table=table, tournament=tournament, round=table.round,
        seats=[SheetSeat(pos, pid, name, club) for _id, pos, pid, name, club in seats],
        rows=rows, totals=tuple(totals), over=over,
        places=places, match_points=match_points,
        next_number=next_number,
        next_dealer=rulesets.dealer(n, next_number) if n else 0,
        next_pass=rulesets.pass_direction(tournament.rules, n, next_number) if n in scoring.TABLE_SIZES else "",
        rules=rules,
    )


def moon_points(rules: scoring.ScoringRules, totals: tuple[int, ...], shooter: int, *, self_scoring: bool = False) -> list[int]:
    """Per-seat points of a shoot-the-moon hand in which seat ``shooter`` (0..) took every penalty card.

    Picks the pattern the rules allow (002 §6: the others take the hand
    total; 001's variants: the shooter subtracts it, or chooses with
    ``self_scoring``; "others unless that loses" decides from ``totals``).
    With a bonus card the shooter is taken to hold it too. Raises
    ``ScoringError`` when the rules have no shooting the moon or the seat
    does not exist.
    """
    n = len(totals)
    if rules.moon_rule == scoring.MOON_OFF:
        raise scoring.ScoringError(_("These rules have no shooting the moon."))
    if not 0 <= shooter < n:
        raise scoring.ScoringError(_("Choose the seat that shot the moon."))
    candidates = []
    for pattern, kind in scoring.moon_patterns(n, rules, totals).items():
        others = [p for i, p in enumerate(pattern) if i != shooter]
        if kind == scoring.HAND_MOON and len(set(others)) == 1 and pattern[shooter] < others[0]:
            candidates.append(list(pattern))
    if not candidates:
        raise scoring.ScoringError(_("No shoot-the-moon pattern fits these rules."))
    # "self" patterns leave the others at 0; "others" patterns give them the total.
    selfish = [c for c in candidates if c[(shooter + 1) % n] == 0]
    generous = [c for c in candidates if c[(shooter + 1) % n] != 0]
    if rules.moon_rule == scoring.MOON_CHOICE:
        chosen = selfish if self_scoring else generous
    else:
        chosen = generous or selfish
    return chosen[0] if chosen else candidates[0]


@dataclass(frozen=True, slots=True)
class EntryCheck:
    """The as-you-type verdict on an entry row: ``ok`` when it can be recorded; ``message`` translated."""

    ok: bool
    message: str
    points: tuple[int, ...] | None = None


def parse_points(values: list[str]) -> tuple[list[int | None], list[int]]:
    """Cells as typed → (numbers or None per seat, indexes of cells that are not whole numbers)."""
    numbers: list[int | None] = []
    bad = []
    for i, raw in enumerate(values):
        raw = (raw or "").strip().replace("\u2212", "-")
        if raw == "":
            numbers.append(None)
            continue
        try:
            numbers.append(int(raw))
        except ValueError:
            numbers.append(None)
            bad.append(i)
    return numbers, bad


def check_entry(sheet: Sheet, values: list[str]) -> EntryCheck:
    """Check a typed row against the rules (002 §5-6): sum, moon patterns, the lowest points.

    Returns an ``EntryCheck`` with a message for the arbiter in the page's
    language: what is missing, or why the row cannot be recorded.
    """
    numbers, bad = parse_points(values)
    n = len(sheet.seats)
    if bad:
        return EntryCheck(False, _("Seat %(seat)s: whole numbers only.") % {"seat": bad[0] + 1})
    filled = [p for p in numbers if p is not None]
    total = sheet.rules.hand_total
    if len(filled) < n:
        missing = total - sum(filled)
        return EntryCheck(False, _("%(sum)s of %(total)s so far; %(missing)s to go.")
                          % {"sum": sum(filled), "total": total, "missing": missing})
    points = tuple(int(p) for p in numbers)  # type: ignore[arg-type]
    try:
        kind = scoring.check_hand(points, sheet.rules, sheet.totals)
    except scoring.ScoringError:
        found = sum(points)
        low = [i for i, p in enumerate(points) if p < sheet.rules.min_points]
        if low:
            return EntryCheck(False, _("Seat %(seat)s: no fewer than %(min)s points.")
                              % {"seat": low[0] + 1, "min": sheet.rules.min_points})
        if found == total:
            return EntryCheck(False, _("One seat took every penalty card: use “Shoot the moon” or “Penalty”."))
        return EntryCheck(False, _("The points add up to %(sum)s; a hand must add up to %(total)s "
                                   "(or be a shoot-the-moon).") % {"sum": found, "total": total})
    if kind != scoring.HAND_NORMAL:
        return EntryCheck(True, _("Shoot the moon: ready to record."), points)
    return EntryCheck(True, _("Adds up to %(total)s: press Enter to record.") % {"total": total}, points)


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


def _who(record) -> str:
    user = record.history_user
    if user is None:
        return "—"
    return user.get_full_name() or user.get_username()


def table_history(table: Table, seat_positions: dict[int, int] | None = None) -> list[HistoryEntry]:
    """Every change on the table, oldest first, from the audit history (django-simple-history).

    Hands recorded, corrections (with reason, before and after), penalties
    given, changed or removed, the game closed, the result confirmed.
    5 queries whatever the number of hands.
    """
    if seat_positions is None:
        seat_positions = dict(Seat.objects.filter(table=table).values_list("id", "position"))
    n = len(seat_positions)
    numbers = dict(Hand.objects.filter(table=table).values_list("id", "number"))
    entries: list[HistoryEntry] = []

    # Hand scores: consecutive records of one hand by one user for one reason are one event.
    records = list(
        HandScore.history.filter(hand_id__in=list(numbers)).select_related("history_user")
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
        what = {"+": _("Hand recorded"), "~": _("Hand corrected"), "-": _("Hand scores removed")}[kind]
        entries.append(HistoryEntry(
            when=recs[0].history_date, who=_who(recs[0]), what=what, hand=numbers.get(hand_id),
            before=None if kind == "+" else before, after=tuple(row), reason=reason,
        ))

    for rec in Penalty.history.filter(hand_id__in=list(numbers)).select_related("history_user").order_by("history_date"):
        seat = seat_positions.get(rec.offender_id, 0) + 1
        what = {
            "+": _("Penalty to seat %(seat)s"), "~": _("Penalty changed: seat %(seat)s"), "-": _("Penalty removed"),
        }[rec.history_type] % {"seat": seat}
        entries.append(HistoryEntry(
            when=rec.history_date, who=_who(rec), what=f"{what}: {rec.reason}", hand=numbers.get(rec.hand_id),
            before=None, after=None, reason=rec.history_change_reason or "",
        ))

    previous = None
    for rec in Table.history.filter(id=table.id).select_related("history_user").order_by("history_date", "history_id"):
        if previous is not None:
            if rec.closed_by_arbiter and not previous.closed_by_arbiter:
                entries.append(HistoryEntry(rec.history_date, _who(rec), _("Game closed by the arbiter"), None, None, None, ""))
            if rec.result_confirmed_at and not previous.result_confirmed_at:
                entries.append(HistoryEntry(rec.history_date, _who(rec), _("Result confirmed"), None, None, None, ""))
        previous = rec
    entries.sort(key=lambda e: e.when)
    return entries
