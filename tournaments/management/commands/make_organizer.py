import os

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from tournaments.accounts import set_password_path


class Command(BaseCommand):
    help = (
        "Let a user create tournaments (Django's 'Can add tournament' permission): "
        "make_organizer USERNAME [--remove]; --create makes the account and prints the link "
        "where its owner chooses a password."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--remove", action="store_true", help="take the permission away")
        parser.add_argument(
            "--create",
            action="store_true",
            help="create the account (no password yet) and print its set-password link",
        )
        parser.add_argument(
            "--base-url",
            default=os.environ.get("CUORI_BASE_URL", "http://127.0.0.1:8000"),
            help="the site's address in front of the link (default: $CUORI_BASE_URL or http://127.0.0.1:8000)",
        )

    def handle(self, *args, username, remove, create, base_url, **options):
        model = get_user_model()
        username = username.strip()
        user = model.objects.filter(**{f"{model.USERNAME_FIELD}__iexact": username}).first()
        permission = Permission.objects.get(
            content_type__app_label="tournaments", codename="add_tournament"
        )
        if create:
            if user is not None:
                raise CommandError(f"the user name {username!r} is taken", returncode=1)
            try:
                model._meta.get_field(model.USERNAME_FIELD).run_validators(username)
            except ValidationError as exc:
                raise CommandError(
                    f"{username!r}: {' '.join(exc.messages)}", returncode=1
                ) from None
            with transaction.atomic():
                user = model(**{model.USERNAME_FIELD: username})
                user.set_unusable_password()
                user.save()
                user.user_permissions.add(permission)
            self.stdout.write(
                f"{user.get_username()} can create tournaments; their password is chosen at "
                f"{base_url.rstrip('/')}{set_password_path(user)}"
            )
            return
        if user is None:
            raise CommandError(
                f"no user called {username!r} (use --create to make the account)", returncode=1
            )
        if remove:
            user.user_permissions.remove(permission)
            self.stdout.write(f"{user.get_username()} can no longer create tournaments")
        else:
            user.user_permissions.add(permission)
            self.stdout.write(f"{user.get_username()} can create tournaments")
