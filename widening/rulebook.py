"""The rule data under rules/, loaded once and validated against one pydantic model per file.

Every key of a rules file is declared here and read by the engine; an unknown or
misspelt key is an error naming the file and the key, never a silently ignored rule.
The repo keeps rules/ and schema/ as top-level folders; setup.py maps them into the
package as ``widening.rules`` and ``widening.schema``, so a wheel, an editable install and
a pre-commit environment all read them with importlib.resources, from any working folder.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

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


class RuleFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Vocabulary(RuleFile):
    """rules/vocabulary.yaml: the words the question parser reads."""

    quantifiers: dict[str, Words]
    page_words: Words
    slide_words: Words
    number_words: dict[str, int]
    ordinal_words: dict[str, int]
    cover_words: Words
    last_page_words: Words
    regions: dict[str, Words]
    image_container_words: Words
    styles: dict[str, Words]
    colours: dict[str, Words]
    elements: dict[str, Words]
    person_attributes: dict[str, Words]
    stylised_words: Words
    raster_only_words: Words
    person_words: Words
    illustration_verbs: Words
    topic_filler: Words
    comparatives: dict[Literal[">", ">=", "<", "<="], Words]
    patterns: dict[str, Words]
    venues: dict[str, Words]


CaseName = Literal["missing_container", "absent_entity", "unbounded_complement", "short_not_empty"]


class CaseDoc(RuleFile):
    doc: str
    example: str
    rule: str = ""  # how the case is decided, where the doc alone does not say
    limits: str = ""  # what the rule cannot see or does not claim


class Combination(RuleFile):
    neighbour_pages: int
    max_anchor_share: float


class AbsentEntityRules(RuleFile):
    """Parameters of the absent_entity rule (widening/engine/cases.py)."""

    together_window: int
    combination: Combination


class Cases(RuleFile):
    """rules/cases.yaml: the four cases, their order and the words their rules read."""

    precedence: list[CaseName]
    cases: dict[CaseName, CaseDoc]
    complement_words: Words
    cardinality_patterns: list[str]
    not_names: Words
    restricting_qualifiers: list[str]
    absent_entity_rules: AbsentEntityRules

    @field_validator("cardinality_patterns")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        for p in patterns:
            try:
                re.compile(p)
            except re.error as exc:
                raise ValueError(f"not a regular expression: {p!r} ({exc})") from exc
        return patterns


class ObjectClass(RuleFile):
    words: Words


class Objects(RuleFile):
    """rules/objects.yaml: question words for each detector class, and the detector's score floor."""

    min_score: float
    classes: dict[str, ObjectClass]


class Maps(RuleFile):
    """rules/maps.yaml: how guidebook maps mark venues and name streets."""

    icon_font_patterns: Words
    venue_words: dict[str, Words]
    street_abbreviations: dict[str, str]
    key_reference: str
    band_tolerance: float
    max_label_angle: float


class MentionItem(RuleFile):
    words: Words
    patterns: list[str] = []
    screenshots: bool = False


class Mentions(RuleFile):
    """rules/mentions.yaml: which kind of item illustrates a topic, and how topic words are matched."""

    items: dict[str, MentionItem]
    stopwords: Words
    suffixes: Words
    min_stem: int
    edits: dict[int, int]
    neighbour_pages: int
    min_image_fraction: float
    names: "NameMatching"


class NameMatching(RuleFile):
    """How name_mentions matches whole words (rules/mentions.yaml, ``names``)."""

    plural_min_letters: int
    edits: dict[int, int]
    max_picture_pages: int


class Qualifiers(RuleFile):
    """rules/qualifiers.yaml: how presupposed qualifiers are read from a question."""

    numbered_heads: Words
    not_heads: Words
    units: Words
    generic_nouns: Words
    months: dict[str, int]
    range_joiners: Words


class TargetProbe(RuleFile):
    field: str
    probe: str
    values: Words | None = None


class ZeroKeys(RuleFile):
    """rules/zero_keys.yaml: the keys that claim an empty set, what a contradiction needs, and twin shapes."""

    zero_forms: list[str]
    function_words: Words
    contradiction_min_score: float
    probe_takes: dict[str, Words]
    target_probes: list[TargetProbe]
    probe_families: dict[str, Words]

    @field_validator("zero_forms")
    @classmethod
    def _forms_compile(cls, patterns: list[str]) -> list[str]:
        for p in patterns:
            try:
                re.compile(p)
            except re.error as exc:
                raise ValueError(f"not a regular expression: {p!r} ({exc})") from exc
        return patterns

    @field_validator("probe_takes")
    @classmethod
    def _target_fields(cls, takes: dict[str, list[str]]) -> dict[str, list[str]]:
        from widening.models import Target

        unknown = sorted({f for fs in takes.values() for f in fs} - set(Target.model_fields))
        if unknown:
            raise ValueError(f"not fields of a parsed target: {unknown}; expected some of {sorted(Target.model_fields)}")
        return takes


MODELS: dict[str, type[RuleFile]] = {
    "vocabulary": Vocabulary, "cases": Cases, "objects": Objects, "maps": Maps, "mentions": Mentions,
    "zero_keys": ZeroKeys, "qualifiers": Qualifiers,
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


def alternation(words: list[str]) -> str:
    """A regex alternation of ``words``, longest first, on word boundaries."""
    escaped = sorted((re.escape(w) for w in words), key=len, reverse=True)
    return r"(?<![\w-])(?:" + "|".join(escaped) + r")(?![\w])"


def find_key(mapping: dict[str, list[str]], text: str) -> tuple[str, str] | None:
    """The first (key, surface form) of ``mapping`` found in ``text``, by position then length."""
    best: tuple[int, int, str, str] | None = None
    for key, words in mapping.items():
        m = re.search(alternation(words), text, re.I)
        if m and (best is None or (m.start(), -len(m.group(0))) < (best[0], best[1])):
            best = (m.start(), -len(m.group(0)), key, m.group(0))
    return None if best is None else (best[2], best[3])


def find_all_keys(mapping: dict[str, list[str]], text: str) -> list[str]:
    """Every key of ``mapping`` with a surface form in ``text``, in order of appearance."""
    hits = []
    for key, words in mapping.items():
        m = re.search(alternation(words), text, re.I)
        if m:
            hits.append((m.start(), key))
    return [k for _, k in sorted(hits)]


def require_all() -> None:
    """Load every rule file now: a broken install stops a command before any document, with exit 2."""
    from widening.errors import WideningError

    for name in MODELS:
        try:
            load(name)
        except RuleDataError as exc:
            raise WideningError("rule_data", (), f"the tool cannot run: {exc}") from exc
