"""The options the row-deciding commands share are declared once: each command reads them the same way."""

from __future__ import annotations

import pytest

from widening.commands.cli import build_parser


@pytest.mark.parametrize("command", [["audit"], ["gate", "p.yaml"], ["reproduce"]])
def test_corpus_cache_jobs_and_quiet_read_alike(command):
    args = build_parser().parse_args([*command, "--corpus", "c", "--cache-dir", "k", "--no-cache", "--jobs", "3", "--no-progress"])
    assert (args.corpus, args.cache_dir, args.no_cache, args.jobs, args.quiet) == ("c", "k", True, 3, True)
    short = build_parser().parse_args([*command, "--cache", "k", "-q"])
    assert (short.cache_dir, short.quiet, short.jobs, short.no_cache) == ("k", True, None, False)


def test_report_reads_the_cache_options_too():
    args = build_parser().parse_args(["report", "a.json", "--html", "o.html", "--cache", "k", "--no-cache"])
    assert (args.cache_dir, args.no_cache) == ("k", True)
