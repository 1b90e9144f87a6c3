"""Tables, seats, hands, per-seat hand scores and penalties.

Invariants held by the database, not only by forms:
- a table number is unique in its round, a seat position unique at its table;
- a registration sits at most once per round (``Seat.round`` is the table's
  round, written by the services that create seats);
- a hand number is unique at its table, and starts at 1;
- one score per seat per hand, never below the rule set's floor.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class Table(models.Model):
    """A table in a round: 3, 4 or 5 seats, one game."""

    class Mode(models.TextChoices):
        ARBITER = "arbiter", _("Entered by the arbiter (paper play)")
        ENGINE = "engine", _("Played via the engine")

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("number"))
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices, default=Mode.ARBITER)
    closed_by_arbiter = models.BooleanField(
        _("closed by the arbiter"), default=False,
        help_text=_("The game was stopped when time was up; its hands so far are final."),
    )
    result_confirmed_at = models.DateTimeField(_("result confirmed at"), null=True, blank=True)
    version = models.PositiveIntegerField(
        _("version"), default=0, help_text=_("Raised by every change of the table's hands (optimistic locking)."),
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{_('Round')} {self.round.number}, {_('table')} {self.number}"


class Seat(models.Model):
    """A registration at a table; position 0.. in clockwise order (seat 0 deals the first hand)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("position"))
    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.PROTECT, related_name="seats",
    )

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["round", "registration"], name="seat_unique_registration_per_round"),
            models.CheckConstraint(condition=Q(position__lte=4), name="seat_position_at_most_4"),
        ]

    def __str__(self) -> str:
        return f"{self.table} — {_('seat')} {self.position}"


class Hand(models.Model):
    """One hand (deal) of a table's game, with one HandScore per seat."""

    class Source(models.TextChoices):
        ARBITER = "arbiter", _("Arbiter")
        ENGINE = "engine", _("Engine")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(_("number"))
    dealer = models.PositiveSmallIntegerField(_("dealer seat"))
    pass_direction = models.CharField(_("pass direction"), max_length=10)
    source = models.CharField(_("source"), max_length=10, choices=Source.choices, default=Source.ARBITER)
    record = models.JSONField(_("engine hand record"), null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(condition=Q(dealer__lte=4), name="hand_dealer_is_a_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.table} — {_('hand')} {self.number}"


class HandScore(models.Model):
    """The penalty points one seat took in one hand (positive; 002 §5).

    ``floor`` is the rule set's lowest allowed points (0, or negative where a
    bonus card or a "shooter subtracts" moon rule exists), copied from the
    tournament so that the database itself refuses out-of-range points.
    """

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="scores")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="scores")
    points = models.SmallIntegerField(_("penalty points"))
    floor = models.SmallIntegerField(_("lowest allowed points"), default=0)

    history = HistoricalRecords()

    class Meta:
        ordering = ["hand", "seat__position"]
        verbose_name = _("hand score")
        verbose_name_plural = _("hand scores")
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="handscore_one_per_seat"),
            models.CheckConstraint(condition=Q(points__gte=F("floor")), name="handscore_points_not_below_floor"),
            models.CheckConstraint(condition=Q(floor__lte=0), name="handscore_floor_not_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.hand}: {self.seat.position} → {self.points}"


class Penalty(models.Model):
    """A confirmed illegal play (002, "Errori e penalità"): the offender takes the whole hand total."""

    hand = models.OneToOneField(Hand, on_delete=models.CASCADE, related_name="penalty")
    offender = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="penalties")
    reason = models.CharField(_("reason"), max_length=300)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")

    def __str__(self) -> str:
        return f"{self.hand}: {_('penalty')} {self.offender.position}"
