"""``config.wsgi.application`` with a probe: where each request's time goes, one line per request.

gunicorn serves ``probe_wsgi:application`` (``--pythonpath bench/load``) in the
load test; the application itself is unchanged. For every request it appends
to ``LOAD_PROBE_LOG`` (tab-separated): start (epoch s), the request name and
phase sent by the locustfile (``X-Load-Name``, ``X-Load-Phase``), status, and
in milliseconds: wall time of the Django handler, CPU time of the worker
thread, time in SQL (each ``execute`` from sending the query to having its
result, through ``connection.execute_wrapper``), time connecting to the
database, then the number of queries.

wall - cpu - sql - connect is roughly time spent runnable but not running
(waiting for a CPU, or, with threaded workers, for the process's GIL). The
probe costs a few microseconds per query; it keeps its counts per thread.
"""

from __future__ import annotations

import os
import threading
import time

from django.db import connection

from config.wsgi import application as django_application

_log = open(os.environ.get("LOAD_PROBE_LOG", os.devnull), "a", buffering=1)  # noqa: SIM115 (one per worker)
_log_lock = threading.Lock()


class _Sql:
    def __init__(self):
        self.queries = 0
        self.seconds = 0.0

    def __call__(self, execute, sql, params, many, context):
        start = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - start
            self.queries += 1


_local = threading.local()  # connect_seconds of the request this thread is handling


def _timed_connect(original):
    def connect(self, *args, **kwargs):
        start = time.perf_counter()
        try:
            return original(self, *args, **kwargs)
        finally:
            _local.connect_seconds = (
                getattr(_local, "connect_seconds", 0.0) + time.perf_counter() - start
            )

    return connect


def _install_connect_timer() -> None:
    from django.db import connections

    cls = type(connections["default"])
    if not getattr(cls.connect, "_load_probe", False):
        timed = _timed_connect(cls.connect)
        timed._load_probe = True
        cls.connect = timed


_install_connect_timer()


def application(environ, start_response):
    sql = _Sql()
    _local.connect_seconds = 0.0
    status_holder = []

    def _start_response(status, headers, exc_info=None):
        status_holder.append(status.split(" ", 1)[0])
        return start_response(status, headers, exc_info)

    started, wall, cpu = time.time(), time.perf_counter(), time.thread_time()
    with connection.execute_wrapper(sql):
        response = django_application(environ, _start_response)
    wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
    line = (
        "\t".join(
            [
                f"{started:.3f}",
                environ.get("HTTP_X_LOAD_NAME", "-"),
                environ.get("HTTP_X_LOAD_PHASE", "-"),
                status_holder[0] if status_holder else "-",
                f"{wall * 1000:.2f}",
                f"{cpu * 1000:.2f}",
                f"{sql.seconds * 1000:.2f}",
                f"{_local.connect_seconds * 1000:.2f}",
                str(sql.queries),
            ]
        )
        + "\n"
    )
    with _log_lock:
        _log.write(line)
    return response
