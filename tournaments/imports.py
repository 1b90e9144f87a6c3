"""CSV files uploaded on the pages, imported in the background (Celery; eager without a broker).

``start_import`` stores the file as an ``ImportJob`` and enqueues
``tournaments.tasks.run_import`` after commit; the page then shows the job,
polling while it runs. ``run_import`` calls the same all-or-nothing services
as the commands (``services.import_players`` / ``import_hands``) and keeps
their row-numbered problems or their result on the job. Progress while it
runs is the task's state in Celery's result backend (``progress_of``).
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from . import services
from .audit import COMMAND_LINE, Actor
from .errors import TournamentError
from .models import ImportJob, Tournament

log = logging.getLogger(__name__)

#: The largest file a page accepts (README, "Running a tournament from the pages").
MAX_UPLOAD_BYTES = 10 * 1024 * 1024


def start_import(
    tournament: Tournament,
    kind: str,
    text: str,
    *,
    actor: Actor,
    file_name: str = "",
    close_unfinished: bool = False,
) -> ImportJob:
    """Store an uploaded file as an import job and run it in the background after commit.

    kind: ``ImportJob.Kind``; text: the file's text (UTF-8 decoded, at most
    ``MAX_UPLOAD_BYTES``). Without a broker the task runs at once, in this
    process, when the transaction commits. Returns the job.
    """
    from .tasks import run_import as task

    with transaction.atomic():
        job = ImportJob.objects.create(
            tournament=tournament,
            kind=kind,
            data=text,
            file_name=file_name[:200],
            rows=max(len(text.splitlines()) - 1, 0),
            close_unfinished=close_unfinished,
            language=translation.get_language() or "",
            created_by=actor.user_or_none,
        )
        transaction.on_commit(lambda: task.delay(job.pk))
    return job


def run_import(job_id: int, *, progress=services._no_progress) -> ImportJob | None:
    """Run a queued import job; idempotent (a job already started is left alone). Returns the job.

    The job ends ``done`` with ``result`` (players created and reused; hands,
    tables, rounds, games closed) or ``failed`` with ``errors`` (row, message),
    nothing written. Messages are in the language of the page that started it.
    """
    if (
        ImportJob.objects.filter(pk=job_id, status=ImportJob.Status.QUEUED).update(
            status=ImportJob.Status.RUNNING
        )
        != 1
    ):
        return None
    job = ImportJob.objects.select_related("tournament", "created_by").get(pk=job_id)
    actor = Actor.of(job.created_by) if job.created_by else COMMAND_LINE
    with translation.override(job.language or None):
        try:
            if job.kind == ImportJob.Kind.PLAYERS:
                done = services.import_players(
                    job.tournament, job.data, actor=actor, progress=progress
                )
                job.result = {"created": done.created, "reused": done.reused}
            else:
                done = services.import_hands(
                    job.tournament,
                    job.data,
                    actor=actor,
                    close_unfinished=job.close_unfinished,
                    progress=progress,
                )
                job.result = {
                    "hands": done.hands,
                    "tables": done.tables,
                    "rounds": done.rounds,
                    "closed": done.closed,
                }
            job.status = ImportJob.Status.DONE
        except TournamentError as exc:
            job.status, job.errors = (
                ImportJob.Status.FAILED,
                [[e.row, e.message] for e in exc.problems],
            )
        except Exception:
            log.exception("import job %s failed", job_id)
            job.status = ImportJob.Status.FAILED
            job.errors = [
                [
                    0,
                    _(
                        "The import stopped on an unexpected error; nothing was written. "
                        "The administrators have the details."
                    ),
                ]
            ]
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "result", "errors", "finished_at"])
    return job


def progress_of(job: ImportJob) -> tuple[int, int] | None:
    """(rows done, rows) of a running job, from its Celery task's state; None when not known."""
    if job.status != ImportJob.Status.RUNNING or not job.task_id:
        return None
    from celery.result import AsyncResult

    info = AsyncResult(job.task_id).info
    if isinstance(info, dict) and "done" in info:
        return int(info["done"]), int(info["total"])
    return None
