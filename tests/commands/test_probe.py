"""`widening probe`: in-process runs asserting exit codes and output."""

from __future__ import annotations

import argparse
import json

import pdfs

from widening.commands.probe import add_parser, run


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="widening")
    add_parser(parser.add_subparsers(dest="command"))
    return run(parser.parse_args(argv))


def _pdf(tmp_path):
    d = pdfs.new_doc(2)
    pdfs.text(d[1], (72, 100), "an italic line", font="tiit")
    pdfs.text(d[1], (72, 130), "a roman line")
    return pdfs.save(d, tmp_path / "p.pdf")


def test_json_members(tmp_path, capsys):
    pdf = _pdf(tmp_path)
    assert _run(["probe", str(pdf), "--page", "2", "--kind", "text_style", "--param", "styles=[italic]", "--json"]) == 0
    (res,) = json.loads(capsys.readouterr().out)
    assert res["reading"] == "pdf" and res["status"] == "measured"
    assert [m["page"] for m in res["members"]] == [2] and "italic span" in res["members"][0]["what"]


def test_table_output_and_zero(tmp_path, capsys):
    pdf = _pdf(tmp_path)
    assert _run(["probe", str(pdf), "--page", "1", "--kind", "text_search", "--param", "text=italic"]) == 0
    out = capsys.readouterr().out
    assert "measured, 0 member(s)" in out


def test_bad_inputs_exit_2(tmp_path, capsys):
    pdf = _pdf(tmp_path)
    assert _run(["probe", str(pdf), "--page", "1", "--kind", "no_such_probe"]) == 2
    assert _run(["probe", str(pdf), "--page", "9", "--kind", "images"]) == 2
    assert _run(["probe", str(pdf), "--page", "1", "--kind", "images", "--param", "oops"]) == 2
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"not a pdf at all")
    assert _run(["probe", str(broken), "--page", "1", "--kind", "images"]) == 2
    err = capsys.readouterr().err
    assert "broken.pdf" in err and "no_such_probe" in err


def test_corpus_table_probe(corpus, capsys):
    pdf = corpus / "documents" / "8e7c4cb542ad160f80fb3d795ada35d8.pdf"
    args = ["probe", str(pdf), "--page", "8", "--kind", "table_values", "--param", "column=% land area rezoned", "--param", "op=>", "--param", "value=23", "--json"]
    assert _run(args) == 0
    (res,) = json.loads(capsys.readouterr().out)
    assert res["status"] == "measured" and res["members"] == []
