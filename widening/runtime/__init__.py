"""Process plumbing: worker pool, memory trimming, forkserver warm-up, atomic writes."""
