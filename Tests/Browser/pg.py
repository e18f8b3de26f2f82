"""The PostgreSQL side of the several-servers tests: schemas on the test cluster, queries, restarts.

The cluster is the one `scripts/with-postgres` starts (scripts/test does), named by
PLANBOARD_TEST_POSTGRES; tests that need it are skipped without it. psql comes with Debian's
`postgresql` package. Each test gets a schema of its own, so tests stay apart.
"""
import os
import shlex
import subprocess
import urllib.parse
import uuid

URL = os.environ.get("PLANBOARD_TEST_POSTGRES") or None
# PlanBoard's own URL items, which psql does not know.
_PLANBOARD_ITEMS = {"schema", "pool_size"}


def _psql_target(url):
    """(psql connection URL, environment) for a PlanBoard URL: its schema becomes the search path."""
    parts = urllib.parse.urlsplit(url)
    items = urllib.parse.parse_qsl(parts.query)
    schema = dict(items).get("schema")
    query = urllib.parse.urlencode([(k, v) for k, v in items if k not in _PLANBOARD_ITEMS])
    environment = dict(os.environ)
    if schema:
        environment["PGOPTIONS"] = f"-c search_path={schema}"
    return urllib.parse.urlunsplit(parts._replace(query=query)), environment


def rows(url, sql):
    """The rows of one query, as lists of strings (NULL as '')."""
    target, environment = _psql_target(url)
    output = subprocess.run(["psql", target, "--no-psqlrc", "--tuples-only", "--no-align", "--field-separator=\t",
                             "--set=ON_ERROR_STOP=1", "--command", sql],
                            check=True, capture_output=True, text=True, env=environment, timeout=60).stdout
    return [line.split("\t") for line in output.splitlines() if line]


def fresh_board_url(base=None):
    """A new, empty schema on the cluster, as a PlanBoard database URL."""
    base = base or URL
    schema = "b_" + uuid.uuid4().hex[:20]
    rows(base, f"CREATE SCHEMA {schema}")
    return base + ("&" if "?" in base else "?") + f"schema={schema}"


def drop_board(url):
    schema = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query)).get("schema")
    if schema:
        rows(url, f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def pg_ctl(*arguments):
    """Runs the test cluster's pg_ctl (restart, stop, start) and waits for it."""
    command = os.environ.get("PLANBOARD_TEST_PGCTL")
    if not command:
        raise RuntimeError("PLANBOARD_TEST_PGCTL is not set (scripts/with-postgres sets it)")
    subprocess.run(shlex.split(command) + list(arguments), check=True, capture_output=True, timeout=120)
