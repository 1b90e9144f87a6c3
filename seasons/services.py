"""The writes of seasons and ratings: seasons created and edited; the ratings kept up to date.

Seasons: :func:`create_season` and :func:`update_season` check what a season
is made of (a club, 1 to 200 results counted, a points table, the organizer's
own tournaments) and raise :class:`SeasonError` naming the field; nothing is
written then.

Ratings: :func:`update_ratings` brings the ratings log (``RatedTable``,
``RatingChange``) and the players' ``Rating`` in line with the tables that
count (``selectors.rated_games``), for the tables, rounds and tournaments it
is told have changed:

1. it compares those tables with the log and takes the earliest order key
   where they differ (a table newly final, one reopened, places changed, a
   tournament's date moved, a tournament deleted); nothing differs → done;
2. it restores every player rated at or after that key to their rating just
   before it (the log's ``mu_before``/``sigma_before`` of their first change
   from there), deletes the log from there, and replays, in order, every
   table that counts from that key on (``ratings.replay``).

A table confirmed after every table already rated is therefore rated alone
(a few queries); a correction early in the order replays everything after
it. :func:`recompute_ratings` replays everything from scratch. Updates run
one at a time: each first updates the single ``RatingLedger`` row, which
holds that row's lock (PostgreSQL) or the database's write lock (SQLite) to
its end. They are triggered by ``seasons.signals`` after each commit that
changed a table's result, a round's status or a tournament.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Tournament

from . import leaderboard, ratings, selectors
from .models import MAX_BEST_RESULTS, RatedTable, Rating, RatingChange, RatingLedger, Season

# --- seasons --------------------------------------------------------------------------------------


class SeasonError(ValueError):
    """A season write refused: ``str()`` is the translated reason, ``field`` the form field it
    concerns (or "")."""

    def __init__(self, message: str, *, field: str = "", code: str = "invalid"):
        super().__init__(message)
        self.field = field
        self.code = code


#: Addresses the pages use themselves (/seasons/new/).
RESERVED_SLUGS = frozenset({"new"})


def unique_slug(name: str, *, other_than: Season | None = None) -> str:
    """A free season address made from ``name`` (``slugify``, then ``-2``, ``-3``... while taken);
    "season" when the name has no Latin letter or digit."""
    limit = Season._meta.get_field("slug").max_length
    base = slugify(name)[: limit - 4].strip("-_") or "season"
    taken = Season.objects.filter(slug__startswith=base)
    if other_than is not None:
        taken = taken.exclude(pk=other_than.pk)
    used = set(taken.values_list("slug", flat=True)) | RESERVED_SLUGS
    if base not in used:
        return base
    number = 2
    while f"{base}-{number}" in used:
        number += 1
    return f"{base}-{number}"[:limit]


def parse_place_points(text: str) -> list[int]:
    """ "25, 20, 16 13" → [25, 20, 16, 13]: whole numbers separated by commas, semicolons or spaces.

    Raises :class:`SeasonError` (field ``place_points``) for anything else, an empty list, more than
    ``leaderboard.MAX_PLACES`` places, a number above ``leaderboard.MAX_PLACE_POINTS`` or a worse
    place scoring more.
    """
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    if not words:
        raise SeasonError(_("Give the points of at least the first place."), field="place_points")
    if len(words) > leaderboard.MAX_PLACES:
        raise SeasonError(
            _("At most %(n)s places can score.") % {"n": leaderboard.MAX_PLACES},
            field="place_points",
        )
    values = []
    for word in words:
        if (
            not re.fullmatch(r"[0-9]{1,4}", word, re.ASCII)
            or int(word) > leaderboard.MAX_PLACE_POINTS
        ):
            raise SeasonError(
                _("%(value)s is not a number of points: write whole numbers from 0 to %(max)s.")
                % {"value": word[:20], "max": leaderboard.MAX_PLACE_POINTS},
                field="place_points",
            )
        values.append(int(word))
    for place, (better, worse) in enumerate(zip(values, values[1:]), 2):
        if worse > better:
            raise SeasonError(
                _(
                    "Place %(place)s scores more than place %(better)s: a worse place cannot score "
                    "more."
                )
                % {"place": place, "better": place - 1},
                field="place_points",
            )
    return values


@dataclass(frozen=True)
class SeasonFields:
    """What a season is made of, as the organizer chose it. ``slug`` empty: made from the name."""

    name: str
    club: str
    best_results: int
    scoring: str
    place_points: Sequence[int]
    tournaments: Sequence[Tournament] = ()
    slug: str = ""


def _check(fields: SeasonFields, user, season: Season | None) -> tuple[str, str, str]:
    name, club = " ".join(fields.name.split()), " ".join(fields.club.split())
    if not name:
        raise SeasonError(_("The name is empty."), field="name")
    if not club:
        raise SeasonError(_("Name the club whose tournaments the season ranks."), field="club")
    if not 1 <= fields.best_results <= MAX_BEST_RESULTS:
        raise SeasonError(
            _("Count from 1 to %(max)s results.") % {"max": MAX_BEST_RESULTS}, field="best_results"
        )
    if fields.scoring not in leaderboard.SCORINGS:
        raise SeasonError(_("Choose how the tournaments score."), field="scoring")
    try:
        leaderboard.check_place_points(fields.place_points)
    except leaderboard.LeaderboardError as exc:
        raise SeasonError(str(exc), field="place_points") from None
    owner_id = (
        season.owner_id if season is not None and season.owner_id else getattr(user, "pk", None)
    )
    kept = set(season.tournaments.values_list("pk", flat=True)) if season is not None else set()
    foreign = [
        t
        for t in fields.tournaments
        if t.owner_id != owner_id and t.pk not in kept and not getattr(user, "is_superuser", False)
    ]
    if foreign:
        raise SeasonError(
            ngettext(
                "%(names)s is not one of your tournaments.",
                "%(names)s are not your tournaments.",
                len(foreign),
            )
            % {"names": ", ".join(t.name for t in foreign)},
            field="tournaments",
        )
    slug = fields.slug.strip()
    if slug:
        if not re.fullmatch(r"[-a-zA-Z0-9_]{1,80}", slug):
            raise SeasonError(_("Use letters, digits and hyphens only."), field="slug")
        if slug in RESERVED_SLUGS:
            raise SeasonError(
                _("This address is taken by the site's own pages; choose another."), field="slug"
            )
        taken = Season.objects.filter(slug=slug)
        if season is not None:
            taken = taken.exclude(pk=season.pk)
        if taken.exists():
            raise SeasonError(_("Another season has this address."), field="slug")
    else:
        slug = unique_slug(name, other_than=season)
    return name, club, slug


def create_season(fields: SeasonFields, *, owner) -> Season:
    """A new season owned by ``owner`` (a user), with its tournaments. Raises
    :class:`SeasonError`."""
    with transaction.atomic():
        name, club, slug = _check(fields, owner, None)
        season = Season.objects.create(
            name=name,
            slug=slug,
            club=club,
            owner=owner,
            best_results=fields.best_results,
            scoring=fields.scoring,
            place_points=list(fields.place_points),
        )
        season.tournaments.set(fields.tournaments)
    return season


def update_season(season: Season, fields: SeasonFields, *, user) -> Season:
    """Change a season's settings and tournaments (``user``: who edits, for the tournaments' check).
    Raises
    :class:`SeasonError`; nothing is written then."""
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        name, club, slug = _check(fields, user, season)
        season.name, season.club, season.slug = name, club, slug
        season.best_results, season.scoring = fields.best_results, fields.scoring
        season.place_points = list(fields.place_points)
        season.save()
        season.tournaments.set(fields.tournaments)
    return season


# --- ratings --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RatingsUpdate:
    """What an update did: ``start`` the order key it replayed from ("" = from the first table; None
    = nothing had changed), ``tables`` the tables it rated, ``full``: everything was recomputed."""

    start: str | None
    tables: int
    full: bool = False


def update_ratings(
    *,
    tables: Iterable[int] = (),
    rounds: Iterable[tuple[int, int]] = (),
    tournaments: Iterable[int] = (),
) -> RatingsUpdate:
    """Bring the ratings in line after changes to these tables (ids), rounds ((tournament id,
    number)) and tournaments (ids), whether they still exist or not. Idempotent: a second call finds
    nothing to do."""
    with transaction.atomic():
        _take_ledger()
        start = _earliest_change(set(tables), set(rounds), set(tournaments))
        if start is None:
            return RatingsUpdate(None, 0)
        return _replay_from(start)


def recompute_ratings() -> RatingsUpdate:
    """Every rating from scratch: the log emptied and every table that counts replayed in order."""
    with transaction.atomic():
        _take_ledger()
        return _replay_from("")


def _take_ledger() -> None:
    """Wait for any other update to end: a write to the one ledger row (created when missing)."""
    if not RatingLedger.objects.filter(pk=1).update(updated_at=timezone.now()):
        RatingLedger.objects.get_or_create(pk=1, defaults={"updated_at": timezone.now()})
        RatingLedger.objects.filter(pk=1).update(updated_at=timezone.now())


def _earliest_change(
    table_ids: set[int], rounds: set[tuple[int, int]], tournament_ids: set[int]
) -> str | None:
    """The smallest order key where the log and the tables that count differ, within the given
    scope."""
    located = selectors.tables_of(table_ids)
    scope: dict[int, Q] = {}
    for tournament_id, number in rounds:
        scope[tournament_id] = scope.get(tournament_id, Q(pk__in=[])) | Q(round__number=number)
    for table_id, tournament_id in located.items():
        scope[tournament_id] = scope.get(tournament_id, Q(pk__in=[])) | Q(pk=table_id)
    stored_filter = Q(tournament_id__in=tournament_ids) | Q(table_id__in=table_ids)
    for tournament_id, number in rounds:
        stored_filter |= Q(tournament_id=tournament_id, round_number=number)
    stored = {
        table_id: (key, list(players), list(places))
        for table_id, key, players, places in RatedTable.objects.filter(stored_filter).values_list(
            "table_id", "order_key", "players", "places"
        )
    }
    wanted: dict[int, selectors.RatedGame] = {}
    for tournament in Tournament.objects.filter(pk__in=tournament_ids | set(scope)):
        only = None if tournament.pk in tournament_ids else scope[tournament.pk]
        for game in selectors.rated_games(tournament, only=only):
            wanted[game.table_id] = game
    keys = []
    for table_id in stored.keys() | wanted.keys():
        old, new = stored.get(table_id), wanted.get(table_id)
        if (
            old is not None
            and new is not None
            and old == (new.order_key, list(new.players), list(new.places))
        ):
            continue
        keys += [old[0]] if old is not None else []
        keys += [new.order_key] if new is not None else []
    return min(keys) if keys else None


def _games_from(start: str) -> list[selectors.RatedGame]:
    """Every table that counts with an order key from ``start`` on ("" = all), in order."""
    day, tournament_id, round_number, number = _parse(start)
    games: list[selectors.RatedGame] = []
    for tournament in Tournament.objects.exclude(status=Tournament.Status.DRAFT).order_by("pk"):
        here = (selectors.tournament_day(tournament).isoformat(), tournament.pk)
        if start and here < (day, tournament_id):
            continue
        only = None
        if start and here == (day, tournament_id):
            only = Q(round__number__gt=round_number) | Q(
                round__number=round_number, number__gte=number
            )
        games += selectors.rated_games(tournament, only=only)
    games.sort(key=lambda g: g.order_key)
    return [g for g in games if g.order_key >= start]


def _parse(key: str) -> tuple[str, int, int, int]:
    if not key:
        return "", 0, 0, 0
    day, tournament_id, round_number, number = key.split("|")
    return day, int(tournament_id), int(round_number), int(number)


def _replay_from(start: str) -> RatingsUpdate:
    """Restore the ratings to just before ``start`` and replay every table that counts from there
    (see the module)."""
    skills: dict[int, ratings.Skill] = {}
    emptied: set[int] = set()  # players whose every rated game was from ``start`` on
    if not start:
        RatingChange.objects.all().delete()
        RatedTable.objects.all().delete()
        Rating.objects.all().delete()
    else:
        undone: Counter[int] = Counter()
        before: dict[int, tuple[float, float]] = {}
        for player_id, mu, sigma in (
            RatingChange.objects.filter(rated_table__order_key__gte=start)
            .order_by("rated_table__order_key")
            .values_list("player_id", "mu_before", "sigma_before")
        ):
            before.setdefault(player_id, (mu, sigma))
            undone[player_id] += 1
        RatingChange.objects.filter(rated_table__order_key__gte=start).delete()
        RatedTable.objects.filter(order_key__gte=start).delete()
        for player_id, games in _chunked_ratings(before, "player_id", "games"):
            left = games - undone[player_id]
            if left > 0:
                skills[player_id] = ratings.Skill(*before[player_id], left)
            else:
                emptied.add(player_id)
    games = _games_from(start)
    if start:
        missing = {p for g in games for p in g.players} - skills.keys() - emptied
        for player_id, mu, sigma, count in _chunked_ratings(
            missing, "player_id", "mu", "sigma", "games"
        ):
            skills[player_id] = ratings.Skill(mu, sigma, count)
    after, changes = ratings.replay((ratings.Game(g.players, g.places) for g in games), skills)
    _write(games, changes)
    _save_ratings(after, emptied - after.keys(), full=not start)
    ledger = RatingLedger.objects.get(pk=1)
    ledger.replayed_from, ledger.tables_replayed, ledger.full = start, len(games), not start
    ledger.save(update_fields=["replayed_from", "tables_replayed", "full"])
    return RatingsUpdate(start, len(games), not start)


def _chunked_ratings(player_ids: Iterable[int], *fields: str):
    ids = list(player_ids)
    for i in range(0, len(ids), 900):
        yield from Rating.objects.filter(player_id__in=ids[i : i + 900]).values_list(*fields)


def _write(
    games: list[selectors.RatedGame], changes: list[list[tuple[ratings.Skill, ratings.Skill]]]
) -> None:
    """The log of the replayed games: one RatedTable and one RatingChange per seat (bulk, in
    batches)."""
    batch = 1000
    for i in range(0, len(games), batch):
        part = games[i : i + batch]
        rows = RatedTable.objects.bulk_create(
            [
                RatedTable(
                    order_key=g.order_key,
                    table_id=g.table_id,
                    tournament_id=g.tournament_id,
                    round_number=g.round_number,
                    number=g.number,
                    players=list(g.players),
                    places=list(g.places),
                )
                for g in part
            ]
        )
        RatingChange.objects.bulk_create(
            [
                RatingChange(
                    rated_table_id=row.pk,
                    player_id=player,
                    place=place,
                    mu_before=b.mu,
                    sigma_before=b.sigma,
                    mu_after=a.mu,
                    sigma_after=a.sigma,
                )
                for row, game, seats in zip(rows, part, changes[i : i + batch])
                for player, place, (b, a) in zip(game.players, game.places, seats)
            ],
            batch_size=4000,
        )


def _save_ratings(skills: dict[int, ratings.Skill], emptied: set[int], *, full: bool) -> None:
    """Write the players' current ratings (insert or update), and delete those left with no rated
    game."""
    if emptied:
        ids = list(emptied)
        for i in range(0, len(ids), 900):
            Rating.objects.filter(player_id__in=ids[i : i + 900]).delete()
    rows = [
        Rating(player_id=p, mu=s.mu, sigma=s.sigma, value=s.rating, games=s.games)
        for p, s in skills.items()
        if s.games > 0
    ]
    if full:
        Rating.objects.bulk_create(rows, batch_size=2000)
    else:
        Rating.objects.bulk_create(
            rows,
            batch_size=2000,
            update_conflicts=True,
            unique_fields=["player"],
            update_fields=["mu", "sigma", "value", "games", "updated_at"],
        )
