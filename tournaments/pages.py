"""Reads for the public and organizer pages, each with a constant number of SQL queries.

Plain data out (dataclasses), no HTML. Views call these and render; nothing
here writes. Standings come from ``tournaments.selectors.standings``; this
module adds what the pages need around them: a round's tables with names
and totals, one player's games, and a cheap *fingerprint* that changes
whenever anything that the standings depend on changes (live polling).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Count, IntegerField, Max, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from tables.models import Table

from . import names, seating, selectors
from .models import Bye, Registration, Round, Tournament
from .snapshot import snapshot
from .standings import StandingRow


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat of a table: position 0.. (clockwise), the player, the game's penalty total so
    far."""

    position: int
    registration_id: int
    player_id: int
    name: str
    club: str
    total: int
    place: int | None = None
    match_points: Fraction | None = None


@dataclass(frozen=True, slots=True)
class TableView:
    """A table of a round, as the pages show it.

    hands: hands recorded; over: the game has ended (places and match
    points are then set on the seats); confirmed: the arbiter confirmed it;
    hidden: its round is hidden (``Round.hidden``); for the public its results
    are then left out (:func:`conceal`).
    """

    table_id: int
    round_number: int
    number: int
    hands: int
    over: bool
    confirmed: bool
    seats: tuple[SeatView, ...]
    engine: bool = False
    hidden: bool = False
    concealed: bool = False

    @property
    def status(self) -> str:
        if self.concealed:
            return "hidden"
        return (
            "confirmed"
            if self.confirmed
            else "ended"
            if self.over
            else "playing"
            if self.hands
            else "waiting"
        )


def conceal(table: TableView) -> TableView:
    """``table`` as the public sees it while its round is hidden: who sits where, no hand, total or
    result."""
    return dataclasses.replace(
        table,
        hands=0,
        over=False,
        confirmed=False,
        concealed=True,
        seats=tuple(
            dataclasses.replace(s, total=0, place=None, match_points=None) for s in table.seats
        ),
    )


def _tables(tournament: Tournament, table_filter: Q, *, public: bool = False) -> list[TableView]:
    """Tables matching ``table_filter`` with seats, names and totals: 3 queries, on one committed
    state.

    Results (game over, places, match points) come from ``selectors.table_results``;
    public: the tables of hidden rounds are concealed (:func:`conceal`).
    """
    with snapshot():
        views = _table_views(tournament, table_filter)
    return [conceal(v) if public and v.hidden else v for v in views]


def _table_views(tournament: Tournament, table_filter: Q) -> list[TableView]:
    results = selectors.table_results(tournament, only=table_filter)
    wanted = {r for result in results for r in result.registrations}
    people = (
        {
            reg_id: (player_id, name, club)
            for reg_id, player_id, name, club in Registration.objects.filter(
                id__in=wanted
            ).values_list("id", "player_id", "player__name", "player__club")
        }
        if wanted
        else {}
    )
    views = []
    for result in results:
        n = len(result.totals)
        places = result.places or [None] * n
        points = result.match_points or [None] * n
        views.append(
            TableView(
                table_id=result.table_id,
                round_number=result.round_number,
                number=result.number,
                hands=result.hands,
                over=result.over,
                confirmed=result.confirmed,
                engine=result.engine,
                hidden=result.hidden,
                seats=tuple(
                    SeatView(
                        position=position,
                        registration_id=reg,
                        player_id=people[reg][0],
                        name=people[reg][1],
                        club=people[reg][2],
                        total=total,
                        place=pl,
                        match_points=mp,
                    )
                    for position, (reg, total, pl, mp) in enumerate(
                        zip(result.registrations, result.totals, places, points)
                    )
                ),
            )
        )
    return views


def round_tables(tournament: Tournament, round_: Round, *, public: bool = False) -> list[TableView]:
    """Every table of one round, ordered by number (3 queries); public: concealed when the round is
    hidden."""
    return _tables(tournament, Q(round=round_), public=public)


def round_byes(round_: Round) -> list[tuple[int, str]]:
    """(player id, name) of the players with a bye in the round (1 query)."""
    return list(
        Bye.objects.filter(round=round_)
        .order_by("registration__player__name")
        .values_list("registration__player_id", "registration__player__name")
    )


def find_seats(tables: list[TableView], query: str) -> list[TableView]:
    """The tables where a player whose name ``query`` finds sits ("where do I sit?"); all when
    empty.

    Without case, accents or apostrophe variants (``names.matches``: "niccolo" finds "Niccolò"),
    in Python over the round's seats, so SQLite and PostgreSQL answer alike.
    """
    if not query.strip():
        return tables
    return [t for t in tables if any(names.matches(s.name, query) for s in t.seats)]


@dataclass(frozen=True, slots=True)
class Opponent:
    player_id: int
    name: str
    position: int


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """One game of a player: where, against whom, and (once ended) the result."""

    round_number: int
    table_number: int
    position: int
    hands: int
    over: bool
    confirmed: bool
    points: int
    place: int | None
    match_points: Fraction | None
    opponents: tuple[Opponent, ...]
    hidden: bool = False
    concealed: bool = False


@dataclass
class PlayerPage:
    """Everything the player page shows. Totals count ended games and byes only (as the standings
    do)."""

    registration: Registration
    games: list[PlayerGame] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    match_points: Fraction = Fraction(0)
    result_points: int = 0


def player_page(
    tournament: Tournament, registration: Registration, *, public: bool = False
) -> PlayerPage:
    """One player's games in a tournament, with opponents and results: 4 queries whatever the size.

    Bye rounds are listed with the tournament's bye match points; their
    result points (the round's average when not fixed) are left to the
    standings, so ``result_points`` here counts played games only.
    public: games of hidden rounds are listed without their results
    (``concealed``) and left out of the totals, as are byes of hidden rounds.
    All 4 queries read one committed state (``snapshot``).
    """
    with snapshot():
        return _player_page(tournament, registration, public)


def _player_page(
    tournament: Tournament, registration: Registration, public: bool = False
) -> PlayerPage:
    tables = _tables(
        tournament, Q(round__tournament=tournament, seats__registration=registration), public=public
    )
    page = PlayerPage(registration=registration)
    for t in tables:
        me = next(s for s in t.seats if s.registration_id == registration.id)
        page.games.append(
            PlayerGame(
                round_number=t.round_number,
                table_number=t.number,
                position=me.position,
                hands=t.hands,
                over=t.over,
                confirmed=t.confirmed,
                points=me.total,
                place=me.place,
                match_points=me.match_points,
                opponents=tuple(
                    Opponent(s.player_id, s.name, s.position) for s in t.seats if s is not me
                ),
                hidden=t.hidden,
                concealed=t.concealed,
            )
        )
        if t.over:
            page.match_points += me.match_points
            page.result_points += me.total
    byes = Bye.objects.filter(registration=registration)
    if public:
        byes = byes.filter(round__hidden=False)
    page.byes = list(byes.order_by("round__number").values_list("round__number", flat=True))
    page.match_points += tournament.bye_points() * len(page.byes)
    return page


def fingerprint(tournament: Tournament) -> str:
    """A short string that changes whenever the standings could change (1 query).

    It sums the tables' ``version`` (raised by every hand, correction, close
    and confirmation, never lowered), counts tables and registrations
    (withdrawals included) and byes, and adds the tournament's scoring
    settings and ``names_revision`` (raised when a player's name is corrected,
    ``organizer.edit_player``), read from the instance, no query. Live pages
    poll with it and get "no change" (204) without computing the standings;
    rendered standings are cached under it (:func:`cached`).
    """
    # order_by(): the models' default orderings would join players and rounds into every subquery.
    tables = (
        Table.objects.filter(round__tournament=OuterRef("pk"))
        .order_by()
        .values("round__tournament")
    )
    regs = Registration.objects.filter(tournament=OuterRef("pk")).order_by().values("tournament")
    byes = (
        Bye.objects.filter(round__tournament=OuterRef("pk")).order_by().values("round__tournament")
    )

    def scalar(qs, expr):
        return Coalesce(
            Subquery(qs.annotate(v=expr).values("v")[:1], output_field=IntegerField()), Value(0)
        )

    row = (
        Tournament.objects.filter(pk=tournament.pk)
        .annotate(
            v=scalar(tables, Sum("version")),
            n=scalar(tables, Count("id")),
            top=scalar(tables, Max("id")),
            r=scalar(regs, Count("id")),
            w=scalar(regs, Count("id", filter=Q(withdrawn=True))),
            b=scalar(byes, Count("id")),
        )
        .values("v", "n", "top", "r", "w", "b")
        .get()
    )
    settings = (
        tournament.status,
        tournament.scoring,
        tournament.match_points,
        tournament.tiebreak_order(),
        tournament.bye_match_points,
        tournament.bye_result_points,
        tournament.game_end,
        tournament.target_points,
        tournament.hands_per_game,
        tournament.names_revision,
        tournament.visibility_revision,
        tournament.finals_decide,
    )
    raw = "-".join(str(row[k]) for k in ("v", "n", "top", "r", "w", "b")) + repr(settings)
    return hashlib.blake2s(raw.encode(), digest_size=6).hexdigest()


def cached(tournament: Tournament, fp: str, part: str, build, *, timeout: int = 3600):
    """``build()``'s value, cached (Django's cache) under the tournament, ``part`` and fingerprint
    ``fp``.

    Standings of 1,000 players take most of a second to compute and render;
    they only change when the fingerprint does, so every page view between two
    results is served from the cache. ``build`` must return picklable data.
    """
    from django.core.cache import cache

    key = f"cuori:{tournament.pk}:{part}:{fp}"
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, timeout)
    return value


@dataclass(frozen=True, slots=True)
class SeatingSeat:
    """A seat on the organizer's seating page: ``repeats`` names the players at the table met
    before, with counts; ``club`` is the player's club ("" when none)."""

    position: int
    registration_id: int
    name: str
    repeats: tuple[tuple[str, int], ...]
    club: str = ""


@dataclass(frozen=True, slots=True)
class SeatingPage:
    """A round's seating for the organizer: tables (number, seats), byes, and every repeated
    pair."""

    tables: tuple[tuple[int, tuple[SeatingSeat, ...]], ...]
    byes: tuple[tuple[int, str], ...]
    repeats: tuple[tuple[int, str, str, int], ...]  # (table number, name, name, times met before)
    unavoidable: int = 0  # repeated pairs no seating of these players avoids after earlier rounds
    schedule_kept: str = ""  # why the plan re-formed around absentees repeats pairs, or ""


def seating_page(round_: Round) -> SeatingPage:
    """The seating of ``round_`` with the pairs who met in earlier rounds, how many of them
    no seating of its players could avoid (``seating.unavoidable_repeats``), and whether they
    were taken to keep the tournament's plan through an absence (``Round.schedule_kept``);
    3 queries."""
    past = selectors.seating_history(round_.tournament, before=round_.number + 1)
    current = past.get(round_.number)
    people = {
        reg: (name, club)
        for reg, name, club in Registration.objects.filter(
            tournament=round_.tournament
        ).values_list("id", "player__name", "player__club")
    }
    names = {reg: name for reg, (name, _club) in people.items()}
    if current is None:
        return SeatingPage((), (), ())
    repeats = selectors.repeats_in_round(round_) if len(past) > 1 else []
    met: dict[int, list[tuple[str, int]]] = defaultdict(list)
    for r in repeats:
        a, b = r.players
        met[a].append((names[b], r.times_met))
        met[b].append((names[a], r.times_met))
    tables = tuple(
        (
            number,
            tuple(
                SeatingSeat(i, reg, names[reg], tuple(met.get(reg, ())), people[reg][1])
                for i, reg in enumerate(table)
            ),
        )
        for number, table in enumerate(current.tables, 1)
    )
    return SeatingPage(
        tables=tables,
        byes=tuple((reg, names[reg]) for reg in current.byes),
        repeats=tuple(
            (r.table + 1, names[r.players[0]], names[r.players[1]], r.times_met) for r in repeats
        ),
        unavoidable=seating.unavoidable_repeats(
            current, [seated for number, seated in sorted(past.items()) if number < round_.number]
        ),
        schedule_kept=round_.schedule_kept_note(),
    )


# --- the standings in short: the public page's top ten, the podium, the projector ---------------


def standing_lines(
    tournament: Tournament, fp: str | None = None, *, public: bool = False
) -> list[StandingRow]:
    """The live standings (``standings.StandingRow``), withdrawn players included and marked; empty
    while no game has ended (a list of players all on 0 ranks nobody).

    public: from the rounds that are not hidden only (``selectors.standings``).
    Cached under the fingerprint ``fp`` (computed when not given: 1 query); 4 more queries when the
    cache is cold (``selectors.standings``), whatever the number of players.
    """
    fp = fp or fingerprint(tournament)

    def build() -> list[StandingRow]:
        rows = selectors.standings(tournament, public=public)
        return rows if any(row.games for row in rows) else []

    return cached(tournament, fp, "standing-rows-public" if public else "standing-rows", build)


def active_lines(lines: list[StandingRow]) -> list[StandingRow]:
    """``lines`` without the withdrawn players (the public mini-standings and the projector leave
    them out)."""
    return [line for line in lines if not line.withdrawn]


@dataclass(frozen=True, slots=True)
class PodiumStep:
    """A place of the podium (1, 2 or 3) and the players who share it (more than one when tied)."""

    place: int
    lines: tuple[StandingRow, ...]


def podium(lines: list[StandingRow]) -> list[PodiumStep]:
    """Places 1 to 3 of the standings ``lines`` (in rank order): players tied share a place and the
    next place is skipped, as in the standings (1, 1, 3: two firsts and a third, no second; 1, 2, 2,
    2: a first and three seconds, no third). Empty when ``lines`` is."""
    steps: dict[int, list[StandingRow]] = {}
    for line in lines:
        if line.rank > 3:
            break
        steps.setdefault(line.rank, []).append(line)
    return [PodiumStep(place, tuple(group)) for place, group in steps.items()]


def hidden_note(hidden: list[int], numbers: list[int]) -> str:
    """What the public standings leave out, in words (translated; "" when no round is hidden).

    hidden: numbers of the hidden rounds; numbers: every round's number. "Standings after round 3;
    later rounds are hidden." when the hidden rounds are the last ones, else naming them.
    """
    from django.utils.translation import gettext as _
    from django.utils.translation import ngettext

    if not hidden:
        return ""
    public = [n for n in numbers if n not in hidden]
    if public and min(hidden) > max(public):
        return _("Standings after round %(n)s; later rounds are hidden.") % {"n": max(public)}
    return ngettext(
        "Round %(rounds)s is hidden: its results are not counted here.",
        "Rounds %(rounds)s are hidden: their results are not counted here.",
        len(hidden),
    ) % {"rounds": selectors.number_list(hidden)}
