"""The seating search's core in C (``tournaments/_seating_core.c``), built by
``pip install`` with gcc or any C compiler; everything else is in
pyproject.toml.  Without a compiler the install still succeeds and
``tournaments.seating_search`` runs its Python search: the same moves, about
a hundred times slower, so plans are weaker in the same time."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "tournaments._seating_core",
            sources=["tournaments/_seating_core.c"],
            extra_compile_args=["-O2", "-std=c99"],
            optional=True,
        )
    ]
)
