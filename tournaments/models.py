"""Tournaments, players, registrations, rounds and byes.

Tables, seats, hands and penalties live in ``tables.models``. Rankings are
never stored: standings are computed from the hands (``tournaments.standings``)
so a corrected hand can never leave a stale total behind.
"""

from fractions import Fraction

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from . import scoring as scoring_module
from .scoring import default_tiebreaks


def validate_fraction(value: str) -> None:
    """Accept "5", "19/3", "5.5": an exact, non-negative number of match points."""
    try:
        number = Fraction(value)
    except (ValueError, ZeroDivisionError) as exc:
        raise ValidationError(_("%(value)s is not a number."), params={"value": value}) from exc
    if number < 0:
        raise ValidationError(_("Match points cannot be negative."))


class Player(models.Model):
    """A person, reusable across tournaments."""

    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    external_id = models.CharField(
        _("external id"), max_length=64, blank=True,
        help_text=_("A federation or club membership number, if any."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["external_id"], condition=~Q(external_id=""),
                name="player_external_id_unique",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})" if self.club else self.name


class Tournament(models.Model):
    """A tournament: its rule set, scoring scheme, game end and planned rounds.

    The scoring parameters of the rule set (hand total, moon rule, lowest
    per-hand points) are copied here from the preset when the tournament is
    created, so that an organizer may override them (``tournaments.rulesets``).
    """

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class GameEnd(models.TextChoices):
        TARGET = "target", _("A player reaches the target points")
        HANDS = "hands", _("A fixed number of hands")
        ARBITER = "arbiter", _("Closed by the arbiter when time is up")

    class Scoring(models.TextChoices):
        CLUB = "10-6-3-1", _("Match points 10/6/3/1")
        ONE_WINNER = "20-0-0-0", _("Victory points, one winner 20/0/0/0")
        TWO_WINNERS = "14-6-0-0", _("Victory points, two winners 14/6/0/0")

    class MoonRule(models.TextChoices):
        OFF = "off", _("No shooting the moon")
        OTHERS = "others", _("Every other player takes the hand total")
        SELF = "self", _("The shooter subtracts the hand total")
        CHOICE = "choice", _("The shooter chooses")
        OTHERS_UNLESS_LOSES = "others_unless_loses", _(
            "Others take the total, unless that ends the game with the shooter losing"
        )

    class SeatingMethod(models.TextChoices):
        BALANCED = "balanced", _("Balanced: fewest repeated opponents")
        SWISS = "swiss", _("Swiss: similar standings, fewest repeats")
        RANDOM = "random", _("Random")

    class OddPolicy(models.TextChoices):
        TABLES_OF_5 = "tables-of-5", _("Tables of 5")
        TABLES_OF_3 = "tables-of-3", _("Tables of 3")
        BYES = "byes", _("Byes")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="owned_tournaments", verbose_name=_("organizer"),
    )
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="arbitrated_tournaments", verbose_name=_("arbiters"),
        help_text=_("Users who may enter and correct this tournament's results."),
    )

    rules = models.CharField(_("rule set"), max_length=40, default="club")
    hand_total = models.PositiveSmallIntegerField(
        _("hand total"), default=26, help_text=_("Penalty points in one hand (26 in 002, 36 in 000)."),
    )
    moon_rule = models.CharField(_("moon rule"), max_length=24, choices=MoonRule.choices, default=MoonRule.OTHERS)
    shoot_the_sun = models.BooleanField(_("shooting the sun"), default=False)
    min_hand_points = models.SmallIntegerField(
        _("lowest points in a hand"), default=0,
        help_text=_("Below zero where a bonus card or the moon rule gives negative points."),
    )
    scoring = models.CharField(_("scoring scheme"), max_length=10, choices=Scoring.choices, default=Scoring.CLUB)
    match_points = models.JSONField(
        _("match points by table size"), default=dict, blank=True,
        help_text=_('Per table size, the points of each place, e.g. {"3": ["10", "4", "1"]}.'),
    )
    game_end = models.CharField(_("game end"), max_length=10, choices=GameEnd.choices, default=GameEnd.TARGET)
    target_points = models.PositiveSmallIntegerField(_("target points"), default=100)
    hands_per_game = models.PositiveSmallIntegerField(_("hands per game"), null=True, blank=True)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds planned"), default=1)
    tiebreaks = models.JSONField(_("tiebreak order"), default=default_tiebreaks, blank=True)
    seating_method = models.CharField(
        _("seating method"), max_length=10, choices=SeatingMethod.choices, default=SeatingMethod.BALANCED,
    )
    odd_policy = models.CharField(
        _("when players are not a multiple of the table size"), max_length=12, choices=OddPolicy.choices,
        blank=True, help_text=_("Empty: tables of 5, or tables of 3 where 5s cannot seat everyone."),
    )
    table_size = models.PositiveSmallIntegerField(_("table size"), default=4)
    seed = models.BigIntegerField(
        _("seating seed"), null=True, blank=True,
        help_text=_("Seeds the seating plan of the whole tournament; empty: chosen when round 1 is seated."),
    )
    bye_match_points = models.CharField(
        _("match points for a bye"), max_length=20, default="5", validators=[validate_fraction],
    )
    bye_result_points = models.PositiveSmallIntegerField(
        _("result points for a bye"), null=True, blank=True,
        help_text=_("Empty: the average result points of the round's players."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=~Q(game_end="hands") | Q(hands_per_game__gte=1),
                name="tournament_hands_game_has_hand_count",
            ),
            models.CheckConstraint(condition=Q(min_hand_points__lte=0), name="tournament_min_points_not_positive"),
            models.CheckConstraint(condition=Q(hand_total__gte=1), name="tournament_hand_total_positive"),
            models.CheckConstraint(condition=Q(target_points__gte=1), name="tournament_target_positive"),
            models.CheckConstraint(condition=Q(table_size__gte=3, table_size__lte=5), name="tournament_table_size_3_to_5"),
            models.CheckConstraint(
                condition=Q(end_date__isnull=True) | Q(start_date__isnull=True) | Q(end_date__gte=models.F("start_date")),
                name="tournament_dates_ordered",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """Check the rule set name, the tiebreak order and the match point overrides (raises ``ValidationError``)."""
        from . import rulesets
        from .standings import check_tiebreaks

        errors = {}
        if self.rules not in rulesets.preset_names():
            errors["rules"] = _("Unknown rule set %(name)s.") % {"name": self.rules}
        try:
            check_tiebreaks(self.tiebreak_order())
        except ValueError as exc:
            errors["tiebreaks"] = str(exc)
        try:
            self.match_point_table()
        except scoring_module.ScoringError as exc:
            errors["match_points"] = str(exc)
        if self.game_end == self.GameEnd.HANDS and not self.hands_per_game:
            errors["hands_per_game"] = _("A game of a fixed number of hands needs that number.")
        if errors:
            raise ValidationError(errors)

    def scoring_rules(self) -> scoring_module.ScoringRules:
        """The plain scoring parameters of this tournament (no database access)."""
        return scoring_module.ScoringRules(
            hand_total=self.hand_total,
            moon_rule=self.moon_rule,
            shoot_the_sun=self.shoot_the_sun,
            min_points=self.min_hand_points,
            game_end=self.game_end,
            target=self.target_points,
            hands=self.hands_per_game,
        )

    def match_point_table(self) -> dict[int, tuple[Fraction, ...]]:
        """Points of each place per table size (3, 4, 5), as exact fractions."""
        return scoring_module.match_point_table(self.scoring, self.match_points)

    def tiebreak_order(self) -> list[str]:
        return list(self.tiebreaks or default_tiebreaks())


class Registration(models.Model):
    """A player in a tournament. Withdrawn players stay (their games count) but are not seated again."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    registered_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["tournament", "player__name", "id"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="registration_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"


class Round(models.Model):
    """One round of a tournament: every active player plays one game at one table (or has a bye)."""

    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        SEATED = "seated", _("Seated")
        PLAYING = "playing", _("Being played")
        LOCKED = "locked", _("Locked")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PLANNED)
    seating_method = models.CharField(_("seating method"), max_length=20, blank=True)
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} — {_('round')} {self.number}"


class Bye(models.Model):
    """A player who sits out a round and scores the tournament's bye points."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="byes")

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=["round", "registration"], name="bye_unique_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.registration.player} — {_('bye')} {self.round.number}"
