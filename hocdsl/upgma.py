"""Average-linkage (UPGMA) agglomerative clustering of a few named points, exact and deterministic.

Start with every name as a cluster of its own; at each step merge the two clusters whose
*average* distance is least — the mean of the distances between every member of one and every
member of the other — until one cluster is left. The height of a merge is that average
distance. It is what ``scipy.cluster.hierarchy.linkage(method="average")`` computes (a test
checks the heights agree where scipy is installed), written out here so that hocdsl needs no
scipy, and computed from the original distances rather than updated step by step, so that a
merge height is the exact mean of the distances it stands for.

Ties (two pairs at the same distance, to 12 decimals) are broken by name: the pair whose
clusters' first names, in alphabetical order, come first. Within a merge the cluster with
the alphabetically first name is on the left, so the leaves' order does not depend on the
order the names were given in.

>>> d = [[0, 2, 6, 10], [2, 0, 6, 10], [6, 6, 0, 10], [10, 10, 10, 0]]
>>> tree = upgma(("a", "b", "c", "d"), d)
>>> [(m.leaves, m.height) for m in tree.merges]
[(('a', 'b'), 2.0), (('a', 'b', 'c'), 6.0), (('a', 'b', 'c', 'd'), 10.0)]
>>> tree.order
('a', 'b', 'c', 'd')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Matrix", "Merge", "Tree", "upgma", "check_matrix", "TIE_DIGITS"]

#: A square matrix of distances, row by row.
Matrix = Sequence[Sequence[float]]

#: Distances equal to this many decimals are a tie (broken by name).
TIE_DIGITS = 12


@dataclass(frozen=True, slots=True)
class Merge:
    """One step of the clustering: clusters ``left`` and ``right`` joined at ``height``.

    Clusters are numbered as scipy numbers them: ``0 .. n-1`` the names, ``n + k`` the
    cluster made by the ``k``-th merge. ``leaves``: the names in the new cluster, in the
    order a dendrogram draws them (the left cluster's, then the right's)."""

    left: int
    right: int
    height: float
    leaves: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.leaves)


@dataclass(frozen=True, slots=True)
class Tree:
    """The result of :func:`upgma`: the names and the ``n - 1`` merges, lowest first."""

    names: tuple[str, ...]
    merges: tuple[Merge, ...]

    @property
    def order(self) -> tuple[str, ...]:
        """The names in the order a dendrogram draws them (the last merge's leaves)."""
        return self.merges[-1].leaves if self.merges else self.names

    @property
    def height(self) -> float:
        """The height of the last merge (0 for a single name)."""
        return self.merges[-1].height if self.merges else 0.0

    def children(self, cluster: int) -> tuple[int, int] | None:
        """The two clusters merged into ``cluster``; None for a name (a leaf)."""
        n = len(self.names)
        if cluster < n:
            return None
        m = self.merges[cluster - n]
        return m.left, m.right

    def cluster_height(self, cluster: int) -> float:
        """Where ``cluster`` stands on the scale: 0 for a name, its merge's height otherwise."""
        n = len(self.names)
        return 0.0 if cluster < n else self.merges[cluster - n].height

    def leaves(self, cluster: int) -> tuple[str, ...]:
        """The names in ``cluster``, in drawing order."""
        n = len(self.names)
        return (self.names[cluster],) if cluster < n else self.merges[cluster - n].leaves


def check_matrix(names: Sequence[str], matrix: Matrix) -> None:
    """Raise ValueError unless ``matrix`` is square over ``names``, symmetric, with zeros on
    its diagonal and no negative or undefined distance, and the names are distinct."""
    n = len(names)
    if len(set(names)) != n:
        raise ValueError("the names must be distinct")
    if len(matrix) != n or any(len(row) != n for row in matrix):
        raise ValueError(f"the matrix must be {n} by {n}, one row and column per name")
    for i in range(n):
        if matrix[i][i] != 0:
            raise ValueError(f"the distance of {names[i]} to itself must be 0")
        for j in range(n):
            x = matrix[i][j]
            if not x >= 0:  # negative or NaN
                raise ValueError(f"the distance between {names[i]} and {names[j]} must be 0 or more, not {x}")
            if round(x - matrix[j][i], TIE_DIGITS) != 0:
                raise ValueError(f"the matrix must be symmetric ({names[i]}, {names[j]})")


def upgma(names: Sequence[str], matrix: Matrix) -> Tree:
    """The average-linkage tree of ``names`` under the distances ``matrix`` (see the module).

    Raises ValueError for fewer than two names or a matrix :func:`check_matrix` refuses.
    """
    names = tuple(names)
    if len(names) < 2:
        raise ValueError("a tree needs at least two names")
    check_matrix(names, matrix)
    n = len(names)
    members: dict[int, tuple[int, ...]] = {i: (i,) for i in range(n)}  # live clusters -> name indices
    first: dict[int, str] = {i: names[i] for i in range(n)}  # each live cluster's first name, alphabetically
    leaves: dict[int, tuple[str, ...]] = {i: (names[i],) for i in range(n)}
    merges: list[Merge] = []

    def average(x: int, y: int) -> float:
        total = sum(float(matrix[i][j]) for i in members[x] for j in members[y])
        return total / (len(members[x]) * len(members[y]))

    while len(members) > 1:
        live = sorted(members)
        best: tuple[float, str, str, int, int] | None = None
        for k, x in enumerate(live):
            for y in live[k + 1:]:
                d = average(x, y)
                lo, hi = sorted((first[x], first[y]))
                key = (round(d, TIE_DIGITS), lo, hi, x, y)
                if best is None or key[:3] < best[:3]:
                    best = key
        assert best is not None
        x, y = best[3], best[4]
        if first[y] < first[x]:
            x, y = y, x
        height = average(x, y)
        new = n + len(merges)
        merges.append(Merge(x, y, height, leaves[x] + leaves[y]))
        members[new] = members.pop(x) + members.pop(y)
        first[new] = min(first.pop(x), first.pop(y))
        leaves[new] = leaves.pop(x) + leaves.pop(y)
    return Tree(names, tuple(merges))
