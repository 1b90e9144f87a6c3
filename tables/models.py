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

from tournaments.audit import ActorHistory
from tournaments.numbers import MAX_HAND_NUMBER, MAX_HAND_POINTS, MAX_TABLE_NUMBER


class Table(models.Model):
    """A table in a round: 3, 4 or 5 seats, one game."""

    class Mode(models.TextChoices):
        ARBITER = "arbiter", _("Entered by the arbiter (paper play)")
        ENGINE = "engine", _("Played via the engine")

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("number"))
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices, default=Mode.ARBITER)
    closed_by_arbiter = models.BooleanField(
        _("closed by the arbiter"),
        default=False,
        help_text=_("The game was stopped when time was up; its hands so far are final."),
    )
    result_confirmed_at = models.DateTimeField(_("result confirmed at"), null=True, blank=True)
    version = models.PositiveIntegerField(
        _("version"),
        default=0,
        help_text=_("Raised by every change of the table's hands (optimistic locking)."),
    )
    hands_recorded = models.PositiveSmallIntegerField(
        _("hands recorded"),
        default=0,
        help_text=_("Kept up to date with every hand, so the standings need not count them."),
    )

    history = HistoricalRecords(bases=[ActorHistory])

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
            models.CheckConstraint(
                condition=Q(number__lte=MAX_TABLE_NUMBER), name="table_number_bounded"
            ),
        ]

    def __str__(self) -> str:
        return f"{_('Round')} {self.round.number}, {_('table')} {self.number}"


class Seat(models.Model):
    """A registration at a table; position 0.. in clockwise order (seat 0 deals the first hand)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("position"))
    registration = models.ForeignKey(
        "tournaments.Registration",
        on_delete=models.PROTECT,
        related_name="seats",
    )
    points = models.IntegerField(
        _("penalty total"),
        default=0,
        help_text=_(
            "The seat's penalty points in its table's game so far: the sum of its hand scores, "
            "kept up to date with every hand and correction, so the standings need not add them up."
        ),
    )

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_unique_position"),
            models.UniqueConstraint(
                fields=["round", "registration"], name="seat_unique_registration_per_round"
            ),
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
    source = models.CharField(
        _("source"), max_length=10, choices=Source.choices, default=Source.ARBITER
    )
    record = models.JSONField(_("engine hand record"), null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords(bases=[ActorHistory])

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(
                condition=Q(number__lte=MAX_HAND_NUMBER), name="hand_number_bounded"
            ),
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

    history = HistoricalRecords(bases=[ActorHistory])

    class Meta:
        ordering = ["hand", "seat__position"]
        verbose_name = _("hand score")
        verbose_name_plural = _("hand scores")
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="handscore_one_per_seat"),
            models.CheckConstraint(
                condition=Q(points__gte=F("floor")), name="handscore_points_not_below_floor"
            ),
            models.CheckConstraint(condition=Q(floor__lte=0), name="handscore_floor_not_positive"),
            models.CheckConstraint(
                condition=Q(points__lte=MAX_HAND_POINTS), name="handscore_points_bounded"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.hand}: {self.seat.position} → {self.points}"


class Penalty(models.Model):
    """A confirmed illegal play (002, "Errori e penalità"): the offender takes the whole hand
    total."""

    hand = models.OneToOneField(Hand, on_delete=models.CASCADE, related_name="penalty")
    offender = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="penalties")
    reason = models.CharField(_("reason"), max_length=300)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords(bases=[ActorHistory])

    class Meta:
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")

    def __str__(self) -> str:
        return f"{self.hand}: {_('penalty')} {self.offender.position}"


class HandEntry(models.Model):
    """One entry of a hand waiting to be checked (``tables.entries``), under the tournament's
    policy.

    Under "player" a different player of the table accepts or rejects it;
    under "double" a second, independent entry must be equal. ``points``
    (per seat, seat order) or ``penalty_offender`` (a seat position) with
    ``penalty_reason``; ``entered_by_*`` is the arbiter (a user) or a player
    (a registration); ``decided_by_*`` who accepted, rejected or decided.
    ``hand`` is the hand recorded from it. ``table_version``: the table's
    version when it was entered (an entry on a sheet that moved on is stale).
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for a check")
        RECORDED = "recorded", _("Recorded")
        REJECTED = "rejected", _("Rejected")
        MISMATCH = "mismatch", _("Different from the other entry")
        SUPERSEDED = "superseded", _("Replaced")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveSmallIntegerField(_("hand number"))
    points = models.JSONField(_("points"), null=True, blank=True)
    penalty_offender = models.PositiveSmallIntegerField(_("offender seat"), null=True, blank=True)
    penalty_reason = models.CharField(_("reason for the penalty"), max_length=300, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    table_version = models.PositiveIntegerField(_("table version"))
    entered_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    entered_by_player = models.ForeignKey(
        "tournaments.Registration",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    decided_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    decided_by_player = models.ForeignKey(
        "tournaments.Registration",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    hand = models.ForeignKey(
        Hand, on_delete=models.SET_NULL, null=True, blank=True, related_name="entries"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    history = HistoricalRecords(bases=[ActorHistory])

    class Meta:
        ordering = ["table", "number", "created_at"]
        verbose_name = _("hand entry")
        verbose_name_plural = _("hand entries")
        constraints = [
            models.CheckConstraint(
                condition=Q(points__isnull=False) | Q(penalty_offender__isnull=False),
                name="handentry_points_or_penalty",
            ),
            models.CheckConstraint(
                condition=Q(entered_by_user__isnull=False)
                | Q(entered_by_player__isnull=False)
                | ~Q(status="pending"),
                name="handentry_pending_has_author",
            ),
        ]
        indexes = [models.Index(fields=["table", "status"], name="handentry_table_status")]

    def __str__(self) -> str:
        return f"{self.table} — {_('hand')} {self.number} ({self.get_status_display()})"


class TableFlag(models.Model):
    """A call for the arbiter from a table (a player's private link, or the arbiter's own note).

    Open until ``resolved_at``; the arbiter's round page lists open flags (who, when, why).
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="flags")
    raised_by = models.ForeignKey(
        "tournaments.Registration",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    reason = models.CharField(_("reason"), max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    note = models.CharField(_("arbiter's note"), max_length=300, blank=True)

    history = HistoricalRecords(bases=[ActorHistory])

    class Meta:
        ordering = ["table", "created_at"]
        verbose_name = _("call for the arbiter")
        verbose_name_plural = _("calls for the arbiter")
        indexes = [models.Index(fields=["table", "resolved_at"], name="tableflag_open")]

    def __str__(self) -> str:
        return f"{self.table}: {self.reason}"


# --------------------------------------------------------------------------
# Online play through the engine (issue 7). The services are ``tables.play``.


class PlaySeat(models.Model):
    """How one seat of an engine-played table is played: a human's private link, or a computer.

    ``token`` is the seat's unguessable secret (``secrets.token_urlsafe``):
    whoever holds the link plays that seat and sees only its cards. A token
    past ``expires_at`` is refused; issuing a new one makes the old link
    useless. ``computer`` is a computer player level (``engine.players``),
    blank for a human, who is played automatically after a timeout when
    absent (000).
    """

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="play")
    token = models.CharField(_("seat token"), max_length=64, unique=True)
    expires_at = models.DateTimeField(_("link expires at"), null=True, blank=True)
    computer = models.CharField(_("computer player"), max_length=20, blank=True)
    last_seen_at = models.DateTimeField(_("last seen at"), null=True, blank=True)

    class Meta:
        verbose_name = _("seat link")
        verbose_name_plural = _("seat links")

    def __str__(self) -> str:
        return f"{self.seat} ({self.computer or _('human')})"


class PlayState(models.Model):
    """The live state of an engine-played table: the hand being played, and a version.

    The hand itself is never stored as a mutable blob: it is rebuilt from
    ``deal`` and the hand's ``PlayEvent`` rows. ``version`` rises with every
    event and every new deal; clients poll with the version they have, and
    tasks carry the version at which their seat's turn began (idempotence).
    ``hand_version`` is the version at which the current hand was dealt (the
    pass phase's key). ``finished`` once the game has ended.
    """

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="play_state")
    hand_number = models.PositiveSmallIntegerField(_("hand number"))
    dealer = models.PositiveSmallIntegerField(_("dealer seat"))
    pass_direction = models.CharField(_("pass direction"), max_length=10)
    seed = models.BigIntegerField(_("deal seed"))
    deal = models.JSONField(
        _("deal"), help_text=_("Per seat, the card codes dealt, in dealt order.")
    )
    kitty = models.JSONField(_("kitty"), default=list, blank=True)
    scores_before = models.JSONField(_("game scores before the hand"), default=list)
    version = models.PositiveIntegerField(_("version"), default=1)
    hand_version = models.PositiveIntegerField(_("version when the hand was dealt"), default=1)
    events = models.PositiveSmallIntegerField(_("events in this hand"), default=0)
    finished = models.BooleanField(_("game finished"), default=False)
    computer_due = models.BooleanField(
        _("a computer must act"),
        default=False,
        help_text=_(
            "Kept with every event so that a poll can tell, without rebuilding the hand, "
            "whether a computer's move is due."
        ),
    )
    turn_started_at = models.DateTimeField(_("turn started at"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("live table state")
        verbose_name_plural = _("live table states")
        constraints = [
            models.CheckConstraint(
                condition=Q(hand_number__gte=1), name="playstate_hand_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table}: {_('hand')} {self.hand_number} v{self.version}"


class PlayEvent(models.Model):
    """One pass or one play at an engine-played table, in order (the event log).

    (table, hand_number, sequence) is unique: two concurrent writers can never
    both store the n-th event of a hand. ``cards`` are card codes (3 for a
    pass, 1 for a play). ``actor`` says who decided: the seat's human, its
    computer player, or the automatic play for an absent player (000).
    """

    class Kind(models.TextChoices):
        PASS = "pass", _("Pass")
        PLAY = "play", _("Play")

    class Actor(models.TextChoices):
        HUMAN = "human", _("Player")
        COMPUTER = "computer", _("Computer player")
        AUTO = "auto", _("Automatic play (absent player)")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="play_events")
    hand_number = models.PositiveSmallIntegerField(_("hand number"))
    sequence = models.PositiveSmallIntegerField(_("sequence"))
    kind = models.CharField(_("kind"), max_length=4, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(_("seat"))
    cards = models.JSONField(_("cards"))
    actor = models.CharField(_("actor"), max_length=10, choices=Actor.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "hand_number", "sequence"]
        verbose_name = _("play event")
        verbose_name_plural = _("play events")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "hand_number", "sequence"], name="playevent_unique_sequence"
            ),
            models.CheckConstraint(
                condition=Q(sequence__gte=1), name="playevent_sequence_positive"
            ),
        ]

    def __str__(self) -> str:
        return (
            f"{self.table} #{self.hand_number}.{self.sequence}: {self.seat} {self.kind} "
            f"{self.cards}"
        )
