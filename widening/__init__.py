"""widening: decide, with an executable emptiness check, when a 'Not answerable' key may be widened."""

import sys

__version__ = "0.1.0"
# Bump when facts or probe semantics change: it keys the on-disk cache (facts3: OCR reads
# one line per recogniser call and tall pictures in bands; facts4: a full-page picture under
# a stamp-only text layer is an image-only page; facts5: captions with any dash or a middle dot
# in their number, folios with a closing period, a /Rotate page read in the frame a reader sees;
# facts6: OCR reads lines set at 90 or 180 degrees; facts7: caption numbers NFKC'd, a caption
# word before a character the layer cannot say, a lone number under "figure" off the margins;
# facts8: folio candidates in the side margins at mid-height; facts9: a second "Figure N:" caption
# on the line of another, as side-by-side figures print them; facts10: captions with "No."/"#" before
# their number, and "Supplementary Figure 3" stored as figure S3; facts11: a scan page is classified without its comments and
# form fields, and folios framed by dots, bullets, bars, angle quotes, hashes or squares are read;
# facts12: an area one render would read at under half the resolution its content needs is read in
# tiles at that resolution, or left blind, never "OCR ran, no words"; facts13: a /Rotate page with a
# CropBox keeps its crop when the rotation is baked in; facts14: list-of-figures entries at a tab stop name
# their figure's page; facts15: a page MuPDF reads only in part (a corrupt or cut content stream) refuses the PDF;
# facts16: a page scanned turned is read in the turn it reads upright, a faint page scan with its contrast stretched,
# list-of-figures entries whose number stands in the list's column at any gap, and "Figure 3. 12-month" is Figure 3;
# facts17: every OCR reading of a faint render is stretched (pictures and margins too), and an image-only page
# showing lines of lettering OCR read no word of, even enlarged, is blind, not a page measured without words;
# captions: "TABLE IV" is table 4 too, "Figure 3 - 2019" figure 3 too, "Fig ure 3" and other languages' words read).
ENGINE_VERSION = "0.1.0-facts19"

# PyMuPDF 2.0 imports its optional layout analyser (an ONNX graph network) and pymupdf4llm
# on import. No probe uses either (Page.get_layout, to_markdown), and loading them costs
# every process ~55 MB and 0.5 s, so they are kept out unless something imported them
# already. A None entry makes the import raise ImportError, which PyMuPDF handles as
# "not installed".
if "pymupdf" not in sys.modules:
    for _optional in ("pymupdf.layout", "pymupdf4llm"):
        sys.modules.setdefault(_optional, None)
