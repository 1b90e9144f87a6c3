"""Answers for exceptions that have a page of their own."""

from __future__ import annotations

from django.shortcuts import render

from .permissions import NotPublished


class NotPublishedMiddleware:
    """A draft tournament's public address answers "not published yet" with its name (no 403, no
    login)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, NotPublished):
            response = render(
                request, "tournaments/not_published.html", {"tournament": exception.tournament}
            )
            response["Cache-Control"] = "no-cache"
            return response
        return None
