"""Players' private links: a secret personal address per registration (Tabbycat's private URLs).

The address is ``/p/<registration id>-<secret>/``: the secret has 192 random
bits (``secrets.token_urlsafe(24)``, 32 characters), is compared in constant
time (``hmac.compare_digest``), and is kept only on the registration, so the
organizer can print it again, revoke it (the old address stops working at
once) or issue a new one. Whoever holds the address acts as that player, on
that player's table only (``tables.entries``), with no account.
"""

from __future__ import annotations

import hmac
import secrets

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from .audit import Actor, stamp
from .models import Registration, Tournament


class LinkNotFound(LookupError):
    """No registration answers to this address (malformed, unknown, or revoked): a 404."""


def key_of(registration: Registration) -> str:
    """The private part of the player's address (``"<id>-<secret>"``); empty when no link was
    issued."""
    return f"{registration.pk}-{registration.link_secret}" if registration.link_secret else ""


def path_of(registration: Registration) -> str:
    """The player's address without the host (``/p/<id>-<secret>/``); empty when no link was
    issued."""
    key = key_of(registration)
    return reverse("tables:player_link", args=[key]) if key else ""


def issue(registration: Registration, *, actor: Actor) -> Registration:
    """Give the player a new secret (a previous address stops working). Returns the registration."""
    with transaction.atomic():
        registration = Registration.objects.select_for_update().get(pk=registration.pk)
        registration.link_secret = secrets.token_urlsafe(24)
        registration.link_issued_at = timezone.now()
        stamp(registration, actor).save(update_fields=["link_secret", "link_issued_at"])
    return registration


def revoke(registration: Registration, *, actor: Actor) -> Registration:
    """Take the player's address away (it answers 404 from now on). Idempotent."""
    with transaction.atomic():
        registration = Registration.objects.select_for_update().get(pk=registration.pk)
        if registration.link_secret:
            registration.link_secret, registration.link_issued_at = "", None
            stamp(registration, actor).save(update_fields=["link_secret", "link_issued_at"])
    return registration


def issue_missing(tournament: Tournament, *, actor: Actor) -> int:
    """Issue a link to every registration of ``tournament`` that has none (printing, mailing);
    returns how many."""
    missing = list(Registration.objects.filter(tournament=tournament, link_secret=""))
    for registration in missing:
        issue(registration, actor=actor)
    return len(missing)


def surname_key(name: str) -> tuple[str, str]:
    """Sort players by surname: the last word of the name ("Mario Rossi" → "rossi"), then the whole
    name."""
    words = name.split()
    return ((words[-1] if words else "").casefold(), name.casefold())


def with_links(tournament: Tournament) -> list[Registration]:
    """The registrations that have a private link, sorted by surname (printing, mailing): 1
    query."""
    regs = list(
        Registration.objects.filter(tournament=tournament)
        .exclude(link_secret="")
        .select_related("player")
    )
    return sorted(regs, key=lambda r: surname_key(r.player.name))


def registration_for(key: str) -> Registration:
    """The registration a private address belongs to (with its player and tournament).

    key: ``"<registration id>-<secret>"``. Raises ``LinkNotFound`` for a
    malformed key, an unknown registration, a revoked link or a wrong secret
    (the secret is compared in constant time).
    """
    number, _sep, secret = key.partition("-")
    if not number.isdecimal() or len(number) > 12 or not secret:
        raise LinkNotFound(key)
    registration = (
        Registration.objects.select_related("player", "tournament").filter(pk=int(number)).first()
    )
    stored = registration.link_secret if registration is not None else ""
    # Compare even when there is nothing to compare with, so an unknown id takes as long as a wrong
    # secret.
    if not hmac.compare_digest(stored.encode() or b"-", secret.encode()) or not stored:
        raise LinkNotFound(key)
    return registration
