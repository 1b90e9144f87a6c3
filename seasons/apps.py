from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Seasons and ratings")

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the receivers that keep the ratings up to date)
