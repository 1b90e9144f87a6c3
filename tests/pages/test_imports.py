"""Uploads on the pages: imported in the background, all or nothing, with progress and row-numbered
problems."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tables.models import Hand, Table
from tournaments import imports
from tournaments.models import ImportJob, Registration

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def hands_file(hands, names=NAMES, table=1):
    lines = ["round,table,hand,player,points"]
    for number, points in enumerate(hands, 1):
        lines += [f"1,{table},{number},{name},{p}" for name, p in zip(names, points)]
    return SimpleUploadedFile("hands.csv", ("\n".join(lines) + "\n").encode())


@pytest.fixture
def players(tournament):
    for name in NAMES:
        from tests.factories import PlayerFactory

        Registration.objects.create(tournament=tournament, player=PlayerFactory(name=name))


def upload(client, capture, path, data):
    with capture(execute=True):
        response = client.post(path, data)
    assert response.status_code == 302, response.content.decode()[:500]
    return response["Location"]


def test_a_hands_file_uploaded_on_the_manage_page_is_recorded(
    as_organizer, tournament, players, django_capture_on_commit_callbacks
):
    location = upload(
        as_organizer,
        django_capture_on_commit_callbacks,
        "/t/coppa/manage/hands/upload/",
        {
            "hands-file": hands_file([[13, 13, 0, 0], [0, 26, 26, 26]]),
            "hands-close_unfinished": "on",
        },
    )
    assert Hand.objects.count() == 2 and Table.objects.get().closed_by_arbiter
    html = as_organizer.get(location).content.decode()
    assert (
        "2 hands recorded" in html and "1 game ended (time up)" in html and "hx-trigger" not in html
    )
    job = ImportJob.objects.get()
    assert job.status == "done" and job.result == {
        "hands": 2,
        "tables": 1,
        "rounds": 1,
        "closed": 1,
    }
    assert Hand.objects.first().history.first().history_user.username == "olga"


def test_a_bad_hands_file_records_nothing_and_lists_its_rows(
    as_organizer, tournament, players, django_capture_on_commit_callbacks
):
    location = upload(
        as_organizer,
        django_capture_on_commit_callbacks,
        "/t/coppa/manage/hands/upload/",
        {"hands-file": hands_file([[13, 13, 0, 0], [7, 7, 6, 6]])},
    )
    html = as_organizer.get(location).content.decode()
    assert (
        "No hand was recorded" in html
        and "Row 6" in html
        and "nobody took the queen of spades" in html
    )
    assert not Hand.objects.exists() and not Table.objects.exists()


def test_a_file_over_the_limit_is_refused_next_to_the_field(as_organizer, tournament, monkeypatch):
    monkeypatch.setattr("tournaments.forms.MAX_UPLOAD_BYTES", 10)
    response = as_organizer.post(
        "/t/coppa/manage/hands/upload/", {"hands-file": hands_file([[13, 13, 0, 0]])}
    )
    assert response.status_code == 422 and "larger than" in response.content.decode()
    assert not ImportJob.objects.exists()


def test_the_job_page_polls_and_shows_progress_while_it_runs(as_organizer, tournament, monkeypatch):
    job = ImportJob.objects.create(
        tournament=tournament, kind="hands", data="x", status="running", task_id="t-1"
    )
    monkeypatch.setattr(imports, "progress_of", lambda j: (1200, 4000))
    page = as_organizer.get(f"/t/coppa/manage/imports/{job.pk}/").content.decode()
    assert (
        'hx-trigger="every 1s"' in page and "1200 of 4000 rows" in page and 'value="1200"' in page
    )
    fragment = as_organizer.get(
        f"/t/coppa/manage/imports/{job.pk}/", headers={"HX-Request": "true"}
    ).content.decode()
    assert "<html" not in fragment and 'id="job"' in fragment


def test_a_job_runs_once(tournament, players):
    text = "round,table,hand,player,points\n" + "".join(
        f"1,1,1,{n},{p}\n" for n, p in zip(NAMES, [13, 13, 0, 0])
    )
    job = ImportJob.objects.create(tournament=tournament, kind="hands", data=text)
    assert imports.run_import(job.pk).status == "done"
    assert imports.run_import(job.pk) is None  # redelivered: nothing happens
    assert Hand.objects.count() == 1


def test_only_the_organizer_sees_imports(as_arbiter, anonymous, tournament):
    job = ImportJob.objects.create(tournament=tournament, kind="players", data="name\nA\n")
    assert as_arbiter.get(f"/t/coppa/manage/imports/{job.pk}/").status_code == 403
    assert anonymous.get(f"/t/coppa/manage/imports/{job.pk}/").status_code == 403
    assert as_arbiter.post("/t/coppa/manage/hands/upload/", {}).status_code == 403
