"""Build glue: the repo's top-level rules/ and schema/ folders ship inside the package.

They stay where the layout puts them (data, reviewed as data) and are mapped at build
time to the packages ``widening.rules`` and ``widening.schema``, which the engine reads
with importlib.resources. pyproject.toml holds everything else; setup.py exists only
because a package-dir mapping cannot be combined with automatic package discovery there.
"""

from setuptools import find_packages, setup

DATA_PACKAGES = {"widening.rules": "rules", "widening.schema": "schema"}

setup(
    packages=[*find_packages(include=["widening", "widening.*"]), *DATA_PACKAGES],
    package_dir=DATA_PACKAGES,
)
