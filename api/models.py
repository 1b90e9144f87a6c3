"""The API's own rows: arbiters' tokens and the idempotency keys of their writes.

A token's secret is shown once, when it is made, and only its SHA-256 is
kept (``secret_hash``): a copy of the database gives nobody a working token.
An idempotency key remembers, for one token, the request it came with (a
hash of method, path and body) and the response that was sent, for
``CUORI_API_IDEMPOTENCY_HOURS`` (24 by default).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    """A bearer token of one user, for one tournament (or, with ``tournament`` empty, every
    tournament the user may enter results in). Revoked tokens stay, with ``revoked_at``, so the list
    shows them."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="api_tokens",
        verbose_name=_("user"),
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="api_tokens",
        verbose_name=_("tournament"),
        help_text=_("Empty: every tournament the user enters results in."),
    )
    name = models.CharField(_("name"), max_length=100)
    secret_hash = models.CharField(
        _("secret (SHA-256)"), max_length=64, unique=True, editable=False
    )
    prefix = models.CharField(
        _("first characters"),
        max_length=12,
        editable=False,
        help_text=_("The token's first characters, to recognise it; the rest is not kept."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used at"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "tournament", "name"],
                condition=Q(revoked_at__isnull=True),
                name="apitoken_active_name_unique",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="apitoken_name_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def active(self) -> bool:
        return self.revoked_at is None


class IdempotencyKey(models.Model):
    """One ``Idempotency-Key`` of one token: the request it was first sent with and the answer
    given.

    ``status`` is None while the first request is still being answered.
    """

    token = models.ForeignKey(ApiToken, on_delete=models.CASCADE, related_name="idempotency_keys")
    key = models.CharField(max_length=200)
    request_hash = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField(null=True, blank=True)
    response = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("idempotency key")
        verbose_name_plural = _("idempotency keys")
        constraints = [
            models.UniqueConstraint(
                fields=["token", "key"], name="idempotencykey_unique_per_token"
            ),
        ]

    def __str__(self) -> str:
        return self.key
