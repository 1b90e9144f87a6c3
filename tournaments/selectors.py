"""Reads that keep the number of SQL queries constant whatever the tournament's size.

``standings(tournament)`` runs 4 queries (seats with their summed points,
tables with their hand counts, registrations with players, byes) and then
ranks in Python with exact fractions.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tables.models import Seat, Table

from . import scoring, seating
from .models import Bye, Registration, Round, Tournament
from .snapshot import snapshot
from .standings import (
    ByeResult,
    FinalTable,
    GameResult,
    PlayerRecord,
    StandingRow,
    final_ranking,
    rank,
)


@dataclass(frozen=True, slots=True)
class TableResult:
    """A table's game as plain data: seat order registration ids, totals, and, when ended, places
    and match points."""

    table_id: int
    round_number: int
    number: int
    hands: int
    over: bool
    registrations: tuple[int, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...] | None
    match_points: tuple[Fraction, ...] | None
    confirmed: bool = False
    engine: bool = False
    hidden: bool = False
    final: bool = False


def table_results(
    tournament: Tournament,
    *,
    round_number: int | None = None,
    only: Q | None = None,
    public: bool = False,
) -> list[TableResult]:
    """Every table of the tournament (up to ``round_number``) with totals and, for ended games, the
    result.

    only: a further filter on tables (e.g. ``Q(round=round_)``); public: leave out the
    tables of hidden rounds (what anyone may see, ``Round.hidden``). 2 queries, on one
    committed state (``snapshot``): a hand saved meanwhile counts in both or in neither.
    Tables are ordered by round and number; seats by position. ``hidden`` and ``final``
    say whether a table's round is hidden and whether it is the placement final.
    """
    with snapshot():
        return _table_results(tournament, round_number, only, public)


def _table_results(
    tournament: Tournament,
    round_number: int | None,
    only: Q | None,
    public: bool = False,
) -> list[TableResult]:
    table_filter = Q(round__tournament=tournament)
    if round_number is not None:
        table_filter &= Q(round__number__lte=round_number)
    if public:
        table_filter &= Q(round__hidden=False)
    tables = Table.objects.filter(table_filter)
    if only is not None:
        tables = tables.filter(only)
        seat_filter = Q(table__in=tables.values("id"))
    else:
        seat_filter = table_filter  # the same conditions, without a subquery (the standings' path)
    # The seats' penalty totals and the tables' hand counts are stored by tables.services with every
    # hand (Seat.points, Table.hands_recorded): no sum over every hand score of the tournament here.
    seats = (
        Seat.objects.filter(seat_filter)
        .values_list("table_id", "registration_id", "points")
        .order_by("table_id", "position")
    )
    tables = tables.values_list(
        "id",
        "number",
        "round__number",
        "closed_by_arbiter",
        "result_confirmed_at",
        "mode",
        "hands_recorded",
        "round__hidden",
        "round__kind",
    ).order_by("round__number", "number")
    registrations: dict[int, list[int]] = defaultdict(list)
    totals_of: dict[int, list[int]] = defaultdict(list)
    for table_id, registration_id, total in seats:
        registrations[table_id].append(registration_id)
        totals_of[table_id].append(total)
    rules = tournament.scoring_rules()
    points_table = tournament.match_point_table()
    shared: dict[tuple[int, ...], tuple[Fraction, ...]] = {}  # places → match points: few patterns
    results = []
    for table_id, number, round_no, closed, confirmed_at, mode, hand_count, hidden, kind in tables:
        totals = tuple(totals_of.get(table_id, ()))
        n = len(totals)
        places = match_points = None
        over = n in scoring.TABLE_SIZES and scoring.is_game_over(
            totals, hand_count, rules, closed=closed
        )
        if over:
            places = tuple(scoring.places(totals))
            match_points = shared.get(places)
            if match_points is None:
                match_points = shared[places] = scoring.shares(places, points_table[n])
        results.append(
            TableResult(
                table_id=table_id,
                round_number=round_no,
                number=number,
                hands=hand_count,
                over=over,
                registrations=tuple(registrations.get(table_id, ())),
                totals=totals,
                places=places,
                match_points=match_points,
                confirmed=confirmed_at is not None,
                engine=mode == Table.Mode.ENGINE,
                hidden=hidden,
                final=kind == Round.Kind.FINAL,
            )
        )
    return results


def player_records(
    tournament: Tournament,
    *,
    round_number: int | None = None,
    public: bool = False,
) -> dict[int, PlayerRecord]:
    """Every registration's ended games and byes (up to ``round_number``), keyed by registration id.

    public: leave out hidden rounds. 4 queries, on one committed state (``snapshot``).
    """
    with snapshot():
        return _player_records(
            tournament,
            round_number,
            table_results(tournament, round_number=round_number, public=public),
            public,
        )


def _player_records(
    tournament: Tournament,
    round_number: int | None,
    results: list[TableResult],
    public: bool,
    *,
    without_final: bool = False,
) -> dict[int, PlayerRecord]:
    """The records of ``results`` (``_table_results``) and the byes of the same rounds;
    ``without_final`` leaves the placement final out (it ranks the finalists apart,
    ``standings.final_ranking``)."""
    records = {
        r["id"]: PlayerRecord(
            registration_id=r["id"],
            player_id=r["player_id"],
            name=r["player__name"],
            club=r["player__club"],
            withdrawn=r["withdrawn"],
        )
        for r in Registration.objects.filter(tournament=tournament).values(
            "id", "player_id", "player__name", "player__club", "withdrawn"
        )
    }
    round_totals: dict[int, list[int]] = defaultdict(list)
    for result in results:
        if not result.over or (without_final and result.final):
            continue
        round_totals[result.round_number].extend(result.totals)
        for registration_id, points, place, match_points in zip(
            result.registrations,
            result.totals,
            result.places,
            result.match_points,
        ):
            records[registration_id].games.append(
                GameResult(
                    result.round_number,
                    result.table_id,
                    points,
                    place,
                    match_points,
                    result.registrations,
                )
            )
    byes = Bye.objects.filter(round__tournament=tournament)
    if round_number is not None:
        byes = byes.filter(round__number__lte=round_number)
    if public:
        byes = byes.filter(round__hidden=False)
    if without_final:
        byes = byes.exclude(round__kind=Round.Kind.FINAL)
    bye_points = tournament.bye_points()
    for registration_id, number in byes.values_list("registration_id", "round__number"):
        if tournament.bye_result_points is not None:
            points = tournament.bye_result_points
        else:
            totals = round_totals.get(number, [])
            # The round's mean result points, rounded half up, so result points stay whole numbers.
            points = int(Fraction(sum(totals), len(totals)) + Fraction(1, 2)) if totals else 0
        records[registration_id].byes.append(ByeResult(number, bye_points, points))
    return records


def standings(
    tournament: Tournament, *, round_number: int | None = None, public: bool = False
) -> list[StandingRow]:
    """The tournament's standings after ``round_number`` (all rounds when None); 4 queries.

    Only ended games count (a game in progress has no places yet).
    public: computed from the rounds that are not hidden only (what anyone
    may see; the staff and the seating of the next round use every round).
    When the rounds counted include the placement final and the tournament's
    ``finals_decide`` is on, the finalists rank first, by final table and
    their places in it, above the Swiss standings of the other rounds
    (``standings.final_ranking``); otherwise the final counts as a round.
    Raises ``ValueError`` if the tournament's tiebreak order is invalid.
    """
    with snapshot():
        results = _table_results(tournament, round_number, None, public)
        decide = tournament.finals_decide and any(r.final for r in results)
        records = _player_records(tournament, round_number, results, public, without_final=decide)
    rows = rank(records.values(), tournament.tiebreak_order())
    if decide:
        finals = [
            FinalTable(r.number, r.registrations, r.places, r.match_points)
            for r in results
            if r.final
        ]
        rows = final_ranking(rows, finals)
    return rows


def hidden_round_numbers(tournament: Tournament) -> list[int]:
    """The numbers of the tournament's hidden rounds, in order (1 query)."""
    return list(
        tournament.rounds.filter(hidden=True).order_by("number").values_list("number", flat=True)
    )


# --- what a decision will do (the organizer's confirmation pages) ------------------------------


@dataclass(frozen=True, slots=True)
class DecisionPlan:
    """What locking a round or finishing a tournament would do, stated before it is done.

    blocking: translated reasons that refuse the decision now (empty: it can
    be taken); consequences: translated sentences stating its effects;
    unfinished: numbers of the tables whose game has not ended (locking ends
    them as when time is up).
    """

    blocking: list[str]
    consequences: list[str]
    unfinished: list[int]


def number_list(numbers) -> str:
    """Numbers as a phrase in the page's language: [3] → "3", [3, 4] → "3 and 4", [2, 3, 5] → "2, 3
    and 5"."""
    items = [str(n) for n in numbers]
    if len(items) < 2:
        return "".join(items)
    return _("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def lock_plan(round_: Round) -> DecisionPlan:
    """What locking ``round_`` would do (2 queries): tables not finished, not confirmed, without
    hands."""
    results = table_results(round_.tournament, only=Q(round=round_))
    empty = [r.number for r in results if r.hands == 0]
    unfinished = [r.number for r in results if r.hands and not r.over]
    unconfirmed = [r.number for r in results if r.over and not r.confirmed]
    blocking, consequences = [], []
    if empty:
        blocking.append(
            ngettext(
                "Table %(tables)s has no hand recorded: enter its hands before locking the round.",
                "Tables %(tables)s have no hand recorded: enter their hands before locking the "
                "round.",
                len(empty),
            )
            % {"tables": number_list(empty)}
        )
    if unfinished:
        consequences.append(
            ngettext(
                "Table %(tables)s has not finished its game: locking ends it now with the hands "
                "recorded so far.",
                "Tables %(tables)s have not finished their game: locking ends them now with the "
                "hands recorded so far.",
                len(unfinished),
            )
            % {"tables": number_list(unfinished)}
        )
    if unconfirmed:
        consequences.append(
            ngettext(
                "Table %(tables)s has not been confirmed by an arbiter: its result becomes final "
                "as it is.",
                "Tables %(tables)s have not been confirmed by an arbiter: their results become "
                "final as they are.",
                len(unconfirmed),
            )
            % {"tables": number_list(unconfirmed)}
        )
    consequences.append(
        _("No hand can be entered or corrected in round %(n)s until the organizer reopens it.")
        % {"n": round_.number}
    )
    return DecisionPlan(blocking, consequences, unfinished)


def finish_plan(tournament: Tournament) -> DecisionPlan:
    """What finishing ``tournament`` would do (1 query): rounds not locked, planned Swiss rounds
    not played (a placement final is not one of them: early finals leave Swiss rounds unplayed)."""
    rounds = list(tournament.rounds.order_by("number").values_list("number", "status", "kind"))
    blocking, consequences = [], []
    if not rounds:
        blocking.append(_("No round has been played."))
    open_rounds = [n for n, status, _kind in rounds if status != Round.Status.LOCKED]
    if open_rounds:
        blocking.append(
            ngettext(
                "Round %(rounds)s is not locked: lock it first.",
                "Rounds %(rounds)s are not locked: lock them first.",
                len(open_rounds),
            )
            % {"rounds": number_list(open_rounds)}
        )
    swiss = [n for n, _status, kind in rounds if kind != Round.Kind.FINAL]
    finals = len(swiss) < len(rounds)
    played = swiss[-1] if swiss else 0
    missing = list(range(played + 1, tournament.rounds_planned + 1))
    if missing and finals:  # the final took a number of its own: name the count, not the numbers
        consequences.append(
            ngettext(
                "Only %(played)s of the %(planned)s planned Swiss round was played before the "
                "finals.",
                "Only %(played)s of the %(planned)s planned Swiss rounds were played before the "
                "finals.",
                tournament.rounds_planned,
            )
            % {"played": len(swiss), "planned": tournament.rounds_planned}
        )
    elif missing:
        consequences.append(
            ngettext(
                "Round %(rounds)s of %(planned)s is not played.",
                "Rounds %(rounds)s of %(planned)s are not played.",
                len(missing),
            )
            % {"rounds": number_list(missing), "planned": tournament.rounds_planned}
        )
    consequences.append(
        _(
            "The standings become final: no result can change until the organizer reopens the "
            "tournament."
        )
    )
    return DecisionPlan(blocking, consequences, [])


# --- seating as it was saved (the organizer's seating page, the seating service, exports) -------


def seating_history(
    tournament: Tournament, *, before: int | None = None
) -> dict[int, seating.Seating]:
    """The tournament's rounds (before round number ``before``) as plain
    seatings of registration ids, keyed by round number; 2 queries."""
    seats = Seat.objects.filter(round__tournament=tournament)
    byes = Bye.objects.filter(round__tournament=tournament)
    if before is not None:
        seats = seats.filter(round__number__lt=before)
        byes = byes.filter(round__number__lt=before)
    tables: dict[int, dict[int, list[int]]] = {}
    for number, table, registration in seats.order_by(
        "round__number", "table__number", "position"
    ).values_list("round__number", "table__number", "registration_id"):
        tables.setdefault(number, {}).setdefault(table, []).append(registration)
    bye_lists: dict[int, list[int]] = {}
    for number, registration in byes.order_by("round__number", "registration_id").values_list(
        "round__number", "registration_id"
    ):
        bye_lists.setdefault(number, []).append(registration)
    numbers = sorted(set(tables) | set(bye_lists))
    return {
        n: seating.Seating(
            tuple(tuple(t) for _, t in sorted(tables.get(n, {}).items())),
            tuple(bye_lists.get(n, ())),
        )
        for n in numbers
    }


def round_seating(round_: Round) -> seating.Seating:
    """One saved round as a plain seating (tables in number order)."""
    return seating_history(round_.tournament, before=round_.number + 1).get(
        round_.number, seating.Seating(())
    )


def repeats_in_round(round_: Round) -> list[seating.Repeat]:
    """Pairs at one table of ``round_`` who met in an earlier round (players
    are registration ids), for the organizer's page."""
    past = seating_history(round_.tournament, before=round_.number + 1)
    current = past.pop(round_.number, seating.Seating(()))
    return seating.find_repeats(current, [past[n] for n in sorted(past)])
