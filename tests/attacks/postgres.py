"""A PostgreSQL cluster of one test's own, on loopback, that the test may
stop and start again (the run's cluster, bin/with-postgres, serves the
other workers' tests and must stay up). Made as bin/with-postgres makes
its own: the server binaries of the machine, a temporary folder,
durability off, run as `postgres` when the tests run as root."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench import servers


def binaries() -> Path | None:
    """The newest PostgreSQL server binaries here, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))
    return Path(found[-1]) if found and (Path(found[-1]) / "pg_ctl").exists() else None


@dataclass
class Cluster:
    folder: Path
    bindir: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgres://belote:belote@127.0.0.1:{self.port}/belote"

    def _as_owner(self, *command: str) -> list[str]:
        program = [str(self.bindir / command[0]), *command[1:]]
        return ["runuser", "-u", "postgres", "--", *program] if os.geteuid() == 0 else program

    def _ctl(self, *args: str) -> None:
        subprocess.run(
            self._as_owner("pg_ctl", "-D", str(self.folder / "data"), *args),
            check=True,
            capture_output=True,
            timeout=60,
        )

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=50"
        )
        self._ctl("-l", str(self.folder / "log"), "-w", "start", "-o", options)

    def stop(self, mode: str = "fast") -> None:
        self._ctl("-m", mode, "-w", "stop")

    def restart(self) -> float:
        """Stops the server (its connections cut) and starts it again at
        once: the seconds it was away."""
        began = time.monotonic()
        self.stop()
        self.start()
        return time.monotonic() - began

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):  # already stopped
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


def start_cluster() -> Cluster:
    """A new cluster in a temporary folder of its own (`remove` removes
    it), with the role and database `belote`, started."""
    bindir = binaries()
    assert bindir is not None, "PostgreSQL server binaries not found"
    folder = Path(tempfile.mkdtemp(prefix="belote-pg."))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    cluster = Cluster(folder=folder, bindir=bindir, port=servers.free_port())
    subprocess.run(
        cluster._as_owner(
            "initdb", "-D", str(folder / "data"), "-A", "trust", "--no-sync", "-U", "postgres"
        ),
        check=True,
        capture_output=True,
        timeout=120,
    )
    cluster.start()
    psql = [str(bindir / "psql"), "-h", "127.0.0.1", "-p", str(cluster.port), "-U", "postgres"]
    for statement in (
        "CREATE ROLE belote LOGIN CREATEDB PASSWORD 'belote'",
        "CREATE DATABASE belote OWNER belote",
    ):
        subprocess.run(
            [*psql, "-qc", statement],
            check=True,
            capture_output=True,
            timeout=60,
        )
    return cluster
