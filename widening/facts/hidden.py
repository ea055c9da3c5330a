"""Content a page holds but does not show by default: layers (optional content) off on the screen or shown only
when printed, and annotations or form fields flagged hidden or print-only.

MuPDF reads neither into a page's text or image listing, yet a reader who switches a layer on, or prints the page,
sees them. ``revealed_page`` gives the page with all of it shown (a second copy of the document, in memory), so a
probe can list what is there as doubts: neither presence nor absence."""

from __future__ import annotations

import re
from typing import Any

from widening.facts.document import Doc

# Annotation flags that keep an annotation off the screen: Hidden (bit 2) and NoView (bit 6; with Print, it is printed).
_UNSHOWN_FLAGS = 2 | 32

HIDDEN_WHY = ("in content the page holds but does not show by default: a layer (optional content) that is off, or shown only"
              " when printed, or an annotation or form field flagged hidden or print-only; a reader who switches the layer on,"
              " or prints the page, may see it: neither presence nor absence")


def _flags(pdf: Any, xref: int) -> int:
    kind, value = pdf.xref_get_key(xref, "F")
    try:
        return int(float(value)) if kind in ("int", "real") else 0
    except ValueError:
        return 0


def _unshown(page: Any) -> list[Any]:
    """The annotations and form fields of ``page`` flagged hidden or not for viewing, by object number; None for one
    written inline in the page's list (no object of its own), whose flags PyMuPDF does not read: it may be hidden.
    A link (type 1) shows no text, inline or not."""
    return [x if x else None for x, kind, _ in page.annot_xrefs() if kind != 1 and (not x or _flags(page.parent, x) & _UNSHOWN_FLAGS)]


def hides_content(doc: Doc, index: int) -> bool:
    """Whether page ``index`` may hold content MuPDF leaves out of its text as the screen shows it by default: the
    document has optional content (a layer may be off, or on only for printing), or an annotation or form field of the
    page is flagged hidden or not for viewing. MuPDF reads neither; a reader may see them (a layer switched on, a print)."""
    key = ("layers_hide",)
    if key not in doc.memo:
        try:
            doc.memo[key] = _layers_hide(doc.pdf)
        except Exception:  # an unreadable catalog: the layers cannot be told apart, so they may hide text
            doc.memo[key] = True
    if doc.memo[key]:
        return True
    try:
        return bool(_unshown(doc.page(index)))
    except Exception:
        return True


def _layers_hide(pdf: Any) -> bool:
    """Whether a layer of ``pdf`` is off on the screen by default: listed off (or off by the base state) in the default
    configuration, or off for viewing by its usage (a layer for printing only), or named by a membership dictionary
    that shows its content only when a layer is off (``_hiding_ocmds``). Layers all on hide nothing else."""
    ocgs = pdf.get_ocgs()
    if not ocgs:
        return False
    state = pdf.get_layer(-1)
    if state.get("off") or str(state.get("basestate", "ON")).upper() == "OFF":
        return True
    return any(pdf.xref_get_key(x, "Usage/View/ViewState")[1] == "/OFF" for x in ocgs) or bool(_hiding_ocmds(pdf))


# An optional content membership dictionary (OCMD) with one of these policies shows its content only when a layer
# it names is off: with every layer on by default, a picture in it is hidden on the screen, and a reader who switches
# the layer off sees it (a "Photos" picture shown when the "Text" layer is off).
_OFF_POLICIES = ("/AnyOff", "/AllOff")


def _hiding_ocmds(pdf: Any) -> list[int]:
    """The OCMDs of ``pdf`` whose policy (/P) shows their content only when a layer is off (``_OFF_POLICIES``)."""
    out = []
    for x in range(1, pdf.xref_length()):
        if pdf.xref_get_key(x, "Type")[1] == "/OCMD" and pdf.xref_get_key(x, "P")[1] in _OFF_POLICIES:
            out.append(x)
    return out


def _deref(pdf: Any, xref: int, path: str, key: str) -> tuple[int, str] | None:
    """(object, path prefix) under which the keys of ``key`` (a dictionary at ``path`` in object ``xref``, or an
    indirect object it names) can be set; None when it is neither."""
    kind, value = pdf.xref_get_key(xref, f"{path}{key}")
    if kind == "xref":
        return int(value.split()[0]), ""
    return (xref, f"{path}{key}/") if kind == "dict" else None


def _show_all_layers(pdf: Any) -> None:
    """Turn every optional content group of ``pdf`` on, for viewing as for printing (in memory). Done through the
    objects, before anything reads the layers: MuPDF keeps the state it first reads (``set_layer`` does not reach
    the text a page gives)."""
    props = _deref(pdf, pdf.pdf_catalog(), "", "OCProperties")
    if props is None:
        return
    for x in _hiding_ocmds(pdf):  # every layer on: shown when any layer it names is on
        pdf.xref_set_key(x, "P", "/AnyOn")
    kind, value = pdf.xref_get_key(props[0], f"{props[1]}OCGs")
    if kind == "xref":
        value = pdf.xref_object(int(value.split()[0]), compressed=True)
    for x in re.findall(r"(\d+) 0 R", value):
        pdf.xref_set_key(int(x), "Usage", "null")
    config = _deref(pdf, *props, "D")
    if config is None:
        return
    xref, path = config
    pdf.xref_set_key(xref, f"{path}OFF", "[]")
    pdf.xref_set_key(xref, f"{path}AS", "null")
    pdf.xref_set_key(xref, f"{path}BaseState", "/ON")


def revealed_page(doc: Doc, index: int) -> Any:
    """Page ``index`` of a second copy of the document with every layer on and no annotation or form field hidden
    (``hides_content``), in the frame of ``doc.page`` (opened the same way); None when the page hides nothing so,
    False when the copy cannot be made (what is hidden is then not known)."""
    if not hides_content(doc, index):
        return None
    key = ("revealed_page", index)
    if key in doc.memo:
        return doc.memo[key]
    try:
        pdf_key = ("revealed_pdf",)
        if pdf_key not in doc.memo:
            from widening.facts.document import open_pdf

            pdf, _ = open_pdf(doc.path)
            _show_all_layers(pdf)
            doc.memo[pdf_key] = pdf
        pdf = doc.memo[pdf_key]
        page = pdf[index - 1]
        hidden = _unshown(page)
        if None in hidden:
            raise ValueError("an annotation written inline: its flags cannot be read or changed")
        for x in hidden:
            pdf.xref_set_key(x, "F", str(_flags(pdf, x) & ~_UNSHOWN_FLAGS))
        doc.memo[key] = pdf.reload_page(page) if hidden else page
    except Exception:  # a copy that cannot be opened or changed: what it hides is unknown
        doc.memo[key] = False
    return doc.memo[key]


