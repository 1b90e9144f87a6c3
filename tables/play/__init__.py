"""Online play of engine-played tables (issue 7): authoritative services, selectors, views.

``services`` writes (every pass and play is an event stored under a row lock
and a version check), ``selectors`` reads (a seat's view, the spectator's
view), ``views`` are thin HTTP wrappers, ``tables.tasks`` the Celery tasks.
"""
