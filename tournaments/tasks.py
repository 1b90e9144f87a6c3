"""Celery tasks of the tournaments: thin wrappers over ``tournaments.imports`` (ids in, never
instances)."""

from celery import shared_task

from . import imports
from .models import ImportJob


@shared_task(name="tournaments.run_import", bind=True, ignore_result=False)
def run_import(self, job_id: int) -> str:
    """Run import job ``job_id``, reporting its progress as the task's state ("PROGRESS": done,
    total)."""
    ImportJob.objects.filter(pk=job_id).update(task_id=self.request.id or "")

    def report(done: int, total: int) -> None:
        if not self.request.called_directly and not self.request.is_eager:
            self.update_state(state="PROGRESS", meta={"done": done, "total": total})

    job = imports.run_import(job_id, progress=report)
    return job.status if job else "skipped"
