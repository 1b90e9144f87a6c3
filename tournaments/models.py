"""Tournaments, players, registrations, rounds and byes.

Tables, seats, hands and penalties live in ``tables.models``. Rankings are
never stored: standings are computed from the hands (``tournaments.standings``)
so a corrected hand can never leave a stale total behind.
"""

from fractions import Fraction

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from simple_history.models import HistoricalRecords

from engine.rules import MoonRule as EngineMoonRule

from . import labels, numbers
from . import scoring as scoring_module
from .audit import ActorHistory
from .scoring import default_tiebreaks


def validate_fraction(value: str) -> None:
    """Accept "5", "19/3", "5.5" (``numbers.match_points``): exact match points from 0 to 100."""
    if str(value).strip().startswith("-"):
        raise ValidationError(_("Match points cannot be negative."))
    try:
        numbers.match_points(value)
    except ValueError as exc:
        raise ValidationError(
            _(
                "%(value)s is not a number of match points: write it like 5, 5.5 or 19/3, at most "
                "%(max)s."
            ),
            params={"value": value, "max": numbers.MAX_MATCH_POINTS},
        ) from exc


class Player(models.Model):
    """A person, reusable across tournaments."""

    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club"), max_length=120, blank=True)
    external_id = models.CharField(
        _("external id"),
        max_length=64,
        blank=True,
        help_text=_("A federation or club membership number, if any."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords(bases=[ActorHistory])

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["external_id"],
                condition=~Q(external_id=""),
                name="player_external_id_unique",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})" if self.club else self.name


class Tournament(models.Model):
    """A tournament: its rule set, scoring scheme, game end and planned rounds.

    ``rules`` names an engine preset; its card points (and so the hand total)
    are never copied here. The moon rule and shooting the sun start as the
    preset's and the organizer may change them (001 lists the variants);
    every table's engine rules come from ``scoring_rules().table_rules(n)``.
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

    #: The engine's moon rules (``engine.rules.MoonRule``: one definition), named for people.
    MoonRule = models.TextChoices(
        "MoonRule",
        [(rule.name, (rule.value, labels.MOON_RULE_LABELS[rule])) for rule in EngineMoonRule],
    )

    class SeatingMethod(models.TextChoices):
        BALANCED = "balanced", labels.SEATING_METHOD_LABELS["balanced"]
        SWISS = "swiss", labels.SEATING_METHOD_LABELS["swiss"]
        RANDOM = "random", labels.SEATING_METHOD_LABELS["random"]

    class ConfirmationPolicy(models.TextChoices):
        ARBITER = "arbiter", _("The arbiter records and confirms")
        PLAYER = "player", _("Another player of the table accepts each entry")
        DOUBLE = "double", _("Two independent entries of each hand")

    class OddPolicy(models.TextChoices):
        TABLES_OF_5 = "tables-of-5", _("Tables of 5")
        TABLES_OF_3 = "tables-of-3", _("Tables of 3")
        BYES = "byes", _("Byes")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("web address"), max_length=80, unique=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="owned_tournaments",
        verbose_name=_("organizer"),
    )
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="arbitrated_tournaments",
        verbose_name=_("arbiters"),
        help_text=_("Users who may enter and correct this tournament's results."),
    )

    rules = models.CharField(_("rule set"), max_length=40, default="club")
    moon_rule = models.CharField(
        _("moon rule"), max_length=24, choices=MoonRule.choices, default=MoonRule.OTHERS
    )
    shoot_the_sun = models.BooleanField(_("shooting the sun"), default=False)
    scoring = models.CharField(
        _("scoring scheme"), max_length=10, choices=Scoring.choices, default=Scoring.CLUB
    )
    match_points = models.JSONField(
        _("match points by table size"),
        default=dict,
        blank=True,
        help_text=_('Per table size, the points of each place, e.g. {"3": ["10", "4", "1"]}.'),
    )
    game_end = models.CharField(
        _("game end"), max_length=10, choices=GameEnd.choices, default=GameEnd.TARGET
    )
    target_points = models.PositiveSmallIntegerField(
        _("target points"),
        default=100,
        validators=[MinValueValidator(1), MaxValueValidator(numbers.MAX_TARGET_POINTS)],
    )
    hands_per_game = models.PositiveSmallIntegerField(
        _("hands per game"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(numbers.MAX_HAND_NUMBER)],
    )
    rounds_planned = models.PositiveSmallIntegerField(
        _("rounds planned"),
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(numbers.MAX_ROUNDS)],
    )
    tiebreaks = models.JSONField(_("tiebreak order"), default=default_tiebreaks, blank=True)
    seating_method = models.CharField(
        _("seating method"),
        max_length=10,
        choices=SeatingMethod.choices,
        default=SeatingMethod.BALANCED,
    )
    odd_policy = models.CharField(
        _("when players are not a multiple of the table size"),
        max_length=12,
        choices=OddPolicy.choices,
        blank=True,
        help_text=_("Empty: tables of 5, or tables of 3 where 5s cannot seat everyone."),
    )
    table_size = models.PositiveSmallIntegerField(_("table size"), default=4)
    seed = models.BigIntegerField(
        _("seating seed"),
        null=True,
        blank=True,
        help_text=_(
            "Seeds the seating plan of the whole tournament; empty: chosen when round 1 is seated."
        ),
    )
    bye_match_points = models.CharField(
        _("match points for a bye"),
        max_length=20,
        default="5",
        validators=[validate_fraction],
    )
    confirmation_policy = models.CharField(
        _("confirming results"),
        max_length=10,
        choices=ConfirmationPolicy.choices,
        default=ConfirmationPolicy.ARBITER,
        help_text=_(
            "Who checks what is entered: the arbiter alone; another player of the table, from "
            "their private link; or a second, independent entry of every hand."
        ),
    )
    players_enter_hands = models.BooleanField(
        _("players enter their hands"),
        default=False,
        help_text=_("Players may enter their table's hands from their private links."),
    )
    seating_club_weight = models.PositiveSmallIntegerField(
        _("keep clubs apart"),
        default=1,
        validators=[MaxValueValidator(10)],
        help_text=_(
            "How strongly seating keeps players of one club at different tables, where that costs "
            "no repeated opponents: 0 off, 10 strongest."
        ),
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes per round"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(numbers.MAX_ROUND_MINUTES)],
        help_text=_("The round clock's duration; empty: rounds have no clock."),
    )
    bye_result_points = models.PositiveSmallIntegerField(
        _("result points for a bye"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(numbers.MAX_TARGET_POINTS)],
        help_text=_("Empty: the average result points of the round's players."),
    )
    names_revision = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text=_(
            "Raised when a registered player's name or club is corrected, so cached pages show the "
            "new name."
        ),
    )
    finals_decide = models.BooleanField(
        _("finals decide the top of the ranking"),
        default=True,
        help_text=_(
            "With placement finals: the players of final table 1 rank first by their places in it, "
            "then table 2's, and so on, above the Swiss standings. Off: the final is just another "
            "round."
        ),
    )
    visibility_revision = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text=_(
            "Raised when a round is hidden or released, so cached public pages follow at once."
        ),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords(
        bases=[ActorHistory], excluded_fields=["names_revision", "visibility_revision"]
    )

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=~Q(game_end="hands") | Q(hands_per_game__gte=1),
                name="tournament_hands_game_has_hand_count",
            ),
            models.CheckConstraint(
                condition=Q(target_points__gte=1), name="tournament_target_positive"
            ),
            models.CheckConstraint(
                condition=Q(target_points__lte=numbers.MAX_TARGET_POINTS),
                name="tournament_target_bounded",
            ),
            models.CheckConstraint(
                condition=Q(hands_per_game__lte=numbers.MAX_HAND_NUMBER),
                name="tournament_hands_bounded",
            ),
            models.CheckConstraint(
                condition=Q(rounds_planned__gte=1, rounds_planned__lte=numbers.MAX_ROUNDS),
                name="tournament_rounds_bounded",
            ),
            models.CheckConstraint(
                condition=Q(bye_result_points__lte=numbers.MAX_TARGET_POINTS),
                name="tournament_bye_points_bounded",
            ),
            # "5", "5.5", "19/3": never an exponent or a long number (numbers.match_points).
            models.CheckConstraint(
                condition=Q(bye_match_points__regex=r"^[0-9]{1,4}([.,][0-9]{1,4}|/[0-9]{1,4})?$"),
                name="tournament_bye_match_points_plain",
            ),
            models.CheckConstraint(
                condition=Q(table_size__gte=3, table_size__lte=5),
                name="tournament_table_size_3_to_5",
            ),
            models.CheckConstraint(
                condition=Q(seating_club_weight__lte=10), name="tournament_club_weight_bounded"
            ),
            models.CheckConstraint(
                condition=Q(round_minutes__isnull=True)
                | Q(round_minutes__gte=1, round_minutes__lte=numbers.MAX_ROUND_MINUTES),
                name="tournament_round_minutes_bounded",
            ),
            models.CheckConstraint(
                condition=Q(end_date__isnull=True)
                | Q(start_date__isnull=True)
                | Q(end_date__gte=models.F("start_date")),
                name="tournament_dates_ordered",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """Check the rule set name, the tiebreak order and the match point overrides (raises
        ``ValidationError``)."""
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
            preset=self.rules,
            moon_rule=self.moon_rule,
            shoot_the_sun=self.shoot_the_sun,
            game_end=self.game_end,
            target=self.target_points,
            hands=self.hands_per_game,
        )

    @property
    def hand_total(self) -> int:
        """Penalty points in one hand at a 4-seat table, from the rule set's card points (26 in 002,
        36 in 000)."""
        return self.scoring_rules().hand_total

    def bye_points(self) -> Fraction:
        """The match points of a bye, exact (``bye_match_points`` as typed: "5", "5.5", "19/3")."""
        return numbers.match_points(self.bye_match_points)

    def match_point_table(self) -> dict[int, tuple[Fraction, ...]]:
        """Points of each place per table size (3, 4, 5), as exact fractions."""
        return scoring_module.match_point_table(self.scoring, self.match_points)

    def tiebreak_order(self) -> list[str]:
        return list(self.tiebreaks or default_tiebreaks())


class Registration(models.Model):
    """A player in a tournament. Withdrawn players stay (their games count) but are not seated
    again."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    registered_at = models.DateTimeField(auto_now_add=True)
    link_secret = models.CharField(
        _("private link secret"),
        max_length=64,
        blank=True,
        help_text=_("The secret part of the player's private address; empty: no private address."),
    )
    link_issued_at = models.DateTimeField(_("private link issued at"), null=True, blank=True)

    history = HistoricalRecords(bases=[ActorHistory], excluded_fields=["link_secret"])

    class Meta:
        ordering = ["tournament", "player__name", "id"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="registration_unique_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"


#: Why a round seated to keep the tournament's schedule repeats pairs: the help of
#: ``Round.schedule_kept`` and the round's line (:meth:`Round.schedule_kept_note`) when its
#: figures are not recorded.
SCHEDULE_KEPT_NOTE = _(
    "This seating keeps the tournament's schedule through the absences: any other seating "
    "repeats more pairs over the rounds still to play."
)


class Round(models.Model):
    """One round of a tournament: every active player plays one game at one table (or has a bye).

    kind: a Swiss round (seated by the tournament's method), or the placement
    final (``organizer.create_finals``: table 1 the players ranked 1-4, table
    2 5-8, ...), at most one per tournament and after every Swiss round.
    hidden: the round's results reach only the tournament's staff until the
    organizer releases them (``organizer.set_round_hidden``); seating the next
    round still uses them.
    schedule_kept: the seating is the tournament's plan re-formed around
    absentees at the cost of repeated pairs (``seating.NextRound``); cleared
    by a manual edit.  kept_repeats, planned_repeats: then, the repeated
    pairs over the rounds still to play (this one included) keeping the
    plan, and planning from the results instead; null otherwise.
    """

    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        SEATED = "seated", _("Seated")
        PLAYING = "playing", _("Being played")
        LOCKED = "locked", _("Locked")

    class Kind(models.TextChoices):
        SWISS = "swiss", _("Swiss round")
        FINAL = "final", _("Placement final")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLANNED
    )
    seating_method = models.CharField(_("seating method"), max_length=20, blank=True)
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    minutes = models.PositiveSmallIntegerField(
        _("minutes"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(numbers.MAX_ROUND_MINUTES)],
        help_text=_("The round clock's duration; empty: no clock."),
    )
    clock_started_at = models.DateTimeField(_("clock started at"), null=True, blank=True)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.SWISS)
    hidden = models.BooleanField(
        _("results hidden"),
        default=False,
        help_text=_(
            "Only the organizer and the arbiters see this round's results until they are released."
        ),
    )
    schedule_kept = models.BooleanField(
        _("schedule kept"), default=False, help_text=SCHEDULE_KEPT_NOTE
    )
    kept_repeats = models.PositiveSmallIntegerField(
        _("repeated pairs keeping the schedule"), null=True, blank=True
    )
    planned_repeats = models.PositiveSmallIntegerField(
        _("repeated pairs planning from the results"), null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords(bases=[ActorHistory])

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(number__lte=numbers.MAX_ROUNDS), name="round_number_bounded"
            ),
            models.CheckConstraint(
                condition=Q(minutes__isnull=True)
                | Q(minutes__gte=1, minutes__lte=numbers.MAX_ROUND_MINUTES),
                name="round_minutes_bounded",
            ),
            models.CheckConstraint(
                condition=Q(clock_started_at__isnull=True) | Q(minutes__isnull=False),
                name="round_clock_has_minutes",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["swiss", "final"]), name="round_kind_known"
            ),
            models.UniqueConstraint(
                fields=["tournament"], condition=Q(kind="final"), name="round_one_final"
            ),
            models.CheckConstraint(
                condition=Q(schedule_kept=True)
                | Q(kept_repeats__isnull=True, planned_repeats__isnull=True),
                name="round_repeats_only_when_schedule_kept",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} — {_('round')} {self.number}"

    def schedule_kept_note(self) -> str:
        """Why this round repeats pairs to keep the tournament's schedule, with the repeated
        pairs over the rounds still to play either way when recorded ("… it repeats 12 pairs,
        against 29 …"), :data:`SCHEDULE_KEPT_NOTE` when not; "" when the schedule was not
        kept."""
        if not self.schedule_kept:
            return ""
        if self.kept_repeats is None or self.planned_repeats is None:
            return str(SCHEDULE_KEPT_NOTE)
        return ngettext(
            "This seating keeps the tournament's schedule through the absences: over the rounds "
            "still to play it repeats %(kept)d pair, against %(planned)d for a seating planned "
            "from the results so far.",
            "This seating keeps the tournament's schedule through the absences: over the rounds "
            "still to play it repeats %(kept)d pairs, against %(planned)d for a seating planned "
            "from the results so far.",
            self.kept_repeats,
        ) % {"kept": self.kept_repeats, "planned": self.planned_repeats}


class Attendance(models.Model):
    """A player's check-in for one round: present (the default when there is no row), absent or
    late.

    Absent players are not seated in that round and score nothing for it;
    late ones are not seated when the round is, and join it as a bye or a
    fill-in when they arrive (``tournaments.checkin``), or the next round.
    Keyed by round number, so a round can be checked in before it is seated.
    """

    class State(models.TextChoices):
        PRESENT = "present", _("Present")
        ABSENT = "absent", _("Absent")
        LATE = "late", _("Late")

    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="attendances"
    )
    round_number = models.PositiveSmallIntegerField(_("round"))
    state = models.CharField(
        _("check-in"), max_length=10, choices=State.choices, default=State.PRESENT
    )
    updated_at = models.DateTimeField(auto_now=True)

    history = HistoricalRecords(bases=[ActorHistory])

    class Meta:
        ordering = ["round_number", "registration"]
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "round_number"], name="attendance_unique_per_round"
            ),
            models.CheckConstraint(
                condition=Q(round_number__gte=1, round_number__lte=numbers.MAX_ROUNDS),
                name="attendance_round_bounded",
            ),
            models.CheckConstraint(
                condition=Q(state__in=["present", "absent", "late"]), name="attendance_state_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration.player} — {self.round_number}: {self.state}"


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


class ImportJob(models.Model):
    """A CSV file uploaded on a page, imported in the background (``tournaments.imports``).

    All or nothing, as on the command line: ``errors`` lists every problem
    (``[[row, message], ...]``, row 0 for the whole file) and nothing was
    written, or ``result`` says what was. While it runs, progress comes from
    the Celery task's state (``task_id``). ``data`` is the file's text.
    """

    class Kind(models.TextChoices):
        PLAYERS = "players", _("Players")
        HANDS = "hands", _("Hands")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting to start")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Nothing imported")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="import_jobs")
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    file_name = models.CharField(_("file name"), max_length=200, blank=True)
    data = models.TextField(_("file contents"))
    rows = models.PositiveIntegerField(_("rows"), default=0)
    close_unfinished = models.BooleanField(_("close unfinished games"), default=False)
    language = models.CharField(_("language"), max_length=10, blank=True)
    errors = models.JSONField(_("problems"), default=list, blank=True)
    result = models.JSONField(_("result"), default=dict, blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("import")
        verbose_name_plural = _("imports")

    def __str__(self) -> str:
        return f"{self.tournament} — {self.get_kind_display()} ({self.get_status_display()})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)
