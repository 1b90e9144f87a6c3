"""Engine tests need no Django and no database.

The project's ``tests/conftest.py`` has an autouse fixture that needs
pytest-django's ``settings``; this no-op of the same name replaces it here so
the engine tests also run with ``-p no:django``.
"""

import pytest


@pytest.fixture(autouse=True)
def _fast_passwords():
    yield
