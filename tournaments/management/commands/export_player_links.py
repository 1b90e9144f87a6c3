"""export_player_links: every player's private address as CSV player,club,url, for mailing (issue
13)."""

from __future__ import annotations

import os

from defusedcsv import csv as defused
from django.core.management.base import BaseCommand, CommandError

from tournaments import links
from tournaments.audit import COMMAND_LINE

from ._base import get_tournament, output


class Command(BaseCommand):
    help = (
        "Write the players' private addresses as CSV player,club,url (sorted by surname); players "
        "without one get one first. export_player_links SLUG [--output FILE] [--base-url URL]"
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument(
            "--output", dest="path", help="file to write (default: standard output)"
        )
        parser.add_argument(
            "--base-url",
            default=os.environ.get("CUORI_BASE_URL", "http://127.0.0.1:8000"),
            help="the site's address in front of each path (default: $CUORI_BASE_URL or http://127.0.0.1:8000)",
        )

    def handle(self, *args, slug, path, base_url, **options):
        if not base_url.startswith(("http://", "https://")):
            raise CommandError(
                f"--base-url must start with http:// or https://, got {base_url!r}", returncode=1
            )
        tournament = get_tournament(slug)
        issued = links.issue_missing(tournament, actor=COMMAND_LINE)
        with output(path, self.stdout) as out:
            writer = defused.writer(out, lineterminator="\n")
            writer.writerow(["player", "club", "url"])
            for registration in links.with_links(tournament):
                writer.writerow(
                    [
                        registration.player.name,
                        registration.player.club,
                        base_url.rstrip("/") + links.path_of(registration),
                    ]
                )
        if issued:
            self.stderr.write(f"{issued} new private address(es) issued")
