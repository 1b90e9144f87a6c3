"""Every code a page shows has a human name, in English and Italian (``tournaments.labels``)."""

import pytest
from django.utils import translation

from engine.players import LEVELS
from engine.rules import PRESETS
from tables.play.levels import level_label
from tournaments import labels, seating
from tournaments.models import Attendance, ImportJob, Round, Tournament


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_rule_set_preset_has_a_name_that_is_not_its_code(language):
    with translation.override(language):
        names = {code: labels.rule_set_label(code) for code in PRESETS}
    assert set(labels.RULE_SET_LABELS) == set(PRESETS)
    for code, name in names.items():
        assert name != code and "_" not in name, (code, name)
    assert len(set(names.values())) == len(names), "two rule sets with one name"


def test_rule_set_names_are_translated():
    with translation.override("it"):
        italian = {code: labels.rule_set_label(code) for code in PRESETS}
    assert italian["club"] != str(labels.RULE_SET_LABELS["club"])
    assert "giocatori" in italian["black_maria"] and "fante di quadri" in italian["omnibus"]


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_seating_method_a_round_can_record_has_a_name(language):
    with translation.override(language):
        for method in seating.METHODS:
            assert labels.seating_method_label(method) != method
        assert labels.seating_method_label("") == ""
    for method, name in Tournament.SeatingMethod.choices:
        assert str(name) == str(labels.SEATING_METHOD_LABELS[method])


@pytest.mark.parametrize("language", ["en", "it"])
def test_statuses_levels_and_check_in_states_read_as_words(language):
    with translation.override(language):
        for status in ("waiting", "playing", "ended", "confirmed"):
            assert labels.table_status_label(status) not in ("waiting", "ended")
        for choices in (
            Tournament.Status,
            Round.Status,
            ImportJob.Kind,
            ImportJob.Status,
            Attendance.State,
            Tournament.MoonRule,
        ):
            for value, name in choices.choices:
                assert str(name) and "_" not in str(name), (choices, value)
        for level in LEVELS:
            assert ":" not in level_label(level) and level_label(level) != level
    with translation.override("it"):
        assert labels.table_status_label("ended") == "partita finita"  # never "Tavolo 3 finita"
        assert Attendance.State.LATE.label == "In ritardo"


def test_the_settings_form_offers_rule_sets_by_name():
    from tournaments.forms import TournamentForm

    with translation.override("en"):
        choices = dict(TournamentForm(creating=True).fields["rules"].choices)
    assert choices["black_maria"] == "Black Maria (3 players)"
    assert choices["five_player"] == "Five players (standard rules)"
