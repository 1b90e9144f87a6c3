from django.core.management.base import BaseCommand

from tournaments import organizer
from tournaments.audit import COMMAND_LINE

from ._base import get_tournament


class Command(BaseCommand):
    help = "Make a draft tournament's pages public: publish_tournament SLUG."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        tournament = organizer.publish(get_tournament(slug), actor=COMMAND_LINE)
        self.stdout.write(f"{slug} is {tournament.status}: its pages are public")
