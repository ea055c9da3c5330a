"""Process plumbing: worker pool, memory trimming, atomic writes."""
