"""Login throttling: django-axes' database handler with one limit per account and one per address.

axes counts failures for each of ``AXES_LOCKOUT_PARAMETERS`` (here the pair user name +
client address, and the client address alone) and compares the largest count with one
``AXES_FAILURE_LIMIT``. An address's failures include every pair's from it, so with one
limit the address alone would always decide: a club's shared Wi-Fi would be locked out
after 5 typos by anyone. This handler gives the address its own, larger limit
(``CUORI_LOGIN_ADDRESS_FAILURE_LIMIT``) by scaling its count onto the account limit:
``address_failures * account_limit // address_limit`` reaches ``account_limit`` exactly
when ``address_failures`` reaches ``address_limit``.

A successful login forgets only that user's failures from that address, so logging into
one's own account does not wipe the address's record of guesses at other accounts.
"""

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_failure_limit, get_lockout_parameters
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum


def _is_address_only(parameters) -> bool:
    names = [parameters] if isinstance(parameters, str) else list(parameters)
    return names == ["ip_address"]


class LoginThrottle(AxesDatabaseHandler):
    """``AXES_HANDLER``: per-account (user name + address) and per-address failure limits."""

    def get_failures(self, request, credentials=None) -> int:
        """The failures that count against ``AXES_FAILURE_LIMIT``, the address's scaled.

        Sets ``request.cuori_address_locked`` when the address's own limit is reached (the
        lockout page then says so).
        """
        account_limit = get_failure_limit(request, credentials)
        address_limit = max(int(settings.CUORI_LOGIN_ADDRESS_FAILURE_LIMIT), 1)
        counts = [0]
        address_locked = False
        parameters = get_lockout_parameters(request, credentials)
        for params, attempts in zip(parameters, self.get_user_attempts(request, credentials)):
            failures = attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            if _is_address_only(params):
                address_locked = address_locked or failures >= address_limit
                failures = failures * account_limit // address_limit
            counts.append(failures)
        request.cuori_address_locked = address_locked
        return max(counts)

    def reset_user_attempts(self, request, credentials=None) -> int:
        """After a successful login: forget this user's failures from this address only."""
        username = get_client_username(request, credentials)
        count, _ = AccessAttempt.objects.filter(
            username=username, ip_address=request.axes_ip_address
        ).delete()
        return count
