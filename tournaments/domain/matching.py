"""The minimum-cost perfect matching under the draws of ``pairing``.

Responsible for the graph work of ``pairing._pair_positions``: the nearest
positions a team may meet, networkx's blossom algorithm on a set of pairs,
and the proof that a sparse graph's optimum is the complete graph's. Takes
positions (0..n-1) and a cost function; knows nothing of teams, rounds or
Django.
"""

from __future__ import annotations

from collections.abc import Callable


def ordered(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def nearest_new(i: int, n: int, met: set[tuple[int, int]]) -> list[int]:
    """Positions i has not met, nearest first (the better-ranked first on a tie)."""
    result: list[int] = []
    for distance in range(1, n):
        for j in (i - distance, i + distance):
            if 0 <= j < n and ordered(i, j) not in met:
                result.append(j)
    return result


def matching(
    n: int, edges: set[tuple[int, int]], cost: Callable[[int, int], int]
) -> list[tuple[int, int]] | None:
    """Minimum-cost perfect matching on ``edges``, or None if there is none."""
    # networkx is imported here, not at the top: only a draw needs it, and
    # every process of the app would otherwise pay ~0.1 s of CPU to load it.
    import networkx as nx

    costs = {edge: cost(*edge) for edge in sorted(edges)}
    # Positive integer weights: networkx then computes in exact integer arithmetic,
    # and maximising top - cost over maximum-cardinality matchings minimises the cost.
    top = max(costs.values()) + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from((i, j, top - c) for (i, j), c in costs.items())
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) * 2 != n:
        return None
    return sorted(ordered(i, j) for i, j in matching)


def proven_optimal(
    pairs: list[tuple[int, int]],
    edges: set[tuple[int, int]],
    cheapest: list[int],
    cost: Callable[[int, int], int],
    n: int,
) -> bool:
    """Check the lower bound of _pair_positions for every pair outside ``edges``."""
    # Everything doubled to stay in integers: 2c(e) - m(i) - m(j) >= 2C - sum(m).
    slack = 2 * sum(cost(i, j) for i, j in pairs) - sum(cheapest)
    if slack <= 0:
        return True
    highest = max(cheapest)
    for i in range(n):
        for j in range(i + 1, n):
            # Costs only grow with the distance: once even the cheapest outside
            # pair this far clears the bound, every farther one does.
            if 2 * (j - i) ** 2 - cheapest[i] - highest >= slack:
                break
            if (i, j) not in edges and 2 * cost(i, j) - cheapest[i] - cheapest[j] < slack:
                return False
    return True
