"""manage.py api_token USER [SLUG] [--name NAME] [--revoke NAME] [--list]: an arbiter's API
tokens."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from api import tokens
from api.models import ApiToken
from tournaments.errors import TournamentError
from tournaments.management.commands._base import get_tournament


class Command(BaseCommand):
    help = (
        "Make an API token for USER in tournament SLUG (every tournament they enter results in, "
        "without SLUG) and print it once; --revoke NAME revokes one; --list lists them."
    )

    def add_arguments(self, parser):
        parser.add_argument("user", help="the user name of the arbiter or organizer")
        parser.add_argument(
            "slug", nargs="?", help="the tournament (none: every tournament of the user)"
        )
        parser.add_argument("--name", help="the new token's name (default: 'command line N')")
        parser.add_argument(
            "--revoke", metavar="NAME", help="revoke the active token of that name instead"
        )
        parser.add_argument(
            "--list", action="store_true", help="list the user's tokens for that tournament"
        )

    def handle(self, *args, user, slug, name, revoke, list, **options):
        try:
            account = get_user_model().objects.get_by_natural_key(user)
        except get_user_model().DoesNotExist:
            raise CommandError(f"no user named {user!r}") from None
        tournament = get_tournament(slug) if slug else None
        mine = ApiToken.objects.filter(user=account, tournament=tournament)
        if list:
            for token in mine.order_by("created_at", "id"):
                state = (
                    f"revoked {token.revoked_at:%Y-%m-%d %H:%M}" if token.revoked_at else "active"
                )
                used = (
                    f"last used {token.last_used_at:%Y-%m-%d %H:%M}"
                    if token.last_used_at
                    else "never used"
                )
                self.stdout.write(f"{token.name}\t{token.prefix}…\t{state}\t{used}")
            return
        try:
            if revoke is not None:
                token = tokens.revoke_named(account, tournament, revoke)
                self.stdout.write(f"revoked {token.name!r} ({token.prefix}…)")
                return
            if not name:
                name = f"command line {mine.count() + 1}"
            new = tokens.create_token(account, tournament, name)
        except TournamentError as exc:
            self.stderr.write(str(exc))
            raise CommandError(
                "no token was made" if revoke is None else "nothing was revoked", returncode=1
            ) from None
        self.stderr.write(
            f"token {new.token.name!r} for {account.get_username()} "
            f"({tournament.slug if tournament else 'every tournament'}); it is shown only now:"
        )
        self.stdout.write(new.secret)
