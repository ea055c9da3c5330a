"""The rule data under rules/, loaded once and validated against one pydantic model per file.

Every key of a rules file is declared here and read by the engine; an unknown or
misspelt key is an error naming the file and the key, never a silently ignored rule.
The repo keeps rules/ and schema/ as top-level folders; setup.py maps them into the
package as ``widening.rules`` and ``widening.schema``, so a wheel, an editable install and
a pre-commit environment all read them with importlib.resources, from any working folder.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, NamedTuple

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from widening.text import VOCAB_TOKEN

SOURCE_ROOT = Path(__file__).resolve().parent.parent  # the checkout, when running from one


def packaged(name: str) -> Path:
    """The folder of the packaged data ``widening.<name>`` (``rules`` or ``schema``)."""
    try:
        return Path(str(resources.files(f"widening.{name}")))
    except ModuleNotFoundError:
        # An editable install made before the mapping existed: the checkout's own folder.
        return SOURCE_ROOT / name


RULES_DIR = packaged("rules")
SCHEMA_DIR = packaged("schema")

Words = list[str]


def regular_expressions(patterns: list[str]) -> list[str]:
    """``patterns`` unchanged when every one compiles; else a located error naming the bad one."""
    for p in patterns:
        try:
            re.compile(p)
        except re.error as exc:
            raise ValueError(f"not a regular expression: {p!r} ({exc})") from exc
    return patterns


class RuleFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Fuzzy(RuleFile):
    """Near spellings of vocabulary words: words of ``min_length`` letters or more, within ``edits``."""

    min_length: int
    edits: dict[int, int]


class ListItem(RuleFile):
    """How a question names one item of a list, and what holds the list (widening/engine/lists.py)."""

    words: Words
    parent: Literal["section", "topic", "figure"]
    headings: Words = []
    questions: bool = False


class ListMarks(RuleFile):
    """Marks that open a list item at the start of a line."""

    bullets: Words
    numbered: list[str]
    # Words and signs an item's printed number may follow ("Q4", "Step 5", "No. 5", "#5"): read for the
    # highest number printed, never to count an item.
    number_prefixes: Words = []

    @field_validator("numbered")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        return regular_expressions(patterns)


class NonVisual(RuleFile):
    """Frames in which a person or object word is a statistic's population or a name asked for, not a thing pictured."""

    statistics: Words
    signs: list[str]
    names: Words
    bracket_heads: Words


class MentionCounts(RuleFile):
    """How a question counts a word's occurrences ("how many times does the word 'X' appear")."""

    openers: Words
    auxiliaries: Words
    heads: Words
    verbs: Words
    after: Words


class RelativePages(RuleFile):
    """Words that make a page phrase relative, open or section-bound: the scope becomes the whole document."""

    before: Words
    after: Words
    parts: Words
    window: int


class Lacking(RuleFile):
    words: Words
    verbs: Words


class PlaceJoins(RuleFile):
    """Words joining or comparing a page with another place: the scope is then the whole document."""

    joiners: Words
    comparisons: Words
    into: Words
    whole_places: Words


class CoverSide(RuleFile):
    """What one side of a cover names: the cover (with its number) or the last page; ``unsure``: no cover for sure."""

    place: Literal["cover", "last_page"] | None = None
    number: str | None = None
    unsure: bool = False

    @model_validator(mode="after")
    def _placed(self) -> "CoverSide":
        if self.unsure == (self.place is not None):
            raise ValueError("a cover side has a place or is unsure, not both nor neither")
        return self


class Sections(RuleFile):
    """Sections a question names unnumbered as a place ("in the abstract"): their forms by the name a heading
    is looked for by, the forms that name one only before a section word, and the section words."""

    names: dict[str, Words]
    with_section_word: Words
    section_words: Words


class StylesTogether(RuleFile):
    """How several styles asked at once are joined: the words of the grammar between two style words."""

    both: Words
    predicate_ends: Words
    union: Words
    at_once: Words
    link_places: Words
    link_relatives: Words
    link_verbs: Words
    link_quantifiers: Words
    link_settings: Words
    link_ends: Words


class FontFaces(RuleFile):
    """What a font's name says of its face (italic, bold, a face named, none): regular expressions, each
    compiled alone; the probe joins each list into one alternation and anchors it."""

    italic_words: list[str]
    italic_hyphen_suffixes: list[str]
    italic_camel_suffixes: list[str]
    tex_italics: list[str]
    maybe_italic_suffixes: list[str]
    bold: list[str]
    tex_bolds: list[str]
    face_parts: list[str]
    face_ends: list[str]
    vendor_tails: list[str]
    anonymous_prefixes: list[str]

    @field_validator("*")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        if not patterns:  # an empty alternation would match everywhere
            raise ValueError("an empty list: it would match every name")
        regular_expressions(patterns)
        regular_expressions(["x(?:" + "|".join(patterns) + ")"])  # joined as the probe joins them (no global flag inside)
        return patterns


class Vocabulary(RuleFile):
    """rules/vocabulary.yaml: the words the question parser reads."""

    @field_validator("from_end")
    @classmethod
    def _from_end_compiles(cls, patterns: list[str]) -> list[str]:
        regular_expressions([p.replace("{ordinal}", "first|second") for p in patterns])
        return patterns

    quantifiers: dict[str, Words]
    page_words: Words
    slide_words: Words
    plural_page_words: Words
    page_number_marks: Words = []
    whole_document_words: Words = []
    place_links: Words = []
    number_words: dict[str, int]
    scale_words: dict[str, int]
    ordinal_words: dict[str, int]
    tens_words: dict[str, int]
    tens_ordinals: dict[str, int]
    list_joiners: Words
    place_joins: PlaceJoins
    page_list_followers: Words
    open_range_ends: Words
    cover_sides: dict[str, CoverSide]
    page_word_near_words: Words
    cover_words: Words
    last_page_words: Words
    from_end: list[str]
    place_modifiers: Words
    relative_pages: RelativePages
    regions: dict[str, Words]
    region_places: Words
    sections: Sections
    page_parts: Words
    region_holders: Words
    image_container_words: Words
    supplement_words: Words
    # Caption words of other languages, by the kind they caption ("Abb. 3" is figure 3, "表 2" table 2).
    caption_words: dict[Literal["figure", "chart", "table"], Words]
    styles_together: StylesTogether
    styles: dict[str, Words]
    font_faces: FontFaces  # read by widening/probes/text_style.py
    colours: dict[str, Words]
    unmeasured_colours: Words = []  # colour words no family measures ("navy", "teal"): no colour is measured
    colour_links: Words
    colour_negation_window: int
    lacking: Lacking
    colour_marks: Words
    elements: dict[str, Words]
    person_attributes: dict[str, Words]
    stylised_words: Words
    raster_only_words: Words
    coordinated_things: Words = []
    person_words: Words
    plain_count_words: Words
    illustration_verbs: Words
    topic_filler: Words
    comparatives: dict[Literal[">", ">=", "<", "<="], Words]
    patterns: dict[str, Words]
    pattern_through: dict[str, str] = {}
    exact_patterns: Words = []  # patterns whose members are the asked thing by construction (a complete e-mail address)
    mention_counts: MentionCounts
    venues: dict[str, Words]
    fuzzy: Fuzzy
    list_items: dict[str, ListItem]
    list_marks: ListMarks
    topic_stop: Words
    divider_max_words: int
    non_visual: NonVisual
    thing_followers: Words  # "charts per page": words after a thing word that it does not modify
    other_sense_elements: Words  # "public figures", "brand image": element words with another sense
    sense_openers: Words  # "how many figures", "several figures": words after which they name the graphic
    box_words: Words
    box_words_more: Words  # "the green label"
    box_colour_shades: Words  # "the light green box"
    box_modifiers: Words  # "the green text box"
    box_colour_parts: Words  # "the box with a green border"
    box_mark_participles: Words  # "the word boxed in green"
    box_mark_lines: Words  # "circled in red ink"


CaseName = Literal["missing_container", "absent_entity", "unbounded_complement", "short_not_empty"]


class CaseDoc(RuleFile):
    doc: str
    example: str
    rule: str = ""  # how the case is decided, where the doc alone does not say
    limits: str = ""  # what the rule cannot see or does not claim


class Combination(RuleFile):
    neighbour_pages: int
    claim: bool  # False: "never together" is reported as a doubt that keeps the row, never as absent_entity


class AbsentEntityRules(RuleFile):
    """Parameters of the absent_entity rule (widening/engine/cases.py)."""

    together_window: int
    # A word on the first page or on more than this share of the pages is what the whole
    # document is about: the document may leave it out where it means it.
    subject_share: float
    combination: Combination
    person_titles: Words


class Complement(RuleFile):
    """The two shapes of a complement: an excluding word, or a negated presence."""

    excluding: Words
    negated_places: Words = []  # "not in" right before a named container: sets it aside like "except"
    negations: Words
    auxiliaries: Words
    presence_verbs: Words
    listed_universe: Words = []  # regular expressions: the question lists the universe itself
    mentioned_universe: Words = []  # "the countries mentioned in ... except X": the document's own mentions
    bounding_things: Words = []  # "the chart", "the photo": a thing that holds the rest, named without a number
    source_phrases: Words = []  # "according to Table 2": a named container the answer is read from holds the universe
    holding_verbs: Words = []  # base forms: "does page 2 not contain", "does page 2 describe"
    lacking_verbs: Words = []  # "does the cover lack"
    missing_words: Words = []  # "is page 2 missing", "missing from page 2"
    unsure_presence: Words = []  # a negated participle that may deny presence or state a predicate ("not given")
    postposed_aside: Words = []  # "Acme aside, how many ...": a part set aside after its noun
    aside_prefixes: Words = []  # "non-Acme words": a part set aside by a prefix
    circumstance_openers: Words = []  # "If the printer does not respond, ...": a negation there is no complement
    locating_words: Words = []  # "... not shown on page 2 are on page 3", "... but on page 3": a named container holds the universe
    sequence_words: Words = []  # "images that do not appear until page 3": when things first appear, no complement

    @field_validator("listed_universe")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        regular_expressions(patterns)
        return patterns


class ShortNotEmptyRules(RuleFile):
    """Words by which a question relates the asked things across the places it names (regular expressions)."""

    across_places: list[str] = []  # "also on page 3", "on both", "shared by": with two places or more
    every_place: list[str] = []  # "on every page": a relation across all the places

    @field_validator("across_places", "every_place")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        regular_expressions(patterns)
        return patterns


class Cases(RuleFile):
    """rules/cases.yaml: the four cases, their order and the words their rules read."""

    precedence: list[CaseName]
    cases: dict[CaseName, CaseDoc]
    complement: Complement
    cardinality_patterns: list[str]
    not_names: Words
    name_particles: Words = []
    role_titles: Words = []  # a role's title ("CEO", "President"): no part of a name
    restricting_qualifiers: list[str]
    absent_entity_rules: AbsentEntityRules
    short_not_empty_rules: ShortNotEmptyRules = ShortNotEmptyRules()

    @field_validator("cardinality_patterns")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        return regular_expressions(patterns)


class ObjectClass(RuleFile):
    words: Words
    # Words of ``words`` that name a kind of the class the detector does not tell apart.
    kinds: Words = []

    @model_validator(mode="after")
    def _kinds_are_words(self) -> "ObjectClass":
        if stray := [k for k in self.kinds if k not in self.words]:
            raise ValueError(f"kinds {stray} are not among the class's words")
        return self
    # A word with another common sense ("train" a model) names the object only where the
    # question matches this pattern (case-insensitive): the word used as a noun for a thing.
    noun_context: str | None = None

    @field_validator("noun_context")
    @classmethod
    def _compiles(cls, pattern: str | None) -> str | None:
        return None if pattern is None else regular_expressions([pattern])[0]


class Objects(RuleFile):
    """rules/objects.yaml: question words for each detector class, and the detector's score floor."""

    min_score: float
    classes: dict[str, ObjectClass]
    compounds: Words = []


class Maps(RuleFile):
    """rules/maps.yaml: how guidebook maps mark venues and name streets."""

    icon_font_patterns: Words
    venue_words: dict[str, Words]
    venue_kinds: dict[str, dict[str, Words]] = {}  # kind -> {"words": [...], "unless": [...]}
    street_abbreviations: dict[str, str]
    street_numbers: dict[str, str]
    key_reference: str
    band_tolerance: float
    max_label_angle: float


class MentionItem(RuleFile):
    words: Words
    patterns: list[str] = []
    doubt_patterns: list[str] = []  # a line that may reference the item: a doubt, never a member
    hosts: bool = False  # a dotted host name printed bare references the item (a web address)
    screenshots: bool = False

    @field_validator("patterns", "doubt_patterns")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        return regular_expressions(patterns)


class Mentions(RuleFile):
    """rules/mentions.yaml: which kind of item illustrates a topic, and how topic words are matched."""

    items: dict[str, MentionItem]
    stopwords: Words
    suffixes: Words
    min_stem: int
    edits: dict[int, int]
    neighbour_pages: int
    min_image_fraction: float
    played_doubt_patterns: list[str] = []
    tlds: Words
    names: "NameMatching"


class YearPart(RuleFile):
    """A part of a year (rules/mentions.yaml ``names.year_parts``): how many there are and the words for one."""

    count: int = Field(gt=0)
    words: Words


class YearPrefix(RuleFile):
    """Letters that mark a number as a year (rules/mentions.yaml ``names.year_prefixes``); ``spans``: a year across two
    calendar years (fiscal, academic, school), named by its end or its start."""

    spans: bool


class NameMatching(RuleFile):
    """How name_mentions matches whole words (rules/mentions.yaml, ``names``)."""

    plural_min_letters: int
    edits: dict[int, int]
    max_pictures: int
    vowel_slip_min_letters: int
    ocr_legible_px: float = Field(gt=0)
    ocr_coarse_px: float = Field(gt=0)
    transliterations: dict[str, str]
    look_alikes: dict[str, str]
    year_ranges: "YearRanges"
    derived: "DerivedWords"
    year_parts: dict[str, "YearPart"] = {}
    year_prefixes: dict[str, "YearPrefix"]
    estimate_letters: list[str]

    @field_validator("year_prefixes")
    @classmethod
    def _prefix_letters(cls, table: dict[str, "YearPrefix"]) -> dict[str, "YearPrefix"]:
        bad = [k for k in table if not (k.isascii() and k.isalpha() and 1 <= len(k) <= 3)]
        if bad:
            raise ValueError(f"a year prefix must be one to three Latin letters: {bad}")
        return table

    @field_validator("estimate_letters")
    @classmethod
    def _estimate_letters(cls, letters: list[str]) -> list[str]:
        bad = [k for k in letters if not (len(k) == 1 and k.isascii() and k.isalpha())]
        if bad:
            raise ValueError(f"an estimate letter must be one Latin letter: {bad}")
        return letters

    @field_validator("look_alikes")
    @classmethod
    def _look_alike_letters(cls, table: dict[str, str]) -> dict[str, str]:
        import unicodedata

        # One letter of another script for one Latin letter: text.look_alike keeps a word's length.
        bad = [k for k, v in table.items() if len(k) != 1 or not k.isalpha() or unicodedata.name(k, "").startswith("LATIN ")
               or len(v) != 1 or not (v.isascii() and v.isalpha())]
        if bad:
            raise ValueError(f"a key must be one letter of a script other than Latin and its value one Latin letter: {bad}")
        return table

    @field_validator("transliterations")
    @classmethod
    def _letters(cls, table: dict[str, str]) -> dict[str, str]:
        bad = [k for k, v in table.items() if len(k) != 1 or len(v) < 2]
        if bad:
            raise ValueError(f"a key must be one letter and its value several: {bad}")
        return table


class DerivedWords(RuleFile):
    """A word printed with another ending (rules/mentions.yaml, ``names.derived``)."""

    min_stem: int = Field(ge=3)
    endings: Words


class YearRanges(RuleFile):
    """Printed periods that cover a year (rules/mentions.yaml, ``names.year_ranges``)."""

    marks: Words
    words: Words
    pairs: dict[str, Words]
    open_ends: Words
    open_starts: Words
    open_after: Words
    max_span: int = Field(gt=0)


class AnswerFormat(RuleFile):
    """Where a question only shows the answer's form (rules/qualifiers.yaml answer_format)."""

    to_sentence_end: Words
    instructions: Words = []  # only where they open a sentence or clause ("Answer in Float format.")
    before_example: Words
    quoted_answers: Words


class Qualifiers(RuleFile):
    """rules/qualifiers.yaml: how presupposed qualifiers are read from a question."""

    numbered_heads: Words
    version_heads: Words
    not_heads: Words
    units: Words
    generic_nouns: Words
    designators: Words
    aliases: list[Words]
    months: dict[str, int]
    range_joiners: Words
    name_joiners: Words
    name_joiners_either_way: Words
    frame_words: Words
    answer_format: AnswerFormat
    measure_words: Words
    structure_heads: Words
    position_heads: Words
    fiscal_year_prefixes: Words
    function_words: Words
    options_lists: Words
    depiction_nouns: Words
    honorifics: Words  # titles before a name ("Mr. Brown"): the word after one is a name
    cased_units: Words  # units cased inside the word ("kWh", "dB"): no name
    name_openers: Words  # "St.", "Mt.": their period ends no sentence


class TargetProbe(RuleFile):
    field: str
    probe: str
    values: Words | None = None


class ZeroKeys(RuleFile):
    """rules/zero_keys.yaml: the keys that claim an empty set, what a contradiction needs, and twin shapes."""

    zero_forms: list[str]
    function_words: Words
    contradiction_min_score: float
    ocr_keeps_shape: Words = []
    probe_takes: dict[str, Words]
    target_probes: list[TargetProbe]
    probe_families: dict[str, Words]

    @field_validator("zero_forms")
    @classmethod
    def _forms_compile(cls, patterns: list[str]) -> list[str]:
        return regular_expressions(patterns)

    @field_validator("probe_takes")
    @classmethod
    def _target_fields(cls, takes: dict[str, list[str]]) -> dict[str, list[str]]:
        from widening.models import Target

        unknown = sorted({f for fs in takes.values() for f in fs} - set(Target.model_fields))
        if unknown:
            raise ValueError(f"not fields of a parsed target: {unknown}; expected some of {sorted(Target.model_fields)}")
        return takes


class Labels(RuleFile):
    """rules/labels.yaml: words that say a printed value may be another kind of value (a doubt, never a drop)."""

    aggregate_rows: Words
    other_quantity: Words
    phone_cues: Words
    other_codes: Words
    # What a blank sheet says, its whole body text ("This page intentionally left blank", "Notes"): plain words,
    # matched case-folded with punctuation and digits set aside (widening/facts/readings.blank_phrase).
    blank_sheet_phrases: Words = []

    @field_validator("phone_cues", "other_codes")
    @classmethod
    def _compile(cls, patterns: list[str]) -> list[str]:
        return regular_expressions(patterns)


class HeaderScale(RuleFile):
    """A scale a column header states: its whole ``words``, letters ``after_money`` ("$m"), other ``patterns``."""

    factor: float
    words: Words = []
    after_money: Words = []
    patterns: Words = []

    @field_validator("patterns")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        return regular_expressions(patterns)


class RateUnit(RuleFile):
    """A rate in another unit than percent ("\u2030", "bps"): its name, the factor to percent, its ``patterns``."""

    name: str
    factor: float
    patterns: Words

    @field_validator("patterns")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        return regular_expressions(patterns)


Comparison = Literal["<", "<=", ">", ">="]


class Numbers(RuleFile):
    """rules/numbers.yaml: how tables print the scale, unit and bounds of their numbers."""

    bounds_before: dict[str, Comparison]
    bounds_after: dict[str, Comparison]
    money_symbols: Words
    money_codes: Words
    header_scales: list[HeaderScale]
    cell_scales: dict[str, float]
    rate_units: list[RateUnit]
    percent_marks: Words
    fraction_headers: Words
    big_number_words: dict[str, int]

    @field_validator("percent_marks", "fraction_headers")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        return regular_expressions(patterns)

    @field_validator("money_symbols")
    @classmethod
    def _one_character(cls, symbols: list[str]) -> list[str]:
        if bad := [s for s in symbols if len(s) != 1]:
            raise ValueError(f"a currency symbol is one character: {bad}")
        return symbols


MODELS: dict[str, type[RuleFile]] = {
    "vocabulary": Vocabulary, "cases": Cases, "objects": Objects, "maps": Maps, "mentions": Mentions,
    "zero_keys": ZeroKeys, "qualifiers": Qualifiers, "labels": Labels, "numbers": Numbers,
}


class RuleDataError(RuntimeError):
    """Rule data that is missing or malformed: the tool cannot run (never a finding about a row)."""


def validate(name: str, data: Any, path: Path | str) -> dict[str, Any]:
    """``data`` checked against the model of ``rules/<name>.yaml``; errors name the file and the key."""
    if not isinstance(data, dict):
        raise RuleDataError(f"{path}: expected a mapping at the top level")
    model = MODELS.get(name)
    if model is None:
        raise RuleDataError(f"{path}: no rule file named {name!r}; known: {', '.join(MODELS)}")
    try:
        model.model_validate(data)
    except ValidationError as exc:
        where = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5])
        raise RuleDataError(f"{path}: {where}") from exc
    return data


@cache
def load(name: str) -> dict[str, Any]:
    """Read and validate ``rules/<name>.yaml``; a missing or malformed file names itself in the error."""
    path = RULES_DIR / f"{name}.yaml"
    if not RULES_DIR.is_dir():
        raise RuleDataError(f"{path}: rule data not installed (no folder {RULES_DIR}); reinstall widening: the wheel carries it")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise RuleDataError(f"{path}: cannot read rule data: {exc}") from exc
    return validate(name, data, path)


def alternation(words: list[str], after_hyphen: bool = False) -> str:
    """A regex alternation of ``words``, longest first, on word boundaries; ``after_hyphen`` lets a word
    follow a hyphen ("lime-green"), which by default ends a match ("non-red" is no "red")."""
    if not words:  # an empty group would match everywhere: an alternation of nothing matches nothing
        return r"(?!)"
    escaped = sorted((re.escape(w) for w in words), key=len, reverse=True)
    return (r"(?<!\w)" if after_hyphen else r"(?<![\w-])") + "(?:" + "|".join(escaped) + r")(?![\w])"


class Hit(NamedTuple):
    """Where a vocabulary word was found; ``exact`` is False for a near spelling."""

    start: int
    end: int
    text: str
    word: str
    exact: bool


@cache
def _fuzzy_rules() -> tuple[int, tuple[tuple[int, int], ...]]:
    spec = load("vocabulary").get("fuzzy", {})
    edits = tuple(sorted((int(n), int(e)) for n, e in spec.get("edits", {}).items()))
    return int(spec.get("min_length", 0) or 10**6), edits


def _indel(a: str, b: str) -> int:
    """Insertions plus deletions turning ``a`` into ``b`` (a substitution counts two)."""
    prev = [0] * (len(b) + 1)
    for ca in a:
        cur = [0]
        for j, cb in enumerate(b):
            cur.append(prev[j] + 1 if ca == cb else max(prev[j + 1], cur[j]))
        prev = cur
    return len(a) + len(b) - 2 * prev[-1]


def _plural(a: str, b: str) -> bool:
    """``b`` is ``a`` with a plural ending (a word already ending in "s" takes no extra "s")."""
    return not a.endswith("s") and b in (a + "s", a + "es")


@cache
def near(word: str, token: str) -> bool:
    """``token`` is a misspelling of the vocabulary ``word``: both alphabetic, ``word`` long
    enough (rules/vocabulary.yaml ``fuzzy``), within its edit budget. Never for short words or numbers."""
    word, token = word.lower(), token.lower()
    # A slip rarely hits the first letter, and "range" is not a misspelt "orange".
    if word == token or not (word.isalpha() and token.isalpha()) or word[0] != token[0]:
        return False
    min_length, edits = _fuzzy_rules()
    if len(word) < min_length:
        return False
    # A plural ending is another word ("oranges" are fruit), not a slip: vocabularies list their plurals.
    if _plural(word, token) or _plural(token, word):
        return False
    budget = max((e for n, e in edits if len(word) >= n), default=0)
    if budget >= 1 and _swapped(word, token):
        return True  # one slip of the fingers: "pictrues", "tabels"
    return abs(len(word) - len(token)) <= budget and _indel(word, token) <= budget


def _swapped(a: str, b: str) -> bool:
    """``b`` is ``a`` with two neighbouring letters swapped ("pictrues" for "pictures"): one edit, where
    insertions and deletions count it two."""
    if len(a) != len(b):
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


@lru_cache(maxsize=64)
def _vocab_tokens(text: str) -> tuple[tuple[int, int, str, bool], ...]:
    # A capitalised word after the first is a name ("TRUCS" is not "trucks"): matched only as spelt.
    return tuple((m.start(), m.end(), m.group(0).lower(), m.group(0).islower() or m.start() == 0) for m in VOCAB_TOKEN.finditer(text))


def _fuzzy(words: list[str], text: str) -> Hit | None:
    toks = _vocab_tokens(text)  # one text is searched for every vocabulary key in turn
    best: Hit | None = None
    for w in sorted(words, key=len, reverse=True):
        parts = VOCAB_TOKEN.findall(w.lower())
        n = len(parts)
        if not n:
            continue  # no word: nothing to misspell
        lead = parts[0][0]
        for i in range(len(toks) - n + 1):
            if toks[i][2][0] != lead:
                continue  # the first word as spelt or near (same first letter, see near()): nothing else can match
            window = toks[i : i + n]
            # At least one word is a near spelling: words as spelt are the exact pass's business.
            if all(p == t[2] or (t[3] and near(p, t[2])) for p, t in zip(parts, window)) and any(p != t[2] for p, t in zip(parts, window)):
                hit = Hit(window[0][0], window[-1][1], text[window[0][0] : window[-1][1]], w, False)
                if best is None or (hit.start, -(hit.end - hit.start)) < (best.start, -(best.end - best.start)):
                    best = hit
                break
    return best


def search(words: list[str], text: str) -> Hit | None:
    """The first of ``words`` in ``text`` on word boundaries, case-insensitive; when none is
    there as spelt, the first near spelling of a long word (a doubled letter in "glasses")."""
    m = re.search(alternation(words), text, re.I)
    if m:
        return Hit(m.start(), m.end(), m.group(0), m.group(0).lower(), True)
    return _fuzzy(words, text)


def find_all(words: list[str], text: str) -> list[Hit]:
    """Every occurrence of ``words`` in ``text``: as spelt, then near spellings elsewhere, in order."""
    hits = [Hit(m.start(), m.end(), m.group(0), m.group(0).lower(), True) for m in re.finditer(alternation(words), text, re.I)]
    rest = text
    while (h := _fuzzy(words, rest)) is not None:
        if all(h.end <= x.start or h.start >= x.end for x in hits):
            hits.append(h)
        rest = rest[: h.start] + " " * (h.end - h.start) + rest[h.end :]  # blank it, keep offsets
    return sorted(hits, key=lambda x: x.start)


def member(token: str, words: list[str] | set[str]) -> bool:
    """``token`` is one of ``words``, as spelt or as a near spelling of a long one."""
    t = token.lower()
    return t in words or any(near(w, t) for w in words)


def find_key(mapping: dict[str, list[str]], text: str) -> tuple[str, str] | None:
    """The first (key, surface form) of ``mapping`` found in ``text``, by position then length."""
    best: tuple[int, int, str, str] | None = None
    for key, words in mapping.items():
        m = search(words, text)
        if m and (best is None or (m.start, -len(m.text)) < (best[0], best[1])):
            best = (m.start, -len(m.text), key, m.text)
    return None if best is None else (best[2], best[3])


def find_all_keys(mapping: dict[str, list[str]], text: str) -> list[str]:
    """Every key of ``mapping`` with a surface form in ``text``, in order of appearance."""
    hits = []
    for key, words in mapping.items():
        m = search(words, text)
        if m:
            hits.append((m.start, key))
    return [k for _, k in sorted(hits)]


def require_all() -> None:
    """Load every rule file now: a broken install stops a command before any document, with exit 2."""
    from widening.errors import WideningError

    for name in MODELS:
        try:
            load(name)
        except RuleDataError as exc:
            raise WideningError("rule_data", (), f"the tool cannot run: {exc}") from exc
