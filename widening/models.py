"""Typed, immutable data passed between the stages of the engine.

question -> ParsedQuestion -> DocumentFacts -> ProbeResult -> CaseFinding -> Decision.
Every model is frozen: a stage returns new values, it never mutates its inputs.
Page numbers are always 1-based PDF indices inside the engine; adapters convert at
their edge (PyMuPDF is 0-based, pdfplumber 1-based).
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

BBox = tuple[float, float, float, float]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Reading(str, Enum):
    """A way of reading a page number the question gives."""

    pdf = "pdf"  # 1-based index into the file
    label = "label"  # the PDF's /PageLabels
    printed = "printed"  # a folio printed on the page (header/footer, slide number)


class PageKind(str, Enum):
    born_digital = "born_digital"  # real text layer with real fonts
    scanned_ocr = "scanned_ocr"  # full-page image plus an invisible OCR text layer
    image_only = "image_only"  # no text layer: only a raster (slides exported as images)
    empty = "empty"  # nothing drawn at all


# --------------------------------------------------------------------------- corpus


class Row(Frozen):
    """One benchmark row as the samples file gives it (extra upstream fields are ignored)."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    doc_id: str
    question: str
    answer: str
    doc_type: str = ""
    evidence_pages: str = "[]"
    evidence_sources: str = "[]"
    answer_format: str = ""
    index: int = Field(default=-1, description="0-based position in the samples file")


# --------------------------------------------------------------------------- facts


class TextLine(Frozen):
    """A line of text with its box: from OCR where the page (or an image on it) has no text layer."""

    text: str
    bbox: BBox
    score: float | None = None


class FolioCandidate(Frozen):
    """A number that may be the page's printed folio, where it sits, and whether the run test kept it."""

    text: str  # the line or word as printed: "9", "Page 8", "- 12 -"
    value: int
    roman: bool = False
    bbox: BBox
    band: Literal["top", "bottom", "side"]  # side: a side margin at mid-height
    alone: bool = True  # the whole line is the number; False: at the far end of a running head
    explicit: bool = False  # "Page N" / "Slide N"
    accepted: bool = False
    why: str = ""


class PageFacts(Frozen):
    index: int = Field(description="1-based PDF page index")
    width: float
    height: float
    label: str | None = None
    printed: tuple[str, ...] = Field(default=(), description="accepted printed folios: '9', 'iv' (several on a spread)")
    folio_candidates: tuple[FolioCandidate, ...] = Field(default=(), description="every folio candidate, kept or not")
    kind: PageKind
    text: str = ""
    text_source: Literal["layer", "ocr", "none"] = "none"
    ocr_lines: tuple[TextLine, ...] = ()
    ocr_error: str | None = Field(default=None, description="why an image-only page has no OCR text")
    image_count: int = Field(default=0, description="displayed images, inline ones included")
    drawing_count: int = Field(default=0, description="meaningful only when drawings_counted")
    drawings_counted: bool = False


class Caption(Frozen):
    kind: Literal["figure", "table", "chart"]
    number: str  # "10", "1-1", "A"
    page: int
    bbox: BBox
    text: str


class DocumentFacts(Frozen):
    """What is measured once per PDF and cached (keyed by content hash + engine version)."""

    sha256: str
    engine_version: str
    page_count: int
    pages: tuple[PageFacts, ...]
    captions: tuple[Caption, ...] = ()
    repaired: bool = False
    ocr_engine: str | None = None

    def page(self, index: int) -> PageFacts:
        return self.pages[index - 1]


# --------------------------------------------------------------------------- probes


class Reader(str, Enum):
    """What read the thing a member rests on (engine/zeros.py: what OCR read never proves a zero key wrong)."""

    text_layer = "text_layer"  # the PDF's own text layer: the words and glyphs a file stores
    ocr = "ocr"  # words an OCR engine read from pixels: OCR of a page or picture, or a scan's invisible OCR layer
    pixels = "pixels"  # a render of the page: colours, ink, pictures' pixels
    vectors = "vectors"  # the page's drawings: paths, filled and stroked shapes
    structure = "structure"  # the file's objects: pages, placed pictures, links, annotations
    detector = "detector"  # a learned object, person or face detector


def text_reader(page: PageFacts, layer: bool = False) -> Reader:
    """Who read ``page``'s words: OCR where the page's text is OCR lines (``text_source`` "ocr"; with ``layer``
    the words come from the file's text layer itself, never from those lines) or a scan's invisible OCR layer
    (an OCR tool wrote it), else the text layer."""
    if page.kind is PageKind.scanned_ocr or (page.text_source == "ocr" and not layer):
        return Reader.ocr
    return Reader.text_layer


class Member(Frozen):
    """One thing a probe found: where it is and what it is.

    The same type carries a doubt (``why`` says which tuned filter would have excluded it)
    and a closest non-member (``why`` says which certain rule excluded it).
    """

    page: int
    bbox: BBox
    what: str
    reading: Reading | None = None
    score: float | None = None
    why: str | None = None
    reader: Reader | None = Field(default=None, description="what read it (Reader); None: not said, and engine/zeros.py reads it from ``what``")


class ProbeStatus(str, Enum):
    measured = "measured"
    could_not_measure = "could_not_measure"


class ProbeResult(Frozen):
    """The outcome of one probe over one container.

    ``members == []`` with ``status == measured`` is a measured zero. A probe that
    cannot run returns ``could_not_measure`` with a note; it never returns an empty
    list dressed as a zero.
    """

    probe: str
    pages: tuple[int, ...] = ()
    region: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    status: ProbeStatus = ProbeStatus.measured
    members: tuple[Member, ...] = ()
    note: str = ""
    doubts: tuple[Member, ...] = Field(
        default=(),
        description="candidates only a tuned filter (shape, size, score, overlap, decoration) would exclude: "
        "they are neither members nor non-members, and a widening needs none of them",
    )
    best_candidates: tuple[Member, ...] = Field(
        default=(), description="closest non-members, so a reviewer sees how far 'absent' was"
    )

    @property
    def measured_zero(self) -> bool:
        """Measured, no member and no doubt: the only outcome that can licence a widening."""
        return self.status is ProbeStatus.measured and not self.members and not self.doubts

    @classmethod
    def cannot(cls, probe: str, note: str, **kw: Any) -> "ProbeResult":
        return cls(probe=probe, status=ProbeStatus.could_not_measure, note=note, **kw)


# --------------------------------------------------------------------------- questions


class ContainerKind(str, Enum):
    document = "document"
    page = "page"
    page_range = "page_range"
    slide = "slide"
    figure = "figure"
    table = "table"
    chart = "chart"
    cover = "cover"
    last_page = "last_page"
    enumerated_list = "enumerated_list"
    section = "section"  # "in the abstract": a section a heading names (item: its name in rules/vocabulary.yaml sections)


class Container(Frozen):
    """Where the question says to look."""

    kind: ContainerKind = ContainerKind.document
    number: str | None = None  # "9", "Figure 10" -> "10", "Table1-1" -> "1-1"
    first: int | None = None  # page ranges
    last: int | None = None
    region: str | None = None  # "top_left", "bottom", ...
    in_image: bool = False  # "the picture on page 2"
    text: str = ""  # the words the container was read from
    item: str | None = None  # enumerated_list: the item kind (rules/vocabulary.yaml list_items): "faq", "bullet"; section: its name; page_range: "first"/"last" when counted from an end ("the last two pages")
    parent: str | None = None  # enumerated_list: what holds the list: "Figure 1", "safety", "page 5"


class Predicate(Frozen):
    """A value test the question applies to a table column: ``column op value``."""

    column: str
    op: Literal[">", ">=", "<", "<="]
    value: float
    percent: bool = False


class Target(Frozen):
    """What the question asks about inside the container."""

    element: str | None = None  # vocabulary key: text, diagram, chart, image, logo, bar, figure, ...
    styles: tuple[str, ...] = ()  # italic, bold, underline
    # Any one of ``styles`` ("italic or bold words"), not all of them: the union, read unless the
    # question plainly asks for both ("bold italic words", "both bold and italic").
    any_style: bool = False
    colour: str | None = None
    object_class: str | None = None  # detector class: bicycle, person, ...
    person: bool = False  # the question asks about a person/people shown
    attribute: str | None = None  # e.g. sunglasses on a person
    stylised: bool = False  # cartoon / drawing / icon: photo detectors do not apply
    predicate: Predicate | None = None
    pattern: str | None = None  # phone, email: something a text pattern enumerates
    venue: str | None = None  # map key category ("Eating")
    venue_also: tuple[str, ...] = ()  # the venue words the question names (rules/maps.yaml: a café is Eating or Drinking & Nightlife, part of each)
    # A year-like number the question compares with ("more than 2000 sales", "above 2010 levels"): a threshold
    # or a year, the words do not say which.
    compared_year: str | None = None
    between: tuple[str, str] | None = None  # two street labels
    item: str | None = None  # "which <item> does the deck use to show <topic>"
    topic: tuple[str, ...] = ()
    # What is counted or asked for, when it is not the person or object a detector would look for
    # ("how many hot dogs is the boy eating", "what is the job of the person"): that one is only
    # presupposed, and finding it proves nothing about what is asked.
    asked: str | None = None
    # Words that narrow the person or object counted to a kind or state a detector does not see
    # ("children", "being read to", "wearing hats"), or the place to a part of the page the check does
    # not delimit ("in the left column"): its finds are candidates of the broader set.
    narrowed: str | None = None
    # Words whose occurrences are counted ("how many times does the word 'X' appear"): the asked
    # set is where X is printed, not something X presupposes.
    mention: str | None = None
    # What the asked things lack ("pages that have no images", "people without sunglasses"): the
    # target is read from the words before it, and a check of what is lacked cannot empty the set.
    lacks: str | None = None


QualifierKind = Literal["name", "model", "numbered", "level", "year", "year_range", "date", "quoted"]


class Qualifier(Frozen):
    """Something the question presupposes exists: a name, a model or numbered thing, a year, a date, a quoted term."""

    kind: QualifierKind
    text: str
    variants: tuple[str, ...] = Field(default=(), description="spellings that are the same mention ('level 6', 'level six')")
    span: tuple[int, int] | None = Field(default=None, description="character span in ParsedQuestion.text it was read from")
    parts: tuple[str, ...] = Field(
        default=(), description="words that must each occur, and together, for the qualifier to be mentioned "
        "('Wave', 'IV'); empty: the text is one indivisible name")
    depicted: bool = Field(default=False, description="names what a picture shows ('Chinese characters', 'the AWS logo'): "
                           "it may be shown without being printed, so unprinted is a doubt, not absent")


class NamedBox(Frozen):
    """A coloured enclosure the question names as where to read: 'the word written in the green box'."""

    colour: str
    shape: str
    text: str
    span: tuple[int, int]


class ParsedQuestion(Frozen):
    text: str
    quantifier: Literal["how_many", "which", "what", "list", "name_one", "yes_no", "other"] = "other"
    containers: tuple[Container, ...] = ()
    excluded: tuple[Container, ...] = Field(default=(), description="'besides the two companies on page 42'")
    sub_containers: tuple[Container, ...] = Field(
        default=(), description="ordinal items of a list inside the containers: 'the fifth FAQ', 'the fifth subfigure of Figure 1'"
    )
    target: Target = Target()
    complement: str | None = None  # the complement word found: "not", "except", ...
    cardinality: int | None = None  # "another two" -> 2
    qualifiers: tuple[Qualifier, ...] = ()
    boxes: tuple[NamedBox, ...] = Field(default=(), description="coloured enclosures named as where to read: 'the word in the green box'")
    notes: tuple[str, ...] = ()


# --------------------------------------------------------------------------- checks


class CheckSpec(Frozen):
    """An executable emptiness check: which probe, over which container, with which params.

    The same type is derived from a question, pinned in a proposal, or reviewed in checks/.
    """

    probe: str
    container: Container = Container()
    readings: tuple[Reading, ...] = (Reading.pdf, Reading.label, Reading.printed)
    params: dict[str, Any] = Field(default_factory=dict)


class ReviewedSpec(Frozen):
    """A reviewed per-row check in checks/: data, executed like a derived one."""

    doc_id: str
    question: str
    check: CheckSpec
    exact: bool = True
    reviewer_note: str = ""


class ReadingTried(Frozen):
    reading: Reading
    number: str
    pages: tuple[int, ...]  # PDF indices it resolved to; empty when it does not exist
    # Pages that may carry the number (a printed folio the tuned run test rejected): looked at,
    # but they never prove the container exists, and what is found there is a doubt.
    doubtful: bool = False


# --------------------------------------------------------------------------- decisions

Case = Literal["missing_container", "absent_entity", "unbounded_complement", "short_not_empty", "unverifiable"]


class CaseFinding(Frozen):
    case: Case
    reason: str
    evidence: dict[str, Any] = Field(default_factory=dict)


class Decision(Frozen):
    doc_id: str
    question: str
    key: str
    decision: Literal["widen", "keep"]
    case: Case | None
    reason: str
    check: dict[str, Any] = Field(default_factory=dict)
    members: tuple[Member, ...] = ()
    doubts: tuple[Member, ...] = ()
    parsed: ParsedQuestion | None = None
    readings: tuple[ReadingTried, ...] = ()
    probes: tuple[ProbeResult, ...] = ()
    spec_source: Literal["derived", "checks", "proposal"] | None = None
    error: str | None = None
    # Which claim the row's key makes: "Not answerable" (a widening candidate) or a zero key
    # ("0", "none", ...: rules/zero_keys.yaml), whose emptiness the same decision verifies.
    direction: Literal["not_answerable", "zero_key"] = "not_answerable"
    verdict: Literal["confirmed", "contradicted", "unverifiable"] | None = Field(
        default=None, description="zero_key rows only: what the emptiness check says about the key"
    )
