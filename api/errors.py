"""Every refusal of the API as one JSON shape, and the statuses the services' errors map to.

Body of every 4xx answer::

    {"detail": [{"field": "points", "message": "..."}], "code": "invalid"}

``field`` names what was wrong: a body field as a dotted path (``points``,
``points.2``, ``penalty.seat``), a query parameter (``round``), a header
(``Authorization``, ``Idempotency-Key``), or null when the request as a whole
is refused (a table whose result is final). ``message`` is a sentence in the
request's language; ``code`` a stable word for programs. A 409 caused by the
table's version also carries ``current_version``.

The services' errors are mapped as the score sheet maps them
(``tables.views.CONFLICTS`` and ``_refused``): the table's state refuses the
write → 409; the player may not do this → 403; anything else about the
input → 422.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tables import entries, services
from tables.views import CONFLICTS
from tournaments.errors import TournamentError
from tournaments.scoring import ScoringError

# Stable codes, one per kind of refusal.
BAD_REQUEST = "bad_request"
INVALID = "invalid"
NOT_AUTHENTICATED = "not_authenticated"
FORBIDDEN = "forbidden"
NOT_FOUND = "not_found"
CONFLICT = "conflict"
STALE = "stale"
IDEMPOTENCY_MISMATCH = "idempotency_key_reused"
IN_PROGRESS = "in_progress"
RATE_LIMITED = "rate_limited"


class ApiError(Exception):
    """A refusal: ``status`` (4xx), one or more (field, message) pairs, a ``code`` and extra body
    keys.

    ``headers``: added to the answer (``Retry-After``, ``WWW-Authenticate``).
    """

    def __init__(
        self,
        status: int,
        message: str,
        field: str | None = None,
        *,
        code: str = INVALID,
        errors: list[tuple[str | None, str]] | None = None,
        extra: dict | None = None,
        headers: dict[str, str] | None = None,
    ):
        super().__init__(message)
        self.status = status
        self.errors = errors if errors is not None else [(field, message)]
        self.code = code
        self.extra = extra or {}
        self.headers = headers or {}

    def body(self) -> dict:
        return {
            "detail": [{"field": f, "message": str(m)} for f, m in self.errors],
            "code": self.code,
            **self.extra,
        }


def not_found(message: str, field: str | None = None) -> ApiError:
    return ApiError(404, message, field, code=NOT_FOUND)


def from_scoring(exc: ScoringError, field: str | None, *, version: int | None = None) -> ApiError:
    """The answer to a refused write, as the sheet gives it: 403, 409 (state) or 422 (input).

    field: what the input error is about (the caller knows what it sent);
    version: the table's version now, sent back with a 409 so the client can
    read the table again and retry.
    """
    if isinstance(exc, entries.EntryNotAllowed):
        return ApiError(403, str(exc), None, code=FORBIDDEN)
    if isinstance(exc, CONFLICTS):
        stale = isinstance(exc, (services.StaleTableError, services.HandConflictError))
        extra = {"current_version": version} if version is not None else {}
        if isinstance(exc, services.StaleTableError):
            message = _(
                "Someone else saved this table first (version %(version)s now): read the table "
                "again, check what changed and send the hand again with that version."
            ) % {"version": version}
            return ApiError(409, message, "version", code=STALE, extra=extra)
        return ApiError(409, str(exc), "number" if stale else None, code=CONFLICT, extra=extra)
    return ApiError(422, str(exc), field, code=INVALID)


def from_tournament(exc: TournamentError, field: str | None = None) -> ApiError:
    """A ``TournamentError``: 422 with its code."""
    return ApiError(422, str(exc), field, code=exc.code)
