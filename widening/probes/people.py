"""Probe ``people``: people and faces in the photographs of a page, a region or its images; optionally who wears sunglasses.

What it does: OpenCV Haar faces (frontal, profile) and bodies (HOG, upper body, CenterNet persons)
on each image in the scope, faces also on the region. CenterNet is the optional detector: without
it small and back-turned people go unseen, so the probe says could-not-measure.
Members: each face inside a body that HOG or CenterNet sees, and each body in which no face was
found. A face whose box exists only with the text layer's letters drawn over the picture (the page
rendered without its text shows no face there) is a non-member. Doubts: a face set aside by the
skin test, or in no such body; an upper-body cascade box no other detector confirms; a CenterNet
person box below the score floor, or found only in a tile at the picture's own scale, that is no
person already counted. With ``attribute`` "sunglasses" (or "glasses"), members are the faces
wearing them; a face cleared by a bright eye band alone (no eye found: mirrored or pale lenses are as
bright) and a person in whom no face was found are doubts.
Why: "the contact person in the picture at the top left of page 42" presupposes a person photo.
Example: a three-women photo in a university brochure: 3 faces, eyes visible on each, 0 sunglasses.
Cannot see: drawn or cartoon people (a flat-coloured picture, a picture under 36 pt, and each figure
drawn in vector paths in the scope, photograph or not, are doubts); faces under ~12 native pixels;
back-turned people (no face). A picture named by its place ("at the top left") is looked at whole; a picture covering all of that place and
well beyond it (a scanned page) is not placed by it, and its finds outside the place are doubts.
So the attribute check says could-not-measure when a person is too small for a face to be
found, when a picture shows people but no face, or when a face is too small or unclear to test.
"""

from __future__ import annotations

from typing import Annotated, Any

from widening.detector import centernet, faces as fd
from widening.detector.views import View, inside, iou, outside_region, text_free, text_touches, unseen_by_photo_detectors, views_for
from widening.facts.document import Doc
from widening.models import Member, ProbeResult, ProbeStatus, Reader
from widening.probes import Scope, Params, one_of, probe
from widening.probes.objects import DEDUP_IOU, UNLISTED_LABEL, UNLISTED_NOTE, by_view, default_min_score, tile_finds, unlisted_views

NAME = "people"
ATTRIBUTES = ("sunglasses", "glasses")
# Images are rendered at 1.5x their native resolution: Haar windows are 24 px, so faces of
# 16+ native pixels become findable (upsampling adds no detail, only findability; 2x
# doubled the run time). Smaller people are reported as too small, never as faceless.
UPSCALE = 1.5
# A face is estimated at this fraction of a body box's height (a standing person's head
# is ~1/8; a seated or half-body box gives more). Lower = more people called too small.
FACE_OF_BODY = 0.12
# Eye tests need this many pixels across the face.
MIN_FACE_FOR_EYES_PX = 40
# Eye band at most this fraction as bright as the cheeks, and dark in absolute terms: lenses.
DARK_RATIO, DARK_MEAN = 0.55, 90.0
# An eye band at least this bright relative to the cheeks has no dark lenses (laughing eyes
# defeat the eye cascade, not this). Bright is not bare: mirrored or pale-tinted lenses are as bright
# as eyes, so a face judged by this alone, with no eye found, is a doubt, never a measured "no".
BRIGHT_RATIO = 0.75
# The cheeks of a face box must be at least this skin-coloured, or the box is not on a face.
MIN_SKIN = 0.3
# Haar detection weight below which a "face" may be the back of a head or a texture.
CONFIDENT_FACE = 10.0
# Body detectors trusted to say "a person is here but too small to show a face". The
# upper-body cascade is left out: its small boxes are mostly furniture.
SIZE_JUDGES = ("HOG pedestrian", "CenterNet person")


class PeopleParams(Params):
    """``attribute``: what the people must show (sunglasses); none for the people themselves."""

    attribute: Annotated[str | None, one_of(*ATTRIBUTES, what="attribute")] = None


@probe(NAME, params=PeopleParams)
def people(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Faces and people in scope; with ``attribute``, only those wearing it (or could-not-measure)."""
    attribute = params.get("attribute")
    base = dict(probe=NAME, pages=scope.pages, region=scope.region, params=params)
    views: list[View] = []
    unlisted: list[Member] = []
    for page_no in scope.pages:
        views.extend(page_views := views_for(doc, page_no, scope.region, scope.in_image, upscale=UPSCALE))
        more, doubts = unlisted_views(doc, page_no, scope.region, page_views, UPSCALE)
        views.extend(more)
        unlisted += doubts
    if not views:
        if unlisted:
            return ProbeResult(members=(), doubts=tuple(unlisted), note="no picture the detectors can look at; " + UNLISTED_NOTE, **base)
        return ProbeResult.cannot(note="no image inside the scope to look at", **base)
    if missing := centernet.unavailable():
        return ProbeResult.cannot(note=f"{missing}; without it people too small for a face, or turned away, go unseen", **base)
    cn_persons, cn_doubtful, cn_scored = _centernet_persons(views)
    seen: list[_Seen] = []
    lettered: list[Member] = []
    for i, view in enumerate(views):
        seen.append(_look(view, cn_persons[i] if cn_persons else []))
        lettered += _letters(doc, seen[-1])
    judged = [m for s in seen for m in s.judged]
    faces = _dedupe([m for s in seen for m, _ in s.faces])
    # A face cascade fires on foliage and walls at any weight, skin-coloured or grey: a face is counted
    # only inside a body that HOG or CenterNet sees; alone it is a candidate.
    face_members = [f for f in faces if any(f.page == b.page and inside(f.bbox, b.bbox) for b in judged)]
    lone_faces = [f.model_copy(update={"why": LONE_FACE_WHY}) for f in faces if f not in face_members]
    body_members = _dedupe([m for s in seen for m in s.bodies])
    lonely_bodies = [b for b in body_members if not any(inside(f.bbox, b.bbox) for f in face_members)]
    detectors = "Haar faces/eyes, HOG + upper-body" + (", CenterNet persons" if cn_persons else "")
    dropped = sum(len(s.discarded) for s in seen)
    summary = (f"{len(face_members)} face(s) ({dropped} cascade box(es) not on skin set aside, {len(lone_faces)} in no body seen, "
               f"{len(lettered)} made of the text layer's letters), {len(body_members)} body box(es), {len(lonely_bodies)} without a face seen; "
               f"detectors: {detectors}")
    # Finds beyond the region in a picture the region does not place (a scanned page) are candidates.
    counted, beyond = outside_region(doc, scope.region, views, [_scored(m, cn_scored) for m in face_members + lonely_bodies])
    controls = tuple(counted)
    # A box set aside by a tuned test (the skin test), or seen by one noisy cascade alone, is a doubt.
    doubts = tuple(_dedupe([m for s in seen for m, _ in s.discarded] + lone_faces + [m for s in seen for m in s.unsure]))
    doubts += tuple(_unexplained(cn_doubtful, face_members + body_members))
    doubts += tuple(m for page_no in scope.pages for m in unseen_by_photo_detectors(doc, page_no, scope.region, views))
    doubts += tuple(beyond) + tuple(unlisted)
    letters = tuple(_dedupe(lettered))
    if attribute is None:
        return ProbeResult(members=controls, doubts=doubts, best_candidates=letters, note=summary, **base)
    res = _attribute(attribute, seen, face_members, controls, summary, base)
    if res.status is not ProbeStatus.measured:
        return res
    wearing, elsewhere = outside_region(doc, scope.region, views, [_scored(m, cn_scored) for m in res.members])
    # A person in whom no face was found may wear the attribute: sunglasses defeat the face cascades
    # (mirrored lenses hid a whole face), and a face is what the attribute is read on.
    faceless = tuple(b.model_copy(update={"why": FACELESS_WHY.format(attribute)}) for b in lonely_bodies)
    return res.model_copy(update={"members": tuple(wearing), "doubts": doubts + res.doubts + faceless + tuple(elsewhere),
                                  "best_candidates": res.best_candidates + letters})


def _scored(m: Member, persons: list[Member]) -> Member:
    """``m`` scored on the one 0..1 scale its detectors share: CenterNet's person probability there.

    A member's score is read against rules/zero_keys.yaml ``contradiction_min_score`` (a probability): a
    Haar face weight (2, 56) or a HOG margin (0.8) is on no such scale, and a face the cascade is sure of
    inside a person box CenterNet gives 0.2 is a tuned find, not proof. So a member scores the best
    whole-picture CenterNet person box around it (holding it, or the same box), 0 where there is none;
    what each detector gave stays in ``what``."""
    best = max((p.score or 0.0 for p in persons if p.page == m.page and (inside(m.bbox, p.bbox) or iou(m.bbox, p.bbox) >= DEDUP_IOU)),
               default=0.0)
    return m.model_copy(update={"score": round(best, 4)})


# The upper-body cascade's boxes are mostly furniture and foliage (a tree in a campus photo gave
# one): a box no other detector overlaps is a candidate, never a counted person.
LONE_BODY_CASCADE = "upperbody"
LONE_BODY_WHY = "upper-body cascade alone (no face, HOG or CenterNet box there): its boxes are often furniture or foliage"
LONE_FACE_WHY = ("face cascade alone: no HOG or CenterNet body around it (the cascades fire on foliage and walls, "
                 "skin-coloured or grey, at any weight)")
FACELESS_WHY = "a person in whom no face was found: whether they wear {} is not seen (lenses can hide a face from the cascades)"
SKIN_WHY = f"skin filter: cheeks under {MIN_SKIN:.0%} skin-coloured (a cascade false alarm, or a face in odd light)"


class _Seen:
    """What one view showed: faces (with their pixel crop) and bodies, and people too small to show a face."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.faces: list[tuple[Member, Any]] = []
        self.bodies: list[Member] = []
        self.tiny: list[Member] = []
        self.discarded: list[tuple[Member, fd.PxBox]] = []
        self.unsure: list[Member] = []  # body boxes only a noisy cascade gives: candidates
        self.judged: list[Member] = []  # bodies HOG or CenterNet see: a face inside one is a person


def _look(view: View, cn: list[tuple[fd.PxBox, float]]) -> _Seen:
    s = _Seen(view)
    colour = fd.is_colour(view.rgb)
    for f in fd.faces(view.rgb):
        m = Member(reader=Reader.detector, page=view.page, bbox=view.to_pdf(*f.box), what=f"face ({f.how} {f.score}) in {view.label}", score=f.score)
        x0, y0, x1, y1 = f.box
        crop = view.rgb[y0:y1, x0:x1]
        # In a colour photo a "face" whose cheeks are not skin is a cascade false alarm
        # (hair, a poster, a loose profile box); in greyscale the test cannot apply.
        if colour and fd.skin_fraction(crop) < MIN_SKIN:
            s.discarded.append((m.model_copy(update={"why": SKIN_WHY}), f.box))
        else:
            s.faces.append((m, crop))
    if view.kind != "image":
        return s  # body detectors fire on text columns; they only run on photographs
    found = fd.bodies(view.rgb) + [fd.Found(b, sc, "CenterNet person") for b, sc in cn]
    face_boxes = [f.bbox for f, _ in s.faces]
    for b in fd.merge(found, 0.5):
        m = Member(reader=Reader.detector, page=view.page, bbox=view.to_pdf(*b.box), what=f"person ({b.how} {b.score}) in {view.label}", score=b.score)
        if b.how == LONE_BODY_CASCADE and not any(f.how != LONE_BODY_CASCADE and fd.box_iou(f.box, b.box) >= 0.3 for f in found):
            s.unsure.append(m.model_copy(update={"why": LONE_BODY_WHY}))
            continue
        s.bodies.append(m)
        if b.how in SIZE_JUDGES:
            s.judged.append(m)
        has_face = any(inside(fb, m.bbox) for fb in face_boxes)
        if not has_face and b.how in SIZE_JUDGES and (b.box[3] - b.box[1]) * FACE_OF_BODY < fd.MIN_FACE_PX:
            s.tiny.append(m)
    return s


def _letters(doc: Doc, s: _Seen) -> list[Member]:
    """Take out of ``s.discarded`` the faces made of the text layer's letters; return them as non-members.

    Certain by construction: the page is rendered again without its text layer (pictures,
    vector art and annotations kept). A box where the two renders differ, and where the same
    detector on the text-free render finds no face touching it, exists only with the letters
    drawn over the picture: letters are not a person. Any overlap with a face found without the
    text keeps it (a real face under a caption), and so does a page whose fonts may draw
    pictures (``text_free`` says None)."""
    if not s.discarded or s.view.label.endswith(UNLISTED_LABEL):
        return []  # a faded picture's view is stretched (objects.unlisted_views): no text-free render matches its pixels
    bare = text_free(doc, s.view.page, s.view)
    if bare is None:
        return []
    bare_faces = [f.box for f in fd.faces(bare)]
    kept, made = [], []
    for m, box in s.discarded:
        if text_touches(s.view.rgb, bare, box) and not any(_touch(box, b) for b in bare_faces):
            why = "made of the text layer's letters: without the text the same detector finds no face there"
            made.append(m.model_copy(update={"why": why}))
        else:
            kept.append((m, box))
    s.discarded = kept
    return made


def _touch(a: fd.PxBox, b: fd.PxBox) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]




def _attribute(attribute: str, seen: list[_Seen], face_members: list[Member], controls: tuple[Member, ...], summary: str, base: dict) -> ProbeResult:
    """Sunglasses per face; refuse when some face, or some person's face, cannot be tested."""
    wearing: list[Member] = []
    problems: list[str] = []
    bright: list[Member] = []
    clear = 0
    kept = {id(m) for m in face_members}
    for s in seen:
        if s.view.kind == "image" and s.bodies and not s.faces:
            problems.append(f"{len(s.bodies)} person box(es) but no face seen in {s.view.label} (back-turned, small or occluded)")
        for m in s.tiny:
            problems.append(f"person too small for a face to be found: {m.what}")
        for m, crop in s.faces:
            if id(m) not in kept:
                continue  # a duplicate of a face kept from another view
            verdict = _sunglasses(crop)
            if verdict == "dark" and (m.score or 0) < CONFIDENT_FACE:
                # A dark band on a weak face box is as likely hair seen from behind as lenses.
                problems.append(f"dark eye band on a weak face box (score {m.score}): hair or sunglasses? {m.what}")
            elif verdict == "dark":
                wearing.append(m.model_copy(update={"what": f"sunglasses: dark eye band on {m.what}"}))
            elif verdict == "eyes":
                clear += 1
            elif verdict == "bright":
                clear += 1
                bright.append(m.model_copy(update={"why": BRIGHT_WHY}))
            else:
                problems.append(f"{verdict}: {m.what}")
    if attribute == "glasses" and not problems and face_members:
        problems.append("clear spectacles cannot be told apart from bare eyes by these detectors")
    note = (f"{summary}; {clear} face(s) with eyes visible" + (f" ({len(bright)} by a bright eye band alone, no eye found)" if bright else "")
            + f", {len(wearing)} with dark lenses")
    if problems and not wearing:
        shown = "; ".join(problems[:6]) + (f"; and {len(problems) - 6} more" if len(problems) > 6 else "")
        return ProbeResult.cannot(note=f"cannot rule out {attribute}: {shown}. {note}", best_candidates=controls, **base)
    if problems:
        note += f"; also {len(problems)} face(s)/person(s) not testable, so the count is a lower bound"
    return ProbeResult(members=tuple(wearing), doubts=tuple(_dedupe(bright)), best_candidates=controls, note=note, **base)


BRIGHT_WHY = (f"eye band at least {BRIGHT_RATIO:.0%} as bright as the cheeks but no eye found: bare eyes, or mirrored or "
              "pale lenses (a brightness test, not an eye seen)")


def _sunglasses(crop: Any) -> str:
    """'dark' (lenses), 'eyes' (open eyes seen), 'bright' (an eye band as bright as bare eyes, no eye seen:
    mirrored or pale lenses are as bright), or why the face cannot be judged."""
    h, w = crop.shape[:2]
    if w < MIN_FACE_FOR_EYES_PX:
        return f"face too small to test the eyes ({w} px < {MIN_FACE_FOR_EYES_PX})"
    ratio, mean = fd.eye_band_ratio(crop)
    if ratio <= DARK_RATIO and mean <= DARK_MEAN:
        return "dark"
    if fd.eyes(crop):
        return "eyes"
    if ratio >= BRIGHT_RATIO:
        return "bright"
    return f"eyes not found and eye band not dark (ratio {ratio:.2f})"


def _centernet_persons(views: list[View]) -> tuple[list[list[tuple[fd.PxBox, float]]], list[Member], list[Member]]:
    """CenterNet person boxes per view at or above the score floor, when the optional detector is
    installed (more recall, never less); the person boxes it sees below the floor, or only in a
    tile at the picture's own scale (``objects.tile_finds``), which are candidates; and every person
    box of the whole-picture pass, with its score (``_scored``)."""
    image_views = [v for v in views if v.kind == "image"]
    if centernet.unavailable() or not image_views:
        return [], [], []
    floor = default_min_score()
    found = centernet.detect(image_views)
    results = iter(found)
    out: list[list[tuple[fd.PxBox, float]]] = []
    below: list[Member] = []
    for v in views:
        if v.kind != "image":
            out.append([])
            continue
        res = next(results)
        h, w = v.rgb.shape[:2]
        sure = []
        for d in res.detections:
            if d.label != "person":
                continue
            px = (int(d.box[0] * w), int(d.box[1] * h), int(d.box[2] * w), int(d.box[3] * h))
            if d.score >= floor:
                sure.append((px, round(d.score, 2)))
            else:
                below.append(Member(reader=Reader.detector, page=v.page, bbox=v.to_pdf(*px), what=f"person {d.score:.2f} in {v.label}", score=round(d.score, 4)))
        out.append(sure)
    sure_members = [Member(reader=Reader.detector, page=v.page, bbox=v.to_pdf(*b), what="", score=sc) for v, bs in zip(views, out) for b, sc in bs]
    return out, below + tile_finds(image_views, found, "person", floor, sure_members), sure_members + below


def _unexplained(candidates: list[Member], people: list[Member]) -> list[Member]:
    """Doubtful person boxes that are no person already counted: none overlapping a counted body
    (DEDUP_IOU) or holding a counted face, grouped one per view."""
    rest = [c for c in candidates
            if all(c.page != p.page or (iou(c.bbox, p.bbox) < DEDUP_IOU and not inside(p.bbox, c.bbox)) for p in people)]
    floor = default_min_score()
    return [
        Member(reader=Reader.detector, page=ms[0].page, bbox=ms[0].bbox, score=ms[0].score, what=f"{len(ms)} person box(es) not counted, best {ms[0].what}",
               why=(f"score filter: {ms[0].score} < min_score {floor}" if (ms[0].score or 0) < floor else
                    "tile pass: read at the picture's own scale, a person too small for the whole-picture pass; "
                    "the score floor was set on whole pictures, so a tile's find is a candidate, not a member"))
        for ms in by_view(rest)
    ]


def _dedupe(members: list[Member]) -> list[Member]:
    kept: list[Member] = []
    for m in members:
        if all(k.page != m.page or iou(k.bbox, m.bbox) < 0.3 for k in kept):
            kept.append(m)
    return kept

