import time

from django.core.management.base import BaseCommand

from seasons import services


class Command(BaseCommand):
    help = "Recompute every rating from scratch, replaying every table that counts in order."

    def handle(self, *args, **options):
        start = time.perf_counter()
        done = services.recompute_ratings()
        self.stdout.write(f"{done.tables} tables rated in {time.perf_counter() - start:.1f} s")
