"""A phone's batch of deals kept while the hall's server was away records
exactly what the same deals sent one by one record (issue 23): for random
deals of every kind (litiges and their pots, capots, belotes, coinches,
passed deals, the partie's end in the middle of a batch), on classic belote
and coinche, the two tables end with the same deals, marques, pots, totals,
status, version, entry state and audit keys. A wrong score is the one
unforgivable bug: the batch's quicker path must never change one."""

from __future__ import annotations

import contextlib
import random

import pytest
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.generate import random_deal
from tests.factories import add_teams, build_tournament, draw_random_round
from tournaments.domain.deal_shapes import engine_to_fields
from tournaments.models import Change, Table
from tournaments.services import deal_batches, table_side
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def two_tables(preset: str, end_deals: int) -> tuple[Table, Table]:
    owner, _ = get_user_model().objects.get_or_create(username="batch-owner")
    tournament = build_tournament(owner=owner, preset=preset, end_deals=end_deals)
    add_teams(tournament, 4)
    first, second = draw_random_round(tournament).tables.order_by("number")
    return first, second


def state(table: Table):
    table.refresh_from_db()
    deals = list(
        table.deals.order_by("number").values_list(
            "number", "marque_a", "marque_b", "outcome", "pot", "points_a", "points_b"
        )
    )
    keys = list(
        Change.objects.filter(table=table).order_by("pk").values_list("action", "request_key")
    )
    summary = (table.total_a, table.total_b, table.lost_pot, table.status, table.version)
    return deals, summary, (table.entry_state, table.entered_by), keys


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    preset=st.sampled_from(["ffb-belote", "ffb-coinche"]),
    end_deals=st.integers(min_value=2, max_value=6),
    before=st.integers(min_value=0, max_value=3),
    count=st.integers(min_value=2, max_value=8),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_a_batch_records_what_the_same_deals_one_by_one_record(
    preset, end_deals, before, count, seed
):
    batched, alone = two_tables(preset, end_deals)
    rules = batched.round.tournament.rule_profile
    rng = random.Random(seed)
    # Deals the server had before it went away (a litige's pot among them
    # carries into the batch), the same at both tables.
    for values in [engine_to_fields(random_deal(rng, rules)) for _ in range(before)]:
        for table in (batched, alone):
            table.refresh_from_db()
            with contextlib.suppress(TournamentError):  # the partie may already be over
                table_side.record_table_deal(
                    table=table, side="A", values=values, expected_version=table.version
                )
    batched.refresh_from_db()
    deals = [engine_to_fields(random_deal(rng, rules)) for _ in range(count)]

    start = batched.version
    entries = [(values, start + i, None) for i, values in enumerate(deals)]
    saved, _table = deal_batches.record_table_deals(table=batched, side="A", entries=entries)

    sent = 0
    for values in deals:
        alone.refresh_from_db()
        try:
            table_side.record_table_deal(
                table=alone, side="A", values=values, expected_version=alone.version
            )
        except TournamentError:
            break  # the partie is over: the phone's next deals are refused alike
        sent += 1

    assert saved == sent
    assert state(batched) == state(alone)
