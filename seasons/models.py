"""Seasons (a club's tournaments ranked together) and players' ratings across every tournament.

A season's leaderboard is never stored: it is computed from its tournaments'
final standings (``seasons.selectors.season_board``), so a reopened and
corrected tournament can never leave a stale total behind.

Ratings are derived data kept up to date by ``seasons.services``: the
*ratings log* (:class:`RatedTable`, one row per table that counts, in rating
order, with one :class:`RatingChange` per seat: the player's rating before and
after it) and each player's current :class:`Rating`. The log lets an update
restart from any table: a table confirmed at the end of the order is rated on
its own; a change earlier restores the players' ratings from the log at that
point and replays the tables after it.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player, Tournament

from . import leaderboard

#: The most tournaments whose results count in a season (the "best N"), and the default.
MAX_BEST_RESULTS = 200
DEFAULT_BEST_RESULTS = 10


def default_place_points() -> list[int]:
    return list(leaderboard.DEFAULT_PLACE_POINTS)


class Season(models.Model):
    """A club's tournaments ranked together: each player's best ``best_results`` results are
    summed."""

    class Scoring(models.TextChoices):
        PLACE = leaderboard.BY_PLACE, _("Points by final place")
        MATCH_POINTS = leaderboard.BY_MATCH_POINTS, _("Match points")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("web address"), max_length=80, unique=True)
    club = models.CharField(
        _("club"), max_length=120, help_text=_("The club whose tournaments the season ranks.")
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="owned_seasons",
        verbose_name=_("organizer"),
    )
    best_results = models.PositiveSmallIntegerField(
        _("results counted"),
        default=DEFAULT_BEST_RESULTS,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_BEST_RESULTS)],
        help_text=_("Each player's best results that count: the others are dropped."),
    )
    scoring = models.CharField(
        _("scoring"), max_length=12, choices=Scoring.choices, default=Scoring.PLACE
    )
    place_points = models.JSONField(
        _("points by place"),
        default=default_place_points,
        blank=True,
        help_text=_(
            "The points of the 1st, 2nd, 3rd... place of a tournament; places beyond the list "
            "score 0."
        ),
    )
    tournaments = models.ManyToManyField(
        Tournament,
        blank=True,
        related_name="seasons",
        verbose_name=_("tournaments"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="season_name_not_empty"),
            models.CheckConstraint(condition=~Q(club=""), name="season_club_not_empty"),
            models.CheckConstraint(
                condition=Q(best_results__gte=1, best_results__lte=MAX_BEST_RESULTS),
                name="season_best_bounded",
            ),
            models.CheckConstraint(
                condition=Q(scoring__in=leaderboard.SCORINGS), name="season_scoring_known"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def points_table(self) -> tuple[int, ...]:
        """The points by place, checked (``leaderboard.check_place_points``; raises
        ``LeaderboardError``)."""
        return leaderboard.check_place_points(self.place_points or leaderboard.DEFAULT_PLACE_POINTS)


class RatedTable(models.Model):
    """One table in the ratings log: a table whose game is over and whose result is final.

    ``order_key`` sorts the log (``seasons.selectors.order_key``: the
    tournament's start date, or its creation date, then the tournament, the
    round number and the table number). ``table_id`` and ``tournament_id`` are
    plain numbers, not foreign keys: the row outlives a deleted table until the
    ratings are updated. ``players`` and ``places``: player ids and places, seat
    order, as they were rated.
    """

    order_key = models.CharField(max_length=40, unique=True)
    table_id = models.BigIntegerField(unique=True)
    tournament_id = models.BigIntegerField(db_index=True)
    round_number = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    players = models.JSONField()
    places = models.JSONField()

    class Meta:
        ordering = ["order_key"]
        verbose_name = _("rated table")
        verbose_name_plural = _("rated tables")

    def __str__(self) -> str:
        return self.order_key


class RatingChange(models.Model):
    """One player's rating before and after one rated table (openskill's mu and sigma)."""

    rated_table = models.ForeignKey(RatedTable, on_delete=models.CASCADE, related_name="changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    place = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        indexes = [models.Index(fields=["player", "rated_table"], name="ratingchange_player")]

    def __str__(self) -> str:
        return f"{self.player_id} @ {self.rated_table_id}"


class Rating(models.Model):
    """A player's current rating: openskill's mu and sigma, the displayed number and the games
    rated."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, primary_key=True, related_name="rating"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    value = models.IntegerField(_("rating"), help_text=_("round(1000 + 40 × (mu − 3 sigma))"))
    games = models.PositiveIntegerField(_("games"))
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-value", "player__name", "player_id"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        indexes = [models.Index(fields=["-value"], name="rating_value")]
        constraints = [models.CheckConstraint(condition=Q(games__gte=1), name="rating_has_games")]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.value}"


class RatingLedger(models.Model):
    """One row: taken (updated) first by every ratings update, so that updates run one at a time; it
    records what the last update did."""

    updated_at = models.DateTimeField(null=True, blank=True)
    replayed_from = models.CharField(max_length=40, blank=True)
    tables_replayed = models.PositiveIntegerField(default=0)
    full = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("ratings ledger")
        verbose_name_plural = _("ratings ledger")
