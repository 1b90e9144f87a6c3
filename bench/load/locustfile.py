"""Locust users of the score-sheet load test: arbiters entering hands, spectators polling the
standings.

Runs in its own virtual environment (var/locust-venv: locust registers a
pytest plugin that clashes with the project's), started by
``bench/load/run.py``, which sets:

- ``LOAD_PLAN``: the plan written by ``setup_data.py setup`` (slug, accounts, tables, roles);
- ``LOAD_HANDS_LOG``: CSV where every arbiter appends each hand the server
  answered "Hand N recorded." (or "already recorded", or refused with 409);
- ``LOAD_REQUEST_LOG``: CSV of every request (start, name, status, ms, role);
- ``LOAD_PHASE``: "baseline" or "load"; ``LOAD_SPECTATORS``: how many spectators.

The server runs with production settings behind what looks like a
TLS-terminating proxy: every request says ``X-Forwarded-Proto: https`` (the
app runs with ``DJANGO_SECURE_PROXY_SSL_HEADER=true``), so the secure cookies
are sent back over loopback HTTP and CSRF checks the ``Referer``.

Users:

- ``Arbiter`` (one per plan entry): logs in on /accounts/login/, opens the
  score sheet of its table, then every 20-40 s enters the next hand with the
  sheet's own form (CSRF token, hidden ``version`` and ``number``, ``p0..p3``,
  ``action=record``) as htmx does (``HX-Request: true``) and reads the next
  version and number from the returned fragment. Roles: ``plain``;
  ``double`` (sends each hand twice within 0-100 ms, as a double click: both
  must answer 200, one "recorded" and one "already recorded");
  ``race-leader`` / ``race-follower`` (two arbiters of one table post the
  same hand number with different points at the same moment: one must get
  200, the other 409 with the fresh sheet, after which it reloads the sheet).
  Points are a valid club hand (some seat 13 or more, 26 in all), the big
  ones going to the lowest totals so that no game reaches 100 during a run;
  a table whose sheet shows the game over (no ``p0`` input) gets no more hands.
  Before one hand in five, plain and double-clicking arbiters reload the
  whole sheet page first.
- ``Spectator``: opens the standings, then polls them every 15 s with htmx
  and the fingerprint it shows (``?v=``): 204 when nothing changed, else the
  new table.
- ``BaselineArbiter``: one arbiter entering 10 hands back to back at each of
  the plan's baseline tables (no load), then stops the run.
"""

from __future__ import annotations

import csv
import http.cookiejar
import json
import os
import random
import re
import time

import gevent
from gevent.event import Event
from locust import HttpUser, constant, events, task
from locust.exception import StopUser

PLAN = json.loads(open(os.environ["LOAD_PLAN"]).read())
PHASE = os.environ.get("LOAD_PHASE", "load")
SPECTATORS = int(os.environ.get("LOAD_SPECTATORS", "5"))
SLUG = PLAN["slug"]
ROUND = PLAN["round"]

#: Valid club hands (002: the queen of spades is 13, each heart 1; 26 in all); consecutive ones
#: differ as multisets, so two identical consecutive hands in the database can only be a double.
PATTERNS = [(13, 13, 0, 0), (13, 7, 6, 0), (13, 5, 4, 4), (16, 4, 3, 3)]

#: Share of hands before which a plain or double-clicking arbiter reloads the whole sheet page
#: (the phone slept, the page was left): the page itself is measured under load too.
RELOAD_SHARE = 0.2

_assign = iter(PLAN["users"])
_races: dict[int, dict] = {}


def _open_log(env_name: str, header: list[str]):
    path = os.environ.get(env_name)
    if not path:
        return None
    new = not os.path.exists(path) or os.path.getsize(path) == 0
    f = open(path, "a", newline="", buffering=1)
    writer = csv.writer(f)
    if new:
        writer.writerow(header)
    return f, writer


_hands_log = _open_log(
    "LOAD_HANDS_LOG", ["t", "table", "number", "outcome", "points", "user", "role", "phase"]
)
_request_log = _open_log(
    "LOAD_REQUEST_LOG",
    ["start", "name", "method", "status", "ms", "ok", "role", "phase", "bytes", "error"],
)


@events.request.add_listener
def _log_request(
    request_type,
    name,
    response_time,
    response_length,
    response=None,
    context=None,
    exception=None,
    start_time=None,
    **_kwargs,
):
    if _request_log is None:
        return
    status = getattr(response, "status_code", 0) or 0
    context = context or {}
    _request_log[1].writerow(
        [
            f"{start_time or time.time():.3f}",
            name,
            request_type,
            status,
            f"{response_time:.1f}",
            int(exception is None),
            context.get("role", ""),
            PHASE,
            response_length or 0,
            "" if exception is None else str(exception)[:200].replace("\n", " "),
        ]
    )


def log_hand(table: int, number: int, outcome: str, points, user: str, role: str) -> None:
    if _hands_log is not None:
        _hands_log[1].writerow(
            [
                f"{time.time():.3f}",
                table,
                number,
                outcome,
                "/".join(map(str, points)),
                user,
                role,
                PHASE,
            ]
        )


# TLS ends at the (pretended) proxy in front of the app: send its ``Secure`` cookies back over
# loopback HTTP. requests builds a fresh cookie jar (default policy) for every request, so the
# policy is changed for the whole process (it runs nothing but this test).
http.cookiejar.DefaultCookiePolicy.return_ok_secure = lambda self, cookie, request: True


# --- reading the server's HTML -------------------------------------------------------------------

_INPUT = re.compile(r"<input\b[^>]*>")
_ATTR = re.compile(r'(\w[\w-]*)="([^"]*)"')
_TOTALS = re.compile(r'<tr class="totals">(.*?)</tr>', re.S)
_TD = re.compile(r"<td>(-?\d+)</td>")
_NOTICE = re.compile(r'<p class="notice" role="status">([^<]*)</p>')
_RECORDED = re.compile(r"^Hand (\d+) recorded\.$")
_ALREADY = re.compile(r"^Hand (\d+) was already recorded\.$")
_FINGERPRINT = re.compile(r'\?v=([^"&]+)"')


def inputs(html: str) -> dict[str, str]:
    """name → value of the page's <input>s (the first of each name)."""
    found: dict[str, str] = {}
    for tag in _INPUT.findall(html):
        attrs = dict(_ATTR.findall(tag))
        if "name" in attrs:
            found.setdefault(attrs["name"], attrs.get("value", ""))
    return found


class SheetState:
    """What an arbiter's page shows: version, next hand number, totals, game over, CSRF token."""

    def __init__(self, html: str):
        fields = inputs(html)
        self.over = "p0" not in fields
        self.version = int(fields["version"]) if "version" in fields else None
        self.number = int(fields["number"]) if "number" in fields else None
        self.csrf = fields.get("csrfmiddlewaretoken")
        match = _TOTALS.search(html)
        self.totals = [int(t) for t in _TD.findall(match.group(1))] if match else None
        notice = _NOTICE.search(html)
        self.notice = notice.group(1) if notice else ""

    @property
    def recorded(self) -> int | None:
        m = _RECORDED.match(self.notice)
        return int(m.group(1)) if m else None

    @property
    def already(self) -> int | None:
        m = _ALREADY.match(self.notice)
        return int(m.group(1)) if m else None


def points_for(number: int, totals: list[int], shift: int = 0) -> list[int]:
    """A valid hand for hand ``number``: the biggest points to the lowest totals, rotated by
    ``shift`` seats."""
    pattern = sorted(PATTERNS[number % len(PATTERNS)], reverse=True)
    n = len(totals)
    order = sorted(range(n), key=lambda s: (totals[s], (s - number) % n))
    base = [0] * n
    for value, seat in zip(pattern, order):
        base[seat] = value
    return [base[(s - shift) % n] for s in range(n)]


# --- users ----------------------------------------------------------------------------------------


class _Browser(HttpUser):
    abstract = True
    role = "browser"

    def on_start(self):
        https_base = "https://" + self.host.split("://", 1)[1].rstrip("/")
        self.client.headers.update(
            {
                "X-Forwarded-Proto": "https",
                "Referer": https_base + "/",
                "Accept-Language": "en",
                "User-Agent": f"cuori-load/{PHASE}",
            }
        )

    def request(self, method: str, path: str, name: str, expect=(200,), **kwargs):
        """One request, counted under ``name``; a status outside ``expect`` is a failure. Returns
        the response."""
        headers = {
            **kwargs.pop("headers", {}),
            "X-Load-Name": name,
            "X-Load-Phase": PHASE,
            "X-Load-T": f"{time.time():.3f}",
        }
        with self.client.request(
            method,
            path,
            name=name,
            headers=headers,
            catch_response=True,
            allow_redirects=False,
            context={"role": self.role},
            timeout=60,
            **kwargs,
        ) as r:
            if r.status_code in expect:
                r.success()
            else:
                r.failure(f"HTTP {r.status_code} (expected {'/'.join(map(str, expect))})")
        return r


class _ArbiterBase(_Browser):
    abstract = True

    def login(self, username: str) -> None:
        page = self.request("GET", "/accounts/login/", "GET /accounts/login/")
        token = inputs(page.text).get("csrfmiddlewaretoken", "")
        r = self.request(
            "POST",
            "/accounts/login/",
            "POST /accounts/login/",
            expect=(302,),
            data={
                "username": username,
                "password": PLAN["password"],
                "csrfmiddlewaretoken": token,
                "next": "",
            },
        )
        if r.status_code != 302:
            raise StopUser()

    def sheet_path(self, table: int) -> str:
        return f"/t/{SLUG}/tables/{ROUND}/{table}/"

    def open_sheet(self, name: str = "GET sheet") -> SheetState | None:
        r = self.request("GET", self.sheet_path(self.table), name)
        if r.status_code != 200:
            return None
        self.state = SheetState(r.text)
        return self.state

    def post_hand(self, points: list[int], name: str = "POST hands", expect=(200,)):
        s = self.state
        data = {
            "csrfmiddlewaretoken": s.csrf,
            "version": s.version,
            "number": s.number,
            "action": "record",
            **{f"p{i}": p for i, p in enumerate(points)},
        }
        return self.request(
            "POST",
            self.sheet_path(self.table) + "hands/",
            name,
            expect=expect,
            data=data,
            headers={"HX-Request": "true", "HX-Target": "sheet", "X-CSRFToken": s.csrf},
        )


class Arbiter(_ArbiterBase):
    """One arbiter of the plan (roles plain, double, race-leader, race-follower); see the module
    docstring."""

    fixed_count = int(os.environ.get("LOAD_ARBITERS", "0")) or len(PLAN["users"])

    def wait_time(self):
        if getattr(self, "role", "") == "race-follower":
            return 0  # waits for its leader's signal inside the task instead
        return random.uniform(20, 40)

    def on_start(self):
        super().on_start()
        try:
            entry = next(_assign)
        except StopIteration:
            raise StopUser() from None
        self.username, self.table, self.role = entry["username"], entry["table"], entry["role"]
        self.state = None
        self.started = False
        if self.role.startswith("race"):
            _races.setdefault(self.table, {"go": Event(), "ready": Event()})
        self.login(self.username)
        self.open_sheet()

    @task
    def enter_hand(self):
        if self.state is None and self.open_sheet() is None:
            return
        if not self.started:  # the first hand is played 20-40 s after the sheet is opened
            self.started = True
            if self.role != "race-follower":
                return
        if self.state.over:
            if self.role == "race-leader":
                self._signal()  # let the follower see it too
            return
        if self.role == "race-follower":
            race = _races[self.table]
            go = race["go"]
            race["ready"].set()  # holding the same sheet as the leader, waiting for its signal
            if not go.wait(timeout=90):
                self.open_sheet()
                return
            if self.state.over:
                return
            # The leader posts now as well: the same hand number, other points (one seat further
            # round).
            self._race(
                self.post_hand(
                    points_for(self.state.number, self.state.totals, shift=1),
                    name="POST hands",
                    expect=(200, 409),
                ),
                points_for(self.state.number, self.state.totals, shift=1),
            )
        elif self.role == "race-leader":
            # Both post on the same sheet: wait (a little) for the follower to be back from its last
            # post.
            _races[self.table]["ready"].wait(timeout=30)
            _races[self.table]["ready"].clear()
            self._signal()
            points = points_for(self.state.number, self.state.totals)
            self._race(self.post_hand(points, expect=(200, 409)), points)
        else:
            if random.random() < RELOAD_SHARE and (self.open_sheet() is None or self.state.over):
                return
            if self.role == "double":
                self._double()
            else:
                points = points_for(self.state.number, self.state.totals)
                self._answered(self.post_hand(points), points)

    def _signal(self):
        race = _races[self.table]
        go, race["go"] = race["go"], Event()
        go.set()

    def _answered(self, r, points) -> SheetState | None:
        """Log a 200 answer's outcome and take the fresh sheet from it; otherwise reload the
        sheet."""
        number = self.state.number
        if r.status_code != 200:
            self.state = None
            return None
        state = SheetState(r.text)
        if state.recorded == number:
            log_hand(self.table, number, "recorded", points, self.username, self.role)
        elif state.already == number:
            log_hand(self.table, number, "already", points, self.username, self.role)
        else:
            log_hand(
                self.table, number, "unclear:" + state.notice[:40], points, self.username, self.role
            )
        self.state = state
        return state

    def _race(self, r, points):
        if r.status_code == 409:
            log_hand(self.table, self.state.number, "conflict", points, self.username, self.role)
            self.open_sheet("GET sheet (reload after 409)")
        else:
            self._answered(r, points)

    def _double(self):
        points = points_for(self.state.number, self.state.totals)
        number = self.state.number
        first = gevent.spawn(self.post_hand, points, "POST hands")
        second = gevent.spawn_later(random.uniform(0, 0.1), self.post_hand, points, "POST hands")
        gevent.joinall([first, second])
        answers = [g.value for g in (first, second)]
        states = [
            SheetState(r.text) if r is not None and r.status_code == 200 else None for r in answers
        ]
        outcomes = sorted(
            "recorded"
            if s and s.recorded == number
            else "already"
            if s and s.already == number
            else "other"
            for s in states
        )
        for outcome in outcomes:
            log_hand(
                self.table,
                number,
                outcome if outcome != "other" else "unclear:double",
                points,
                self.username,
                self.role,
            )
        ok = outcomes == ["already", "recorded"]
        events.request.fire(
            request_type="CHECK",
            name="double submit: one recorded + one already",
            response_time=0,
            response_length=0,
            context={"role": self.role},
            exception=None if ok else AssertionError(f"double submit answered {outcomes}"),
        )
        fresh = [s for s in states if s is not None]
        # The later answer shows the later state (both show the hand; take the higher version).
        self.state = max(fresh, key=lambda s: s.version or -1) if fresh else None


class Spectator(_Browser):
    """A player following the live standings on a phone: a 15 s htmx poll with the fingerprint
    shown."""

    fixed_count = SPECTATORS
    wait_time = constant(15)
    role = "spectator"

    def on_start(self):
        super().on_start()
        r = self.request("GET", f"/t/{SLUG}/standings/", "GET standings")
        m = _FINGERPRINT.search(r.text) if r.status_code == 200 else None
        self.fingerprint = m.group(1) if m else ""

    @task
    def poll(self):
        r = self.request(
            "GET",
            f"/t/{SLUG}/standings/?v={self.fingerprint}",
            "GET standings (htmx poll)",
            expect=(200, 204),
            headers={"HX-Request": "true"},
        )
        if r.status_code == 200:
            m = _FINGERPRINT.search(r.text)
            if m:
                self.fingerprint = m.group(1)


class BaselineArbiter(_ArbiterBase):
    """One arbiter, no other load: 10 hands back to back at each baseline table, then the run
    stops."""

    fixed_count = 1
    wait_time = constant(0)
    role = "baseline"
    hands_per_table = int(os.environ.get("LOAD_BASELINE_HANDS", "30")) // max(
        1, len(PLAN["baseline"]["tables"])
    )

    def on_start(self):
        super().on_start()
        self.username = PLAN["baseline"]["username"]
        try:
            self.login(self.username)
        except StopUser:
            self.environment.runner.quit()
            raise

    @task
    def enter_hands(self):
        for table in PLAN["baseline"]["tables"]:
            self.table = table
            if self.open_sheet() is None:
                continue
            for _ in range(self.hands_per_table):
                if self.state is None or self.state.over:
                    break
                points = points_for(self.state.number, self.state.totals)
                r = self.post_hand(points)
                if r.status_code == 200:
                    state = SheetState(r.text)
                    outcome = (
                        "recorded"
                        if state.recorded == self.state.number
                        else "unclear:" + state.notice[:40]
                    )
                    log_hand(table, self.state.number, outcome, points, self.username, self.role)
                    self.state = state
                else:
                    self.state = None
        self.environment.runner.quit()
        raise StopUser()
