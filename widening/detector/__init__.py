"""Visual detectors: page/region/image views, and the optional CenterNet COCO detector run under Node."""
