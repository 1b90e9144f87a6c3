"""Who made a write, and why: the actor and reason kept with every audit-history record.

The history itself is django-simple-history's (one ``Historical…`` table per
audited model). simple-history records the *user* of a change; a tournament is
also written by the command line and by the engine (online play), which have
no user. So every audited model's history gets one more column,
``history_actor`` ("user", "command" or "engine"), and the services stamp the
instance they save with :func:`stamp` before saving it.

An :class:`Actor` is passed to every service that writes (keyword ``actor``):
``Actor.of(request.user)`` in views, ``COMMAND_LINE`` in management commands,
``ENGINE`` in online play.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.db import models
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _
from simple_history.signals import pre_create_historical_record


class ActorKind(models.TextChoices):
    USER = "user", _("user")
    PLAYER = "player", _("player")
    COMMAND = "command", _("command line")
    ENGINE = "engine", _("engine")


@dataclass(frozen=True)
class Actor:
    """Who writes: a signed-in user, a player through their private link, the command line, or the
    engine.

    ``user`` is the Django user for ``ActorKind.USER``; ``player`` the
    ``Registration`` for ``ActorKind.PLAYER``; both None otherwise.
    """

    kind: ActorKind
    user: object = None
    player: object = None

    @classmethod
    def of(cls, user) -> Actor:
        """The actor for a signed-in ``user``. Raises ``ValueError`` for an anonymous or missing
        user."""
        if user is None or not getattr(user, "is_authenticated", False):
            raise ValueError("a write needs a signed-in user, the command line or the engine")
        return cls(ActorKind.USER, user)

    @classmethod
    def of_player(cls, registration) -> Actor:
        """The actor for a player acting through their private link (``registration``)."""
        return cls(ActorKind.PLAYER, None, registration)

    @property
    def user_or_none(self):
        """The user to store in ``recorded_by``-style columns (None for the command line and the
        engine)."""
        return self.user if self.kind == ActorKind.USER else None

    def __str__(self) -> str:
        if self.kind == ActorKind.USER:
            return self.user.get_full_name() or self.user.get_username()
        if self.kind == ActorKind.PLAYER:
            return self.player.player.name
        return str(self.kind.label)


COMMAND_LINE = Actor(ActorKind.COMMAND)
ENGINE = Actor(ActorKind.ENGINE)


def stamp(instance: models.Model, actor: Actor, reason: str = "") -> models.Model:
    """Mark ``instance`` so that its next history record names ``actor`` and ``reason``.

    Call it right before ``save()`` or ``delete()``; returns the instance.
    """
    instance._history_user = actor.user_or_none
    instance._history_actor = actor.kind
    instance._history_player = actor.player.pk if actor.player is not None else None
    instance._change_reason = reason
    return instance


class ActorHistory(models.Model):
    """Abstract base of the historical models: the kind of actor of each change."""

    history_actor = models.CharField(
        _("changed by"), max_length=10, choices=ActorKind.choices, blank=True
    )
    history_player = models.IntegerField(
        _("player (registration id)"),
        null=True,
        blank=True,
        help_text=_(
            "For a change made through a player's private link: the player's registration."
        ),
    )

    class Meta:
        abstract = True


@receiver(pre_create_historical_record)
def _record_actor(sender, instance, history_instance, **kwargs) -> None:
    """Copy the actor stamped on the instance into its history record (audit plumbing only).

    A change made without :func:`stamp` (the Django admin's own forms, a
    shell) is recorded as the request's user when there is one.
    """
    if not hasattr(history_instance, "history_actor"):
        return
    actor = getattr(instance, "_history_actor", "")
    if not actor and history_instance.history_user_id is not None:
        actor = ActorKind.USER
    history_instance.history_actor = actor
    history_instance.history_player = getattr(instance, "_history_player", None)


def actor_label(record, players: dict[int, str] | None = None) -> str:
    """How a page names the actor of a history record: the user's name, the player's name (from
    ``players``: registration id → name), "command line" or "engine"."""
    user = record.history_user
    if user is not None:
        return user.get_full_name() or user.get_username()
    if record.history_actor == ActorKind.PLAYER and players and record.history_player in players:
        return players[record.history_player]
    if record.history_actor:
        return str(ActorKind(record.history_actor).label)
    return "—"


@cache
def _historical_model(model: type[models.Model]) -> type[models.Model]:
    """``model.history.model`` (simple-history builds a new manager class at every access: once is
    enough)."""
    return model.history.model


def copy_to_history(
    queryset: models.QuerySet,
    actor: Actor,
    reason: str = "",
    *,
    chunk: int = 900,
    pks: list | None = None,
) -> int:
    """Write the "created" history record of every row of ``queryset`` in one INSERT ... SELECT per
    chunk.

    For bulk imports: the same records ``save()`` would write (simple-history's
    historical table, with ``actor`` and ``reason``), without building a
    Python object per row. ``queryset``: the rows just created (filtered by
    their primary keys, taken ``chunk`` at a time); ``pks``: those keys when
    the caller has them (``bulk_create`` returns them), saving the query that
    lists them. Returns the number of rows.
    """
    from django.db import connection
    from django.utils import timezone

    model = queryset.model
    historical = _historical_model(model)
    tracked = [f for f in historical._meta.concrete_fields if not f.name.startswith("history_")]
    columns = [f.column for f in tracked] + [
        "history_date",
        "history_change_reason",
        "history_type",
        "history_user_id",
        "history_actor",
        "history_player",
    ]
    user = actor.user_or_none
    constants = {
        "history_date": models.Value(timezone.now(), output_field=models.DateTimeField()),
        "history_change_reason": models.Value(reason or None, output_field=models.CharField()),
        "history_type": models.Value("+", output_field=models.CharField()),
        "history_user_id": models.Value(
            user.pk if user else None, output_field=models.IntegerField()
        ),
        "history_actor": models.Value(actor.kind.value, output_field=models.CharField()),
        "history_player": models.Value(
            actor.player.pk if actor.player is not None else None,
            output_field=models.IntegerField(),
        ),
    }
    if pks is None:
        pks = list(queryset.values_list("pk", flat=True))
    table = connection.ops.quote_name(historical._meta.db_table)
    names = ", ".join(connection.ops.quote_name(c) for c in columns)
    with connection.cursor() as cursor:
        for start in range(0, len(pks), chunk):
            select = (
                model._base_manager.filter(pk__in=pks[start : start + chunk])
                .order_by()
                .annotate(**{f"h_{k}": v for k, v in constants.items()})
                .values_list(*[f.attname for f in tracked], *[f"h_{k}" for k in constants])
            )
            sql, params = select.query.sql_with_params()
            cursor.execute(f"INSERT INTO {table} ({names}) {sql}", params)
    return len(pks)
