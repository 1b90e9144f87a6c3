"""Cuori settings, read from the environment (django-environ).

Every setting that differs between a laptop, CI and production comes from an
environment variable (or a `.env` file at the project root); the defaults are
the safe, embedded ones: SQLite under `var/`, Celery tasks run eagerly.

- ``DATABASE_URL``: unset → SQLite in ``var/cuori.sqlite3``;
  ``postgres://user@host:5432/name`` → PostgreSQL through psycopg 3.
- ``CELERY_BROKER_URL``: unset → tasks run eagerly in the calling process;
  ``redis://127.0.0.1:6379/0`` → a real worker (``celery -A config worker``).
- ``DJANGO_DEBUG``, ``DJANGO_SECRET_KEY`` (required when DEBUG is off),
  ``DJANGO_ALLOWED_HOSTS``, ``DJANGO_STATIC_ROOT``.
- ``DATABASE_CONNECT_TIMEOUT`` (seconds, 5) and ``DATABASE_STATEMENT_TIMEOUT``
  (seconds, 30; 0 turns it off): PostgreSQL only.
- ``DATABASE_CONN_MAX_AGE`` (seconds a connection is kept: 60 with DEBUG off, 0 with it on).
- ``CACHE_URL`` or ``REDIS_URL``: a cache shared by the worker processes (Redis); unset → in memory.
- ``DJANGO_LANGUAGE_CODE`` (``en`` or ``it``, default ``en``): the language of the
  management commands, and of pages for browsers that ask for neither language.
- ``CUORI_PROXY_COUNT``: reverse proxies in front of the app whose
  ``X-Forwarded-For`` is trusted for the client address (0: ``REMOTE_ADDR``).

The README's "Configuration" and "Production" sections list every variable.
"""

import re
from pathlib import Path

import environ
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        # Never sign production sessions with a key that is in the source.
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is not set: with DJANGO_DEBUG=false Cuori needs a long random key "
            "(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')."
        )
    SECRET_KEY = "django-insecure-dev-only-key-change-me-in-production-0123456789"
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "simple_history",
    "axes",
    "csp",
    "rules",
    "tournaments",
    "tables",
    "seasons",
    # django-ninja: the API docs page's own scripts and styles (no CDN, the CSP allows them)
    "ninja",
    "api",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Content-Security-Policy on every page (CONTENT_SECURITY_POLICY below).
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "tournaments.middleware.NotPublishedMiddleware",
    # Last: django-axes refuses logins after repeated failures (AXES_* below).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": env.db_url("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'cuori.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for a concurrent writer instead of failing at once ("database is locked"), and take
    # the write lock when a transaction begins: a transaction that read first and then wants to
    # write would otherwise fail at once, without waiting, when another thread writes meanwhile.
    _sqlite = DATABASES["default"].setdefault("OPTIONS", {})
    _sqlite["timeout"] = 20
    _sqlite.setdefault("transaction_mode", "IMMEDIATE")
elif "postgresql" in DATABASES["default"]["ENGINE"]:
    # A server that does not answer fails the request within seconds instead of hanging a
    # worker, and a runaway query is cancelled by PostgreSQL itself (0 turns either off).
    _pg = DATABASES["default"].setdefault("OPTIONS", {})
    _pg.setdefault("connect_timeout", env.int("DATABASE_CONNECT_TIMEOUT", default=5))
    _statement_ms = round(env.float("DATABASE_STATEMENT_TIMEOUT", default=30) * 1000)
    _pg["options"] = f"{_pg.get('options', '')} -c statement_timeout={_statement_ms}".strip()
# Persistent connections: a worker thread keeps its database connection for DATABASE_CONN_MAX_AGE
# seconds (60 in production, 0 = one connection per request in development; a conn_max_age in
# DATABASE_URL counts when the variable is unset) instead of paying a new connection per request,
# checked before it is reused after a request (CONN_HEALTH_CHECKS): a restarted server costs no
# error.
_db = DATABASES["default"]
_db["CONN_MAX_AGE"] = env.int(
    "DATABASE_CONN_MAX_AGE", default=int(_db.get("CONN_MAX_AGE", 0 if DEBUG else 60))
)
if _db["CONN_MAX_AGE"] < 0:
    raise ImproperlyConfigured(
        f"DATABASE_CONN_MAX_AGE must be 0 or more, not {_db['CONN_MAX_AGE']}."
    )
_db["CONN_HEALTH_CHECKS"] = _db["CONN_MAX_AGE"] > 0

# The cache (rendered standings, the private links' rate limit): shared by every worker process
# through Redis when CACHE_URL (any django-environ cache URL) or REDIS_URL is set, else each
# process keeps its own in memory.
_cache_url = env.str("CACHE_URL", default="") or env.str("REDIS_URL", default="")
CACHES = {
    "default": env.cache_url_config(_cache_url)
    if _cache_url
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
}
CACHES["default"].setdefault("KEY_PREFIX", env.str("CACHE_KEY_PREFIX", default="cuori"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGES = [("en", _("English")), ("it", _("Italian"))]
# The language of the commands' output, and of pages for browsers that ask for neither language.
LANGUAGE_CODE = env.str("DJANGO_LANGUAGE_CODE", default="en")
if LANGUAGE_CODE not in dict(LANGUAGES):
    raise ImproperlyConfigured(
        f"DJANGO_LANGUAGE_CODE is {LANGUAGE_CODE!r}: Cuori speaks "
        + " or ".join(code for code, _name in LANGUAGES)
        + "."
    )
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("DJANGO_TIME_ZONE", default="Europe/Rome")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# `manage.py collectstatic` copies here; whitenoise serves it when DEBUG is off.
STATIC_ROOT = Path(env.str("DJANGO_STATIC_ROOT", default=str(VAR_DIR / "static")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Production: hashed, compressed file names that browsers may cache for a year.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Roles: object permissions from ``tournaments.permissions`` (the ``rules``
# package); axes first so that a locked-out user is refused before any check.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "rules.permissions.ObjectPermissionBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Login throttling (django-axes, config/login_throttle.py): 5 failures for one user name
# from one address lock that pair out for 15 minutes, so nobody elsewhere can lock an
# arbiter out of their own phone; 30 failures from one address, whatever the user names,
# lock that address out. Attempts made while locked out do not extend the cool-off.
# A lockout answers 429 with our page.
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
CUORI_LOGIN_ADDRESS_FAILURE_LIMIT = env.int("AXES_ADDRESS_FAILURE_LIMIT", default=30)
AXES_COOLOFF_TIME = env.float("AXES_COOLOFF_HOURS", default=0.25)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_HANDLER = "config.login_throttle.LoginThrottle"
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True
# The client address: REMOTE_ADDR, unless CUORI_PROXY_COUNT reverse proxies are in front,
# each appending the address it received the request from to X-Forwarded-For (nginx's
# $proxy_add_x_forwarded_for). Then the client is the CUORI_PROXY_COUNT-th address from
# the right; anything a client wrote further left is ignored. django-ipware counts the
# proxies listed in the header, which is one fewer (the last proxy is REMOTE_ADDR).
CUORI_PROXY_COUNT = env.int("CUORI_PROXY_COUNT", default=0)
if CUORI_PROXY_COUNT < 0:
    raise ImproperlyConfigured(f"CUORI_PROXY_COUNT must be 0 or more, not {CUORI_PROXY_COUNT}.")
if CUORI_PROXY_COUNT:
    AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR",)
    AXES_IPWARE_PROXY_COUNT = CUORI_PROXY_COUNT - 1
    AXES_IPWARE_PROXY_ORDER = "left-most"
    IPWARE_STRICT = False  # more addresses on the left than proxies: a client's own, ignored
else:
    AXES_IPWARE_META_PRECEDENCE_ORDER = ("REMOTE_ADDR",)
    AXES_IPWARE_PROXY_COUNT = None

# Content-Security-Policy (django-csp 4): scripts, styles and everything else from our
# own origin only; no inline script, event handler or style attribute anywhere. Images
# also from data: URLs (the favicon); QR codes are SVG from our own URLs.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "form-action": [SELF],
        "base-uri": [SELF],
        "object-src": [NONE],
        "frame-ancestors": [NONE],
    },
}

# Production (DJANGO_DEBUG=false): HTTPS only, secure cookies, HSTS. Behind a
# TLS-terminating proxy set DJANGO_SECURE_PROXY_SSL_HEADER=true.
if not DEBUG:
    SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool(
        "DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False
    )
    if env.bool("DJANGO_SECURE_PROXY_SSL_HEADER", default=False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # HSTS for subdomains and the preload list are decisions for each domain's owner, not defaults.
    SILENCED_SYSTEM_CHECKS = ["security.W005", "security.W021"]

# Online play (tables.play), in seconds unless named otherwise: the pause before a computer
# player moves, the time an absent human may think before being played automatically (000),
# how long a poll waits for an overdue computer task before moving it itself, the validity of a
# seat link (days) and the hard computer player's time limit per decision (milliseconds).
CUORI_COMPUTER_PAUSE = env.float("CUORI_COMPUTER_PAUSE", default=1.0)
CUORI_ABSENT_TIMEOUT = env.float("CUORI_ABSENT_TIMEOUT", default=60.0)
CUORI_TASK_GRACE = env.float("CUORI_TASK_GRACE", default=30.0)
CUORI_SEAT_LINK_DAYS = env.float("CUORI_SEAT_LINK_DAYS", default=7.0)
CUORI_HARD_TIME_LIMIT_MS = env.int("CUORI_HARD_TIME_LIMIT_MS", default=800)
for _name in ("CUORI_COMPUTER_PAUSE", "CUORI_ABSENT_TIMEOUT", "CUORI_TASK_GRACE"):
    if globals()[_name] < 0:
        raise ImproperlyConfigured(f"{_name} must be 0 or more, not {globals()[_name]}.")
for _name in ("CUORI_SEAT_LINK_DAYS", "CUORI_HARD_TIME_LIMIT_MS"):
    if globals()[_name] <= 0:
        raise ImproperlyConfigured(f"{_name} must be more than 0, not {globals()[_name]}.")

# The API (api/, README "API"): requests per client address for reads and per token for writes, as
# django-ratelimit rates ("120/m": 120 a minute; s, m, h, d), and the hours an Idempotency-Key is
# kept.
CUORI_API_READ_RATE = env.str("CUORI_API_READ_RATE", default="120/m")
CUORI_API_WRITE_RATE = env.str("CUORI_API_WRITE_RATE", default="60/m")
CUORI_API_IDEMPOTENCY_HOURS = env.float("CUORI_API_IDEMPOTENCY_HOURS", default=24.0)
for _name in ("CUORI_API_READ_RATE", "CUORI_API_WRITE_RATE"):
    if not re.fullmatch(r"[1-9][0-9]*/([1-9][0-9]*)?[smhd]", globals()[_name]):
        raise ImproperlyConfigured(
            f"{_name} must be a rate like 120/m (per s, m, h or d), not {globals()[_name]!r}."
        )
if CUORI_API_IDEMPOTENCY_HOURS <= 0:
    raise ImproperlyConfigured(
        f"CUORI_API_IDEMPOTENCY_HOURS must be more than 0, not {CUORI_API_IDEMPOTENCY_HOURS}."
    )

# Celery: eager (in-process) unless a broker is configured.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default=CELERY_BROKER_URL or None)
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_TASK_DEFAULT_QUEUE", default="cuori")
# Redis redelivers unacknowledged tasks after the visibility timeout: keep it
# longer than any countdown we schedule (ECOSYSTEM.md).
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 6 * 3600}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="WARNING")},
}
