"""Django settings: SQLite by default, PostgreSQL when DATABASE_URL is set.

Everything that differs between a laptop and production comes from the
environment (see docs/hall.md and docs/hosting.md). This module must not hold secrets.

Three ways to run:
- the hall server (`BELOTE_MODE=hall`, set by `manage.py hall` and `make
  run`): one laptop serves a village hall's phones over plain HTTP on the
  local network; DEBUG off, any host name (the laptop's address is not known
  in advance), cookies that work without HTTPS, a secret key kept in the data
  folder, static files served by WhiteNoise without a collect step;
- hosted production (the default with DEBUG off): HTTPS behind a proxy,
  secure cookies, HSTS, a SECRET_KEY from the environment;
- development (`DEBUG=1`, `make dev`).
"""

import hashlib
import ipaddress
import os
from pathlib import Path
from typing import Any

import dj_database_url
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from tournaments.infra.data_folder import refuse_unwritable

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


HALL = os.environ.get("BELOTE_MODE", "") == "hall"
DEBUG = env_bool("DEBUG", False) and not HALL
# The hall server keeps the back office to the laptop itself unless asked
# (`hall --admin-on-network`): tournaments/infra/middleware.py.
HALL_ADMIN_ON_NETWORK = env_bool("HALL_ADMIN_ON_NETWORK", False)
# SQLite lives outside the source tree so a clone never carries a database.
DATA_DIR = Path(os.environ.get("BELOTE_DATA_DIR", Path.home() / ".local/share/belote-tournois"))
if HALL:
    # The laptop's data folder is the organizer's alone: 0700, files 0600.
    # One it cannot write stops the start with a sentence, not a traceback.
    refuse_unwritable(DATA_DIR)


def _hall_secret_key() -> str:
    """The hall server's own key, made once and kept in the data folder
    (never in the source tree), so sessions survive a restart."""
    path = DATA_DIR / "secret-key"
    if not path.exists():
        import secrets

        DATA_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50), encoding="ascii")
    return path.read_text(encoding="ascii").strip()


SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    # The hall server keeps its own key; a laptop in development uses a fixed
    # one (flagged by `check --deploy`).
    SECRET_KEY = (
        _hall_secret_key() if HALL else "django-insecure-development-key-change-me-in-production"
    )

# The hall server answers whatever address the phones use to reach the laptop
# (unknown in advance on a hall's Wi-Fi); printed links come from PUBLIC_URL
# or the laptop's own address, never from a request's Host header.
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "*" if HALL else "127.0.0.1,localhost").split(",")
    if h.strip()
]
# The address printed in QR codes and on paper (see tournaments/infra/address.py).
PUBLIC_URL = os.environ.get("PUBLIC_URL", "").strip()
# Automatic backups of running tournaments (tournaments/services/autosave.py):
# point BACKUP_DIR at a USB stick to keep them off the laptop. Unset, `manage.py
# hall` uses the folder belote-sauvegardes of the stick plugged in, found by
# itself (tournaments/infra/stick.py, BELOTE_MEDIA_ROOTS: where it looks).
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR", DATA_DIR / "sauvegardes"))
BACKUP_KEEP = int(os.environ.get("BACKUP_KEEP", "20"))
BACKUP_MINUTES = float(os.environ.get("BACKUP_MINUTES", "5"))
# The proxies whose X-Forwarded-For is believed (addresses or networks,
# comma-separated), e.g. TRUSTED_PROXIES=127.0.0.1 behind a TLS proxy or
# haproxy on the same machine. Empty: the header is ignored (the hall server,
# which phones reach directly). See tournaments/views/common.client_address.
TRUSTED_PROXIES = [
    str(ipaddress.ip_network(p.strip(), strict=False))  # a typo stops the start
    for p in os.environ.get("TRUSTED_PROXIES", "").split(",")
    if p.strip()
]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

# The optional features, each a small app in tournaments/features/<name>/
# (read tournaments/features/README.md): the core never imports one, and a
# feature left out here is gone whole — its pages, hooks, templates, files.
FEATURE_APPS = [
    "tournaments.features.calendar",
    "tournaments.features.cash",
    "tournaments.features.tablets",
    "tournaments.features.leagues",
    "tournaments.features.messages",
    "tournaments.features.halls",
    "tournaments.features.challenge",
    "tournaments.features.door",
    "tournaments.features.clock",
    "tournaments.features.sheets",
    "tournaments.features.contributions",
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_htmx",
    # The queue of Django's task framework, in the database (tournaments/infra/tasks.py).
    "django_tasks_db",
    "tournaments",
    *FEATURE_APPS,
    # `manage.py demo` (demo/): on top of the app, which never imports it.
    "demo",
]

MIDDLEWARE = [
    # Outermost: pages and the app's files travel compressed (a phone on a
    # saturated hall Wi-Fi loads a page in about 30 KB; Django's gzip adds
    # random bytes against BREACH to pages, not to files). The hall serves
    # files from the source tree, without precompressed copies: they are
    # compressed here too.
    "tournaments.infra.middleware.HallGZipMiddleware",
    "tournaments.infra.middleware.PlainHttpHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # With Redis, a poll whose page has not changed is answered here (304).
    "tournaments.infra.freshness.PollMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before anything reads a body (CSRF does): 413 past the limits below.
    "tournaments.infra.middleware.RequestBodyLimitMiddleware",
    "tournaments.infra.middleware.HallAdminMiddleware",
    # A full or read-only disk: 503 « nothing saved », not a 500.
    "tournaments.infra.middleware.StorageMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

# Request bodies (tournaments/infra/middleware.py): a form or a deal is a few
# kilobytes; the import of a team file (512 KB of CSV at most, sent again
# base64-encoded with its confirmation) takes up to UPLOAD_BODY_MAX. A body
# announced over its limit is answered 413 before it is read; Django's own
# limits match, so an accepted file stays in memory, never on disk.
REQUEST_BODY_MAX = 64 * 1024
UPLOAD_BODY_MAX = 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = UPLOAD_BODY_MAX
FILE_UPLOAD_MAX_MEMORY_SIZE = UPLOAD_BODY_MAX
DATA_UPLOAD_MAX_NUMBER_FILES = 5

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
                "tournaments.views.context.hall_status",
                "tournaments.views.context.desk_calls",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{DATA_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    DATABASES["default"].setdefault("OPTIONS", {})
    # A hall's tables save at once. WAL lets the phones' reads go on while a
    # save writes; a save waits for the write lock (busy timeout) rather than
    # fail with « database is locked »; IMMEDIATE takes that lock when the
    # service's transaction begins, so two saves never deadlock upgrading a
    # read. The services keep their transactions short (a table's rescoring,
    # no page rendering), which is why any number of server threads is safe:
    # writes queue for a few milliseconds each, reads never wait. The
    # backend queues the writers of this process on a lock of its own, so the
    # next one starts the moment a commit ends instead of when SQLite's busy
    # handler wakes it (tournaments/sqlite_backend).
    DATABASES["default"]["ENGINE"] = "tournaments.infra.sqlite_backend"
    DATABASES["default"]["OPTIONS"].update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL;",
        }
    )
    # Tests use a file too: an in-memory shared-cache database fails at once on
    # concurrent writers ("table is locked") instead of waiting as a file does.
    # Named after the checkout, so that two checkouts (two worktrees, a clean
    # clone beside the work tree) testing at once never share one.
    checkout = hashlib.sha256(str(BASE_DIR).encode()).hexdigest()[:8]
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / f"test-db-{checkout}.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache holds the live pages' renderings, the standings' versions the
# phones' 304s are checked against and, with Redis, the throttles' counts
# (tournaments/infra/throttle.py). One machine needs nothing: Django's per-process
# memory cache, and throttles counted in the database. Several app servers
# share Redis (REDIS_URL, e.g. redis://127.0.0.1:6379/0; bin/with-redis).
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if REDIS_URL:
    CACHES = {
        "default": {
            # Django's Redis backend, but a Redis that stops makes misses,
            # not 500s (tournaments/infra/cache.py); short timeouts so that
            # a Redis that hangs holds a request a second at most.
            "BACKEND": "tournaments.infra.cache.TolerantRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "belote"),
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:dashboard"  # « Mes tournois » (issue 60, item 8)
LOGOUT_REDIRECT_URL = "tournaments:home"

# Organizer accounts (tournaments/views/accounts.py). SIGNUP_OPEN=0 closes
# the sign-up page to everyone but those an organizer invites.
SIGNUP_OPEN = env_bool("SIGNUP_OPEN", True)
# Links in account mails (confirmation, password reset) expire after this.
PASSWORD_RESET_TIMEOUT = int(os.environ.get("PASSWORD_RESET_TIMEOUT", str(3 * 24 * 3600)))

# E-mail (account confirmation, password reset, invitations), through
# Django's mailers. Development prints mails on the console; the hall server
# writes them as files in the data folder (a village hall has no mail
# server: the organizer opens the file); hosted production sends them by
# SMTP. The environment keeps the usual EMAIL_* names.
EMAIL_BACKEND_PATHS = {
    "console": "django.core.mail.backends.console.EmailBackend",
    # Django's file backend, one plain UTF-8 file a mail (tournaments/infra/mail_files.py)
    "file": "tournaments.infra.mail_files.EmailBackend",
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
}


def _mailer() -> dict[str, Any]:
    default = "console" if DEBUG else "file" if HALL else "smtp"
    backend = os.environ.get("EMAIL_BACKEND", "").strip() or default
    backend = EMAIL_BACKEND_PATHS.get(backend, backend)
    options: dict[str, Any] = {}
    if backend == EMAIL_BACKEND_PATHS["file"]:
        options["file_path"] = os.environ.get("EMAIL_FILE_PATH") or str(DATA_DIR / "courriels")
    elif backend == EMAIL_BACKEND_PATHS["smtp"]:
        port = os.environ.get("EMAIL_PORT", "").strip()
        options = {
            "host": os.environ.get("EMAIL_HOST", "localhost"),
            "port": int(port) if port else None,  # None: 25, 587 with TLS, 465 with SSL
            "username": os.environ.get("EMAIL_HOST_USER", ""),
            "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
            "use_tls": env_bool("EMAIL_USE_TLS", False),
            "use_ssl": env_bool("EMAIL_USE_SSL", False),
            # A mail server that does not answer must not hold a page for minutes.
            "timeout": int(os.environ.get("EMAIL_TIMEOUT", "10")),
        }
    return {"BACKEND": backend, "OPTIONS": options}


MAILERS = {"default": _mailer()}
# The sender's address: the one given, else the mail account's own when it is
# an address (a club's mailbox provider refuses another sender), else a
# placeholder. Players' messages show the organizer's club as its name.
_MAIL_USER = os.environ.get("EMAIL_HOST_USER", "").strip()
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "").strip() or (
    _MAIL_USER if "@" in _MAIL_USER else "belote-tournois@localhost"
)
SERVER_EMAIL = DEFAULT_FROM_EMAIL

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("Français")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", DATA_DIR / "staticfiles"))
# The app's scripts and stylesheets are served without their comments (issue
# 23, light pages): the finder keeps lean copies here (tournaments/infra/lean_static.py).
STATICFILES_FINDERS = [
    "tournaments.infra.lean_static.LeanFinder",
    "tournaments.infra.lean_static.LeanAppFinder",
]
LEAN_STATIC_ROOT = DATA_DIR / "static-lean"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or HALL or env_bool("PLAIN_STATIC", False)
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5.html"

# The hall server serves the files from the source tree (no collect step on the
# organizer's laptop); hosted production serves the collected, hashed files.
WHITENOISE_USE_FINDERS = HALL

# Production hardening, on whenever DEBUG is off and this is not the hall
# server (plain HTTP on a local network: see docs/hosting.md, "In production").
if not DEBUG and not HALL:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

# Content Security Policy (Django 6 built-in): same-origin sources only.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# The level is the handler's too: Django's own loggers (« django », at INFO)
# pass their records up to the root's handler, which printed the task
# worker's English lines in the volunteer's terminal (« Task id=… state=RUNNING »).
LOG_LEVEL = os.environ.get("LOG_LEVEL", "WARNING")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler", "level": LOG_LEVEL}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
}

# Background tasks (Django's own task framework, django.tasks): the work a
# request must not wait for (a concours file checked, a backup published:
# tournaments/services/uploads.py) is queued in the database with
# django-tasks-db (SQLite in the hall, PostgreSQL hosted) and run by its
# worker: a thread of `manage.py hall`, or `manage.py db_worker` beside
# gunicorn hosted (tournaments/infra/tasks.py, docs/hosting.md « In production »).
# TASKS_BACKEND=immediate runs each task at once in the request instead (the
# ordinary tests; never in production: the request waits again).
TASK_BACKENDS = {
    "database": "django_tasks_db.DatabaseBackend",
    "immediate": "django.tasks.backends.immediate.ImmediateBackend",
}
TASKS = {
    "default": {
        "BACKEND": TASK_BACKENDS[os.environ.get("TASKS_BACKEND", "").strip() or "database"],
    }
}

# The unofficial cote (tournaments/domain/rating.py): the concours of the
# last RATING_WINDOW_DAYS days count.
RATING_WINDOW_DAYS = int(os.environ.get("RATING_WINDOW_DAYS", "365"))
