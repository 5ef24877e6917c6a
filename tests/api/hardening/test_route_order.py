"""Routes are matched in order and the busiest domains come first (api.main.domain_routers).
That is only safe while no two domains answer the same path and method."""

from collections import Counter

from api.main import BUSIEST_DOMAINS, domain_routers


def test_no_two_domains_share_a_path_and_method() -> None:
    owners: Counter[tuple[str, str]] = Counter()
    for router in domain_routers():
        for route in router.routes:
            for method in getattr(route, "methods", None) or ():
                owners[(getattr(route, "path", ""), method)] += 1
    assert [key for key, count in owners.items() if count > 1] == []


def test_busiest_domains_are_matched_first() -> None:
    first_paths = [router.routes[0].path for router in domain_routers()[:2]]  # type: ignore[attr-defined]
    assert BUSIEST_DOMAINS[:2] == ("employees", "reviews")
    assert first_paths[0].startswith("/api/employees")
    assert first_paths[1].startswith(("/api/templates", "/api/reviews"))
