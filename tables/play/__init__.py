"""Online play of engine-played tables (issue 7): authoritative services, selectors, views.

``replay`` rebuilds a table's live hand from its deal and events (reads, used
by both sides); ``services`` writes (every pass and play is an event stored
under a row lock and a version check); ``selectors`` reads (a seat's view,
the spectator's view); ``levels`` names the engine's computer levels for the
pages; ``views`` are thin HTTP wrappers, ``tables.tasks`` the Celery tasks.
The engine's hand is ``EngineHand`` here; ``Hand`` is the recorded hand's row.
"""
