"""Accounts handed over without /admin/: the single-use link where a new user chooses a password.

Used by the manage page (an arbiter's account, ``organizer.create_arbiter``)
and by ``manage.py make_organizer --create``. The link is Django's password
reset confirmation (``default_token_generator``): it stops working once the
password is set, when the user logs in, or after ``PASSWORD_RESET_TIMEOUT``
(3 days by default).
"""

from __future__ import annotations

from django.contrib.auth.tokens import default_token_generator
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode


def set_password_path(user) -> str:
    """The path (``/accounts/password/<uid>/<token>/``) where ``user`` chooses a password."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse(
        "password_reset_confirm",
        kwargs={"uidb64": uid, "token": default_token_generator.make_token(user)},
    )
