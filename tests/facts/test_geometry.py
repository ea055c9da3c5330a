"""Groups (the one union-find): a partition of the items where joined items share a group."""

from hypothesis import given, strategies as st

from widening.facts.geometry import Groups


@given(st.integers(1, 40).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=60))))
def test_groups_partition_the_items_and_follow_joins(case):
    n, pairs = case
    g = Groups(range(n))
    for a, b in pairs:
        g.join(a, b)
    groups = g.groups()
    assert sorted(i for grp in groups for i in grp) == list(range(n))  # a partition
    where = {i: k for k, grp in enumerate(groups) for i in grp}
    for a, b in pairs:
        assert where[a] == where[b]
    # nothing joined that no chain of pairs links: compare with a plain flood fill
    adj = {i: set() for i in range(n)}
    for a, b in pairs:
        adj[a].add(b)
        adj[b].add(a)
    for grp in groups:
        seen, todo = {grp[0]}, [grp[0]]
        while todo:
            for j in adj[todo.pop()] - seen:
                seen.add(j)
                todo.append(j)
        assert seen == set(grp)
    assert [grp[0] for grp in groups] == sorted(grp[0] for grp in groups)  # ordered by first item
