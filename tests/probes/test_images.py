"""images: displayed rasters with placement and a consistent classification."""

from __future__ import annotations

import pdfs
from hypothesis import given, settings, strategies as st

from functools import partial

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe
from widening.probes.images import classify

# OCR of image-only fixture pages is slow and not what these tests measure.
load_doc = partial(_load_doc, ocr=False)


def test_classes_and_params(tmp_path):
    d = pdfs.new_doc(2)
    pdfs.image(d[0], (72, 200, 372, 400))  # content
    pdfs.image(d[0], (500, 20, 540, 60))  # header logo: decoration
    pdfs.image(d[0], (72, 500, 82, 510))  # icon: decoration
    pdfs.image(d[1], (0, 0, 612, 792))  # full-page background
    doc = load_doc(pdfs.save(d, tmp_path / "i.pdf"))
    res = run_probe("images", doc, Scope((1,)), {})
    kinds = sorted(m.what.rsplit(": ", 1)[1] for m in res.members)
    assert kinds == ["content", "decoration", "decoration"]
    small = run_probe("images", doc, Scope((1,)), {"min_side": 30})
    assert len(small.members) == 2
    # Regression (issue 10): the size filter used to drop the icon; it is a doubt now.
    assert [d.why for d in small.doubts] == ["size filter: shorter side 10pt < min_side 30pt"]
    full = run_probe("images", doc, Scope((2,)), {"exclude_full_page": True})
    assert not full.members and not full.measured_zero and "full_page_background" in full.doubts[0].what
    assert run_probe("images", doc, Scope((9,)), {}).status is ProbeStatus.could_not_measure


@settings(max_examples=8, deadline=None)
@given(w=st.floats(5, 600), h=st.floats(5, 780), x=st.floats(0, 1), y=st.floats(0, 1))
def test_random_sizes_classified_like_classify(tmp_path_factory, w, h, x, y):
    x0, y0 = x * (612 - w), y * (792 - h)
    d = pdfs.new_doc()
    pdfs.image(d[0], (x0, y0, x0 + w, y0 + h))
    doc = load_doc(pdfs.save(d, tmp_path_factory.mktemp("im") / "r.pdf"))
    (m,) = run_probe("images", doc, Scope((1,)), {}).members
    assert m.what.endswith(classify(m.bbox, doc.page(1).rect))
    assert abs(m.bbox[2] - m.bbox[0] - w) < 1 and abs(m.bbox[3] - m.bbox[1] - h) < 1


def test_corpus_no_images_on_379f_p10(corpus_doc):
    doc = corpus_doc("379f44022bb27aa53efd5d322c7b57bf.pdf")
    assert run_probe("images", doc, Scope((10,)), {}).measured_zero


def test_corpus_7c3f_p1_three_small_decorations(corpus_doc):
    doc = corpus_doc("7c3f6204b3241f142f0f8eb8e1fefe7a.pdf")
    res = run_probe("images", doc, Scope((1,)), {})
    assert len(res.members) == 3 and all(m.what.endswith("decoration") for m in res.members)
