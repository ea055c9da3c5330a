"""Command-line options several commands share (corpus, cache, workers, progress), declared once.

Every command that decides rows reads them the same way: ``args.corpus``, ``args.cache_dir``,
``args.no_cache``, ``args.jobs``, ``args.quiet``.
"""

from __future__ import annotations

import argparse

CORPUS_HELP = "corpus folder (default: $WIDENING_CORPUS)"


def add_corpus_option(p: argparse.ArgumentParser, help: str = CORPUS_HELP) -> None:
    """--corpus (``help`` says what the command needs in it)."""
    p.add_argument("--corpus", help=help)


def add_cache_options(p: argparse.ArgumentParser) -> None:
    """--cache (alias --cache-dir) and --no-cache."""
    p.add_argument("--cache", "--cache-dir", dest="cache_dir", help="cache folder (default: $WIDENING_CACHE, else the user cache dir)")
    p.add_argument("--no-cache", action="store_true", help="do not read or write the cache")


def add_run_options(p: argparse.ArgumentParser, corpus_help: str = CORPUS_HELP) -> None:
    """The options of a command that decides rows: --corpus, the cache, --jobs and --quiet."""
    add_corpus_option(p, corpus_help)
    add_cache_options(p)
    p.add_argument("--jobs", type=int, default=None, help="documents decided in parallel (default: the machine's cores)")
    p.add_argument("--quiet", "-q", "--no-progress", dest="quiet", action="store_true",
                   help="no progress (by default: a bar on a terminal, else one stderr line per finished document)")
