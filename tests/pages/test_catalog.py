"""The Italian catalogue and the templates as users read them: complete, no source numbers, plurals.

The rule documents are cited by number ("002 §7") in docstrings and comments only; a page, a form
or a message never shows one, nor a module path.
"""

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

ROOT = Path(settings.BASE_DIR)
PO = ROOT / "locale" / "it" / "LC_MESSAGES" / "django.po"
SOURCE_NUMBER = re.compile(r"(?<![\d/.,:#-])00[0-4](?![\d/.,:])|§")
CODE_REFERENCE = re.compile(r"\b(tables|tournaments|engine)\.[a-z_]+\b")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdr]|%\((\w+)\)\.\d+f")


@pytest.fixture(scope="module")
def catalog():
    return polib.pofile(str(PO))


def test_every_entry_is_translated_and_none_is_fuzzy(catalog):
    assert [e.msgid for e in catalog.untranslated_entries()] == []
    assert [e.msgid for e in catalog.fuzzy_entries()] == []
    assert [e.msgid for e in catalog.obsolete_entries()] == []


def test_no_source_numbers_or_module_paths_in_what_users_read(catalog):
    for entry in catalog:
        texts = [entry.msgid, entry.msgid_plural, entry.msgstr, *entry.msgstr_plural.values()]
        for text in filter(None, texts):
            assert not SOURCE_NUMBER.search(text), text
            assert not CODE_REFERENCE.search(text), text


def test_placeholders_agree_between_english_and_italian(catalog):
    for entry in catalog:
        names = {a or b for a, b in PLACEHOLDER.findall(entry.msgid)}
        if entry.msgid_plural:
            for form, text in entry.msgstr_plural.items():
                found = {a or b for a, b in PLACEHOLDER.findall(text)}
                # the singular form may say "one" instead of the number it is given
                assert found <= names | {
                    a or b for a, b in PLACEHOLDER.findall(entry.msgid_plural)
                }, entry.msgid
                if form == 1:
                    assert found == {a or b for a, b in PLACEHOLDER.findall(entry.msgid_plural)}, (
                        entry.msgid
                    )
        else:
            assert {a or b for a, b in PLACEHOLDER.findall(entry.msgstr)} == names, entry.msgid


PARENTHESIS_PLURAL = re.compile(r"(?<!%)\(s\)")


#: The seating commands' summaries (their owners' files, to be moved to ngettext there); their
#: Italian avoids the agreement ("turni: 3").
SEATING_COMMANDS = (
    "tournaments/management/commands/plan_seating.py",
    "tournaments/management/commands/seat_round.py",
)


def test_no_plural_is_left_to_a_parenthesis(catalog):
    for entry in catalog:
        if all(path in SEATING_COMMANDS for path, _line in entry.occurrences):
            continue
        assert not PARENTHESIS_PLURAL.search(entry.msgid), entry.msgid


def _user_text(template: str) -> str:
    """A template without its comments: what can reach a page."""
    template = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", "", template, flags=re.S)
    return re.sub(r"{#.*?#}", "", template, flags=re.S)


def test_templates_cite_no_source_document():
    for path in (ROOT / "templates").rglob("*.html"):
        text = _user_text(path.read_text())
        assert not SOURCE_NUMBER.search(text), path
        assert not PARENTHESIS_PLURAL.search(text), path


def test_model_help_texts_and_names_cite_no_source_or_module():
    from django.apps import apps

    for config in apps.get_app_configs():
        if not Path(config.path).is_relative_to(ROOT) or ".venv" in Path(config.path).parts:
            continue  # the project's apps only
        for m in config.get_models():
            for field in m._meta.get_fields():
                for text in (
                    str(getattr(field, "help_text", "") or ""),
                    str(getattr(field, "verbose_name", "") or ""),
                ):
                    assert not SOURCE_NUMBER.search(text), (m, field.name, text)
                    assert not CODE_REFERENCE.search(text), (m, field.name, text)


@pytest.mark.parametrize(
    ("count", "english", "italian"),
    [
        (1, "1 match point", "1 punto-partita"),
        (2, "2 match points", "2 punti-partita"),
    ],
)
def test_match_points_agree_with_their_number(count, english, italian):
    from tournaments import labels

    with translation.override("en"):
        assert labels.match_points_phrase(count, str(count)) == english
    with translation.override("it"):
        assert labels.match_points_phrase(count, str(count)) == italian


def test_fractions_of_match_points_read_plural():
    from fractions import Fraction

    from tournaments import labels

    assert labels.plural_count(Fraction(19, 3)) == 2 and labels.plural_count(Fraction(1)) == 1
    with translation.override("it"):
        assert labels.match_points_phrase(Fraction(1, 2), "0,5") == "0,5 punti-partita"
