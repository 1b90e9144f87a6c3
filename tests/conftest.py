import pytest


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _default_language():
    """A page requested in Italian leaves Italian active in the thread (LocaleMiddleware does not
    reset it); every test starts and ends in the default language, so command output and messages do
    not depend on order."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")
