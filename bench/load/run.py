"""Load test of the arbiters' score sheet: N arbiters entering hands, then a database check.

Usage:
    .venv/bin/python bench/load/run.py [--arbiters 250] [--minutes 3]
        [--database-url postgres://postgres@127.0.0.1:5432/cuori_load]
        [--workers cores+1] [--threads 4]
        [--conn-max-age 60] [--cache-url redis://127.0.0.1:6379/15]
        [--spawn-rate 1] [--spectators 5] [--baseline-hands 30] [--py-spy SECONDS]

What it does, all on loopback and bounded in time:

1. var/locust-venv: a virtual environment of its own with locust (created
   when absent; locust registers a pytest plugin that clashes with the
   project's, so it never goes into .venv). gunicorn goes into .venv when
   ``import gunicorn`` fails.
2. Drops and creates the database (its name must contain "load"), runs
   ``manage.py migrate`` and ``setup_data.py setup``: a running tournament
   (rules club, target 100) with about N tables of 4 in round 1, N arbiter
   accounts and a baseline arbiter with 3 tables of its own.
3. Starts gunicorn (``config.wsgi``, production settings: DJANGO_DEBUG=false,
   a random DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS=127.0.0.1, behind a
   pretended TLS proxy: DJANGO_SECURE_PROXY_SSL_HEADER=true) on a free
   port, as ``make serve`` runs it by default (``--workers`` processes of
   ``--threads`` threads, persistent database connections:
   ``DATABASE_CONN_MAX_AGE=--conn-max-age``; the cache given by
   ``--cache-url``, else each process's own), with an access log of the
   server time of every request; stops it at the end whatever happens.
4. Baseline: one arbiter enters ``--baseline-hands`` hands back to back,
   nothing else running: the median server time of a hand POST (target
   under 50 ms).
5. Load: locust, headless, N arbiters + spectators spawned at
   ``--spawn-rate`` a second, for the ramp plus ``--minutes`` (see
   locustfile.py for what each user does). Logins happen during the ramp;
   "steady" figures are those of the requests from 30 s after the last login.
   gunicorn serves probe_wsgi.py (config.wsgi plus per-request CPU / SQL /
   connect timing) unless --no-probe; --py-spy samples the workers.
6. ``setup_data.py check``: the hands in the database against those the
   clients were told were recorded; no doubled hand, no gap, every table's
   version equal to its number of hands.

Prints a summary (also var/load/summary.txt and summary.json) and exits 1
when a check fails: a 5xx, an unexpected status, a database check, the
steady-state p95 of the sheet GET or hand POST over 1 s, or the baseline
median over 50 ms. Outputs are in var/load/: locust-*.csv (locust's own
stats), requests.csv (every request), access.log (server times), hands.csv,
check.json, gunicorn.log.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
OUT = ROOT / "var" / "load"
LOCUST_VENV = ROOT / "var" / "locust-venv"
PY = sys.executable

#: Requests of the arbiters' score sheet, whose steady-state p95 must stay under 1 s.
TARGET_NAMES = ("GET sheet", "POST hands")
TARGET_P95_MS = 1000.0
BASELINE_TARGET_MS = 50.0
#: The steady state starts this long after the last login answered (the logins' queue drains).
SETTLE_S = 30
ACCESS_FORMAT = "\t".join(
    [
        "%(s)s",
        "%(D)s",
        "%(m)s",
        "%(U)s",
        "%({x-load-name}i)s",
        "%({x-load-phase}i)s",
        "%({x-load-t}i)s",
    ]
)


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def run(
    cmd: list[str], *, env: dict | None = None, timeout: float = 600, quiet: bool = False
) -> subprocess.CompletedProcess:
    result = subprocess.run(
        cmd,
        cwd=ROOT,
        env=env,
        timeout=timeout,
        text=True,
        stdout=subprocess.PIPE if quiet else None,
        stderr=subprocess.STDOUT if quiet else None,
    )
    if result.returncode != 0:
        if quiet:
            print(result.stdout[-4000:])
        raise SystemExit(f"failed ({result.returncode}): {' '.join(map(str, cmd))}")
    return result


# --- tools ----------------------------------------------------------------------------------------


def ensure_locust() -> Path:
    locust = LOCUST_VENV / "bin" / "locust"
    if not locust.exists():
        log(
            f"creating {LOCUST_VENV.relative_to(ROOT)} with locust (its own venv: locust's pytest "
            "plugin clashes)"
        )
        run([PY, "-m", "venv", "--clear", str(LOCUST_VENV)])
        run(
            [str(LOCUST_VENV / "bin" / "python"), "-m", "pip", "install", "--quiet", "locust"],
            timeout=900,
        )
    return locust


def ensure_gunicorn() -> None:
    if subprocess.run([PY, "-c", "import gunicorn"], capture_output=True).returncode != 0:
        log("installing gunicorn into the project venv")
        run([PY, "-m", "pip", "install", "--quiet", "gunicorn"], timeout=600)


# --- database -------------------------------------------------------------------------------------


def reset_database(url: str, *, force: bool) -> None:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not name or ("load" not in name and not force):
        raise SystemExit(
            f"refusing to drop database {name!r}: its name must contain 'load' (or pass --force)"
        )
    admin = urlunsplit(
        (parts.scheme.replace("postgresql", "postgres"), parts.netloc, "/postgres", "", "")
    )
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    log(f"database {name} created afresh")


# --- server ---------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """gunicorn on loopback; ``stop()`` (also on any exit path) terminates its whole process
    group."""

    def __init__(self, env: dict, workers: int, threads: int, port: int, probe: bool):
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        app = ["--pythonpath", str(HERE), "probe_wsgi:application"] if probe else ["config.wsgi"]
        env = {**env, "LOAD_PROBE_LOG": str(OUT / "probe.log")}
        cmd = [
            PY,
            "-m",
            "gunicorn",
            *app,
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--timeout",
            "60",
            "--graceful-timeout",
            "10",
            "--access-logfile",
            str(OUT / "access.log"),
            "--access-logformat",
            ACCESS_FORMAT,
            "--error-logfile",
            str(OUT / "gunicorn.log"),
            "--capture-output",
        ]
        self.proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=env,
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        log(f"gunicorn pid {self.proc.pid}: {workers} workers of {threads} threads on {self.base}")

    def get(self, path: str, timeout: float = 5) -> int:
        request = urllib.request.Request(
            self.base + path,
            headers={
                "X-Forwarded-Proto": "https",
                "X-Load-Phase": "warmup",
                "X-Load-Name": "warmup",
            },
        )
        with urllib.request.urlopen(request, timeout=timeout) as response:
            response.read()
            return response.status

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(
                    f"gunicorn exited ({self.proc.returncode}); see {OUT / 'gunicorn.log'}:\n"
                    + tail(OUT / "gunicorn.log")
                )
            try:
                if self.get("/accounts/login/", timeout=2) == 200:
                    log("gunicorn answers")
                    return
            except OSError:
                time.sleep(0.3)
        raise SystemExit("gunicorn did not answer within a minute")

    def stop(self) -> None:
        if self.proc.poll() is not None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        except ProcessLookupError:
            pass
        log("gunicorn stopped")


def tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


# --- locust ---------------------------------------------------------------------------------------


def run_locust(
    locust: Path,
    *,
    host: str,
    users: list[str],
    count: int,
    spawn_rate: float,
    run_time: int,
    phase: str,
    extra_env: dict,
    monitor: CpuMonitor | None = None,
) -> int:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("VIRTUAL_ENV", "PYTHONPATH", "DJANGO_SETTINGS_MODULE")
    }
    env.update(extra_env)
    env.update(
        LOAD_PHASE=phase,
        LOAD_PLAN=str(OUT / "plan.json"),
        LOAD_HANDS_LOG=str(OUT / "hands.csv"),
        LOAD_REQUEST_LOG=str(OUT / "requests.csv"),
    )
    cmd = [
        str(locust),
        "-f",
        str(HERE / "locustfile.py"),
        "--headless",
        "--host",
        host,
        "-u",
        str(count),
        "-r",
        str(spawn_rate),
        "--run-time",
        f"{run_time}s",
        "--stop-timeout",
        "30",
        "--csv",
        str(OUT / f"locust-{phase}"),
        "--loglevel",
        "WARNING",
        *users,
    ]
    log(
        f"locust [{phase}]: {count} users, spawn rate {spawn_rate}/s, run time {run_time} s "
        f"(output in {(OUT / f'locust-{phase}.log').relative_to(ROOT)})"
    )
    with open(OUT / f"locust-{phase}.log", "w") as out:
        proc = subprocess.Popen(
            cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        if monitor is not None:
            monitor.roots[proc.pid] = "locust"
        try:
            code = proc.wait(timeout=run_time + 120)
        except BaseException:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
            raise
    if not read_requests(phase):
        log(
            f"locust [{phase}] made no request (exit {code}):\n" + tail(OUT / f"locust-{phase}.log")
        )
    return code


# --- the machine ---------------------------------------------------------------------------------

TICK = os.sysconf("SC_CLK_TCK")


def _proc_table() -> dict[int, tuple[str, int, int]]:
    """pid → (command name, parent pid, CPU ticks used so far) of every process."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        comm = raw[raw.index("(") + 1 : raw.rindex(")")]
        fields = raw[raw.rindex(")") + 2 :].split()
        table[int(entry)] = (comm, int(fields[1]), int(fields[11]) + int(fields[12]))
    return table


def _busy_ticks() -> tuple[int, int]:
    """(busy, total) CPU ticks of the whole machine since boot."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values[:8]) - idle, sum(values[:8])


class CpuMonitor(threading.Thread):
    """Who used the CPU: gunicorn, locust, PostgreSQL, or other processes (another developer's
    tests).

    Samples /proc every second; a process shorter than a second (a PostgreSQL backend
    of one request) is missed, so the parts add up to less than the machine's busy time.
    """

    def __init__(self):
        super().__init__(daemon=True)
        self.roots: dict[int, str] = {}
        self.totals: dict[str, float] = defaultdict(float)
        self.others: dict[str, float] = defaultdict(float)
        self.series: list[
            tuple[float, dict[str, float]]
        ] = []  # (time, CPU seconds per label in the last second)
        self.stop_event = threading.Event()

    def label(self, pid: int, table) -> str:
        seen = 0
        while pid > 1 and seen < 50:
            if pid in self.roots:
                return self.roots[pid]
            if pid == os.getpid():
                return "run.py and its tools"
            pid = table.get(pid, ("", 0, 0))[1]
            seen += 1
        return ""

    def run(self) -> None:
        prev = _proc_table()
        while not self.stop_event.wait(1.0):
            table = _proc_table()
            busy, total = _busy_ticks()
            second: dict[str, float] = defaultdict(float)
            for pid, (comm, _ppid, ticks) in table.items():
                if pid not in prev or prev[pid][0] != comm:
                    continue
                delta = (ticks - prev[pid][2]) / TICK
                if delta <= 0:
                    continue
                who = self.label(pid, table) or (
                    "postgres" if comm.startswith("postgres") else "other"
                )
                self.totals[who] += delta
                second[who] += delta
                if who == "other":
                    self.others[comm] += delta
            second["machine busy"] = busy / TICK - self.totals.get("machine busy", busy / TICK)
            self.totals["machine busy"] = busy / TICK
            self.totals["machine total"] = total / TICK
            self.series.append((time.time(), dict(second)))
            prev = table

    def snapshot(self) -> dict:
        snap = dict(self.totals)
        busy, total = _busy_ticks()
        snap["machine busy"], snap["machine total"] = busy / TICK, total / TICK
        snap["others"] = dict(self.others)
        return snap


def cpu_line(start: dict, end: dict, seconds: float) -> str:
    """One line: CPU seconds used by each part between two snapshots, as shares of the machine."""
    cores = os.cpu_count() or 1
    capacity = seconds * cores
    parts = []
    for who in ("gunicorn", "locust", "postgres", "run.py and its tools", "other"):
        used = end.get(who, 0.0) - start.get(who, 0.0)
        parts.append(f"{who} {used:.0f} s ({100 * used / capacity:.0f}%)")
    busy = (end["machine busy"] - start["machine busy"]) / (
        end["machine total"] - start["machine total"] or 1
    )
    others = {k: v - start.get("others", {}).get(k, 0.0) for k, v in end.get("others", {}).items()}
    top = ", ".join(
        f"{k} {v:.0f} s" for k, v in sorted(others.items(), key=lambda kv: -kv[1])[:4] if v >= 1
    )
    return (
        f"CPU over {seconds:.0f} s on {cores} cores: machine busy {100 * busy:.0f}%; "
        + ", ".join(parts)
        + (f" [other processes: {top}]" if top else "")
    )


def wait_idle(max_seconds: float, threshold: float = 0.25) -> None:
    """Wait (at most ``max_seconds``) until the machine is idle: under ``threshold`` busy over 5
    s."""
    deadline = time.monotonic() + max_seconds
    while True:
        b0, t0 = _busy_ticks()
        time.sleep(5)
        b1, t1 = _busy_ticks()
        busy = (b1 - b0) / ((t1 - t0) or 1)
        if busy < threshold:
            return
        if time.monotonic() >= deadline:
            log(
                f"the machine is still {100 * busy:.0f}% busy with other work: measuring anyway "
                "(see the CPU lines)"
            )
            return
        log(f"waiting for the machine to be idle ({100 * busy:.0f}% busy)")


def ensure_py_spy() -> Path:
    spy = LOCUST_VENV / "bin" / "py-spy"
    if not spy.exists():
        run(
            [str(LOCUST_VENV / "bin" / "python"), "-m", "pip", "install", "--quiet", "py-spy"],
            timeout=600,
        )
    return spy


def start_py_spy(spy: Path, pid: int, delay: float, seconds: int) -> subprocess.Popen:
    """py-spy on gunicorn and its workers for ``seconds``, starting after ``delay`` (the steady
    state)."""
    cmd = (
        f"sleep {delay:.0f} && exec {spy} record --pid {pid} --subprocesses --function --duration "
        f"{seconds} --rate 100 --format raw --nonblocking --output {OUT / 'py-spy.txt'}"
    )
    log(f"py-spy will sample the gunicorn workers for {seconds} s from {delay:.0f} s into the load")
    return subprocess.Popen(
        ["sh", "-c", cmd],
        cwd=ROOT,
        stdout=open(OUT / "py-spy.log", "w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def py_spy_summary(limit: int = 20) -> list[str]:
    """Where the workers' request time went, from py-spy's samples of requests being handled.

    py-spy samples wall time (--nonblocking: waits on PostgreSQL included); stacks outside a
    request (a worker idle in its accept loop) are left out. Shares per view, per kind of
    work (SQL round trips, connecting, templates, password hashing, other Python) and per
    function of our code (inclusive).
    """
    path = OUT / "py-spy.txt"
    if not path.exists():
        return []
    inclusive: dict[str, int] = defaultdict(int)
    views: dict[str, int] = defaultdict(int)
    kinds: dict[str, int] = defaultdict(int)
    total = 0
    view_re = re.compile(r"^(\w+) \((tables|tournaments)/views\.py|^(LoginView\.\w+|serve) \(")
    for line in path.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if not count.isdigit() or "handle_request (gunicorn" not in stack:
            continue
        n = int(count)
        frames = [f for f in stack.split(";") if not f.startswith("process ")]
        total += n
        for frame in set(frames):
            inclusive[frame] += n
        view = next((m.group(1) or m.group(3) for f in frames if (m := view_re.match(f))), None)
        views[view or "outside the view (middleware, sessions, response)"] += n
        text = ";".join(frames)
        kind = (
            "password hashing (PBKDF2)"
            if "pbkdf2" in text
            else "connecting to PostgreSQL"
            if "Connection.connect" in text
            else "SQL (psycopg: send, wait, fetch)"
            if "psycopg/" in text
            else "template rendering"
            if "django/template/" in text
            else "other Python"
        )
        kinds[kind] += n
    if not total:
        return []

    def short(frame: str) -> str:
        return re.sub(
            r"/[^ ]*/(site-packages|python3\.11)/", "", frame.replace(str(ROOT) + "/", "")
        )

    def share(items, k):
        return [
            f"    {100 * n / total:5.1f}%  {short(f)}"
            for f, n in sorted(items, key=lambda kv: -kv[1])[:k]
        ]

    ours = [
        (f, n)
        for f, n in inclusive.items()
        if any(k in f for k in ("tables/", "tournaments/", "engine/", "config/"))
        and "middleware.py" not in f
    ]
    return [
        (
            f"py-spy: {total} samples of requests being handled (wall time, 100/s per worker); "
            "share of samples:"
        ),
        "  by view:",
        *share(views.items(), 10),
        "  by kind of work:",
        *share(kinds.items(), 10),
        "  our code (inclusive):",
        *share(ours, limit),
    ]


# --- figures --------------------------------------------------------------------------------------


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) of ``values``; NaN when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def status_class(status: int) -> str:
    if status == 0:
        return "error"
    if status in (409, 422):
        return str(status)
    return f"{status // 100}xx"


def read_requests(phase: str) -> list[dict]:
    path = OUT / "requests.csv"
    if not path.exists():
        return []
    with path.open(newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["phase"] == phase]
    for r in rows:
        r["start"], r["ms"], r["status"], r["ok"] = (
            float(r["start"]),
            float(r["ms"]),
            int(r["status"]),
            r["ok"] == "1",
        )
    return rows


def read_access(phase: str) -> list[dict]:
    rows = []
    path = OUT / "access.log"
    if not path.exists():
        return rows
    for line in path.read_text(errors="replace").splitlines():
        parts = line.split("\t")
        if len(parts) != 7 or parts[5] != phase:
            continue
        try:
            rows.append(
                {
                    "status": int(parts[0]),
                    "ms": int(parts[1]) / 1000,
                    "name": parts[4],
                    "t": float(parts[6]) if parts[6] not in ("", "-") else 0.0,
                }
            )
        except ValueError:
            continue
    return rows


def by_name(rows: list[dict], key: str = "name") -> dict[str, list[dict]]:
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        groups[r[key]].append(r)
    return dict(sorted(groups.items()))


def endpoint_table(client: list[dict], server: list[dict]) -> tuple[list[str], dict]:
    """Lines of the per-request-name table (count, statuses, client and server p50/p95/p99) and the
    figures."""
    figures = {}
    server_by = by_name(server)
    lines = [
        f"  {'request':34s} {'count':>6s} {'2xx':>6s} {'3xx':>5s} {'409':>5s} {'422':>4s} "
        f"{'4xx':>4s} {'5xx':>4s} {'err':>4s} {'fail':>4s} | client ms p50/p95/p99    | server ms "
        "p50/p95/p99"
    ]
    for name, rows in by_name(client).items():
        counts = defaultdict(int)
        for r in rows:
            counts[status_class(r["status"])] += 1
        ms = [r["ms"] for r in rows if r["status"]]
        sms = [r["ms"] for r in server_by.get(name, [])]
        fig = {
            "count": len(rows),
            "statuses": dict(counts),
            "failures": sum(not r["ok"] for r in rows),
            "client_ms": [pct(ms, 50), pct(ms, 95), pct(ms, 99)],
            "server_ms": [pct(sms, 50), pct(sms, 95), pct(sms, 99)],
            "server_count": len(sms),
        }
        figures[name] = fig
        c, s = fig["client_ms"], fig["server_ms"]
        other4 = sum(v for k, v in counts.items() if k == "4xx")
        lines.append(
            f"  {name[:34]:34s} {len(rows):6d} {counts['2xx']:6d} {counts['3xx']:5d} "
            f"{counts['409']:5d} {counts['422']:4d} {other4:4d} {counts['5xx']:4d} "
            f"{counts['error']:4d} {fig['failures']:4d} | {c[0]:6.0f} {c[1]:6.0f} {c[2]:6.0f}      "
            f"| {s[0]:6.1f} {s[1]:6.1f} {s[2]:6.1f}"
        )
    return lines, figures


def read_probe(phase: str) -> list[dict]:
    rows = []
    path = OUT / "probe.log"
    if not path.exists():
        return rows
    for line in path.read_text(errors="replace").splitlines():
        parts = line.split("\t")
        if len(parts) != 9 or parts[2] != phase:
            continue
        rows.append(
            {
                "t": float(parts[0]),
                "name": parts[1],
                "status": parts[3],
                "wall": float(parts[4]),
                "cpu": float(parts[5]),
                "sql": float(parts[6]),
                "connect": float(parts[7]),
                "queries": int(parts[8]),
            }
        )
    return rows


def probe_table(rows: list[dict]) -> list[str]:
    """Per request name: medians (and p95 of wall) of where the worker's time went."""
    if not rows:
        return []
    lines = [
        f"  {'request':34s} {'count':>6s} | wall p50  p95 | cpu p50 | sql p50 (queries) | connect "
        "p50 | waiting p50 (wall-cpu-sql-connect)"
    ]
    for name, group in by_name(rows).items():
        wall = [r["wall"] for r in group]
        waiting = [r["wall"] - r["cpu"] - r["sql"] - r["connect"] for r in group]
        lines.append(
            f"  {name[:34]:34s} {len(group):6d} | {pct(wall, 50):8.1f} {pct(wall, 95):6.1f} | "
            f"{pct([r['cpu'] for r in group], 50):7.1f} | "
            f"{pct([r['sql'] for r in group], 50):7.1f} "
            f"({pct([r['queries'] for r in group], 50):3.0f})     | "
            f"{pct([r['connect'] for r in group], 50):11.1f} | {pct(waiting, 50):8.1f}"
        )
    return lines


def timeline(
    requests_: list[dict], probe: list[dict], series, start: float, step: int = 30
) -> list[str]:
    """Per ``step`` seconds of the load: logins, hand POSTs and their times, and who used the CPU
    (cores)."""
    if not requests_:
        return []
    buckets: dict[int, dict] = defaultdict(lambda: defaultdict(list))
    for r in requests_:
        buckets[int((r["start"] - start) // step)][r["name"]].append(r["ms"])
    for r in probe:
        buckets[int((r["t"] - start) // step)]["probe " + r["name"]].append(r["wall"])
    for t, second in series:
        for who, used in second.items():
            buckets[int((t - start) // step)]["cpu " + who].append(used)
    lines = [
        f"  {'s':>5s} {'logins':>6s} {'POSTs':>5s} | POST hands client p50  p95 | server p50 | "
        f"CPU cores: gunicorn postgres* other  machine"
    ]
    for k in sorted(buckets):
        if k < 0:
            continue
        b = buckets[k]
        posts = b.get("POST hands", [])
        seconds = max(1, len(b.get("cpu machine busy", [])))

        def cores(who, b=b, seconds=seconds):
            return sum(b.get("cpu " + who, [])) / seconds

        lines.append(
            f"  {k * step:5d} {len(b.get('POST /accounts/login/', [])):6d} {len(posts):5d} | "
            f"{pct(posts, 50):21.0f} {pct(posts, 95):5.0f} | "
            f"{pct(b.get('probe POST hands', []), 50):10.0f} | {cores('gunicorn'):19.2f} "
            f"{cores('postgres'):8.2f} {cores('other'):5.2f} {cores('machine busy'):8.2f}"
        )
    return lines


# --- main -----------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--arbiters", type=int, default=250)
    parser.add_argument(
        "--minutes", type=float, default=3, help="steady state after the ramp (default 3)"
    )
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/cuori_load")
    parser.add_argument(
        "--workers",
        type=int,
        default=min(8, (os.cpu_count() or 1) + 1),
        help="gunicorn worker processes (default: cores + 1, at most 8, as make serve)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=4,
        help="threads per worker (default 4, as make serve; 1 = sync workers)",
    )
    parser.add_argument(
        "--conn-max-age",
        type=int,
        default=60,
        help=(
            "DATABASE_CONN_MAX_AGE of the server (default 60, production's; 0 = a connection a "
            "request)"
        ),
    )
    parser.add_argument(
        "--cache-url",
        default="",
        help=(
            "CACHE_URL of the server, e.g. redis://127.0.0.1:6379/15 (default: none, each "
            "process's own)"
        ),
    )
    parser.add_argument(
        "--spawn-rate",
        type=float,
        default=1.0,
        help=(
            "arbiters logging in per second during the ramp (each login is one PBKDF2: ~0.4 s of "
            "CPU)"
        ),
    )
    parser.add_argument("--spectators", type=int, default=5)
    parser.add_argument("--baseline-hands", type=int, default=30)
    parser.add_argument("--skip-baseline", action="store_true")
    parser.add_argument(
        "--force", action="store_true", help="allow a database name without 'load' in it"
    )
    parser.add_argument(
        "--wait-idle",
        type=float,
        default=60,
        metavar="SECONDS",
        help=(
            "before each measurement wait at most this long for the machine to be idle (default 60)"
        ),
    )
    parser.add_argument(
        "--no-probe",
        action="store_true",
        help="serve config.wsgi itself, without probe_wsgi's per-request CPU/SQL timing",
    )
    parser.add_argument(
        "--py-spy",
        type=int,
        default=0,
        metavar="SECONDS",
        help="sample the gunicorn workers with py-spy for this long in the steady state",
    )
    args = parser.parse_args()

    OUT.mkdir(parents=True, exist_ok=True)
    for name in (
        "requests.csv",
        "hands.csv",
        "access.log",
        "probe.log",
        "py-spy.txt",
        "gunicorn.log",
        "check.json",
        "summary.txt",
        "summary.json",
        "plan.json",
    ):
        (OUT / name).unlink(missing_ok=True)
    for old in OUT.glob("locust-*"):
        old.unlink()

    started = time.time()
    locust = ensure_locust()
    ensure_gunicorn()
    reset_database(args.database_url, force=args.force)
    env = {
        **os.environ,
        "DATABASE_URL": args.database_url,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_PROXY_SSL_HEADER": "true",
        "CELERY_BROKER_URL": "",
        "PYTHONPATH": str(ROOT),
        "DJANGO_STATIC_ROOT": str(OUT / "static"),
        "DATABASE_CONN_MAX_AGE": str(args.conn_max_age),
        "CACHE_URL": args.cache_url,
        "REDIS_URL": "",
        # A run's own keys in a shared cache: nothing of an earlier run (same ids) is served.
        "CACHE_KEY_PREFIX": f"cuori-load-{secrets.token_hex(4)}",
    }
    run([PY, "manage.py", "migrate", "--noinput", "-v", "0"], env=env)
    # Production storage (hashed names) needs the manifest to render any page; not served in the
    # test.
    run([PY, "manage.py", "collectstatic", "--noinput", "-v", "0"], env=env)
    log("migrated, static files collected")
    run(
        [
            PY,
            str(HERE / "setup_data.py"),
            "setup",
            "--arbiters",
            str(args.arbiters),
            "--plan",
            str(OUT / "plan.json"),
        ],
        env=env,
    )
    plan = json.loads((OUT / "plan.json").read_text())

    spy = ensure_py_spy() if args.py_spy else None
    monitor = CpuMonitor()
    monitor.start()
    cpu: dict[str, object] = {}
    loadavg: dict[
        str, tuple[float, float, float]
    ] = {}  # the machine's load average (1, 5, 15 min) at each step
    server = Server(env, args.workers, args.threads, free_port(), probe=not args.no_probe)
    monitor.roots[server.proc.pid] = "gunicorn"
    load_started = load_ended = 0.0
    try:
        server.wait_ready()
        try:
            for _ in range(
                4 * args.workers
            ):  # every worker compiles its templates before anything is timed
                server.get(f"/t/{plan['slug']}/tables/1/1/")
                server.get(f"/t/{plan['slug']}/standings/")
        except OSError as exc:
            raise SystemExit(
                f"the warm-up request failed ({exc}); {OUT / 'gunicorn.log'} ends with:\n"
                + tail(OUT / "gunicorn.log")
            ) from None
        if not args.skip_baseline:
            wait_idle(args.wait_idle)
            loadavg["baseline, start"] = os.getloadavg()
            t0, before = time.time(), monitor.snapshot()
            run_locust(
                locust,
                host=server.base,
                users=["BaselineArbiter"],
                count=1,
                spawn_rate=1,
                run_time=180,
                phase="baseline",
                extra_env={"LOAD_BASELINE_HANDS": str(args.baseline_hands)},
                monitor=monitor,
            )
            cpu["baseline"] = cpu_line(before, monitor.snapshot(), time.time() - t0)
            loadavg["baseline, end"] = os.getloadavg()
        ramp = math.ceil((args.arbiters + args.spectators) / args.spawn_rate)
        run_time = ramp + 30 + SETTLE_S + int(args.minutes * 60)
        wait_idle(args.wait_idle)
        if spy is not None:
            spying = start_py_spy(
                spy, server.proc.pid, ramp + 30 + SETTLE_S, min(args.py_spy, int(args.minutes * 60))
            )
        loadavg["load, start"] = os.getloadavg()
        load_started, before = time.time(), monitor.snapshot()
        run_locust(
            locust,
            host=server.base,
            users=["Arbiter", "Spectator"],
            count=args.arbiters + args.spectators,
            spawn_rate=args.spawn_rate,
            run_time=run_time,
            phase="load",
            extra_env={
                "LOAD_SPECTATORS": str(args.spectators),
                "LOAD_ARBITERS": str(args.arbiters),
            },
            monitor=monitor,
        )
        load_ended = time.time()
        loadavg["load, end"] = os.getloadavg()
        cpu["load"] = cpu_line(before, monitor.snapshot(), load_ended - load_started)
        cpu["series"] = [(t, v) for t, v in monitor.series if t >= load_started]
        if spy is not None:
            try:
                spying.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(spying.pid, signal.SIGTERM)
    finally:
        server.stop()
        monitor.stop_event.set()

    check_run = subprocess.run(
        [
            PY,
            str(HERE / "setup_data.py"),
            "check",
            "--plan",
            str(OUT / "plan.json"),
            "--hands",
            str(OUT / "hands.csv"),
            "--output",
            str(OUT / "check.json"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    try:
        check = json.loads((OUT / "check.json").read_text())
    except (OSError, ValueError):
        print(check_run.stdout[-3000:], check_run.stderr[-3000:])
        check = {"ok": False, "problems": ["the database check did not run"], "problem_count": 1}
    return report(args, plan, check, load_started, load_ended, started, cpu, loadavg)


def report(
    args,
    plan: dict,
    check: dict,
    load_started: float,
    load_ended: float,
    started: float,
    cpu: dict,
    loadavg: dict,
) -> int:
    series = cpu.pop("series", [])
    requests_ = read_requests("load")
    access = read_access("load")
    logins = [r for r in requests_ if r["name"] == "POST /accounts/login/"]
    ramp_end = max((r["start"] + r["ms"] / 1000 for r in logins), default=load_started)
    steady_start = ramp_end + SETTLE_S
    end = max((r["start"] + r["ms"] / 1000 for r in requests_), default=load_ended)
    steady = [r for r in requests_ if r["start"] >= steady_start]
    steady_server = [r for r in access if r["t"] >= steady_start]
    duration = end - min((r["start"] for r in requests_), default=end)
    steady_s = end - steady_start

    probe_steady = probe_table([r for r in read_probe("load") if r["t"] >= steady_start])
    probe_base = probe_table([r for r in read_probe("baseline") if r["name"] == "POST hands"])
    all_lines, all_fig = endpoint_table(requests_, access)
    steady_lines, steady_fig = endpoint_table(steady, steady_server)
    base_rows = [r for r in read_requests("baseline") if r["name"] == "POST hands"]
    base_server = [r["ms"] for r in read_access("baseline") if r["name"] == "POST hands"]
    base_client = [r["ms"] for r in base_rows]

    hands_rows = (
        list(csv.DictReader((OUT / "hands.csv").open())) if (OUT / "hands.csv").exists() else []
    )
    load_hands = [h for h in hands_rows if h["phase"] == "load"]
    races = defaultdict(list)
    for h in load_hands:
        if h["role"].startswith("race"):
            races[(h["table"], h["number"])].append(h["outcome"])
    raced = {
        k: v for k, v in races.items() if len(v) >= 2
    }  # both posted (else the partner was not ready)
    race_ok = sum(1 for v in raced.values() if sorted(v) == ["conflict", "recorded"])
    doubles = [r for r in requests_ if r["method"] == "CHECK"]
    real = [r for r in requests_ if r["method"] != "CHECK"]
    count_5xx = sum(1 for r in real if r["status"] >= 500)
    count_409 = sum(1 for r in real if r["status"] == 409)
    failures = [r for r in requests_ if not r["ok"]]
    errors_sample = sorted({f"{r['name']}: {r['status']} {r['error']}" for r in failures})[:10]

    checks = {
        "no 5xx": count_5xx == 0,
        "no unexpected status or failed request": not failures,
        "every race: one 200 and one 409": all(
            sorted(v) == ["conflict", "recorded"] for v in raced.values()
        ),
        "every double submit: 200 + 200, one hand": all(r["ok"] for r in doubles),
        "database: hands told == hands stored, no double, no gap, versions": bool(check.get("ok")),
        "hands were recorded during the load": bool(check.get("hands_told_load")),
    }
    for name in TARGET_NAMES:
        p95 = steady_fig.get(name, {}).get("client_ms", [math.nan] * 3)[1]
        checks[f"steady p95 of {name} < {TARGET_P95_MS:.0f} ms"] = p95 < TARGET_P95_MS
    if not args.skip_baseline:
        checks[f"baseline: median server time of a hand POST < {BASELINE_TARGET_MS:.0f} ms"] = (
            pct(base_server, 50) < BASELINE_TARGET_MS
        )

    steady_requests = len([r for r in steady if r["method"] != "CHECK"])
    steady_posts = len([r for r in steady if r["name"] == "POST hands"])
    steady_rate = steady_requests / steady_s if steady_s > 0 else 0
    post_rate = steady_posts / steady_s if steady_s > 0 else 0
    out = [
        "Cuori score-sheet load test",
        f"  arbiters {plan['arbiters']} ({plan['race_pairs']} race pairs, "
        f"{plan['double_clickers']} double-clickers), spectators {args.spectators}, tables "
        f"{plan['tables']} (+{len(plan['baseline']['tables'])} baseline), gunicorn workers "
        f"{args.workers} x {args.threads} threads, conn_max_age {args.conn_max_age}, cache "
        f"{args.cache_url or 'per process'}, cores {os.cpu_count()}, database "
        f"{urlsplit(args.database_url).path[1:]}",
        f"  load: {duration:.0f} s ({len(real)} requests, "
        f"{len(real) / duration if duration else 0:.1f} req/s); ramp (logins, spawn rate "
        f"{args.spawn_rate}/s) {ramp_end - (load_started or ramp_end):.0f} s + {SETTLE_S} s, "
        f"steady {steady_s:.0f} s ({steady_requests} requests, {steady_rate:.1f} req/s; "
        f"hand POSTs {post_rate:.1f}/s)",
        "",
        "Whole run (client = locust's time incl. queueing; server = gunicorn worker time):",
        *all_lines,
        "",
        f"Steady state (from {SETTLE_S} s after the last login):",
        *steady_lines,
        "",
    ]
    if not args.skip_baseline:
        out += [
            f"Baseline, no load: 1 arbiter, {len(base_client)} hand POSTs back to back: median "
            f"server {pct(base_server, 50):.1f} ms (p95 {pct(base_server, 95):.1f}), median client "
            f"{pct(base_client, 50):.1f} ms (p95 {pct(base_client, 95):.1f})",
            "",
        ]
    if probe_steady:
        out += ["Where the worker's time went, steady state (ms, probe_wsgi):", *probe_steady, ""]
    if probe_base:
        out += ["... and in the baseline:", *probe_base[1:], ""]
    out += [f"{phase}: {line}" for phase, line in cpu.items()]
    out += [
        "load average (1/5/15 min): "
        + "; ".join(f"{when} {a:.2f} {b:.2f} {c:.2f}" for when, (a, b, c) in loadavg.items()),
        "",
    ]
    lines = timeline(requests_, read_probe("load"), series, load_started)
    if lines:
        out += [
            "Timeline of the load (* PostgreSQL backends living under a second are not seen):",
            *lines,
            "",
        ]
    spy_lines = py_spy_summary()
    if spy_lines:
        out += [*spy_lines, ""]
    out += [
        f"5xx: {count_5xx}   409: {count_409}   failures: {len(failures)}   races: {len(raced)} "
        f"({race_ok} with one 200 + one 409; {len(races) - len(raced)} hands posted by one of a "
        f"pair alone)   double submits: {len(doubles)} ({sum(r['ok'] for r in doubles)} with 200 + "
        "200 and one hand)",
        f"hands expected (clients told 'recorded'): {check.get('hands_told', '?')} "
        f"(load {check.get('hands_told_load', '?')}), recorded in the database: "
        f"{check.get('hands_db', '?')} (load {check.get('hands_db_load', '?')}); doubled "
        f"{check.get('doubled', '?')}, identical consecutive "
        f"{check.get('identical_consecutive', '?')}, gaps {check.get('gaps', '?')}, version != "
        f"hands {check.get('version_mismatch', '?')}, points differ "
        f"{check.get('points_mismatch', '?')}, told but missing "
        f"{check.get('told_not_in_db', '?')}, stored but not told "
        f"{check.get('in_db_not_told', '?')}; most hands at a table "
        f"{check.get('max_hands_at_a_table', '?')}, tables at 100+ "
        f"{check.get('tables_over_100', '?')}",
    ]
    if check.get("problems"):
        out += ["database problems (first ones):", *(f"  {p}" for p in check["problems"][:10])]
    if errors_sample:
        out += ["failed requests (sample):", *(f"  {e}" for e in errors_sample)]
    out += [
        "",
        "Checks:",
        *(f"  [{'ok' if ok else 'FAIL'}] {name}" for name, ok in checks.items()),
        f"total time {time.time() - started:.0f} s; details in {OUT.relative_to(ROOT)}/",
    ]
    text = "\n".join(out)
    print("\n" + text)
    (OUT / "summary.txt").write_text(text + "\n")
    (OUT / "summary.json").write_text(
        json.dumps(
            {
                "arbiters": plan["arbiters"],
                "tables": plan["tables"],
                "duration_s": duration,
                "steady_s": steady_s,
                "requests": len(real),
                "whole_run": all_fig,
                "steady": steady_fig,
                "baseline_post_ms": {
                    "server_median": pct(base_server, 50),
                    "client_median": pct(base_client, 50),
                    "n": len(base_client),
                },
                "cpu": cpu,
                "loadavg": loadavg,
                "count_5xx": count_5xx,
                "count_409": count_409,
                "failures": len(failures),
                "check": check,
                "checks": checks,
            },
            indent=1,
            default=str,
        )
    )
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
