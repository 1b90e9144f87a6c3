import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = (
        "Create an administrator 'admin' with a random password if no superuser exists; print the "
        "password once."
    )

    def handle(self, *args, **options):
        User = get_user_model()
        if User.objects.filter(is_superuser=True).exists():
            return
        password = secrets.token_urlsafe(12)
        User.objects.create_superuser("admin", "admin@example.invalid", password)
        self.stdout.write(
            f"created the administrator: user admin, password {password} (shown only once)"
        )
