"""`name_mentions`: where a name, number, year, level or quoted term occurs as whole words.

Matching is strict and explainable (rules/mentions.yaml, ``names``): text is Unicode-
normalised (NFKC) and case-folded, cut into word tokens, and a name matches a run of
whole tokens in order. Hyphen, space and joined spellings of the same words match
("e-mail", "e mail", "email"), as do plural and possessive forms of alphabetic words (a plural's "-es" only
after a hiss or an "o", as English writes it: "boxes" is "box", "Andes" is not "and").
Numbers, years, versions and alphanumeric names match exactly: "2020" is not "20 20",
"GPT-4o" is not "GPT-4 (OpenAI"; a number set with leading zeros is that number ("Chapter 01" is chapter 1).
A footnote number or trademark sign set raised against a word ("Fiat¹", "2019³", "Xbox™", a footnote's
"¹Greenpeace") is a word of its own, though the text layer glues it on (``_raised_hits``, a member); glued
at the same size or by OCR ("Fiat1") it is a doubt. Initials joined by an ampersand ("P&G") are a form
of the words they stand for (a doubt, ``other_forms``). Long alphabetic words may differ by an edit or two
(OCR noise, a typo in the question), but such a hit is a *doubt*, not a member: it
proves neither presence nor absence. Letter-spaced text ("K A T H M A N D U   V A L L E Y")
is read twice: as its letters, and joined into words, a word ending where the gap is wider
(more than one space in the text; on a text layer, where the letters stand). An exact match on
the joined words is a member; a name inside joined letters with no word gap to be seen is a doubt.
Spacing accents a typesetter prints beside the letter ("M¨uller", "O´Brien") are no word break, nor
is a character that prints nothing (a format character: a zero-width joiner or word joiner in
"Xylo\\u200dphone", a soft hyphen; a soft hyphen at a line end is the hyphen printed there).
A letter also written as two ("ö"/"oe", "å"/"aa": ``transliterations``) matches either spelling, both
ways; a respelling that lands on a word printed with neither ("Aron" for "Aaron") is a doubt. A plain
letter the question types for such a letter ("Koln", "Arhus") is searched written as two ("Koeln", "Aarhus"):
a doubt. Digits
of any script are their value ("٢٠١٨" is 2018); digit groups parted by a thin, no-break or narrow
space are one number ("1 000"), by an ordinary space a doubt only (it also parts two table cells).
A name's word printed only with another ending ("European" for "Europe": ``derived``) is found by
``derived_forms`` for absent_entity, as a doubt with its word's box.
A year inside a printed period (``year_ranges``: "2010–2015", "between 2010 and 2015", "since
2010", "2010–present", "the 2010s"; with two-digit ends marked as years, "'12-'14", "FY12–14", "12/13-14/15",
"Q1'12 to Q4'14", read with the asked year's century) is a doubt, never a member. So is a year across two calendar years
(a fiscal, academic or school year: ``year_prefixes`` with ``spans``) printed with the year after or before the asked one
("FY14", "FY2014E" for 2013): named by its end or its start, it may cover part of the asked year.
A name the question capitalises ("Brown" of "Mr. Brown", "Rose") that a text layer prints only in lower case ("brown
bars", "sales rose") is a doubt for a ``name`` qualifier, never a member: an ordinary word, an address or a styled logo.
Where nothing is found, what a form field says beside its appearance (a value a form-filling tool left its
appearance stale or empty for, a choice field's options, a field's label or a button's caption: ``field_sayings``)
is a doubt; a word inside an unsigned signature field, where MuPDF draws its own "SIGN", is a doubt, never a member.
Words an annotation's or form field's own appearance draws where MuPDF does not (an unsigned signature field, a widget
with no field type: ``appearance_hits``, each appearance drawn alone as a stamp) and glyphs a marked span's ActualText
replaces in the text layer (``actual_text_hits``: a reader sees the glyphs) are doubts too. A name only in the outline
or the metadata is on no page: the note says where it is (``unprinted_sayings``).
Where no token matches, the page is also read squeezed (case, spaces, line breaks and punctuation
dropped), in the order its text is stored and in the order it is seen: the name's letters there,
starting and ending where words do, are a doubt (a drop cap "B | oston", letters stacked one a
line, glyphs drawn out of order "of America | Bank", a name glued to a number "#Portugal2020": a word
starts where letters meet digits there; a raised mark inside a word, "Kyo¹to", is left out), never a member. A name whose letters the text
layer cannot all say (a font with no Unicode for a glyph leaves NUL, U+FFFD or a private-use code:
"Q\x00rvane" for "Qorvane") is a doubt where the said letters, at least half of them, fall in place.
Where nothing else is found, a font's character map that names glyphs wrongly is looked for (probes.glyph_maps):
whole words spelling the name with a letter that recurs in it read as another wherever it stands ("KJngJroo"), or
with every character recoded one to one (glyph numbers read as codes, ",BOHBSPP" for "Kangaroo"; small capitals named
from another table, "KĵƿƄĵǡǈǈ"): a doubt (``glyph_map_hits``), never a member, so absent_entity is not claimed on it.
Where no token matches, a word printed mixing Latin letters with letters of another script that
look like Latin ones ("Хylоphone", Cyrillic "Х" and "о": ``look_alikes``) is also read with those as
the Latin letters: a name found so is a doubt, never a member; a word all in one script ("Москва")
is left as printed, so a Latin name never matches a Cyrillic word.

Where text comes from, per page (``page_text_status``): the text layer; OCR that ran and
read words; OCR that ran and read none (measured: the page shows no words); OCR that did
not run or failed (blind). Only blind pages block a zero. With ``pictures``, the words
inside every picture of 8 px or more on text-layer pages are read too (OCR, kept in the
cache): screenshots, a scan under a stamp-only text layer, and logos and icons in a header
or footer band (a name printed only in a footer logo).

OCR of small type in coarse pixels (a line under ``ocr_legible_px`` tall in the picture it was
read from) misreads letters past the edit budget: there, each word of the name within a third of
its characters of a word read (under ``ocr_coarse_px``, within half of them) makes a doubt. Type
under 7 px (an x-height under 3.5 px) is read by neither OCR nor a person letter for letter: a name
set so small may be missed.

Example: a survey year the report never covers has no exact mention on any page, text
layer, OCR or picture; "Wave IV" is not found in "Waves I-III".
Cannot see: words in the pictures of a document with more than ``max_pictures`` distinct
pictures (its pictured pages are then blind); a name split by a line break mid-word without
a hyphen only as a doubt (squeezed); a name across a page, column or box break only as a doubt
(the end of one text block read with the start of another; a line ending in a hyphen with any line of the
next page, look-alike letters read as Latin ones: ``page_break_doubts``), and a word hyphenated at a line end whose line
below is stored after other text (a table cell stored row by row) only as a doubt; a number split by a gap ("20 19" is not 2019);
Arabic-Indic digits MuPDF gives in reverse order only as a doubt (squeezed, in the order seen).
A name a tagged document gives only in a figure's alternative text (/Alt) is a doubt on the figure's page
(``alt_hits``); an element written inline in its parent, not as an object of its own, is not read.
"""

from __future__ import annotations

import itertools
import os
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from collections.abc import Iterator
from typing import Any

import regex

from widening import rulebook
from widening.facts.document import Doc
from widening.facts.geometry import centre_in, rect_tuple, union
from widening.facts.hidden import HIDDEN_WHY, revealed_page
from widening.facts.legibility import TextStatus, page_text_status  # noqa: F401  (re-exported: probes and engine read it here)
from widening.models import BBox, Member, PageFacts, PageKind, ProbeResult, Reader, TextLine, text_reader
from widening.probes import Params, Scope, glyph_maps, picture_words, probe
from widening.probes.pagewise import finish, measurable
from widening.text import FORMAT_CHARS, UNSAID, UNSAID_RX, WORD, alnum, bare_word, look_alike, name_form

_SPLIT_GAP = re.compile(r"[\s\-‐‑‒–—]*")


@cache
def _rules() -> dict[str, Any]:
    return rulebook.load("mentions")["names"]


# --------------------------------------------------------------------------- tokens


@dataclass(frozen=True)
class Token:
    """One word token: its normalised form, the text as printed, where it is, what precedes it."""

    norm: str
    raw: str
    bbox: BBox
    gap: str = " "  # the characters between the previous token and this one
    word: str = ""  # the text-layer word it was cut from, as printed (case kept)
    unsplit: bool = False  # letter-spaced letters read joined, with no word gap seen among them


@cache
def forms(token: str) -> frozenset[str]:
    """The spellings a token stands for: itself, a number without its leading zeros, and, for alphabetic
    words, their singular candidates."""
    out = {token}
    if token.isdigit() and token[0] == "0" and token.strip("0"):
        # A number set with leading zeros is that number: "Chapter 01" is chapter 1, "Step 02" step 2
        # ("00" is left alone: zeros only are no padded number).
        out.add(token.lstrip("0"))
    if token.isalpha() and len(token) >= int(_rules()["plural_min_letters"]):
        singular = set()
        if token.endswith("ies"):
            singular.add(token[:-3] + "y")
        if _ES_PLURAL.search(token):
            singular.add(token[:-2])
        if token.endswith("s") and not token.endswith("ss"):
            singular.add(token[:-1])
        out |= {t for t in singular if len(t) >= _MIN_SINGULAR}
    return frozenset(out | {v for t in out for v in _us_spelling(t)})


# English adds "-es" for a plural only after a hiss or an "o" ("boxes", "buses", "churches", "wishes", "heroes");
# elsewhere "es" is an "e" and a plural "s" ("notes" is "note") or no plural at all: "Andes" is not "and",
# "Jones" not "jon", "Hades" not "had", "James" not "jam", "Ames" not "am" (each an exact hit it made).
_ES_PLURAL = re.compile(r"(?:[sxzo]|[cs]h)es$")
# A singular candidate is a word of three letters or more: "uses" is not "us", "toes" not "to".
_MIN_SINGULAR = 3


# British and American spellings of one word ("programme"/"program", "colour"/"color",
# "organisation"/"organization", "centre"/"center"): both sides map to the American form.
_US = ((re.compile(r"(?<=[a-z]{3})mme(s?)$"), r"m\1"), (re.compile(r"(?<=[a-z]{2}[^aeiou])our(s?)$"), r"or\1"),
       (re.compile(r"(?<=[a-z]{3})is(e|ed|es|ing|ation|ations)$"), r"iz\1"), (re.compile(r"(?<=[a-z][^aeiou])tre(s?)$"), r"ter\1"))


def _us_spelling(token: str) -> set[str]:
    if not token.isalpha() or len(token) < 5:
        return set()
    return {v for rx, rep in _US if (v := rx.sub(rep, token)) != token}


# --------------------------------------------------------------------------- letters written as two

# Spellings tried per name at most: each respelt place doubles or triples them.
_MAX_RESPELT = 64


@cache
def _respelling() -> tuple[re.Pattern[str], dict[str, tuple[str, ...]], re.Pattern[str]]:
    """(any letter or two letters of ``transliterations``, what each may be written as, the letters alone)."""
    table = {str(k).lower(): str(v).lower() for k, v in _rules()["transliterations"].items()}
    other: dict[str, list[str]] = {}
    for letter, pair in table.items():
        other.setdefault(letter, []).append(pair)
        other.setdefault(pair, []).append(letter)
    alts = sorted(other, key=len, reverse=True)
    return (re.compile("|".join(map(re.escape, alts)), re.IGNORECASE), {k: tuple(v) for k, v in other.items()},
            re.compile("|".join(map(re.escape, table)), re.IGNORECASE))


def _cased(written: str, like: str) -> str:
    if like.isupper() and (len(like) > 1 or len(written) == 1):
        return written.upper()
    return written.capitalize() if like[:1].isupper() else written


def respelt(variant: str) -> list[str]:
    """``variant`` with its letters of ``transliterations`` written as two letters and such two letters
    as the letter ("Köln" -> "Koeln", "Aarhus" -> "Århus"), in each combination; not ``variant`` itself."""
    rx, other, _ = _respelling()
    places = list(rx.finditer(variant))
    if not places:
        return []
    options = [[m.group(0), *(_cased(o, m.group(0)) for o in other[m.group(0).lower()])] for m in places]
    seen = {name_form(variant)}
    out: list[str] = []
    for combo in itertools.islice(itertools.product(*options), 1, _MAX_RESPELT):
        pieces: list[str] = []
        k = 0
        for m, written in zip(places, combo):
            pieces += [variant[k:m.start()], written]
            k = m.end()
        spelt = "".join(pieces) + variant[k:]
        if (form := name_form(spelt)) not in seen:
            seen.add(form)
            out.append(spelt)
    return out


# Plain spellings tried per name at most (``plain_respellings``).
_MAX_PLAIN = 24


@cache
def _plain_letters() -> tuple[re.Pattern[str], dict[str, tuple[str, ...]]]:
    """(any plain letter a letter of ``transliterations`` loses its mark to, the two letters it may be written as)."""
    from widening.text import strip_accents

    table = {str(k).lower(): str(v).lower() for k, v in _rules()["transliterations"].items()}
    plain: dict[str, list[str]] = {}
    for letter, pair in table.items():
        bare = strip_accents(letter)
        if len(bare) == 1 and bare != letter and bare.isascii() and pair not in plain.get(bare, []):
            plain.setdefault(bare, []).append(pair)
    return re.compile("|".join(map(re.escape, plain)), re.IGNORECASE), {k: tuple(v) for k, v in plain.items()}


def plain_respellings(variant: str) -> list[str]:
    """``variant`` with a plain letter written as the two letters of a letter of ``transliterations`` that
    loses its mark to it ("Koln" -> "Koeln", "Arhus" -> "Aarhus"): a question typed without the mark
    ("Koln" for "Köln") names what the page writes as two letters. Searched as doubts, never members:
    the plain letter may be just that letter. Alphabetic words of four letters or more only; at most
    ``_MAX_PLAIN`` spellings, fewest letters changed first."""
    rx, other = _plain_letters()
    places = [m for m in rx.finditer(variant)
              if (w := re.search(r"[^\W\d_]+", variant[_word_start(variant, m.start()):])) and len(w.group(0)) >= 4]
    out: list[str] = []
    for n in range(1, len(places) + 1):
        for chosen in itertools.combinations(places, n):
            for pairs in itertools.product(*(other[m.group(0).lower()] for m in chosen)):
                pieces: list[str] = []
                k = 0
                for m, pair in zip(chosen, pairs):
                    pieces += [variant[k:m.start()], m.group(0) + pair[1:]]
                    k = m.end()
                out.append("".join(pieces) + variant[k:])
                if len(out) >= _MAX_PLAIN:
                    return out
    return out


_PLAIN_WHY = ("the name with a plain letter written as two letters (\"Koeln\" for \"Koln\", \"Aarhus\" for \"Arhus\"): a question "
              "typed without a mark (\"Köln\", \"Århus\") names what the page writes so; neither presence nor absence")


def plain_hits(doc: Doc, pages: tuple[int, ...], variants: list[str]) -> list[Member]:
    """Doubts: a variant printed with a plain letter written as two letters (``plain_respellings``). A page
    is searched word by word only where its letters hold the spelling (a substring test on its text)."""
    spellings = [(v, alnum(name_form(v))) for x in variants for v in plain_respellings(x)]
    out: list[Member] = []
    if not spellings:
        return out
    for index, facts, _ in _read_pages(doc, pages, boxes=False, lazy=True):
        text = alnum(name_form("\n".join(line.text for line in facts.ocr_lines) if facts.text_source == "ocr" else facts.text))
        for v, letters in spellings:
            if letters not in text:
                continue
            page = _page_tokens(doc, index, boxes=True)
            for h in find(v, page, tolerant=False):
                out.append(Member(page=index, bbox=union([page[i].bbox for i in range(h.start, h.end)]),
                                  what=f"{_source(facts)}: {_printed(page, h)!r} may be {variants[0]!r} with a letter written as two", why=_PLAIN_WHY,
                                  reader=text_reader(facts)))
    return out


_ANNOTATION_WHY = ("the name in what a page carries but does not print: a link's address, an annotation's note (shown when"
                   " it is opened); neither presence nor absence")
FIELD_WHY = ("in a form field, beside the words its appearance prints: a text or choice field's value (an appearance left stale or"
             " empty by a form-filling tool: a reader sees the value on clicking the field, and viewers that draw fields themselves at"
             " once), a choice field's options (listed when it is opened), a field's label (its tooltip) or a button's caption;"
             " neither presence nor absence")
FIELD_UNREAD_WHY = "the page's form fields could not be read: a field's value or options may hold it"
SIGN_WHY = ("inside an unsigned signature field, where MuPDF draws its own \"SIGN\" marker instead of the file's appearance: the word"
            " is MuPDF's, no other viewer shows it; neither presence nor absence")


def field_sayings(page: Any) -> list[tuple[str, BBox]] | None:
    """(what a form field says, its box) for each field of ``page`` with words a reader may see beside its appearance: a
    text or choice field's value, a choice field's options (export and shown values), a field's label (``TU``, a tooltip),
    a button's caption (``MK/CA``). A check box's or radio button's state name is no word a reader sees. None when the
    page's fields cannot be read (they may say anything)."""
    import pymupdf

    valued = (pymupdf.PDF_WIDGET_TYPE_TEXT, pymupdf.PDF_WIDGET_TYPE_COMBOBOX, pymupdf.PDF_WIDGET_TYPE_LISTBOX)
    out: list[tuple[str, BBox]] = []
    try:
        for w in page.widgets():
            said = [w.field_label, w.button_caption, w.field_value if w.field_type in valued else None]
            for c in w.choice_values or ():
                said += list(c) if isinstance(c, (list, tuple)) else [c]
            text = " ".join(str(x) for x in said if x not in (None, "", False))
            if text.strip():
                out.append((text, rect_tuple(w.rect)))
    except Exception:
        return None
    return out


def mupdf_only_boxes(page: Any) -> list[BBox]:
    """Boxes where the words MuPDF reads are its own, drawn by no other viewer: unsigned signature fields, for which MuPDF
    draws a "SIGN" marker instead of the file's appearance. Empty when the page's fields cannot be read (the words
    stay as read)."""
    import pymupdf

    try:
        return [rect_tuple(w.rect) for w in page.widgets() if w.field_type == pymupdf.PDF_WIDGET_TYPE_SIGNATURE and not w.is_signed]
    except Exception:
        return []


def in_any(bbox: BBox, boxes: list[BBox]) -> bool:
    """Whether the centre of ``bbox`` lies in one of ``boxes``."""
    import pymupdf

    return any(centre_in(bbox, pymupdf.Rect(b)) for b in boxes)


def annotation_hits(doc: Doc, pages: tuple[int, ...], variants: list[str]) -> list[Member]:
    """Doubts: a variant in a page's link addresses ("youtube.com/watch?v=...") or in its annotations' notes and
    titles, or in what its form fields say beside their appearance (``field_sayings``). They sit on the page, with a
    box, yet are no words it prints: the name may be what the page shows."""
    out: list[Member] = []
    for index in pages:
        page = doc.page(index)
        said = [(str(link.get("uri") or link.get("file") or ""), tuple(link["from"]), _ANNOTATION_WHY, "link or annotation") for link in page.get_links()]
        said += [(" ".join(str(a.info.get(k) or "") for k in ("content", "title", "subject")), tuple(a.rect), _ANNOTATION_WHY, "link or annotation")
                 for a in page.annots()]
        fields = field_sayings(page)
        if fields is None:
            facts = doc.facts.page(index)
            out.append(Member(page=index, bbox=(0.0, 0.0, facts.width, facts.height), what="form fields", why=FIELD_UNREAD_WHY, reader=Reader.structure))
            fields = []
        said += [(text, box, FIELD_WHY, "form field") for text, box in fields]
        for text, box, why, where in said:
            toks = tokens(text)
            for v in variants:
                if any(h.exact for h in find(v, toks, tolerant=False)):
                    out.append(Member(page=index, bbox=rect_tuple(box), what=f"{where}: {text[:80]!r} holds {v!r}", why=why, reader=Reader.structure))
                    break
    return out


APPEARANCE_WHY = ("in an annotation's or form field's own appearance, which MuPDF does not draw (an unsigned signature field,"
                  " for which it draws its own \"SIGN\"; a widget with no field type, which it draws not at all) and other"
                  " viewers do: neither presence nor absence")
APPEARANCE_UNREAD_WHY = "the appearances of the page's annotations or form fields could not be read: one may hold it"
_SHOWN_APPEARANCE = 4  # an annotation's Print flag, no other: shown on screen and on paper


def _appearance_xrefs(pdf: Any, page: Any) -> list[tuple[int, str | None]]:
    """(annotation, the appearance stream to draw or None for its own) for each annotation or form field of ``page``
    that has an appearance of its own (``AP/N``: a stream, or a state's stream named by ``AS``), links and pop-ups aside."""
    import pymupdf

    out: list[tuple[int, str | None]] = []
    for x, kind, _ in page.annot_xrefs():
        if not x or kind in (pymupdf.PDF_ANNOT_LINK, pymupdf.PDF_ANNOT_POPUP):
            continue
        ap = pdf.xref_get_key(x, "AP/N")
        if ap[0] == "xref":
            out.append((x, None))
        elif ap[0] == "dict" and (state := pdf.xref_get_key(x, "AS"))[0] == "name" \
                and (chosen := pdf.xref_get_key(x, f"AP/N/{state[1].lstrip('/')}"))[0] == "xref":
            out.append((x, chosen[1]))
    return out


def appearance_page(doc: Doc, index: int) -> Any:
    """Page ``index`` of a copy of the document that draws nothing but its annotations' and form fields' own
    appearances, each drawn as a plain stamp (every viewer draws a stamp's appearance as the file gives it), in the
    frame of ``doc.page``; None when the page has no annotation with an appearance, False when the copy cannot be
    made (what they draw is then not known)."""
    key = ("appearance_page", index)
    if key in doc.memo:
        return doc.memo[key]
    try:
        if not _appearance_xrefs(doc.pdf, doc.page(index)):
            doc.memo[key] = None
            return None
        if ("appearance_pdf",) not in doc.memo:
            from widening.facts.document import open_pdf

            doc.memo[("appearance_pdf",)] = open_pdf(doc.path)[0]
        pdf = doc.memo[("appearance_pdf",)]
        page = pdf[index - 1]
        for x, state in _appearance_xrefs(pdf, page):
            if state is not None:
                pdf.xref_set_key(x, "AP/N", state)
            for k, v in (("Subtype", "/Stamp"), ("FT", "null"), ("Parent", "null"), ("F", str(_SHOWN_APPEARANCE))):
                pdf.xref_set_key(x, k, v)
        for c in page.get_contents():
            pdf.update_stream(c, b"")
        doc.memo[key] = pdf.reload_page(page)
    except Exception:  # a copy that cannot be opened or changed: what the appearances say is unknown
        doc.memo[key] = False
    return doc.memo[key]


def appearance_hits(doc: Doc, pages: tuple[int, ...], variants: list[str]) -> list[Member]:
    """Doubts: a variant in the words an annotation's or form field's own appearance draws (``appearance_page``), where
    MuPDF's page text does not hold it: MuPDF draws an unsigned signature field as its own "SIGN" marker and a widget
    with no field type not at all, while other viewers draw the file's appearance ("Sign here: Jane Quorvane")."""
    return _words_elsewhere(doc, pages, variants, appearance_page, "appearance_tokens", "an appearance", APPEARANCE_WHY,
                            ("annotation and form field appearances", APPEARANCE_UNREAD_WHY), lambda facts: Reader.structure)


def _words_elsewhere(doc: Doc, pages: tuple[int, ...], variants: list[str], page_of: Any, memo: str, label: str, why: str,
                     unread: tuple[str, str], reader: Any) -> list[Member]:
    """Doubts: a variant in the words of another drawing of each of ``pages`` (``page_of(doc, index)``: None when there is
    none, False when it cannot be made, a doubt over the whole page as ``unread`` (what, why) says)."""
    out: list[Member] = []
    for index in pages:
        page = page_of(doc, index)
        if page is None:
            continue
        facts = doc.facts.page(index)
        if page is False:
            out.append(Member(page=index, bbox=(0.0, 0.0, facts.width, facts.height), what=unread[0], why=unread[1], reader=Reader.structure))
            continue
        if (memo, index) not in doc.memo:
            doc.memo[(memo, index)] = _word_tokens(page.get_text("words", flags=_WORD_FLAGS, sort=False))
        toks = doc.memo[(memo, index)]
        for v in variants:
            for h in find(v, toks, tolerant=False):
                out.append(Member(page=index, bbox=union([toks[i].bbox for i in range(h.start, h.end)]),
                                  what=f"{label}: {_printed(toks, h)!r} matches {v!r}", why=why, reader=reader(facts)))
    return out


ACTUAL_TEXT_WHY = ("printed in glyphs that the text layer replaces with other words (a marked span's ActualText): a reader sees the"
                   " glyphs; neither presence nor absence")


def actual_text_hits(doc: Doc, pages: tuple[int, ...], variants: list[str]) -> list[Member]:
    """Doubts: a variant in the words the glyphs of a text-layer page spell when a marked span's ActualText, which the
    text layer gives instead of them, is set aside ("Jane Quorvane" drawn, "the applicant" its ActualText): a reader
    sees the glyphs."""
    import pymupdf

    out: list[Member] = []
    for index in pages:
        facts = doc.facts.page(index)
        if facts.text_source == "ocr":
            continue
        key = ("glyph_tokens", index)
        if key not in doc.memo:
            words = doc.page(index).get_text("words", flags=_WORD_FLAGS | pymupdf.TEXT_IGNORE_ACTUALTEXT, sort=False)
            doc.memo[key] = _word_tokens(words)
        toks = doc.memo[key]
        for v in variants:
            for h in find(v, toks, tolerant=False):
                out.append(Member(page=index, bbox=union([toks[i].bbox for i in range(h.start, h.end)]),
                                  what=f"{_source(facts)}, glyphs under ActualText: {_printed(toks, h)!r} matches {v!r}", why=ACTUAL_TEXT_WHY,
                                  reader=text_reader(facts)))
    return out


# --------------------------------------------------------------------------- content hidden by default

def hidden_hits(doc: Doc, pages: tuple[int, ...], variants: list[str]) -> list[Member]:
    """Doubts: a variant in what a page shows only with its hidden content shown (``revealed_page``): a layer off by
    default or for printing only, a hidden or print-only annotation or form field. A page that cannot be read so is
    a doubt too (the name may be hidden there)."""
    return _words_elsewhere(doc, pages, variants, revealed_page, "revealed_tokens", "hidden content", HIDDEN_WHY,
                            ("content hidden by default (layers, hidden annotations)", f"could not be read: {HIDDEN_WHY}"), text_reader)


def _word_start(text: str, at: int) -> int:
    while at > 0 and text[at - 1].isalpha():
        at -= 1
    return at


def _letter_spellings(text: str) -> list[str]:
    """``text`` with each letter of ``transliterations`` written as its two letters or left as the letter, which
    ``name_form`` reads without its mark ("Þórshöfn" -> "Thórshoefn", "Thórshöfn", ...; at most ``_MAX_RESPELT``)."""
    _, other, letters = _respelling()
    text = unicodedata.normalize("NFC", text)
    places = list(letters.finditer(text))
    options = [[_cased(other[m.group(0).lower()][0], m.group(0)), m.group(0)] for m in places]
    out: list[str] = []
    for combo in itertools.islice(itertools.product(*options), _MAX_RESPELT):
        pieces: list[str] = []
        k = 0
        for m, written in zip(places, combo):
            pieces += [text[k:m.start()], written]
            k = m.end()
        out.append("".join(pieces) + text[k:])
    return out


def _same_spelling(printed: str, variants: list[str]) -> bool:
    """The words ``printed`` are a variant with its letters written as two letters, or as the letter (its mark
    aside), on both sides: "Götz Baer" is "Goetz Baer", "Århus" is "Aarhus", "Þórshöfn" is "Thorshofn" (the "þ"
    written as two letters, the "ö" without its mark); "Aron" is not "Aaron", nor a printed "Koln" the "Koeln" asked."""
    pages = [reading(tokens(p)) for p in _letter_spellings(printed)]
    return any(find(a, page, tolerant=False) for v in variants for a in _letter_spellings(v) for page in pages)


def with_respellings(variants: tuple[str, ...]) -> list[str]:
    """``variants`` followed by their other spellings (``respelt``) that are no variant already."""
    return list(_with_respellings(variants))


@cache
def _with_respellings(variants: tuple[str, ...]) -> tuple[str, ...]:
    out = list(variants)
    for v in variants:
        out += [r for r in respelt(v) if r not in out]
    return tuple(out)


_RESPELT_WHY = ("the name with a letter written another way (\"ö\" or \"oe\", \"å\" or \"aa\") on a word printed with neither "
                "form of it: neither presence nor absence")


def _grouped(variant: str) -> list[str]:
    """``variant`` with each number of four digits or more printed in groups of three apart ("error 1 000"
    for "error 1000"): where the page parts them with an ordinary space, which also parts two table cells."""
    spaced = re.sub(r"(?<![\w.,])[1-9]\d{3,}(?![\w]|[.,]\d)", lambda m: f"{int(m.group(0)):,}".replace(",", " "), variant)
    return [spaced] if spaced != variant else []


def tokens(text: str, bbox: BBox = (0.0, 0.0, 0.0, 0.0), split_box: bool = False) -> list[Token]:
    """Word tokens of ``text``; with ``split_box`` each token gets its share of ``bbox`` by character position."""
    norm = name_form(text)
    out: list[Token] = []
    prev = 0
    n = max(1, len(norm))
    x0, y0, x1, y1 = bbox
    for m in WORD.finditer(norm):
        base = bare_word(m.group(0))
        if not base:
            continue
        box = (x0 + (x1 - x0) * m.start() / n, y0, x0 + (x1 - x0) * m.end() / n, y1) if split_box else bbox
        out.append(Token(base, m.group(0), box, norm[prev:m.start()] or ""))
        prev = m.end()
    return out


# --------------------------------------------------------------------------- letter-spaced text

# Fences a joined reading off from the tokens around it: no match runs across one (its form is
# no word, no number, no near spelling), so the joined words never splice into the ordinary reading.
_FENCE = Token("\x00", "", (0.0, 0.0, 0.0, 0.0), "\n")


def _single(t: Token) -> bool:
    return len(t.norm) == 1 and t.norm.isalnum()


def _joined_runs(page: list[Token], kinds: list[str | None]) -> list[tuple[int, list[Token]]]:
    """(index of the last letter, the words read joined) for each run of letter-spaced text.

    ``kinds[i]`` says what lies between tokens i-1 and i: "letter" (the next letter of a word),
    "word" (a wider gap: the next word) or None (the run, if any, ends). A run needs two letters
    joined into one word; single-letter words on their own ("a I o") are no run, and a run is only
    ever added beside the letters it joins, which stay where they are.
    """
    out: list[tuple[int, list[Token]]] = []
    i = 0
    while i < len(page):
        j = i
        while j + 1 < len(page) and _single(page[j]) and _single(page[j + 1]) and kinds[j + 1] is not None:
            j += 1
        if any(kinds[k] == "letter" for k in range(i + 1, j + 1)):
            words: list[list[Token]] = [[page[i]]]
            for k in range(i + 1, j + 1):
                if kinds[k] == "letter":
                    words[-1].append(page[k])
                else:
                    words.append([page[k]])
            unsplit = len(words) == 1
            out.append((j, [Token("".join(t.norm for t in w), "".join(t.raw for t in w), union([t.bbox for t in w]), " ",
                                  "".join(t.word for t in w), unsplit) for w in words]))
        i = j + 1
    return out


def _spliced(page: list[Token], runs: list[tuple[int, list[Token]]]) -> list[Token]:
    """``page`` with each run's joined words added, fenced, after its last letter."""
    if not runs:
        return page
    out: list[Token] = []
    k = 0
    for end, words in runs:
        out += [*page[k : end + 1], _FENCE, *words, _FENCE]
        k = end + 1
    return out + page[k:]


def _fenced(page: list[Token]) -> list[Token]:
    """The joined words ``_spliced`` added to ``page``."""
    out: list[Token] = []
    inside = False
    for t in page:
        if t == _FENCE:
            inside = not inside
        elif inside:
            out.append(t)
    return out


def _gap_kinds(page: list[Token]) -> list[str | None]:
    """Junctions read from the printed text: one space joins letters, a run of spaces parts words."""
    return [None] + [("letter" if t.gap == " " else "word" if len(t.gap) >= 2 and not t.gap.strip(" \t\xa0") else None) for t in page[1:]]


def reading(page: list[Token]) -> list[Token]:
    """``page`` with letter-spaced text ("K A T H M A N D U   V A L L E Y") also read as words,
    word gaps where the printed gap is wider than one space. Every token of ``page`` is kept."""
    return _spliced(page, _joined_runs(page, _gap_kinds(page)))


def _box_kinds(page: list[Token], whole: list[bool]) -> list[str | None]:
    """Junctions read from where the letters stand (a text layer): letter-spacing set by glyph
    positions leaves one space, or none, between letters and words alike in the text.

    Letters on one baseline with a gap under three letter heights are one run; within it, a gap
    clearly wider than the narrowest one (1.6 times, and by a quarter of the letter height) parts words.
    """
    kinds: list[str | None] = [None] * len(page)
    gaps: list[float | None] = [None] * len(page)
    for i in range(1, len(page)):
        (a0, ay0, a1, ay1), (b0, by0, b1, by1) = page[i - 1].bbox, page[i].bbox
        h = max(ay1 - ay0, by1 - by0, 1e-6)
        overlap = min(ay1, by1) - max(ay0, by0)
        if whole[i - 1] and whole[i] and overlap >= 0.5 * min(ay1 - ay0, by1 - by0) and -0.1 * h <= b0 - a1 <= 3 * h:
            gaps[i] = b0 - a1
    i = 1
    while i < len(page):
        if gaps[i] is None:
            i += 1
            continue
        j = i
        while j + 1 < len(page) and gaps[j + 1] is not None:
            j += 1
        narrow = min(g for g in gaps[i : j + 1] if g is not None)
        h = page[i].bbox[3] - page[i].bbox[1]
        for k in range(i, j + 1):
            wide = gaps[k] > max(1.6 * narrow, narrow + 0.25 * h)  # type: ignore[operator]
            kinds[k] = "word" if wide else "letter"
        i = j + 1
    return kinds


@cache
def _same(a: str, b: str) -> bool:
    return bool(forms(a) & forms(b))


def _transition_split(whole: str, parts: list[Token]) -> bool:
    """``whole`` printed as ``parts`` only where letters meet digits, with a space or hyphen between ("iPhone 12")."""
    # Read on the printed parts, not on ``whole``: they may spell another form of it ("inf" and
    # "s" make "infs", a plural of "inf"), longer than ``whole`` (an OCR'd picture crashed here).
    printed = "".join(t.norm for t in parts)
    pos = 0
    for i, t in enumerate(parts):
        if i:
            left, right = printed[pos - 1], printed[pos]
            if left.isdigit() == right.isdigit() or not _SPLIT_GAP.fullmatch(t.gap):
                return False
        pos += len(t.norm)
    return True


def _align(needle: list[str], page: list[Token], b: int, fuzzy: bool) -> int | None:
    """End (exclusive) of a match of ``needle`` starting at page token ``b``, or None."""

    def go(a: int, j: int) -> int | None:
        if a == len(needle):
            return j
        if j >= len(page):
            return None
        p = page[j].norm
        if p[0] != needle[a][0] and not (p.isdigit() and needle[a].isdigit()):  # "01" is "1" (forms)
            # Every way below but a near spelling keeps the first letter (a form only changes a
            # word's ending; joined and split words start with the same token; an initial is the
            # first letter): most page tokens are settled here, without building joins and splits.
            return go(a + 1, j + 1) if fuzzy and _near(needle[a], p) else None
        # one token each; tolerant only: an initial before a further word stands for any word
        # with that letter ("G. W. Bush" for "George W. Bush"), never a final one ("Recruiter C")
        if _same(needle[a], p) or (fuzzy and (_near(needle[a], p) or _initial(needle, a, p))):
            if (end := go(a + 1, j + 1)) is not None:
                return end
        # the page joins several needle tokens ("email" for "e-mail", "iphone12")
        joined = needle[a]
        for c in range(a + 1, len(needle)):
            joined += needle[c]
            if len(joined) > len(p) + 3:
                break
            if _same(joined, p) and (end := go(c + 1, j + 1)) is not None:
                return end
        # the page splits one needle token at letter/digit transitions ("iphone 12" for "iphone12")
        acc = p
        for d in range(j + 1, len(page)):
            acc += page[d].norm
            if len(acc) > len(needle[a]) + 3:
                break
            if _same(needle[a], acc) and _transition_split(needle[a], page[j : d + 1]):
                if (end := go(a + 1, d + 1)) is not None:
                    return end
        return None

    return go(0, b)


def _initial(needle: list[str], a: int, page_token: str) -> bool:
    """``needle[a]`` is a one-letter initial followed by more of the name, and ``page_token`` a word it may abbreviate."""
    t = needle[a]
    return len(t) == 1 and t.isalpha() and a + 1 < len(needle) and page_token.isalpha() and len(page_token) > 1 and page_token[0] == t


def _budget(word: str) -> int:
    if not word.isalpha():
        return 0
    return max((int(e) for n, e in _rules()["edits"].items() if len(word) >= int(n)), default=0)


@cache
def _near(a: str, b: str) -> bool:
    """Within the edit budget of the longer alphabetic word, singular forms included ("Americen" for
    "Americans"); never for numbers or short words."""
    return any(_near_form(x, y) for x in forms(a) for y in forms(b))


def _near_form(a: str, b: str) -> bool:
    # The longer word sets the budget: a letter dropped from a 7-letter name ("Neflix") is one slip.
    k = max(_budget(a), _budget(b)) if a.isalpha() and b.isalpha() else 0
    if k == 0 and a.isalpha() and b.isalpha() and min(len(a), len(b)) >= int(_rules()["vowel_slip_min_letters"]):
        if len(a) == len(b):
            return _vowel_slip(a, b) or _swapped(a, b)
        return _doubled(a, b) or _doubled(b, a)
    if k == 0 or abs(len(a) - len(b)) > k or a == b:
        return False
    if len(a) == len(b) and _swapped(a, b):
        return True  # two neighbouring letters swapped ("Netfilx"): one slip, not two edits
    return regex.fullmatch(f"(?:{regex.escape(a)}){{e<={k}}}", b) is not None


def _vowel_slip(a: str, b: str) -> bool:
    """One vowel written for another ("Germen" for "German"): the commonest misspelling of a short name."""
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return len(diff) == 1 and a[diff[0]] in "aeiouy" and b[diff[0]] in "aeiouy"


def _doubled(a: str, b: str) -> bool:
    """``b`` is ``a`` with one of its letters typed twice ("Tescco" for "Tesco"): a slip of the key, as
    common in a short name as two neighbouring letters swapped ("Adidsa" for "Adidas")."""
    return len(b) == len(a) + 1 and any(b[i] == b[i + 1] and b[:i] + b[i + 1:] == a for i in range(len(a)))


def _swapped(a: str, b: str) -> bool:
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


def _year_inside(needle: list[str], page: list[Token]) -> list[int]:
    """A lone number printed glued to letters ("FY2013", "2013a") still mentions that number."""
    if len(needle) != 1 or not needle[0].isdigit():
        return []
    rx = re.compile(rf"(?<![\d.,]){re.escape(needle[0])}(?![\d]|[.,]\d)")
    return [j for j, t in enumerate(page) if t.norm != needle[0] and not t.norm.isdigit() and rx.search(t.norm)]


@dataclass(frozen=True)
class Hit:
    start: int
    end: int
    exact: bool
    why: str = ""  # for a tolerant hit that is no near spelling: why it is only a doubt


def _inside_unsplit(needle: list[str], page: list[Token]) -> list[int]:
    """Letter-spaced text with no word gap to be seen ("K A T H M A N D U V A L L E Y", OCR) may
    hold the name as one of its words: tokens whose letters contain the name's."""
    letters = "".join(needle)
    if len(letters) < 4:
        return []
    return [j for j, t in enumerate(page) if t.unsplit and letters in t.norm and letters != t.norm]


_UNSPLIT_WHY = "the name's letters inside letter-spaced text whose word gaps cannot be seen: neither presence nor absence"


def find(needle_text: str, page: list[Token], tolerant: bool = True) -> list[Hit]:
    """Exact matches of ``needle_text`` in ``page``; when there are none (and ``tolerant``), the tolerant ones."""
    needle = [t.norm for t in tokens(needle_text)]
    if not needle:
        return []
    first, lead = needle[0], needle[0][0]
    for fuzzy in (False, True) if tolerant else (False,):
        hits: list[Hit] = []
        j = 0
        while j < len(page):
            # A match starts only at a token with the needle's first letter or, tolerant, a near
            # spelling of its first word (_align's own first test, done here without its calls).
            p = page[j].norm
            if p[0] != lead and not (fuzzy and _near(first, p)) and not (p.isdigit() and first.isdigit()):
                j += 1
                continue
            end = _align(needle, page, j, fuzzy)
            if end is not None:
                hits.append(Hit(j, end, not fuzzy))
                j = end
            else:
                j += 1
        if not fuzzy:
            hits += [Hit(j, j + 1, True) for j in _year_inside(needle, page)]
        else:
            hits += [Hit(j, j + 1, False, _UNSPLIT_WHY) for j in _inside_unsplit(needle, page) if not any(h.start <= j < h.end for h in hits)]
            hits += [Hit(e - len(needle), e, False, _MARKED_WHY) for e in _marked_inside(needle, page) if not any(h.start < e <= h.end for h in hits)]
        if hits:
            return sorted(hits, key=lambda h: h.start)
    return []


def matches(needle_text: str, text: str) -> list[tuple[str, bool]]:
    """(matched text as printed, exact?) for every match of ``needle_text`` in ``text``."""
    page = reading(tokens(text))
    return [(_printed(page, h), h.exact) for h in find(needle_text, page)]


def _printed(page: list[Token], h: Hit) -> str:
    """The matched words as printed (text-layer words keep their case), else the normalised tokens."""
    span = page[h.start : h.end]
    if all(t.word for t in span):  # a layer token opening a word has gap " " (set in _page_tokens)
        return " ".join(t.word for i, t in enumerate(span) if i == 0 or t.gap == " ")
    return "".join((page[i].gap if i > h.start else "") + page[i].raw for i in range(h.start, h.end)).strip()


# --------------------------------------------------------------------------- pages


def _source(facts: PageFacts) -> str:
    if facts.text_source == "ocr":
        return "OCR"
    return "OCR text layer (scanned page)" if facts.kind is PageKind.scanned_ocr else "text layer"


def _page_tokens(doc: Doc, index: int, boxes: bool) -> list[Token]:
    """The page's tokens; with ``boxes`` each carries the box of its word (layer) or its share of the OCR line."""
    facts = doc.facts.page(index)
    if facts.text_source == "ocr" or not boxes:
        # Memoised: every qualifier of every row of the document reads the same pages.
        key = ("name_tokens_coarse", index)
        if key not in doc.memo:
            if facts.text_source == "ocr":
                doc.memo[key] = [t for line in facts.ocr_lines for t in reading(tokens(line.text, line.bbox, split_box=True))]
            else:
                coarse = tokens(facts.text)
                # Where the text shows letters apart, where they stand says which of them make words.
                if any(_single(a) and _single(b) and not b.gap.strip() for a, b in zip(coarse, coarse[1:])):
                    fine = _page_tokens(doc, index, boxes=True)
                    coarse = coarse + [_FENCE, *_fenced(fine), _FENCE]
                doc.memo[key] = coarse
        return doc.memo[key]
    key = ("name_tokens", index)
    if key not in doc.memo:
        doc.memo[key] = _word_tokens(doc.page(index).get_text("words", flags=_WORD_FLAGS, sort=False))
    return doc.memo[key]


def _word_tokens(words: list[Any]) -> list[Token]:
    """Tokens of a text layer's words (PyMuPDF ``words``), each with its word's box; letter-spaced runs also read joined."""
    out: list[Token] = []
    whole: list[bool] = []  # the token is the whole of its word
    for w in words:
        got = [Token(t.norm, t.raw, t.bbox, t.gap, w[4]) for t in tokens(w[4], (w[0], w[1], w[2], w[3]))]
        if got:
            out.append(Token(got[0].norm, got[0].raw, got[0].bbox, " ", w[4]))
            out.extend(got[1:])
            whole += [len(got) == 1] * len(got)
    return _spliced(out, _joined_runs(out, _box_kinds(out, whole)))


def _word_flags() -> int:
    import pymupdf

    return pymupdf.TEXTFLAGS_WORDS | pymupdf.TEXT_DEHYPHENATE


_WORD_FLAGS = _word_flags()


LOWER_CASE_WHY = ("a capitalised name printed only in lower case, as an ordinary word (\"brown bars\" for \"Mr. Brown\", \"sales"
                  " rose\" for \"Rose\"), an address or a styled logo: neither presence nor absence")


def uncased(printed: str, asked: str) -> bool:
    """Whether a name asked with a capital ("Brown", "NATO") is printed with none ("brown"): the word as case keeps it."""
    return any(c.isupper() for c in asked) and any(c.isalpha() for c in printed) and not any(c.isupper() for c in printed)


def _page_hits(doc: Doc, index: int, variants: list[str], near_variants: list[str], year: str | None) -> tuple[list[Member], list[Member]]:
    """(exact hits, doubts) on one page, memoised per document (rows of a document often share a qualifier)."""
    key = ("page_hits", index, tuple(variants), tuple(near_variants), year)
    if key not in doc.memo:
        doc.memo[key] = _search_page(doc, index, variants, near_variants, year)
    exact, near = doc.memo[key]
    return list(exact), list(near)


def _search_page(doc: Doc, index: int, variants: list[str], near_variants: list[str], year: str | None) -> tuple[list[Member], list[Member]]:
    """(exact hits, doubts) on one page, each with the box of the matched words.

    Doubts: tolerant-only matches, exact matches of ``near_variants`` (forms that may denote
    the same thing, such as "FY13" for 2013), printed year ranges that cover ``year``, and
    numbers that are several years run together ("20132016P", a chart legend read by OCR).
    """
    coarse = _page_tokens(doc, index, boxes=False)
    spellings = with_respellings(tuple(variants))
    found = [(v, find(v, coarse)) for v in spellings]
    if not any(h.exact for _, hs in found for h in hs) and (raised := _raised_hits(doc, index, variants, coarse)):
        return raised, []
    near_found = [(v, find(v, coarse, tolerant=False)) for v in near_variants]
    ranges = _covering(coarse, year, latest_year(doc)) if year else []
    glued = _glued_years(coarse, year) if year else []
    short = _short_years(coarse, year) if year else []
    spanning = _spanning_years(coarse, year) if year else []
    if not any(h for _, h in found + near_found) and not ranges and not glued and not short and not spanning:
        squeezed = _squeezed_hits(doc, index, spellings, [])
        return [], squeezed + [m for m in look_alike_hits(doc, index, spellings) if not any(_overlap(m.bbox, s.bbox) for s in squeezed)]
    fine = _page_tokens(doc, index, boxes=True)
    src = _source(doc.facts.page(index))
    page = doc.facts.page(index)
    rd = text_reader(page)
    whole = (0.0, 0.0, page.width, page.height)

    def box(_: list[Hit], h: Hit, toks: list[Token]) -> BBox:
        return union([toks[i].bbox for i in range(h.start, h.end)]) if toks is fine else whole

    exact: list[Member] = []
    near: list[Member] = []
    for v, hs in found:
        toks = fine if (fine_hits := find(v, fine)) else coarse
        for h in fine_hits or hs:
            text = _printed(toks, h)
            if h.exact and (v in variants or _same_spelling(text, variants)):
                lower = all(toks[i].word for i in range(h.start, h.end)) and uncased(text, v)
                exact.append(Member(page=index, bbox=box(hs, h, toks), what=f"{src}: {text!r} matches {v!r}", reader=rd,
                                    why=LOWER_CASE_WHY if lower else None))
            else:
                near.append(Member(page=index, bbox=box(hs, h, toks), what=f"{src}: {text!r} near {v!r}", reader=rd,
                                   why=h.why or (_RESPELT_WHY if h.exact else "matches only within the edit tolerance for long words (OCR noise or a typo): neither presence nor absence")))
    if exact:
        return exact, []
    for v, hs in near_found:
        toks = fine if (fine_hits := find(v, fine, tolerant=False)) else coarse
        for h in fine_hits or hs:
            near.append(Member(page=index, bbox=box(hs, h, toks), what=f"{src}: {_printed(toks, h)!r} may denote the same as {variants[0]!r}", reader=rd,
                               why="another form of the same thing (a fiscal year, a stem, a word without a glued function word, a number's "
                                   "digit groups spaced apart): neither presence nor absence"))
    for printed in ranges:
        toks = fine if (fine_hits := find(printed, fine, tolerant=False)) else coarse
        hs = fine_hits or find(printed, coarse, tolerant=False)
        where = box([], hs[0], toks) if hs else whole
        near.append(Member(page=index, bbox=where, what=f"{src}: the period {printed!r} covers {year}", reader=rd,
                           why="a printed period that includes the year: the year may be covered without being printed"))
    near += [Member(page=index, bbox=whole, what=f"{src}: {form!r} may be {year} in two digits", reader=rd,
                    why="a two-digit year (an abbreviated quarter, month or date): the year may be printed there") for form in short]
    near += [Member(page=index, bbox=whole, what=f"{src}: {form!r} may cover part of {year}", reader=rd,
                    why="a fiscal, academic or school year runs across two calendar years and is named by its end or its start: "
                        "the year before or after the one it prints may be covered without being printed") for form in spanning]
    for j in glued:
        raw = coarse[j].raw
        hs = find(raw, fine, tolerant=False)
        where = union([fine[i].bbox for i in range(hs[0].start, hs[0].end)]) if hs else whole
        near.append(Member(page=index, bbox=where, what=f"{src}: {raw!r} runs {year} together with other years", reader=rd,
                           why="several years read as one number (OCR of a chart legend or axis): the year may be printed there"))
    return [], near + _squeezed_hits(doc, index, spellings, near)


# --------------------------------------------------------------------------- raised marks

# Characters that print raised beside a word (a footnote number, a trademark sign): NFKC makes them
# letters and digits of the word they touch ("Fiat¹" -> "Fiat1", "Xbox™" -> "XboxTM", "¹Fiat" -> "1Fiat").
_RAISED_CHARS = "\u00b9\u00b2\u00b3\u2070\u2071\u2074-\u207f\u2122\u2120\u1d43-\u1d5b"
_RAISED_RUN = re.compile(f"([{_RAISED_CHARS}]+)")
# A footnote or trademark mark glued to a word, as the plain text says it ("fiat1", "xboxtm").
_MARK_TAIL = r"(?:\d{1,2}|tm|sm)"
# Where a word may go on with a raised mark read into it: a number, a trademark sign, or one or two letters only.
_MARK_START = re.compile(r"\d|tm|sm|[^\W\d_]{1,2}$")
# A raised mark read into the word after it: a footnote's number or letter before its text ("1greenpeace").
_MARK_LEAD = re.compile(r"\d{1,3}|[^\W\d_]{1,2}")


def _raised(span: dict[str, Any], beside: list[dict[str, Any] | None]) -> bool:
    """``span`` is set raised beside the spans of its line next to it (``beside``: the one before and the one
    after): MuPDF's superscript flag, or a smaller size on a baseline lifted by a sixth of a neighbour's size (a
    footnote number or a trademark sign typeset by hand, after a word or before a footnote's text)."""
    if int(span["flags"]) & 1:
        return True
    size, base = float(span["size"]), float(span["origin"][1])
    return any(other is not None and other["text"].strip() and size < 0.85 * float(other["size"])
               and float(other["origin"][1]) - base > float(other["size"]) / 6 for other in beside)


def _raised_tokens(doc: Doc, index: int) -> list[Token]:
    """The text layer's tokens with every raised mark a word of its own ("Fiat" "1" for "Fiat¹", "2019" "3"
    for a year with a footnote number): the word search reads a raised mark into the word before it.
    Blocks are fenced apart; empty where the page has no raised mark (memoised)."""
    key = ("name_raised_tokens", index)
    if key not in doc.memo:
        out: list[Token] = []
        seen = False
        for block in doc.page(index).get_text("dict", flags=_WORD_FLAGS)["blocks"]:
            toks: list[Token] = []
            for line in block.get("lines", ()):
                text = ""
                spans = line["spans"]
                for k, span in enumerate(spans):
                    if _raised(span, [spans[k - 1] if k else None, spans[k + 1] if k + 1 < len(spans) else None]):
                        seen = True
                        text += f" {span['text']} "
                    else:
                        text += span["text"]
                if _RAISED_RUN.search(text):
                    seen = True
                    text = _RAISED_RUN.sub(r" \1 ", text)
                toks += tokens(text, tuple(line["bbox"]), split_box=True)
            out += [*toks, _FENCE] if toks else []
        doc.memo[key] = out if seen else []
    return doc.memo[key]


def _raised_hits(doc: Doc, index: int, variants: list[str], coarse: list[Token]) -> list[Member]:
    """Members: a variant printed with a raised mark glued to it ("Greenpeace¹²", "Fiat™", "2019³", a footnote's
    "¹Greenpeace"), read with the mark a word of its own. Only on a text layer, and only where the plain text holds a word
    that is the variant's last word and a mark: one or two letters (a footnote letter), or a number or a trademark
    sign, perhaps with a word after it set with no space stored ("fiattmemploys"); or a mark and the variant's
    first word (a footnote's number before its text: "1greenpeace")."""
    if doc.facts.page(index).text_source == "ocr":
        return []
    ends = [(w[0].norm, w[-1].norm) for v in variants if (w := tokens(v))]
    if not any((t.norm.startswith(last) and _MARK_START.match(t.norm, len(last)))
               or (t.norm.endswith(first) and _MARK_LEAD.fullmatch(t.norm[: len(t.norm) - len(first)]))
               for t in coarse for first, last in ends):
        return []
    page = _raised_tokens(doc, index)
    src = _source(doc.facts.page(index))
    return [Member(page=index, bbox=union([page[i].bbox for i in range(h.start, h.end)]),
                   what=f"{src}: {_printed(page, h)!r} (a raised mark beside it set apart) matches {v!r}",
                   reader=text_reader(doc.facts.page(index)))
            for v in variants for h in find(v, page, tolerant=False)]


def _marked_inside(needle: list[str], page: list[Token]) -> list[int]:
    """Ends (exclusive) of the name with a footnote or trademark mark glued to its alphabetic last word, or a
    footnote's number glued to its first ("greenpeace12", "fiattm", "1greenpeace"), as plain text or OCR says
    it: where the mark was raised is not known."""
    first, last = needle[0], needle[-1]
    after = re.compile(rf"{re.escape(last)}{_MARK_TAIL}") if last.isalpha() and len(last) >= 3 else None
    before = re.compile(rf"\d{{1,2}}{re.escape(first)}") if first.isalpha() and len(first) >= 3 else None
    n = len(needle)
    out = []
    for j, t in enumerate(page):
        k = j - n + 1
        if after and after.fullmatch(t.norm) and k >= 0 and all(_same(needle[i], page[k + i].norm) for i in range(n - 1)):
            out.append(j + 1)
        elif before and before.fullmatch(t.norm) and j + n <= len(page) and all(_same(needle[i], page[j + i].norm) for i in range(1, n)):
            out.append(j + n)
    return out


_MARKED_WHY = "the name with a mark glued to it (a footnote number or a trademark sign, not seen raised): neither presence nor absence"


# --------------------------------------------------------------------------- squeezed text

# A squeezed reading of a page: its name_form letters and digits, the box of each, and whether
# a word starts at each (a new line, a punctuation mark, a space, or a gap wider than the letters' own).
Squeezed = tuple[str, list[BBox], list[bool]]
# Printed characters with their boxes in one reading order; True where an OCR line starts.
Stream = list[tuple[str, BBox, bool]]


@cache
def _squeezed_char(c: str) -> str:
    return "".join(x for x in name_form(c) if x.isalnum())


def _same_row(a: BBox, b: BBox) -> bool:
    return min(a[3], b[3]) - max(a[1], b[1]) >= 0.5 * min(a[3] - a[1], b[3] - b[1]) and b[0] >= a[0] - 0.5 * (b[3] - b[1])


# A gap wider than the gaps beside it by this many letter heights (the glyph box's) parts two words of a text layer. A
# word space is a quarter of an em, and a glyph box 1.2 to 1.35 em tall: at a fifth of the height Times' spaces
# (0.25 em in a 1.33 em box) parted no word, so no name ending before a word of Times text was whole ("Kyo to for").
SQUEEZE_WORD_GAP = 0.1


def _squeeze(chars: Stream, by_gaps: bool) -> Squeezed:
    """The squeezed reading of ``chars``. With ``by_gaps`` (a text layer: each glyph has its own box),
    words part where the next glyph is on another row or behind, or where the gap is wider than the
    gaps beside it by a fifth of the letter height; not where a space is stored: tracking makes MuPDF
    store a space, or a line, for every letter ("K A T H M A N D U") and each would start a word.
    Without (OCR lines), a space or a new line parts words. Either way a word also starts where letters
    meet digits: a name glued to a number ("#Portugal2020", "Office365") is the name's letters as a word."""
    kept: list[tuple[str, BBox, bool]] = []  # (squeezed, box, a word starts here by the text)
    mark = False
    for c, box, new in chars:
        got = _squeezed_char(c)
        if got:
            kept.append((got, box, mark or (new and not by_gaps)))
            mark = False
        else:
            # An apostrophe is inside a word ("O'Brien"), and so is a character that prints nothing
            # ("Xylo\u200dphone"); a space parts words only without boxes.
            mark = mark or (c not in ("'’ʼ " if by_gaps else "'’ʼ") and c not in FORMAT_CHARS)
    row = [k == 0 or not _same_row(kept[k - 1][1], kept[k][1]) for k in range(len(kept))]
    gaps = [0.0 if row[k] else kept[k][1][0] - kept[k - 1][1][2] for k in range(len(kept))]
    text: list[str] = []
    boxes: list[BBox] = []
    starts: list[bool] = []
    for k, (got, box, mark) in enumerate(kept):
        start = k == 0 or mark or (by_gaps and row[k])
        if by_gaps and not start:
            h = max(box[3] - box[1], kept[k - 1][1][3] - kept[k - 1][1][1])
            narrow = max(0.0, min((gaps[i] for i in (k - 1, k + 1) if 0 <= i < len(kept) and not row[i]), default=0.0))
            start = gaps[k] > narrow + SQUEEZE_WORD_GAP * h
        # Letters glued to a number ("#Portugal2020", "Office365") end or start a word there.
        start = start or got[0].isdigit() != kept[k - 1][0][-1].isdigit()
        for i, x in enumerate(got):
            text.append(x)
            boxes.append(box)
            starts.append(start and i == 0)
    return "".join(text), boxes, starts


def visual_order(items: list[tuple[str, BBox, bool]]) -> list[tuple[str, BBox, bool]]:
    """``items`` in the order they are seen: rows top to bottom, each left to right."""
    rows: list[list[tuple[str, BBox, bool]]] = []
    centre = 0.0
    for it in sorted(items, key=lambda t: (t[1][1] + t[1][3]) / 2):
        cy, h = (it[1][1] + it[1][3]) / 2, it[1][3] - it[1][1]
        if rows and abs(cy - centre) < max(h, 1e-6) / 2:
            rows[-1].append(it)
        else:
            rows.append([it])
            centre = cy
    return [it for row in rows for it in sorted(row, key=lambda t: t[1][0])]


def _squeezed_page(doc: Doc, index: int) -> list[Squeezed]:
    """The page squeezed in the order its text is stored and in the order it is seen (memoised).

    Glyphs drawn out of reading order ("of America" before "Bank", a word right to left), a word
    stacked a letter a line, a drop cap set apart from the rest of its word: none of them is a run
    of tokens in order, yet each is the name's letters in one of these two orders."""
    key = ("name_squeezed", index)
    if key not in doc.memo:
        facts = doc.facts.page(index)
        if facts.text_source == "ocr":
            doc.memo[key] = _squeezed_lines(facts.ocr_lines)
        else:
            import pymupdf

            # Not dehyphenated: a hyphen is a mark like any other, and the line break after it is kept.
            raw = doc.page(index).get_text("rawdict", flags=_WORD_FLAGS & ~pymupdf.TEXT_DEHYPHENATE)
            for span in (sp for block in raw["blocks"] for line in block.get("lines", ()) for sp in line["spans"]):
                span.setdefault("text", "".join(ch["c"] for ch in span["chars"]))  # a raw span says its text by characters
            # A raised mark (a footnote number, a trademark sign) prints no letter of the word it stands in ("Kyo¹to").
            stored = [(ch["c"], tuple(ch["bbox"]), False) for block in raw["blocks"] for line in block.get("lines", ())
                      for k, span in enumerate(line["spans"])
                      if not _raised(span, [line["spans"][k - 1] if k else None, line["spans"][k + 1] if k + 1 < len(line["spans"]) else None])
                      for ch in span["chars"] if not _RAISED_RUN.fullmatch(ch["c"])]
            doc.memo[key] = [_squeeze(stored, True), _squeeze(visual_order(stored), True)]
    return doc.memo[key]


def _squeezed_lines(lines: tuple[TextLine, ...]) -> list[Squeezed]:
    """OCR lines squeezed in the order they were read and in the order they are seen."""
    stored = [(c, line.bbox, k == 0) for line in lines for k, c in enumerate(line.text)]
    seen = [(c, box, k == 0) for text, box, _ in visual_order([(line.text, line.bbox, True) for line in lines]) for k, c in enumerate(text)]
    return [_squeeze(stored, False), _squeeze(seen, False)]


def _squeezed_hits(doc: Doc, index: int, variants: list[str], near: list[Member], readings: list[Squeezed] | None = None,
                   src: str | None = None, reader: Reader | None = None) -> list[Member]:
    """Doubts: a variant's letters, case, spaces, line breaks and punctuation aside, in the squeezed
    page (either order) where the token matcher took nothing.

    The hit must start and end where a word does: a short name is inside many longer words
    ("oslo" in "radio slot"), a whole-word run of letters far more rarely. Digits on both
    sides of a word gap do not join: "20 19" is two numbers, never the year 2019; nor does a name
    with a mark between digits ("9.0" is not the folio "90")."""
    out: list[Member] = []
    src = src or _source(doc.facts.page(index))
    reader = reader or text_reader(doc.facts.page(index))
    for v in variants:
        form = name_form(v)
        needle = "".join(_squeezed_char(c) for c in form)
        # A mark or space between digits is part of a number: "9.0" or "20 19" squeezed is another number.
        if not needle or re.search(r"\d[\W_]+\d", form):
            continue
        for text, boxes, starts in _squeezed_page(doc, index) if readings is None else readings:
            at = text.find(needle)
            while at >= 0:
                end = at + len(needle)
                whole = starts[at] and (end == len(text) or starts[end])
                split_number = any(starts[k] and text[k - 1].isdigit() and text[k].isdigit() for k in range(at + 1, end))
                if whole and not split_number:
                    box = union(boxes[at:end])
                    if not any(m.bbox == box or _overlap(m.bbox, box) for m in near + out):
                        out.append(Member(page=index, bbox=box, what=f"{src}: {v!r} squeezed, read across word gaps or out of order", reader=reader,
                                          why="the name's letters in order once spaces, line breaks, punctuation and the order glyphs are stored in are set aside (a drop cap, stacked letters, text drawn out of order, a name glued to a number): neither presence nor absence"))
                at = text.find(needle, at + 1)
    return out


def _overlap(a: BBox, b: BBox) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


# --------------------------------------------------------------------------- letters of another script


@cache
def look_alikes() -> dict[str, str]:
    """Letters of other scripts that look like Latin letters, as those letters (``names.look_alikes``)."""
    return {str(k): str(v) for k, v in _rules()["look_alikes"].items()}


_LOOK_ALIKE_WHY = ("the name with letters of another script that look like Latin ones (Cyrillic 'Х', 'о') read as those letters, in a word"
                   " mixing scripts: the page may show the name; neither presence nor absence")


def look_alike_hits(doc: Doc, index: int, variants: list[str]) -> list[Member]:
    """Doubts: a variant printed with letters of another script that look like Latin ones ("Хylоphone" with
    Cyrillic "Х" and "о"), in a word that mixes them with Latin letters (``text.look_alike``): read with
    them as those letters, the words match the variant exactly (the variant's own look-alike letters read
    so too). Never a member: the letters are other letters. A word all in one script ("Москва") is left
    as printed, so a Latin name never matches a Cyrillic word."""
    table = look_alikes()
    facts = doc.facts.page(index)
    ocr = facts.text_source == "ocr"
    if table.keys().isdisjoint("".join(line.text for line in facts.ocr_lines) if ocr else facts.text):
        return []  # most pages: no letter of another script that looks Latin
    key = ("name_look_alike_tokens", index)
    if key not in doc.memo:
        if ocr:
            words = [(w, line.bbox) for line in facts.ocr_lines for w in line.text.split()]
        else:
            words = [(w[4], (w[0], w[1], w[2], w[3])) for w in doc.page(index).get_text("words", flags=_WORD_FLAGS, sort=False)]
        read_page: list[Token] = []
        read_changed: list[bool] = []
        for word, box in words:
            read = look_alike(word, table)
            got = tokens(read, box)
            read_page += [Token(t.norm, t.raw, t.bbox, " " if k == 0 else t.gap, word) for k, t in enumerate(got)]
            read_changed += [read != word] * len(got)
        doc.memo[key] = (read_page, read_changed)
    page, changed = doc.memo[key]
    if not any(changed):
        return []
    out: list[Member] = []
    for v in variants:
        for h in find(look_alike(v, table, everywhere=True), page, tolerant=False):
            if any(changed[h.start:h.end]):
                out.append(Member(page=index, bbox=union([page[i].bbox for i in range(h.start, h.end)]),
                                  what=f"{_source(facts)}: {_printed(page, h)!r} read with look-alike letters as Latin ones matches {v!r}",
                                  reader=text_reader(facts),
                                  why=_LOOK_ALIKE_WHY))
    return out


# A year of a period: glued to a short prefix ("FY2010") or a fiscal year ("2010/11", its end in
# ``e``). The second year may be its last two digits ("2018-19", "2018–'19": name_form folds quotes).
_FIRST = r"(?:(?<![^\W_])[^\W\d_]{1,2})?(?<![\d.,])(?P<a>(?:19|20)\d{2})(?:/(?:\d{2}|\d{4})(?!\d))?"
_LAST = r"'?(?:[^\W\d_]{1,2}\s?'?)?(?<![\d.,])(?P<b>(?:19|20)?\d{2})(?:/(?P<e>\d{2}|\d{4}))?(?![\d])"
_PREFIX = r"(?:[^\W\d_]{1,2}\s?)?"
_DECADE = re.compile(r"(?<![\d.,])(?P<a>(?:19|20)\d0)'?s(?![^\W_])")


def _words(words: list[str]) -> str:
    return "|".join(re.escape(name_form(w)).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


@cache
def _periods() -> tuple[list[re.Pattern[str]], list[re.Pattern[str]], int]:
    """(closed periods, open ones, max_span), from rules/mentions.yaml ``names.year_ranges``."""
    r = _rules()["year_ranges"]
    # A character the text layer cannot say between two years may be any dash the page shows.
    join = rf"(?:\s*(?:{_words(r['marks'])}|{UNSAID})\s*|\s+(?:{_words(r['words'])})\s+)"
    closed = [re.compile(rf"{_FIRST}{join}{_LAST}")]
    closed += [re.compile(rf"(?<![^\W_]){_words([opening])}\s+{_PREFIX}{_FIRST}\s+(?:{_words(joins)})\s+{_LAST}")
               for opening, joins in r["pairs"].items()]
    opened = [re.compile(rf"{_FIRST}{join}(?:{_words(r['open_ends'])})(?![^\W_])"),
              re.compile(rf"(?<![^\W_])(?:{_words(r['open_starts'])})\s+{_PREFIX}{_FIRST}"),
              re.compile(rf"{_FIRST}\s+(?:{_words(r['open_after'])})(?![^\W_])")]
    return closed, opened, int(r["max_span"])


_GLUED = re.compile(r"((?:19|20)\d{2}){2,}[^\W\d_]{0,2}")


def _glued_years(page: list[Token], year: str) -> list[int]:
    """Tokens that are several years run together ("20132016p": OCR merged a legend "2013 2016P"), one of them ``year``."""
    out = []
    for j, t in enumerate(page):
        if _GLUED.fullmatch(t.norm):
            digits = re.match(r"\d+", t.norm).group(0)  # type: ignore[union-attr]
            if year in (digits[i:i + 4] for i in range(0, len(digits), 4)):
                out.append(j)
    return out


_ANY_YEAR = re.compile(r"(?<![\d.,])(?:19|20)\d{2}(?!\d)")
# A date's parts are no period: "2013/11/26" is no "2013-2026", nor "2010-12-01" a "2010-2012".
_DATE_GOES_ON = re.compile(r"[-/.]\d")
_DATE = re.compile(r"(?:19|20)\d{2}([-/.])\d{1,2}\1\d{1,2}")


def latest_year(doc: Doc) -> int:
    """The latest year any page prints (text layer or OCR), memoised: the document's present is no later than
    the year after it, so an open period ("since 2000") covers no year beyond that."""
    key = ("latest_year",)
    if key not in doc.memo:
        doc.memo[key] = max((int(m.group(0)) for p in doc.facts.pages for m in _ANY_YEAR.finditer(p.text)), default=0)
    return doc.memo[key]


def _covering(page: list[Token], year: str, latest: int) -> list[str]:
    """Printed periods ("2010-2015", "2010 to 15", "since 2010", "the 2010s": ``_periods``) that include
    ``year`` without printing it, as printed (name_form). An open period ends the year after ``latest``,
    the latest year the document prints (a report of 2018 saying "since 2000" says nothing of 2024)."""
    text = "".join((t.gap or " ") + t.raw for t in page)
    closed, opened, span = _periods()
    y = int(year)
    out = []

    def full(a: str, end: str) -> int:
        return int(end) if len(end) == 4 else int(a[:2] + end)

    for rx in closed:
        for m in rx.finditer(text):
            if _DATE_GOES_ON.match(text, m.end()) or _DATE.fullmatch(m.group(0).strip()):
                continue
            a = m.group("a")
            last = max(full(a, m.group("b")), full(a, m.group("e")) if m.group("e") else 0)
            if int(a) < y <= last and last - int(a) <= span:  # the end year too: "2018-19" covers 2019 without printing it
                out.append(m.group(0))
    for rx in opened:
        out += [m.group(0) for m in rx.finditer(text) if int(m.group("a")) < y <= min(int(m.group("a")) + span, max(latest, int(m.group("a"))) + 1)]
    out += [m.group(0) for m in _DECADE.finditer(text) if int(m.group("a")) < y <= int(m.group("a")) + 9]
    out += _short_covering(text, y, latest)
    return list(dict.fromkeys(s.strip() for s in out))


# A year end printed in two digits and marked as a year, so it is no other number: "'12", "FY12", "CY '12", "Q1'12",
# "1Q12", "H2-12", "1H12", "12Q1", "13H2", "Jan-12", "Dec'12", a season "12/13" (consecutive years; its end in ``e``).
# Group ``a`` (and ``e``) carry the two digits; the regex module lets each branch name them.
_YY_END = r"(?![\d%]|[.,]\d)"


def _year_prefixes(spanning: bool | None = None) -> str:
    """The prefixes that mark a number as a year (rules/mentions.yaml ``names.year_prefixes``) as a pattern on case-folded
    text, a period allowed after each letter ("fy", "f.y."); with ``spanning``, only those whose ``spans`` is that."""
    table = _rules()["year_prefixes"]
    keys = [k for k, v in table.items() if spanning is None or bool(v["spans"]) is spanning]
    return "|".join(r"\.?".join(re.escape(c) for c in k.lower()) for k in sorted(keys, key=len, reverse=True)) or r"(?!)"


def _part_marks(year_first: bool = False) -> str:
    """Parts of a year as printed beside a two-digit year ("q3", "3q", "h1", "1h"; with ``year_first`` only "q3", "h1",
    as in "19Q3"), from rules/mentions.yaml ``names.year_parts`` (the letter and how many a year has), case-folded."""
    out = []
    for letter, rule in _year_parts().items():
        n = f"[1-{int(rule['count'])}]"
        low = re.escape(str(letter).lower())
        out += [f"{low}{n}"] + ([] if year_first else [f"{n}{low}"])
    return "|".join(out) or r"(?!)"


def _estimate_letters() -> str:
    """Letters after a year that mark an estimate ("19/20E"), case-folded (rules/mentions.yaml ``names.estimate_letters``)."""
    return "[" + "".join(re.escape(c.lower()) for c in _rules()["estimate_letters"]) + "]"


def _short_end(g: str, months: str) -> str:
    yy = rf"(?<![\d.,])(?P<{g}>\d{{2}})"
    return ("(?:"
            rf"(?<![^\W_])'\s?{yy}{_YY_END}"  # '12
            rf"|(?<![^\W_])(?:{_year_prefixes()})\.?\s?'?\s?{yy}{_YY_END}"  # FY12, F.Y. 12, CY '12
            rf"|(?<![^\W_])(?:{_part_marks()})\s?['/-]?\s?{yy}{_YY_END}"  # Q1'12, 1Q12, H2-12, 1H12
            rf"|(?<![^\W_]){yy}\s?(?:{_part_marks(year_first=True)})(?![^\W_])"  # 12Q1, 13H2 (the year first)
            rf"|(?<![^\W_])(?:{months})\.?(?:\s?['/-]\s?|){yy}{_YY_END}"  # Jan-12, Dec'14; not "Jan 12" (a day)
            rf"|(?<![^\W_]){yy}/(?P<{g}e>\d{{2}})(?![\w%]|[/.,]\d)"  # a season 12/13
            ")")


@cache
def _short_periods() -> tuple[list[regex.Pattern[str]], list[regex.Pattern[str]]]:
    """(closed periods, open ones) with a two-digit start marked as a year (``_short_end``): "'12-'14", "FY12–14",
    "FY12-FY14", "12/13-14/15", "Q1'12 to Q4'14", "1H12–2H14", "between '12 and '14", "since FY12", "'12-present".
    The end may be two bare digits after a marked start ("FY12–14") or four ("'12–2014")."""
    r = _rules()["year_ranges"]
    months = "|".join(sorted(rulebook.load("qualifiers")["months"], key=len, reverse=True))
    join = rf"(?:\s*(?:{_words(r['marks'])}|{UNSAID})\s*|\s+(?:{_words(r['words'])})\s+)"
    first = _short_end("a", months)
    last = rf"(?:{_short_end('b', months)}|(?<![\d.,])(?P<b>(?:19|20)?\d{{2}})(?:/(?P<be>\d{{2}}))?{_YY_END})"
    closed = [regex.compile(rf"{first}{join}{last}")]
    closed += [regex.compile(rf"(?<![^\W_]){_words([opening])}\s+{first}\s+(?:{_words(joins)})\s+{last}") for opening, joins in r["pairs"].items()]
    opened = [regex.compile(rf"{first}{join}(?:{_words(r['open_ends'])})(?![^\W_])"),
              regex.compile(rf"(?<![^\W_])(?:{_words(r['open_starts'])})\s+{first}"),
              regex.compile(rf"{first}\s+(?:{_words(r['open_after'])})(?![^\W_])")]
    return closed, opened


def _century(yy: str, y: int) -> int:
    """Two-digit year ``yy`` as the latest year it may write no later than the asked year ``y`` ("12" is 2012 for
    2013; "98" is 1998 for 2001): a period that covers ``y`` starts no later than ``y``."""
    full = (y // 100) * 100 + int(yy)
    return full if full <= y else full - 100


def _after(start: int, end: str) -> int:
    """End ``end`` (two or four digits) of a period starting ``start``: four digits as printed, two the first such
    year from the start on ("'98-'02" ends 2002)."""
    if len(end) == 4:
        return int(end)
    full = (start // 100) * 100 + int(end)
    return full if full >= start else full + 100


def _short_covering(text: str, y: int, latest: int) -> list[str]:
    """Printed periods with a two-digit start marked as a year (``_short_periods``) that include ``y``, the start
    included (its two digits do not print the year): each two-digit end read with the asked year's century."""
    closed, opened = _short_periods()
    span = int(_rules()["year_ranges"]["max_span"])
    out = []
    for rx in closed:
        for m in rx.finditer(text, overlapped=True):
            a = _century(m.group("a"), y)
            last = max(_after(a, e) for e in (m.group("a"), m.group("ae"), m.group("b"), m.group("be")) if e)
            if a <= y <= last and last - a <= span:
                out.append(m.group(0))
    for rx in opened:
        for m in rx.finditer(text, overlapped=True):
            a = _century(m.group("a"), y)
            if a <= y <= min(a + span, max(latest, a) + 1):
                out.append(m.group(0))
    return out


def _short_years(page: list[Token], year: str) -> list[str]:
    """Two-digit forms that may stand for ``year`` (2019): "'19", "Q3 '19", "3Q19", "19Q3", "H1-19", "19H1", "May-19", "01.05.19",
    a period prefix (rules/mentions.yaml ``year_prefixes``: "CY19" calendar, "AY19" academic, "SY19" school, "FY19" or
    "FY19E" fiscal year: the engine also searches "FY19" as a near form, which misses the estimate's "FY19E") and a
    two-digit span of consecutive years ("18/19", "19/20", "19/20E" with an ``estimate_letters`` letter: a season, a
    school or fiscal year)."""
    text = "".join((t.gap or " ") + t.raw for t in page)
    yy = re.escape(year[2:])
    before, after = f"{(int(year) - 1) % 100:02d}", f"{(int(year) + 1) % 100:02d}"
    months = "|".join(sorted(rulebook.load("qualifiers")["months"], key=len, reverse=True))
    end = r"(?![\d%]|[.,]\d)"
    pats = [rf"(?<![\w'])'\s?{yy}{end}",  # "'19", "Q3 '19"
            rf"(?<![\w.])(?:{_part_marks()})\s?['/-]?\s?{yy}{end}",  # "3Q19", "Q3-19", "H1 19"
            rf"(?<![\w.,]){yy}\s?(?:{_part_marks(year_first=True)})(?![^\W_])",  # "19Q3", "19H1": the year first
            rf"(?<![\w])(?:{months})\.?(?:\s?['/-]\s?|){yy}{end}",  # "May-19", "May'19", "may19"; not "May 19" (a day)
            rf"(?<![\d.,])\d{{1,2}}(?P<sep>[./-])\d{{1,2}}(?P=sep){yy}{end}",  # "01.05.19", "1/5/19"
            rf"(?<![\w.])(?:(?:{_part_marks()})\s?)?(?:{_year_prefixes()})\.?\s?['/-]?\s?{yy}{end}",  # "CY19", "CY '19", "AY-19", "FY19E", "Q3FY19"
            # "18/19", "19/20", "19/20E" (an estimate, actual, forecast, projection or budget letter after it)
            rf"(?<![\w./'-])(?:{before}\s?/\s?{yy}|{yy}\s?/\s?{after}){_estimate_letters()}?(?![\w%]|[/.,]\d)"]
    return [m.group(0).strip() for p in pats for m in re.finditer(p, text)]


def _spanning_years(page: list[Token], year: str) -> list[str]:
    """Years across two calendar years (a fiscal, academic or school year: rules/mentions.yaml ``year_prefixes`` with
    ``spans``) printed with the year after ``year`` or the one before, in two digits or four ("FY14", "FY 2014E", "AY'12"
    for 2013): named by its end or its start, such a year may cover part of ``year`` without printing it."""
    text = "".join((t.gap or " ") + t.raw for t in page)
    y = int(year)
    ends = "|".join([f"{y - 1}", f"{y + 1}", f"{(y - 1) % 100:02d}", f"{(y + 1) % 100:02d}"])
    rx = rf"(?<![\w.])(?:(?:{_part_marks()})\s?)?(?:{_year_prefixes(spanning=True)})\.?\s?['/-]?\s?(?<![\d.,])(?:{ends}){_estimate_letters()}?(?![\w%]|[.,/]\d)"
    return [m.group(0).strip() for m in re.finditer(rx, text)]


def together(doc: Doc, index: int, parts: list[list[str]], window: int) -> Member | None:
    """The first place on the page where every part (any of its spellings) occurs within ``window`` words."""
    fine = _page_tokens(doc, index, boxes=True)
    hits = [[h for alt in with_respellings(tuple(alts)) for h in find(alt, fine, tolerant=False)] for alts in parts]
    if any(not h for h in hits):
        return None
    for h0 in hits[0]:
        chosen = [h0]
        for others in hits[1:]:
            close = [h for h in others if abs(h.start - h0.start) <= window]
            if not close:
                break
            chosen.append(min(close, key=lambda h: abs(h.start - h0.start)))
        else:
            lo, hi = min(h.start for h in chosen), max(h.end for h in chosen)
            boxes = [fine[i].bbox for i in range(lo, hi) if fine[i] != _FENCE]  # a fence has no place on the page
            return Member(page=index, bbox=union(boxes),
                          what=f"{_source(doc.facts.page(index))}: {' / '.join(_printed(fine, h) for h in chosen)!r} within {window} words",
                          reader=text_reader(doc.facts.page(index)))
    return None


def headless(doc: Doc, pages: tuple[int, ...], head: str, designators: list[str], heads: frozenset[str], line_start: bool,
             anywhere: bool = False) -> list[Member]:
    """Doubts: a numbered item's designator printed without its head word: glued to a shortening of the
    head ("ERR388", "v2.1" for "error 388", "version 2.1"), after another head word ("Code 388") and, with
    ``line_start``, opening a line with words after it (a heading "3.4 Results", a list mark "3. Insert");
    with ``anywhere`` (a version's dotted number: "mmdet 2.18" for "version 2.18.0"), wherever it is printed."""
    h = name_form(head)
    des = {t[0].norm for d in designators if len(t := tokens(d)) == 1}
    glued = re.compile(rf"([a-z]+)({'|'.join(re.escape(d) for d in des if d[0].isdigit())})") if any(d[0].isdigit() for d in des) else None
    out: list[Member] = []
    for index in pages:
        if page_text_status(doc.facts.page(index)) in ("blind", "empty"):
            continue
        page = _page_tokens(doc, index, boxes=False)
        facts = doc.facts.page(index)
        for j, t in enumerate(page):
            how = ""
            if t.norm in des and anywhere:
                how = "is printed (a version's dotted number, whatever precedes it)"
            elif t.norm in des:
                # A new line starts at a "\n" in the text, or (OCR lines, tokenised one by one) where no gap is stored.
                opens = j == 0 or "\n" in t.gap or t.gap == ""
                words_after = j + 1 < len(page) and page[j + 1].gap != "" and "\n" not in page[j + 1].gap  # a folio stands alone
                if line_start and opens and words_after:
                    how = "opens a line (a heading or a list mark)"
                elif j > 0 and not opens and page[j - 1].norm in heads and not _same(page[j - 1].norm, h):
                    how = f"follows another head word {page[j - 1].raw!r}"
            elif glued and (m := glued.fullmatch(t.norm)) and h.startswith(m.group(1)):
                how = f"is glued to {m.group(1)!r}, a shortening of {head!r}"
            if how:
                out.append(Member(page=index, bbox=(0.0, 0.0, facts.width, facts.height), what=f"{_source(facts)}: {t.raw!r} {how}", reader=text_reader(facts),
                                  why=f"the number of the item, printed without the word {head!r}: neither presence nor absence"))
    return out


def _contraction(short: str, long: str) -> bool:
    """``short`` abbreviates ``long``: its start ("corp"), or its first and last letters with letters of it
    between, in order ("intl", "dept", "st", "mt")."""
    if len(short) < 2 or len(short) >= len(long) or short[0] != long[0] or not (short.isalpha() and long.isalpha()):
        return False
    rest = iter(long[1:-1])
    return long.startswith(short) or (short[-1] == long[-1] and all(c in rest for c in short[1:-1]))


def _undotted_contraction(short: str, long: str, skip: frozenset[str]) -> bool:
    """``short`` may abbreviate ``long`` printed without a dot, as British style prints "St Louis", "Mt Kenya",
    "Ft Worth", "Ltd", "Intl": its first and last letters with consonants of it between, not merely its start
    (a short word often is one: "and" of "Andrews", "co"), nor a small word of ``skip`` ("as")."""
    return (short not in skip and not long.startswith(short) and not any(c in "aeiouy" for c in short[1:])
            and _contraction(short, long))


def _initials_at(page: list[Token], j: int, letters: str) -> tuple[int, bool] | None:
    """(end, dotted) when ``letters`` are printed at token ``j`` as one word ("usa"), letters joined by dots ("u.s."),
    or groups of letters joined by ampersands ("p&g", "at&t": as sure a sign of initials as dots)."""
    after = page[j + 1].gap if j + 1 < len(page) else ""
    if page[j].norm == letters:
        return j + 1, after.startswith(".") or page[j].word.endswith(".")
    end = j + len(letters)
    if end <= len(page) and all(page[j + k].norm == c for k, c in enumerate(letters)) \
            and all(page[j + k].gap.strip() == "." for k in range(1, len(letters))):
        return end, True
    got, k = "", j
    while k < len(page) and len(got) < len(letters) and (k == j or page[k].gap.strip() == "&") \
            and page[k].norm.isalpha() and len(page[k].norm) <= 3:
        got += page[k].norm
        k += 1
    return (k, True) if k > j + 1 and got == letters else None


def _other_form(asked: list[str], page: list[Token], j: int, skip: frozenset[str], capitals: frozenset[str] = frozenset()) -> int | None:
    """End of the asked words printed from token ``j`` in another form: a word shortened on either side ("Corp" for
    "Corporation", "St." for "Saint"), or several words as their initials ("U.S.", "NYC", "HP" where the page prints it
    in capitals: ``capitals``, its short words so printed, folded); None when none is, or only exactly."""

    # A shortened word must sit beside a word printed as asked ("Brambleton Corporation"); initials may stand alone.
    def go(a: int, k: int, other: bool, short: bool = False, same: bool = False) -> int | None:
        if a == len(asked):
            return k if other and (same or not short) else None
        if k >= len(page):
            return None
        p = page[k].norm
        dotted = k + 1 < len(page) and page[k + 1].gap.startswith(".") or page[k].word.endswith(".")
        steps = [(a + 1, k + 1, other, short, True)] if _same(asked[a], p) else []
        if _contraction(asked[a], p) or ((dotted or _undotted_contraction(p, asked[a], skip)) and _contraction(p, asked[a])):
            steps.append((a + 1, k + 1, True, True, same))
        for n in range(2, len(asked) - a + 1):
            words = asked[a:a + n]
            for letters in {"".join(w[0] for w in words), "".join(w[0] for w in words if w not in skip)}:
                got = _initials_at(page, k, letters) if len(letters) >= 2 and words[-1] not in skip else None
                # two undotted letters alone ("ny") are too common to stand for a whole name, unless printed in
                # capitals as initials are ("HP" for "Hewlett-Packard", "NY" for "New York"), one for each word
                # ("PG" leaves out the "&" of "Procter & Gamble", whose initials keep it: "P&G")
                if got and (got[1] or len(letters) >= 3 or a > 0 or a + n < len(asked)
                            or (page[k].norm == letters and letters in capitals
                                and all(len(w) >= 3 and w.isalpha() and w not in skip for w in words))):
                    steps.append((a + n, got[0], True, short, same))
        return next((e for s in steps if (e := go(*s)) is not None), None)

    return go(0, j, False)


def _read_pages(doc: Doc, pages: tuple[int, ...], boxes: bool, lazy: bool = False) -> Iterator[tuple[int, PageFacts, list[Token]]]:
    """(index, facts, tokens) of each page some text was read from; blind and empty pages are left out (the
    exact search has already said they cannot be measured). ``lazy``: no tokens (an empty list)."""
    for index in pages:
        facts = doc.facts.page(index)
        if page_text_status(facts) not in ("blind", "empty"):
            yield index, facts, [] if lazy else _page_tokens(doc, index, boxes=boxes)


def other_forms(doc: Doc, pages: tuple[int, ...], name: str, skip: frozenset[str]) -> list[Member]:
    """Doubts: the name printed with a word abbreviated or expanded, or with words as their initials
    (``_other_form``); ``skip``: small words initials may leave out ("of" in "USA")."""
    asked = [t.norm for t in tokens(name)]
    out: list[Member] = []
    if len(asked) < 2:
        return out
    for index, facts, page in _read_pages(doc, pages, boxes=False):
        text = "\n".join(line.text for line in facts.ocr_lines) if facts.text_source == "ocr" else facts.text
        # Initials in capitals, one for each word ("HP"); a name joined by "&" or "and" keeps its joiner in them ("P&G").
        joined = re.search(r"&|\band\b", name, re.I) is not None
        capitals = frozenset() if joined else frozenset(
            w.casefold() for w in regex.findall(r"(?<![\p{L}\p{N}])\p{Lu}{2,3}(?![\p{L}\p{N}])", text))
        for j, t in enumerate(page):
            if t.norm[0] == asked[0][0] and (end := _other_form(asked, page, j, skip, capitals)) is not None:
                printed = "".join((page[i].gap if i > j else "") + page[i].raw for i in range(j, end))
                out.append(Member(page=index, bbox=(0.0, 0.0, facts.width, facts.height), what=f"{_source(facts)}: {printed!r} may be {name!r}", reader=text_reader(facts),
                                  why="the name in another form (a word abbreviated or spelt out, initials): neither presence nor absence"))
    return out


def derived(asked: str, printed: str) -> bool:
    """``printed`` is the word ``asked`` with another ending ("european"/"europe", "chinese"/"china",
    "methodology"/"methods"), by rules/mentions.yaml ``names.derived``; False for the same word."""
    if not (asked.isalpha() and printed.isalpha()) or forms(asked) & forms(printed):
        return False
    rule = _rules()["derived"]
    endings = sorted(set(rule["endings"]), key=len)
    for a in forms(asked):
        stems = {a[:len(a) - len(e)]: e for e in endings if a.endswith(e) and len(a) - len(e) >= int(rule["min_stem"])}
        for p in forms(printed):
            if any(p.endswith(e) and p[:len(p) - len(e)] in stems and stems[p[:len(p) - len(e)]] != e for e in endings):
                return True
    return False


def _lower_case(t: Token) -> bool:
    """The text layer prints token ``t`` starting with a lower-case letter ("technical" in a sentence is
    no name's other ending); False where the case is not known (OCR)."""
    at = name_form(t.word).find(t.raw) if t.word else -1
    return at >= 0 and len(name_form(t.word)) == len(t.word) and t.word[at].islower()


def derived_forms(doc: Doc, pages: tuple[int, ...], word: str) -> list[Member]:
    """Doubts: ``word`` printed with another ending (``derived``), each with its page and box; a capitalised
    word (a name) only where the page capitalises it too. Pages no text was read from are not searched
    (the exact search has already said they cannot be measured)."""
    asked = tokens(word)
    out: list[Member] = []
    if len(asked) != 1:
        return out
    for index, facts, page in _read_pages(doc, pages, boxes=True):
        for t in page:
            if derived(asked[0].norm, t.norm) and not (word[:1].isupper() and _lower_case(t)):
                out.append(Member(page=index, bbox=t.bbox, what=f"{_source(facts)}: {t.raw!r} may be {word!r} with another ending", reader=text_reader(facts),
                                  why="the word with another ending (an adjective for its noun, a noun for its adjective): neither presence nor absence"))
    return out


# A name that is a word and a number ("COVID-19", "Ebola 2014"): the word is a name of its own.
_WORD_NUMBER = re.compile(r"^(?P<head>[^\W\d_]{3,})[-\s]?\d+(?:\.\d+)*[^\W\d_]?$")


def numberless_head(doc: Doc, pages: tuple[int, ...], name: str) -> list[Member]:
    """Doubts: the word of a word-and-number name ("Covid" of "COVID-19") printed, but never with any number
    after it: the document may call the asked thing by its word alone. Where the word is printed with
    another number ("GPT-4" for "GPT-4o", "Windows 10" for "Windows 9"), it names other things: no doubt."""
    m = _WORD_NUMBER.match(name.strip())
    if not m:
        return []
    head = forms(name_form(m.group("head")))
    alone: list[Member] = []
    for index, facts, page in _read_pages(doc, pages, boxes=True):
        for j, t in enumerate(page):
            glued = re.match(r"([^\W\d_]+)\d", t.norm)
            if glued and forms(glued.group(1)) & head:
                return []
            if not forms(t.norm) & head:
                continue
            after = page[j + 1] if j + 1 < len(page) else None
            if after is not None and "\n" not in after.gap and after.norm[:1].isdigit():
                return []
            alone.append(Member(page=index, bbox=t.bbox, what=f"{_source(facts)}: {t.raw!r} printed without a number may be {name!r}", reader=text_reader(facts),
                                why="the word of a word-and-number name, printed never with any number: neither presence nor absence"))
    return alone


def shortened_head(doc: Doc, pages: tuple[int, ...], name: str) -> list[Member]:
    """Doubts: a word-and-number name ("Windows 10", "Win10") printed with its word shortened or spelt out and the
    same number, glued or apart ("Win10", "Windows 10"): the word is the start of the other, or its first and last
    letters with letters of it between (``_contraction``), three letters or more. Another number is another thing."""
    m = _WORD_NUMBER.match(name.strip())
    if not m:
        return []
    head = name_form(m.group("head"))
    number = re.sub(r"^[^\W\d_]+[-\s]?", "", name_form(name.strip()))
    out: list[Member] = []

    def other(word: str) -> bool:
        return len(word) >= 3 and word != head and not forms(word) & forms(head) and (_contraction(word, head) or _contraction(head, word))

    for index, facts, page in _read_pages(doc, pages, boxes=True):
        for j, t in enumerate(page):
            glued = re.fullmatch(r"([^\W\d_]+)-?(\d.*)", t.norm)
            after = page[j + 1] if j + 1 < len(page) else None
            if glued and glued.group(2) == number and other(glued.group(1)):
                box = t.bbox
            elif after is not None and "\n" not in after.gap and after.norm == number and other(t.norm):
                box = union([t.bbox, after.bbox])
            else:
                continue
            out.append(Member(page=index, bbox=box, what=f"{_source(facts)}: {t.raw!r} and its number may be {name!r}", reader=text_reader(facts),
                              why="the word of a word-and-number name shortened or spelt out, with the same number: neither presence nor absence"))
    return out


# A word the question writes in capitals, 2-6 letters, perhaps with small words' letters in lower case
# ("NATO", "NYC", "DoQA", "MoMA"): it may be the initials of words the document prints in full.
# The small words a lower-case letter of an acronym stands for ("of" in "DoE", "and" in "R&D"-like "RaD").
_ACRONYM_SMALL = ("of", "and", "for", "the", "on", "in", "to", "at", "de", "du", "der", "la")
_ACRONYM = regex.compile(r"^(?=(?:\p{Lu}.*){2})\p{Lu}[\p{Lu}\p{Ll}]{1,5}$")
# Initials joined by an ampersand ("P&G", "AT&T", "S&P"): the words on either side of "&" or "and".
_AMPERSAND = regex.compile(r"^\p{Lu}{1,3}(?:&\p{Lu}{1,3})+$")


def _spelt_pattern(name: str, skip: frozenset[str]) -> regex.Pattern[str] | None:
    """A pattern for ``name`` with each acronym word spelt out as capitalised words whose initials it is
    (small words of ``skip`` may stand between them, or give a lower-case letter); None without an acronym."""
    words = name.split()
    if not any(_ACRONYM.match(w) or _AMPERSAND.match(w) for w in words):
        return None
    small = "|".join(sorted((regex.escape(w) for w in skip), key=len, reverse=True))
    gap = rf"[\s\-]+(?:(?i:{small})[\s\-]+)*"
    parts = []
    for w in words:
        if _AMPERSAND.match(w):
            # each side spelt out ("Procter and Gamble") or kept as its letters ("AT and T")
            spelt = [gap.join(rf"{c}[\p{{L}}’'.]+" for c in g) for g in w.split("&")]
            groups = [f"(?:{regex.escape(g)}|{x})" for g, x in zip(w.split("&"), spelt)]
            parts.append(r"\s*(?:&|(?i:and))\s*".join(groups))
            continue
        if not _ACRONYM.match(w):
            parts.append(rf"(?i:{regex.escape(w)})")
            continue
        letters = []
        for c in w:
            if c.isupper():
                letters.append(rf"{c}[\p{{L}}’'.]+")
            else:
                options = [regex.escape(x) for x in _ACRONYM_SMALL if x.startswith(c)]
                if not options:
                    return None
                letters.append(rf"(?:{'|'.join(options)})")
        parts.append(gap.join(letters))
    # Ends at a word's end, not inside a hyphenated one ("Co" of "Co-supervisor").
    return regex.compile(r"(?<![\p{L}\p{N}\-])" + r"[\s\-]+".join(parts) + r"(?![\p{L}\p{N}]|-\p{L})")


def spelt_out(doc: Doc, pages: tuple[int, ...], name: str, skip: frozenset[str]) -> list[Member]:
    """Doubts: ``name`` with a word it writes in capitals printed in full ("North Atlantic Treaty Organization"
    for "NATO", "New York Times" for "NY Times"). The page's text as printed, case kept: initials are capitals."""
    pattern = _spelt_pattern(name, skip)
    out: list[Member] = []
    if pattern is None:
        return out
    for index in pages:
        facts = doc.facts.page(index)
        if page_text_status(facts) in ("blind", "empty"):
            continue
        lines = [line.text for line in facts.ocr_lines] if facts.text_source == "ocr" else [facts.text]
        for text in lines:
            if m := pattern.search(" ".join(text.split())):
                out.append(Member(page=index, bbox=(0.0, 0.0, facts.width, facts.height), what=f"{_source(facts)}: {m.group(0)!r} may be {name!r}", reader=text_reader(facts),
                                  why="an acronym of the name spelt out: neither presence nor absence"))
                break
    return out


_SUFFIX = {1: "st", 2: "nd", 3: "rd"}

# Parts of a year a question may name in one form and a document print in another: "3Q19", "Q3 2019", "Q3'19",
# "Q3 FY2019", "third quarter of 2019", "3rd qtr 2019"; "H1 2020", "1H20", "first half of 2020". Each part: the
# letter it is written with, how many there are in a year, and the words for it (rules/mentions.yaml ``names.year_parts``).
def _year_parts() -> dict[str, Any]:
    return _rules()["year_parts"]


def year_part(name: str) -> tuple[str, int, str | None] | None:
    """(letter, number, year or None) when ``name`` names a part of a year in one of its forms (rules/mentions.yaml
    ``year_parts``): "Q3", "3Q", "3Q19", "Q3'19", "Q3 2019", "Q3 FY19", "H1", "1H20"; None otherwise."""
    parts = _year_parts()
    letters = "".join(re.escape(str(k)) for k in parts)
    m = re.fullmatch(rf"(?:(?P<l1>[{letters}])(?P<n1>\d)|(?P<n2>\d)(?P<l2>[{letters}]))"
                     r"(?:[\s\-/]*(?:FY|F\.Y\.)?\s*['’]?(?P<y>(?:19|20)\d{2}|\d{2}))?", name.strip(), re.IGNORECASE)
    if m is None:
        return None
    letter = next(k for k in parts if str(k).lower() == (m.group("l1") or m.group("l2")).lower())
    n = int(m.group("n1") or m.group("n2"))
    if not 1 <= n <= int(parts[letter]["count"]):
        return None
    y = m.group("y")
    return str(letter), n, (y if y is None or len(y) == 4 else "20" + y)


@cache
def _year_part_pattern(letter: str, n: int) -> regex.Pattern[str]:
    """Every printed form of part ``n`` of a year written ``letter`` ("Q3", "3Q", "third quarter", "3rd qtr"), with the
    year that may follow it ("Q3 2019", "3Q19", "Q3'19", "third quarter of fiscal 2019") or come before it ("FY19 Q3", "2019Q3")."""
    rule = _year_parts()[letter]
    ordinals = [w for w, k in rulebook.load("vocabulary")["ordinal_words"].items() if int(k) == n]
    words = "|".join(sorted((regex.escape(str(w)) for w in rule["words"]), key=len, reverse=True))
    spelt = "|".join([*map(regex.escape, ordinals), f"{n}{_SUFFIX.get(n, 'th')}"])
    year = r"(?:FY|F\.Y\.|fiscal(?:\s+year)?|financial\s+year)?\s*['’]?(?P<{g}>(?:19|20)\d{{2}}|\d{{2}})(?!\d)"
    after = rf"(?:[\s,\-/]*(?:of\s+|in\s+)?(?:the\s+)?{year.format(g='y')})?"
    before = rf"(?:{year.format(g='y0')}[\s\-/]*)?"
    body = (rf"(?:{letter}\s?{n}(?!\d)|{letter}{n}(?=['’]?\d{{2}}(?!\d))|{n}\s?{letter}(?![^\W\d_])|{n}{letter}(?=\d{{2}}(?!\d))"
            rf"|(?:{spelt})[\s\-]+(?:(?:fiscal|financial|calendar)\s+)?(?:{words}))")
    return regex.compile(rf"(?<![\p{{L}}\p{{N}}]){before}{body}{after}(?![\p{{L}}])", regex.IGNORECASE)


def _part_months(letter: str, n: int) -> frozenset[int]:
    """The months of part ``n`` of a year written ``letter`` (Q3: July to September; H1: January to June), a year's
    twelve months shared evenly among its parts (rules/mentions.yaml ``year_parts`` ``count``)."""
    size = 12 // int(_year_parts()[letter]["count"])
    return frozenset(range((n - 1) * size + 1, n * size + 1))


@cache
def _month_words() -> tuple[regex.Pattern[str], dict[str, int]]:
    """A month's name or short form as a whole word, and each form's month (rules/qualifiers.yaml ``months``)."""
    months = {str(k).lower(): int(v) for k, v in rulebook.load("qualifiers")["months"].items()}
    alt = "|".join(sorted(map(regex.escape, months), key=len, reverse=True))
    return regex.compile(rf"(?<![\p{{L}}\p{{N}}])(?:{alt})\.?(?![\p{{L}}])", regex.IGNORECASE), months


def _month_inside(line: str, months: frozenset[int], years: frozenset[str]) -> str | None:
    """A month of ``months`` printed capitalised on ``line`` ("Jul–Sep 2019", "August 2019" for Q3 2019), the line
    printing one of ``years`` or no year at all (its four digits, or two after an apostrophe); None otherwise."""
    rx, number = _month_words()
    said = set(regex.findall(r"(?<![\d.,])(?:19|20)\d{2}(?![\d%])", line))
    said |= {(max(years)[:2] if years else "20") + y for y in regex.findall(r"['’](\d{2})(?!\d)", line)}  # the asked century
    if years and said and not said & years:
        return None
    for m in rx.finditer(line):
        if m.group(0)[:1].isupper() and number[m.group(0).rstrip(".").lower()] in months:
            return m.group(0)
    return None


def period_forms(doc: Doc, pages: tuple[int, ...], name: str) -> list[Member]:
    """Doubts: the part of a year ``name`` names ("3Q19", "H1") printed in another of its forms ("Q3 2019", "third
    quarter of 2019", "1H20", "first half"), or one of its months ("Jul–Sep 2019", "August 2019" for 3Q19, "January to
    June" for H1: the part covered without being named): with the asked year, or with no year beside it (the page
    may say the year elsewhere); not with another year. The page's text as printed, line by line."""
    part = year_part(name)
    out: list[Member] = []
    if part is None:
        return out
    letter, n, asked_year = part
    pattern = _year_part_pattern(letter, n)
    # A fiscal year's part ("Q3FY19", "Q3 FY2019") is no fixed months: a fiscal year may start in any month of the
    # year before its name's or of its own, and end in the year after it.
    fiscal = regex.search(r"(?i)F\.?Y", name) is not None
    inside = frozenset(range(1, 13)) if fiscal else _part_months(letter, n)
    years = frozenset() if not asked_year else frozenset({asked_year} | ({str(int(asked_year) + k) for k in (-1, 1)} if fiscal else set()))
    for index in pages:
        facts = doc.facts.page(index)
        if page_text_status(facts) in ("blind", "empty"):
            continue
        lines = [line.text for line in facts.ocr_lines] if facts.text_source == "ocr" else facts.text.splitlines()
        for text in lines:
            for m in pattern.finditer(" ".join(text.split())):
                said = m.group("y") or m.group("y0")
                # Two digits after a plain space may be no year ("Q3 15 units"): the part is printed, its year unsaid.
                loose = m.group("y") is not None and len(said) == 2 and m.group(0)[m.start("y") - m.start() - 1:m.start("y") - m.start()] == " " \
                    and not regex.search(r"(?i)FY|F\.Y\.|fiscal|financial", m.group(0))
                if asked_year and said and not loose and (said if len(said) == 4 else "20" + said) != asked_year:
                    continue
                out.append(Member(page=index, bbox=(0.0, 0.0, facts.width, facts.height), what=f"{_source(facts)}: {m.group(0)!r} may be {name!r}",
                                  reader=text_reader(facts), why="the same part of a year written another way (\"Q3 2019\", \"3Q19\", \"third "
                                  "quarter of 2019\"): neither presence nor absence"))
                break
            else:
                if (month := _month_inside(" ".join(text.split()), inside, years)) is None:
                    continue
                out.append(Member(page=index, bbox=(0.0, 0.0, facts.width, facts.height),
                                  what=f"{_source(facts)}: {month!r} may be a month of {name!r}: {' '.join(text.split())[:80]!r}",
                                  reader=text_reader(facts), why="a month inside the part of a year (\"Jul–Sep 2019\" for 3Q19): the part "
                                  "may be covered without being named, neither presence nor absence"))
            break
    return out


def _edges(doc: Doc, index: int) -> list[tuple[str, str]]:
    """(first line, last line) of each text block of a page (each OCR line on an OCR page), in stored order (memoised)."""
    key = ("name_edges", index)
    if key not in doc.memo:
        facts = doc.facts.page(index)
        if facts.text_source == "ocr":
            texts = [line.text for line in facts.ocr_lines]
        else:
            texts = [b[4] for b in doc.page(index).get_text("blocks") if b[6] == 0]
        lines = [[x for x in t.split("\n") if x.strip()] for t in texts]
        doc.memo[key] = [(ls[0], ls[-1]) for ls in lines if ls]
    return doc.memo[key]


def junction_hits(doc: Doc, pages: tuple[int, ...], variants: list[str]) -> list[Member]:
    """Doubts: a variant read across the end of one text block and the start of another on the page or
    the next one: a word hyphenated or a name's words parted by a page break, a column break, or a box
    stored between two columns. The blocks' order says nothing of reading order, so it is never a member."""
    needles = [[t.norm for t in tokens(v)] for v in variants]
    words = {w for n in needles for w in n}
    out: list[Member] = []
    readable = [p for p in pages if page_text_status(doc.facts.page(p)) not in ("blind", "empty")]
    for index in readable:
        edges = _edges(doc, index)
        # Across a page break only the page's last two blocks (a folio may be the last) and the next page's first two.
        after = [(index + 1, e) for e in (_edges(doc, index + 1)[:2] if index + 1 in readable else [])]
        for k, tail_block in enumerate(edges):
            heads = [(index, e) for e in edges] + (after if k >= len(edges) - 2 else [])
            tail = tail_block[1]
            # read with look-alike letters as Latin ones: the word's other part, on another line, may be in Latin letters
            last = tokens(look_alike(tail, look_alikes(), everywhere=True))[-1:] if tail.strip() else []
            # The tail must end with a word of the name, or with the start of one before a hyphen.
            if not last or not any(_same(last[0].norm, w) or (_HYPHEN_END.search(tail) and w.startswith(last[0].norm)) for w in words):
                continue
            for at, head_block in heads:
                if head_block is tail_block:
                    continue
                joined = [f"{tail}\n{head_block[0]}", f"{tail.rstrip().rstrip('-‐‑')}{head_block[0]}"]  # parted, or broken without a hyphen
                # A part set with letters of another script that look like Latin ones ("Kyо-" with a Cyrillic "о"): read as those letters.
                joined += [x for text in joined if (x := look_alike(text, look_alikes())) != text]
                hit = next((v for v in variants for text in joined if find(v, reading(tokens(text)), tolerant=False)), None)
                if hit is not None:
                    facts = doc.facts.page(index)
                    where = "the next page" if at != index else "another text block"
                    out.append(Member(page=index, bbox=(0.0, 0.0, facts.width, facts.height),
                                      what=f"{_source(facts)}: {tail.strip()[-30:]!r} + {head_block[0].strip()[:30]!r} ({where}) read together match {hit!r}",
                                      reader=text_reader(facts),
                                      why="the end of a text block and the start of another read as one: a page, column or box break may part the name, or not"))
    return out


def page_break_doubts(doc: Doc, pages: tuple[int, ...], variants: list[str]) -> list[Member]:
    """Doubts: a variant read across a page break from any line of one page that ends in a hyphen glued to a letter
    ("Kyo-") and any line of the next page ("to ..."), on a page of ``pages`` either side of the break; letters of
    another script that look like Latin ones are read as those letters ("Kyо-" with a Cyrillic "о"). ``junction_hits``
    reads only a page's last two text blocks with the next page's first two: a running footer of two blocks (a title and
    a folio), or a header stored first, leaves the broken word's line outside them. Which line of the next page goes on
    is not known, so each is tried (as text_search.page_break_hits does for a string): never a member. Read from the
    pages' cached text, no extraction."""
    table = look_alikes()
    needles = [[t.norm for t in tokens(v)] for v in variants]
    words = {w for n in needles for w in n}
    n = doc.facts.page_count

    def text(p: int) -> str:
        facts = doc.facts.page(p)
        return facts.text if page_text_status(facts) not in ("blind", "empty") else ""

    out: list[Member] = []
    for index in pages:
        facts = doc.facts.page(index)
        for tail_page in (index - 1, index):
            if not 1 <= tail_page < n:
                continue
            tails = []
            for line in text(tail_page).splitlines():
                said = look_alike(line, table, everywhere=True)
                last = tokens(said)[-1:] if _HYPHEN_END.search(said) else []
                if last and any(w.startswith(last[0].norm) for w in words):
                    tails.append(line)
            heads = [line for line in text(tail_page + 1).splitlines() if line.strip()] if tails else []
            for a, b in ((a, b) for a in tails for b in heads):
                joined = look_alike(f"{a.rstrip().rstrip('-‐‑')}{b}", table)
                hit = next((v for v in variants if find(v, reading(tokens(joined)), tolerant=False)), None)
                if hit is not None:
                    out.append(Member(page=index, bbox=(0.0, 0.0, facts.width, facts.height),
                                      what=f"{_source(facts)}: {a.strip()[-30:]!r} (p{tail_page}) + {b.strip()[:30]!r} (p{tail_page + 1}) read together match {hit!r}",
                                      reader=text_reader(facts),
                                      why="a word hyphenated across a page break: a line of one page ends in a hyphen glued to the word's start, "
                                          "a line of the next page may go on with the rest (which line is not known): neither presence nor absence"))
                    break
    return out


def _layer_lines(doc: Doc, index: int) -> tuple[TextLine, ...]:
    """The page's lines with their boxes: OCR lines, or the text layer's lines (memoised)."""
    facts = doc.facts.page(index)
    if facts.text_source == "ocr":
        return facts.ocr_lines
    key = ("name_layer_lines", index)
    if key not in doc.memo:
        doc.memo[key] = tuple(TextLine(text=text, bbox=tuple(ln["bbox"]))
                              for b in doc.page(index).get_text("dict", flags=_WORD_FLAGS & ~_dehyphenate())["blocks"]
                              for ln in b.get("lines", ()) if (text := "".join(sp["text"] for sp in ln["spans"])).strip())
    return doc.memo[key]


def _dehyphenate() -> int:
    import pymupdf

    return pymupdf.TEXT_DEHYPHENATE


def below_hits(doc: Doc, pages: tuple[int, ...], variants: list[str]) -> list[Member]:
    """Doubts: a variant read across a line that ends in a hyphen after a letter and the line printed right
    below it ("Brambleton Hol-" / "dings Ltd" in one table cell), wherever the text layer stores the two: a
    table stored row by row puts the next cell's text between them, so neither the stored order nor the
    text blocks join them. Where the line below stands is a tuned reading of the layout: never a member."""
    out: list[Member] = []
    for index, facts, _ in _read_pages(doc, pages, boxes=False, lazy=True):
        text = "\n".join(line.text for line in facts.ocr_lines) if facts.text_source == "ocr" else facts.text
        if not re.search(r"[^\W\d_][-‐‑]\s*\n", text):
            continue
        for a, b in _broken_lines(_layer_lines(doc, index)):
            page = reading(tokens(f"{a.text}\n{b.text}"))
            hit = next((v for v in variants if find(v, page, tolerant=False)), None)
            if hit is not None:
                out.append(Member(page=index, bbox=union([a.bbox, b.bbox]), what=f"{_source(facts)}: {a.text.strip()[-30:]!r} + {b.text.strip()[:30]!r} (the line below) read together match {hit!r}",
                                  reader=text_reader(facts),
                                  why="a word hyphenated at a line end, read with the line printed right below it (a table cell stored row by row): neither presence nor absence"))
    return out


# A character the layer cannot say stands for this many letters at most (a lost ligature: "ffi").
UNSAID_SPAN = 3


def _unsaid_match(needle: str, line: str) -> bool:
    """``needle`` (letters and digits) spelt in ``line`` with characters the layer cannot say standing
    for one to UNSAID_SPAN of its letters, at least one of them, and at least half its letters (two at
    least) printed; spaces and marks between are passed over, the ends fall on word boundaries."""
    chars = [(i, c) for i, c in enumerate(line) if c.isalnum() or UNSAID_RX.match(c)]
    need = len(needle)
    floor = max(2, (need + 1) // 2)

    def ends_word(j: int) -> bool:
        last = chars[j - 1][0]
        return last + 1 >= len(line) or not line[last + 1].isalnum()

    def go(k: int, j: int, literal: int, wild: bool) -> int | None:
        if k == need:
            return j if wild and literal >= floor and ends_word(j) else None
        if j >= len(chars):
            return None
        c = chars[j][1]
        if UNSAID_RX.match(c):
            for n in range(1, UNSAID_SPAN + 1):
                if k + n <= need and (end := go(k + n, j + 1, literal, True)) is not None:
                    return end
            return None
        return go(k + 1, j + 1, literal + 1, wild) if c == needle[k] else None

    for start in range(len(chars)):
        i = chars[start][0]
        if i and line[i - 1].isalnum():
            continue
        if go(0, start, 0, False) is not None:
            return True
    return False


def unsaid_hits(doc: Doc, pages: tuple[int, ...], variants: list[str]) -> list[Member]:
    """Lines where a name may be printed with letters the text layer cannot say ("Q\\x00rvane" for
    "Qorvane": a font with no Unicode for a glyph leaves NUL, U+FFFD or a private-use code): the
    page may show the name. Neither presence nor absence: a doubt. Only adds doubts."""
    needles = {alnum(name_form(v)) for v in variants} - {""}
    out: list[Member] = []
    for index in pages:
        facts = doc.facts.page(index)
        text = facts.text if facts.text_source == "layer" else ""
        if not UNSAID_RX.search(text):
            continue
        boxes = {name_form("".join(s["text"] for s in ln["spans"])).strip(): tuple(ln["bbox"])
                 for b in doc.page(index).get_text("dict")["blocks"] for ln in b.get("lines", ())}
        for line in name_form(text).splitlines():
            if UNSAID_RX.search(line) and any(_unsaid_match(n, line) for n in needles):
                box = boxes.get(line.strip(), (0.0, 0.0, facts.width, facts.height))
                out.append(Member(page=index, bbox=box, what=f"line {line.strip()[:80]!r}", reader=text_reader(facts),
                                  why="the name's letters where the text layer cannot say some characters (a font with no "
                                      "Unicode for a glyph): the page may show the name"))
    return out


_GLYPH_MAP_WHY = ("the name's letters recoded one to one by a font's character map that names its glyphs wrongly (one letter read as "
                  "another wherever it stands, glyph numbers read as codes, small capitals named from another table): the page "
                  "may print the name while its layer spells other characters; neither presence nor absence")


def _text_glyphs(text: str) -> list[glyph_maps.Glyph]:
    """A page's stored text as glyphs without boxes (a word starts after a space or a line break)."""
    out: list[glyph_maps.Glyph] = []
    start = True
    for c in text:
        out.append((c, (0.0, 0.0, 0.0, 0.0), start or c.isspace()))
        start = c.isspace()
    return out


def _glyph_map_found(glyphs: list[glyph_maps.Glyph], variants: list[str]) -> list[BBox]:
    boxes: list[BBox] = []
    for v in variants:
        boxes += [f[0] for f in glyph_maps.misnamed_glyph_hits(glyphs, v, "text layer", whole_words=True, recurring=True)]
        boxes += [f[0] for f in glyph_maps.recoded_glyph_hits(glyphs, v, "text layer")]
    return boxes


def _stored_text(doc: Doc, index: int) -> glyph_maps.StoredText:
    key = ("stored_text_screen", index)
    if key not in doc.memo:
        doc.memo[key] = glyph_maps.StoredText(doc.facts.page(index).text)
    return doc.memo[key]


def glyph_map_hits(doc: Doc, pages: tuple[int, ...], variants: list[str]) -> list[Member]:
    """Where a text layer spells a name with its letters recoded one to one, as whole words (glyph_maps: a letter read
    as another wherever it stands, where it recurs in the name; every character moved by one distance, as glyph numbers
    read as codes, ",BOHBSPP" for "Kangaroo"; or read as characters that are no ASCII letter or digit, small capitals
    named from another table, "KĵƿƄĵǡǈǈ"): the page may print the name. Doubts only. A page whose stored text may hold
    such words (``StoredText``, memoised) is read glyph by glyph for their boxes; where that reading finds none, the
    stored text is searched so, and a hit there is a doubt with the page's box."""
    out: list[Member] = []
    for index in pages:
        facts = doc.facts.page(index)
        if facts.text_source != "layer" or not facts.text.strip() or not any(_stored_text(doc, index).may_hold(v) for v in variants):
            continue
        page = doc.page(index)
        boxes = _glyph_map_found(glyph_maps.layer_glyphs(page, page.rect), variants)
        if not boxes and _glyph_map_found(_text_glyphs(facts.text), variants):
            boxes = [(0.0, 0.0, facts.width, facts.height)]
        kept: list[BBox] = []
        for box in boxes:
            if not any(_overlap(box, k) for k in kept):
                kept.append(box)
        src = _source(facts)
        out += [Member(page=index, bbox=b, what=f"{src}: words that read as {variants[0]!r} recoded one to one", reader=text_reader(facts),
                       why=_GLYPH_MAP_WHY) for b in kept]
    return out


def unprinted_sayings(doc: Doc, variants: list[str]) -> list[str]:
    """Where the document names a variant outside its pages, as a note: an outline (bookmark) title, shown in a viewer's
    side panel, or a metadata field (title, subject, author, keywords), shown in its title bar or properties. No page
    prints those words, so they are no mention on a page; the note says where they are."""
    key = ("unprinted_sayings",)
    if key not in doc.memo:
        said: list[tuple[str, str]] = []
        try:
            said += [(f"outline (bookmark to p{p})" if p > 0 else "outline (bookmark)", str(title)) for _, title, p, *_ in doc.pdf.get_toc(simple=True)]
        except Exception:
            pass
        said += [(f"metadata {k}", str(v)) for k, v in (doc.pdf.metadata or {}).items() if k in ("title", "subject", "author", "keywords") and v]
        doc.memo[key] = [(where, text, tokens(text)) for where, text in said]
    out = []
    for where, text, toks in doc.memo[key]:
        if any(h.exact for v in variants for h in find(v, toks, tolerant=False)):
            out.append(f"{where}: {text[:80]!r}")
    return out


ALT_WHY = ("in a structure element's alternative text (/Alt: what a screen reader says for a figure or formula), printed on"
           " no page: the figure it describes may show the name; neither presence nor absence")
ALT_UNREAD_WHY = "the document's structure tree could not be read: a figure's alternative text may hold it"
# A structure element names its page by /Pg, or inherits it from its parent (/P); the walk up stops here.
_PARENT_DEPTH = 32


def alt_sayings(doc: Doc) -> list[tuple[int | None, str]] | None:
    """(page or None when no element up the tree names one, text) for every structure element of a tagged document
    that carries alternative text (/Alt); [] for an untagged one, None when the tree cannot be read. Elements are read
    as indirect objects; one written inline in its parent's kids is not seen."""
    key = ("alt_sayings",)
    if key in doc.memo:
        return doc.memo[key]
    pdf = doc.pdf
    out: list[tuple[int | None, str]] | None = []
    try:
        if pdf.xref_get_key(pdf.pdf_catalog(), "StructTreeRoot")[0] in ("null", "none"):
            doc.memo[key] = out
            return out
        pages = {pdf[i].xref: i + 1 for i in range(pdf.page_count)}

        def page_of(x: int) -> int | None:
            for _ in range(_PARENT_DEPTH):
                kind, value = pdf.xref_get_key(x, "Pg")
                if kind == "xref":
                    return pages.get(int(value.split()[0]))
                kind, value = pdf.xref_get_key(x, "P")
                if kind != "xref":
                    return None
                x = int(value.split()[0])
            return None

        for x in range(1, pdf.xref_length()):
            kind, value = pdf.xref_get_key(x, "Alt")
            if kind == "string" and value.strip():
                out.append((page_of(x), value))
    except Exception:  # a broken tree: what its alternative texts say is unknown
        out = None
    doc.memo[key] = out
    return out


def alt_hits(doc: Doc, pages: tuple[int, ...], variants: list[str]) -> list[Member]:
    """Doubts: a variant in a figure's alternative text (``alt_sayings``) on one of ``pages``, or on no page the tree
    names (then on the first of them), over the whole page: the text describes what the page shows, in words it does
    not print. A tree that cannot be read is a doubt over the first page."""
    if not pages:
        return []
    said = alt_sayings(doc)
    first = doc.facts.page(pages[0])
    if said is None:
        return [Member(page=pages[0], bbox=(0.0, 0.0, first.width, first.height), what="structure tree", why=ALT_UNREAD_WHY, reader=Reader.structure)]
    out: list[Member] = []
    for page, text in said:
        at = page if page in pages else pages[0] if page is None else None
        if at is None:
            continue
        toks = tokens(text)
        hit = next((v for v in variants if any(h.exact for h in find(v, toks, tolerant=False))), None)
        if hit is not None:
            facts = doc.facts.page(at)
            where = "" if page is not None else " (no page recorded)"
            out.append(Member(page=at, bbox=(0.0, 0.0, facts.width, facts.height), what=f"alternative text{where}: {text[:80]!r} holds {hit!r}",
                              why=ALT_WHY, reader=Reader.structure))
    return out


def status_note(doc: Doc, pages: tuple[int, ...]) -> tuple[str, list[int]]:
    """A reviewer's line saying how each page was searched, and the blind pages."""
    groups: dict[str, list[int]] = {}
    for p in pages:
        groups.setdefault(page_text_status(doc.facts.page(p)), []).append(p)
    label = {"text_layer": "text layer", "ocr_words": "OCR read words", "ocr_none": "OCR ran, no words", "blind": "blind (OCR not run or failed)", "empty": "blank"}
    parts = [f"{label[k]}: {_span(v)}" for k, v in groups.items()]
    return "; ".join(parts), groups.get("blind", [])


def _span(pages: list[int]) -> str:
    if len(pages) > 8:
        return f"{len(pages)} pages p{pages[0]}-p{pages[-1]}"
    return ", ".join(f"p{p}" for p in pages)


def picture_tokens(doc: Doc, index: int) -> list[Token]:
    """Tokens OCR reads inside the pictures of a text-layer page (picture_words.picture_lines, memoised)."""
    key = ("picture_tokens", index)
    if key not in doc.memo:
        lines = picture_words.picture_lines(doc, index)
        toks = [t for line in lines for t in reading(tokens(line.text, line.bbox, split_box=True))]
        # OCR reads a picture line by line: a word hyphenated at a line end ("Quor-" / "vane") is read
        # again with the next line below it joined, fenced after the lines (as the text layer joins it).
        for a, b in _broken_lines(lines):
            toks += [_FENCE, *tokens(f"{a.text}\n{b.text}", union([a.bbox, b.bbox])), _FENCE]
        doc.memo[key] = toks
    return doc.memo[key]


_HYPHEN_END = re.compile(r"[^\W\d_][-‐‑]\s*$")


def _broken_lines(lines: tuple[TextLine, ...]) -> list[tuple[TextLine, TextLine]]:
    """(line ending in a hyphen after a letter, the line right below it that starts with a letter)."""
    out = []
    for a in lines:
        if not _HYPHEN_END.search(a.text):
            continue
        h = a.bbox[3] - a.bbox[1]
        below = [b for b in lines if b is not a and a.bbox[1] < b.bbox[1] and b.bbox[1] - a.bbox[3] < h
                 and b.bbox[0] < a.bbox[2] and b.bbox[2] > a.bbox[0] and b.text[:1].isalpha()]
        if below:
            out.append((a, min(below, key=lambda b: b.bbox[1])))
    return out


def _picture_hits(doc: Doc, index: int, variants: list[str], near_variants: list[str] = ()) -> tuple[list[Member], list[Member]]:  # type: ignore[assignment]
    toks = picture_tokens(doc, index)
    spelt = with_respellings(tuple(variants))
    exact, near = _ocr_hits(index, toks, spelt, variants, near_variants, "OCR of a picture")
    if not exact and not near and toks:
        near = _squeezed_hits(doc, index, spelt, [], _squeezed_lines(picture_words.picture_lines(doc, index)), "OCR of a picture", Reader.ocr)
    if not exact and not near:
        exact, near = _turned_hits(doc, index, spelt, variants, near_variants)
    return exact, ([] if exact else near)


def _turned_hits(doc: Doc, index: int, spelt: list[str], variants: list[str], near_variants: list[str]) -> tuple[list[Member], list[Member]]:
    """Hits in the lettering the page's pictures set at 90 or 270 degrees (picture_words.turned_picture_lines),
    read only where the upright reading found nothing: a name found nowhere else is claimed absent on it."""
    key = ("picture_tokens_turned", index)
    if key not in doc.memo:
        doc.memo[key] = [t for line in picture_words.turned_picture_lines(doc, index) for t in reading(tokens(line.text, line.bbox, split_box=True))]
    return _ocr_hits(index, doc.memo[key], spelt, variants, near_variants, "OCR of a picture read a quarter turn (vertical lettering)")


def _ocr_hits(index: int, toks: list[Token], spelt: list[str], variants: list[str], near_variants: list[str],
              source: str) -> tuple[list[Member], list[Member]]:
    """(exact hits, near hits) of the name in OCR tokens read from pictures (``source`` says how)."""
    exact: list[Member] = []
    near: list[Member] = []
    for v in [*spelt, *near_variants]:
        for h in find(v, toks, tolerant=v in spelt):
            printed = _printed(toks, h)
            # a near variant's exact hit ("FY13", a stem) is a doubt; so is a respelling the page does not print
            sure = h.exact and v in spelt and (v in variants or _same_spelling(printed, variants))
            m = Member(page=index, bbox=union([toks[i].bbox for i in range(h.start, h.end)]),
                       what=f"{source}: {printed!r} {'matches' if sure else 'near'} {v!r}", reader=Reader.ocr,
                       why=None if sure else h.why or "matches only within the edit tolerance, or another form of the name: neither presence nor absence")
            (exact if sure else near).append(m)
    return exact, near


def _source_px_per_pt(doc: Doc, index: int, bbox: BBox) -> float | None:
    """Pixels per point of the picture a line was read from: the coarsest raster image under the
    line's centre (None where no raster lies there: vector lettering is rendered as finely as asked)."""
    from widening.probes.images import densities

    key = ("image_densities", index)
    if key not in doc.memo:
        doc.memo[key] = densities(doc.page(index))
    cx, cy = (bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2
    dens = [d for b, d in doc.memo[key] if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]]
    return min(dens) if dens else None


def _loose(a: str, b: str, coarse: bool) -> bool:
    """``b`` may be OCR's misreading of ``a`` in small type: up to a third of ``a``'s characters (at
    least one; half of them in type too coarse for any letter to be sure, ``coarse``) changed,
    dropped or added. A number is misread as another number, a word as a word: digits are matched
    to readings with digits only. Words of one or two characters are left to exact matching."""
    if len(a) < 3 or not _same_kind(a, b):
        return False
    k = max(1, len(a) // (2 if coarse else 3))
    return abs(len(a) - len(b)) <= k and regex.fullmatch(f"(?:{regex.escape(a)}){{e<={k}}}", b) is not None


def shaky_hits(doc: Doc, index: int, lines: tuple[TextLine, ...], variants: list[str], src: str) -> list[Member]:
    """Doubts for a name OCR may have misread: where lines were read from type under ``ocr_legible_px``
    source pixels tall, and every word of the name (of three characters or more) is there within a
    third of its characters (under ``ocr_coarse_px``: within half of them), on a line with a short
    reading for each shorter word of the name. Below that size OCR
    misreads names past the edit budget ("Blythe" as "Blyhe", "Qzbrant" as "Obrant", and in coarser
    type as "Orbrart": tests/probes/test_name_mentions_pictures.py)."""
    legible, coarse = float(_rules()["ocr_legible_px"]), float(_rules()["ocr_coarse_px"])
    shaky: list[tuple[TextLine, float, list[Token]]] = []
    for line in lines:
        density = _source_px_per_pt(doc, index, line.bbox)
        if density is not None and (px := (line.bbox[3] - line.bbox[1]) * density) < legible:
            shaky.append((line, px, tokens(line.text)))
    out: list[Member] = []
    for v in variants:
        words = [t.norm for t in tokens(v) if len(t.norm) >= 3]
        # A designator of one or two characters ("Recruiter C", "Wave IV") must stand on a line with
        # the words, as a short reading of its kind (a letter for a letter, a digit for a digit).
        short = [t.norm for t in tokens(v) if len(t.norm) < 3]
        usable = [(line, px, toks) for line, px, toks in shaky
                  if all(any(len(u.norm) <= 3 and _same_kind(d, u.norm) for u in toks) for d in short)]
        near = [next(((t, line, px) for line, px, toks in usable for t in toks if _loose(w, t.norm, px < coarse)), None) for w in words]
        if words and all(near):
            t, line, px = near[0]
            out.append(Member(page=index, bbox=line.bbox, what=f"{src}: {t.raw!r} read from text {px:.0f} px tall in its picture, near {v!r}", reader=Reader.ocr,
                              why=f"a reading below {legible:g} px, where OCR misreads letters past the edit budget: it may be the name misread"))
    return out


def _same_kind(a: str, b: str) -> bool:
    return any(c.isdigit() for c in a) == any(c.isdigit() for c in b)


def ocr_near_hits(doc: Doc, index: int, lines: tuple[TextLine, ...], variants: list[str], src: str) -> list[Member]:
    """Doubts in OCR ``lines`` where no variant is read exactly: readings within the edit budget
    ("QaagfIra" for "Qaagflra"), then shaky readings of small type (``shaky_hits``)."""
    toks = [t for line in lines for t in reading(tokens(line.text, line.bbox, split_box=True))]
    out = [Member(page=index, bbox=union([toks[i].bbox for i in range(h.start, h.end)]), what=f"{src}: {_printed(toks, h)!r} near {v!r}",
                  why="matches only within the edit tolerance (OCR noise): neither presence nor absence", reader=Reader.ocr)
           for v in variants for h in find(v, toks) if not h.exact]
    return out + shaky_hits(doc, index, lines, variants, src)


def layer_near_hits(doc: Doc, index: int, text: str, clip: Any) -> list[Member]:
    """Doubts in page ``index``'s text layer inside ``clip`` where ``text`` is not read exactly: words within the
    edit budget. A font's character map may name one glyph wrongly ("KanJaroo" where the page shows
    "Kangaroo"): the layer then misspells what the page prints, and only the near reading is left.

    The layer's words spelling ``text`` letter for letter are doubts too: the caller's reading of the glyphs missed
    them (glyphs set a hair apart taken for one drawn twice), and the words say the page holds the text."""
    from widening.text import char_form

    toks = _page_tokens(doc, index, boxes=True)
    src = _source(doc.facts.page(index))
    out = []
    for h in find(text, toks):
        box = union([toks[i].bbox for i in range(h.start, h.end)])
        if h.exact and centre_in(box, clip) and char_form(_printed(toks, h)) == char_form(text):
            out.append(Member(page=index, bbox=box, what=f"{src}: {_printed(toks, h)!r} spells {text!r}", reader=text_reader(doc.facts.page(index)),
                              why="the layer's words spell the text where its glyphs, read one by one, do not: neither presence nor absence"))
        elif not h.exact and centre_in(box, clip):
            out.append(Member(page=index, bbox=box, what=f"{src}: {_printed(toks, h)!r} near {text!r}", reader=text_reader(doc.facts.page(index)),
                              why="matches only within the edit tolerance (a font's character map may name a glyph wrongly, or the "
                                  "page misspells it): neither presence nor absence"))
    return out


_GLUED_WORDS = ("for", "of", "and", "the", "to", "in", "on", "with", "from")


def slips(variant: str) -> list[str]:
    """Forms a mistyped or inflected name may stand for, searched as doubts: a verb's stem
    ("ANSWERed" -> "answer"), a word with a function word glued on ("Liabilitiesfor" -> "Liabilities")."""
    out: list[str] = []
    words = variant.split()
    for i, w in enumerate(words):
        low = w.lower()
        if not low.isalpha():
            continue
        stems = []
        if len(low) >= 6 and low.endswith("ed"):
            stems += [w[:-2], w[:-1]]
        if len(low) >= 7 and low.endswith("ing"):
            stems += [w[:-3], w[:-3] + "e"]
        stems += [w[: -len(g)] for g in _GLUED_WORDS if low.endswith(g) and len(low) - len(g) >= 4]
        out += [" ".join(words[:i] + [s] + words[i + 1 :]) for s in stems]
    return [v for v in dict.fromkeys(out) if v != variant]


class NameMentionsParams(Params):
    """``variants``: spellings of one mention; ``near_variants``: forms that may denote it (doubts);
    ``year``: a year a printed range may cover; ``pictures``: also read words inside pictures."""

    variants: tuple[str, ...] = ()
    near_variants: tuple[str, ...] = ()
    year: str | None = None
    pictures: bool = False
    qualifier: str | None = None


@probe("name_mentions", params=NameMentionsParams)
def name_mentions(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Members: exact whole-word mentions of any variant; doubts: tolerant-only ones. Blind pages block a zero.

    ``pictures: true``: when the text finds no exact mention, the words inside every picture of
    text-layer pages are read by OCR too (at most ``max_pictures`` distinct ones; more is blind).
    """
    variants = [str(v) for v in params.get("variants", []) if tokens(str(v))]
    if not variants:
        return ProbeResult.cannot("name_mentions", "no name to search for", params=params, pages=scope.pages)
    near_variants = [str(v) for v in params.get("near_variants", []) if tokens(str(v))]
    near_variants += [x for v in variants for x in [*slips(v), *_grouped(v)] if x not in variants and x not in near_variants]
    year = str(params["year"]) if params.get("year") else None
    whole = Scope(scope.pages)  # words are read on whole pages whatever the region: the result says so
    unmeasured, pages = measurable(doc, whole, reads_text=True)
    outside = dict(unmeasured)
    members: list[Member] = []
    doubts: list[Member] = []
    for index in pages:
        if page_text_status(doc.facts.page(index)) in ("blind", "empty"):
            continue
        exact, near = _page_hits(doc, index, variants, near_variants, year)
        # A name the question capitalises, printed only in lower case ("brown bars" for "Mr. Brown"): a doubt.
        cased = params.get("qualifier") == "name"
        doubts += [m for m in exact if cased and m.why == LOWER_CASE_WHY]
        exact = [m.model_copy(update={"why": None}) if m.why == LOWER_CASE_WHY else m for m in exact if not (cased and m.why == LOWER_CASE_WHY)]
        mupdf_only = mupdf_only_boxes(doc.page(index)) if exact else []
        members += [m for m in exact if not in_any(m.bbox, mupdf_only)]
        doubts += [m.model_copy(update={"why": SIGN_WHY}) for m in exact if in_any(m.bbox, mupdf_only)]
        doubts += near
    how, blind = status_note(doc, tuple(pages))
    unmeasured.update({p: doc.facts.page(p).ocr_error or "no OCR text" for p in blind})
    unread: list[str] = []
    if params.get("pictures") and not members:
        pics = picture_words.picture_pages(doc, tuple(pages))
        cap = picture_words.max_pictures()
        if over := picture_words.pictures_over_budget(doc, sorted(pics)):
            unread.append(f"{over} distinct pictures on {len(pics)} text-layer page(s) (more than {cap}) were not read, e.g. p{min(pics)}")
            unmeasured.update({p: f"pictures not read (more than {cap} distinct pictures)" for p in pics})
        else:
            for index in pics:
                try:
                    exact, near = _picture_hits(doc, index, variants, near_variants)
                except Exception as exc:  # a picture that cannot be read may hold the name
                    unread.append(f"pictures on p{index} could not be read ({type(exc).__name__})")
                    unmeasured[index] = f"pictures could not be read ({type(exc).__name__})"
                    continue
                members += exact
                doubts += near
            if pics:
                read = sorted(pics)
                how += (f"; OCR of {sum(len(b) for b in pics.values())} picture(s) on {_span(read)} ({picture_words.distinct_pictures(doc, read)} distinct,"
                        f" {picture_words.distinct_pictures(doc, read, decorations=True)} of them logos or icons)")
    spelt = with_respellings(tuple(variants))
    if not members:
        # Words read from pixels too coarse to read letter for letter: the name may be misread there.
        for index in pages:
            if doc.facts.page(index).text_source == "ocr":
                doubts += shaky_hits(doc, index, doc.facts.page(index).ocr_lines, spelt, "OCR")
        if params.get("pictures") and not unread:
            for index in picture_words.picture_pages(doc, tuple(pages)):
                doubts += shaky_hits(doc, index, picture_words.picture_lines(doc, index), spelt, "OCR of a picture")
    if not members and not doubts:
        doubts += plain_hits(doc, tuple(pages), variants)
    if not members and not doubts:
        doubts += annotation_hits(doc, tuple(pages), spelt)
    if not members and not doubts:
        doubts += appearance_hits(doc, tuple(pages), spelt)
    if not members and not doubts:
        doubts += alt_hits(doc, tuple(pages), spelt)
    if not members and not doubts:
        doubts += actual_text_hits(doc, tuple(pages), spelt)
    if not members and not doubts:
        doubts += hidden_hits(doc, tuple(pages), spelt)
    if not members and not doubts:
        doubts += junction_hits(doc, tuple(pages), spelt)
    if not members and not doubts:
        doubts += page_break_doubts(doc, tuple(pages), spelt)
    if not members and not doubts:
        doubts += below_hits(doc, tuple(pages), spelt)
    if not members:
        doubts += unsaid_hits(doc, tuple(pages), spelt + ([year] if year else []))
    if not members and not doubts:
        doubts += glyph_map_hits(doc, tuple(pages), spelt)
    note = f"searched {len(scope.pages)} page(s) ({how}); {len(members)} exact hit(s), {len(doubts)} near hit(s)"
    if not members and (elsewhere := unprinted_sayings(doc, spelt)):
        note += f"; printed on no page, but named outside the pages in the {'; '.join(elsewhere[:3])}"
    if unmeasured and not members:
        why = [f"p{p}: {r}" for p, r in outside.items()]
        why += [f"{len(blind)} page(s) cannot be searched, e.g. p{blind[0]}: {unmeasured[blind[0]]}"] if blind else []
        note = "; ".join([note, *why, *unread])
    return finish("name_mentions", whole, params, members, unmeasured, note=note, doubts=doubts, explained=True)
