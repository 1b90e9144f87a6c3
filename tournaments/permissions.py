"""Who may do what in a tournament: named permissions over the ``rules`` package.

Roles (issue 5):
- the *organizer* owns a tournament (``Tournament.owner``) and may change
  anything in it, appoint arbiters, and enter results like an arbiter;
- an *arbiter* (``Tournament.arbiters``) may enter and correct the results of
  that tournament only;
- anyone may read the public pages of a tournament that is not a draft; a
  draft is visible to its organizer and arbiters only.

Every view checks its permission on the server through :func:`require`
(``PermissionDenied`` → 403); templates ask the same names with
``{% has_perm %}`` (``rules`` template tags) so a page never offers a button
its user could not press. Superusers pass every check (Django's backend).
"""

from __future__ import annotations

import rules
from django.conf import settings
from django.core.exceptions import PermissionDenied

from .models import Tournament

VIEW = "tournaments.view_tournament_pages"
MANAGE = "tournaments.manage_tournament"
ENTER_RESULTS = "tournaments.enter_results"
CREATE = "tournaments.create_tournaments"

#: Who may create tournaments (the setting ``CUORI_TOURNAMENT_CREATORS``): "organizers" (the
#: default:
#: staff, and users given Django's "Can add tournament" permission, e.g. with ``manage.py
#: make_organizer``) or "everyone" (any signed-in account, for an open ladder).
CREATORS_ORGANIZERS = "organizers"
CREATORS_EVERYONE = "everyone"


@rules.predicate
def is_organizer(user, tournament: Tournament | None) -> bool:
    """The user owns the tournament (no query: compares ``owner_id``)."""
    return tournament is not None and user.is_authenticated and tournament.owner_id == user.pk


@rules.predicate
def is_arbiter(user, tournament: Tournament | None) -> bool:
    """The user is appointed arbiter of the tournament (one query, cached on the tournament per
    request)."""
    if tournament is None or not user.is_authenticated:
        return False
    cache = tournament.__dict__.setdefault("_arbiter_cache", {})
    if user.pk not in cache:
        cache[user.pk] = tournament.arbiters.filter(pk=user.pk).exists()
    return cache[user.pk]


@rules.predicate
def is_public(user, tournament: Tournament | None) -> bool:
    return tournament is not None and tournament.status != Tournament.Status.DRAFT


@rules.predicate
def may_create_tournaments(user) -> bool:
    """The user may create tournaments under ``CUORI_TOURNAMENT_CREATORS`` (no query for staff)."""
    if not user.is_authenticated:
        return False
    if getattr(settings, "CUORI_TOURNAMENT_CREATORS", CREATORS_ORGANIZERS) == CREATORS_EVERYONE:
        return True
    return user.is_staff or user.has_perm("tournaments.add_tournament")


is_staff_superuser = rules.is_superuser

rules.add_perm(VIEW, is_public | is_organizer | is_arbiter | is_staff_superuser)
rules.add_perm(MANAGE, is_organizer | is_staff_superuser)
rules.add_perm(ENTER_RESULTS, is_organizer | is_arbiter | is_staff_superuser)
rules.add_perm(CREATE, may_create_tournaments)


def can(user, permission: str, tournament: Tournament) -> bool:
    """Whether ``user`` holds ``permission`` (one of the names above) on ``tournament``."""
    return user.has_perm(permission, tournament)


def sees_hidden_rounds(user, tournament: Tournament) -> bool:
    """Whether ``user`` sees the results of the tournament's hidden rounds (``Round.hidden``): its
    organizer, its arbiters and superusers (whoever enters its results); everyone else sees the
    public rounds only."""
    return can(user, ENTER_RESULTS, tournament)


class HiddenRound(PermissionDenied):
    """A table of a hidden round asked by someone who does not see hidden rounds (→ 403, saying
    so)."""

    def __init__(self, round_):
        from django.utils.translation import gettext as _

        super().__init__(
            _("The results of round %(n)s are hidden until the organizer releases them.")
            % {"n": round_.number}
        )
        self.round = round_


def require_results_visible(user, round_) -> None:
    """Raise ``HiddenRound`` unless ``user`` may see the results of ``round_`` (public, or the user
    is staff)."""
    if round_.hidden and not sees_hidden_rounds(user, round_.tournament):
        raise HiddenRound(round_)


class NotPublished(PermissionDenied):
    """A draft tournament's public page asked by someone who may not see drafts yet.

    Answered with a plain "not published yet" page naming the tournament
    (``tournaments.middleware``), not a 403 or a login prompt.
    """

    def __init__(self, tournament: Tournament):
        super().__init__(VIEW)
        self.tournament = tournament


def require(user, permission: str, tournament: Tournament) -> None:
    """Raise ``PermissionDenied`` (→ 403) unless ``user`` holds ``permission`` on ``tournament``.

    Reading a draft tournament's pages raises ``NotPublished`` (a ``PermissionDenied``).
    """
    if not can(user, permission, tournament):
        if permission == VIEW and tournament.status == Tournament.Status.DRAFT:
            raise NotPublished(tournament)
        raise PermissionDenied(permission)
