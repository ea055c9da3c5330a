"""The PDF layer: open a document, measure its facts once (pages, folios, captions, OCR), cache them."""
