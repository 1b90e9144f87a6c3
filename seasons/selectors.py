"""Reads of seasons and ratings (never writing; ``seasons.services`` writes).

- :func:`rated_games`: the tables of a tournament that count for the ratings,
  as plain data in rating order (what ``services`` compares with the log);
- :func:`season_board`: a season's leaderboard page (its tournaments, which
  count, and the rows of ``seasons.leaderboard``);
- :func:`ratings_page` and :func:`player_rating`: the ratings as shown.

Queries do not grow with the number of players: a season costs a fixed number
per tournament (its final standings are cached per tournament fingerprint,
``tournaments.pages.cached``), the ratings page two.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from django.core.paginator import Page, Paginator
from django.db.models import Count, F, Func, IntegerField, OuterRef, Q, Subquery, Window
from django.db.models.functions import Rank
from django.utils import timezone

from tables.models import Table
from tournaments import pages, selectors
from tournaments.models import Player, Registration, Round, Tournament

from . import leaderboard
from .models import Rating, Season

# --- the ratings' order and the tables that count -------------------------------------------------


def tournament_day(tournament: Tournament) -> date:
    """The day a tournament sorts by in the ratings: its start date, or the day it was created."""
    if tournament.start_date is not None:
        return tournament.start_date
    return (
        timezone.localdate(tournament.created_at) if tournament.created_at else timezone.localdate()
    )


def order_key(day: date, tournament_id: int, round_number: int, table_number: int) -> str:
    """The ratings log's sort key, as text that sorts like the tuple (day, tournament, round,
    table): ``"2026-03-14|000000000042|003|0012"``."""
    return f"{day.isoformat()}|{tournament_id:012d}|{round_number:03d}|{table_number:04d}"


def tournament_key(day: date, tournament_id: int) -> str:
    """The prefix of every key of one tournament's tables (sorts before all of them)."""
    return f"{day.isoformat()}|{tournament_id:012d}|"


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A table that counts for the ratings: its key, ids, and per seat the player id and place."""

    order_key: str
    table_id: int
    tournament_id: int
    round_number: int
    number: int
    players: tuple[int, ...]
    places: tuple[int, ...]


def counts_for_ratings(tournament: Tournament) -> bool:
    """Whether a tournament's tables may count at all: a published one (drafts are not public)."""
    return tournament.status != Tournament.Status.DRAFT


def rated_games(tournament: Tournament, *, only: Q | None = None) -> list[RatedGame]:
    """The tournament's tables (or those of ``only``, a filter on tables) that count for the
    ratings, by key.

    A table counts when its game is over (``tournaments.selectors.table_results``: the target
    reached, the hands played or closed by the arbiter) and its result is final: confirmed, or its
    round locked, or the tournament finished (``tables.sheet.final_reason``), in a published
    tournament, and its round is not hidden (the ratings are public: a hidden round's tables wait
    until the organizer releases them). 4 queries.
    """
    if not counts_for_ratings(tournament):
        return []
    results = selectors.table_results(tournament, only=only, public=True)
    if not results:
        return []
    locked = set(
        Round.objects.filter(tournament=tournament, status=Round.Status.LOCKED).values_list(
            "number", flat=True
        )
    )
    finished = tournament.status == Tournament.Status.FINISHED
    person = dict(Registration.objects.filter(tournament=tournament).values_list("id", "player_id"))
    day = tournament_day(tournament)
    games = []
    for r in results:
        if not r.over or not (r.confirmed or finished or r.round_number in locked):
            continue
        games.append(
            RatedGame(
                order_key(day, tournament.pk, r.round_number, r.number),
                r.table_id,
                tournament.pk,
                r.round_number,
                r.number,
                tuple(person[reg] for reg in r.registrations),
                tuple(r.places),
            )
        )
    return games


def tables_of(table_ids: Iterable[int]) -> dict[int, int]:
    """Table id → tournament id for the tables that still exist (1 query)."""
    ids = list(table_ids)
    return (
        dict(Table.objects.filter(pk__in=ids).values_list("id", "round__tournament_id"))
        if ids
        else {}
    )


# --- seasons --------------------------------------------------------------------------------------


def visible_tournaments(season: Season, user) -> list[Tournament]:
    """The season's tournaments ``user`` may see, in season order (oldest first): the public ones,
    and drafts for their organizer (and staff). 1 query."""
    found = sorted(season.tournaments.all(), key=lambda t: (tournament_day(t), t.pk))
    return [t for t in found if t.status != Tournament.Status.DRAFT or _sees_draft(user, t)]


def _sees_draft(user, tournament: Tournament) -> bool:
    return bool(
        user and user.is_authenticated and (user.is_superuser or tournament.owner_id == user.pk)
    )


def is_visible(season: Season, user) -> bool:
    """A season is public when one of its tournaments is; its organizer (and staff) always see it. 1
    query at most."""
    if user and user.is_authenticated and (user.is_superuser or season.owner_id == user.pk):
        return True
    return season.tournaments.exclude(status=Tournament.Status.DRAFT).exists()


def final_lines(tournament: Tournament) -> list[leaderboard.Entry]:
    """The tournament's public standings as season entries (hidden rounds left out until released,
    as on the tournament's public pages); cached per fingerprint: 1 query when nothing changed, 6
    when it did."""

    def build() -> list[leaderboard.Entry]:
        rows = selectors.standings(tournament, public=True)
        external = dict(
            Player.objects.filter(registrations__tournament=tournament)
            .exclude(external_id="")
            .values_list("id", "external_id")
        )
        return [
            leaderboard.Entry(
                tournament.pk,
                row.player_id,
                row.name,
                row.club,
                external.get(row.player_id, ""),
                row.rank,
                Fraction(row.match_points),
            )
            for row in rows
        ]

    return pages.cached(tournament, pages.fingerprint(tournament), "season-entries", build)


@dataclass(frozen=True, slots=True)
class SeasonTournament:
    """One tournament on a season's page: whether it counts (finished), and ``column``: its short
    label (T1, T2...)."""

    tournament: Tournament
    counted: bool
    column: str


@dataclass(frozen=True)
class SeasonBoard:
    season: Season
    tournaments: list[SeasonTournament]
    rows: list[leaderboard.Row]

    @property
    def counted(self) -> list[SeasonTournament]:
        return [t for t in self.tournaments if t.counted]

    @property
    def waiting(self) -> list[SeasonTournament]:
        return [t for t in self.tournaments if not t.counted]

    @property
    def lines(self) -> list[tuple[leaderboard.Row, list[ResultCell]]]:
        """Each row with its results labelled by tournament column (T1, T2...), in season order."""
        named = {t.tournament.pk: t for t in self.tournaments}
        return [
            (
                row,
                [
                    ResultCell(
                        named[r.tournament_id].column,
                        named[r.tournament_id].tournament.name,
                        r.points,
                        r.counted,
                    )
                    for r in row.results
                ],
            )
            for row in self.rows
        ]


@dataclass(frozen=True, slots=True)
class ResultCell:
    """One tournament's result in a leaderboard line: its column label and name, the points, and
    whether they count."""

    column: str
    name: str
    points: Fraction
    counted: bool


def season_board(season: Season, user=None) -> SeasonBoard:
    """A season's leaderboard as ``user`` may see it: only finished tournaments count; running ones
    (and, for their organizer, drafts) are listed as not counted yet. Raises ``LeaderboardError``
    for a bad points table."""
    tournaments = visible_tournaments(season, user)
    counted = [t for t in tournaments if t.status == Tournament.Status.FINISHED]
    entries = [e for t in counted for e in final_lines(t)]
    rows = leaderboard.leaderboard(
        entries,
        order=[t.pk for t in counted],
        best=season.best_results,
        scoring=season.scoring,
        place_points=season.points_table(),
    )
    columns = {t.pk: f"T{i}" for i, t in enumerate(counted, 1)}
    listed = [SeasonTournament(t, t.pk in columns, columns.get(t.pk, "")) for t in tournaments]
    return SeasonBoard(season, listed, rows)


def seasons_list(user) -> tuple[list[Season], list[Season]]:
    """(public seasons, the user's own seasons), newest first. 2 queries."""
    public = list(
        Season.objects.filter(
            tournaments__status__in=[Tournament.Status.RUNNING, Tournament.Status.FINISHED]
        )
        .distinct()
        .annotate(tournament_count=Count("tournaments", distinct=True))
    )
    mine: list[Season] = []
    if user and user.is_authenticated:
        mine = list(
            Season.objects.filter(owner=user).annotate(
                tournament_count=Count("tournaments", distinct=True)
            )
        )
    return public, mine


# --- ratings --------------------------------------------------------------------------------------


def ranked_ratings(*, links: bool = False):
    """Every rating with its rank (``rank``: 1 + the players with a higher displayed rating; equal
    ratings share it), best first, ties by name; with the player loaded. ``links``: also
    ``latest_slug``, the player's latest published tournament (for a link to their page there), in
    the same query."""
    found = Rating.objects.select_related("player").annotate(
        rank=Window(expression=Rank(), order_by=F("value").desc()),
    )
    if links:
        latest = (
            Registration.objects.filter(player_id=OuterRef("player_id"))
            .exclude(tournament__status=Tournament.Status.DRAFT)
            .order_by(F("tournament__start_date").desc(nulls_last=True), "-tournament_id")
            .values("tournament__slug")[:1]
        )
        found = found.annotate(latest_slug=Subquery(latest))
    return found.order_by("-value", "player__name", "player_id")


RATINGS_PER_PAGE = 50


def ratings_page(number) -> Page:
    """One page of the ratings (``RATINGS_PER_PAGE`` rows; a bad or too high page number gives the
    nearest page). 2 queries."""
    return Paginator(ranked_ratings(links=True), RATINGS_PER_PAGE).get_page(number)


@dataclass(frozen=True, slots=True)
class PlayerRating:
    value: int
    games: int
    rank: int
    rated: int


def player_rating(player_id: int) -> PlayerRating | None:
    """A player's displayed rating, games and rank among all rated players; None without a rated
    game. 1 query."""

    def count(queryset):
        # COUNT as a plain function (not an aggregate): one number, no GROUP BY, inside the one
        # query.
        return Subquery(
            queryset.order_by().values(n=Func(F("pk"), function="COUNT")),
            output_field=IntegerField(),
        )

    row = (
        Rating.objects.filter(player_id=player_id)
        .annotate(
            better=count(Rating.objects.filter(value__gt=OuterRef("value"))),
            rated=count(Rating.objects.all()),
        )
        .values("value", "games", "better", "rated")
        .first()
    )
    if row is None:
        return None
    return PlayerRating(row["value"], row["games"], (row["better"] or 0) + 1, row["rated"] or 0)


def ratings_of(player_ids: Iterable[int]) -> dict[int, int]:
    """Player id → displayed rating, for the players that have one (1 query per 900 players)."""
    ids = list(player_ids)
    found: dict[int, int] = {}
    for start in range(0, len(ids), 900):
        found.update(
            Rating.objects.filter(player_id__in=ids[start : start + 900]).values_list(
                "player_id", "value"
            )
        )
    return found
