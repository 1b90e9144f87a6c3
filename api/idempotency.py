"""``Idempotency-Key``: a write sent again with the same key is answered again, not done again.

Every write of the API carries a key the client makes up (a UUID, say: at most
200 visible ASCII characters). The first request with a key runs, and its
answer (status and body) is kept with the key, for that token, for
``CUORI_API_IDEMPOTENCY_HOURS`` (24 by default). Then:

- the same key with the same request (method, path and body, compared after
  parsing, so spacing and key order do not matter) gets the kept answer again,
  with ``Idempotent-Replayed: true``, and nothing is written;
- the same key with another request is refused (422): the client reused a key
  by mistake, and guessing which request it meant would be wrong either way;
- a request whose key is still being answered waits for it (PostgreSQL holds
  the second insert of the key until the first transaction ends) and then
  gets its answer.

The key's row, the write and the kept answer are committed together, in one
transaction: a request that dies half-way leaves no key behind, so sending it
again simply runs it. Answers to refusals the write itself gave (409, 422)
are kept too: they are the answer to that request. Refusals before the write
(401, 403, 404, 429, a malformed body) keep nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .errors import BAD_REQUEST, IDEMPOTENCY_MISMATCH, IN_PROGRESS, ApiError
from .models import ApiToken, IdempotencyKey

HEADER = "Idempotency-Key"
MAX_KEY = 200


@dataclass(frozen=True)
class Answer:
    status: int
    body: dict
    replayed: bool = False


def check_key(key: str | None) -> str:
    """The header's value, or a 400 naming the header when it is missing or not a plain short
    text."""
    if key is None or not key.strip():
        raise ApiError(
            400,
            _(
                "Every write needs an Idempotency-Key header: a new random value (a UUID) for each "
                "new write, the same one when a write is sent again."
            ),
            HEADER,
            code=BAD_REQUEST,
        )
    key = key.strip()
    if len(key) > MAX_KEY or not all(33 <= ord(c) <= 126 for c in key):
        raise ApiError(
            400,
            _("The Idempotency-Key must be at most %(n)s visible ASCII characters (a UUID fits).")
            % {"n": MAX_KEY},
            HEADER,
            code=BAD_REQUEST,
        )
    return key


def fingerprint(method: str, path: str, body: dict) -> str:
    """SHA-256 of the request as the API understood it: method, path and the parsed body."""
    canonical = json.dumps(
        body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
    )
    return hashlib.sha256(f"{method}\n{path}\n{canonical}".encode()).hexdigest()


def _kept_for() -> timedelta:
    return timedelta(hours=float(getattr(settings, "CUORI_API_IDEMPOTENCY_HOURS", 24)))


def run(token: ApiToken, key: str, request_hash: str, write: Callable[[], Answer]) -> Answer:
    """Answer the request: the kept answer for ``key`` when it has one, else ``write()``'s, kept.

    ``write`` runs inside the transaction that keeps its answer; it returns an
    ``Answer`` (refusals included) and raises only for a server error, which
    keeps nothing. Raises ``ApiError`` 422 when ``key`` came with another request.
    """
    kept_since = timezone.now() - _kept_for()
    # A replay (the common retry) is one read: the answer kept for this key.
    found = IdempotencyKey.objects.filter(token=token, key=key).first()
    if found is not None and found.created_at >= kept_since and found.status is not None:
        return _replay(found, request_hash)
    with transaction.atomic():
        if found is not None and found.created_at < kept_since:  # expired: the key is free again
            IdempotencyKey.objects.filter(pk=found.pk, created_at__lt=kept_since).delete()
        try:
            with transaction.atomic():
                row = IdempotencyKey.objects.create(token=token, key=key, request_hash=request_hash)
        except IntegrityError:
            row = IdempotencyKey.objects.filter(token=token, key=key).first()
            if row is None:  # the other request failed and kept nothing meanwhile: this one may run
                row = IdempotencyKey.objects.create(token=token, key=key, request_hash=request_hash)
            else:
                return _replay(row, request_hash)
        answer = write()
        row.status, row.response = answer.status, answer.body
        row.save(update_fields=["status", "response"])
        return answer


def purge_expired(token: ApiToken) -> int:
    """Delete ``token``'s keys older than ``CUORI_API_IDEMPOTENCY_HOURS``; returns how many.

    Called when the token's use is noted (``api.tokens``, at most once a minute),
    so the kept answers stay bounded without a query on every write.
    """
    deleted, _ = IdempotencyKey.objects.filter(
        token=token, created_at__lt=timezone.now() - _kept_for()
    ).delete()
    return deleted


def _replay(row: IdempotencyKey, request_hash: str) -> Answer:
    if row.request_hash != request_hash:
        raise ApiError(
            422,
            _(
                "This Idempotency-Key was already used with another request. Use a new key for a "
                "new write."
            ),
            HEADER,
            code=IDEMPOTENCY_MISMATCH,
        )
    if row.status is None:  # only where the database did not make this request wait (no row lock)
        raise ApiError(
            409,
            _(
                "A request with this Idempotency-Key is still being answered: try again in a "
                "moment."
            ),
            HEADER,
            code=IN_PROGRESS,
        )
    return Answer(row.status, row.response, replayed=True)
