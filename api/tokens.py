"""Arbiters' API tokens: made, revoked and checked here (the page, the command and the API call
these).

A token is ``cuori_`` followed by 43 characters of ``secrets.token_urlsafe(32)``
(256 random bits). It is shown once, to the user who made it; the database
keeps its SHA-256 (``ApiToken.secret_hash``) and its first characters, to
recognise it in a list. A request is authenticated by hashing what it sent and
looking the hash up (one query): nothing is compared character by character.

A token acts as its user, with that user's roles at the time of each request
(``tournaments.permissions``): an arbiter removed from a tournament can no
longer write there with an old token. A token made for one tournament is
only good for that one.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.errors import TournamentError
from tournaments.models import Tournament

from . import idempotency
from .models import ApiToken

PREFIX = "cuori_"
#: A token's ``last_used_at`` is written at most this often (a read must not write every time).
LAST_USED_PRECISION = timedelta(minutes=1)
MAX_NAME = 100


@dataclass(frozen=True)
class NewToken:
    """A token just made: the row, and the secret to show once (it is never stored)."""

    token: ApiToken
    secret: str


def hash_secret(secret: str) -> str:
    """The SHA-256 (hex) kept for ``secret``."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def _clean_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise TournamentError(
            _("Give the token a name (e.g. the device or program that uses it)."),
            code="name_missing",
        )
    if len(name) > MAX_NAME or any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise TournamentError(
            _("A token's name is one line of at most %(n)s characters.") % {"n": MAX_NAME},
            code="name_invalid",
        )
    return name


def create_token(user, tournament: Tournament | None, name: str) -> NewToken:
    """Make a token of ``user`` for ``tournament`` (None: every tournament where they enter
    results).

    Raises ``TournamentError`` (code "not_allowed": the user may not enter that
    tournament's results; "name_missing", "name_invalid"; "name_taken": an
    active token of the user for that tournament has that name).
    """
    name = _clean_name(name)
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        raise TournamentError(_("Only an active account can have API tokens."), code="not_allowed")
    if tournament is not None and not permissions.can(user, permissions.ENTER_RESULTS, tournament):
        raise TournamentError(
            _(
                "%(user)s does not enter the results of %(tournament)s, so cannot have a token for "
                "it."
            )
            % {"user": user.get_username(), "tournament": tournament.name},
            code="not_allowed",
        )
    secret = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken(
        user=user,
        tournament=tournament,
        name=name,
        secret_hash=hash_secret(secret),
        prefix=secret[: len(PREFIX) + 4],
    )
    taken = ApiToken.objects.filter(
        user=user, tournament=tournament, name=name, revoked_at__isnull=True
    )
    try:
        with transaction.atomic():
            if (
                taken.exists()
            ):  # the database's constraint does not see tokens for every tournament (NULL)
                raise IntegrityError
            token.save()
    except IntegrityError:
        raise TournamentError(
            _("There is already an active token named “%(name)s”.") % {"name": name},
            code="name_taken",
        ) from None
    return NewToken(token, secret)


def revoke_token(token: ApiToken) -> ApiToken:
    """Revoke ``token`` now (a revoked token answers 401); revoking it again changes nothing."""
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def revoke_named(user, tournament: Tournament | None, name: str) -> ApiToken:
    """Revoke the active token of ``user`` for ``tournament`` named ``name``.

    Raises ``TournamentError`` (code "not_found") when there is none.
    """
    token = ApiToken.objects.filter(
        user=user, tournament=tournament, name=(name or "").strip(), revoked_at__isnull=True
    ).first()
    if token is None:
        raise TournamentError(
            _("No active token named “%(name)s”.") % {"name": name}, code="not_found"
        )
    return revoke_token(token)


class TokenRefused(Exception):
    """The token sent is unknown, revoked, or its user's account is disabled; ``str()`` says
    which."""


def authenticate(secret: str) -> ApiToken:
    """The active token whose secret is ``secret``, with its user (1 query; 2 more at most once a
    minute: its use noted, its expired idempotency keys purged). Raises ``TokenRefused``."""
    if not secret.startswith(PREFIX) or len(secret) > 200:
        raise TokenRefused(_("This is not a Cuori API token."))
    token = ApiToken.objects.select_related("user").filter(secret_hash=hash_secret(secret)).first()
    if token is None:
        raise TokenRefused(_("Unknown API token."))
    if token.revoked_at is not None:
        raise TokenRefused(_("This API token has been revoked."))
    if not token.user.is_active:
        raise TokenRefused(_("The account of this API token is disabled."))
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_PRECISION:
        token.last_used_at = now
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        idempotency.purge_expired(token)
    return token


def applies_to(token: ApiToken, tournament: Tournament) -> bool:
    """The token may act in ``tournament`` (made for it, or for every tournament)."""
    return token.tournament_id is None or token.tournament_id == tournament.pk
