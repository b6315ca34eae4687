"""The hosted set-up, for real: Redis (the run's REDIS_URL, or one started
here), two gunicorn app servers on one database (the run's PostgreSQL, or a
SQLite file), haproxy in front. Loopback addresses only."""

from __future__ import annotations

import os
from dataclasses import dataclass

import pytest

from bench import servers
from tests.attacks import server as real


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    process, url = servers.start_redis(tmp_path_factory.mktemp("redis"))
    yield url
    servers.stop(process)


@dataclass
class Cluster:
    one: real.Server
    two: real.Server
    front: str  # haproxy's base URL
    haproxy: object


@pytest.fixture(scope="module")
def cluster(tmp_path_factory, redis_url):
    data = tmp_path_factory.mktemp("cluster")
    hosts = ["127.0.0.4", "127.0.0.5", "127.0.0.6"]
    ports = [servers.free_port(h) for h in hosts]
    front = f"http://{hosts[2]}:{ports[2]}"
    env = real.environment(
        data,
        hosts=hosts,
        public=front,
        # haproxy connects from 127.0.0.1 and says who the client is.
        extra_env={"REDIS_URL": real.redis_database(redis_url, 2), "TRUSTED_PROXIES": "127.0.0.1"},
    )
    one = real.Server(base=f"http://{hosts[0]}:{ports[0]}", env=env, data=data)
    two = real.Server(base=f"http://{hosts[1]}:{ports[1]}", env=env, data=data)
    real.prepare(one)
    one.python(
        "import json; from django.contrib.auth import get_user_model; "
        "from tournaments.models import Tournament; "
        "t = Tournament.objects.get(slug='concours-de-coinche-de-saint-eloi-demo'); "
        "t.co_organizers.add(get_user_model().objects.get(username='orga')); print(json.dumps(1))"
    )
    real.launch(one, workers=1, name="one")
    real.launch(two, workers=1, name="two")
    haproxy = servers.start_haproxy(
        data,
        f"{hosts[2]}:{ports[2]}",
        [f"{hosts[0]}:{ports[0]}", f"{hosts[1]}:{ports[1]}"],
        host=hosts[2],
        queue=4,  # as docs/hosting.md's haproxy excerpt: 4 requests a server, POSTs first
    )
    yield Cluster(one=one, two=two, front=front, haproxy=haproxy)
    servers.stop(haproxy)
    one.stop()
    two.stop()
