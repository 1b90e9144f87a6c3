"""Who is asking, and how often: bearer tokens and the API's rate limits (django-ratelimit).

- Reads: anyone, counted per client address (``CUORI_API_READ_RATE``, 120 a
  minute by default). A token may come along (``Authorization: Bearer …``):
  then the caller is its user, in the tournaments the token is for; without
  one, the signed-in user of the browser session, if any (the docs page).
- Writes: a token is required (401 without a valid one), counted per token
  (``CUORI_API_WRITE_RATE``, 60 a minute). Tokens that fail count against
  the client address's read limit, so guessing is slowed down as well.

The client address is django-axes' (``CUORI_PROXY_COUNT`` decides which
``X-Forwarded-For`` entry is trusted), the same one the logins are throttled by.
Over a limit: 429 with ``Retry-After`` (seconds).
"""

from __future__ import annotations

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _
from django_ratelimit.core import get_usage
from ninja.security import HttpBearer

from tournaments.models import Tournament

from . import tokens
from .errors import NOT_AUTHENTICATED, RATE_LIMITED, ApiError
from .models import ApiToken

READ_GROUP = "api-read"
WRITE_GROUP = "api-write"
_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="cuori"'}


def client_address(request) -> str:
    return get_client_ip_address(request) or request.META.get("REMOTE_ADDR", "") or "unknown"


def limit(request, group: str, who: str, rate: str) -> None:
    """Count this request for ``who`` in ``group``; ``ApiError`` 429 when over ``rate``."""
    usage = get_usage(
        request, group=group, key=lambda _group, _request: who, rate=rate, increment=True
    )
    if usage is not None and usage["should_limit"]:
        wait = max(int(usage["time_left"]), 1)
        raise ApiError(
            429,
            _("Too many requests: try again in %(s)s seconds.") % {"s": wait},
            None,
            code=RATE_LIMITED,
            headers={"Retry-After": str(wait)},
        )


def limit_reads(request) -> None:
    limit(request, READ_GROUP, f"address:{client_address(request)}", settings.CUORI_API_READ_RATE)


def limit_writes(request, token: ApiToken) -> None:
    limit(request, WRITE_GROUP, f"token:{token.pk}", settings.CUORI_API_WRITE_RATE)


def _refused(message: str) -> ApiError:
    return ApiError(401, message, "Authorization", code=NOT_AUTHENTICATED, headers=_CHALLENGE)


def _token(request, header: str) -> ApiToken:
    scheme, _space, secret = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        limit_reads(request)
        raise _refused(_("Send the token as: Authorization: Bearer <your API token>."))
    try:
        return tokens.authenticate(secret.strip())
    except tokens.TokenRefused as exc:
        limit_reads(request)
        raise _refused(str(exc)) from None


class TokenAuth(HttpBearer):
    """Writes: ``Authorization: Bearer <token>`` (made on the tournament's API page or by
    ``manage.py api_token``)."""

    def __call__(self, request):
        header = request.headers.get("Authorization")
        if not header:
            limit_reads(request)
            raise _refused(
                _("This needs an API token: send Authorization: Bearer <your API token>.")
            )
        token = _token(request, header)
        limit_writes(request, token)
        return token

    def authenticate(self, request, token):  # pragma: no cover - __call__ does the work
        return tokens.authenticate(token)


class Anonymous:
    """A read without a token (the caller may still be signed in through the browser)."""

    def __bool__(self) -> bool:
        return True


class OptionalTokenAuth(HttpBearer):
    """Reads: no token needed; with one, its user sees what they may see (a draft of their
    tournament)."""

    def __call__(self, request):
        limit_reads(request)
        header = request.headers.get("Authorization")
        if not header:
            return Anonymous()
        return _token(request, header)

    def authenticate(self, request, token):  # pragma: no cover - __call__ does the work
        return tokens.authenticate(token)


def caller(request, tournament: Tournament | None):
    """The user a request acts as in ``tournament``: the token's user where the token applies (else
    nobody), or without a token the session's user."""
    auth = getattr(request, "auth", None)
    if isinstance(auth, ApiToken):
        if tournament is not None and tokens.applies_to(auth, tournament):
            return auth.user
        return AnonymousUser()
    return request.user
