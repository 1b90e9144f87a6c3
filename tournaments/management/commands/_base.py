"""Shared pieces of the tournament commands: finding the tournament, reporting row errors, output
files."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import ngettext

from tournaments.csvio import RowError
from tournaments.models import Tournament


def counted(n: int, noun: str) -> str:
    """``n`` with its noun, singular or plural in the active language: ``counted(1, "round")`` is
    "1 round", ``counted(4, "table")`` "4 tables". noun: one of ``COUNTED``; KeyError otherwise."""
    return COUNTED[noun](n) % {"n": n}


#: The nouns the commands count, each through ngettext (literal msgids, for makemessages).
COUNTED = {
    "round": lambda n: ngettext("%(n)s round", "%(n)s rounds", n),
    "new round": lambda n: ngettext("%(n)s new round", "%(n)s new rounds", n),
    "table": lambda n: ngettext("%(n)s table", "%(n)s tables", n),
    "new table": lambda n: ngettext("%(n)s new table", "%(n)s new tables", n),
    "table closed": lambda n: ngettext("%(n)s table closed", "%(n)s tables closed", n),
    "hand": lambda n: ngettext("%(n)s hand", "%(n)s hands", n),
    "player": lambda n: ngettext("%(n)s player", "%(n)s players", n),
    "bye": lambda n: ngettext("%(n)s bye", "%(n)s byes", n),
    "player on a bye": lambda n: ngettext("%(n)s player on a bye", "%(n)s players on a bye", n),
    "repeated pair": lambda n: ngettext("%(n)s repeated pair", "%(n)s repeated pairs", n),
}


def get_tournament(slug: str) -> Tournament:
    try:
        return Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise CommandError(f"no tournament with slug {slug!r}") from None


def get_round(tournament: Tournament, number: int):
    """Round ``number`` of the tournament, or a ``CommandError`` naming what is missing."""
    found = tournament.rounds.filter(number=number).first()
    if found is None:
        raise CommandError(f"{tournament.slug} has no round {number}")
    return found


def get_table(tournament: Tournament, round_number: int, table_number: int):
    """Table ``table_number`` of round ``round_number``, with its round and tournament;
    ``CommandError`` if absent."""
    from tables.models import Table

    found = (
        Table.objects.select_related("round__tournament")
        .filter(round__tournament=tournament, round__number=round_number, number=table_number)
        .first()
    )
    if found is None:
        raise CommandError(f"{tournament.slug} has no table {table_number} in round {round_number}")
    return found


def refuse(command: BaseCommand, problems: Sequence[str], what: str) -> None:
    """Print one line per problem on standard error and exit 1 (``what`` says what was not done)."""
    for problem in problems:
        command.stderr.write(problem)
    raise CommandError(what, returncode=1)


def fail_with_rows(command: BaseCommand, path: str, errors: Sequence[RowError]) -> None:
    """Print one line per problem (``file:row: message``) and exit 1; nothing was written."""
    for error in errors:
        command.stderr.write(
            f"{path}:{error.row}: {error.message}" if error.row else f"{path}: {error.message}"
        )
    count = "1 problem" if len(errors) == 1 else f"{len(errors)} problems"
    raise CommandError(f"{count} in {path}; nothing was written", returncode=1)


def read_text(path: str) -> str:
    """The file's text (UTF-8, a BOM is dropped later); a missing or binary file is a
    CommandError."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except UnicodeDecodeError as exc:
        raise CommandError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise CommandError(f"{path}: {exc.strerror}") from None


@contextlib.contextmanager
def output(path: str | None, stdout) -> Iterator[IO[str]]:
    """Write to ``path`` (UTF-8) or to the command's standard output."""
    if path in (None, "-"):
        # The raw stream: Django's OutputWrapper would add a newline after a lone BOM.
        yield getattr(stdout, "_out", stdout)
        return
    try:
        with open(path, "w", encoding="utf-8", newline="") as handle:
            yield handle
    except OSError as exc:
        raise CommandError(f"{path}: {exc.strerror}") from None


__all__ = [
    "fail_with_rows",
    "get_round",
    "get_table",
    "get_tournament",
    "output",
    "read_text",
    "refuse",
    "sys",
]
