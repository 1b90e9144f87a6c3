"""The rating line of a player's public page: ``{% load ratings %}{% player_rating player.pk as
rating %}``."""

from django import template

from seasons import selectors

register = template.Library()


@register.simple_tag
def player_rating(player_id):
    """The player's rating (``selectors.PlayerRating``: value, games, rank, rated), or None (1
    query)."""
    return selectors.player_rating(player_id) if player_id else None
