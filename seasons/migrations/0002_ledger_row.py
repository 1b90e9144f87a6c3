"""The one RatingLedger row every ratings update takes first (seasons.services), so that updates run
one at a time."""

from django.db import migrations


def create_ledger(apps, schema_editor):
    apps.get_model("seasons", "RatingLedger").objects.get_or_create(pk=1)


class Migration(migrations.Migration):
    dependencies = [("seasons", "0001_initial")]

    operations = [migrations.RunPython(create_ledger, migrations.RunPython.noop)]
