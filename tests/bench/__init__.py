"""Speed figures (`make bench`): each module here has a `bench() -> dict` section."""
